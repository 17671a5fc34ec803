import Testing

@testable import AssetCatalog

/// The encoder's memory-saving path (docs/PERFORMANCE.md, "Cost grows in a straight line", issue 16): encoding
/// while releasing the blueprint gives the same bytes as encoding a copy, empties the blueprint, and the string
/// table still stores each string once (found by its bytes, no longer by a `[String: UInt32]`).
@Suite("Archive encoder: releasing the blueprint")
struct ArchiveEncoderReleaseTests {
    /// `count` assets of three variants each; every asset's first variant names the same file, so the
    /// metadata string table has repeats to share. Enough assets to grow the string slots and cross a trim.
    private static func blueprint(assets count: Int) -> ArchiveBlueprint {
        var blueprint = ArchiveBlueprint(sources: [.init(path: "Test.xcassets", kind: "xcassets")])
        blueprint.payloads = [.init(offset: UInt64(ArchiveEncoder.dataStart), length: 0, crc: 0, contentType: .png)]
        for index in 0..<count {
            let name = String(format: "Asset%05d", index)
            let variants = (0..<3).map { variant in
                ArchiveBlueprint.Variant(
                    traits: PackedVariantTraits(VariantTraits(displayScale: DisplayScale(variant + 1))), target: 0,
                    sourcePath: variant == 0 ? "Shared/one.png" : "\(name).imageset/\(name)@\(variant + 1)x.png",
                    attributes: variant == 2 ? [.init("memory", "2GB")] : [],
                    locale: variant == 1 ? LocaleTag("fr-CA") : nil)
            }
            blueprint.assets.append(
                .init(name: name, kind: .image, sourceIndex: 0, path: "\(name).imageset", variants: variants))
        }
        return blueprint
    }

    @Test("same bytes as encoding a copy; the blueprint is left empty; repeated strings stored once")
    func releasingEncodesTheSame() throws {
        let original = Self.blueprint(assets: 5000)
        let dataEnd = ArchiveEncoder.dataStart
        let plain = try ArchiveEncoder.encode(original, dataEnd: dataEnd, compressMetadata: false)
        var handed = Self.blueprint(assets: 5000)
        let released = try ArchiveEncoder.encode(releasing: &handed, dataEnd: dataEnd, compressMetadata: false)
        #expect(released.head == plain.head && released.tail == plain.tail && released.fileSize == plain.fileSize)
        #expect(handed.assets.isEmpty && handed.payloads.isEmpty)
        #expect(released.tailPieces.reduce(0) { $0 + $1.count } == released.tail.count)

        let archive = try AssetArchive(bytes: plain.head + released.tail)
        try archive.verify()
        // "Shared/one.png" is named by 5,000 variants and stored once.
        let shared = Array("Shared/one.png".utf8)
        let tail = released.tail
        var occurrences = 0
        var position = 0
        while position + shared.count <= tail.count {
            if tail[position] == shared[0], Array(tail[position..<(position + shared.count)]) == shared { occurrences += 1 }
            position += 1
        }
        #expect(occurrences == 1)
    }
}
