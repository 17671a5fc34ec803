import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The HTML report is opened by people reviewing a pull request: nothing a repository names can become
/// script in it.
@Suite("HTML report safety")
struct AuditReportSafetyTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(
        "links are relative paths that cannot be read as a scheme or a host",
        arguments: [
            ("javascript:alert(document.domain).imageset/a.pdf", "./javascript%3Aalert%28document.domain%29.imageset/a.pdf"),
            ("../App.xcassets/Hero.imageset/a%20b.png", "../App.xcassets/Hero.imageset/a%20b.png"),
            ("//evil.example/x.png", ".///evil.example/x.png"),
            ("data:text/html,<script>", "./data%3Atext/html%2C%3Cscript%3E"),
            ("Icons/50%.png", "./Icons/50%25.png"),
        ])
    func relativeLinks(link: String, expected: String) {
        #expect(HTMLReportRenderer.relativeLink(link) == expected)
    }

    @Test("the page carries a Content-Security-Policy that allows only its own script, by hash")
    func contentSecurityPolicy() {
        let policy = HTMLReportRenderer.contentSecurityPolicy
        #expect(policy.contains("default-src 'none'"))
        let scriptDirective = policy.split(separator: ";").first { $0.contains("script-src") }.map(String.init) ?? ""
        #expect(!scriptDirective.contains("unsafe"), "\(scriptDirective)")
        let hash = HTMLReportRenderer.base64(SHA256.digest(Array(HTMLReportRenderer.script.utf8)))
        #expect(policy.contains("script-src 'sha256-\(hash)'"))
    }
}
