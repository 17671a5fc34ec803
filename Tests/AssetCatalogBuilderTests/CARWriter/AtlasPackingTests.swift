import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Packed atlases as the compile writes them (docs/CAR-FORMAT.md, "Packed atlases"): which images go in, how the
/// atlases are keyed, named and laid out, and that every packed image reads back pixel-exact through the reader.
@Suite("Packing small images into atlases")
struct AtlasPackingTests {
    /// A PNG of `width` × `height` whose pixels depend on `seed`: colour (with some translucent pixels) or grey.
    static func png(width: Int, height: Int, seed: Int, grey: Bool = false) throws -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt8(truncatingIfNeeded: x * 7 + y * 13 + seed * 31)
                let alpha: UInt8 = (x + y + seed) % 5 == 0 ? 128 : 255
                if grey {
                    pixels += [value, value, value, alpha]
                } else {
                    pixels += [value, UInt8(truncatingIfNeeded: y * 5 + seed), UInt8(truncatingIfNeeded: x * 3), alpha]
                }
            }
        }
        return try PNGCodec.encodeRGBA8(DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels))
    }

    /// Image sets `Colour0…`, `Grey0…` at 1x and 2x, a 128-pixel image (packed), a 217-pixel one (one more than the
    /// largest packed) and a 240 × 100 one (not packed), and a template image.
    static func fixture(colour: Int = 3, grey: Int = 2) throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        func set(_ name: String, sides: [(Int, Int)], grey: Bool, properties: String? = nil) throws {
            var entries: [(file: String?, json: String)] = []
            for (number, side) in sides.enumerated() {
                let file = "\(name)@\(number + 1)x.png"
                try fixture.write("\(name).imageset/\(file)", try png(width: side.0, height: side.1, seed: name.utf8.count * 3 + number, grey: grey))
                entries.append((file, "\"idiom\":\"universal\",\"scale\":\"\(number + 1)x\""))
            }
            try fixture.imageset(name, entries, properties: properties)
        }
        for number in 0..<colour { try set("Colour\(number)", sides: [(20 + number, 16), (40 + 2 * number, 32)], grey: false) }
        for number in 0..<grey { try set("Grey\(number)", sides: [(21, 16), (42, 32)], grey: true) }
        try set("Largest", sides: [(128, 128)], grey: false)
        try set("TooWide", sides: [(CARCompiler.largestPackedSide + 1, 10)], grey: false)
        try set("Banner", sides: [(240, 100)], grey: false)
        try set("Template", sides: [(24, 24)], grey: true, properties: #"{"template-rendering-intent":"template"}"#)
        return fixture
    }

    static func compile(_ index: CatalogIndex, _ platform: CompilePlatform = .macosx, target: String = "10.14", jobs: Int? = nil) throws -> (bytes: [UInt8], car: CARFile) {
        let options = CompileOptions(platform: platform, minimumDeploymentTarget: target, jobs: jobs, toolVersion: "test")
        let bytes = try CARCompiler(options: options).compile(index).car
        return (bytes, try CARFile(bytes: bytes))
    }

    /// Checks that each of the renditions `numbers` (references, named `<set>@<n>x.png`) decodes to its source PNG's
    /// premultiplied pixels exactly; returns how many were checked.
    @discardableResult
    static func expectPixelExact(_ car: CARFile, _ numbers: [Int], root: String) throws -> Int {
        let decoder = CARDecoder(file: car)
        var checked = 0
        for number in numbers {
            let name = car.renditions[number].name
            let set = String(name.prefix { $0 != "@" })
            let source = try PNGCodec.decodeRGBA8(Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(set).imageset/\(name)"))), premultiplied: true)
            guard case .image(let image) = try decoder.decode(number) else {
                Issue.record("\(name) decodes to no image")
                continue
            }
            #expect(image.width == source.width && image.height == source.height, "\(name)")
            #expect(image.pixels == source.pixels, "\(name) is cropped pixel-exact")
            checked += 1
        }
        return checked
    }

    @Test func imagesOfAtMost216PixelsAreReferencesAndLargerOnesAreStoredOnTheirOwn() throws {
        let fixture = try Self.fixture()
        let car = try Self.compile(fixture.read()).car
        var layouts: [String: UInt16] = [:]
        for rendition in car.renditions { layouts[rendition.name] = rendition.layout }
        for name in ["Colour0@1x.png", "Colour2@2x.png", "Grey1@2x.png", "Largest@1x.png", "Template@1x.png"] {
            #expect(layouts[name] == 1003, "\(name) is packed")
        }
        #expect(layouts["TooWide@1x.png"] == 12)
        #expect(layouts["Banner@1x.png"] == 12)
        // Per scale one colour atlas and one grey atlas (the template image is grey).
        let atlases = car.renditions.filter { $0.layout == 1004 }
        #expect(Set(atlases.map { "\($0.name) \($0.key[.dimension1])" }) == [
            "ZZZZPackedAsset-1.0.0-gamut0 0", "ZZZZPackedAsset-1.0.1-gamut0 1", "ZZZZPackedAsset-2.0.0-gamut0 0", "ZZZZPackedAsset-2.0.1-gamut0 1",
        ])
        #expect(atlases.allSatisfy { $0.key[.element] == 9 && $0.key[.part] == 181 && $0.key[.identifier] == 0 && $0.flags == 0 })
        #expect(atlases.allSatisfy { $0.infoTags.map(\.tag) == [1001, 1004, 1006, 1007] })
        // No BITMAPKEYS entry and no facet for an atlas.
        #expect(car.bitmapKeys.count == car.facets.count)
        #expect(car.keyFormat.contains(.dimension1))
    }

    @Test func everyPackedImageReadsBackPixelExactFromItsAtlas() throws {
        let fixture = try Self.fixture()
        let car = try Self.compile(fixture.read()).car
        let checked = try Self.expectPixelExact(car, car.renditions.indices.filter { car.renditions[$0].layout == 1003 }, root: fixture.root)
        #expect(checked == 3 * 2 + 2 * 2 + 2)
    }

    @Test func referencesGiveTheirFrameFromTheAtlasBottomAndTheAtlasKeyInKeyFormatOrder() throws {
        let fixture = try Self.fixture(colour: 1, grey: 0)
        let car = try Self.compile(fixture.read()).car
        let atlas = try #require(car.renditions.first { $0.name == "ZZZZPackedAsset-1.0.0-gamut0" })
        let references = car.renditions.filter { $0.layout == 1003 && $0.key[.scale] == 1 }
        // The 1x colour atlas: Largest (128 × 128, first: the largest side) and Colour0 (20 × 16).
        let largest = try #require(car.renditions.first { $0.name == "Largest@1x.png" }?.internalReference)
        #expect((largest.x, largest.y, largest.width, largest.height) == (2, 2, 128, 128))
        let colour = try #require(car.renditions.first { $0.name == "Colour0@1x.png" }?.internalReference)
        let layout = AtlasLayout([.init(width: 128, height: 128, identifier: 1), .init(width: 20, height: 16, identifier: 2)])
        #expect((atlas.width, atlas.height) == (layout.width, layout.height))
        #expect((colour.x, colour.y, colour.width, colour.height) == (layout.frames[1].x, layout.frames[1].y, 20, 16))
        // The link lists the atlas key's attributes in key-format order: element 9, part 181, scale 1.
        #expect(colour.atlasKey.map(\.attribute) == [1, 2, 12] && colour.atlasKey.map(\.value) == [9, 181, 1])
        for reference in references where reference.name.hasPrefix("Colour") || reference.name.hasPrefix("Largest") {
            #expect(reference.infoTags.map(\.tag) == [1001, 1003, 1010, 1004, 1006])
            #expect(reference.pixelFormat == atlas.pixelFormat)
            #expect(reference.flags == 16)
        }
        #expect(car.renditions.first { $0.name == "Template@1x.png" }?.flags == 8)
    }

    @Test func targetsBeforeLZFSEPackNothing() throws {
        let fixture = try Self.fixture(colour: 1, grey: 1)
        let old = try Self.compile(fixture.read(), .iphoneos, target: "8.0").car
        #expect(!old.renditions.contains { $0.layout == 1003 || $0.layout == 1004 })
        let new = try Self.compile(fixture.read(), .iphoneos, target: "17.0").car
        #expect(new.renditions.contains { $0.layout == 1004 })
        // deepmap2 atlases on a 2019 target read back exactly too.
        let packed = new.renditions.indices.filter { new.renditions[$0].layout == 1003 }
        #expect(try Self.expectPixelExact(new, packed, root: fixture.root) == packed.count)
    }

    /// SwiftUITestProject1's iOS 17 cars (Xcode 15): the atlases of its iPhone app icons are LZFSE, as app icons are,
    /// beside deepmap2 atlases of its images.
    @Test func anAtlasOfAppIconsIsLZFSEBesideDeepmap2OnesOfImages() throws {
        let fixture = try Self.fixture(colour: 2, grey: 0)
        var entries: [String] = []
        for (points, scale) in [(20, 2), (29, 2), (40, 2), (60, 2), (20, 3), (29, 3), (40, 3), (60, 3)] {
            let file = "icon\(points)@\(scale)x.png"
            try fixture.write("AppIcon.appiconset/\(file)", try Self.png(width: points * scale, height: points * scale, seed: points + scale))
            entries.append(#"{"filename":"\#(file)","idiom":"iphone","scale":"\#(scale)x","size":"\#(points)x\#(points)"}"#)
        }
        try fixture.contents("AppIcon.appiconset", #"{"images":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#)
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon", toolVersion: "test")
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(fixture.read()).car)
        var kinds: [String: Set<String>] = ["icons": [], "images": []]
        for atlas in car.renditions where atlas.layout == 1004 {
            guard case .bitmap(let bitmap) = atlas.payload else { continue }
            // The app icons are keyed by the phone idiom; the image sets are universal.
            kinds[atlas.key[.idiom] == 0 ? "images" : "icons", default: []].insert(bitmap.compression.name)
        }
        #expect(kinds["icons"] == ["lzfse"] && kinds["images"] == ["deepmap2"], "\(kinds)")
        let packed = car.renditions.indices.filter { car.renditions[$0].layout == 1003 && car.renditions[$0].name.hasPrefix("Colour") }
        #expect(try Self.expectPixelExact(car, packed, root: fixture.root) == packed.count)
    }

    @Test func aGroupLargerThanOneAtlasGoesOnInTheNextDimension1() throws {
        let fixture = try CatalogFixture()
        // 70 images of 128 × 128: 130² pixels each with the gutter, 62 to the 2^20 pixels of one atlas.
        for number in 0..<70 {
            try fixture.write("Big\(number).imageset/Big\(number)@1x.png", try Self.png(width: 128, height: 128, seed: number))
            try fixture.imageset("Big\(number)", [("Big\(number)@1x.png", #""idiom":"universal","scale":"1x""#)])
        }
        let car = try Self.compile(fixture.read(), jobs: 2).car
        let atlases = car.renditions.filter { $0.layout == 1004 }
        #expect(atlases.map(\.name) == ["ZZZZPackedAsset-1.0.0-gamut0", "ZZZZPackedAsset-1.0.0-gamut0"])
        #expect(Set(atlases.map { $0.key[.dimension1] }) == [0, 1])
        #expect(atlases.allSatisfy { $0.width * $0.height <= 2 * CARCompiler.maximumAtlasPixels })
        let packed = car.renditions.indices.filter { car.renditions[$0].layout == 1003 }
        #expect(packed.count == 70)
        #expect(try Self.expectPixelExact(car, Array(packed.prefix(3) + packed.suffix(3)), root: fixture.root) == 6)
    }

    @Test func theCarIsTheSameWhateverTheThreadCount() throws {
        let fixture = try Self.fixture()
        let index = fixture.read()
        let one = try Self.compile(index, jobs: 1).bytes
        #expect(try Self.compile(index, jobs: 4).bytes == one)
        #expect(try Self.compile(index, .iphoneos, target: "17.0", jobs: 1).bytes == (try Self.compile(index, .iphoneos, target: "17.0", jobs: 3).bytes))
    }

    /// Many atlases in several groups (two scales, each more than one atlas), laid out and drawn on several threads:
    /// the same car whatever the thread count, every atlas numbered in its key as on one thread.
    @Test func manyAtlasesInSeveralGroupsAreTheSameWhateverTheThreadCount() throws {
        let fixture = try CatalogFixture()
        // 70 sets of 128 × 128 at 1x and 2x: 62 fit in one atlas, so each scale takes two.
        let images = try (0..<5).map { try Self.png(width: 128, height: 128, seed: $0) }
        for number in 0..<70 {
            for scale in 1...2 { try fixture.write("Big\(number).imageset/Big\(number)@\(scale)x.png", images[(number + scale) % 5]) }
            try fixture.imageset(
                "Big\(number)",
                [("Big\(number)@1x.png", #""idiom":"universal","scale":"1x""#), ("Big\(number)@2x.png", #""idiom":"universal","scale":"2x""#)])
        }
        let index = fixture.read()
        let one = try Self.compile(index, .iphoneos, target: "17.0", jobs: 1)
        let atlases = one.car.renditions.filter { $0.layout == 1004 }
        #expect(atlases.map { "\($0.name) \($0.key[.dimension1])" }.sorted() == [
            "ZZZZPackedAsset-1.0.0-gamut0 0", "ZZZZPackedAsset-1.0.0-gamut0 1", "ZZZZPackedAsset-2.0.0-gamut0 0", "ZZZZPackedAsset-2.0.0-gamut0 1",
        ])
        #expect(try Self.compile(index, .iphoneos, target: "17.0", jobs: 2).bytes == one.bytes)
        #expect(try Self.compile(index, .iphoneos, target: "17.0", jobs: 3).bytes == one.bytes)
        let packed = one.car.renditions.indices.filter { one.car.renditions[$0].layout == 1003 }
        #expect(packed.count == 140)
        #expect(try Self.expectPixelExact(one.car, Array(packed.prefix(2) + packed.suffix(2)), root: fixture.root) == 4)
    }

    /// Each packed image's reference is written straight into its array (`FixedSizeWriter`): the bytes must be those
    /// `CSIBuilder` makes of its tags, for colour and grey atlases, both targets' key formats, a vector drawn into an
    /// atlas (the vector flag), and file names up to and past the 128-byte field, cut inside a character (the field's
    /// bytes checked against literals too: both ways cut names with one rule).
    @Test func referencesWrittenDirectlyAreTheValuesCSIBuilderMakesOfTheirTags() throws {
        let fixture = try Self.fixture()
        // File names of 127 bytes (the field holds them whole), 128 (cut by one) and 144 ("é" 70 times: cut inside the
        // 64th, so 63 are kept), each with the field it must give.
        let long = String(repeating: "é", count: 70)
        let fields: [String: [UInt8]] = [
            "Named" + String(repeating: "x", count: 118) + ".png": Array(("Named" + String(repeating: "x", count: 118) + ".png").utf8) + [0],
            "Named" + String(repeating: "x", count: 119) + ".png": Array(("Named" + String(repeating: "x", count: 119) + ".pn").utf8) + [0],
            long + ".png": Array(String(repeating: "é", count: 63).utf8) + [0, 0],
        ]
        for name in ["Named" + String(repeating: "x", count: 118), "Named" + String(repeating: "x", count: 119), long] {
            try fixture.write("\(name).imageset/\(name).png", try Self.png(width: 12, height: 9, seed: name.count))
            try fixture.imageset(name, [("\(name).png", "\"idiom\":\"universal\"")])
        }
        try fixture.write(
            "Mark.imageset/mark.svg",
            Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#f00"/></svg>"##.utf8))
        try fixture.imageset("Mark", [("mark.svg", "\"idiom\":\"universal\"")], properties: #"{"preserves-vector-representation":true}"#)
        let index = fixture.read()
        var checked = 0
        var checkedNames = 0
        for (platform, target) in [(CompilePlatform.iphoneos, "17.0"), (.macosx, "10.14")] {
            let compiler = CARCompiler(options: CompileOptions(platform: platform, minimumDeploymentTarget: target, toolVersion: "test"))
            var plan = compiler.plan(index)
            _ = compiler.packAtlases(&plan, index: index)
            for item in plan.items {
                guard case .reference(let atlasNumber, let member) = item.work else { continue }
                let atlas = plan.atlases[atlasNumber]
                let job = plan.jobs[atlas.members[member].job]
                let (frame, atlasKey) = (atlas.members[member].frame, plan.items[atlas.item].key)
                let direct = CARCompiler.referenceRendition(job, frame: frame, grey: atlas.grey, atlasKey: atlasKey, keyFormat: plan.keyFormat)
                let fromTags = Self.referenceRenditionFromTags(
                    job, frame: frame, grey: atlas.grey, atlasKey: atlasKey, keyFormat: plan.keyFormat)
                #expect(direct == fromTags, "\(job.fileName) in \(atlas.name)")
                if let field = fields[job.fileName] {
                    #expect(Array(direct[40..<168]) == field, "\(job.fileName): the name's field")
                    checkedNames += 1
                }
                checked += 1
            }
        }
        #expect(checked > 20, "references of both targets were compared")
        #expect(checkedNames == 6, "each long name was packed, for both targets")
    }

    /// `CARCompiler.referenceRendition` as `CSIBuilder` builds any value, from its tags (how the compile built it before
    /// it was written directly): what the direct writing is held to.
    static func referenceRenditionFromTags(
        _ job: CARCompiler.Job, frame: AtlasLayout.Frame, grey: Bool, atlasKey: RenditionKey, keyFormat: [CARAttribute]
    ) -> [UInt8] {
        var link: [UInt8] = []
        BinaryWriter.appendFourCC(&link, "INLK")
        BinaryWriter.appendLE32(&link, 0)
        for value in [frame.x, frame.y, frame.width, frame.height] { BinaryWriter.appendLE32(&link, UInt32(value)) }
        BinaryWriter.appendLE16(&link, CSIBuilder.layoutImage)
        let tokens = keyFormat.filter { atlasKey[$0] != 0 }
        BinaryWriter.appendLE32(&link, UInt32(4 * (tokens.count + 1)))
        for attribute in tokens {
            BinaryWriter.appendLE16(&link, UInt16(attribute.identifier))
            BinaryWriter.appendLE16(&link, atlasKey[attribute])
        }
        BinaryWriter.appendLE32(&link, 0)
        var tags = CSIBuilder.bitmapTags(width: frame.width, height: frame.height, bytesPerRow: 0).filter { $0.tag != 1007 }
        tags.insert((1010, link), at: 2)
        return CSIBuilder.value(
            name: job.fileName, flags: CARCompiler.imageFlags(job) | (job.rasterScale != nil ? 0x4 : 0), width: frame.width, height: frame.height,
            scale: job.traits.displayScale?.value ?? 0, pixelFormat: grey ? "GA8 " : "ARGB", colorSpace: grey ? 2 : 1,
            layout: CSIBuilder.layoutInternalReference, infoTags: tags, payload: [])
    }

    /// The heliport sample (skipped without ../shared): the four atlases Xcode made, of the same sizes, and a car no
    /// larger than Xcode's 127,144 bytes.
    @Test func heliportCompilesToXcodesAtlasesAndNoLargerACar() throws {
        guard let folder = SharedCars.folder("0xMisagi+heliport_icons") else { return }
        let index = CatalogReader(options: ReaderOptions()).read([folder + "/src/Assets.xcassets"])
        let options = CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.12", appIcon: "AppIcon", toolVersion: "test")
        let bytes = try CARCompiler(options: options).compile(index).car
        let ours = try CARFile(bytes: bytes)
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/Assets.car"))))
        func atlases(_ car: CARFile) -> Set<String> {
            Set(car.renditions.filter { $0.layout == 1004 }.map { "\($0.name) \($0.width)x\($0.height) d1=\($0.key[.dimension1])" })
        }
        #expect(atlases(ours) == atlases(xcode))
        #expect(ours.renditions.filter { $0.layout == 1003 }.count == xcode.renditions.filter { $0.layout == 1003 }.count)
        #expect(bytes.count <= 127_144)
    }

    /// The members' order before they are split into atlases, as the plain comparison gives it: largest side first, then
    /// catalog, then the path's bytes, then identifier, then item. Paths that share their first 24 bytes, end within
    /// them, are prefixes of one another, are not ASCII, and repeat with other identifiers: the fast order's words and
    /// its fallback to whole paths must agree with the bytes everywhere.
    @Test func theAtlasOrderIsThePlainComparisonsOrder() {
        let paths = [
            "Group03/Asset01500.imageset/Asset01500@2x.png", "Group03/Asset01500.imageset/Asset01500@3x.png",
            "Group03/Asset01500.imageset/Asset01500.png", "Group03/Asset01501.imageset/a.png", "Group03/Asset0150",
            "Group03/Asset01500.imageset", "a.png", "a", "", "Icons/Tabs/Home.imageset/home.png", "Icons/Tabs/Home.imageset/home@2x.png",
            "Icons/Täbs/Home.imageset/x.png", "Icons/Tabs/Home.imageset/höme.png", "Z/x.png", "z/x.png", "Émoji 🙂/x.png",
            "Group03/Asset01500.imageset/Asset01500@2x.pn", "Group03/Asset01500.imageset/Asset01500@2x.pnh",
        ]
        var generator = SystemRandomNumberGenerator()
        var members: [CARCompiler.Candidate] = []
        for item in 0..<600 {
            let side = [8, 16, 16, 32].randomElement(using: &generator)!
            members.append(
                CARCompiler.Candidate(
                    item: item, identifier: UInt16.random(in: 0...3, using: &generator),
                    image: CARCompiler.PackedImage(width: side, height: side / 2, grey: false, decoded: false),
                    place: CARCompiler.place(source: paths.randomElement(using: &generator)!, catalog: Int.random(in: 0...1, using: &generator))))
        }
        let plain = members.sorted { left, right in
            let sideA = max(left.image.width, left.image.height), sideB = max(right.image.width, right.image.height)
            if sideA != sideB { return sideA > sideB }
            if left.place.catalog != right.place.catalog { return left.place.catalog < right.place.catalog }
            let (a, b) = (Array(left.place.path.utf8), Array(right.place.path.utf8))
            if a != b { return a.lexicographicallyPrecedes(b) }
            if left.identifier != right.identifier { return left.identifier < right.identifier }
            return left.item < right.item
        }
        #expect(CARCompiler.orderedForAtlases(members).map(\.item) == plain.map(\.item))
        // The folder of each place: up to the second slash from the end, or none.
        #expect(CARCompiler.place(source: "Icons/Tabs/Home.imageset/home.png", catalog: 0).folder == "Icons/Tabs")
        #expect(CARCompiler.place(source: "Home.imageset/home.png", catalog: 0).folder == "")
        #expect(CARCompiler.place(source: "a/Home.imageset/home.png", catalog: 0).folder == "a")
        #expect(CARCompiler.place(source: "Émoji 🙂/Home.imageset/home.png", catalog: 0).folder == "Émoji 🙂")
        #expect(CARCompiler.place(source: nil, catalog: 0).folder == "")
    }
}
