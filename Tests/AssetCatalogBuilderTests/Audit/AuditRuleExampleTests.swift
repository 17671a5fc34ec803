import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Every rule proves itself: it fires on each of its triggering examples and stays silent on each of its
/// non-triggering ones. The examples are the rules' own (`docs/AUDITS.md` shows them), so adding a rule
/// without examples, or with examples that do not behave, fails here.
@Suite("Audit rules: each fires on its triggering examples and stays quiet on the others")
struct AuditRuleExampleTests {
    /// One example of one rule.
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let triggering: Bool
        let position: Int
        let example: AuditExample

        var testDescription: String { "\(rule) \(triggering ? "fires on" : "is quiet on"): \(example.summary)" }
    }

    static let cases: [Case] = AuditRules.all.flatMap { rule in
        rule.triggeringExamples.enumerated().map { Case(rule: rule.identifier, triggering: true, position: $0, example: $1) }
            + rule.nonTriggeringExamples.enumerated().map {
                Case(rule: rule.identifier, triggering: false, position: $0, example: $1)
            }
    }

    @Test("Example", arguments: cases)
    func example(_ testCase: Case) throws {
        let report = try AuditTestSupport.audit(testCase.example)
        let hits = report.findings.filter { $0.rule == testCase.rule }
        if testCase.triggering {
            #expect(!hits.isEmpty, "\(testCase.rule) did not fire on '\(testCase.example.summary)'. All findings:\n\(AuditTestSupport.dump(report))")
            for hit in hits {
                #expect(!hit.message.isEmpty)
                #expect(!hit.path.hasPrefix("/"), "paths are relative to the catalog root: \(hit.path)")
            }
        } else {
            #expect(hits.isEmpty, "\(testCase.rule) fired on '\(testCase.example.summary)':\n\(hits.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test("Every rule has an identifier of its own, a rationale and both kinds of example")
    func metadata() {
        var seen: Set<String> = []
        for rule in AuditRules.all {
            #expect(seen.insert(rule.identifier).inserted, "\(rule.identifier) is registered twice")
            #expect(rule.identifier.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.identifier)")
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty, "\(rule.identifier)")
            #expect(!rule.triggeringExamples.isEmpty, "\(rule.identifier) has no triggering example")
            #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.identifier) has no non-triggering example")
            #expect(AuditRules.rule(identifier: rule.identifier) != nil)
        }
    }

    @Test("Every rule id the reader emits has a documented audit rule")
    func readerRulesAreCovered() {
        for readerRule in ReaderRule.allCases {
            #expect(
                AuditRules.rule(identifier: readerRule.rawValue) != nil,
                "the reader emits '\(readerRule.rawValue)' but no audit rule documents it")
        }
    }
}
