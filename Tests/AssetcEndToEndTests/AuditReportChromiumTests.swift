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
