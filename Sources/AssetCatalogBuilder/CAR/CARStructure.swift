import AssetCatalog
import Foundation

/// The structure of one `Assets.car`, in terms that can be compared with another car of the same source:
/// header facts, the BOM variables, the key format, appearance and localization names, facets, BITMAPKEYS and
/// every rendition with its layout, flags, pixel format, compression and size.
///
/// Numbers that are arbitrary per writer are left out or replaced by names, so that two cars of the same
/// catalog line up: facet identifiers (Xcode's look random, assetc's are hashes) are replaced by the facet's
/// name, appearance identifiers by the appearance's name, and a rendition is known by its ``Rendition/subject``.
public struct CARStructure: Sendable {
    /// One rendition, known by the facet it belongs to and its key.
    public struct Rendition: Sendable, Hashable {
        /// The facet's name and the key's non-zero attributes other than the identifier and element, in
        /// attribute-number order, with the appearance by name (`WiFi part=181 scale=2`,
        /// `AppIcon part=220 dimension2=1 scale=1`); a rendition
        /// without a facet (a packed atlas) is known by its stored name and whole key.
        public var subject: String
        /// The stored name (the source file's name, or `ZZZZPackedAsset-…` for an atlas).
        public var name: String
        /// The CSI layout (12 image, 1003 internal reference, 1004 packed atlas, …).
        public var layout: UInt16
        /// The rendition flags.
        public var flags: UInt32
        /// The pixel format (`ARGB`, `GA8`, `PDF`, …; empty for colours and multisize sets).
        public var pixelFormat: String
        /// Width and height in pixels.
        public var width: Int, height: Int
        /// The scale × 100.
        public var scaleTimes100: Int
        /// The colour-space identifier.
        public var colorSpaceID: UInt32
        /// How the payload is stored: the bitmap compression (`lzfse`, `deepmap2`, …), `raw`, `color`,
        /// `multisize-set`, or `none` (an internal reference).
        public var storage: String
        /// The rendition value's size in bytes (CSI header, info tags and payload).
        public var byteCount: Int
        /// The info tags' numbers, in stored order.
        public var infoTags: [UInt32]
        /// For an internal reference: the subject of the atlas it points into and its frame
        /// (`x,y widthxheight`, y counted from the atlas's bottom edge); `nil` otherwise.
        public var reference: String?
        /// What a colour, gradient or multisize set holds, exactly as stored: a colour's space and components (each
        /// printed so that it reads back to the same double) and system colour, a gradient's kind and stops, a
        /// multisize set's sizes in order; `nil` for other payloads, whose bytes ``byteCount`` and the lookups compare.
        public var content: String?
        /// The info tags' values in hex, by tag number, except the ones whose bytes name things each writer numbers
        /// freely: 1010 (an internal reference: ``reference``) and 1012 (a layer list: ``layers``).
        public var infoTagValues: [UInt32: String] = [:]
        /// A layered image's layers (tag 1012), back to front: each one's frame, blend mode, opacity and facet name.
        public var layers: String?
    }

    /// The file's size in bytes.
    public var byteCount: Int
    /// Header and metadata facts that decide how CoreUI reads the file, as (name, value), in a fixed order.
    public var facts: [(name: String, value: String)]
    /// The BOM variables (block names), sorted.
    public var blockNames: [String]
    /// The key format's attribute names, in order.
    public var keyFormat: [String]
    /// Appearance names with their identifiers.
    public var appearances: [String: UInt16]
    /// Localization names.
    public var localizations: [String]
    /// Facet names with their attributes other than the identifier (`element=85 part=181`).
    public var facets: [String: String]
    /// Per facet name, the BITMAPKEYS masks by attribute name; empty when the file has no BITMAPKEYS.
    public var bitmapKeys: [String: [String: UInt32]]
    /// Whether the file has a BITMAPKEYS tree.
    public var hasBitmapKeys: Bool
    /// Every rendition by its ``Rendition/subject``.
    public var renditions: [String: Rendition]

