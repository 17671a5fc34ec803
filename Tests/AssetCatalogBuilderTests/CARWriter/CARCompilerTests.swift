import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Compiling to Assets.car")
struct CARCompilerTests {
    static let samples = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs")

    static func compile(
        _ name: String, platform: CompilePlatform = .iphoneos, jobs: Int? = nil, devices: [Idiom] = [],
        shuffle: Bool = false
    ) throws -> (index: CatalogIndex, compiled: CompiledCatalog) {
        var index = CatalogReader().read([samples.appendingPathComponent(name).path])
        if shuffle {
            var generator = SplitMix(seed: 7)
            index.assets.shuffle(using: &generator)
            for asset in index.assets.indices { index.assets[asset].variants.shuffle(using: &generator) }
        }
        let options = CompileOptions(
            platform: platform, minimumDeploymentTarget: "17.0", targetDevices: devices, appIcon: "AppIcon", jobs: jobs,
            toolVersion: "test")
        return (index, try CARCompiler(options: options).compile(index))
    }

    @Test func theReaderReadsAndDecodesEveryRendition() throws {
        let (_, compiled) = try Self.compile("Showcase.xcassets")
        let car = try CARFile(bytes: compiled.car)
        #expect(car.header.coreUIVersion == 972)
        #expect(car.header.storageVersion == 17)
        #expect(car.header.storageTimestamp == 0)
        #expect(car.metadata?.deploymentPlatform == "ios")
        #expect(car.renditions.count == compiled.renditionCount)
        #expect(car.facets.count == compiled.facetCount)
        let decoder = CARDecoder(file: car)
        for index in car.renditions.indices {
            let content = try decoder.decode(index)
            if case .notDecodable(let reason) = content {
                // Only the app icon's multisize set has no pixels of its own.
                #expect(car.renditions[index].layout == 1010, "\(car.renditions[index].name): \(reason)")
            }
        }
    }

