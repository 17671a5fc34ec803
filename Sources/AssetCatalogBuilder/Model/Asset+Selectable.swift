import AssetCatalog

extension Asset {
    /// The variants a device could be given: those with a file that exists, is sound, and is what its
    /// name says it is. Empty slots, missing or damaged files, Git LFS pointers and mislabelled files
    /// (a WebP named `.png`) are left out, exactly as the packer leaves them out, so resolving on a
    /// source catalog and on its archive give the same answers.
    public var selectableVariants: [Variant] {
        variants.filter(\.isSelectable)
    }
}

extension Variant {
    /// Whether the variant has a file that exists, is sound and matches its extension.
    public var isSelectable: Bool {
        guard let source, let inspection else { return false }
        guard inspection.problem == nil, inspection.contentType != .gitLFSPointer else { return false }
        if let expected = ContentType(fileExtensionOf: source) {
            return expected == inspection.contentType
        }
        return true
    }
}

extension ContentType {
    /// The content type a file name's extension promises, or `nil` for extensions that promise nothing
    /// in particular (data files such as `.json`).
    public init?(fileExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(fileExtension: String(path[path.index(after: dot)...]))
    }

    /// The content type an extension (without the dot, any case) promises, or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "pdf": self = .pdf
        case "svg": self = .svg
        case "heic", "heif", "avif", "hif": self = .heif
        case "webp": self = .webp
        case "psd": self = .psd
        case "gif": self = .gif
        case "tif", "tiff": self = .tiff
        default: return nil
        }
    }
}
