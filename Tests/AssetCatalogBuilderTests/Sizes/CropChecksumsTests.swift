import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// The crops of an atlas checksummed as the decoder hands over its rows (``CropChecksums``, what `assetc diff` does
/// while a packed atlas is decoded): the same CRC-32 as over the whole decoded image, however the rows come in
/// ranges, and a crop whose rows do not all come is left out rather than given a checksum of part of its pixels.
@Suite("assetc diff: crop checksums as rows are decoded")
struct CropChecksumsTests {
    static let width = 37, height = 50

    /// An RGBA image with every byte different from its neighbours.
    static let pixels: [UInt8] = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }

    /// Frames (y from the bottom edge, as a car stores them): inside, on the top and bottom edges, the whole image,
    /// one row, a column, an empty one, and one that does not fit the image.
    static let frames: [PackedFrame] = [
        PackedFrame(atlas: 0, x: 3, y: 10, width: 12, height: 9), PackedFrame(atlas: 0, x: 20, y: 40, width: 17, height: 10),
        PackedFrame(atlas: 0, x: 0, y: 0, width: 5, height: 7), PackedFrame(atlas: 0, x: 0, y: 0, width: 37, height: 50),
        PackedFrame(atlas: 0, x: 8, y: 25, width: 20, height: 1), PackedFrame(atlas: 0, x: 36, y: 2, width: 1, height: 30),
        PackedFrame(atlas: 0, x: 4, y: 4, width: 0, height: 0), PackedFrame(atlas: 0, x: 30, y: 45, width: 10, height: 10),
    ]

    static var crops: [(Int, UInt32, PackedFrame)] {
        frames.enumerated().map { ($0.offset, UInt32($0.offset * 1000 + 7), $0.element) }
    }

    /// The checksum of a crop as computed over the whole image: its own checksum, width, height, rows top to bottom.
    static func expected(_ own: UInt32, _ frame: PackedFrame) -> UInt32 {
        var numbers = (own.littleEndian, UInt32(frame.width).littleEndian, UInt32(frame.height).littleEndian)
        var crc = withUnsafeBytes(of: &numbers) { CRC32.update(0, $0) }
        let top = height - frame.y - frame.height
        pixels.withUnsafeBytes { image in
            for row in top..<(top + frame.height) {
                let start = (row * width + frame.x) * 4
                crc = CRC32.update(crc, UnsafeRawBufferPointer(rebasing: image[start..<(start + frame.width * 4)]))
            }
        }
        return crc
    }

    static func checksums(_ ranges: [Range<Int>]) -> [Int: UInt32] {
        var checksums = CropChecksums(crops)
        pixels.withUnsafeBytes { image in
            for rows in ranges { checksums.add(rows, image, width: width, height: height) }
        }
        return Dictionary(uniqueKeysWithValues: checksums.results().map { ($0.0, $0.1) })
    }

    @Test("whole, in uneven ranges, or row by row: the checksums of the whole image, the frame that does not fit left out")
    func anySplitGivesTheWholeImagesChecksums() {
        let whole = Dictionary(uniqueKeysWithValues: Self.crops.dropLast().map { ($0.0, Self.expected($0.1, $0.2)) })
        #expect(Self.checksums([0..<Self.height]) == whole)
        #expect(Self.checksums([0..<7, 7..<20, 20..<21, 21..<Self.height]) == whole)
        #expect(Self.checksums((0..<Self.height).map { $0..<($0 + 1) }) == whole)
    }

    @Test("a crop whose rows come with a gap, or not at all, gets no checksum; the crops outside the gap do")
    func rowsMissingLeaveTheCropOut() {
        // Rows 30..<35 never come: frames 0 (rows 31..<40), 3 (every row) and 5 (rows 18..<48) lose theirs.
        let result = Self.checksums([0..<30, 35..<Self.height])
        #expect(Set(result.keys) == [1, 2, 4, 6], "\(result.keys.sorted())")
        for key in result.keys { #expect(result[key] == Self.expected(Self.crops[key].1, Self.crops[key].2)) }
    }
}
