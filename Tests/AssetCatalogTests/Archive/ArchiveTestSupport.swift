import Foundation

@testable import AssetCatalog

/// Small archives built directly with the encoder (no packer, no files), and tools to damage them.
enum ArchiveSamples {
    struct Expected {
        var name: String
        var kind: AssetKind
        var variants: [VariantTraits]
        /// Payload bytes per variant (image, data, app icon), or colours.
        var payloads: [[UInt8]]
        var colors: [ColorValue]
    }

    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// A fixed catalog: images at several scales and appearances, a vector, colours, data, an app icon,
    /// a payload shared by two variants, and a non-ASCII name.
    static let expected: [Expected] = {
        let shared = bytes(77, seed: 99)
        return [
            Expected(
                name: "Accent", kind: .color,
                variants: [VariantTraits(), VariantTraits(appearance: .dark)],
                payloads: [],
                colors: [
                    .components(ColorComponents(colorSpace: "srgb", red: 0.1, green: 0.2, blue: 0.3, alpha: 1)),
                    .systemReference(name: "labelColor"),
                ]),
            Expected(
                name: "AppIcon", kind: .appIcon,
                variants: [VariantTraits(idiom: .phone, displayScale: 2), VariantTraits(idiom: .phone, displayScale: 3)],
                payloads: [bytes(100, seed: 1), bytes(150, seed: 2)], colors: []),
            Expected(
                name: "Config", kind: .data, variants: [VariantTraits()], payloads: [bytes(33, seed: 3)], colors: []),
            Expected(
                name: "Hero", kind: .image,
                variants: [
                    VariantTraits(displayScale: 1), VariantTraits(displayScale: 2), VariantTraits(displayScale: 3),
                    VariantTraits(displayScale: 2, appearance: .dark),
                ],
                payloads: [bytes(0, seed: 4), bytes(500, seed: 5), shared, bytes(17, seed: 6)], colors: []),
            Expected(
                name: "Icons/Café", kind: .image, variants: [VariantTraits()], payloads: [shared], colors: []),
        ]
    }()

    /// Encodes ``expected`` (assets already in name byte order).
    static func archive(compressMetadata: Bool = true) throws -> [UInt8] {
        var blueprint = ArchiveBlueprint(
            sources: [.init(path: "Test.xcassets", kind: "xcassets"), .init(path: "more", kind: "folder")])
        var payloadBytes: [[UInt8]] = []
        for asset in expected {
            var variants: [ArchiveBlueprint.Variant] = []
            for (index, traits) in asset.variants.enumerated() {
                let target: Int
                if asset.kind == .color {
                    target = blueprint.colors.count
                    blueprint.colors.append(asset.colors[index])
                } else if let existing = payloadBytes.firstIndex(of: asset.payloads[index]) {
                    target = existing
                } else {
                    target = payloadBytes.count
                    payloadBytes.append(asset.payloads[index])
                    blueprint.payloads.append(.init(offset: 0, length: 0, crc: 0, pixelWidth: 10, pixelHeight: 20, contentType: .png))
                }
                variants.append(
                    .init(
                        traits: PackedVariantTraits(traits), target: target,
                        sourcePath: asset.kind == .color ? "" : "\(asset.name).imageset/\(index).png",
                        attributes: [.init("index", "\(index)")]))
            }
            blueprint.assets.append(
                .init(
                    name: asset.name, kind: asset.kind, sourceIndex: asset.name == "Config" ? 1 : 0,
                    path: "\(asset.name).set", properties: [.init("template-rendering-intent", "template")],
                    variants: variants))
        }
        return try ArchiveEncoder.encode(blueprint, payloadBytes: payloadBytes, compressMetadata: compressMetadata)
    }

    /// Calls every read API on an archive, throwing or not, to prove none of them crashes.
    static func exercise(_ archive: AssetArchive) {
        _ = archive.count
        let names = archive.names
        for name in names + ["missing", ""] {
            _ = archive.kind(of: name)
            _ = archive.contains(name)
            _ = try? archive.asset(named: name)
            _ = try? archive.explain(named: name, compatibleWith: TraitCollection())
            for preset in [DevicePreset.all[0], DevicePreset.all[4]] {
                if let image = try? archive.image(named: name, compatibleWith: preset.traits) {
                    _ = image.bytes
                    _ = image.traits
                    _ = try? image.sourcePath
                    _ = try? image.attributes
                }
                if let data = try? archive.data(named: name, compatibleWith: preset.traits) { _ = data.bytes }
                _ = try? archive.color(named: name, compatibleWith: preset.traits)
            }
        }
        _ = try? archive.sources()
        _ = try? archive.assets()
        _ = archive.problems()
    }
}

/// Reads and rewrites an archive's section table, fixing the checksums afterwards: for building
/// hostile files that pass the checksum tests and must be caught by the bounds checks.
struct ArchiveSurgeon {
    struct Entry {
        var kind: UInt32
        var flags: UInt32
        var offset: UInt64
        var length: UInt64
        var count: UInt32
        var recordSize: UInt32
        var crc: UInt32
        var inflated: UInt32
    }

    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u32(_ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (UInt32($1) * 8) }
    }

    func u64(_ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (UInt64($1) * 8) }
    }

    mutating func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        bytes.store(value, at: offset)
    }

    var tableOffset: Int { Int(clamping: u64(24)) }
    var sectionCount: Int { Int(u32(32)) }

    func entry(_ index: Int) -> Entry {
        let base = tableOffset + index * 40
        return Entry(
            kind: u32(base), flags: u32(base + 4), offset: u64(base + 8), length: u64(base + 16), count: u32(base + 24),
            recordSize: u32(base + 28), crc: u32(base + 32), inflated: u32(base + 36))
    }

    func index(of kind: String) -> Int? {
        let code = ArchiveSection.allCases.first { $0.fourCC == kind }!.code
        return (0..<sectionCount).first { entry($0).kind == code }
    }

    mutating func setEntry(_ index: Int, _ entry: Entry) {
        let base = tableOffset + index * 40
        put(entry.kind, at: base)
        put(entry.flags, at: base + 4)
        put(entry.offset, at: base + 8)
        put(entry.length, at: base + 16)
        put(entry.count, at: base + 24)
        put(entry.recordSize, at: base + 28)
        put(entry.crc, at: base + 32)
        put(entry.inflated, at: base + 36)
    }

    /// Recomputes every in-bounds section's CRC and the header CRC (when the table is in bounds).
    mutating func fixChecksums() {
        guard bytes.count >= 64 else { return }
        let count = sectionCount
        let table = tableOffset
        let headerSize = Int(u32(12))
        guard count <= 1024, table <= bytes.count, count * 40 <= bytes.count - table,
            headerSize >= 64, headerSize <= bytes.count, u32(36) == 40
        else { return }
        for index in 0..<count {
            var section = entry(index)
            guard section.offset <= UInt64(bytes.count), section.length <= UInt64(bytes.count) - section.offset,
                section.flags & 2 == 0
            else { continue }
            section.crc = CRC32.checksum(Array(bytes[Int(section.offset)..<Int(section.offset + section.length)]))
            setEntry(index, section)
        }
        let crc = bytes.withUnsafeBytes {
            ArchiveEncoder.headerChecksum($0, headerSize: headerSize, tableOffset: table, tableLength: count * 40)
        }
        put(crc, at: 60)
    }
}
