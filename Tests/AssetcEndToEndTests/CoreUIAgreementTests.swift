import AssetCatalog
import Foundation
import Testing

/// The real cars in ../shared/cars (or `$ASSETC_SHARED_CARS`); the tests that use them skip when the folder is absent.
enum SharedCarsFolder {
    static let path: String? = {
        if let given = ProcessInfo.processInfo.environment["ASSETC_SHARED_CARS"], !given.isEmpty {
            return FileManager.default.fileExists(atPath: given) ? given : nil
        }
        let beside = Assetc.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/cars").path
        return FileManager.default.fileExists(atPath: beside) ? beside : nil
    }()

    /// Every `.car` under the folder, sorted.
    static var cars: [String] {
        guard let path, let walk = FileManager.default.enumerator(atPath: path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".car") }.sorted().map { path + "/" + $0 }
    }
}

/// `assetc resolve --rules coreui --batch` on every real car, every image, scales 1–3, the platform's idioms, the
/// default appearance, against the independent ranking of CoreUI's rules (``CoreUIReferenceLookup``): the answers
/// must be the same rendition. Prints the agreement (docs/RESOLUTION.md quotes it).
@Suite("CoreUI agreement on real cars", .enabled(if: SharedCarsFolder.path != nil))
struct CoreUIAgreementTests {
    /// Answers compared and answers equal, for one car, in the default appearance and in `appearances` (by name:
    /// `dark`); the reference asks CoreUI for the appearance's identifier and, finding nothing, the default one,
    /// as UIKit and AppKit do.
    static func agreement(car path: String, appearances: [String] = []) throws -> (compared: Int, equal: Int, differences: [String]) {
        let file = try CARFile(path: path)
        let outputPaths = file.outputPaths()
        let idiomNames = [0: nil, 1: "phone", 2: "pad", 3: "tv"] as [Int: String?]
        var requests: [String] = []
        var expected: [Int?] = []
        var asked: [String] = []
        var seen = Set<String>()
        for facet in CoreUIReferenceLookup.imageFacets(of: file) where seen.insert(facet.name).inserted {
            for appearance in [nil] + appearances {
                // The identifier of the catalog's appearance with that name (UIAppearanceDark, NSAppearanceNameDarkAqua).
                let identifier = appearance.flatMap { wanted in
                    file.appearances.first { $0.name.lowercased().contains(wanted) }.map { Int($0.identifier) }
                } ?? 0
                for idiom in CoreUIReferenceLookup.idioms(of: file) {
                    for scale in 1...3 {
                        var traits: [String: Any] = ["scale": scale]
                        if let name = idiomNames[idiom] ?? nil { traits["idiom"] = name }
                        if let appearance { traits["appearance"] = appearance }
                        let line = try JSONSerialization.data(withJSONObject: ["name": facet.name, "traits": traits], options: [.sortedKeys])
                        requests.append(String(decoding: line, as: UTF8.self))
                        let query = CoreUIReferenceLookup.Query(scale: scale, idiom: idiom, appearance: identifier)
                        let found = CoreUIReferenceLookup.image(facet, in: file, query)
                        expected.append(found ?? CoreUIReferenceLookup.image(facet, in: file, .init(scale: scale, idiom: idiom)))
                        asked.append("\(facet.name) (\(query))")
                    }
                }
            }
        }
        let run = try Assetc.run(["resolve", path, "--rules", "coreui", "--batch", "-"], input: requests.joined(separator: "\n") + "\n")
        let answers = run.stdout.split(separator: "\n")
        try #require(answers.count == requests.count, "\(path): \(run.stderr)")
        var equal = 0
        var differences: [String] = []
        for (number, answer) in answers.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            let chosen = (object["source"] as? String).flatMap { source in outputPaths.first { $0.value == source }?.key }
            if chosen == expected[number] {
                equal += 1
            } else {
                let name = { (index: Int?) in index.map { "\(file.renditions[$0].name) #\($0)" } ?? "nothing" }
                differences.append("\(asked[number]): assetc \(name(chosen)), reference \(name(expected[number]))")
            }
        }
        return (requests.count, equal, differences)
    }

    @Test("every car: resolve --rules coreui answers what the independent ranking of CoreUI's rules answers")
    func everyCar() throws {
        var compared = 0
        var equal = 0
        for car in SharedCarsFolder.cars {
            let result = try Self.agreement(car: car)
            compared += result.compared
            equal += result.equal
            print("coreui agreement: \(URL(fileURLWithPath: car).deletingLastPathComponent().lastPathComponent): \(result.equal) of \(result.compared)")
            for difference in result.differences.prefix(ProcessInfo.processInfo.environment["ASSETC_SHOW_DIFFERENCES"] == nil ? 0 : 40) {
                print("  \(difference)")
            }
            #expect(result.differences.isEmpty, "\(car): \(result.differences.count) answers differ, first: \(result.differences.prefix(3))")
        }
        let percent = compared == 0 ? 100 : Double(equal) * 100 / Double(compared)
        print("coreui agreement: \(equal) of \(compared) answers (\(String(format: "%.1f", percent))%)")
    }
}

