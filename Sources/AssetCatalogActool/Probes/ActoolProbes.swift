import AssetCatalogBuilder

/// The runs that compile nothing: `--version`, `--print-contents`, `--print-asset-tag-combinations` and
/// `--help`, each answering with a section of the result document.
public enum ActoolProbes {
    /// The actool release whose output assetc matches by default (`--xcode-version`): what
    /// `short-bundle-version` says, for callers that check actool's version before using a feature.
    public static let matchedActoolVersion = "26.2"

    /// `com.apple.actool.version`: `bundle-version` (assetc's own version) and `short-bundle-version` (the
    /// actool release it matches). swift-build reads the section under `com.apple.<program name>.version`, so a
    /// program called by another name also gets the section under that name.
    public static func version(toolVersion: String, programName: String, matching xcodeVersion: String?) -> [String: PropertyListValue] {
        let details: PropertyListValue = .dictionary([
            "bundle-version": .string(toolVersion),
            "short-bundle-version": .string(xcodeVersion ?? matchedActoolVersion),
        ])
        var sections = ["com.apple.actool.version": details]
        let name = programName.split(separator: "/").last.map(String.init) ?? programName
        if !name.isEmpty, name != "actool", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            sections["com.apple.\(name).version"] = details
        }
        return sections
    }

    /// `com.apple.actool.catalog-contents`: for each input, its `filename` and its `children` (groups and
    /// sets, each with its `filename` and, for a group, its own `children`), names sorted byte by byte.
    public static func contents(of index: CatalogIndex) -> [String: PropertyListValue] {
        var catalogs: [PropertyListValue] = []
        for (position, source) in index.sources.enumerated() {
            let root = ContentsNode()
            for asset in index.assets where asset.sourceIndex == position {
                var node = root
                for component in asset.path.split(separator: "/").map(String.init) {
                    node = node.child(component)
                }
            }
            let name = source.path.split(separator: "/").last.map(String.init) ?? source.path
            catalogs.append(.dictionary(["filename": .string(name), "children": root.propertyList]))
        }
        return ["com.apple.actool.catalog-contents": .array(catalogs)]
    }

    /// `com.apple.actool.asset-tag-combinations`: each distinct set of on-demand-resource tags the sets use,
    /// sorted, as swift-build asks for before it plans asset packs.
    public static func tagCombinations(of index: CatalogIndex) -> [String: PropertyListValue] {
        var combinations = Set<[String]>()
        for asset in index.assets where !asset.properties.onDemandResourceTags.isEmpty {
            combinations.insert(Set(asset.properties.onDemandResourceTags).sorted())
        }
        let sorted = combinations.sorted { $0.lexicographicallyPrecedes($1) }
        return ["com.apple.actool.asset-tag-combinations": .array(sorted.map { .array($0.map { .string($0) }) })]
    }

    /// `--help`: the options, grouped as docs/ACTOOL.md groups them.
    public static func help(commandName: String) -> String {
        var text = """
            USAGE: \(commandName) [options] <catalog> ...

            Compiles asset catalogs (.xcassets), Icon Composer icons (.icon) and plain asset folders into Assets.car,
            with actool's command line and outputs. docs/ACTOOL.md says what each option does.

            OPTIONS:

            """
        for option in ActoolOption.allCases {
            let value: String
            switch option.arity {
            case .flag: value = ""
            case .flagWithOptionalValue: value = "[=<value>]"
            case .value, .repeatable:
                value = " <" + (option.allowedValues?.joined(separator: "|") ?? "value") + ">"
            }
            text += "  \(option.rawValue)\(value)\(option.arity == .repeatable ? " (repeatable)" : "")\n"
        }
        return text
    }
}

/// A folder of `--print-contents`' tree, built as the sets' paths are added.
private final class ContentsNode {
    var names: [String] = []
    var children: [String: ContentsNode] = [:]

    func child(_ name: String) -> ContentsNode {
        if let existing = children[name] { return existing }
        let node = ContentsNode()
        children[name] = node
        names.append(name)
        return node
    }

    var propertyList: PropertyListValue {
        .array(
            names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { name in
                let node = children[name]!
                var entry: [String: PropertyListValue] = ["filename": .string(name)]
                if !node.names.isEmpty { entry["children"] = node.propertyList }
                return .dictionary(entry)
            })
    }
}
