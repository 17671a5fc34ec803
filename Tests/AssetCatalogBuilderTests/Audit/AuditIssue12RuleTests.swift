import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// What the rules changed for real catalogs say, beyond firing or not.
@Suite("Audit rules: messages and severities for real catalogs")
struct AuditIssue12RuleTests {
    @Test("unoptimized-png says where the saving comes from")
    func unoptimizedSavingSource() throws {
        let example = UnoptimizedPNGRule.triggeringExamples[1]
        let report = try AuditTestSupport.audit(example)
        let hits = report.findings.filter { $0.rule == UnoptimizedPNGRule.identifier }
        #expect(hits.count == 2, "\(AuditTestSupport.dump(report))")
        for hit in hits {
            #expect(hit.message.contains("a 14 KB iTXt metadata chunk (text or XMP)"), "\(hit.message)")
        }
        let stored = try AuditTestSupport.audit(UnoptimizedPNGRule.triggeringExamples[0]).findings
            .filter { $0.rule == UnoptimizedPNGRule.identifier }
        #expect(stored.allSatisfy { $0.message.contains("from recompressing the image data") && !$0.message.contains("metadata") }, "\(stored)")
    }

    @Test("byte sizes are worded without overflow")
    func byteSizes() {
        #expect(UnoptimizedPNGRule.byteSize(1) == "1 byte")
        #expect(UnoptimizedPNGRule.byteSize(19, adjective: true) == "19-byte")
        #expect(UnoptimizedPNGRule.byteSize(14_000) == "14 KB")
        #expect(UnoptimizedPNGRule.byteSize(2_621_440) == "2.5 MB")
        #expect(!UnoptimizedPNGRule.byteSize(Int.max / 2).isEmpty)
    }

    @Test("alpha in the App Store icon is an error; opaque-alpha leaves it to app-icon-alpha")
    func marketingAlpha() throws {
        let report = try AuditTestSupport.audit(AppIconAlphaRule.triggeringExamples[0])
        let alpha = report.findings.filter { $0.rule == AppIconAlphaRule.identifier }
        #expect(alpha.map(\.severity) == [.error], "\(AuditTestSupport.dump(report))")
        #expect(alpha.first?.message.contains("every pixel is opaque") == true)
        #expect(report.findings.filter { $0.rule == OpaqueAlphaRule.identifier }.isEmpty, "\(AuditTestSupport.dump(report))")
    }

    @Test("a missing iPhone icon gets actool's warning, naming the slot")
    func missingIconSize() throws {
        let report = try AuditTestSupport.audit(AppIconMissingSizeRule.triggeringExamples[0])
        let hits = report.findings.filter { $0.rule == AppIconMissingSizeRule.identifier }
        #expect(hits.count == 1, "\(AuditTestSupport.dump(report))")
        #expect(hits.first?.severity == .warning)
        #expect(hits.first?.message.hasPrefix("A 120x120 app icon is required for iPhone apps targeting iOS 7.0 and later") == true)
        #expect(hits.first?.path == "AppIcon.appiconset/Contents.json")
    }

    @Test("upscaled-on-device: a small 1x image is reported, a 1024 px one is not, and the threshold is an option")
    func upscaledPixelSize() throws {
        let large = UpscaledOnDeviceRule.nonTriggeringExamples.first { $0.summary.hasPrefix("A 1024×1024") }
        let example = try #require(large)
        #expect(try AuditTestSupport.audit(example).findings.filter { $0.rule == UpscaledOnDeviceRule.identifier }.isEmpty)
        var strict = example
        strict.files["Artwork.imageset/.assetc.yml"] = nil
        strict.files[".assetc.yml"] = .text("rules:\n  upscaled-on-device:\n    resized-from-pixels: 4096\n")
        let hits = try AuditTestSupport.audit(strict).findings.filter { $0.rule == UpscaledOnDeviceRule.identifier }
        #expect(!hits.isEmpty)
    }

    @Test("an app icon entry with an absurd size is not a crash")
    func absurdIconSize() throws {
        let example = AuditExample(
            "huge size",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant("Icon.png", idiom: "iphone", scale: "3x", #""size":"1e300x1e300""#, .png(180, 180))],
                folderExtension: "appiconset"))
        let report = try AuditTestSupport.audit(example)
        #expect(report.findings.filter { $0.rule == AppIconSizeRule.identifier }.isEmpty)
        #expect(AppIconSizeRule.parseSize("1e300x1e300") == nil)
        #expect(AppIconSizeRule.parseSize("83.5x83.5")?.width == 83.5)
    }
}
