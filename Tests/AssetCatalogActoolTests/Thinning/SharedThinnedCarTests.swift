import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool

/// Xcode 15's car of the SwiftUITestProject1 sample thinned for a 3x iPhone simulator (../shared; skipped without it):
/// the same image facets, each with the scales Xcode kept (PDFs drawn at 3x only, a 1x-only JPEG kept).
@Suite("Thinning: Xcode's thinned car")
struct SharedThinnedCarTests {
    @Test func theThinnedSampleKeepsXcodesScales() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/cars/NikitaKosolapov+SwiftUITestProject1").path
        let xcodePath = folder + "/DerivedData__SwiftUITestProject__Build__Products__Debug-iphonesimulator__SwiftUITestProject.app__Assets.car"
        guard FileManager.default.fileExists(atPath: xcodePath) else { return }
        let device = try #require(DeviceTable.device(model: "iPhone16,1"))
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([folder + "/src/SwiftUITestProject/Assets.xcassets"]).thinned(for: device)
        var options = CompileOptions(platform: .iphonesimulator, minimumDeploymentTarget: "17.0", toolVersion: "test")
        options.deviceScale = device.displayScale?.value
        let ours = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: xcodePath))))
        // Image facets (the app icon aside: its generated sizes differ by Xcode version) and the scales of their renditions.
        func scales(_ car: CARFile) -> [String: [UInt16]] {
            var result: [String: [UInt16]] = [:]
            for facet in car.facets where facet.name != "AppIcon" {
                let renditions = facet.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 181 }
                if !renditions.isEmpty { result[facet.name] = renditions.map { $0.key[.scale] }.sorted() }
            }
            return result
        }
        #expect(scales(ours) == scales(xcode))
        #expect(scales(ours)["Avatar"] == [1] && scales(ours)["Logo1"] == [3])
    }
}
