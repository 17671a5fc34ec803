import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The HTML report's content, without a browser (AuditReportChromiumTests renders it in Chromium).
@Suite("Audit HTML report")
struct AuditHTMLReportTests {
    static func catalogPage(_ name: String) -> (index: CatalogIndex, report: AuditReport, html: String) {
        let root = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs/\(name)").path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        let report = Auditor(jobs: 2).audit(index)
        return (index, report, HTMLReportRenderer.render(ReportDocument(index: index, report: report)))
    }

    @Test("Broken.xcassets: a section per asset, every finding, empty and broken slots marked")
    func broken() {
        let (index, report, html) = Self.catalogPage("Broken.xcassets")
        for asset in index.assets {
            #expect(html.contains("data-asset=\"\(HTMLReportRenderer.escape(asset.name))\""), "\(asset.name)")
        }
        for finding in report.findings {
            #expect(html.contains(HTMLReportRenderer.escape(finding.message)), "\(finding)")
        }
        #expect(html.contains("data-asset=\"NotJSON\""), "sets the reader could not index still get a section")
        #expect(html.contains("data-slot=\"empty\""))
        #expect(html.contains("data-slot=\"broken\""))
        #expect(html.contains("class=\"choice upscaled"))
        #expect(html.contains("data:image/png;base64,"))
        #expect(!html.contains("<script src") && !html.contains("<link "), "self-contained")
    }

    @Test("Showcase: PDFs are drawn as pictures, colours are swatches, dark variants get a dark row")
    func showcase() {
        let (_, report, html) = Self.catalogPage("Showcase.xcassets")
        #expect(report.findings.isEmpty)
        // The PDF drawn to a PNG (poppler), not a labelled placeholder.
        #expect(html.contains("alt=\"Settings.pdf\" src=\"data:image/png;base64,"), "the PDF is drawn")
        #expect(!html.contains("data-slot=\"pdf\""))
        #expect(html.contains("data-slot=\"color\""))
        #expect(html.contains("data:image/svg+xml;base64,"))
        #expect(html.contains("<th class=\"row\">dark</th>"))
        #expect(!html.contains("class=\"finding "))
    }

    @Test("An archive gets the same contact sheets and device matrix, without findings")
    func archive() throws {
        let root = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        let bytes = try Packer().packToBytes(index).archive
        let archive = try AssetArchive(bytes: bytes)
        let document = try ReportDocument(archive: archive, path: "Showcase.assetc")
        #expect(document.assets.map(\.name) == index.assets.map(\.name))
        let html = HTMLReportRenderer.render(document)
        #expect(html.contains("data-asset=\"Hero\""))
        #expect(html.contains("data:image/png;base64,"))
        #expect(html.contains("no findings are shown"))
    }

    @Test("Escaping and base64")
    func encoding() {
        #expect(HTMLReportRenderer.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLReportRenderer.base64(Array("Man".utf8)) == "TWFu")
        #expect(HTMLReportRenderer.base64(Array("Ma".utf8)) == "TWE=")
        #expect(HTMLReportRenderer.base64(Array("M".utf8)) == "TQ==")
        #expect(HTMLReportRenderer.base64([]) == "")
    }
}
