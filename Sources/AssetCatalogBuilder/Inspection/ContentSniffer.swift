import AssetCatalog

/// Decides what a file is from its first bytes, never from its extension (a `.png` that is
/// really a Photoshop document is reported as `ContentType.psd`).
///
/// Looks at most at the first 4 KiB, so sniffing the head of a large file is enough.
public enum ContentSniffer {
    /// How far into the file an SVG root element is searched for.
    private static let svgWindow = 4096
    /// How far into the file the `%PDF-` header may start (some writers put junk before it).
    private static let pdfWindow = 1024

    // Patterns are built once: sniffing runs for every file of every catalog.
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]
    private static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let gif87: [UInt8] = Array("GIF87a".utf8)
    private static let gif89: [UInt8] = Array("GIF89a".utf8)
    private static let psdMagic: [UInt8] = Array("8BPS".utf8)
    private static let riff: [UInt8] = Array("RIFF".utf8)
    private static let webpMagic: [UInt8] = Array("WEBP".utf8)
    private static let ftyp: [UInt8] = Array("ftyp".utf8)
    /// TIFF: little-endian `II*\0` or big-endian `MM\0*` (BigTIFF uses 43 in place of 42).
    private static let tiffLittle: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
    private static let tiffBig: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
    private static let bigTIFFLittle: [UInt8] = [0x49, 0x49, 0x2B, 0x00]
    private static let bigTIFFBig: [UInt8] = [0x4D, 0x4D, 0x00, 0x2B]
    private static let pdfMagic: [UInt8] = Array("%PDF-".utf8)
    private static let gitLFS: [UInt8] = Array("version https://git-lfs.github.com/spec/v1".utf8)
    /// The pointer header used before Git LFS 1.0 (still found in old repositories).
    private static let hawser: [UInt8] = Array("version https://hawser.github.com/spec/v1".utf8)
    private static let processingInstruction: [UInt8] = Array("<?".utf8)
    private static let processingInstructionEnd: [UInt8] = Array("?>".utf8)
    private static let comment: [UInt8] = Array("<!--".utf8)
    private static let commentEnd: [UInt8] = Array("-->".utf8)
    private static let doctype: [UInt8] = Array("<!doctype".utf8)
    private static let svgRoot: [UInt8] = Array("<svg".utf8)
    private static let heifBrands: Set<UInt32> = Set(
        ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"].map {
            $0.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        })

    /// The content type of `bytes` (the whole file or at least its first 4 KiB).
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ContentType {
        if has(bytes, pngSignature) { return .png }
        if has(bytes, jpegStart) { return .jpeg }
        if has(bytes, gif87) || has(bytes, gif89) { return .gif }
        if has(bytes, psdMagic) { return .psd }
        if has(bytes, riff) && has(bytes, webpMagic, at: 8) { return .webp }
        if isHEIF(bytes) { return .heif }
        if has(bytes, tiffLittle) || has(bytes, tiffBig) || has(bytes, bigTIFFLittle) || has(bytes, bigTIFFBig) {
            return .tiff
        }
        if has(bytes, gitLFS) || has(bytes, hawser) { return .gitLFSPointer }
        if find(pdfMagic, in: bytes, within: pdfWindow) { return .pdf }
        if isSVG(bytes) { return .svg }
        return .unknown
    }

    /// The content type of `bytes`; same behaviour as the `UnsafeRawBufferPointer` overload
    /// (the array is not copied).
    public static func sniff(_ bytes: [UInt8]) -> ContentType {
        bytes.withUnsafeBytes { sniff($0) }
    }

    // MARK: - Formats needing more than a prefix

    /// ISO base media file: an `ftyp` box first whose major or a compatible brand is a HEIF/AVIF
    /// image brand.
    private static func isHEIF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 12, has(bytes, ftyp, at: 4) else { return false }
        if heifBrands.contains(fourCC(bytes, at: 8)) { return true }
        // Compatible brands follow the minor version (offset 16) up to the end of the box.
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(boxSize, bytes.count, svgWindow)
        var offset = 16
        while offset + 4 <= end {
            if heifBrands.contains(fourCC(bytes, at: offset)) { return true }
            offset += 4
        }
        return false
    }

    /// An XML document whose root element is `<svg`, allowing a UTF-8 BOM, whitespace, the XML
    /// declaration, processing instructions, comments and a doctype before it.
    private static func isSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let end = min(bytes.count, svgWindow)
        var position = has(bytes, utf8BOM) ? 3 : 0
        while true {
            while position < end, isXMLSpace(bytes[position]) { position += 1 }
            guard position < end, bytes[position] == UInt8(ascii: "<") else { return false }
            if has(bytes, processingInstruction, at: position) {
                guard let close = index(of: processingInstructionEnd, in: bytes, from: position + 2, end: end) else {
                    return false
                }
                position = close + 2
            } else if has(bytes, comment, at: position) {
                guard let close = index(of: commentEnd, in: bytes, from: position + 4, end: end) else { return false }
                position = close + 3
            } else if hasCaseInsensitive(bytes, doctype, at: position) {
                guard let close = endOfDoctype(bytes, from: position + 9, end: end) else { return false }
                position = close + 1
            } else {
                return hasSVGRoot(bytes, at: position, end: end)
            }
        }
    }

    private static func hasSVGRoot(_ bytes: UnsafeRawBufferPointer, at position: Int, end: Int) -> Bool {
        // "<svg" followed by a delimiter, so "<svgfoo>" is not an SVG; ":" admits "<svg:svg".
        guard has(bytes, svgRoot, at: position), position + 4 < end else { return false }
        let next = bytes[position + 4]
        return isXMLSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: ":")
    }

    /// The `>` closing a doctype, skipping an internal subset in `[...]` and quoted strings.
    private static func endOfDoctype(_ bytes: UnsafeRawBufferPointer, from start: Int, end: Int) -> Int? {
        var inSubset = false
        var quote: UInt8?
        var position = start
        while position < end {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">"), !inSubset {
                return position
            }
            position += 1
        }
        return nil
    }

    // MARK: - Byte matching

    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func has(_ bytes: UnsafeRawBufferPointer, _ pattern: [UInt8], at offset: Int = 0) -> Bool {
        guard offset >= 0, pattern.count <= bytes.count - offset else { return false }
        for (index, byte) in pattern.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// Whether `bytes` has `pattern` (given in lower case) at `offset`, ignoring ASCII case.
    private static func hasCaseInsensitive(_ bytes: UnsafeRawBufferPointer, _ pattern: [UInt8], at offset: Int) -> Bool
    {
        guard offset >= 0, pattern.count <= bytes.count - offset else { return false }
        for (index, byte) in pattern.enumerated() {
            var candidate = bytes[offset + index]
            if candidate >= UInt8(ascii: "A") && candidate <= UInt8(ascii: "Z") { candidate += 0x20 }
            if candidate != byte { return false }
        }
        return true
    }

    private static func fourCC(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func index(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int, end: Int) -> Int?
    {
        guard !pattern.isEmpty, start >= 0 else { return nil }
        var position = start
        while position + pattern.count <= end {
            if has(bytes, pattern, at: position) { return position }
            position += 1
        }
        return nil
    }

    private static func find(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, within window: Int) -> Bool {
        index(of: pattern, in: bytes, from: 0, end: min(bytes.count, window)) != nil
    }
}
