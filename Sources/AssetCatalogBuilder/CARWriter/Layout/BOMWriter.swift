/// Builds a BOM container (`BOMStore`): numbered blocks, named variables and B-trees, laid out as Apple's
/// tools lay them out — a 512-byte header area, blocks in number order on 16-byte boundaries, then the
/// variables, then the block table. Multi-byte numbers of the container itself are big-endian.
///
/// Some blocks may already be in the file when the rest is laid out (``addPlaced(address:length:)``): a
/// compile streams the rendition values to disk as they are made, right after the header area, and the
/// other blocks follow them.
struct BOMWriter {
    /// One block: bytes to write, or a range of the file written already.
    enum Block {
        case bytes([UInt8])
        case placed(address: Int, length: Int)
    }

    /// Blocks by number; block 0 is the null block.
    private var blocks: [Block] = [.bytes([])]
    private var variables: [(name: String, block: Int)] = []

    /// Entries of one leaf page, as in Xcode's output (pages of 4096 bytes hold at most 256 entries).
    static let entriesPerPage = 256
    /// The page size written in tree headers and used for pages.
    static let pageSize = 4096
    /// The header area at the start of the file.
    static let headerSize = 512
    /// A BOM file addresses blocks with 32-bit offsets and lengths: the most bytes one can hold.
    static let maximumFileSize = Int(UInt32.max)

    /// Adds a block and returns its number.
    mutating func add(_ bytes: [UInt8]) -> Int {
        add(.bytes(bytes))
    }

    /// Adds a block already written at `address` and returns its number.
    mutating func addPlaced(address: Int, length: Int) -> Int {
        add(.placed(address: address, length: length))
    }

    private mutating func add(_ block: Block) -> Int {
        blocks.append(block)
        return blocks.count - 1
    }

    /// Replaces the contents of a block reserved earlier.
    mutating func set(_ number: Int, _ bytes: [UInt8]) {
        blocks[number] = .bytes(bytes)
    }

    /// Names a block.
    mutating func setVariable(_ name: String, _ block: Int) {
        variables.append((name, block))
    }

    /// Adds a B-tree of `entries` (already in the order a lookup expects) and returns its header block.
    mutating func addTree(_ entries: [(key: [UInt8], value: [UInt8])]) -> Int {
        addTree(entries.map { (key: $0.key, value: Block.bytes($0.value)) })
    }

    /// Adds a B-tree of `entries` (already in the order a lookup expects), whose values may be blocks
    /// placed already, and returns its header block.
    ///
    /// Leaves hold up to ``entriesPerPage`` entries and link forward and back; when there is more than one
    /// leaf, branch pages above them list each child with the key of its last entry.
    mutating func addTree(_ entries: [(key: [UInt8], value: Block)]) -> Int {
        // A zero flag byte and the key length (0xFFFFFFFF when keys differ in length), as Xcode writes them.
        let shortest = entries.lazy.map { $0.key.count }.min() ?? 0
        let longest = entries.lazy.map { $0.key.count }.max() ?? 0
        return addTree(
            count: entries.count, pageSize: Self.pageSize, perPage: Self.entriesPerPage, flag: 0,
            keyLength: shortest == longest ? UInt32(shortest) : 0xFFFF_FFFF
        ) { builder, index in
            let key = builder.add(entries[index].key)
            return (builder.add(entries[index].value), key)
        }
    }

    /// Adds a B-tree whose keys are 32-bit numbers stored in the pages themselves instead of key blocks
    /// (Xcode's BITMAPKEYS: facet identifiers), in ascending key order, and returns its header block. As Xcode
    /// writes it: pages of 1024 bytes (at most 126 entries), the header's flag byte 1 and key length 0.
    mutating func addInlineKeyTree(_ entries: [(key: UInt32, value: [UInt8])]) -> Int {
        addTree(count: entries.count, pageSize: Self.inlinePageSize, perPage: (Self.inlinePageSize - 12) / 8, flag: 1, keyLength: 0) {
            builder, index in
            (builder.add(entries[index].value), Int(entries[index].key))
        }
    }

    /// The page size of trees with inline keys.
    static let inlinePageSize = 1024

