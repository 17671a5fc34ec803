import ArgumentParser

/// A user-facing failure: printed as `error: …` (in one write, long names cut) with its exit code:
/// 1 by default, 2 for usage errors, missing paths and failed output.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32
    init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }

    /// A usage error (exit 2): a bad path or option value.
    static func usage(_ description: String) -> CLIError { CLIError(description, exitCode: 2) }
}
