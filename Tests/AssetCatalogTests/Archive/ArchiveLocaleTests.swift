import Testing

@testable import AssetCatalog

/// Localized variants in an archive (format 1.1, the `VLOC` section): the fast path answers as the
/// resolver does on the source traits, archives without locales stay 1.0, and damage is caught.
@Suite("Archive locales")
struct ArchiveLocaleTests {
    /// One image set per element of `assets`, variant `i` of asset `a` stored as payload bytes `[a, i]`.
    static func archive(_ assets: [[VariantTraits]]) throws -> [UInt8] {
        var blueprint = ArchiveBlueprint(sources: [.init(path: "Test.xcassets", kind: "xcassets")])
        var payloads: [[UInt8]] = []
        let names = assets.indices.map { String(format: "Asset%03d", $0) }
        for (assetIndex, variants) in assets.enumerated() {
            var stored: [ArchiveBlueprint.Variant] = []
            for (index, traits) in variants.enumerated() {
                stored.append(
                    .init(
                        traits: PackedVariantTraits(traits), target: payloads.count, sourcePath: "\(index).png",
                        locale: traits.locale))
                payloads.append([UInt8(assetIndex & 0xFF), UInt8(index)])
                blueprint.payloads.append(.init(offset: 0, length: 0, crc: 0, pixelWidth: 1, pixelHeight: 1, contentType: .png))
            }
            blueprint.assets.append(.init(name: names[assetIndex], kind: .image, sourceIndex: 0, path: "", variants: stored))
        }
        return try ArchiveEncoder.encode(blueprint, payloadBytes: payloads)
    }

    @Test("Resolve on the archive equals resolve on the source traits, localized variants included, both rule sets")
    func roundTrip() throws {
        var random = SeededRandom(seed: 1212)
        let assets = (0..<60).map { index in
            (0..<Int.random(in: 1...9, using: &random)).map { _ in random.variantTraits(withLocale: index % 4 != 0) }
        }
        let archive = try AssetArchive(bytes: try Self.archive(assets))
        try archive.verify()
        #expect(archive.formatVersion.minor == 1)
        for (assetIndex, variants) in assets.enumerated() {
            let name = String(format: "Asset%03d", assetIndex)
            #expect(try archive.asset(named: name)?.variants.map(\.traits) == variants)
            for _ in 0..<40 {
                var request = random.request()
                request.locale = random.locale()
                for rules in ResolutionRules.all {
                    let resolver = Resolver(rules: rules)
                    let expected = resolver.bestVariant(among: variants, for: request)
                    let context = "\(name) \(rules) \(request) among \(variants)"
                    #expect(try archive.bestVariantIndex(named: name, compatibleWith: resolver.compile(request)) == expected, "\(context)")
                    let image = try archive.image(named: name, compatibleWith: request, resolver: resolver)
                    #expect(image.map { Array($0.bytes) } == expected.map { [UInt8(assetIndex), UInt8($0)] }, "\(context)")
                    #expect(image?.traits == expected.map { variants[$0] }, "\(context)")
                    #expect(try archive.explain(named: name, compatibleWith: request, resolver: resolver)?.chosenIndex == expected)
                }
            }
        }
    }

    @Test("Without localized variants the archive is version 1.0 with no VLOC section")
    func noLocalesNoSection() throws {
        let bytes = try Self.archive([[VariantTraits(displayScale: 2)], [VariantTraits(appearance: .dark)]])
        let archive = try AssetArchive(bytes: bytes)
        #expect(archive.formatVersion.minor == 0)
        #expect(ArchiveSurgeon(bytes).index(of: "VLOC") == nil)
        try archive.verify()
    }

    static let localized = [[VariantTraits(), VariantTraits(locale: LocaleTag("fr")), VariantTraits(locale: LocaleTag("de"))]]

    static func damaged(_ change: (inout ArchiveSurgeon, ArchiveSurgeon.Entry) -> Void) throws -> AssetArchive {
        var surgeon = ArchiveSurgeon(try archive(localized))
        let entry = surgeon.entry(try #require(surgeon.index(of: "VLOC")))
        change(&surgeon, entry)
        surgeon.fixChecksums()
        return try AssetArchive(bytes: surgeon.bytes)
    }

    static func isInvalidRecord(_ error: any Error, _ section: String) -> Bool {
        if case .invalidRecord(let named, _, _) = error as? ArchiveError { return named == section }
        return false
    }

    @Test("A locale reference outside the name table is an invalid VLOC record, never a crash")
    func outOfBounds() throws {
        let archive = try Self.damaged { surgeon, entry in surgeon.put(UInt32.max - 2, at: Int(entry.offset) + 8) }
        let request = TraitCollection(locale: LocaleTag("fr"))
        #expect { try archive.image(named: "Asset000", compatibleWith: request) } throws: { Self.isInvalidRecord($0, "VLOC") }
        #expect(!archive.problems().isEmpty)
    }

    @Test("Bytes that are not a language tag are an invalid VLOC record")
    func notATag() throws {
        let archive = try Self.damaged { surgeon, entry in
            // The French variant's locale now covers "Asset000fr": digits in the language subtag.
            surgeon.put(UInt32(0), at: Int(entry.offset) + 8)
            surgeon.put(UInt32(10), at: Int(entry.offset) + 12)
        }
        #expect { try archive.explain(named: "Asset000", compatibleWith: TraitCollection()) } throws: {
            Self.isInvalidRecord($0, "VLOC")
        }
    }

    @Test("An asset marked localized in an archive without VLOC is an invalid ASET record")
    func flagWithoutSection() throws {
        var surgeon = ArchiveSurgeon(try Self.archive(Self.localized))
        let index = try #require(surgeon.index(of: "VLOC"))
        var entry = surgeon.entry(index)
        entry.kind = 0x5A5A_5A5A  // an unknown kind
        entry.flags = 0  // that an old reader may skip
        surgeon.setEntry(index, entry)
        surgeon.fixChecksums()
        let archive = try AssetArchive(bytes: surgeon.bytes)
        #expect { try archive.image(named: "Asset000", compatibleWith: TraitCollection()) } throws: {
            Self.isInvalidRecord($0, "ASET")
        }
    }

    @Test("A VLOC section with the wrong record count is rejected at open")
    func wrongCount() {
        #expect {
            _ = try Self.damaged { surgeon, entry in
                var changed = entry
                changed.count = entry.count - 1
                changed.length = UInt64(changed.count) * 8
                surgeon.setEntry(surgeon.index(of: "VLOC")!, changed)
            }
        } throws: { error in
            if case .invalidSectionLayout = error as? ArchiveError { return true }
            return false
        }
    }

    @Test("A reader that predates VLOC refuses localized archives: the section is marked required")
    func requiredFlag() throws {
        let surgeon = ArchiveSurgeon(try Self.archive(Self.localized))
        let entry = surgeon.entry(try #require(surgeon.index(of: "VLOC")))
        #expect(entry.flags & ArchiveFormat.flagRequired != 0)
        #expect(entry.recordSize == 8)
    }
}

import Foundation
