import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Issue 42's size measure on the source/car pairs of ../shared/cars that Xcode built (skipped without them): each
/// source compiled for the target Xcode built it for, for the oldest target of the same car format, and for the newest
/// target, gives a car no larger than Xcode's.
///
/// "The same car format" is where CoreUI reads what the pair's car holds: LZFSE and packed atlases from macOS 10.11,
/// deepmap2 from iOS 13. Older targets are not compared, as Xcode's car for them is not one of these files: macOS 10.9
/// and 10.10 read neither LZFSE nor atlases (heliport's car is then 1.23x Xcode's 10.12 one, all LZVN), and an iOS
/// 9–12 car holds three copies of every image, one per deployment target, as Flex's and zhihu's cars do
/// (SwiftUITestProject1's is then 2.02x Xcode's iOS 17 one; docs/CAR-FORMAT.md, "Copies per deployment target").
@Suite("Shared pairs: no larger than Xcode's car")
struct SharedPairSizeTests {
    /// Compiles `inputs` for each of `targets` and expects each car no larger than Xcode's car at `xcodeCar`.
    static func expectNoLarger(
        _ inputs: [String], than xcodeCar: String, platform: CompilePlatform, targets: [String], appIcon: String,
        drawsIconImages: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let xcodeSize = try #require(try FileManager.default.attributesOfItem(atPath: xcodeCar)[.size] as? Int)
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(inputs)
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)", sourceLocation: sourceLocation)
        for target in targets {
            var options = CompileOptions(platform: platform, minimumDeploymentTarget: target, appIcon: appIcon, toolVersion: "test")
            options.drawsIconComposerImages = drawsIconImages
            let ours = try CARCompiler(options: options).compile(index).car.count
            #expect(ours <= xcodeSize, "\(platform) \(target): \(ours) bytes, Xcode's car \(xcodeSize)", sourceLocation: sourceLocation)
        }
    }

    @Test func heliport() throws {
        guard let folder = SharedCars.folder("0xMisagi+heliport_icons") else { return }
        try Self.expectNoLarger(
            [folder + "/src/Assets.xcassets"], than: folder + "/Assets.car", platform: .macosx, targets: ["10.11", "10.12", "26.0"],
            appIcon: "AppIcon")
    }

    /// As Xcode 26.0.1 built it: no flat images drawn from the icon.
    @Test func sudoku() throws {
        guard let folder = SharedCars.folder("jo-tools+sudoku") else { return }
        let source = folder + "/src/Resources/Assets"
        try Self.expectNoLarger(
            [source + "/Assets.xcassets", source + "/App.icon"], than: folder + "/Resources__Assets.car", platform: .macosx,
            targets: ["10.11", "10.14", "26.0"], appIcon: "App", drawsIconImages: false)
    }

    @Test func cubeSQL() throws {
        guard let folder = SharedCars.folder("cubesql+cubeSQLAdmin") else { return }
        let source = folder + "/src/Resources/Assets"
        try Self.expectNoLarger(
            [source + "/Assets.xcassets", source + "/App.icon"], than: folder + "/Resources__Assets.car", platform: .macosx,
            targets: ["10.11", "10.14", "26.0"], appIcon: "App")
    }

    /// The unthinned (Previews) car: the same inputs and no device.
    @Test func swiftUITestProject() throws {
        guard let folder = SharedCars.folder("NikitaKosolapov+SwiftUITestProject1") else { return }
        try Self.expectNoLarger(
            [folder + "/src/SwiftUITestProject/Assets.xcassets"],
            than: folder + "/DerivedData__SwiftUITestProject__Build__Intermediates.noindex__Previews__SwiftUITestProject__Products__"
                + "Debug-iphonesimulator__SwiftUITestProject.app__Assets.car",
            platform: .iphonesimulator, targets: ["13.0", "17.0", "26.0"], appIcon: "AppIcon")
    }
}
