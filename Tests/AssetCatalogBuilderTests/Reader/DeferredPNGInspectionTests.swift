import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `ReaderOptions.defersPNGInspection` leaves the PNGs of sets unopened for the compile, which reads them
/// anyway; what the reader would have said of them must still be said, word for word, and the car must not
/// change.
@Suite("Deferred PNG inspection")
struct DeferredPNGInspectionTests {
    private static let samples = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs")
    private static let eager = ReaderOptions(verifyPixels: false)
    private static let deferring = ReaderOptions(verifyPixels: false, defersPNGInspection: true)

    /// Broken.xcassets has a Git LFS pointer, a Photoshop file and a WebP image named `.png`, links and more:
    /// the deferring reader plus the deferred files' diagnostics say exactly what the eager reader says.
    @Test(arguments: ["Broken.xcassets", "Showcase.xcassets", "PlainAssets"])
    func theSameDiagnosticsInTheEnd(catalog: String) {
        let path = Self.samples.appendingPathComponent(catalog).path
        let eager = CatalogReader(options: Self.eager).read([path])
        let reader = CatalogReader(options: Self.deferring)
        let deferred = reader.read([path])
        let combined = CatalogReader.sorted(deferred.diagnostics + reader.diagnosticsOfDeferredFiles(in: deferred))
        #expect(combined == eager.diagnostics)
        // Only regular PNG files of sets were deferred; they carry their type and no inspection.
        let deferredVariants = deferred.assets.flatMap(\.variants).filter(\.inspectionDeferred)
        #expect(deferredVariants.allSatisfy { $0.contentType == .png && $0.inspection == nil })
        if catalog == "Showcase.xcassets" { #expect(!deferredVariants.isEmpty) }
        if catalog == "PlainAssets" { #expect(deferredVariants.isEmpty, "plain folders are not deferred") }
    }

    @Test func theCarIsTheSameWhetherTheReaderOrTheCompileInspects() throws {
        let path = Self.samples.appendingPathComponent("Showcase.xcassets").path
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon", toolVersion: "test")
        let eager = try CARCompiler(options: options).compile(CatalogReader(options: Self.eager).read([path]))
        let deferred = try CARCompiler(options: options).compile(CatalogReader(options: Self.deferring).read([path]))
        #expect(deferred.car == eager.car)
        #expect(deferred.notices == eager.notices)
    }

    /// A damaged PNG the reader did not open fails the compile with the reader's own words, and nothing else
    /// is lost: an eager read of the same catalog gives the same errors.
    @Test func errorsFoundWhileCompilingFailTheCompile() throws {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Good")
        try fixture.write("Empty.imageset/empty.png", [])
        try fixture.imageset("Empty", [("empty.png", #""idiom":"universal","scale":"1x""#)])
        try fixture.write("Pointer.imageset/pointer.png", Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n".utf8))
        try fixture.imageset("Pointer", [("pointer.png", #""idiom":"universal","scale":"1x""#)])
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let reader = CatalogReader(options: Self.deferring)
        let index = reader.read([fixture.root])
        #expect(index.diagnostics.filter { $0.severity == .error }.isEmpty, "the reader opened none of them")
        do {
            _ = try CARCompiler(options: options).compile(index)
            Issue.record("a compile with an empty and a pointer PNG succeeded")
        } catch {
            guard case .inputErrors(let errors) = error else { throw error }
            let eagerErrors = CatalogReader(options: Self.eager).read([fixture.root]).diagnostics.filter { $0.severity == .error }
            #expect(errors == eagerErrors)
            #expect(errors.map(\.path) == ["Empty.imageset/empty.png", "Pointer.imageset/pointer.png"])
            #expect(reader.diagnosticsOfDeferredFiles(in: index).filter { $0.severity == .error } == eagerErrors)
        }
    }
}
