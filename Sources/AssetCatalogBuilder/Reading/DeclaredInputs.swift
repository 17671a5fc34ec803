import Foundation

/// The files a build system declared as an action's inputs, for reading catalogs inside its sandbox.
///
/// Bazel (and other sandboxing build systems) hands an action its inputs as symbolic links: the sandbox's
/// and the runfiles' symlink forests point into the workspace, outside any catalog root. The reader's rule
/// that no link is followed out of the root would refuse every one of them. With declared inputs, a link
/// whose own path is one the build declared is followed to the regular file it names, wherever that is:
/// the build system, which hashed that file as the action's input, is then the trust boundary, not the
/// repository. Every other link keeps the rule (a link to a folder, or one the build did not declare, is
/// still refused), and no command follows any link out of the root without this list
/// (docs/RELIABILITY.md, "Symbolic links").
public struct DeclaredInputs: Hashable, Sendable {
    /// The declared paths, absolute and lexically normalised (no `.`, `..` or repeated `/`).
    public let paths: Set<String>

    /// Declares `paths`; relative ones are taken relative to `directory` (the working directory of the
    /// action).
    public init(_ paths: [String], relativeTo directory: String) {
        self.paths = Set(paths.filter { !$0.isEmpty }.map { Self.normalized($0, relativeTo: directory) })
    }

    /// Reads a list of declared inputs: one path a line, as a build system writes a parameter file (Bazel's
    /// `multiline` format). Blank lines are skipped; relative paths are taken relative to the working
    /// directory.
    ///
    /// - Throws: ``DeclaredInputsError`` naming the file when it cannot be read, is larger than 64 MiB, or
    ///   is not UTF-8.
    public static func load(listFile path: String) throws(DeclaredInputsError) -> DeclaredInputs {
        let limit = 64 << 20
        guard case .success(let file) = FileSystem.read(path, limit: limit + 1) else { throw .unreadable(path: path) }
        guard file.bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
        guard let text = String(validating: file.bytes, as: UTF8.self) else { throw .notText(path: path) }
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        return DeclaredInputs(lines, relativeTo: FileManager.default.currentDirectoryPath)
    }

    /// Whether the file at `ioPath` (as the reader names it: relative to the working directory or absolute)
    /// is a declared input.
    public func contains(_ ioPath: String) -> Bool {
        paths.contains(Self.normalized(ioPath, relativeTo: FileManager.default.currentDirectoryPath))
    }

    /// `path` made absolute against `directory`, with `.` and empty components dropped and `..` taken
    /// lexically, as a build system's declared paths are meant (they name files, not where links lead).
    static func normalized(_ path: String, relativeTo directory: String) -> String {
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}

/// Why a list of declared inputs could not be read.
public enum DeclaredInputsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String)
    /// The file is larger than the limit.
    case tooLarge(path: String, limit: Int)
    /// The file is not UTF-8 text.
    case notText(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(MessageQuote.quoted(path)): the list of declared inputs cannot be read"
        case .tooLarge(let path, let limit): return "\(MessageQuote.quoted(path)): the list of declared inputs is larger than \(limit) bytes"
        case .notText(let path): return "\(MessageQuote.quoted(path)): the list of declared inputs is not UTF-8 text"
        }
    }
}
