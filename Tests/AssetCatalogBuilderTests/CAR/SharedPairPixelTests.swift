import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Issue 42's measure on the source/car pairs of ../shared/cars that Xcode built (skipped without them): each source
/// compiled as `Scripts/compare-with-xcode.sh` compiles it, then every image CoreUI's rules find in Xcode's car asked of
/// both cars (`CARLookupComparison`): the same pixels, channel for channel, but where assetc draws what Xcode drew with
/// Liquid Glass (the flat Icon Composer images for systems before 26, docs/ICON-RENDERING.md).
@Suite("Shared pairs: Xcode's pixels")
struct SharedPairPixelTests {
    static func comparison(
        _ inputs: [String], car: String, target: String, appIcon: String, drawsIconImages: Bool = true
    ) throws -> CARLookupComparison {
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(inputs)
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        var options = CompileOptions(platform: .macosx, minimumDeploymentTarget: target, appIcon: appIcon, toolVersion: "test")
        options.drawsIconComposerImages = drawsIconImages
        let ours = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: car))))
        return CARLookupComparison.compare(ours: ours, xcode: xcode)
    }

    @Test func heliportGivesXcodesPixelsForEveryLookup() throws {
        guard let folder = SharedCars.folder("0xMisagi+heliport_icons") else { return }
        let result = try Self.comparison([folder + "/src/Assets.xcassets"], car: folder + "/Assets.car", target: "10.12", appIcon: "AppIcon")
        #expect(result.requestCount >= 90 && result.undecodable == 0)
        #expect(result.exact == result.requestCount, "\(result.mismatches.prefix(3)) \(result.nearMatches.prefix(3))")
    }

    @Test func sudokuGivesXcodesPixelsForEveryLookup() throws {
        guard let folder = SharedCars.folder("jo-tools+sudoku") else { return }
        let source = folder + "/src/Resources/Assets"
        // Xcode 26.0.1 built this car: no flat images drawn from the icon.
        let result = try Self.comparison(
            [source + "/Assets.xcassets", source + "/App.icon"], car: folder + "/Resources__Assets.car", target: "10.14", appIcon: "App",
            drawsIconImages: false)
        #expect(result.requestCount >= 12 && result.undecodable == 0)
        #expect(result.exact == result.requestCount, "\(result.mismatches.prefix(3)) \(result.nearMatches.prefix(3))")
    }

    @Test func cubeSQLGivesXcodesPixelsButForTheDrawnIcon() throws {
        guard let folder = SharedCars.folder("cubesql+cubeSQLAdmin") else { return }
        let source = folder + "/src/Resources/Assets"
        let result = try Self.comparison(
            [source + "/Assets.xcassets", source + "/App.icon"], car: folder + "/Resources__Assets.car", target: "10.14", appIcon: "App")
        #expect(result.requestCount >= 12 && result.undecodable == 0)
        // The icon layer (deepmap-LZFSE, chroma halved as Xcode's) and everything else exact; only the drawn icon differs.
        #expect(result.nearMatches.isEmpty, "\(result.nearMatches)")
        #expect(result.mismatches.allSatisfy { $0.request.name == "App" }, "\(result.mismatches)")
        #expect(result.exact + result.mismatches.count == result.requestCount)
    }

    /// SwiftUITestProject1 (Xcode 15, iOS 17): its JPEG image set is stored as Xcode stores it, header, tags and bytes
    /// (the file without its Photoshop segment).
    @Test func swiftUITestProjectsJPEGIsStoredAsXcodeStoresIt() throws {
        guard let folder = SharedCars.folder("NikitaKosolapov+SwiftUITestProject1") else { return }
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([folder + "/src/SwiftUITestProject/Assets.xcassets"])
        let options = CompileOptions(platform: .iphonesimulator, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let ours = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder
            + "/DerivedData__SwiftUITestProject__Build__Products__Debug-iphonesimulator__SwiftUITestProject.app__Assets.car"))))
        let differences = CARStructureComparison.differences(ours: CARStructure(file: ours), xcode: CARStructure(file: xcode))
        #expect(!differences.contains { $0.subject.hasPrefix("Avatar ") }, "\(differences.filter { $0.subject.hasPrefix("Avatar ") })")
        func stored(_ car: CARFile) -> [UInt8]? {
            guard case .raw(let bytes)? = car.renditions.first(where: { $0.name == "Avatar.jpg" })?.payload else { return nil }
            return bytes.bytes
        }
        #expect(stored(ours) != nil && stored(ours) == stored(xcode))
    }
}
