import AssetCatalog
import Foundation
import Testing

/// Damaged copies of a generated `.car` (and, when present, of the real files in ../shared/cars): every one
/// opens and decodes, or ends in a ``CARError`` — never a crash, a hang or an unchecked allocation.
@Suite("Assets.car damage")
struct CARDamageTests {
    /// Opens the bytes and decodes every rendition; returns the first error, or `nil` when all went through.
    @discardableResult
    static func exercise(_ bytes: [UInt8]) -> CARError? {
        let file: CARFile
        do {
            file = try CARFile(bytes: bytes)
        } catch {
            #expect(!error.structure.isEmpty && !error.detail.isEmpty)
            return error
        }
        _ = file.outputPaths()
        let decoder = CARDecoder(file: file)
        var first: CARError?
        for index in file.renditions.indices {
            _ = file.attributes(of: file.renditions[index])
            do {
                _ = try decoder.decode(index)
            } catch {
                first = first ?? error
            }
        }
        return first
    }

    static let original = CARSamples.small()

    @Test("the undamaged file decodes without error")
    func baseline() {
        #expect(Self.exercise(Self.original) == nil)
    }

    @Test("every truncation is a typed error")
    func truncations() {
        for length in 0..<Self.original.count {
            #expect(Self.exercise(Array(Self.original[0..<length])) != nil, "truncated to \(length) bytes")
        }
    }

    @Test("thousands of random bit flips")
    func bitFlips() {
        var random = SeededRandom(seed: 0xCA9)
        for _ in 0..<4000 {
            var damaged = Self.original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            }
            Self.exercise(damaged)
        }
    }

    @Test("hostile counts, offsets and lengths at every aligned position")
    func hostileFields() {
        let values: [[UInt8]] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xF0], [0xF0, 0xFF, 0xFF, 0x7F], [0, 0, 1, 0], [0, 1, 0, 0]]
        for offset in stride(from: 0, to: Self.original.count - 4, by: 4) {
            for value in values {
                var damaged = Self.original
                damaged.replaceSubrange(offset..<(offset + 4), with: value)
                Self.exercise(damaged)
            }
        }
    }

    /// The file with one tree page's fields replaced: `patch(page, pageBlock)`.
    static func withPatchedRenditionsPage(_ patch: (inout [UInt8], Int, UInt32) -> Void) throws -> [UInt8] {
        var bytes = original
        let store = try bytes.withUnsafeBytes { buffer in
            Result { () throws(CARError) in try BOMStore(file: CARBytes(buffer: buffer, base: 0, structure: "file")) }
        }.get()
        let treeBlock = try #require(store.variable("RENDITIONS"))
        let treeRange = try #require(store.blocks[treeBlock])
        let pageBlock = UInt32(bytes[treeRange.lowerBound + 8]) << 24 | UInt32(bytes[treeRange.lowerBound + 9]) << 16
            | UInt32(bytes[treeRange.lowerBound + 10]) << 8 | UInt32(bytes[treeRange.lowerBound + 11])
        let pageRange = try #require(store.blocks[Int(pageBlock)])
        patch(&bytes, pageRange.lowerBound, pageBlock)
        return bytes
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }

    @Test("a leaf whose forward link points at itself is a cycle")
    func forwardCycle() throws {
        let damaged = try Self.withPatchedRenditionsPage { bytes, page, block in
            bytes.replaceSubrange((page + 4)..<(page + 8), with: Self.be32(block))
        }
        #expect(Self.exercise(damaged)?.kind == .cycle)
    }

    @Test("a branch page whose first child is itself is a cycle")
    func branchCycle() throws {
        let damaged = try Self.withPatchedRenditionsPage { bytes, page, block in
            bytes.replaceSubrange(page..<(page + 2), with: [0, 0])
            bytes.replaceSubrange((page + 12)..<(page + 16), with: Self.be32(block))
        }
        #expect(Self.exercise(damaged)?.kind == .cycle)
    }

    @Test("real files: truncations and bit flips (skipped without ../shared/cars)",
          .enabled(if: FileManager.default.fileExists(atPath: SharedCARs.folder)))
    func realFiles() throws {
        var random = SeededRandom(seed: 0x5A4ED)
        for path in SharedCARs.paths {
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            for _ in 0..<3 {
                Self.exercise(Array(original[0..<Int.random(in: 0..<original.count, using: &random)]))
                var damaged = original
                for _ in 0..<8 {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                Self.exercise(damaged)
            }
        }
    }
}

/// The real `Assets.car` files beside the checkout, when present (never part of the project).
enum SharedCARs {
    static let folder: String = {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = root.deletingLastPathComponent().appendingPathComponent("shared/cars").path
        if FileManager.default.fileExists(atPath: beside) { return beside }
        return "/work/shared/cars"
    }()

    static var paths: [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".car") }.sorted().map { folder + "/" + $0 }
    }
}
