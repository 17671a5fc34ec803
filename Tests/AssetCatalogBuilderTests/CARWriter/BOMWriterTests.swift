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
        let file = writer.serialize()
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
}