/// The same comparison on cars compiled for the test (no real car needed): the sample catalog (app icons with their
/// sizes in dimension 2, a PDF vector, idioms, a dark variant, Display P3) and a catalog made for CoreUI's rules (a
/// vector beside bitmaps, missing scales, idiom against universal at another scale, dark at a worse scale).
@Suite("CoreUI agreement on compiled cars")
struct CoreUICompiledAgreementTests {
    static func imageSet(_ folder: URL, _ name: String, _ entries: [(file: String, sample: String, fields: String)]) throws {
        let set = folder.appendingPathComponent("\(name).imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let samples = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets")
        var images: [String] = []
        for entry in entries {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(entry.sample), to: set.appendingPathComponent(entry.file))
            images.append(#"{"filename":"\#(entry.file)",\#(entry.fields)}"#)
        }
        try Data(#"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    /// `assetc compile` for iOS into `output`; the car's location.
    static func compile(_ catalog: URL, into output: URL) throws -> URL {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let compile = try Assetc.run([
            "compile", catalog.path, "--compile", output.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
        ])
        try #require(compile.status == 0, "\(compile.output)")
        return output.appendingPathComponent("Assets.car")
    }

    static func rulesCatalog(in folder: URL) throws -> URL {
        let catalog = folder.appendingPathComponent("Rules.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let badge = "DeviceBadge.imageset/DeviceBadge-universal@2x.png", pdf = "Icons/Settings.imageset/Settings.pdf"
        // The compile draws a vector entry at every scale iOS needs (1x–3x, as Xcode does); the set's own bitmaps,
        // listed first, keep their scales, so the car holds b1, b2, the PDF drawn at 3x (docs/CAR-FORMAT.md).
        try imageSet(catalog, "VectorAndBitmaps", [
            ("b1.png", badge, #""idiom":"universal","scale":"1x""#), ("b2.png", badge, #""idiom":"universal","scale":"2x""#),
            ("v.pdf", pdf, #""idiom":"universal""#),
        ])
        try imageSet(catalog, "MissingScales", [
            ("m1.png", badge, #""idiom":"universal","scale":"1x""#), ("m3.png", badge, #""idiom":"universal","scale":"3x""#),
        ])
        try imageSet(catalog, "IdiomOrScale", [
            ("p2.png", badge, #""idiom":"iphone","scale":"2x""#), ("u3.png", badge, #""idiom":"universal","scale":"3x""#),
            ("i1.png", badge, #""idiom":"ipad","scale":"1x""#),
        ])
        try imageSet(catalog, "DarkAtLowerScale", [
            ("a3.png", badge, #""idiom":"universal","scale":"3x""#),
            ("d1.png", badge, #""idiom":"universal","scale":"1x","appearances":[{"appearance":"luminosity","value":"dark"}]"#),
        ])
        try imageSet(catalog, "VectorOnlyAndHigher", [
            ("h3.png", badge, #""idiom":"universal","scale":"3x""#), ("v.pdf", pdf, #""idiom":"universal""#),
        ])
        return catalog
    }

    @Test("the sample catalog and a catalog made for CoreUI's rules, compiled: every answer in light and dark as the reference's")
    func compiledCars() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-coreui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogs = [Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets"), try Self.rulesCatalog(in: folder)]
        for (number, catalog) in catalogs.enumerated() {
            let car = try Self.compile(catalog, into: folder.appendingPathComponent("out\(number)")).path
            let result = try CoreUIAgreementTests.agreement(car: car, appearances: ["dark"])
            #expect(result.compared > 30)
            #expect(result.differences.isEmpty, "\(catalog.lastPathComponent): \(result.differences.count) differ: \(result.differences.prefix(5))")
        }
    }

    @Test("the rules catalog: the answers CoreUI's rules give, by file")
    func knownAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-coreui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let car = try Self.compile(try Self.rulesCatalog(in: folder), into: folder.appendingPathComponent("out")).path
        func chosen(_ name: String, _ traits: [String]) throws -> String {
            let run = try Assetc.run(["resolve", car, name, "--rules", "coreui", "--json"] + traits)
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            return (object?["source"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "none"
        }
        // Every scale is exact now that the vector is drawn per scale: the set's bitmaps at 1x and 2x, the drawn PDF at
        // 3x; beside a 3x bitmap, the PDF drawn at 2x rather than the higher scale. (CoreUI's order between a scale-0
        // vector and the other scales is checked on real cars, which keep one, and in CoreUIRulesTests.)
        #expect(try chosen("VectorAndBitmaps", ["--scale", "2", "--idiom", "phone"]).hasPrefix("b2"))
        #expect(try chosen("VectorAndBitmaps", ["--scale", "1", "--idiom", "phone"]).hasPrefix("b1"))
        #expect(try chosen("VectorAndBitmaps", ["--scale", "3", "--idiom", "phone"]) == "v_universal_3x.png", "the PDF drawn at 3x")
        #expect(try chosen("VectorOnlyAndHigher", ["--scale", "2", "--idiom", "phone"]) == "v_universal_2x.png", "the PDF drawn at 2x")
        #expect(try chosen("VectorOnlyAndHigher", ["--scale", "3", "--idiom", "phone"]).hasPrefix("h3"))
        #expect(try chosen("MissingScales", ["--scale", "2", "--idiom", "phone"]).hasPrefix("m1"))
        #expect(try chosen("IdiomOrScale", ["--scale", "3", "--idiom", "phone"]).hasPrefix("u3"), "the exact scale before the idiom")
        #expect(try chosen("IdiomOrScale", ["--scale", "2", "--idiom", "phone"]).hasPrefix("p2"))
        #expect(try chosen("DarkAtLowerScale", ["--scale", "3", "--idiom", "phone", "--appearance", "dark"]).hasPrefix("d1"))
        #expect(try chosen("DarkAtLowerScale", ["--scale", "3", "--idiom", "phone"]).hasPrefix("a3"))
        // --explain shows CoreUI's exact-appearance lookup and the app's retry.
        let explained = try Assetc.run(["resolve", car, "MissingScales", "--rules", "coreui", "--scale", "2", "--appearance", "dark", "--explain"])
        #expect(explained.stdout.contains("CoreUI lookup (appearance dark, matched exactly): nothing"), "\(explained.output)")
        #expect(explained.stdout.contains("UIKit/AppKit retry (appearance any): answered"))
        // matrix shows the same answers as resolve.
        let matrix = try Assetc.run(["matrix", car, "IdiomOrScale", "--rules", "coreui", "--device", "iphone-portrait", "--files"])
        #expect(matrix.status == 0, "\(matrix.output)")
        #expect(matrix.stdout.contains(try chosen("IdiomOrScale", ["--device", "iphone-portrait"])))
    }

    @Test("a rendition in a compression assetc cannot decode still answers, under both rule sets, and the answer says so")
    func undecodableRenditionAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-coreui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let car = try Self.compile(try Self.rulesCatalog(in: folder), into: folder.appendingPathComponent("out"))
        // m3.png is small, so it is packed: give the 3x atlases' bitmap records (MLEC, after each CSI header's name) a
        // compression number no decoder knows, which m3.png's reference then meets.
        var bytes = [UInt8](try Data(contentsOf: car))
        var from = 0
        var corrupted = 0
        while let name = Self.find(Array("ZZZZPackedAsset-3.".utf8), in: bytes, from: from) {
            let record = try #require(Self.find(Array("MLEC".utf8), in: bytes, from: name))
            bytes[record + 8] = 99
            corrupted += 1
            from = record
        }
        #expect(corrupted > 0)
        try Data(bytes).write(to: car)
        for rules in ["coreui", "assetc"] {
            let run = try Assetc.run(["resolve", car.path, "MissingScales", "--rules", rules, "--scale", "3", "--idiom", "phone"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.stdout.contains("m3"), "\(rules): \(run.stdout)")
            #expect(run.stdout.contains("pixels: cannot be decoded by assetc yet"), "\(rules): \(run.stdout)")
            let json = try Assetc.run(["resolve", car.path, "MissingScales", "--rules", rules, "--scale", "3", "--idiom", "phone", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((object?["notDecoded"] as? String)?.contains("compression") == true, "\(json.stdout)")
        }
        // extract names the reason instead of writing a file; the decodable 1x still extracts.
        let extract = try Assetc.run(["extract", car.path, "MissingScales", "--rules", "coreui", "--scale", "3", "--idiom", "phone", "-o", folder.appendingPathComponent("m.png").path])
        #expect(extract.status != 0 && extract.stderr.contains("cannot be decoded"), "\(extract.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.png").path))
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
