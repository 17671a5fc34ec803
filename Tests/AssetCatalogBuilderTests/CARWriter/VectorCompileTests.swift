import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// PDF and SVG image sets compiled as Xcode compiles them: a bitmap per scale the deployment needs, drawn at the
/// size the vector declares (poppler, librsvg), the vector itself kept only when the set preserves it.
@Suite("Compiling vector image sets")
struct VectorCompileTests {
    /// A one-page PDF of `width`×`height` points whose left half is filled opaque red, with a correct xref table.
    static func pdf(width: Int = 20, height: Int = 10) -> [UInt8] {
        let content = "1 0 0 rg 0 0 \(width / 2) \(height) re f\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (number, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(number + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// An SVG of 12×8 pixels whose left half is filled opaque blue.
    static let svg = Array(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8" viewBox="0 0 12 8"><rect x="0" y="0" width="6" height="8" fill="#0000ff"/></svg>"##
            .utf8)

    /// The RGBA of pixel (`x`, `y`).
    static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * image.width + x) * 4
        return Array(image.pixels[at..<(at + 4)])
    }

    static func compile(
        _ fixture: CatalogFixture, platform: CompilePlatform = .iphoneos
    ) throws -> (compiled: CompiledCatalog, car: CARFile) {
        let index = fixture.read()
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        let compiled = try CARCompiler(options: CompileOptions(platform: platform, minimumDeploymentTarget: "17.0", toolVersion: "test")).compile(index)
        return (compiled, try CARFile(bytes: compiled.car))
    }

    /// The facet's renditions as (scale, content), ordered by scale.
    static func renditions(_ car: CARFile, _ name: String) throws -> [(rendition: CARRendition, content: CARContent)] {
        let facet = try #require(car.facets.first { $0.name == name }, "no facet \(name)")
        let decoder = CARDecoder(file: car)
        return try facet.renditions.map { (car.renditions[$0], try decoder.decode($0)) }.sorted { $0.rendition.scaleTimes100 < $1.rendition.scaleTimes100 }
    }

    @Test func theRasterizerDrawsBothFormatsAtTheDeclaredSize() throws {
        let size = try VectorRasterizer.size(of: Self.pdf(), format: .pdf)
        #expect(size.width == 20 && size.height == 10)
        let red = try VectorRasterizer.rasterize(Self.pdf(), format: .pdf, scale: 2)
        #expect(red.width == 40 && red.height == 20 && red.premultiplied)
        #expect(Self.pixel(red, 5, 10) == [255, 0, 0, 255])
        #expect(Self.pixel(red, 35, 10) == [0, 0, 0, 0])
        let blue = try VectorRasterizer.rasterize(Self.svg, format: .svg, scale: 3)
        #expect(blue.width == 36 && blue.height == 24)
        #expect(Self.pixel(blue, 3, 3) == [0, 0, 255, 255])
        #expect(Self.pixel(blue, 30, 3) == [0, 0, 0, 0])
        // The PNG that extract --png writes and report shows decodes to the same pixels.
        let png = try VectorRasterizer.png(of: Self.svg, format: .svg, scale: 3)
        #expect(try PNGCodec.decodeRGBA8(png, premultiplied: true) == blue)
    }

    @Test func damagedAndHugeVectorsAreRefusedWithTheLibrarysWords() throws {
        #expect(throws: VectorRasterizer.Failure.self) { try VectorRasterizer.size(of: Array("%PDF-1.4\nnothing".utf8), format: .pdf) }
        #expect(throws: VectorRasterizer.Failure.self) { try VectorRasterizer.size(of: Array("<svg".utf8), format: .svg) }
        let noSize = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>"#.utf8)
        #expect(throws: VectorRasterizer.Failure.self) { try VectorRasterizer.rasterize(noSize, format: .svg, scale: 1) }
        do {
            _ = try VectorRasterizer.rasterize(Self.pdf(width: 14_400, height: 14_400), format: .pdf, scale: 3)
            Issue.record("a 43,200-pixel side was drawn")
        } catch {
            #expect(error.isTooLarge)
        }
    }

    @Test func aPDFSetGivesABitmapPerIOSScaleAndNoVector() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Flag.imageset", #"{"images":[{"idiom":"universal","filename":"flag.pdf"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Flag.imageset/flag.pdf", Self.pdf())
        let (compiled, car) = try Self.compile(fixture)
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let stored = try Self.renditions(car, "Flag")
        #expect(stored.map { $0.rendition.scaleTimes100 } == [100, 200, 300])
        for (scale, entry) in stored.enumerated() {
            // Named after the vector's file, flagged as drawn from vector artwork, pixels as the rasterizer drew them;
            // small enough to be packed into an atlas, as Xcode 15 packs small PDF rasters (layout 1003).
            #expect(entry.rendition.name == "flag.pdf" && entry.rendition.isVector && entry.rendition.layout == 1003)
            guard case .image(let image) = entry.content else {
                Issue.record("scale \(scale + 1) is not a bitmap")
                continue
            }
            #expect(image == (try VectorRasterizer.rasterize(Self.pdf(), format: .pdf, scale: Double(scale + 1))))
            #expect(image.width == 20 * (scale + 1) && image.height == 10 * (scale + 1))
        }
        // UIImage(named:) on a 3x phone finds the 3x bitmap.
        let readBack = CatalogIndex(car: car, path: "Assets.car")
        let variants = try #require(readBack.asset(named: "Flag")).variants.map(\.traits)
        let phone = try #require(DevicePreset.all.first { $0.traits.idiom == .phone && $0.traits.displayScale?.value == 3 })
        let chosen = try #require(Resolver().bestVariant(among: variants, for: phone.traits))
        #expect(variants[chosen].displayScale?.value == 3)
    }

    /// As Flex's car (Xcode 11) and SwiftUITestProject1's (Xcode 15): a PDF or SVG raster of at most 216 pixels a side is
    /// packed into an atlas like a PNG of its size, a larger one is stored on its own (the badge's 3x here).
    @Test func vectorRastersArePackedWhereAPNGOfTheirSizeWouldBe() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Badge.imageset", #"{"images":[{"idiom":"universal","filename":"badge.pdf"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Badge.imageset/badge.pdf", Self.pdf(width: 100, height: 40))
        try fixture.contents("Dot.imageset", #"{"images":[{"idiom":"universal","filename":"dot.svg"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Dot.imageset/dot.svg", Self.svg)
        var options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let bytes = try CARCompiler(options: options).compile(fixture.read()).car
        // The pack stage keeps the bitmaps it drew for the atlases; drawn again instead, they give the same car.
        options.keptVectorRasterBytes = 0
        #expect(try CARCompiler(options: options).compile(fixture.read()).car == bytes)
        let car = try CARFile(bytes: bytes)
        for (name, source, points) in [("Badge", Self.pdf(width: 100, height: 40), (100, 40)), ("Dot", Self.svg, (12, 8))] {
            let stored = try Self.renditions(car, name)
            #expect(stored.count == 3)
            for (position, entry) in stored.enumerated() {
                let scale = position + 1
                let packed = points.0 * scale <= 216
                #expect(entry.rendition.layout == (packed ? 1003 : 12), "\(name) at \(scale)x")
                #expect(entry.rendition.isVector, "\(name) at \(scale)x keeps the vector flag")
                guard case .image(let image) = entry.content else {
                    Issue.record("\(name) at \(scale)x is not a bitmap")
                    continue
                }
                let format: VectorRasterizer.Format = name == "Badge" ? .pdf : .svg
                #expect(image == (try VectorRasterizer.rasterize(source, format: format, scale: Double(scale))), "\(name) at \(scale)x")
            }
        }
    }

    @Test func aPreservedSVGKeepsTheVectorBesideItsBitmaps() throws {
        let fixture = try CatalogFixture()
        try fixture.contents(
            "Mark.imageset",
            #"{"images":[{"idiom":"universal","filename":"mark.svg"}],"info":{"author":"xcode","version":1},"properties":{"preserves-vector-representation":true}}"#)
        try fixture.write("Mark.imageset/mark.svg", Self.svg)
        let (_, car) = try Self.compile(fixture, platform: .macosx)
        let stored = try Self.renditions(car, "Mark")
        #expect(stored.map { $0.rendition.scaleTimes100 } == [0, 100, 200])
        guard case .file(let bytes, let fileExtension) = try #require(stored.first).content else {
            Issue.record("the vector was not kept")
            return
        }
        #expect(bytes == Self.svg && fileExtension == "svg")
        guard case .image(let twice) = stored[2].content else {
            Issue.record("no 2x bitmap")
            return
        }
        #expect(twice.width == 24 && twice.height == 16 && Self.pixel(twice, 2, 2) == [0, 0, 255, 255])
        // report draws the kept vector as a picture.
        let facet = try #require(car.facets.first { $0.name == "Mark" })
        let vectorIndex = try #require(facet.renditions.first { car.renditions[$0].scaleTimes100 == 0 })
        guard case .image(let mime, let png, _) = ReportDocument.carContent(CARDecoder(file: car), vectorIndex, embedLimit: 1 << 20) else {
            Issue.record("report shows the vector as no picture")
            return
        }
        #expect(mime == "image/png" && png != nil)
    }

    @Test func watchAndVisionDrawOnlyAt2xAndAnEntryWithAScaleOnlyAtItsOwn() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Dot.imageset", #"{"images":[{"idiom":"universal","filename":"dot.svg"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Dot.imageset/dot.svg", Self.svg)
        try fixture.contents(
            "Scaled.imageset", #"{"images":[{"idiom":"universal","filename":"s.pdf","scale":"3x"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Scaled.imageset/s.pdf", Self.pdf())
        for platform in [CompilePlatform.watchos, .xros] {
            let (_, car) = try Self.compile(fixture, platform: platform)
            #expect(try Self.renditions(car, "Dot").map { $0.rendition.scaleTimes100 } == [200], "\(platform)")
            #expect(try Self.renditions(car, "Scaled").map { $0.rendition.scaleTimes100 } == [300], "\(platform)")
        }
    }

    @Test func aVectorThePDFReaderRejectsFailsTheCompileNamingTheFile() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Bad.imageset", #"{"images":[{"idiom":"universal","filename":"bad.pdf"}],"info":{"author":"xcode","version":1}}"#)
        // Passes the reader's structure check (header, xref, startxref, %%EOF) but has no document catalog.
        var broken = Self.pdf()
        let text = String(decoding: broken, as: UTF8.self).replacingOccurrences(of: "/Root 1 0 R", with: "/Rot 1 0 R")
        broken = Array(text.utf8)
        try fixture.write("Bad.imageset/bad.pdf", broken)
        let index = fixture.read()
        do {
            _ = try CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")).compile(index)
            Issue.record("the damaged PDF compiled")
        } catch {
            guard case .inputErrors(let errors) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errors.count == 1)
            #expect(errors.first?.path == "Bad.imageset/bad.pdf" && errors.first?.rule == "corrupt-image")
            #expect(errors.first?.message.hasPrefix("cannot be decoded: ") == true, "\(errors)")
        }
    }
}
