import Foundation

/// The small `.car` the reader tests use, built by ``TestCARBuilder``.
enum CARSamples {
    static func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }

    /// Pixel (x, y) of the test image as stored (blue, green, red, alpha).
    static func storedPixel(_ x: Int, _ y: Int) -> [UInt8] { [UInt8((x * 16) & 255), UInt8((y * 32) & 255), UInt8(((x + y) * 8) & 255), 255] }

    static func uncompressed4x3() -> [UInt8] {
        (0..<3).flatMap { y in (0..<4).flatMap { x in storedPixel(x, y) } }
    }

    /// Facets: Plain (1x uncompressed, 2x LZFSE, 2x dark in KCBC chunks), Grey (a GA8 internal reference into a
    /// packed atlas), Doc (raw PDF), Tint (a colour), Icon (a multisize set and one image), Palette (palette-img).
    static func small() -> [UInt8] {
        var car = TestCARBuilder()
        car.facets = [("Plain", 1), ("Grey", 2), ("Doc", 3), ("Tint", 4), ("Icon", 5), ("Palette", 6)]
        let B = TestCARBuilder.self
        car.add([17: 1, 1: 85, 2: 181, 12: 1], B.csi(name: "plain.png", width: 4, height: 3, payload: B.mlec(compression: 0, data: uncompressed4x3())))
        car.add(
            [17: 1, 1: 85, 2: 181, 12: 2],
            B.csi(name: "plain@2x.png", width: 8, height: 6, scale: 200, tags: [B.rowBytesTag(32)],
                  payload: B.mlec(compression: 4, data: bytes(CARTestPayloads.image8x6))))
        car.add(
            [17: 1, 1: 85, 2: 181, 12: 2, 7: 1],
            B.csi(name: "plain-dark@2x.png", width: 8, height: 6, scale: 200, tags: [B.rowBytesTag(32)],
                  payload: B.mlec(compression: 4, chunks: [(3, bytes(CARTestPayloads.image8x6Top)), (3, bytes(CARTestPayloads.image8x6Bottom))])))
        // A 6x4 grey + alpha atlas (no facet); the reference takes the 2x2 square at (1, 1) from the bottom-left.
        var atlas: [UInt8] = []
        for y in 0..<4 { for x in 0..<6 { atlas += [UInt8(10 * (y * 6 + x)), 255] } }
        car.add([1: 9, 2: 181, 8: 1, 12: 1], B.csi(name: "ZZZZPackedAsset-1.0.1-gamut0", width: 6, height: 4, format: " 8AG", layout: 1004, payload: B.mlec(compression: 0, data: atlas)))
        car.add(
            [17: 2, 1: 85, 2: 181, 12: 1],
            B.csi(name: "grey.png", width: 2, height: 2, format: " 8AG", layout: 1003,
                  tags: [B.internalLink(x: 1, y: 1, width: 2, height: 2, atlas: [(1, 9), (2, 181), (8, 1), (12, 1)])], payload: []))
        let pdf = Array("%PDF-1.3\n% test\n".utf8)
        car.add([17: 3, 1: 85, 2: 181], B.csi(name: "doc.pdf", width: 0, height: 0, scale: 0, format: " FDP", layout: 9, payload: B.tag("DWAR") + B.le32(0) + B.le32(UInt32(pdf.count)) + pdf))
        var color = B.tag("RLOC") + B.le32(1) + B.le32(3) + B.le32(4)
        for component in [1.0, 0.5, 0.25, 1.0] { color += B.le32(UInt32(component.bitPattern & 0xFFFF_FFFF)) + B.le32(UInt32(component.bitPattern >> 32)) }
        car.add([17: 4, 1: 85, 2: 181], B.csi(name: "tint", width: 0, height: 0, scale: 0, format: "\0\0\0\0", layout: 1009, payload: color))
        let sism = B.tag("SISM") + B.le32(1) + B.le32(2) + B.le32(16) + B.le32(16) + B.le16(0) + B.le16(0) + B.le32(32) + B.le32(32) + B.le16(1) + B.le16(0)
        car.add([17: 5, 1: 85, 2: 218], B.csi(name: "Icon", width: 0, height: 0, scale: 0, format: "\0\0\0\0", layout: 1010, payload: sism))
        car.add([17: 5, 1: 85, 2: 220, 12: 1, 15: 1], B.csi(name: "icon.png", width: 4, height: 3, payload: B.mlec(compression: 0, data: uncompressed4x3())))
        car.add([17: 6, 1: 85, 2: 181, 12: 1], B.csi(name: "palette.png", width: 5, height: 2, payload: B.mlec(compression: 8, data: bytes(CARTestPayloads.palette5x2))))
        return car.build()
    }
}
