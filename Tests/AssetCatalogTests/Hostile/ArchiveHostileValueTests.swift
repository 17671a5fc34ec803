import Foundation
import Testing

@testable import AssetCatalog

/// Archives with valid checksums whose values a reader path would trust: `verify` must catch each one,
/// and the reader paths must refuse them with a typed error instead of crashing or serving them.
@Suite("Hostile archive values")
struct ArchiveHostileValueTests {
    private func open(_ bytes: [UInt8]) throws(ArchiveError) -> AssetArchive { try AssetArchive(bytes: bytes) }

    /// The archive without compressed metadata, so records can be edited in place.
    private func surgeon() throws -> ArchiveSurgeon { ArchiveSurgeon(try ArchiveSamples.archive(compressMetadata: false)) }

    private func sectionOffset(_ surgeon: ArchiveSurgeon, _ kind: String) -> Int {
        Int(surgeon.entry(surgeon.index(of: kind)!).offset)
    }

    @Test("an AMET source index past SRCS fails verify and asset listing, never the caller")
    func sourceIndexOutsideSources() throws {
        var damaged = try surgeon()
        damaged.put(UInt32(99), at: sectionOffset(damaged, "AMET"))
        damaged.fixChecksums()
        let archive = try open(damaged.bytes)
        let problems = archive.problems()
        #expect(problems.contains { "\($0)".contains("AMET") && "\($0)".contains("source 99") })
        #expect(throws: ArchiveError.self) { try archive.assets() }
    }

    @Test("SRCS string references outside the metadata strings fail verify")
    func sourceStringsOutsideTable() throws {
        var damaged = try surgeon()
        damaged.put(UInt32(0x7FFF_0000), at: sectionOffset(damaged, "SRCS"))
        damaged.fixChecksums()
        let archive = try open(damaged.bytes)
        #expect(archive.problems().contains { "\($0)".contains("SRCS") })
        #expect(throws: ArchiveError.self) { try archive.verify() }
    }

    @Test("the no-checksum flag is refused on a section that must have a checksum")
    func noChecksumFlagOnColours() throws {
        var damaged = try surgeon()
        let index = damaged.index(of: "COLR")!
        var entry = damaged.entry(index)
        entry.flags |= 2
        entry.crc = 0
        damaged.setEntry(index, entry)
        // Change a colour: with the flag honoured, this would be served unchecked.
        damaged.put(Double(0.9).bitPattern, at: Int(entry.offset) + 16)
        damaged.fixChecksums()
        #expect(throws: ArchiveError.invalidSectionLayout(section: "COLR", reason: "it must have a checksum but is flagged as having none")) {
            try open(damaged.bytes)
        }
    }

    @Test("colour components that are infinite, NaN or huge are refused", arguments: [Double.infinity, -Double.infinity, Double.nan, 1e300, 1e19])
    func colourValues(value: Double) throws {
        var damaged = try surgeon()
        let colours = sectionOffset(damaged, "COLR")
        #expect(damaged.bytes[colours] == 1, "the first colour record holds components")
        damaged.put(value.bitPattern, at: colours + 16)
        damaged.fixChecksums()
        let archive = try open(damaged.bytes)
        #expect(archive.problems().contains { "\($0)".contains("COLR") && "\($0)".contains("red") })
        #expect(throws: ArchiveError.self) { try archive.color(named: "Accent", compatibleWith: TraitCollection()) }
        #expect(throws: ArchiveError.self) { try archive.assets() }
    }

    @Test("Int(clampingDouble:) saturates instead of trapping")
    func clampingConversion() {
        #expect(Int(clampingDouble: .infinity) == .max)
        #expect(Int(clampingDouble: -.infinity) == .min)
        #expect(Int(clampingDouble: .nan) == 0)
        #expect(Int(clampingDouble: 1e300) == .max)
        #expect(Int(clampingDouble: 9_223_372_036_854_775_807.0) == .max)
        #expect(Int(clampingDouble: -2.7) == -2)
        #expect(Int(clampingDouble: 120.0) == 120)
    }
}

/// Requests at the edge of the packed scale range.
@Suite("Resolver scale range")
struct ResolverScaleRangeTests {
    @Test("a 32771x request picks the 3x of a 2x/3x pair, and huge scales never tie", arguments: [32771, 40000, 65535, 100_000])
    func hugeRequestedScale(scale: Int) throws {
        let variants = [VariantTraits(displayScale: 2), VariantTraits(displayScale: 3)]
        var request = TraitCollection()
        request.displayScale = DisplayScale(scale)
        let resolver = Resolver()
        #expect(resolver.bestVariant(among: variants, for: request) == 1)
        let compiled = CompiledRequest(request)
        let packed = variants.map { PackedVariantTraits($0) }
        #expect(compiled.rankKey(packed[1]) < compiled.rankKey(packed[0]))
    }

    @Test("scale scores order every packed pair: nearer higher, then nearer lower")
    func scaleScoresAreStrict() {
        for request: UInt32 in [1, 2, 3, 1000, 32771, 65535] {
            var previous: UInt64 = 0
            let order = Array((request..<65536).dropFirst()) + Array((1..<request).reversed())
            for variant in order.prefix(5000) + order.suffix(5000) {
                let score = DimensionMatch.scaleScore(variant: variant, request: request)
                #expect(score > previous || previous == 0, "request \(request), variant \(variant)")
                previous = score
            }
        }
    }
}