    /// The structure of an opened car.
    public init(file: CARFile) {
        byteCount = file.byteCount
        let header = file.header
        facts = [
            ("storage version", "\(header.storageVersion)"),
            ("schema version", "\(header.schemaVersion)"),
            ("colour space", "\(header.colorSpaceID)"),
            ("key semantics", "\(header.keySemantics)"),
            ("deployment platform", file.metadata?.deploymentPlatform ?? "-"),
            ("deployment target", file.metadata?.deploymentPlatformVersion ?? "-"),
        ]
        blockNames = file.blockNames.sorted()
        keyFormat = file.keyFormat.map(\.name)
        var appearances: [String: UInt16] = [:]
        for (name, identifier) in file.appearances { appearances[name] = identifier }
        self.appearances = appearances
        localizations = file.localizations.map(\.name).sorted()
        hasBitmapKeys = file.blockNames.contains("BITMAPKEYS")

        var facets: [String: String] = [:]
        var facetOfRendition: [Int: String] = [:]
        let facetNames = file.facetNamesByIdentifier
        for facet in file.facets {
            let attributes = facet.attributes.values.filter { $0.attribute != .identifier }
            facets[facet.name] = CARKey(values: attributes).description
            for index in facet.renditions where facetOfRendition[index] == nil { facetOfRendition[index] = facet.name }
        }
        self.facets = facets

        var bitmapKeys: [String: [String: UInt32]] = [:]
        for entry in file.bitmapKeys {
            let subject = UInt16(exactly: entry.identifier).flatMap { facetNames[$0] } ?? "identifier \(entry.identifier)"
            var masks: [String: UInt32] = [:]
            for (attribute, mask) in zip(file.keyFormat, entry.masks) { masks[attribute.name] = mask }
            bitmapKeys[subject] = masks
        }
        self.bitmapKeys = bitmapKeys

        var subjects: [String] = []
        subjects.reserveCapacity(file.renditions.count)
        var renditions: [String: Rendition] = [:]
        func subject(_ index: Int) -> String {
            let rendition = file.renditions[index]
            let facet = facetOfRendition[index]
            // In attribute-number order, whatever the key format's order, so two cars' subjects line up.
            let values = rendition.key.values.sorted { $0.attribute.identifier < $1.attribute.identifier }
            let parts = values.compactMap { attribute, value -> String? in
                guard value != 0 else { return nil }
                switch attribute {
                case .identifier: return nil
                case .element: return facet == nil ? "element=\(value)" : nil
                case .appearance: return "appearance=\(file.appearanceName(value) ?? "\(value)")"
                default: return "\(attribute.name)=\(value)"
                }
            }
            // A rendition without a facet (a packed atlas) is known by its stored name.
            return ([facet ?? rendition.name] + parts).joined(separator: " ")
        }
        for index in file.renditions.indices {
            var name = subject(index)
            if renditions[name] != nil { name += " (#\(index))" }
            subjects.append(name)
            renditions[name] = Self.summary(file.renditions[index], subject: name)
        }
        for (index, rendition) in file.renditions.enumerated() {
            guard let reference = rendition.internalReference else { continue }
            let target = file.renditionIndex(for: reference).map { subjects[$0] } ?? "a missing rendition"
            renditions[subjects[index]]?.reference = "\(target) at \(reference.x),\(reference.y) \(reference.width)x\(reference.height)"
        }
        for (index, rendition) in file.renditions.enumerated() {
            guard let layers = rendition.layerReferences else { continue }
            renditions[subjects[index]]?.layers = layers.map { layer in
                "\(layer.facetName(in: facetNames)) at \(layer.x),\(layer.y) \(layer.width)x\(layer.height) blend \(layer.blendMode) opacity \(layer.opacity)"
            }.joined(separator: " | ")
        }
        self.renditions = renditions
    }

    private static func summary(_ rendition: CARRendition, subject: String) -> Rendition {
        let storage: String
        var content: String?
        switch rendition.payload {
        case .bitmap(let bitmap): storage = bitmap.compression.name
        case .raw: storage = "raw"
        case .color(let color):
            storage = "color"
            content = "\(color.colorSpaceName) \(color.components.map { "\($0)" }.joined(separator: ", "))"
                + (color.systemColorName.map { ", system \($0)" } ?? "")
        case .multisizeSet(let entries):
            storage = "multisize-set"
            content = entries.map { "\($0.width)x\($0.height) #\($0.index) idiom \($0.idiom)" }.joined(separator: ", ")
        case .gradient(let gradient):
            storage = "gradient"
            content = "\(gradient.kindName) \(gradient.parameters.map { "\($0)" }.joined(separator: ", ")): \(gradient.stopList)"
        case .none: storage = "none"
        case .unknown(let tag, _): storage = "unknown-\(tag)"
        }
        return Rendition(
            subject: subject, name: rendition.name, layout: rendition.layout, flags: rendition.flags,
            pixelFormat: rendition.pixelFormat.trimmingCharacters(in: .whitespaces), width: rendition.width,
            height: rendition.height, scaleTimes100: rendition.scaleTimes100, colorSpaceID: rendition.colorSpaceID,
            storage: storage, byteCount: rendition.byteCount, infoTags: rendition.infoTags.map(\.tag), reference: nil,
            content: content,
            infoTagValues: Dictionary(
                rendition.infoTags.filter { $0.tag != 1010 && $0.tag != 1012 }.map { ($0.tag, $0.value.bytes.map { String(format: "%02x", $0) }.joined()) },
                uniquingKeysWith: { first, _ in first }))
    }
}
