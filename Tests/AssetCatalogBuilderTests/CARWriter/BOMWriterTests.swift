import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

@Suite("BOM writer")
struct BOMWriterTests {
    /// Trees of one leaf, several leaves under one branch page, and three levels all read back whole and in order.
    @Test(arguments: [0, 1, 256, 257, 5_000, 70_000])
    func treesReadBackInOrder(count: Int) throws {
        var writer = BOMWriter()
        let entries = (0..<count).map { number -> (key: [UInt8], value: [UInt8]) in
            (key: [UInt8(number >> 16), UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number)], value: [UInt8(number % 251)])
        }
        writer.setVariable("TREE", writer.addTree(entries))
        writer.setVariable("BLOCK", writer.add(Array("hello".utf8)))
        let file = try writer.serialize()
        try file.withUnsafeBytes { buffer in
            let store = try BOMStore(file: CARBytes(buffer: buffer, base: 0, structure: "file"))
            let read = try store.tree("TREE")
            #expect(read.count == count)
            #expect(read.map(\.key.bytes) == entries.map(\.key))
            #expect(read.map(\.value.bytes) == entries.map(\.value))
            let block = try store.block(try #require(store.variable("BLOCK")), as: "BLOCK")
            #expect(block.bytes == Array("hello".utf8))
        }
    }

    /// A file past what 32-bit offsets address is refused with its size, before a byte is written.
    @Test func aFileTooLargeForThirtyTwoBitOffsetsIsRefused() throws {
        var writer = BOMWriter()
        writer.setVariable("BLOCK", writer.add([UInt8](repeating: 1, count: 10_000)))
        #expect(throws: BOMWriter.TooLarge.self) { try writer.layout(limit: 8_192) }
        let layout = try writer.layout(limit: 20_000)
        // Written piece by piece, the file is the same as in one array.
        var pieces: [UInt8] = []
        writer.write(layout) { (piece: [UInt8]) -> Void in pieces += piece }
        #expect(pieces == (try writer.serialize()))
        #expect(pieces.count == layout.fileSize)
    }
}
