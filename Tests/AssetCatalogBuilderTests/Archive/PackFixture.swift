import AssetCatalog
import Foundation

@testable import AssetCatalogBuilder

/// Two small catalogs on disk and a hand-built index of them, for packing tests.
final class PackFixture {
    let base: String
    let catalog: String
    let folder: String
    private(set) var index = CatalogIndex()
    /// Every file's bytes by its path relative to its root.
    private(set) var files: [String: [UInt8]] = [:]

    init() throws {
        base = NSTemporaryDirectory() + "assetc-pack-" + UUID().uuidString
        catalog = base + "/App.xcassets"
        folder = base + "/Extra"
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try build()
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    /// A real PNG (stored uncompressed, so `optimize` can shrink it) with a pattern from `seed`.
    static func png(width: Int, height: Int, seed: Int, level: Int = 0) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 7 + seed) & 0xFF), UInt8((y * 3 + seed * 5) & 0xFF), UInt8((x ^ y) & 0xFF), 255]
            }
        }
        return try! PNGCodec.encodeRGBA8(
            DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels), compressionLevel: level)
    }

    func write(_ root: String, _ relative: String, _ bytes: [UInt8]) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        files[relative] = bytes
    }

    /// A variant with a file written to disk and an inspection saying it is sound.
    func variant(
        _ root: String, _ relative: String, _ bytes: [UInt8], _ traits: VariantTraits, type: ContentType = .png,
        size: (Int, Int)? = nil, attributes: [String: String] = [:]
    ) throws -> Variant {
        try write(root, relative, bytes)
        return Variant(
            traits: traits, source: relative, contentType: type,
            inspection: FileInspection(
                byteCount: bytes.count, contentType: type, pixelWidth: size?.0, pixelHeight: size?.1),
            attributes: attributes)
    }

    private func build() throws {
        let heroVariants = try [1, 2, 3].map { scale in
            try variant(
                catalog, "Hero.imageset/hero@\(scale)x.png", Self.png(width: 8 * scale, height: 4 * scale, seed: scale),
                VariantTraits(displayScale: DisplayScale(scale)), size: (8 * scale, 4 * scale))
        }
        let heroDark = try variant(
            catalog, "Hero.imageset/hero-dark@2x.png", Self.png(width: 16, height: 8, seed: 20),
            VariantTraits(displayScale: 2, appearance: .dark), size: (16, 8), attributes: ["appearances": "dark"])
        let emptySlot = Variant(traits: VariantTraits(displayScale: 3, appearance: .dark), source: nil)
        let missing = Variant(
            traits: VariantTraits(idiom: .pad, displayScale: 2), source: "Hero.imageset/gone.png", contentType: nil,
            inspection: nil)
        let hero = Asset(
            name: "Hero", kind: .image, sourceIndex: 0, path: "Hero.imageset",
            properties: AssetProperties(templateRenderingIntent: "original", preservesVectorRepresentation: true),
            variants: heroVariants + [heroDark, emptySlot, missing])

        // The same bytes as Hero 2x under another name: stored once.
        let copy = try variant(
            catalog, "Icons/Copy.imageset/copy.png", Self.png(width: 16, height: 8, seed: 2), VariantTraits(displayScale: 2),
            size: (16, 8))
        let icon = Asset(name: "Icons/Copy", kind: .image, sourceIndex: 0, path: "Icons/Copy.imageset", variants: [copy])

        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("not really a jpeg but fine".utf8) + [0xFF, 0xD9]
        let photo = Asset(
            name: "Photo", kind: .image, sourceIndex: 0, path: "Photo.imageset",
            variants: [
                try variant(catalog, "Photo.imageset/photo.jpg", jpeg, VariantTraits(displayScale: 2), type: .jpeg, size: (640, 480))
            ])
        let vector = Asset(
            name: "Vector", kind: .image, sourceIndex: 0, path: "Vector.imageset",
            variants: [
                try variant(
                    catalog, "Vector.imageset/vector.pdf", Array("%PDF-1.4\n%%EOF\n".utf8), VariantTraits(), type: .pdf),
                try variant(
                    catalog, "Vector.imageset/vector-rtl.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
                    VariantTraits(layoutDirection: .rightToLeft), type: .svg),
            ])
        let data = Asset(
            name: "Config", kind: .data, sourceIndex: 1, path: "Config.json",
            variants: [
                try variant(
                    folder, "Config.json", Array("{\"a\":1}".utf8), VariantTraits(), type: .unknown,
                    attributes: ["universal-type-identifier": "public.json"]),
                try variant(folder, "Config~ipad.json", Array("{\"a\":2}".utf8), VariantTraits(idiom: .pad), type: .unknown),
            ])
        let color = Asset(
            name: "Accent", kind: .color, sourceIndex: 0, path: "Accent.colorset",
            colors: [
                ColorVariant(
                    traits: VariantTraits(),
                    value: .components(ColorComponents(colorSpace: "srgb", red: 1, green: 0.5, blue: 0, alpha: 1))),
                ColorVariant(
                    traits: VariantTraits(appearance: .dark),
                    value: .components(ColorComponents(colorSpace: "display-p3", red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))),
                ColorVariant(traits: VariantTraits(contrast: .high), value: .systemReference(name: "labelColor")),
            ])
        let appIcon = Asset(
            name: "AppIcon", kind: .appIcon, sourceIndex: 0, path: "AppIcon.appiconset",
            variants: [
                try variant(
                    catalog, "AppIcon.appiconset/icon-60@2x.png", Self.png(width: 12, height: 12, seed: 9),
                    VariantTraits(idiom: .phone, displayScale: 2), size: (12, 12), attributes: ["size": "60x60"]),
                try variant(
                    catalog, "AppIcon.appiconset/icon-60@3x.png", Self.png(width: 18, height: 18, seed: 10),
                    VariantTraits(idiom: .phone, displayScale: 3), size: (18, 18), attributes: ["size": "60x60"]),
                try variant(
                    catalog, "AppIcon.appiconset/icon-76@2x.png", Self.png(width: 15, height: 15, seed: 11),
                    VariantTraits(idiom: .pad, displayScale: 2), size: (15, 15), attributes: ["size": "76x76"]),
            ])
        let plain = Asset(
            name: "Badge", kind: .image, sourceIndex: 1, path: "Badge.png",
            variants: [
                try variant(folder, "Badge.png", Self.png(width: 5, height: 5, seed: 40), VariantTraits(displayScale: 1), size: (5, 5)),
                try variant(
                    folder, "Badge@2x~dark.png", Self.png(width: 10, height: 10, seed: 41),
                    VariantTraits(displayScale: 2, appearance: .dark), size: (10, 10)),
            ])
        index = CatalogIndex(
            sources: [CatalogSource(path: catalog, kind: .xcassets), CatalogSource(path: folder, kind: .folder)],
            assets: [appIcon, color, data, hero, icon, photo, vector, plain],
            diagnostics: [
                Diagnostic(
                    severity: .warning, rule: "unassigned-file", catalog: catalog, path: "Hero.imageset/x.png",
                    message: "not used")
            ])
    }

    /// The index with its assets and sources in a different order (source indices adjusted).
    func shuffled(seed: UInt64) -> CatalogIndex {
        var random = SeededGenerator(seed: seed)
        var copy = index
        let order = Array(copy.sources.indices).shuffled(using: &random)
        copy.sources = order.map { index.sources[$0] }
        for position in copy.assets.indices {
            copy.assets[position].sourceIndex = order.firstIndex(of: copy.assets[position].sourceIndex)!
        }
        copy.assets.shuffle(using: &random)
        return copy
    }

    /// Changes a file's modification time without changing its content.
    func touch(_ root: String, _ relative: String, secondsAgo: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: root + "/" + relative)
    }
}

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Packer {
    /// A packer for tests: no cache, no signal handlers, unless asked.
    static func testing(
        jobs: Int = 2, optimize: Bool = false, cache: PackOptions.Cache = .disabled, allowErrors: Bool = false,
        memoryLimit: Int = PackOptions.defaultMemoryLimit
    ) -> Packer {
        Packer(
            options: PackOptions(
                jobs: jobs, optimize: optimize, cache: cache, allowErrors: allowErrors, handleSignals: false,
                memoryLimit: memoryLimit))
    }
}

/// The files in a folder whose names start with `prefix`.
func files(in folder: String, prefix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(prefix) }
}
