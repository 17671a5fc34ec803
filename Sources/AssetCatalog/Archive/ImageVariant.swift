/// The image an archive chose for a request: its traits, size, type and bytes, read in place.
///
/// Its bytes were checked against their CRC when it was looked up; ``withUnsafeBytes(_:)`` lends them
/// without copying.
///
/// ## Lifetime
/// An image variant borrows its ``AssetArchive``: it holds no reference to it, so the lookup that made it
/// wrote nothing shared (no reference count), and lookups from any number of threads scale with cores.
/// **Keep the archive alive as long as you use the values its lookups return** — an app typically opens
/// its archive once and keeps it for the life of the process. Using a variant after its archive was
/// released reads unmapped or freed memory. Copy what must outlive the archive (``bytes``, ``name``,
/// ``traits``, …) while it is open.
public struct ImageVariant: Sendable {
    let view: PayloadView

    init(_ view: PayloadView) { self.view = view }

    /// The archive the image lives in (valid while that archive is alive; see "Lifetime" above).
    public var archive: AssetArchive { view.archive }
    /// The asset's name.
    public var name: String { view.name }
    /// The variant's position among its asset's variants (in source order, empty slots left out).
    public var index: Int { view.position }
    /// The traits the variant was made for.
    public var traits: VariantTraits { view.traits }
    /// The traits in their packed form, as stored.
    public var packedTraits: PackedVariantTraits { view.packedTraits }
    /// The scale the image was drawn for; `nil` for vector artwork that draws at any scale.
    public var scale: DisplayScale? { view.traits.displayScale }
    /// The width in pixels, or `nil` for vectors.
    public var pixelWidth: Int? { view.pixelWidth == 0 ? nil : Int(view.pixelWidth) }
    /// The height in pixels, or `nil` for vectors.
    public var pixelHeight: Int? { view.pixelHeight == 0 ? nil : Int(view.pixelHeight) }
    /// What the bytes are.
    public var contentType: ContentType { view.contentType }
    /// The size of the bytes.
    public var byteCount: Int { view.length }
    /// Whether the packer re-encoded the bytes losslessly (`assetc pack --optimize`).
    public var isOptimized: Bool { view.flags & ArchiveFormat.payloadFlagOptimized != 0 }
    /// The payload's index in the archive; variants with identical bytes share one.
    public var payloadIndex: Int { view.payloadIndex }

    /// The file the bytes came from, relative to its catalog root (`Hero.imageset/hero@2x.png`).
    ///
    /// Reading it checks the metadata tables on first use, hence `throws`.
    public var sourcePath: String {
        get throws(ArchiveError) { try view.variantMetadata().source }
    }

    /// The entry's other `Contents.json` keys (`subtype`, `size`, …).
    public var attributes: [String: String] {
        get throws(ArchiveError) {
            Dictionary(try view.variantMetadata().attributes, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Calls `body` with the bytes, in place in the archive. Do not let the pointer escape.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try view.withUnsafeBytes(body)
    }

    /// A copy of the bytes.
    public var bytes: [UInt8] { view.withUnsafeBytes { Array($0) } }

    /// Decodes the image to 8-bit RGBA straight from the archive's bytes (PNG payloads only).
    ///
    /// - Parameters:
    ///   - premultiplied: Whether to multiply colour by alpha.
    ///   - maxPixels: The largest `width × height` accepted.
    /// - Throws: ``PNGError`` when the payload is not a PNG or cannot be decoded.
    public func decodeRGBA8(premultiplied: Bool = false, maxPixels: Int = PNGCodec.defaultMaxPixels)
        throws(PNGError) -> DecodedImage
    {
        let result = view.withUnsafeBytes { bytes in
            Result { () throws(PNGError) in
                try PNGCodec.decodeRGBA8(bytes, premultiplied: premultiplied, maxPixels: maxPixels)
            }
        }
        return try result.get()
    }

    /// The image's pixels as a new 8-bit RGBA PNG, decoded and encoded row by row straight from the
    /// archive's bytes (PNG payloads only); see ``PNGCodec/reencodeRGBA8(_:maxPixels:compressionLevel:)-(UnsafeRawBufferPointer,_,_)``.
    ///
    /// - Parameter maxPixels: The largest `width × height` accepted.
    /// - Throws: ``PNGError`` when the payload is not a PNG or cannot be decoded.
    public func reencodeRGBA8(maxPixels: Int = PNGCodec.defaultMaxPixels) throws(PNGError) -> [UInt8] {
        let result = view.withUnsafeBytes { bytes in
            Result { () throws(PNGError) in try PNGCodec.reencodeRGBA8(bytes, maxPixels: maxPixels) }
        }
        return try result.get()
    }
}

/// The file an archive chose from a data set for a request.
///
/// Its bytes were checked against their CRC when it was looked up; ``withUnsafeBytes(_:)`` lends them
/// without copying. Like ``ImageVariant`` it borrows its ``AssetArchive`` (no reference count is touched
/// by the lookup): keep the archive alive as long as you use the value.
public struct DataVariant: Sendable {
    let view: PayloadView

    init(_ view: PayloadView) { self.view = view }

    /// The archive the data lives in.
    public var archive: AssetArchive { view.archive }
    /// The asset's name.
    public var name: String { view.name }
    /// The variant's position among its asset's variants.
    public var index: Int { view.position }
    /// The traits the variant was made for.
    public var traits: VariantTraits { view.traits }
    /// What the bytes are, as sniffed when packing.
    public var contentType: ContentType { view.contentType }
    /// The size of the bytes.
    public var byteCount: Int { view.length }
    /// The payload's index in the archive.
    public var payloadIndex: Int { view.payloadIndex }

    /// The file the bytes came from, relative to its catalog root.
    public var sourcePath: String {
        get throws(ArchiveError) { try view.variantMetadata().source }
    }

    /// The entry's other `Contents.json` keys (`universal-type-identifier`, …).
    public var attributes: [String: String] {
        get throws(ArchiveError) {
            Dictionary(try view.variantMetadata().attributes, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The uniform type identifier the data set declares for this file, if any.
    public var universalTypeIdentifier: String? {
        get throws(ArchiveError) { try attributes["universal-type-identifier"] }
    }

    /// Calls `body` with the bytes, in place in the archive. Do not let the pointer escape.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try view.withUnsafeBytes(body)
    }

    /// A copy of the bytes.
    public var bytes: [UInt8] { view.withUnsafeBytes { Array($0) } }
}
