/// One way in which two cars of the same source differ in structure.
public struct CARStructureDifference: Sendable, Hashable, Codable {
    /// What kind of structure differs: `size`, `header`, `blocks`, `key format`, `appearances`,
    /// `localizations`, `facets`, `BITMAPKEYS` or `renditions`.
    public var area: String
    /// What differs within the area (a header fact, a facet or rendition subject and its field).
    public var subject: String
    /// The value in the first car (`ours`); `-` when it has none.
    public var ours: String
    /// The value in the second car (Xcode's); `-` when it has none.
    public var xcode: String

    /// A difference.
    public init(area: String, subject: String, ours: String, xcode: String) {
        self.area = area
        self.subject = subject
        self.ours = ours
        self.xcode = xcode
    }
}

/// Every structural difference between two cars of the same source, the first ours and the second Xcode's
/// (`assetc compare-car`): sizes, header facts, BOM variables, key format, appearance and localization names,
/// facets, BITMAPKEYS masks, and per rendition its presence, layout, flags, pixel format, pixel size, scale,
/// colour space, storage (compression), a colour's, gradient's or multisize set's content, each info tag's value (but 1010 and 1012, which
/// name things by the identifiers each writer picks), info tags, atlas reference and byte count.
///
/// Identifiers are compared through names (``CARStructure``), so two cars that differ only in the numbers a
/// writer chooses freely compare equal. The differences come in a fixed order: by area as listed, then by
/// subject.
public enum CARStructureComparison {
    /// The differences between `ours` and `xcode`.
    public static func differences(ours: CARStructure, xcode: CARStructure) -> [CARStructureDifference] {
        var result: [CARStructureDifference] = []
        func add(_ area: String, _ subject: String, _ left: String, _ right: String) {
            if left != right { result.append(CARStructureDifference(area: area, subject: subject, ours: left, xcode: right)) }
        }
        add("size", "file bytes", "\(ours.byteCount)", "\(xcode.byteCount)")
        let xcodeFacts = Dictionary(xcode.facts.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in ours.facts { add("header", name, value, xcodeFacts[name] ?? "-") }
        compareSets("blocks", Set(ours.blockNames), Set(xcode.blockNames), add)
        add("key format", "attributes", ours.keyFormat.joined(separator: " "), xcode.keyFormat.joined(separator: " "))
        compareMaps("appearances", ours.appearances.mapValues { "\($0)" }, xcode.appearances.mapValues { "\($0)" }, add)
        compareSets("localizations", Set(ours.localizations), Set(xcode.localizations), add)
        compareMaps("facets", ours.facets, xcode.facets, add)
        if ours.hasBitmapKeys || xcode.hasBitmapKeys {
            for facet in Set(ours.bitmapKeys.keys).union(xcode.bitmapKeys.keys).sorted() {
                guard let left = ours.bitmapKeys[facet], let right = xcode.bitmapKeys[facet] else {
                    add("BITMAPKEYS", facet, ours.bitmapKeys[facet] == nil ? "-" : "entry", xcode.bitmapKeys[facet] == nil ? "-" : "entry")
                    continue
                }
                // Attributes only one key format has are reported under "key format".
                for attribute in Set(left.keys).intersection(right.keys).sorted() {
                    add("BITMAPKEYS", "\(facet) \(attribute)", hex(left[attribute]!), hex(right[attribute]!))
                }
            }
        }
        for subject in Set(ours.renditions.keys).union(xcode.renditions.keys).sorted() {
            guard let left = ours.renditions[subject], let right = xcode.renditions[subject] else {
                add("renditions", subject, ours.renditions[subject].map(describe) ?? "-", xcode.renditions[subject].map(describe) ?? "-")
                continue
            }
            add("renditions", "\(subject): name", left.name, right.name)
            add("renditions", "\(subject): layout", "\(left.layout)", "\(right.layout)")
            add("renditions", "\(subject): flags", "\(left.flags)", "\(right.flags)")
            add("renditions", "\(subject): pixel format", left.pixelFormat, right.pixelFormat)
            add("renditions", "\(subject): pixels", "\(left.width)x\(left.height)", "\(right.width)x\(right.height)")
            add("renditions", "\(subject): scale", "\(left.scaleTimes100)", "\(right.scaleTimes100)")
            add("renditions", "\(subject): colour space", "\(left.colorSpaceID)", "\(right.colorSpaceID)")
            add("renditions", "\(subject): storage", left.storage, right.storage)
            add("renditions", "\(subject): content", left.content ?? "-", right.content ?? "-")
            add("renditions", "\(subject): info tags", left.infoTags.map(String.init).joined(separator: ","), right.infoTags.map(String.init).joined(separator: ","))
            add("renditions", "\(subject): atlas reference", left.reference ?? "-", right.reference ?? "-")
            add("renditions", "\(subject): layers", left.layers ?? "-", right.layers ?? "-")
            for tag in Set(left.infoTagValues.keys).intersection(right.infoTagValues.keys).sorted() {
                add("renditions", "\(subject): info tag \(tag)", left.infoTagValues[tag]!, right.infoTagValues[tag]!)
            }
            add("renditions", "\(subject): bytes", "\(left.byteCount)", "\(right.byteCount)")
        }
        return result
    }

    /// A rendition in one line, for one that only one car has.
    static func describe(_ rendition: CARStructure.Rendition) -> String {
        var text = "\(rendition.name), layout \(rendition.layout), \(rendition.storage)"
        if !rendition.pixelFormat.isEmpty { text += ", \(rendition.pixelFormat) \(rendition.width)x\(rendition.height)" }
        return text + ", \(rendition.byteCount) bytes"
    }

    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }

    private static func compareSets(
        _ area: String, _ ours: Set<String>, _ xcode: Set<String>, _ add: (String, String, String, String) -> Void
    ) {
        for name in ours.union(xcode).sorted() {
            add(area, name, ours.contains(name) ? "present" : "-", xcode.contains(name) ? "present" : "-")
        }
    }

    private static func compareMaps(
        _ area: String, _ ours: [String: String], _ xcode: [String: String], _ add: (String, String, String, String) -> Void
    ) {
        for name in Set(ours.keys).union(xcode.keys).sorted() { add(area, name, ours[name] ?? "-", xcode[name] ?? "-") }
    }
}
