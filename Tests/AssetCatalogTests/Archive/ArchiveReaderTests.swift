import Foundation
import Testing

@testable import AssetCatalog

@Suite("Archive reader")
struct ArchiveReaderTests {
    @Test("CRC-32 matches the standard check value and combines like zlib")
    func crc() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        var random = SeededRandom(seed: 7)
        for _ in 0..<50 {
            let data = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let split = Int.random(in: 0...data.count, using: &random)
            let whole = CRC32.checksum(data)
            let first = CRC32.checksum(Array(data[..<split]))
            let second = CRC32.checksum(Array(data[split...]))
            #expect(CRC32.combine(first, second, length2: UInt64(data.count - split)) == whole)
            #expect(CRC32.updateZeros(first, count: 40) == CRC32.checksum(Array(data[..<split]) + Array(repeating: 0, count: 40)))
        }
    }

    @Test("FNV-1a name hash matches the reference values")
    func nameHash() {
        #expect(NameHash.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(NameHash.hash("a") == 0xAF63_DC4C_8601_EC8C)
    }

    @Test("an encoded archive opens and answers every lookup")
    func lookups() throws {
        let archive = try AssetArchive(bytes: try ArchiveSamples.archive())
        #expect(archive.count == ArchiveSamples.expected.count)
        #expect(archive.names == ArchiveSamples.expected.map(\.name))
        #expect(archive.kind(of: "Hero") == .image)
        #expect(archive.kind(of: "Accent") == .color)
        #expect(archive.kind(of: "hero") == nil)
        #expect(archive.contains("Icons/Café"))
        #expect(!archive.contains("Icons/Cafe\u{301}"))  // byte comparison, not canonical equivalence

        let hero = try #require(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 2)))
        #expect(hero.index == 1)
        #expect(hero.bytes == ArchiveSamples.expected[3].payloads[1])
        #expect(hero.scale == 2)
        #expect(hero.pixelWidth == 10 && hero.pixelHeight == 20)
        #expect(try hero.sourcePath == "Hero.imageset/1.png")
        #expect(try hero.attributes == ["index": "1"])
        let dark = try #require(
            try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 2, appearance: .dark)))
        #expect(dark.index == 3)
        let empty = try #require(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 1)))
        #expect(empty.byteCount == 0 && empty.bytes.isEmpty)
        let cafe = try #require(try archive.image(named: "Icons/Café", compatibleWith: TraitCollection()))
        let hero3 = try #require(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 3)))
        #expect(cafe.payloadIndex == hero3.payloadIndex)
        #expect(try archive.image(named: "Accent", compatibleWith: TraitCollection()) == nil)
        #expect(try archive.image(named: "Nope", compatibleWith: TraitCollection()) == nil)
        #expect(try archive.image(named: "AppIcon", compatibleWith: TraitCollection(idiom: .phone, displayScale: 3))?.index == 1)
        #expect(try archive.image(named: "AppIcon", compatibleWith: TraitCollection(idiom: .pad)) == nil)

        #expect(
            try archive.color(named: "Accent", compatibleWith: TraitCollection(appearance: .light))
                == ArchiveSamples.expected[0].colors[0])
        #expect(
            try archive.color(named: "Accent", compatibleWith: TraitCollection(appearance: .dark))
                == .systemReference(name: "labelColor"))
        let config = try #require(try archive.data(named: "Config"))
        #expect(config.bytes == ArchiveSamples.expected[2].payloads[0])

        let explanation = try #require(
            try archive.explain(named: "Hero", compatibleWith: TraitCollection(displayScale: 2)))
        #expect(explanation.chosenIndex == 1)
        #expect(explanation.candidates.count == 4)

        #expect(try archive.sources() == [.init(path: "Test.xcassets", kind: "xcassets"), .init(path: "more", kind: "folder")])
        let listed = try #require(try archive.asset(named: "Hero"))
        #expect(listed.variants.map(\.traits) == ArchiveSamples.expected[3].variants)
        #expect(listed.properties == ["template-rendering-intent": "template"])
        #expect(listed.path == "Hero.set")
        #expect(try archive.asset(named: "Config")?.sourceIndex == 1)
        #expect(try archive.assets().map(\.name) == archive.names)
        try archive.verify()
        #expect(archive.problems().isEmpty)
    }

    @Test("ranking in place equals the resolver on random assets and requests")
    func resolutionMatchesResolver() throws {
        var random = SeededRandom(seed: 2024)
        var blueprint = ArchiveBlueprint(sources: [.init(path: "s", kind: "folder")])
        var payloads: [[UInt8]] = []
        var variantsByName: [String: [VariantTraits]] = [:]
        for assetIndex in 0..<60 {
            let name = String(format: "asset-%03d", assetIndex)
            var variants: [ArchiveBlueprint.Variant] = []
            var traits: [VariantTraits] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let variant = random.variantTraits()
                traits.append(variant)
                variants.append(.init(traits: PackedVariantTraits(variant), target: payloads.count))
                payloads.append([UInt8(payloads.count & 0xFF)])
                blueprint.payloads.append(.init(offset: 0, length: 0, crc: 0, contentType: .png))
            }
            variantsByName[name] = traits
            blueprint.assets.append(.init(name: name, kind: .image, sourceIndex: 0, path: name, variants: variants))
        }
        let archive = try AssetArchive(bytes: try ArchiveEncoder.encode(blueprint, payloadBytes: payloads))
        let resolver = Resolver()
        for _ in 0..<200 {
            let request = random.request()
            let compiled = resolver.compile(request)
            for (name, traits) in variantsByName {
                let expected = resolver.bestVariant(among: traits, for: request)
                #expect(try archive.bestVariantIndex(named: name, compatibleWith: compiled) == expected)
                #expect(try archive.image(named: name, compatibleWith: compiled)?.index == expected)
            }
        }
        for preset in DevicePreset.all {
            for (name, traits) in variantsByName {
                #expect(try archive.image(named: name, compatibleWith: preset.traits)?.index
                    == resolver.bestVariant(among: traits, for: preset.traits))
            }
        }
    }

    @Test("opening from a path maps the file; errors name the path")
    func openPath() throws {
        let folder = NSTemporaryDirectory() + "assetc-archive-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/test.assetc"
        try Data(try ArchiveSamples.archive()).write(to: URL(fileURLWithPath: path))
        let archive = try AssetArchive(path: path)
        #expect(archive.names.count == ArchiveSamples.expected.count)
        try archive.verify()
        #expect(throws: ArchiveError.self) { try AssetArchive(path: folder + "/missing") }
        #expect(throws: ArchiveError.self) { try AssetArchive(path: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        #expect(throws: ArchiveError.truncatedHeader(size: 0)) { try AssetArchive(path: folder + "/empty") }
    }

    @Test("metadata sections are stored deflated; both forms read the same, and a bad stream is an error")
    func compressedMetadata() throws {
        let compressed = try ArchiveSamples.archive()
        let plain = try ArchiveSamples.archive(compressMetadata: false)
        let surgeon = ArchiveSurgeon(compressed)
        let meta = surgeon.entry(surgeon.index(of: "META")!)
        #expect(meta.flags & ArchiveFormat.flagDeflate != 0)
        #expect(meta.inflated > UInt32(meta.length))
        #expect(compressed.count < plain.count)
        let first = try AssetArchive(bytes: compressed)
        let second = try AssetArchive(bytes: plain)
        #expect(try first.assets() == second.assets())
        #expect(try first.sources() == second.sources())

        // A stream that does not inflate (checksums repaired) is reported, not trusted.
        var broken = surgeon
        broken.bytes[Int(meta.offset) + 4] ^= 0xFF
        broken.fixChecksums()
        let archive = try AssetArchive(bytes: broken.bytes)
        #expect(throws: ArchiveError.invalidSectionLayout(section: "META", reason: "its compressed bytes do not inflate")) {
            try archive.sources()
        }
        #expect(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 2)) != nil)
        #expect(!archive.problems().isEmpty)
    }

    @Test("an empty archive is valid")
    func emptyArchive() throws {
        let archive = try AssetArchive(bytes: try ArchiveEncoder.encode(ArchiveBlueprint(), payloadBytes: []))
        #expect(archive.names.isEmpty)
        #expect(try archive.image(named: "x", compatibleWith: TraitCollection()) == nil)
        try archive.verify()
    }

    @Test("variants survive concurrent lookups from many threads")
    func concurrentLookups() async throws {
        let archive = try AssetArchive(bytes: try ArchiveSamples.archive())
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var ok = true
                    for round in 0..<500 {
                        let scale = DisplayScale((round + task) % 3 + 1)
                        let image = try? archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: scale))
                        ok = ok && image?.index == (round + task) % 3
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