    @Test func everySourceEntryHasARenditionWithTheSameTraitsAndPixels() throws {
        let (index, compiled) = try Self.compile("Showcase.xcassets")
        let car = try CARFile(bytes: compiled.car)
        let decoder = CARDecoder(file: car)
        let root = Self.samples.appendingPathComponent("Showcase.xcassets").path
        var compared = 0
        for asset in index.assets where asset.kind == .image {
            let facet = try #require(car.facets.first { $0.name == asset.name }, "no facet for \(asset.name)")
            for variant in asset.variants {
                guard let source = variant.source, variant.contentType == .png else { continue }
                guard variant.traits.idiom == nil || CompilePlatform.iphoneos.idioms.contains(variant.traits.idiom!) else { continue }
                let fileName = String(source.split(separator: "/").last!)
                var traits = variant.traits
                // CoreUI has no "any" gamut: sRGB is 0, the value an entry without a gamut gets too.
                if traits.displayGamut == .sRGB { traits.displayGamut = nil }
                // Direction as Apple's macOS theme stores it: left-to-right 5, right-to-left 4.
                let direction: UInt16 = variant.traits.layoutDirection.map { $0 == .leftToRight ? 5 : 4 } ?? 0
                let match = facet.renditions.first { index in
                    car.renditions[index].name == fileName && car.traits(of: car.renditions[index]) == traits
                        && car.renditions[index].key[.direction] == direction
                }
                let rendition = try #require(match, "\(asset.name): no rendition for \(fileName) with traits \(variant.traits)")
                let expected = try PNGCodec.decodeRGBA8([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + source))), premultiplied: true)
                guard case .image(let image) = try decoder.decode(rendition) else {
                    Issue.record("\(fileName) did not decode to an image")
                    continue
                }
                #expect(image.width == expected.width && image.height == expected.height)
                #expect(image.pixels == expected.pixels, "\(fileName): pixels differ")
                compared += 1
            }
        }
        #expect(compared > 5)
    }

    /// What CoreUI's keys can say: no "any" gamut (sRGB is 0).
    /// On macOS, as in Xcode's output, keys have no idiom: `mac` entries are stored as universal.
    static func asStored(_ traits: VariantTraits, platform: CompilePlatform = .iphoneos) -> VariantTraits {
        var traits = traits
        if platform == .macosx && traits.idiom == .mac { traits.idiom = nil }
        if traits.displayGamut == .sRGB { traits.displayGamut = nil }
        return traits
    }

    @Test(arguments: [CompilePlatform.iphoneos, .macosx, .appletvos, .watchos])
    func resolvingTheCompiledCarGivesTheSourceCatalogsAnswer(platform: CompilePlatform) throws {
        let (index, compiled) = try Self.compile("Showcase.xcassets", platform: platform)
        let compared = try CompiledCorpusRoundTripTests.resolvesAlike(
            index, try CARFile(bytes: compiled.car), platform: platform, catalog: "Showcase.xcassets")
        #expect(compared > 0)
    }

    @Test func coloursAndDataSetsRoundTrip() throws {
        let (index, compiled) = try Self.compile("Showcase.xcassets")
        let car = try CARFile(bytes: compiled.car)
        let readBack = CatalogIndex(car: car, path: "Assets.car")
        for asset in index.assets where asset.kind == .color {
            let compiledAsset = try #require(readBack.asset(named: asset.name), "\(asset.name) is missing")
            // System-colour references too (Showcase's Label is `labelColor`); only an entry without a colour is left out.
            for color in asset.colors where color.value != .systemReference(name: "default") {
                #expect(compiledAsset.colors.contains { $0.traits == color.traits && $0.value == color.value.asStoredInCAR }, "\(asset.name) \(color.traits)")
            }
        }
        for asset in index.assets where asset.kind == .data {
            #expect(readBack.asset(named: asset.name)?.kind == .data, "\(asset.name)")
        }
    }

    @Test func templateImagesAreFlaggedAsXcodeFlagsThemAndReadBackAsTemplates() throws {
        let (index, compiled) = try Self.compile("Showcase.xcassets")
        let car = try CARFile(bytes: compiled.car)
        var checked = 0
        for asset in index.assets where asset.kind == .image {
            guard let facet = car.facets.first(where: { $0.name == asset.name }) else { continue }
            let template = asset.properties.templateRenderingIntent == "template"
            for number in facet.renditions {
                let rendition = car.renditions[number]
                #expect(rendition.isTemplate == template, "\(asset.name): flags \(rendition.flags)")
                // Bit 4 marks the other images (heliport and the iOS samples).
                #expect((rendition.flags & 0x10 != 0) == !template, "\(asset.name)")
                checked += template ? 1 : 0
            }
        }
        #expect(checked >= 2, "Showcase has template images (Icons/Settings, Icons/Star)")
    }

    /// On macOS a `mac` entry and a `universal` one share a key (Xcode's keys have no idiom there): the `mac`
    /// entry is stored, in every set, and each universal entry left out is named in a notice.
    @Test(arguments: [1, 2])
    func onMacTheMacEntryTakesTheKeyItSharesWithAUniversalOne(jobs: Int) throws {
        let fixture = try CatalogFixture()
        for name in ["Alpha", "Middle", "Zulu"] {
            try fixture.png("\(name).imageset/universal.png", width: 4, height: 4)
            try fixture.png("\(name).imageset/mac.png", width: 6, height: 6)
            try fixture.imageset(
                name, [("universal.png", #""idiom":"universal","scale":"1x""#), ("mac.png", #""idiom":"mac","scale":"1x""#)])
        }
        let index = CatalogReader().read([fixture.root])
        let options = CompileOptions(
            platform: .macosx, minimumDeploymentTarget: "14.0", targetDevices: [], appIcon: nil, jobs: jobs, toolVersion: "test")
        let compiled = try CARCompiler(options: options).compile(index)
        let car = try CARFile(bytes: compiled.car)
        for name in ["Alpha", "Middle", "Zulu"] {
            let facet = try #require(car.facets.first { $0.name == name })
            #expect(facet.renditions.map { car.renditions[$0].name } == ["mac.png"], "\(name)")
        }
        #expect(compiled.notices.filter { $0.contains("same rendition key") }.count == 3, "\(compiled.notices)")
    }

    @Test func outputIsByteIdenticalForAnyOrderAndThreadCount() throws {
        let first = try Self.compile("Showcase.xcassets", jobs: 1).compiled.car
        let second = try Self.compile("Showcase.xcassets", jobs: 4, shuffle: true).compiled.car
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test func thinningLeavesOutOtherDevices() throws {
        let (_, all) = try Self.compile("Showcase.xcassets")
        let (_, phoneOnly) = try Self.compile("Showcase.xcassets", devices: [.phone])
        let car = try CARFile(bytes: phoneOnly.car)
        #expect(phoneOnly.renditionCount < all.renditionCount)
        #expect(!car.renditions.contains { car.traits(of: $0).idiom == .pad })
    }

    @Test func lzvnEncoderRoundTripsThroughTheDecoder() throws {
        var generator = SplitMix(seed: 3)
        let inputs: [[UInt8]] = [
            [], [1], Array(repeating: 7, count: 100_000), (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) },
            (0..<50_000).map { _ in UInt8.random(in: 0...3, using: &generator) },
            (0..<3_000_000).map { UInt8(truncatingIfNeeded: ($0 / 5) ^ ($0 >> 11)) },
            Self.noiseThenPattern,
        ]
        for input in inputs {
            let stream = LZVNEncoder.lzfseStream(input)
            let decoded = try stream.withUnsafeBytes { try LZDecoder.lzfse($0, expectedSize: input.count) }
            #expect(decoded == input, "\(input.count) bytes")
        }
    }

    /// One block (1 MiB) of noise, stored as `bvx-` because LZVN gives up at its first checkpoint, then
    /// 1 MB that repeats, an LZVN block: both block kinds in one stream.
    static let noiseThenPattern: [UInt8] = {
        var generator = SplitMix(seed: 11)
        return (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            + (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 1_000) }
    }()

    @Test func noiseIsStoredAndPatternsAreCompressed() throws {
        let stream = LZVNEncoder.lzfseStream(Self.noiseThenPattern)
        // Walk the block headers: `bvx-` n_raw payload, `bvxn` n_raw n_payload payload, `bvx$`.
        var magics: [String] = []
        var at = 0
        func le32(_ offset: Int) -> Int { Int(stream[offset]) | Int(stream[offset + 1]) << 8 | Int(stream[offset + 2]) << 16 | Int(stream[offset + 3]) << 24 }
        while at + 4 <= stream.count {
            let magic = String(decoding: stream[at..<(at + 4)], as: UTF8.self)
            magics.append(magic)
            switch magic {
            case "bvx-": at += 8 + le32(at + 4)
            case "bvxn": at += 12 + le32(at + 8)
            default: at = stream.count
            }
        }
        #expect(magics.last == "bvx$")
        #expect(magics.first == "bvx-")
        #expect(magics.contains("bvxn"))
        #expect(stream.count < (1 << 20) + 50_000, "the repeating megabyte compresses")
    }

    @Test func theReferenceLZFSEDecoderReadsEveryPayload() throws {
        // The reference decoder (the `lzfse` package on PyPI wraps Apple's C implementation).
        guard ReferenceLZFSE.isAvailable() else {
            print("skipped: the reference lzfse decoder is not available (pip install lzfse failed)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-lzfse-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var count = 0
        var kinds: Set<String> = []
        // Every LZFSE stream of every target's compressions: KCBC chunks, deepmap2 and deepmap-LZFSE records, palette-img.
        for target in ["17.0", "12.0", "11.0"] {
            let index = CatalogReader().read([Self.samples.appendingPathComponent("Showcase.xcassets").path])
            let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: target, appIcon: "AppIcon", toolVersion: "test")
            let car = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
            for rendition in car.renditions {
                guard case .bitmap(let bitmap) = rendition.payload else { continue }
                for stream in try ReferenceLZFSE.streams(of: bitmap) {
                    kinds.insert(bitmap.compression.name)
                    let decoded = try stream.withUnsafeBytes { buffer in
                        try LZDecoder.lzfse(buffer, expectedSize: try LZDecoder.lzfseDecodedSize(buffer))
                    }
                    try Data(stream).write(to: folder.appendingPathComponent("\(count).lzfse"))
                    try Data(decoded).write(to: folder.appendingPathComponent("\(count).raw"))
                    count += 1
                }
            }
        }
        #expect(kinds == ["lzfse", "deepmap2", "palette-img", "deepmap-lzfse"])
        // And a stream with stored and LZVN blocks, which the sample's images do not need.
        try Data(LZVNEncoder.lzfseStream(Self.noiseThenPattern)).write(to: folder.appendingPathComponent("\(count).lzfse"))
        try Data(Self.noiseThenPattern).write(to: folder.appendingPathComponent("\(count).raw"))
        count += 1
        #expect(ReferenceLZFSE.decodesEqual(folder: folder, count: count))
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A small deterministic random generator for shuffles.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
