/// Why an archive could not be opened or read: one case per rule of `docs/FORMAT.md` a file can break.
///
/// Every damaged or hostile file gives one of these; none makes the reader crash or read outside the file.
public enum ArchiveError: Error, Hashable, Sendable {
    /// The file could not be opened, sized or mapped (`errno` and the C library's message).
    case cannotOpen(path: String, errno: Int32, message: String)
    /// The file is shorter than an archive header.
    case truncatedHeader(size: Int)
    /// The file does not start with the archive magic: it is not an archive.
    case badMagic
    /// The file was written by a newer major version of the format (or has major version 0).
    case unsupportedVersion(major: Int, minor: Int)
    /// A header field is impossible (`field` names it).
    case invalidHeader(field: String, value: UInt64)
    /// The header says the file has `expected` bytes but it has `actual`.
    case sizeMismatch(expected: UInt64, actual: UInt64)
    /// The header or section table does not match the header checksum.
    case headerChecksumMismatch(stored: UInt32, computed: UInt32)
    /// A section lies partly or wholly outside the file, or inside the header.
    case sectionOutOfBounds(section: String, offset: UInt64, length: UInt64)
    /// A section does not start on an 8-byte boundary.
    case misalignedSection(section: String, offset: UInt64)
    /// Two sections share bytes.
    case overlappingSections(String, String)
    /// A section kind appears twice.
    case duplicateSection(String)
    /// A section every archive must have is absent.
    case missingSection(String)
    /// A section of a kind this reader does not know is marked as required.
    case unsupportedRequiredSection(String)
    /// A section's record size or record count does not fit its length.
    case invalidSectionLayout(section: String, reason: String)
    /// A section's bytes do not match their checksum.
    case sectionChecksumMismatch(section: String, stored: UInt32, computed: UInt32)
    /// A record refers outside its table or holds an impossible value.
    case invalidRecord(section: String, index: Int, reason: String)
    /// A payload's bytes do not match their checksum.
    case payloadChecksumMismatch(payload: Int, stored: UInt32, computed: UInt32)
    /// Bytes between payloads, which must be zero, are not.
    case nonZeroPadding(offset: UInt64)
    /// A payload could not be decoded as the image it claims to be.
    case decodingFailed(reason: String)
}

extension ArchiveError: CustomStringConvertible {
    /// One sentence for people, naming the rule that was broken.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let errno, let message):
            return "cannot open '\(path)': \(message) (errno \(errno))"
        case .truncatedHeader(let size):
            return "the file is \(size) bytes, too short for an archive header: truncated or not an archive"
        case .badMagic:
            return "the file does not start with the archive signature: not an assetc archive"
        case .unsupportedVersion(let major, let minor):
            return "archive format version \(major).\(minor) is not supported (this reader understands 1.x)"
        case .invalidHeader(let field, let value):
            return "the archive header has an impossible \(field) (\(value)): the file is damaged"
        case .sizeMismatch(let expected, let actual):
            return actual < expected
                ? "the archive is truncated: the header says \(expected) bytes, the file has \(actual)"
                : "the archive has \(actual - expected) unexpected bytes after its end (\(expected) bytes)"
        case .headerChecksumMismatch(let stored, let computed):
            return "the archive header is damaged (checksum \(hex(computed)), expected \(hex(stored)))"
        case .sectionOutOfBounds(let section, let offset, let length):
            return "section \(section) (offset \(offset), \(length) bytes) lies outside the file or inside its header"
        case .misalignedSection(let section, let offset):
            return "section \(section) starts at offset \(offset), which is not a multiple of 8"
        case .overlappingSections(let first, let second):
            return "sections \(first) and \(second) overlap"
        case .duplicateSection(let section):
            return "section \(section) appears more than once"
        case .missingSection(let section):
            return "the archive has no \(section) section"
        case .unsupportedRequiredSection(let section):
            return "the archive needs a section this reader does not understand (\(section)); use a newer reader"
        case .invalidSectionLayout(let section, let reason):
            return "section \(section) is malformed: \(reason)"
        case .sectionChecksumMismatch(let section, let stored, let computed):
            return "section \(section) is damaged (checksum \(hex(computed)), expected \(hex(stored)))"
        case .invalidRecord(let section, let index, let reason):
            return "record \(index) of section \(section) is invalid: \(reason)"
        case .payloadChecksumMismatch(let payload, let stored, let computed):
            return "payload \(payload) is damaged (checksum \(hex(computed)), expected \(hex(stored)))"
        case .nonZeroPadding(let offset):
            return "padding at offset \(offset) is not zero: the payload area is damaged"
        case .decodingFailed(let reason):
            return "the payload could not be decoded: \(reason)"
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
