import AssetCatalog
import Foundation

extension AuditExample {
    /// An example of a rule of compiled catalogs: the catalog in `files` is compiled with ``CARCompiler`` for
    /// `platform` and the resulting `Assets.car` is what gets audited.
    public static func compiled(
        _ summary: String, for platform: CompilePlatform = .iphoneos, deploymentTarget: String = "15.0",
        files: [String: AuditExampleFile]
    ) -> AuditExample {
        var example = AuditExample(summary, files: files)
        example.compiledPlatform = platform
        example.compiledDeploymentTarget = deploymentTarget
        return example
    }

    /// Compiles the catalog `materialize(in:)` wrote under `folder` into `folder/Assets.car` and returns that
    /// file's path; `nil` for an example that audits its source catalog.
    public func compileExample(roots: [String], in folder: String) throws -> String? {
        guard let platform = compiledPlatform else { return nil }
        let index = CatalogReader(options: ReaderOptions(jobs: 1)).read(roots)
        let compiled = try CARCompiler(options: CompileOptions(platform: platform, minimumDeploymentTarget: compiledDeploymentTarget, jobs: 1))
            .compile(index)
        let path = folder + "/Assets.car"
        guard FileManager.default.createFile(atPath: path, contents: Data(compiled.car)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }
}
