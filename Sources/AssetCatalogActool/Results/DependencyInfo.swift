import AssetCatalogBuilder

/// The dependency-info file actool writes for `--export-dependency-info`: the files a compile read and wrote,
/// in the binary format Xcode's build engines read for actool, ibtool and the linker.
///
/// A file is a list of records, each an opcode byte and a NUL-terminated UTF-8 path: first exactly one version
/// record (`0x00`, the tool's name and version), then input (`0x10`), missing-input (`0x11`) and output (`0x40`)
/// records. A build system re-runs the compile when any input or missing input changes, and knows the outputs
/// without listing the output folder.
public struct DependencyInfo: Sendable, Hashable {
    /// The version record's text (`assetc-0.1.0`).
    public var version: String
    /// Every file the compile read.
    public var inputs: [String]
    /// Files the compile looked for and did not find (a build system re-runs when one appears).
    public var missing: [String]
    /// Every file the compile wrote.
    public var outputs: [String]

    /// A record's kind.
    enum Opcode: UInt8 {
        case version = 0x00
        case input = 0x10
        case missing = 0x11
        case output = 0x40
    }

    /// Creates a record list.
    public init(version: String, inputs: [String] = [], missing: [String] = [], outputs: [String] = []) {
        self.version = version
        self.inputs = inputs
        self.missing = missing
        self.outputs = outputs
    }

    /// The file's bytes: the version, then inputs, missing inputs and outputs, each list sorted and without
    /// repeats so the same compile always writes the same file.
    ///
    /// - Throws: ``DependencyInfoError/unencodablePath(_:)`` for an empty path or one holding a NUL byte.
    public func encoded() throws(DependencyInfoError) -> [UInt8] {
        var bytes: [UInt8] = []
        func append(_ opcode: Opcode, _ text: String) throws(DependencyInfoError) {
            guard !text.isEmpty, !text.utf8.contains(0) else { throw .unencodablePath(text) }
            bytes.append(opcode.rawValue)
            bytes += text.utf8
            bytes.append(0)
        }
        try append(.version, version)
        for (opcode, list) in [(Opcode.input, inputs), (.missing, missing), (.output, outputs)] {
            for path in Set(list).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                try append(opcode, path)
            }
        }
        return bytes
    }

    /// Reads a dependency-info file.
    ///
    /// - Throws: ``DependencyInfoError`` naming the offset of a record that is cut short, has an unknown opcode,
    ///   an empty or non-UTF-8 path, or a second or missing version record.
    public init(decoding bytes: [UInt8]) throws(DependencyInfoError) {
        var version: String?
        var inputs: [String] = []
        var missing: [String] = []
        var outputs: [String] = []
        var position = 0
        while position < bytes.count {
            let recordOffset = position
            guard let opcode = Opcode(rawValue: bytes[position]) else {
                throw .damaged(offset: recordOffset, reason: "unknown opcode \(bytes[position])")
            }
            position += 1
            guard let end = bytes[position...].firstIndex(of: 0) else {
                throw .damaged(offset: recordOffset, reason: "record not terminated")
            }
            guard end > position, let text = String(validating: bytes[position..<end], as: UTF8.self) else {
                throw .damaged(offset: recordOffset, reason: "empty or non-UTF-8 path")
            }
            position = end + 1
            switch opcode {
            case .version:
                guard version == nil, recordOffset == 0 else {
                    throw .damaged(offset: recordOffset, reason: "version record not first or repeated")
                }
                version = text
            case .input: inputs.append(text)
            case .missing: missing.append(text)
            case .output: outputs.append(text)
            }
            if version == nil { throw .damaged(offset: 0, reason: "no version record first") }
        }
        guard let version else { throw .damaged(offset: 0, reason: "empty file") }
        self.init(version: version, inputs: inputs, missing: missing, outputs: outputs)
    }
}

/// A dependency-info file that cannot be written or read.
public enum DependencyInfoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path that the format cannot hold (empty, or with a NUL byte).
    case unencodablePath(String)
    /// A damaged file: the offset of the record at fault and what is wrong with it.
    case damaged(offset: Int, reason: String)

    public var description: String {
        switch self {
        case .unencodablePath(let path):
            return "the path '\(MessageQuote.clipped(path))' cannot be written in a dependency-info file (empty or holding a NUL byte)"
        case .damaged(let offset, let reason):
            return "dependency info damaged at offset \(offset): \(reason)"
        }
    }
}
