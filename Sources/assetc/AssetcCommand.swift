import ArgumentParser
import Foundation

/// The `assetc` command: a thin layer over `AssetCatalog` and `AssetCatalogBuilder`.
@main
struct AssetcCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetc",
        abstract: "Index, check, pack and query Apple-style asset catalogs on any machine.",
        version: AssetcVersion.current,
        subcommands: [
            Presets.self,
            Resolve.self,
            Info.self,
            Audit.self,
            Report.self,
            Pack.self,
            Extract.self,
            Verify.self,
            Matrix.self,
            Compile.self,
            Actool.self,
        ]
    )

    /// Runs the command, mapping ArgumentParser's usage-error status (64) to 2, the status the
    /// documentation promises for usage errors, so scripts can tell "bad invocation" from "findings" (1).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error).rawValue == 64 {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// The tool's version, printed by `assetc --version`.
enum AssetcVersion {
    static let current = "0.1.0"
}
