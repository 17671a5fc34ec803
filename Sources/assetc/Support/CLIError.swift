import ArgumentParser

/// A user-facing failure: printed as `error: …` with exit code 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
