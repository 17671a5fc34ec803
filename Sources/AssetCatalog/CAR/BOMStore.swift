/// The BOM container that holds an `Assets.car`: a big-endian header, a table of blocks (offset + length),
/// and named variables that point at blocks. The CAR structures live in those blocks.
///
/// Every block's range is checked against the file when the table is read; ``block(_:as:)`` never
/// returns bytes outside the file.
public struct BOMStore: Sendable {
    /// The whole file.
    public let file: CARBytes
    /// Block ranges by index (index 0 is the null block); `nil` for a table entry that lies outside the file
    /// (real files keep freed entries as `0xFFFFFFFF`), which is an error only when something points at it.
    public let blocks: [Range<Int>?]
    /// Named variables, in file order: name and block index.
    public let variables: [(name: String, block: Int)]

    /// The size of the fixed header.
    public static let headerSize = 32

    /// Reads the header, the block table and the variables.
    public init(file: CARBytes) throws(CARError) {
        let header = try file.slice(0, min(file.count, Self.headerSize), as: "BOM header")
        try header.require(0, Self.headerSize)
        guard try header.tag(0) == "BOMS", try header.tag(4) == "tore" else {
            throw header.error(.badMagic, at: 0, "the file does not start with BOMStore (not a compiled asset catalog)")
        }
        let version = try header.u32BE(8)
        guard version == 1 else { throw header.error(.outOfRange, at: 8, "BOM version \(version), expected 1") }
        let indexOffset = Int(try header.u32BE(16)), indexLength = Int(try header.u32BE(20))
        let variablesOffset = Int(try header.u32BE(24)), variablesLength = Int(try header.u32BE(28))

        let index = try file.slice(indexOffset, indexLength, as: "BOM block table")
        let blockCount = Int(try index.u32BE(0))
        // Each entry is 8 bytes: a count the table cannot hold is rejected before anything is allocated.
        guard blockCount <= (index.count - 4) / 8 else {
            throw index.error(.outOfRange, at: 0, "\(blockCount) blocks do not fit in a table of \(index.count) bytes")
        }
        var blocks: [Range<Int>?] = []
        blocks.reserveCapacity(blockCount)
        for number in 0..<blockCount {
            let address = Int(try index.u32BE(4 + 8 * number)), length = Int(try index.u32BE(8 + 8 * number))
            // Unused entries are zero; anything else must lie inside the file.
            if address == 0 && length == 0 {
                blocks.append(0..<0)
                continue
            }
            guard address <= file.count, length <= file.count - address else {
                blocks.append(nil)
                continue
            }
            blocks.append(address..<(address + length))
        }

        let table = try file.slice(variablesOffset, variablesLength, as: "BOM variables")
        let variableCount = Int(try table.u32BE(0))
        // Each variable takes at least 5 bytes.
        guard variableCount <= (table.count - 4) / 5 else {
            throw table.error(.outOfRange, at: 0, "\(variableCount) variables do not fit in \(table.count) bytes")
        }
        var variables: [(name: String, block: Int)] = []
        var position = 4
        for _ in 0..<variableCount {
            let block = Int(try table.u32BE(position))
            let length = Int(try table.u8(position + 4))
            let name = try table.slice(position + 5, length).text
            guard block < blocks.count else {
                throw table.error(.outOfRange, at: position, "variable \(name) points at block \(block) of \(blocks.count)")
            }
            variables.append((name, block))
            position += 5 + length
        }
        self.file = file
        self.blocks = blocks
        self.variables = variables
    }

    /// The block a variable points at, or `nil` when there is no such variable.
    public func variable(_ name: String) -> Int? {
        variables.first { $0.name == name }?.block
    }

    /// The bytes of block `number`, named `name` in errors.
    public func block(_ number: Int, as name: String) throws(CARError) -> CARBytes {
        guard number > 0, number < blocks.count else {
            throw CARError(.outOfRange, name, offset: nil, "block \(number) does not exist (the file has \(blocks.count))")
        }
        guard let range = blocks[number] else {
            throw CARError(.outOfRange, name, offset: nil, "block \(number)'s table entry lies outside the file")
        }
        return try file.slice(range.lowerBound, range.count, as: name)
    }

