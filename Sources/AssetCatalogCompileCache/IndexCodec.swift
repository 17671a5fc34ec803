import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// The catalog index in the cache's binary form (docs/COMPILE-CACHE.md, "The index"): every field in a fixed order,
/// little-endian numbers, strings as a length and UTF-8 bytes, enumerations by their raw spelling (a file written by
/// another build is never read: the cache's key holds the program's identity), and the rare file inspections (a PDF's
/// or an SVG's: a compile leaves its PNGs uninspected) as JSON.
///
/// Written for speed: `Codable` through `JSONDecoder` took longer to decode the benchmark's index than reading the
/// catalog (217–235 ms against 116–138), this form a fraction of it (docs/PERFORMANCE.md). Every count read is checked
/// against the bytes left, every number against its range, so a damaged file is a ``CacheDamage``, never a crash.
enum IndexCodec {
    /// The format; a change makes every index written before unused.
    static let magic = "ACINDX02"

    // MARK: Encoding

    /// The file for `index`, read under `key`: the magic, the key, the index, the digest of all of it.
    static func encode(_ index: CatalogIndex, key: UInt64) -> [UInt8] {
        var writer = IndexWriter(CacheWriter(magic: magic))
        writer.base.add(key)
        writer.index(index)
        writer.base.seal()
        return writer.base.bytes
    }

    /// The key a file `encode` wrote was written under, read without checking the rest; `nil` when the file does not
    /// start as one.
    static func key(of bytes: [UInt8]) -> UInt64? {
        let start = magic.utf8.count
        guard bytes.count >= start + 16, bytes.starts(with: magic.utf8) else { return nil }
        var key: UInt64 = 0
        for index in 0..<8 { key |= UInt64(bytes[start + index]) << (8 * index) }
        return key
    }

    /// The file `bytes` (as `encode` wrote it, whole) under another key, sealed again.
    static func rekeyed(_ bytes: [UInt8], key: UInt64) -> [UInt8] {
        let start = magic.utf8.count
        var body = Array(bytes.dropLast(8))
        withUnsafeBytes(of: key.littleEndian) { body.replaceSubrange(start..<(start + 8), with: $0) }
        var writer = CacheWriter(magic: "")
        writer.append(body)
        writer.seal()
        return writer.bytes
    }

    /// The index of a file `encode` wrote, and the key it was written under.
    static func decode(_ bytes: [UInt8]) throws(CacheDamage) -> (key: UInt64, index: CatalogIndex) {
        var reader = IndexReader(try CacheReader(bytes, magic: magic))
        let key = try reader.base.u64("the index's key")
        let index = try reader.index()
        guard reader.base.isAtEnd else { throw CacheDamage(what: "bytes follow the index", offset: reader.base.position) }
        return (key, index)
    }
}

/// ``IndexCodec``'s encoder: one method per type, fields in declaration order.
private struct IndexWriter {
    var base: CacheWriter
    private let json = JSONEncoder()

    init(_ base: CacheWriter) {
        self.base = base
        json.outputFormatting = [.sortedKeys]
    }

    mutating func index(_ index: CatalogIndex) {
        base.add(UInt32(index.sources.count))
        for source in index.sources {
            base.add(source.path)
            base.add(source.kind.rawValue)
        }
        base.add(UInt32(index.assets.count))
        for asset in index.assets { self.asset(asset) }
        base.add(UInt32(index.unsupportedSets.count))
        for set in index.unsupportedSets {
            base.add(set.name)
            base.add(set.type)
            base.add(set.path)
        }
        base.add(UInt32(index.diagnostics.count))
        for diagnostic in index.diagnostics {
            base.add(diagnostic.severity.rawValue)
            base.add(diagnostic.rule)
            base.add(diagnostic.catalog)
            base.add(diagnostic.path)
            base.add(diagnostic.message)
        }
    }

