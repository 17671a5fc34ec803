import Foundation
import Testing

@testable import AssetCatalogBuilder

/// docs/AUDITS.md is generated from the rules; it must not go stale.
@Suite("Audit documentation")
struct AuditDocumentationTests {
    @Test("docs/AUDITS.md is what 'assetc audit --list-rules --format markdown' prints")
    func upToDate() throws {
        let url = AuditTestSupport.repositoryRoot.appendingPathComponent("docs/AUDITS.md")
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        let generated = AuditDocumentation.markdown()
        #expect(
            onDisk == generated,
            "docs/AUDITS.md is stale: regenerate it with 'swift run assetc audit --list-rules --format markdown > docs/AUDITS.md'")
    }

    @Test("Every rule has a section with its severity, rationale and examples")
    func everyRuleDocumented() {
        let text = AuditDocumentation.markdown()
        for rule in AuditRules.all {
            #expect(text.contains("### \(rule.identifier)\n\n**Default severity:** \(rule.defaultSeverity.rawValue)"))
            #expect(text.contains(rule.rationale))
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                #expect(text.contains("- \(example.summary)\n"))
            }
            for option in rule.options { #expect(text.contains("- `\(option.name)` (default")) }
        }
    }
}
