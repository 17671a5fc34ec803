/// Why an `Assets.car` file (or one of its payloads) cannot be read: which structure, where, and what is wrong.
///
/// Every check of the reader ends in one of these; the reader never traps on file contents.
public struct CARError: Error, Hashable, Sendable {
    /// What kind of problem it is.
    public enum Kind: String, Hashable, Sendable {
        /// The file could not be opened or mapped.
        case cannotOpen = "cannot-open"
        /// A structure runs past the end of the file or of its block.
        case truncated
        /// A magic number or tag is not the expected one.
        case badMagic = "bad-magic"
        /// A count, offset, length or index is out of range.
        case outOfRange = "out-of-range"
        /// A tree's pages form a cycle or nest deeper than the file allows.
        case cycle
        /// A required structure is missing (a named block, a tree).
        case missing
        /// A compressed stream is damaged.
        case corruptStream = "corrupt-stream"
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The structure being read: `BOM header`, `tree RENDITIONS`, `CSI header`, `MLEC`, `LZFSE stream`, ….
    public var structure: String
    /// The byte offset in the file where the structure (or the bad field) starts, when known.
    public var offset: Int?
    /// A short explanation naming the field.
    public var detail: String

    /// Creates an error.
    public init(_ kind: Kind, _ structure: String, offset: Int?, _ detail: String) {
        self.kind = kind
        self.structure = structure
        self.offset = offset
        self.detail = detail
    }
}

extension CARError: CustomStringConvertible {
    public var description: String {
        let place = offset.map { " at offset \($0)" } ?? ""
        return "\(structure)\(place): \(detail)"
    }
}