    private mutating func asset(_ asset: Asset) {
        base.add(asset.name)
        base.add(asset.kind.rawValue)
        base.add(UInt64(asset.sourceIndex))
        base.add(asset.path)
        properties(asset.properties)
        base.add(UInt32(asset.variants.count))
        for variant in asset.variants { self.variant(variant) }
        base.add(UInt32(asset.colors.count))
        for color in asset.colors { self.color(color) }
        base.add(UInt32(asset.members.count))
        for member in asset.members {
            base.add(member.name)
            attributes(member.attributes)
        }
    }

    private mutating func properties(_ properties: AssetProperties) {
        optional(properties.templateRenderingIntent)
        optional(properties.preservesVectorRepresentation)
        optional(properties.compressionType)
        optional(properties.localizable)
        base.add(UInt32(properties.onDemandResourceTags.count))
        for tag in properties.onDemandResourceTags { base.add(tag) }
    }

    private mutating func variant(_ variant: Variant) {
        traits(variant.traits)
        optional(variant.source)
        optional(variant.contentType?.rawValue)
        if let inspection = variant.inspection {
            base.add(UInt8(1))
            // Encoding a value of the model cannot fail: every field is a string, number, flag or array of them.
            base.add(Array((try? json.encode(inspection)) ?? Data()))
        } else {
            base.add(UInt8(0))
        }
        attributes(variant.attributes)
    }

    private mutating func color(_ color: ColorVariant) {
        traits(color.traits)
        switch color.value {
        case .components(let components):
            base.add(UInt8(0))
            base.add(components.colorSpace)
            for value in [components.red, components.green, components.blue, components.alpha] { base.add(value.bitPattern) }
        case .systemReference(let name):
            base.add(UInt8(1))
            base.add(name)
        }
        base.add(color.decimalChannels.rawValue)
    }

    private mutating func traits(_ traits: VariantTraits) {
        base.add(UInt64(traits.displayScale?.value ?? 0))
        trait(traits.idiom)
        trait(traits.displayGamut)
        trait(traits.horizontalSizeClass)
        trait(traits.verticalSizeClass)
        trait(traits.appearance)
        trait(traits.contrast)
        trait(traits.layoutDirection)
        optional(traits.locale?.normalized)
    }

    /// A trait value as its position among its values, plus one (0: any).
    private mutating func trait<Value: TraitValue>(_ value: Value?) {
        base.add(UInt8(value.map { $0.ordinal + 1 } ?? 0))
    }

    private mutating func attributes(_ attributes: [String: String]) {
        base.add(UInt32(attributes.count))
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            base.add(key)
            base.add(value)
        }
    }

    private mutating func optional(_ string: String?) {
        if let string {
            base.add(UInt8(1))
            base.add(string)
        } else {
            base.add(UInt8(0))
        }
    }

    private mutating func optional(_ flag: Bool?) {
        base.add(UInt8(flag.map { $0 ? 2 : 1 } ?? 0))
    }
}

/// ``IndexCodec``'s decoder, the encoder's mirror; each read names what it reads, for the damage it reports.
private struct IndexReader {
    var base: CacheReader
    private let json = JSONDecoder()

    // The values of each trait by position, made once (`allCases` builds its array on every call).
    private static let idioms = Idiom.allCases
    private static let gamuts = DisplayGamut.allCases
    private static let sizeClasses = SizeClass.allCases
    private static let appearances = Appearance.allCases
    private static let contrasts = Contrast.allCases
    private static let directions = LayoutDirection.allCases

    init(_ base: CacheReader) { self.base = base }

    mutating func index() throws(CacheDamage) -> CatalogIndex {
        var index = CatalogIndex()
        let sourceCount = try base.count("the number of sources", minimumSize: 8)
        for _ in 0..<sourceCount {
            let path = try base.string("a source's path")
            let kind = try raw(CatalogSource.Kind.self, "a source's kind")
            index.sources.append(CatalogSource(path: path, kind: kind))
        }
        let assetCount = try base.count("the number of assets", minimumSize: 40)
        index.assets.reserveCapacity(assetCount)
        for _ in 0..<assetCount { index.assets.append(try asset(sourceCount: sourceCount)) }
        let unsupportedCount = try base.count("the number of unsupported sets", minimumSize: 12)
        for _ in 0..<unsupportedCount {
            index.unsupportedSets.append(
                UnsupportedSet(
                    name: try base.string("an unsupported set's name"), type: try base.string("an unsupported set's type"),
                    path: try base.string("an unsupported set's path")))
        }
        let diagnosticCount = try base.count("the number of diagnostics", minimumSize: 20)
        index.diagnostics.reserveCapacity(diagnosticCount)
        for _ in 0..<diagnosticCount {
            index.diagnostics.append(
                Diagnostic(
                    severity: try raw(Diagnostic.Severity.self, "a diagnostic's severity"), rule: try base.string("a diagnostic's rule"),
                    catalog: try base.string("a diagnostic's catalog"), path: try base.string("a diagnostic's path"),
                    message: try base.string("a diagnostic's message")))
        }
        return index
    }

