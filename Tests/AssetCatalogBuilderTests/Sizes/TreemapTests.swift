import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("The report's treemap")
struct TreemapTests {
    typealias Rect = Treemap.Rect

    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return max(0, width) * max(0, height)
    }

    @Test func rectanglesTileTheAreaInProportionWithoutOverlapping() {
        // The example of Bruls, Huizing and van Wijk: 6, 6, 4, 3, 2, 2, 1 in a 6 x 4 rectangle.
        let values: [Double] = [6, 6, 4, 3, 2, 2, 1]
        let bounds = Rect(x: 0, y: 0, width: 6, height: 4)
        let rects = Treemap.layout(values, in: bounds)
        for (value, rect) in zip(values, rects) {
            #expect(abs(rect.area - value) < 1e-9, "\(value): \(rect)")
            #expect(rect.x >= -1e-9 && rect.y >= -1e-9 && rect.x + rect.width <= 6 + 1e-9 && rect.y + rect.height <= 4 + 1e-9)
            #expect(max(rect.width / rect.height, rect.height / rect.width) <= 3, "squarified: \(rect)")
        }
        for i in rects.indices { for j in rects.indices where j > i { #expect(Self.overlap(rects[i], rects[j]) < 1e-9) } }
        // The paper's first row: the two 6s stacked in a column 3 wide.
        #expect(abs(rects[0].width - 3) < 1e-9 && abs(rects[1].width - 3) < 1e-9 && rects[0].x == 0 && rects[1].x == 0)
    }

    @Test func manyUnevenValuesStillTileExactly() {
        var state: UInt64 = 42
        let values: [Double] = (0..<500).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 40 % 100_000 + 1) * (state % 7 == 0 ? 50 : 1)
        } + [0, 0]
        let bounds = Rect(x: 10, y: 20, width: 960, height: 560)
        let rects = Treemap.layout(values, in: bounds)
        let total = values.reduce(0, +)
        #expect(abs(rects.reduce(0) { $0 + $1.area } - bounds.area) < 1e-6 * bounds.area)
        for (value, rect) in zip(values, rects) {
            #expect(abs(rect.area - value / total * bounds.area) < 1e-6 * bounds.area)
        }
        #expect(rects[500].area == 0 && rects[501].area == 0, "zero values get no area")
    }

    @Test func aCarsReportDrawsEveryRenditionsBytes() throws {
        let fixture = try SizeFixture()
        let root = try fixture.catalog(version: 2)
        let car = try SizeFixture.car(root)
        let index = CatalogIndex(car: car, path: "App.car")
        let report = Auditor().audit(index, compiledCatalogs: ["App.car": car])
        let html = HTMLReportRenderer.render(ReportDocument(car: car, index: index, report: report))
        let total = car.renditions.reduce(0) { $0 + $1.byteCount }
        #expect(html.contains("<section class=\"sizes\" id=\"sizes\" data-total-bytes=\"\(total)\">"))
        let tiles = Self.attributes("data-bytes", of: "tm-asset", in: html)
        #expect(tiles.reduce(0, +) == total, "the tiles add up to every rendition's bytes")
        #expect(tiles.count == SizeInventory(car: car, path: "").assets.filter { $0.bytes > 0 }.count)
        #expect(html.contains("data-namespace=\"Icons\"") && html.contains("data-namespace=\"top level\""))
        #expect(html.contains("<g class=\"tm-asset\" tabindex=\"0\" data-asset=\"Icons/Moon\""))
        // The tooltip lists the variants; the tile links to the asset's section.
        #expect(html.contains("<title>Hero — "))
        #expect(html.contains("universal 3x · "))
        #expect(html.contains("data-asset=\"Hero\" data-bytes=\"") && html.contains("data-section=\"asset-"))
        #expect(html.contains("class=\"tm-legend\""))
        // Every coordinate stays inside the map.
        for value in Self.attributes("width", of: "tm-frame", in: html) { #expect(value <= 960) }
    }

    @Test func anArchivesReportDrawsItsPayloads() throws {
        let fixture = try SizeFixture()
        let archive = try SizeFixture.archive(try fixture.catalog(version: 1))
        let document = try ReportDocument(archive: archive, path: "App.assetc")
        let html = HTMLReportRenderer.render(document)
        let sizes = try #require(document.sizes)
        #expect(sizes.kind == .archive)
        #expect(Self.attributes("data-bytes", of: "tm-asset", in: html).reduce(0, +) == sizes.totalBytes)
        #expect(html.contains("takes no bytes of its own"), "the colour is said not to be drawn")
    }

    @Test func aSourceCatalogsReportHasNoTreemap() {
        let html = HTMLReportRenderer.render(ReportDocument(index: CatalogIndex(), report: AuditReport(findings: [], sources: [], assetCount: 0)))
        #expect(!html.contains("class=\"sizes\""))
    }

    @Test func encodingsGetFixedReadableColours() {
        #expect(HTMLTreemapRenderer.color(for: "lzfse") == "#4e79a7")
        #expect(HTMLTreemapRenderer.color(for: "deepmap2") != HTMLTreemapRenderer.color(for: "lzfse"))
        #expect(HTMLTreemapRenderer.color(for: "compression-42") == HTMLTreemapRenderer.color(for: "compression-42"))
        #expect(HTMLTreemapRenderer.isDark("#4e79a7") && !HTMLTreemapRenderer.isDark("#edc948"))
        #expect(HTMLTreemapRenderer.fitted("Onboarding", width: 40, characterWidth: 6) == "Onboa…", "six characters fit, the last an ellipsis")
        #expect(HTMLTreemapRenderer.fitted("Star", width: 40, characterWidth: 6) == "Star")
    }

    /// The integer values of `attribute` on every element whose class starts with `className`.
    static func attributes(_ attribute: String, of className: String, in html: String) -> [Int] {
        var values: [Int] = []
        var rest = Substring(html)
        let marker = "class=\"\(className)"
        while let start = rest.range(of: marker) {
            rest = rest[start.upperBound...]
            let end = rest.firstIndex(of: ">") ?? rest.endIndex
            let element = rest[..<end]
            if let found = element.range(of: " \(attribute)=\"") {
                let digits = element[found.upperBound...].prefix { $0.isNumber || $0 == "." }
                if let value = Double(digits) { values.append(Int(value)) }
            }
        }
        return values
    }
}