    /// Every key and value of the B-tree a variable names, in tree order.
    ///
    /// The walk starts at the root page, follows the first child of each branch page down to the first leaf,
    /// then the leaves' forward links. A page seen twice (pages pointing at each other) or a descent deeper
    /// than the file has blocks ends the walk with ``CARError/Kind/cycle``.
    public func tree(_ variableName: String) throws(CARError) -> [(key: CARBytes, value: CARBytes)] {
        let structure = "tree \(variableName)"
        // The two names are made once and shared by every entry's windows.
        let keyName = "\(structure) key", valueName = "\(structure) value"
        let leaves = try leafEntries(variableName)
        var entries: [(key: CARBytes, value: CARBytes)] = []
        entries.reserveCapacity(leaves.count)
        for (keyField, valueBlock) in leaves {
            entries.append((try block(Int(keyField), as: keyName), try block(valueBlock, as: valueName)))
        }
        return entries
    }

    /// Every key and value of a B-tree whose keys are stored in the page itself as 32-bit numbers instead of
    /// naming a key block (Xcode's BITMAPKEYS, keyed by facet identifier), in tree order; walked as ``tree(_:)``.
    public func inlineKeyTree(_ variableName: String) throws(CARError) -> [(key: UInt32, value: CARBytes)] {
        let valueName = "tree \(variableName) value"
        var entries: [(key: UInt32, value: CARBytes)] = []
        for (keyField, valueBlock) in try leafEntries(variableName) {
            entries.append((keyField, try block(valueBlock, as: valueName)))
        }
        return entries
    }

    /// The leaf entries of a tree as stored: the key field (a key block's number, or the key itself) and the
    /// value block's number.
    private func leafEntries(_ variableName: String) throws(CARError) -> [(keyField: UInt32, valueBlock: Int)] {
        guard let headerBlock = variable(variableName) else {
            throw CARError(.missing, "tree \(variableName)", offset: nil, "the file has no \(variableName) variable")
        }
        let structure = "tree \(variableName)"
        let header = try block(headerBlock, as: structure)
        guard try header.tag(0) == "tree" else {
            throw header.error(.badMagic, at: 0, "expected the tag 'tree'")
        }
        let version = try header.u32BE(4)
        guard version == 1 else { throw header.error(.outOfRange, at: 4, "tree version \(version), expected 1") }
        var pageNumber = Int(try header.u32BE(8))
        var visited = Set<Int>()
        let pageName = "\(structure) page"

        // Down the first children to the first leaf.
        while true {
            guard visited.insert(pageNumber).inserted else {
                throw CARError(.cycle, pageName, offset: blocks.indices.contains(pageNumber) ? blocks[pageNumber]?.lowerBound : nil,
                    "page \(pageNumber) is its own ancestor")
            }
            let page = try block(pageNumber, as: pageName)
            let isLeaf = try page.u16BE(0) != 0
            if isLeaf { break }
            let count = Int(try page.u16BE(2))
            guard count > 0 else { throw page.error(.outOfRange, at: 2, "a branch page with no entries") }
            pageNumber = Int(try page.u32BE(12))
        }

        var entries: [(keyField: UInt32, valueBlock: Int)] = []
        var leafNumber = pageNumber
        var leavesSeen = Set<Int>()
        while leafNumber != 0 {
            guard leavesSeen.insert(leafNumber).inserted else {
                throw CARError(.cycle, pageName, offset: blocks.indices.contains(leafNumber) ? blocks[leafNumber]?.lowerBound : nil,
                    "leaf page \(leafNumber) is reached twice through forward links")
            }
            let page = try block(leafNumber, as: pageName)
            guard try page.u16BE(0) != 0 else {
                throw page.error(.outOfRange, at: 0, "a forward link leads to a branch page")
            }
            let count = Int(try page.u16BE(2))
            try page.require(12, count * 8)
            for entry in 0..<count {
                entries.append((try page.u32BE(16 + 8 * entry), Int(try page.u32BE(12 + 8 * entry))))
            }
            leafNumber = Int(try page.u32BE(4))
        }
        return entries
    }
}