    private mutating func asset(sourceCount: Int) throws(CacheDamage) -> Asset {
        let name = try base.string("an asset's name")
        let kind = try raw(AssetKind.self, "an asset's kind")
        let start = base.position
        let sourceIndex = try base.u64("an asset's source")
        guard sourceIndex < UInt64(sourceCount) else { throw CacheDamage(what: "an asset's source is out of range", offset: start) }
        let path = try base.string("an asset's path")
        var asset = Asset(name: name, kind: kind, sourceIndex: Int(sourceIndex), path: path, properties: try properties())
        let variantCount = try base.count("the number of variants", minimumSize: 22)
        asset.variants.reserveCapacity(variantCount)
        var sources: [Range<Int>?] = []
        sources.reserveCapacity(variantCount)
        for _ in 0..<variantCount {
            let (variant, source) = try variant()
            asset.variants.append(variant)
            sources.append(source)
        }
        // The sources copied from the file's bytes, shared as the reader shares a set's paths (the folder once), which
        // keeps the index small.
        base.bytes.withUnsafeBufferPointer { Variant.setSources(&asset.variants, folder: path, bytes: $0, ranges: sources) }
        let colorCount = try base.count("the number of colours", minimumSize: 18)
        asset.colors.reserveCapacity(colorCount)
        for _ in 0..<colorCount { asset.colors.append(try color()) }
        let memberCount = try base.count("the number of members", minimumSize: 8)
        for _ in 0..<memberCount {
            asset.members.append(AssetMember(name: try base.string("a member's name"), attributes: try attributes()))
        }
        return asset
    }

    private mutating func properties() throws(CacheDamage) -> AssetProperties {
        let intent = try optionalString("a template rendering intent")
        let preserves = try optionalFlag("preserves-vector-representation")
        let compression = try optionalString("a compression type")
        let localizable = try optionalFlag("localizable")
        let tagCount = try base.count("the number of on-demand resource tags", minimumSize: 4)
        var tags: [String] = []
        for _ in 0..<tagCount { tags.append(try base.string("an on-demand resource tag")) }
        return AssetProperties(
            templateRenderingIntent: intent, preservesVectorRepresentation: preserves, compressionType: compression,
            localizable: localizable, onDemandResourceTags: tags)
    }

    /// A variant without its source, and where the source's bytes are (`nil`: an empty slot), for
    /// ``Variant/setSources(_:folder:bytes:ranges:)``.
    private mutating func variant() throws(CacheDamage) -> (Variant, source: Range<Int>?) {
        let traits = try self.traits()
        let source = try flag("a variant's file") ? try base.field("a variant's file") : nil
        var contentType: ContentType?
        let typeStart = base.position
        if let text = try optionalString("a variant's content type") {
            contentType = try Self.raw(ContentType.self, text, "a variant's content type", offset: typeStart)
        }
        var inspection: FileInspection?
        let start = base.position
        if try flag("a variant's inspection") {
            let bytes = try base.raw("a variant's inspection")
            guard let decoded = try? json.decode(FileInspection.self, from: Data(bytes)) else {
                throw CacheDamage(what: "a variant's inspection does not decode", offset: start)
            }
            inspection = decoded
        }
        return (Variant(traits: traits, source: nil, contentType: contentType, inspection: inspection, attributes: try attributes()), source)
    }

