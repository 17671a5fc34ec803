import Foundation
import Testing

/// Links a repository plants to make assetc read outside the catalog root: a `Contents.json` or an
/// `.assetc.yml` that leads out is refused like an image link, and nothing from outside is printed.
@Suite("Hostile repository: links out of the root")
struct HostileLinkTests {
    static let secret = "DB_PASSWORD=hunter2-outside"

    @Test("a set's, a group's and the root's Contents.json linked out of the root are refused as unsafe-path", arguments: ["set", "group", "root"])
    func contentsLinkedOutside(place: String) throws {
        let repository = try HostileRepository()
        let foreign = try repository.writeOutside(
            "Contents.json",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0.111","green":"0.222","blue":"0.333","alpha":"1"}}}],"properties":{"provides-namespace":true},"info":{"author":"xcode","version":1},"leakedKey":1}"#
        )
        switch place {
        case "set":
            try repository.link("Accent.colorset/Contents.json", to: foreign)
        case "group":
            try repository.imageSet("Group/Icon")
            try repository.link("Group/Contents.json", to: foreign)
        default:
            try FileManager.default.removeItem(at: repository.catalog.appendingPathComponent("Contents.json"))
            try repository.link("Contents.json", to: foreign)
            try repository.imageSet("Icon")
        }
        let info = try Assetc.run(["info", repository.catalog.path])
        #expect(!info.output.contains("0.111"), "\(info.output)")
        #expect(!info.output.contains("leakedKey"), "\(info.output)")
        #expect(info.output.contains("outside the catalog root"), "\(info.output)")
        if place == "group" {
            #expect(info.output.contains("  Icon  [image]"), "no namespace from the foreign file: \(info.output)")
        }
        let audit = try Assetc.run(["audit", repository.catalog.path])
        #expect(audit.status == 1, "\(audit.output)")
        #expect(audit.stdout.contains("[unsafe-path]"), "\(audit.stdout)")
        #expect(!audit.output.contains("leakedKey"))
    }

    @Test("an .assetc.yml linked out of the root is refused without quoting it (exit 2)")
    func configLinkedOutside() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        let secret = try repository.writeOutside("secrets.env", Self.secret + "\nAPI_KEY: also-secret\n")
        try repository.link(".assetc.yml", to: secret)
        for command in ["audit", "report"] {
            var arguments = [command, repository.catalog.path]
            if command == "report" { arguments += ["-o", repository.folder.appendingPathComponent("r.html").path] }
            let run = try Assetc.run(arguments)
            #expect(run.status == 2, "\(command): \(run.output)")
            #expect(run.stderr.contains("leads outside the catalog root"), "\(run.stderr)")
            #expect(!run.output.contains("hunter2") && !run.output.contains("also-secret") && !run.output.contains("DB_PASSWORD"))
        }
    }

    @Test("an .assetc.yml linked to a file inside the root is read")
    func configLinkedInside() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        try repository.write("config/assetc.yml", "rules:\n  nonexistent-rule: off\n")
        try repository.link(".assetc.yml", to: repository.catalog.appendingPathComponent("config/assetc.yml").path)
        let run = try Assetc.run(["audit", repository.catalog.path])
        #expect(run.status == 2 && run.stderr.contains("unknown rule 'nonexistent-rule'"), "\(run.output)")
    }

    @Test("a malformed config line is reported by line number without quoting it")
    func configLineNotQuoted() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        try repository.write(".assetc.yml", "rules:\n  missing-file: off\n" + Self.secret + "\n")
        let run = try Assetc.run(["audit", repository.catalog.path])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.stderr.contains(".assetc.yml:3:"), "\(run.stderr)")
        #expect(!run.output.contains("hunter2"), "\(run.stderr)")
    }
}

/// The report a repository can shape.
@Suite("Hostile repository: HTML report")
struct HostileReportTests {
    @Test("a set named javascript:… links to ./javascript%3A…, and the page has a script-hash CSP")
    func javascriptSetName() throws {
        let repository = try HostileRepository()
        let set = "javascript:alert(document.domain).imageset"
        // A sound PDF: startxref points at the xref table (byte 27), so the reader does not call it truncated.
        try repository.write(
            "\(set)/a.pdf",
            "%PDF-1.4\n1 0 obj<<>>endobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer<</Size 2>>\nstartxref\n27\n%%EOF\n")
        try repository.write(
            "\(set)/Contents.json",
            #"{"images":[{"idiom":"universal","filename":"a.pdf"}],"info":{"author":"xcode","version":1},"properties":{"preserves-vector-representation":true}}"#)
        let run = try Assetc.run(["report", ".", "-o", "report.html"], in: repository.catalog)
        #expect(run.status == 0 || run.status == 1, "\(run.output)")
        let html = try String(contentsOf: repository.catalog.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!html.contains("href=\"javascript:"), "a link the browser reads as a scheme")
        #expect(html.contains("href=\"./javascript%3Aalert"), "the link is relative and encoded")
        #expect(html.contains("http-equiv=\"Content-Security-Policy\""))
        #expect(html.contains("script-src 'sha256-"))
    }
}
