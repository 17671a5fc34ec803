import ArgumentParser
import AssetCatalogBuilder
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
            Diff.self,
            Matrix.self,
            Compile.self,
            CompareCar.self,
            Actool.self,
            Generate.self,
            Serve.self,
        ]
    )

    /// Runs the command. Every failure leaves through here, printed the same way (`error: …` on standard
    /// error, in one write, with long quoted names cut): ``CLIError`` with its own status; ArgumentParser's
    /// usage errors (64) as 2, the status the documentation promises for usage errors, so scripts can tell
    /// "bad invocation" from "findings" (1).
    static func main() {
        MappedFileGuard.install()
        // actool's command line is read by the actool layer itself, words and all (docs/ACTOOL.md).
        ActoolCommandLine.runIfActool()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            Console.error("error: \(error.description)")
            Foundation.exit(error.exitCode)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            let status = exitCode(for: error).rawValue
            if status == 0 {
                // --help and --version: ArgumentParser prints them to standard output.
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            let lowered = message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
            Console.error(lowered)
            Foundation.exit(status == 64 ? 2 : status)
        }
    }
}

/// The tool's version, printed by `assetc --version`.
enum AssetcVersion {
    static let current = "0.1.0"
}
