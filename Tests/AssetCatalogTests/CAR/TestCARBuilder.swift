import Foundation

/// Writes small `Assets.car` files for tests, from the layout the reader documents in docs/CAR-FORMAT.md:
/// a BOM container (big-endian) with CARHEADER, EXTENDED_METADATA, KEYFORMAT and the APPEARANCEKEYS,
/// FACETKEYS and RENDITIONS trees (one leaf page each), and CSI renditions (little-endian).
struct TestCARBuilder {
    /// Attribute identifiers of the key, in order: appearance, scale, idiom, identifier, element, part, dimension1.
    var keyFormat: [UInt32] = [7, 12, 15, 17, 1, 2, 8]
    var appearances: [(String, UInt16)] = [("UIAppearanceAny", 0), ("UIAppearanceDark", 1)]
    var facets: [(name: String, identifier: UInt16)] = []
    var renditions: [(key: [UInt16], value: [UInt8])] = []

    /// A key in `keyFormat` order from attribute → value pairs.
    func key(_ values: [UInt32: UInt16]) -> [UInt16] { keyFormat.map { values[$0] ?? 0 } }

    mutating func add(_ values: [UInt32: UInt16], _ csi: [UInt8]) { renditions.append((key(values), csi)) }

    // MARK: Records

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
    static func fixed(_ text: String, _ length: Int) -> [UInt8] {
        Array(Array(text.utf8).prefix(length - 1)) + [UInt8](repeating: 0, count: length - min(text.utf8.count, length - 1))
    }
    static func tag(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A CSI rendition: header, info tags, payload.
    static func csi(
        name: String, width: Int, height: Int, scale: Int = 100, format: String = "BGRA", colorSpace: UInt32 = 1, layout: UInt16 = 12,
        flags: UInt32 = 0, tags: [(UInt32, [UInt8])] = [], payload: [UInt8]
    ) -> [UInt8] {
        var tlv: [UInt8] = []
        for (number, bytes) in tags { tlv += le32(number) + le32(UInt32(bytes.count)) + bytes }
        var out = tag("ISTC") + le32(1) + le32(flags) + le32(UInt32(width)) + le32(UInt32(height)) + le32(UInt32(scale))
        out += tag(format) + le32(colorSpace) + le32(0) + le16(layout) + le16(0) + fixed(name, 128)
        out += le32(UInt32(tlv.count)) + le32(1) + le32(0) + le32(UInt32(payload.count))
        return out + tlv + payload
    }

    /// An MLEC bitmap record, whole or in KCBC chunks of `(rows, data)`.
    static func mlec(compression: UInt32, flags: UInt32 = 0, data: [UInt8]) -> [UInt8] {
        tag("MLEC") + le32(flags) + le32(compression) + le32(UInt32(data.count)) + data
    }

    static func mlec(compression: UInt32, chunks: [(rows: Int, data: [UInt8])]) -> [UInt8] {
        var out = tag("MLEC") + le32(1) + le32(compression) + le32(UInt32(chunks.count))
        for chunk in chunks {
            out += tag("KCBC") + le32(0) + le32(0) + le32(UInt32(chunk.rows)) + le32(UInt32(chunk.data.count)) + chunk.data
        }
        return out
    }

    static func rowBytesTag(_ value: Int) -> (UInt32, [UInt8]) { (1007, le32(UInt32(value))) }

    /// An INLK info tag pointing at `rect` (origin at the atlas's bottom-left) of the atlas with these key tokens.
    static func internalLink(x: Int, y: Int, width: Int, height: Int, atlas: [(UInt16, UInt16)]) -> (UInt32, [UInt8]) {
        var key: [UInt8] = []
        for (attribute, value) in atlas { key += le16(attribute) + le16(value) }
        key += le16(0) + le16(0)
        let body = tag("KLNI") + le32(0) + le32(UInt32(x)) + le32(UInt32(y)) + le32(UInt32(width)) + le32(UInt32(height))
            + le16(1004) + le32(UInt32(key.count)) + key
        return (1010, body)
    }

    // MARK: Container

    func build() -> [UInt8] {
        var blocks: [[UInt8]] = [[]]  // block 0 is null
        func add(_ bytes: [UInt8]) -> UInt32 {
            blocks.append(bytes)
            return UInt32(blocks.count - 1)
        }
        func tree(_ entries: [(key: [UInt8], value: [UInt8])]) -> UInt32 {
            var page = Self.be16(1) + Self.be16(UInt16(entries.count)) + Self.be32(0) + Self.be32(0)
            for entry in entries {
                let value = add(entry.value), key = add(entry.key)
                page += Self.be32(value) + Self.be32(key)
            }
            let pageBlock = add(page)
            return add(Self.tag("tree") + Self.be32(1) + Self.be32(pageBlock) + Self.be32(4096) + Self.be32(UInt32(entries.count)) + [0])
        }
        var header = Self.tag("RATC") + Self.le32(800) + Self.le32(17) + Self.le32(0) + Self.le32(UInt32(renditions.count))
        header += Self.fixed("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-800 (test)", 128) + Self.fixed("test", 256)
        header += [UInt8](repeating: 0xAB, count: 16) + Self.le32(0) + Self.le32(2) + Self.le32(1) + Self.le32(2)
        var variables: [(String, UInt32)] = [("CARHEADER", add(header))]
        let metadata = Self.tag("META") + Self.fixed("", 256) + Self.fixed("15.0", 256) + Self.fixed("ios", 256)
            + Self.fixed("@(#)PROGRAM:CoreThemeDefinition (test)", 256)
        variables.append(("EXTENDED_METADATA", add(metadata)))
        variables.append(("KEYFORMAT", add(Self.tag("tmfk") + Self.le32(0) + Self.le32(UInt32(keyFormat.count)) + keyFormat.flatMap(Self.le32))))
        variables.append(("APPEARANCEKEYS", tree(appearances.map { (Array($0.0.utf8), Self.le16($0.1)) })))
        variables.append(("FACETKEYS", tree(facets.map { facet in
            (Array(facet.name.utf8), Self.le16(0) + Self.le16(0) + Self.le16(3) + Self.le16(1) + Self.le16(85) + Self.le16(2)
                + Self.le16(181) + Self.le16(17) + Self.le16(facet.identifier))
        })))
        variables.append(("RENDITIONS", tree(renditions.map { ($0.key.flatMap(Self.le16), $0.value) })))

        var file = [UInt8](repeating: 0, count: 32)
        var table = Self.be32(UInt32(blocks.count))
        for block in blocks {
            if block.isEmpty {
                table += Self.be32(0) + Self.be32(0)
                continue
            }
            table += Self.be32(UInt32(file.count)) + Self.be32(UInt32(block.count))
            file += block
        }
        var vars = Self.be32(UInt32(variables.count))
        for (name, block) in variables { vars += Self.be32(block) + [UInt8(name.utf8.count)] + Array(name.utf8) }
        let tableOffset = file.count
        file += table
        let varsOffset = file.count
        file += vars
        let head = Self.tag("BOMStore") + Self.be32(1) + Self.be32(UInt32(blocks.count)) + Self.be32(UInt32(tableOffset))
            + Self.be32(UInt32(table.count)) + Self.be32(UInt32(varsOffset)) + Self.be32(UInt32(vars.count))
        file.replaceSubrange(0..<32, with: head)
        return file
    }
}