    /// Adds a tree of `count` entries; `entry` adds the blocks of entry `index` (in order) and returns its value
    /// block and its key field (a key block's number, or the key itself).
    private mutating func addTree(
        count: Int, pageSize: Int, perPage: Int, flag: UInt8, keyLength: UInt32,
        entry: (inout BOMWriter, Int) -> (value: Int, key: Int)
    ) -> Int {
        let header = add([])
        let leafCount = max(1, (count + perPage - 1) / perPage)
        var level: [(page: Int, lastKey: Int)] = []
        let leaves = (0..<leafCount).map { _ in add([]) }
        for (number, page) in leaves.enumerated() {
            var references: [(value: Int, key: Int)] = []
            for index in min(count, number * perPage)..<min(count, (number + 1) * perPage) {
                references.append(entry(&self, index))
            }
            let forward = number + 1 < leaves.count ? leaves[number + 1] : 0
            let backward = number > 0 ? leaves[number - 1] : 0
            set(page, Self.page(isLeaf: true, count: references.count, forward: forward, backward: backward, references, size: pageSize))
            level.append((page, references.last?.key ?? 0))
        }
        while level.count > 1 {
            var next: [(page: Int, lastKey: Int)] = []
            var start = 0
            while start < level.count {
                let children = Array(level[start..<min(level.count, start + perPage)])
                let page = add(
                    Self.page(
                        isLeaf: false, count: max(1, children.count - 1), forward: 0, backward: 0, children.map { ($0.page, $0.lastKey) },
                        size: pageSize))
                next.append((page, children.last!.lastKey))
                start += perPage
            }
            level = next
        }
        var bytes = Array("tree".utf8)
        BinaryWriter.appendBE32(&bytes, 1)
        BinaryWriter.appendBE32(&bytes, UInt32(level[0].page))
        BinaryWriter.appendBE32(&bytes, UInt32(pageSize))
        BinaryWriter.appendBE32(&bytes, UInt32(count))
        bytes.append(flag)
        BinaryWriter.appendBE32(&bytes, keyLength)
        BinaryWriter.appendBE32(&bytes, 0)
        set(header, bytes)
        return header
    }

