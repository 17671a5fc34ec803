import ArgumentParser
import AssetCatalogBuilder

/// `--declared-inputs LIST`: reading catalogs inside a build system's sandbox, whose inputs are symbolic
/// links out of the catalog root (``DeclaredInputs``; docs/RELIABILITY.md, "Symbolic links").
struct DeclaredInputsOption: ParsableArguments {
    @Option(
        name: .customLong("declared-inputs"),
        help: ArgumentHelp(
            "A file listing the inputs a build system declared, one path a line: links at those paths are followed to their files even out of the catalog root (Bazel's sandbox). Without it no link leaves the root.",
            valueName: "list"))
    var listFile: String?

    /// The declared inputs, or `nil` without the option.
    ///
    /// - Throws: ``CLIError`` (exit 2) when the list cannot be read.
    func load() throws(CLIError) -> DeclaredInputs? {
        guard let listFile else { return nil }
        do {
            return try DeclaredInputs.load(listFile: listFile)
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}
