import Foundation
import Testing

/// The HTML report in a real browser: headless Chromium loads the page for Broken.xcassets, the test checks
/// the DOM (every asset and every finding is shown, the script filled the device thumbnails) and takes a
/// screenshot. Runs only when `chromium` or `chromium-browser` is on PATH (CI installs Debian's `chromium`;
/// `Scripts/test-report-chromium.sh` installs it and runs this suite). Set `ASSETC_REPORT_SCREENSHOT` to a
/// path to keep the screenshot.
@Suite("assetc report in headless Chromium", .enabled(if: HeadlessChromium.path != nil, "needs chromium on PATH"))
struct AuditReportChromiumTests {
    /// Runs Chromium headless with its own profile folder; returns standard output.
    static func chromium(_ arguments: [String], profile: URL) throws -> (status: Int32, stdout: String) {
        try HeadlessChromium.run(arguments, profile: profile)
    }

    /// Text as Chromium serializes it inside an element.
    static func serialized(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\u{A0}", with: "&nbsp;")
    }

    @Test("Every asset and every finding of Broken.xcassets is on the page, and the page renders")
    func brokenReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-chromium-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let written = try Assetc.run(["report", "SampleCatalogs/Broken.xcassets", "-o", page.path], in: Assetc.repositoryRoot)
        #expect(written.status == 0, "\(written.output)")

        // What the page must show: the audit's findings and the reader's assets.
        let audit = try Assetc.run(["audit", "--format", "json", "SampleCatalogs/Broken.xcassets"], in: Assetc.repositoryRoot)
        let auditJSON = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let findings = try #require(auditJSON["findings"] as? [[String: Any]])
        let info = try Assetc.run(["info", "--json", "SampleCatalogs/Broken.xcassets"], in: Assetc.repositoryRoot)
        let infoJSON = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let assets = (infoJSON["assets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(assets.count > 20)

        let dom = try Self.chromium(["--dump-dom", page.absoluteString], profile: folder.appendingPathComponent("profile-dom"))
        #expect(dom.status == 0)
        #expect(dom.stdout.contains("<section class=\"asset\""), "Chromium returned no report DOM")
        for name in assets {
            #expect(dom.stdout.contains("data-asset=\"\(Self.serialized(name).replacingOccurrences(of: "\"", with: "&quot;"))\""), "asset \(name) is missing")
        }
        for finding in findings {
            let message = finding["message"] as? String ?? ""
            let rule = finding["rule"] as? String ?? ""
            #expect(dom.stdout.contains(Self.serialized(message)), "finding [\(rule)] \(message) is missing")
            if let asset = finding["asset"] as? String {
                #expect(dom.stdout.contains("data-asset=\"\(asset)\""), "the asset of [\(rule)] has no section")
            }
        }
        #expect(dom.stdout.components(separatedBy: "class=\"finding ").count - 1 >= findings.count)
        #expect(dom.stdout.contains("data-slot=\"empty\""), "empty slots are marked")
        #expect(dom.stdout.contains("data-slot=\"broken\""), "unusable files are marked")
        #expect(dom.stdout.contains("class=\"choice upscaled"), "upscaled devices are marked")
        // The script copied the embedded images into the device matrix.
        #expect(dom.stdout.range(of: #"data-ref="v-\d+-\d+" alt="" src="data:image/png;base64,"#, options: .regularExpression) != nil)

        let screenshot = folder.appendingPathComponent("report.png")
        let shot = try Self.chromium(
            ["--screenshot=\(screenshot.path)", "--window-size=1280,2000", "--hide-scrollbars", page.absoluteString],
            profile: folder.appendingPathComponent("profile-shot"))
        #expect(shot.status == 0)
        let png = try Data(contentsOf: screenshot)
        #expect(png.count > 50_000, "a screenshot of a real page is not tiny (\(png.count) bytes)")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1280 && height == 2000, "\(width)x\(height)")
        if let keep = ProcessInfo.processInfo.environment["ASSETC_REPORT_SCREENSHOT"], !keep.isEmpty {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: screenshot, to: URL(fileURLWithPath: keep))
        }
    }

