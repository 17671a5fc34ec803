import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Inspection: PDF and SVG structure, TIFF")
struct StructureCheckTests {
    private func pdfProblem(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBytes { PDFStructure.problem($0) } }
    private func svg(_ text: String) -> SVGStructure.Outline { Array(text.utf8).withUnsafeBytes { SVGStructure.scan($0) } }

    @Test("a sound PDF passes; one cut short, without startxref, or whose xref offset is wrong does not")
    func pdf() {
        let good = NestedFixtures.pdf()
        #expect(pdfProblem(good) == nil)
        // Trailing junk after %%EOF (some writers add a newline or two) is fine.
        #expect(pdfProblem(good + Array("\n\n".utf8)) == nil)
        #expect(pdfProblem(Array(good.prefix(good.count / 2)))?.contains("no %%EOF") == true)
        let text = String(decoding: good, as: UTF8.self)
        let noStart = text.replacingOccurrences(of: "startxref", with: "startabc")
        #expect(pdfProblem(Array(noStart.utf8))?.contains("no startxref") == true)
        let offset = text.range(of: "startxref\n")!.upperBound
        let xrefValue = Int(text[offset...].prefix { $0.isNumber })!
        let shifted = text.replacingOccurrences(of: "startxref\n\(xrefValue)", with: "startxref\n\(xrefValue - 7)")
        #expect(pdfProblem(Array(shifted.utf8))?.contains("broken xref") == true)
        let beyond = text.replacingOccurrences(of: "startxref\n\(xrefValue)", with: "startxref\n99999999")
        #expect(pdfProblem(Array(beyond.utf8))?.contains("beyond") == true)
        // A cross-reference stream (`N G obj`) at the offset is as good as a table.
        let stream = Array("%PDF-1.5\n5 0 obj\n<< /Type /XRef >>\nstream\nendstream\nendobj\nstartxref\n9\n%%EOF".utf8)
        #expect(pdfProblem(stream) == nil)
    }

    @Test("messages name offsets, never the file's bytes")
    func noQuoting() {
        let secret = "SECRET-TOKEN-1234"
        let messages = [
            svg("<svg><\(secret)></svg>").problem, svg("<\(secret)/>").problem, svg("<svg>\(secret)").problem,
            pdfProblem(Array("%PDF-1.4 \(secret) startxref \(secret) %%EOF".utf8)),
        ]
        for message in messages {
            #expect(message != nil)
            #expect(message?.contains(secret) == false)
        }
    }

    @Test("SVG: well-formed with an svg root passes; broken nesting, truncation, other roots, second roots do not")
    func svgStructure() {
        #expect(svg(#"<?xml version="1.0"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg"><g id="a"><path d="M0 0"/></g><![CDATA[x<y]]></svg>"#).problem == nil)
        #expect(svg("\u{FEFF}<svg:svg xmlns:svg='http://www.w3.org/2000/svg'></svg:svg>\n").problem == nil)
        #expect(svg(#"<svg><g></svg></g>"#).problem?.contains("does not match") == true)
        #expect(svg(#"<svg><g>"#).problem?.contains("never closed") == true)
        #expect(svg(#"<svg><path d="M0 0"#).problem?.contains("cut off") == true)
        #expect(svg(#"<html><svg></svg></html>"#).problem?.contains("no <svg> root") == true)
        #expect(svg(#"<svg></svg><svg></svg>"#).problem?.contains("second root") == true)
        #expect(svg(#"<svg a=b></svg>"#).problem?.contains("malformed tag") == true)
        #expect(svg("").problem?.contains("no <svg> root") == true)
        #expect(svg("<svg></svg>trailing").problem?.contains("text outside") == true)
        #expect(svg(#"<svg><!-- open"#).problem?.contains("comment") == true)
    }

    @Test("SVG scanning is linear: deep nesting and long files finish quickly and are judged right")
    func svgLinear() {
        let depth = 50_000
        let deep = "<svg>" + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</svg>"
        #expect(svg(deep).problem == nil)
        let unclosed = "<svg>" + String(repeating: "<g>", count: depth)
        #expect(svg(unclosed).problem != nil)
        let comments = "<svg>" + String(repeating: "<!-- -- -->", count: 100_000) + "</svg>"
        #expect(svg(comments).problem == nil)
    }

    @Test("TIFF is sniffed in both byte orders and its pixel size read; a damaged directory gives no size")
    func tiff() {
        let little = NestedFixtures.tiff(width: 300, height: 200)
        #expect(ContentSniffer.sniff(little) == .tiff)
        #expect(ContentSniffer.sniff([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
        let inspection = FileInspector().inspect(bytes: little)
        #expect(inspection.contentType == .tiff && inspection.pixelWidth == 300 && inspection.pixelHeight == 200)
        var damaged = little
        damaged[4] = 0xF0  // directory offset beyond the file
        #expect(FileInspector().inspect(bytes: damaged).pixelWidth == nil)
        #expect(ContentType(fileExtension: "tif") == .tiff && ContentType(fileExtension: "TIFF") == .tiff)
        #expect(ContentType(archiveCode: ContentType.tiff.archiveCode) == .tiff)
    }

    @Test("the reader reports a truncated PDF and a malformed SVG as corrupt images; sound ones pass")
    func readerFindings() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset("Doc", [("doc.pdf", "")])
        try fixture.write("Doc.imageset/doc.pdf", Array(NestedFixtures.pdf().dropLast(8)))
        try fixture.imageset("Fine", [("fine.pdf", "")])
        try fixture.write("Fine.imageset/fine.pdf", NestedFixtures.pdf())
        try fixture.imageset("Vector", [("v.svg", "")])
        try fixture.write("Vector.imageset/v.svg", text: "<svg><g></svg>")
        try fixture.imageset("Photo", [("p.tiff", #""scale":"1x""#)])
        try fixture.write("Photo.imageset/p.tiff", NestedFixtures.tiff(width: 4, height: 4))
        let index = fixture.read()
        #expect(index.has("corrupt-image", at: "Doc.imageset/doc.pdf", "no %%EOF"))
        #expect(index.has("corrupt-image", at: "Vector.imageset/v.svg", "not well-formed XML"))
        #expect(!index.diagnostics.contains { $0.path.hasPrefix("Fine.") || $0.path.hasPrefix("Photo.") }, "\(index.diagnosticDump)")
        #expect(index.asset(named: "Photo")?.variants.first?.contentType == .tiff)
    }
}
