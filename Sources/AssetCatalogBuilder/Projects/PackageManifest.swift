/// What a `Package.swift` says about where its targets' files are, read as text (it is never run):
/// each `.target(…)`, `.executableTarget(…)`, `.testTarget(…)` or `.macro(…)` call's `name:`, `path:`
/// and `exclude:` string literals. SwiftPM compiles an asset catalog anywhere in a target's folder into
/// that target's own resource bundle (`Bundle.module`), declared under `resources:` or not, so a
/// catalog belongs to the target whose folder holds it.
///
/// The reading is deliberately simple and linear: comments and string literals are skipped properly,
/// but a manifest that computes names or paths (string interpolation, variables) gives only the targets
/// written out literally.
public struct PackageManifest: Hashable, Sendable {
    /// One target of the package.
    public struct Target: Hashable, Sendable {
        /// The target's name.
        public var name: String
        /// The absolute, normalised folder of its files.
        public var folder: String
        /// Absolute paths under ``folder`` listed in `exclude:`.
        public var excludedPaths: [String]

        /// Whether the target builds the file or folder at `path` (absolute, normalised).
        public func builds(_ path: String) -> Bool {
            ProjectPaths.isInside(path, folder) && !excludedPaths.contains { ProjectPaths.isInside(path, $0) }
        }
    }

    /// The `Package.swift` file it was read from.
    public var file: String
    /// The targets, in the order written.
    public var targets: [Target]

    /// The target kinds whose files live in a folder of the package.
    static let targetFunctions: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    /// Reads the manifest text of the package whose folder is `packageFolder` (absolute).
    /// `folderExists` tells whether a folder exists, to find a target's default folder
    /// (`Sources/<name>`, `Source/<name>`, `src/<name>`, `srcs/<name>`, or `Tests/<name>` for tests).
    public init(text: [UInt8], file: String, packageFolder: String, folderExists: (String) -> Bool) {
        self.file = file
        let tokens = SwiftTokens.scan(text)
        var targets: [Target] = []
        var position = 0
        while position + 2 < tokens.count {
            // `.target(` … matching `)`
            guard tokens[position] == .punctuation(UInt8(ascii: ".")), case .identifier(let function) = tokens[position + 1],
                Self.targetFunctions.contains(function), tokens[position + 2] == .punctuation(UInt8(ascii: "("))
            else {
                position += 1
                continue
            }
            var depth = 0
            var cursor = position + 2
            var name: String?
            var path: String?
            var excluded: [String] = []
            while cursor < tokens.count {
                switch tokens[cursor] {
                case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")): depth += 1
                case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")): depth -= 1
                case .identifier(let label) where depth == 1 && cursor + 2 < tokens.count
                    && tokens[cursor + 1] == .punctuation(UInt8(ascii: ":")):
                    switch (label, tokens[cursor + 2]) {
                    case ("name", .string(let text)): if name == nil { name = text }
                    case ("path", .string(let text)): if path == nil { path = text }
                    case ("exclude", .punctuation(UInt8(ascii: "["))):
                        var item = cursor + 3
                        while item < tokens.count, tokens[item] != .punctuation(UInt8(ascii: "]")) {
                            if case .string(let text) = tokens[item] { excluded.append(text) }
                            item += 1
                        }
                    default: break
                    }
                default: break
                }
                cursor += 1
                if depth == 0 { break }
            }
            // Continue after the call: calls nested in it (`dependencies: [.target(name:)]`) are not targets.
            position = max(position + 1, cursor)
            guard let name, !name.isEmpty else { continue }
            let folder: String
            if let path {
                folder = ProjectPaths.join(packageFolder, path)
            } else {
                let roots = function == "testTarget" ? ["Tests"] : function == "plugin" ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
                let candidates = roots.map { ProjectPaths.join(packageFolder, $0 + "/" + name) }
                folder = candidates.first(where: folderExists) ?? candidates[0]
            }
            targets.append(
                Target(name: name, folder: folder, excludedPaths: excluded.map { ProjectPaths.join(folder, $0) }))
        }
        self.targets = targets
    }

    /// Reads `Package.swift` (at most 4 MB); `nil` when it cannot be read.
    public static func load(_ path: String) -> PackageManifest? {
        guard case .success(let result) = FileSystem.read(path, limit: 4 << 20), result.bytes.count >= result.size else {
            return nil
        }
        return PackageManifest(
            text: result.bytes, file: path, packageFolder: ProjectPaths.parent(path),
            folderExists: { FileSystem.status($0)?.kind == .directory })
    }
}

/// The tokens of Swift source that a manifest reading needs: identifiers, plain string literals'
/// contents, and single punctuation characters. Comments and white space are dropped; numbers and
/// operators become punctuation; interpolated and raw strings become an empty string.
enum SwiftTokens {
    enum Token: Hashable {
        case identifier(String)
        case string(String)
        case punctuation(UInt8)
    }

    /// Scans the whole text once.
    static func scan(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/"), at(position + 1) == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), at(position + 1) == UInt8(ascii: "*") {
                // Swift block comments nest.
                var depth = 0
                while position < bytes.count {
                    if bytes[position] == UInt8(ascii: "/"), at(position + 1) == UInt8(ascii: "*") {
                        depth += 1
                        position += 2
                    } else if bytes[position] == UInt8(ascii: "*"), at(position + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        position += 2
                        if depth == 0 { break }
                    } else {
                        position += 1
                    }
                }
            } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                tokens.append(.string(stringLiteral(bytes, &position)))
            } else if isIdentifierByte(byte) {
                let start = position
                while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
                tokens.append(.identifier(String(decoding: bytes[start..<position], as: UTF8.self)))
            } else {
                if byte > 0x20 { tokens.append(.punctuation(byte)) }
                position += 1
            }
        }
        return tokens
    }

    /// Reads a string literal starting at `position` (`"…"`, `"""…"""`, `#"…"#`); returns its text when it
    /// is a plain one-line literal without interpolation, else an empty string. A `#` that starts no
    /// string is skipped.
    private static func stringLiteral(_ bytes: [UInt8], _ position: inout Int) -> String {
        var hashes = 0
        while position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            hashes += 1
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return "" }
        var quotes = 0
        while position < bytes.count, bytes[position] == UInt8(ascii: "\""), quotes < 3 {
            quotes += 1
            position += 1
        }
        if quotes == 2 { return "" }  // ""
        let multiline = quotes == 3
        let start = position
        var plain = hashes == 0 && !multiline
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\"), hashes == 0 {
                plain = false  // an escape or an interpolation: not a literal path
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\n"), !multiline { break }
            if byte == UInt8(ascii: "\"") {
                var run = 0
                while position + run < bytes.count, bytes[position + run] == UInt8(ascii: "\""), run < (multiline ? 3 : 1) { run += 1 }
                var closingHashes = 0
                while closingHashes < hashes, position + run + closingHashes < bytes.count,
                    bytes[position + run + closingHashes] == UInt8(ascii: "#")
                {
                    closingHashes += 1
                }
                if run == (multiline ? 3 : 1), closingHashes == hashes {
                    let text = plain ? String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self) : ""
                    position += run + closingHashes
                    return text
                }
                position += 1
                continue
            }
            position += 1
        }
        return ""
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            return true
        default:
            return byte >= 0x80
        }
    }
}
