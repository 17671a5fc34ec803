/// The diagnostic rules the catalog reader emits, with their identifiers (``Diagnostic/rule``)
/// and usual severities.
public enum ReaderRule: String, Sendable, Hashable, CaseIterable {
    /// A root, folder or file cannot be opened or read (error).
    case unreadablePath = "unreadable-path"
    /// A `Contents.json` is missing where one is required, is not JSON, or has a value of the wrong type (error).
    case invalidContents = "invalid-contents"
    /// A key, or a value of a known key, that the reader does not know (warning). The entry is still indexed;
    /// an unknown trait value counts as "any" and its raw text is kept in the variant's attributes.
    case unknownKey = "unknown-key"
    /// A set type the reader recognises but does not index (`.launchimage`, `.symbolset`, …) (note).
    case unsupportedSetType = "unsupported-set-type"
    /// An entry names a file its folder lacks (error).
    case missingFile = "missing-file"
    /// The bytes are not what the extension says: a WebP or Photoshop file named `.png`, a PNG named `.jpg` (error);
    /// or a file in an image set that is no recognised image format (warning).
    case wrongContentType = "wrong-content-type"
    /// A Git LFS pointer file stands where the image should be (error).
    case lfsPointer = "lfs-pointer"
    /// The image cannot be decoded: CRC or zlib error, truncation, bad header (error).
    case corruptImage = "corrupt-image"
    /// The image has more pixels than ``ReaderOptions/maxPixels``, or the file is beyond ``ReaderOptions/maxFileBytes`` (error).
    case imageTooLarge = "image-too-large"
    /// A file inside a set folder that no entry names (`icon 2.png`, `Contents 2.json`) (warning).
    case unassignedFile = "unassigned-file"
    /// A `filename` that is absolute or leaves its set folder, or a symbolic link leading outside the catalog root (error).
    case unsafePath = "unsafe-path"
    /// Two assets with the same name, in one catalog or across catalogs (error).
    case duplicateName = "duplicate-name"
    /// A plain-folder file name that does not follow the naming convention (warning); the file is skipped.
    case invalidFileName = "invalid-file-name"
    /// A file the reader skips on purpose: not an image in a plain folder, a stray file in a group (note).
    case ignoredFile = "ignored-file"
    /// An entry for the `tinted` luminosity, which has no trait value: indexed for any appearance (note).
    case tintedAppearance = "tinted-appearance"
    /// A symbolic link to a folder that contains it; not followed (warning).
    case symlinkLoop = "symlink-loop"
    /// An entry's `filename` matches a file only when case is ignored; the file is used (warning).
    case filenameCase = "filename-case"
    /// Two files of one plain-folder asset claim the same traits (`hero.png` and `hero.jpg`) (warning).
    case duplicateVariant = "duplicate-variant"
    /// A symbol template that draws neither all 27 weight and size glyphs nor the three masters the others are
    /// interpolated from (note).
    case symbolWeights = "symbol-weights"
    /// A symbol template glyph whose outline reaches past its margin guides (warning).
    case symbolMargins = "symbol-margins"

    /// The severity the reader normally gives diagnostics of this rule.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .unreadablePath, .invalidContents, .missingFile, .wrongContentType, .lfsPointer, .corruptImage,
            .imageTooLarge, .unsafePath, .duplicateName:
            return .error
        case .unknownKey, .unassignedFile, .invalidFileName, .symlinkLoop, .filenameCase, .duplicateVariant, .symbolMargins:
            return .warning
        case .unsupportedSetType, .ignoredFile, .tintedAppearance, .symbolWeights:
            return .note
        }
    }
}