    private mutating func color() throws(CacheDamage) -> ColorVariant {
        let traits = try self.traits()
        let start = base.position
        let value: ColorValue
        switch try base.u8("a colour's kind") {
        case 0:
            let space = try base.string("a colour's space")
            var components: [Double] = []
            for _ in 0..<4 { components.append(Double(bitPattern: try base.u64("a colour's component"))) }
            value = .components(
                ColorComponents(colorSpace: space, red: components[0], green: components[1], blue: components[2], alpha: components[3]))
        case 1:
            value = .systemReference(name: try base.string("a system colour's name"))
        default:
            throw CacheDamage(what: "a colour's kind is unknown", offset: start)
        }
        let channels = try base.u8("a colour's decimal channels")
        guard channels <= 15 else { throw CacheDamage(what: "a colour's decimal channels are out of range", offset: base.position - 1) }
        return ColorVariant(traits: traits, value: value, decimalChannels: ColorChannels(rawValue: channels))
    }

    private mutating func traits() throws(CacheDamage) -> VariantTraits {
        let start = base.position
        let scale = try base.u64("a variant's scale")
        var traits = VariantTraits()
        if scale != 0 {
            guard scale <= UInt64(Int.max), let value = DisplayScale(Int(scale)) else {
                throw CacheDamage(what: "a variant's scale is out of range", offset: start)
            }
            traits.displayScale = value
        }
        traits.idiom = try trait(Self.idioms, "an idiom")
        traits.displayGamut = try trait(Self.gamuts, "a gamut")
        traits.horizontalSizeClass = try trait(Self.sizeClasses, "a width class")
        traits.verticalSizeClass = try trait(Self.sizeClasses, "a height class")
        traits.appearance = try trait(Self.appearances, "an appearance")
        traits.contrast = try trait(Self.contrasts, "a contrast")
        traits.layoutDirection = try trait(Self.directions, "a layout direction")
        let localeStart = base.position
        if let text = try optionalString("a locale") {
            guard let locale = LocaleTag(text) else { throw CacheDamage(what: "a locale does not parse", offset: localeStart) }
            traits.locale = locale
        }
        return traits
    }

    private mutating func trait<Value>(_ values: [Value], _ what: String) throws(CacheDamage) -> Value? {
        let stored = Int(try base.u8(what))
        guard stored != 0 else { return nil }
        guard stored <= values.count else { throw CacheDamage(what: "\(what) is out of range", offset: base.position - 1) }
        return values[stored - 1]
    }

    private mutating func attributes() throws(CacheDamage) -> [String: String] {
        let count = try base.count("the number of attributes", minimumSize: 8)
        guard count > 0 else { return [:] }
        var attributes: [String: String] = [:]
        attributes.reserveCapacity(count)
        for _ in 0..<count {
            let key = try base.string("an attribute's key")
            attributes[key] = try base.string("an attribute's value")
        }
        return attributes
    }

    private mutating func flag(_ what: String) throws(CacheDamage) -> Bool {
        switch try base.u8(what) {
        case 0: return false
        case 1: return true
        default: throw CacheDamage(what: "\(what)'s presence is neither 0 nor 1", offset: base.position - 1)
        }
    }

    private mutating func optionalString(_ what: String) throws(CacheDamage) -> String? {
        try flag(what) ? try base.string(what) : nil
    }

    private mutating func optionalFlag(_ what: String) throws(CacheDamage) -> Bool? {
        switch try base.u8(what) {
        case 0: return nil
        case 1: return false
        case 2: return true
        default: throw CacheDamage(what: "\(what) is out of range", offset: base.position - 1)
        }
    }

    private mutating func raw<Value: RawRepresentable>(_ type: Value.Type, _ what: String) throws(CacheDamage) -> Value
    where Value.RawValue == String {
        let start = base.position
        return try Self.raw(type, try base.string(what), what, offset: start)
    }

    private static func raw<Value: RawRepresentable>(_: Value.Type, _ text: String, _ what: String, offset: Int) throws(CacheDamage) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw CacheDamage(what: "\(what) is unknown", offset: offset) }
        return value
    }
}