    private static func page(
        isLeaf: Bool, count: Int, forward: Int, backward: Int, _ references: [(value: Int, key: Int)], size pageSize: Int
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pageSize)
        BinaryWriter.appendBE16(&bytes, isLeaf ? 1 : 0)
        BinaryWriter.appendBE16(&bytes, UInt16(count))
        BinaryWriter.appendBE32(&bytes, UInt32(forward))
        BinaryWriter.appendBE32(&bytes, UInt32(backward))
        for reference in references {
            BinaryWriter.appendBE32(&bytes, UInt32(reference.value))
            BinaryWriter.appendBE32(&bytes, UInt32(reference.key))
        }
        if bytes.count < pageSize { bytes += [UInt8](repeating: 0, count: pageSize - bytes.count) }
        return bytes
    }

    /// Where everything goes: each block's address and length, the variables table and the block table.
    struct Layout {
        var offsets: [(address: Int, length: Int)]
        /// Where the blocks that are not placed already begin (just after the header area, or after the
        /// placed blocks).
        var blocksStart: Int
        var variablesOffset: Int
        var variablesTable: [UInt8]
        var indexOffset: Int
        var index: [UInt8]
        var fileSize: Int { indexOffset + index.count }
    }

    /// The file is larger than 32-bit offsets can address.
    struct TooLarge: Error, Sendable {
        /// The size the file would have had.
        var byteCount: Int
    }

    /// Lays the file out: a 512-byte header area, the blocks not placed already in number order on 16-byte
    /// boundaries from `blocksStart` (the end of the placed blocks), the variables, then the block table with
    /// an empty free list. A file that would pass `limit` bytes is refused.
    func layout(blocksStart: Int = headerSize, limit: Int = maximumFileSize) throws(TooLarge) -> Layout {
        var offsets: [(address: Int, length: Int)] = [(0, 0)]
        offsets.reserveCapacity(blocks.count)
        let start = (max(blocksStart, Self.headerSize) + 15) & ~15
        var position = start
        for block in blocks.dropFirst() {
            switch block {
            case .bytes(let bytes):
                offsets.append((position, bytes.count))
                position = (position + bytes.count + 15) & ~15
            case .placed(let address, let length):
                offsets.append((address, length))
            }
        }
        let variablesOffset = position
        var table: [UInt8] = []
        BinaryWriter.appendBE32(&table, UInt32(variables.count))
        for variable in variables {
            BinaryWriter.appendBE32(&table, UInt32(variable.block))
            let name = Array(variable.name.utf8)
            table.append(UInt8(name.count))
            table += name
        }
        let indexOffset = (variablesOffset + table.count + 15) & ~15
        let indexSize = 4 + 8 * offsets.count + 4
        guard indexOffset + indexSize <= limit else { throw TooLarge(byteCount: indexOffset + indexSize) }
        var index: [UInt8] = []
        index.reserveCapacity(indexSize)
        BinaryWriter.appendBE32(&index, UInt32(offsets.count))
        for entry in offsets {
            BinaryWriter.appendBE32(&index, UInt32(entry.address))
            BinaryWriter.appendBE32(&index, UInt32(entry.length))
        }
        // An empty free list.
        BinaryWriter.appendBE32(&index, 0)
        return Layout(
            offsets: offsets, blocksStart: start, variablesOffset: variablesOffset, variablesTable: table, indexOffset: indexOffset,
            index: index)
    }

    /// The 512-byte header area: the magic, the block count and where the block table and variables are.
    func headerArea(_ layout: Layout) -> [UInt8] {
        var header = Array("BOMStore".utf8)
        BinaryWriter.appendBE32(&header, 1)
        BinaryWriter.appendBE32(&header, UInt32(blocks.count - 1))
        BinaryWriter.appendBE32(&header, UInt32(layout.indexOffset))
        BinaryWriter.appendBE32(&header, UInt32(layout.index.count))
        BinaryWriter.appendBE32(&header, UInt32(layout.variablesOffset))
        BinaryWriter.appendBE32(&header, UInt32(layout.variablesTable.count))
        header += [UInt8](repeating: 0, count: Self.headerSize - header.count)
        return header
    }

    /// Hands the file from `from` on to `emit` in order, piece by piece, so that it is never held whole in
    /// memory: each block not placed already followed by its padding, the variables, the block table. `from`
    /// is where the caller's file ends (the end of the header area or of the placed blocks): padding up to
    /// ``Layout/blocksStart`` comes first.
    func writeBlocks<Failure: Error>(_ layout: Layout, from: Int, to emit: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        var position = from
        for (number, block) in blocks.enumerated() where number > 0 {
            guard case .bytes(let bytes) = block else { continue }
            let address = layout.offsets[number].address
            if address > position { try emit(Self.zeros(address - position)) }
            if !bytes.isEmpty { try emit(bytes) }
            position = address + bytes.count
        }
        if layout.variablesOffset > position { try emit([UInt8](repeating: 0, count: layout.variablesOffset - position)) }
        try emit(layout.variablesTable)
        position = layout.variablesOffset + layout.variablesTable.count
        if layout.indexOffset > position { try emit([UInt8](repeating: 0, count: layout.indexOffset - position)) }
        try emit(layout.index)
    }

    /// Zero runs shorter than the 16-byte alignment, made once: the padding after tens of thousands of keys.
    private static let paddings: [[UInt8]] = (0..<16).map { [UInt8](repeating: 0, count: $0) }

    private static func zeros(_ count: Int) -> [UInt8] {
        count < paddings.count ? paddings[count] : [UInt8](repeating: 0, count: count)
    }

    /// Hands the whole file to `emit` in order: the header area, then ``writeBlocks(_:from:to:)``. Only for a
    /// writer without placed blocks (their bytes are not here to hand out).
    func write<Failure: Error>(_ layout: Layout, to emit: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        precondition(layout.blocksStart == Self.headerSize, "a BOM with placed blocks is written by its owner")
        try emit(headerArea(layout))
        try writeBlocks(layout, from: Self.headerSize, to: emit)
    }

    /// The whole file in one array (for small files and tests; ``write(_:to:)`` streams it).
    func serialize() throws(TooLarge) -> [UInt8] {
        let layout = try layout()
        var file: [UInt8] = []
        file.reserveCapacity(layout.fileSize)
        write(layout) { (piece: [UInt8]) -> Void in file += piece }
        return file
    }
}

/// Little helpers that append fixed-width numbers and strings to a byte array.
enum BinaryWriter {
    static func appendBE16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    static func appendBE32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    static func appendLE16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(value >> 8))
    }

    static func appendLE32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    static func appendLE64(_ bytes: inout [UInt8], _ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A string in a fixed field of `width` bytes, NUL-padded; cut at a character boundary when too long
    /// so that one NUL always ends it.
    static func appendFixed(_ bytes: inout [UInt8], _ text: String, width: Int) {
        let utf8 = Array(text.utf8)
        let count = fixedFieldCount(utf8, width: width)
        bytes += utf8[0..<count]
        bytes += [UInt8](repeating: 0, count: width - count)
    }

    /// How many bytes of the UTF-8 `utf8` a NUL-padded field of `width` bytes holds: all of them, or as many as leave
    /// room for one NUL, cut back to a character boundary.
    static func fixedFieldCount<Bytes: RandomAccessCollection<UInt8>>(_ utf8: Bytes, width: Int) -> Int where Bytes.Index == Int {
        guard utf8.count > width - 1 else { return utf8.count }
        var cut = width - 1
        while cut > 0, utf8[utf8.startIndex + cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    /// A four-character code as CoreUI stores it: a little-endian number, so `ARGB` is `BGRA` in the file.
    static func appendFourCC(_ bytes: inout [UInt8], _ code: String) {
        bytes += Array(code.utf8).reversed()
    }
}
