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
    static func size(
        _ inputs: [String], platform: CompilePlatform, target: String, appIcon: String, drawsIconImages: Bool = true
    ) throws -> Int {
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(inputs)
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        var options = CompileOptions(platform: platform, minimumDeploymentTarget: target, appIcon: appIcon, toolVersion: "test")
        options.drawsIconComposerImages = drawsIconImages
        return try CARCompiler(options: options).compile(index).car.count
    }

    static func xcodeSize(_ path: String) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        return try #require(size)
    }

    @Test func heliport() throws {
        guard let folder = SharedPairPixelTests.sample("0xMisagi+heliport_icons") else { return }
        let xcode = try Self.xcodeSize(folder + "/Assets.car")
        for target in ["10.11", "10.12", "26.0"] {
            let ours = try Self.size([folder + "/src/Assets.xcassets"], platform: .macosx, target: target, appIcon: "AppIcon")
            #expect(ours <= xcode, "macOS \(target): \(ours) bytes, Xcode's car \(xcode)")
        }
    }

    @Test func sudoku() throws {
        guard let folder = SharedPairPixelTests.sample("jo-tools+sudoku") else { return }
        let source = folder + "/src/Resources/Assets"
        let xcode = try Self.xcodeSize(folder + "/Resources__Assets.car")
        for target in ["10.11", "10.14", "26.0"] {
            let ours = try Self.size(
                [source + "/Assets.xcassets", source + "/App.icon"], platform: .macosx, target: target, appIcon: "App", drawsIconImages: false)
            #expect(ours <= xcode, "macOS \(target): \(ours) bytes, Xcode's car \(xcode)")
        }
    }

    @Test func cubeSQL() throws {
        guard let folder = SharedPairPixelTests.sample("cubesql+cubeSQLAdmin") else { return }
        let source = folder + "/src/Resources/Assets"
        let xcode = try Self.xcodeSize(folder + "/Resources__Assets.car")
        for target in ["10.11", "10.14", "26.0"] {
            let ours = try Self.size([source + "/Assets.xcassets", source + "/App.icon"], platform: .macosx, target: target, appIcon: "App")
            #expect(ours <= xcode, "macOS \(target): \(ours) bytes, Xcode's car \(xcode)")
        }
    }

    /// The unthinned (Previews) car: the same inputs and no device.
    @Test func swiftUITestProject() throws {
        guard let folder = SharedPairPixelTests.sample("NikitaKosolapov+SwiftUITestProject1") else { return }
        let xcode = try Self.xcodeSize(
            folder + "/DerivedData__SwiftUITestProject__Build__Intermediates.noindex__Previews__SwiftUITestProject__Products__"
                + "Debug-iphonesimulator__SwiftUITestProject.app__Assets.car")
        for target in ["13.0", "17.0", "26.0"] {
            let ours = try Self.size(
                [folder + "/src/SwiftUITestProject/Assets.xcassets"], platform: .iphonesimulator, target: target, appIcon: "AppIcon")
            #expect(ours <= xcode, "iOS \(target): \(ours) bytes, Xcode's car \(xcode)")
        }
    }
}