    @Test("A car's report draws where the bytes go: every rendition's bytes in the treemap, the panel filled by the script")
    func carTreemap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-chromium-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = try Assetc.run(
            ["compile", "SampleCatalogs/Showcase.xcassets", "--compile", folder.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            in: Assetc.repositoryRoot)
        #expect(compiled.status == 0, "\(compiled.output)")
        let car = folder.appendingPathComponent("Assets.car").path
        let page = folder.appendingPathComponent("car.html")
        let written = try Assetc.run(["report", car, "-o", page.path])
        #expect(written.status == 0, "\(written.output)")

        // What the car holds, as `info --json` counts it.
        let info = try Assetc.run(["info", "--json", car])
        let infoJSON = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let renditionBytes = try #require((infoJSON["car"] as? [String: Any])?["renditionByteCount"] as? Int)

        let dom = try Self.chromium(["--dump-dom", page.absoluteString], profile: folder.appendingPathComponent("profile-dom"))
        #expect(dom.status == 0)
        #expect(dom.stdout.contains("<svg class=\"treemap\""), "no treemap in the DOM")
        #expect(dom.stdout.contains("data-total-bytes=\"\(renditionBytes)\""), "the map's total is the car's rendition bytes")
        let tiles = Self.numbers(after: "class=\"tm-asset\"", attribute: "data-bytes", in: dom.stdout)
        #expect(tiles.reduce(0, +) == renditionBytes, "the tiles add up to the car's rendition bytes")
        #expect(tiles.count >= 10)
        // The script showed the largest asset's variants in the panel.
        let largest = try #require(tiles.max())
        #expect(dom.stdout.range(of: #"<aside class="tm-detail" id="tm-detail" aria-live="polite" data-shown="[^"]+"><h3>"#, options: .regularExpression) != nil)
        var grouped = String(largest)
        for position in stride(from: grouped.count - 3, to: 0, by: -3) { grouped.insert(",", at: grouped.index(grouped.startIndex, offsetBy: position)) }
        #expect(dom.stdout.contains("(\(grouped) bytes)"), "the panel names the largest asset's bytes")
        #expect(dom.stdout.contains("<li>"), "the panel lists variants")

        let screenshot = folder.appendingPathComponent("car.png")
        let shot = try Self.chromium(
            ["--screenshot=\(screenshot.path)", "--window-size=1280,900", "--hide-scrollbars", page.absoluteString],
            profile: folder.appendingPathComponent("profile-shot"))
        #expect(shot.status == 0)
        let png = try Data(contentsOf: screenshot)
        #expect(png.count > 30_000, "a screenshot of a drawn treemap is not tiny (\(png.count) bytes)")
        if let keep = ProcessInfo.processInfo.environment["ASSETC_TREEMAP_SCREENSHOT"], !keep.isEmpty {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: screenshot, to: URL(fileURLWithPath: keep))
        }
    }

    /// The integer value of `attribute` in every element whose opening tag starts with `marker`.
    static func numbers(after marker: String, attribute: String, in html: String) -> [Int] {
        var values: [Int] = []
        var rest = Substring(html)
        while let start = rest.range(of: marker) {
            rest = rest[start.upperBound...]
            let tag = rest[..<(rest.firstIndex(of: ">") ?? rest.endIndex)]
            if let found = tag.range(of: " \(attribute)=\"") {
                if let value = Int(tag[found.upperBound...].prefix { $0.isNumber }) { values.append(value) }
            }
        }
        return values
    }
}

/// Finds and runs Debian's `chromium` (or `chromium-browser`).
enum HeadlessChromium {
    static let path: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Runs Chromium headless with its own profile folder; returns standard output.
    static func run(_ arguments: [String], profile: URL) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-dev-shm-usage",
            "--user-data-dir=\(profile.path)",
        ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
