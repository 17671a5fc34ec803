import Foundation
import Testing

/// Every command that takes an archive, on Assets.car files: the six real ones of ../shared/cars (skipped when
/// absent) and a damaged one made here.
@Suite("assetc on Assets.car")
struct CARCommandTests {
    static let sharedFolder: String = {
        let beside = Assetc.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/cars").path
        return FileManager.default.fileExists(atPath: beside) ? beside : "/work/shared/cars"
    }()

    static var sharedCARs: [String] {
        guard let names = FileManager.default.enumerator(atPath: sharedFolder) else { return [] }
        return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".car") }.sorted().map { sharedFolder + "/" + $0 }
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-car-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("extract NAME from a .car: -o - writes only the PNG, -o FILE writes it atomically and says so")
    func extractOneToStandardOutputAndFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compile = try Assetc.run(
            ["compile", "SampleCatalogs/Showcase.xcassets", "--compile", folder.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            in: Assetc.repositoryRoot)
        #expect(compile.status == 0, "\(compile.output)")
        let car = folder.appendingPathComponent("Assets.car").path
        let piped = try Assetc.run(["extract", car, "AppLogo", "--scale", "2", "-o", "-"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("PNG") && piped.stdout.contains("IEND"))
        #expect(!piped.stdout.contains("wrote"), "nothing but the image on standard output")
        let file = folder.appendingPathComponent("logo.png").path
        let written = try Assetc.run(["extract", car, "AppLogo", "--scale", "2", "-o", file])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.hasPrefix("wrote \(file): "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let missingFolder = try Assetc.run(["extract", car, "AppLogo", "-o", folder.appendingPathComponent("no/such/logo.png").path])
        #expect(missingFolder.status == 2)
        #expect(missingFolder.stderr.contains("does not exist"))
    }

    @Test("an Icon Composer icon's gradients: info and extract --all list their stops, extract of one says it has no file")
    func gradients() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icon = folder.appendingPathComponent("Seed.icon")
        try FileManager.default.createDirectory(at: icon.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="8" height="8"/></svg>"#.utf8)
            .write(to: icon.appendingPathComponent("Assets/bg.svg"))
        try Data(
            """
            {"fill":{"linear-gradient":["srgb:0.09020,0.19216,0.25882,1.00000","srgb:0.05882,0.12549,0.17255,1.00000"]},
             "groups":[{"layers":[{"image-name":"bg.svg","name":"bg"}]}],"supported-platforms":{"squares":["macOS"]}}
            """.utf8
        ).write(to: icon.appendingPathComponent("icon.json"))
        let out = folder.appendingPathComponent("out")
        let compile = try Assetc.run(["compile", icon.path, "--compile", out.path, "--platform", "macosx", "--minimum-deployment-target", "10.14"])
        #expect(compile.status == 0, "\(compile.output)")
        let car = out.appendingPathComponent("Assets.car").path

        let info = try Assetc.run(["info", car])
        #expect(info.status == 0, "\(info.output)")
        #expect(info.stdout.contains("(no file: gradient)"), "\(info.stdout)")
        #expect(info.stdout.contains("gradient=linear: Seed_Assets/Color-2 at 0.0, Seed_Assets/Color-3 at 1.0"), "\(info.stdout)")
        #expect(!info.stdout.contains("unknown payload") && !info.stdout.contains("(empty slot)"), "\(info.stdout)")

        let all = folder.appendingPathComponent("all")
        let extractAll = try Assetc.run(["extract", "--all", all.path, car])
        // The one rendition not decoded is the multisize set listing the flat icon's sizes (macOS 10.14 gets the icon
        // drawn flat as app icon images, issue 41), which has no pixels of its own; the flat images are written.
        #expect(extractAll.status == 0 && extractAll.stdout.contains("1 not decoded"), "\(extractAll.output)")
        let flat = try FileManager.default.contentsOfDirectory(atPath: all.appendingPathComponent("Seed").path)
        #expect(flat.contains { $0.hasPrefix("Seed1024x1024_NSAppearanceNameSystem_") && $0.hasSuffix("_dim2-7.png") }, "\(flat)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: all.appendingPathComponent("manifest.json"))) as? [String: Any])
        let entries = try #require(manifest["renditions"] as? [[String: Any]])
        let gradient = try #require(entries.first { $0["rendition"] as? String == "Seed_Assets/Gradient-1" }?["gradient"] as? [String: Any])
        let stops = try #require(gradient["stops"] as? [[String: Any]])
        #expect(stops.map { $0["color"] as? String } == ["Seed_Assets/Color-2", "Seed_Assets/Color-3"])
        #expect(stops.map { $0["location"] as? Double } == [0, 1])
        #expect(gradient["kind"] as? String == "linear" && gradient["start"] as? [Double] == [0.5, 0] && gradient["end"] as? [Double] == [0.5, 1])

        // A float JSON has no number for (a NaN location, an infinite start) is written as a string, and the rest of
        // the manifest with it.
        var hostile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: car)))
        let tag = try #require(hostile.indices.first { hostile[$0..<min($0 + 4, hostile.count)].elementsEqual("ARGG".utf8) })
        hostile.replaceSubrange((tag + 32)..<(tag + 36), with: [0x00, 0x00, 0xC0, 0x7F])  // the first stop's location: NaN
        hostile.replaceSubrange((tag + 16)..<(tag + 20), with: [0x00, 0x00, 0x80, 0x7F])  // the start's x: infinity
        let hostileCar = folder.appendingPathComponent("hostile.car")
        try Data(hostile).write(to: hostileCar)
        let hostileAll = folder.appendingPathComponent("hostile-all")
        let hostileExtract = try Assetc.run(["extract", "--all", hostileAll.path, hostileCar.path])
        #expect(hostileExtract.status == 0, "\(hostileExtract.output)")
        let hostileManifest = try String(contentsOf: hostileAll.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(hostileManifest.contains(#""location" : "nan""#) && hostileManifest.contains(#""inf""#), "\(hostileManifest)")

        let one = try Assetc.run(["extract", car, "Seed_Assets/Gradient-1", "-o", folder.appendingPathComponent("g.png").path])
        #expect(one.status == 1 && one.stderr.contains("is a gradient, which has no file"), "\(one.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.png").path))
    }

    @Test("extract of 16-bit renditions (RGBW, GA16) writes 16-bit PNGs, 8-bit ones stay 8-bit, the undecoded say why")
    func deepPixels() throws {
        // The car AssetCatalogTests' CARDeepPixelTests builds (and keeps as this fuzz seed): one facet per case.
        let car = Assetc.repositoryRoot.appendingPathComponent("Fuzz/Corpus/FuzzCAR/seed-deep-pixels.car").path
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = folder.appendingPathComponent("all")
        let extractAll = try Assetc.run(["extract", "--all", all.path, car])
        #expect(extractAll.status == 0 && extractAll.stdout.contains("wrote 10 files") && extractAll.stdout.contains("2 not decoded"), "\(extractAll.output)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: all.appendingPathComponent("manifest.json"))) as? [String: Any])
        let entries = try #require(manifest["renditions"] as? [[String: Any]])
        func entry(_ name: String) throws -> [String: Any] { try #require(entries.first { $0["rendition"] as? String == name }) }
        func bitDepth(_ name: String) throws -> UInt8 {
            let file = try #require(try entry(name)["file"] as? String, "\(name) has a file")
            let png = try [UInt8](Data(contentsOf: all.appendingPathComponent(file)))
            #expect(png.count > 26 && png[12..<16].elementsEqual("IHDR".utf8) && png[25] == 6, "\(name): an RGBA PNG")
            return png[24]
        }
        for name in ["rgbw-integers", "rgbw-halves", "rgbw-linear", "ga16", "ga16-halves", "rgbw-deepmap", "ga16-deepmap", "opaque", "crop"] {
            #expect(try bitDepth(name) == 16, "\(name)")
        }
        #expect(try bitDepth("rgb5") == 8)
        #expect((try entry("rgbw-predicted")["notDecoded"] as? String)?.contains("deepmap2 mode 2 of 16-bit RGBA") == true)
        #expect((try entry("rgbw-palette")["notDecoded"] as? String)?.contains("palette-img of pixel format RGBW") == true)
        let attributes = try #require(try entry("rgbw-halves")["attributes"] as? [String: String])
        #expect(attributes["pixel-format"] == "RGBW" && attributes["color-space"] == "extended sRGB (half floats)")

        // extract of one name writes the same 16-bit PNG.
        let one = folder.appendingPathComponent("one.png").path
        let single = try Assetc.run(["extract", car, "ga16-halves", "-o", one])
        #expect(single.status == 0, "\(single.output)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: one)))
        #expect(png.count > 26 && png[24] == 16)
    }

    @Test("a damaged .car is an error naming the structure, from every command")
    func damaged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Assets.car").path
        // A BOM header whose block table lies past the end of the file.
        var bytes = Array("BOMStore".utf8) + [0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0x10, 0, 0, 0, 0, 64]
        bytes += [0, 0, 0, 32, 0, 0, 0, 8] + [UInt8](repeating: 0, count: 16)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let info = try Assetc.run(["info", "--json", path])
        #expect(info.status == 2)
        #expect(info.stderr.contains("BOM block table"))
        let verify = try Assetc.run(["verify", path])
        #expect(verify.status != 0)
        #expect(verify.output.contains("not a readable Assets.car"))
        for arguments in [["resolve", path, "x"], ["matrix", path], ["extract", "--all", folder.appendingPathComponent("out").path, path]] {
            let run = try Assetc.run(arguments)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.output.contains("offset"), "\(arguments)")
        }
    }

    @Test("info --json, extract --all, verify, resolve and matrix on the real files",
          .enabled(if: FileManager.default.fileExists(atPath: sharedFolder)))
    func realFiles() throws {
        for path in Self.sharedCARs {
            let info = try Assetc.run(["info", "--json", path])
            #expect(info.status == 0, "\(path): \(info.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            let assets = try #require(document["assets"] as? [[String: Any]])
            let car = try #require(document["car"] as? [String: Any])
            let internalRecords = try #require(car["internalRenditions"] as? [Any])
            let variants = assets.reduce(0) { $0 + (($1["variants"] as? [Any])?.count ?? 0) + (($1["colors"] as? [Any])?.count ?? 0) }
            // Every rendition is a variant of an asset or an internal record.
            #expect(variants + internalRecords.count == car["renditions"] as? Int, "\(path)")

            let folder = try Self.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let extract = try Assetc.run(["extract", "--all", folder.path, path])
            #expect(extract.status == 0, "\(path): \(extract.output)")
            let manifestData = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
            let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
            let entries = try #require(manifest["renditions"] as? [[String: Any]])
            #expect(entries.count == variants)
            for entry in entries {
                if let file = entry["file"] as? String {
                    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
                } else {
                    // No file: a colour, a gradient with its stops, or the reason nothing could be written.
                    let gradientStops = (entry["gradient"] as? [String: Any])?["stops"] as? [[String: Any]]
                    #expect(
                        entry["notDecoded"] as? String != nil || entry["color"] != nil || gradientStops?.isEmpty == false,
                        "\(entry["rendition"] ?? "")")
                }
            }

            let verify = try Assetc.run(["verify", path])
            #expect(verify.status == 0, "\(path): \(verify.output)")
            let matrix = try Assetc.run(["matrix", path])
            #expect(matrix.status == 0 || matrix.status == 1, "\(path): \(matrix.stderr)")
            if let name = assets.first?["name"] as? String {
                let resolve = try Assetc.run(["resolve", path, name, "--explain"])
                #expect(resolve.status == 0 || resolve.status == 1, "\(path): \(resolve.stderr)")
                #expect(!resolve.output.isEmpty)
            }
        }
    }
}
