import Foundation
import PackagePlugin

/// `swift package assetc-audit [assetc audit options]`: audits every `.xcassets` catalog of the package's
/// targets (or of the targets named with `--target`) and fails when the audit finds errors.
@main
struct AssetCatalogAudit: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
        var catalogs: [String] = []
        for target in targets {
            guard let target = target as? SourceModuleTarget,
                let walker = FileManager.default.enumerator(at: target.directoryURL, includingPropertiesForKeys: nil)
            else { continue }
            for case let url as URL in walker where url.pathExtension == "xcassets" {
                catalogs.append(url.path)
                walker.skipDescendants()
            }
        }
        guard !catalogs.isEmpty else {
            Diagnostics.remark("no .xcassets catalog in the package's targets")
            return
        }
        let tool = try context.tool(named: "assetc")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["audit"] + catalogs.sorted() + extractor.remainingArguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("assetc audit found problems (exit status \(process.terminationStatus))")
        }
    }
}
