import AssetCatalogBuilder

/// The members of one Swift scope (an extension's body or a namespace enum), in the order they are written.
struct AssetSymbolScope: Hashable, Sendable {
    /// One member.
    enum Item: Hashable, Sendable {
        /// An asset's `static let` / `static var`.
        case symbol(AssetSymbol)
        /// A namespace folder's `enum`, with the folder's full name (`Icons/Tab`) and its type name (`Tab`).
        case namespace(fullName: String, typeName: String, scope: AssetSymbolScope)
        /// An asset whose symbol another member already has: a `#warning` where its member would be.
        case collision(AssetSymbolDiagnostic)
    }

    /// The members in order.
    var items: [Item] = []

    /// Every symbol of the scope and its namespaces, depth first in written order.
    var allSymbols: [AssetSymbol] {
        items.flatMap { item -> [AssetSymbol] in
            switch item {
            case .symbol(let symbol): return [symbol]
            case .namespace(_, _, let scope): return scope.allSymbols
            case .collision: return []
            }
        }
    }

    /// Every diagnostic of the scope and its namespaces, in written order.
    var allDiagnostics: [AssetSymbolDiagnostic] {
        items.flatMap { item -> [AssetSymbolDiagnostic] in
            switch item {
            case .symbol: return []
            case .namespace(_, _, let scope): return scope.allDiagnostics
            case .collision(let diagnostic): return [diagnostic]
            }
        }
    }
}

extension AssetSymbolScope {
    /// The scope of every asset of `kind` in `assets`, namespaces from the folders in their names, members sorted by
    /// name bytes (an asset before a folder of the same name), so the order of the input does not matter.
    ///
    /// The first name in that order keeps a symbol; a later name that gives the same identifier in the same scope
    /// becomes a ``Item/collision(_:)``, as Xcode writes a `#warning` for it.
    static func build(
        kind: AssetSymbolKind, assets: [(asset: Asset, catalogPath: String)]
    ) -> (scope: AssetSymbolScope, unrepresentable: [AssetSymbolDiagnostic]) {
        let entries = assets.map { Entry(components: $0.asset.name.split(separator: "/", omittingEmptySubsequences: false), asset: $0.asset, catalogPath: $0.catalogPath) }
        var unrepresentable: [AssetSymbolDiagnostic] = []
        let scope = build(kind: kind, entries: entries, depth: 0, namespaces: [], unrepresentable: &unrepresentable)
        return (scope, unrepresentable)
    }

    private struct Entry {
        var components: [Substring]
        var asset: Asset
        var catalogPath: String
    }

    private static func build(
        kind: AssetSymbolKind, entries: [Entry], depth: Int, namespaces: [String],
        unrepresentable: inout [AssetSymbolDiagnostic]
    ) -> AssetSymbolScope {
        var leaves: [Entry] = []
        var folders: [Substring: [Entry]] = [:]
        for entry in entries {
            if entry.components.count == depth + 1 {
                leaves.append(entry)
            } else {
                folders[entry.components[depth], default: []].append(entry)
            }
        }
        // Sorted by the component's bytes; an asset before a folder of the same name; equal names by full path,
        // then catalog, so duplicates across catalogs keep a stable order.
        enum Member {
            case leaf(Entry)
            case folder(Substring, [Entry])
        }
        func key(_ member: Member) -> ([UInt8], Int, [UInt8], [UInt8]) {
            switch member {
            case .leaf(let entry):
                return (Array(entry.components[depth].utf8), 0, Array(entry.catalogPath.utf8), Array(entry.asset.path.utf8))
            case .folder(let name, _):
                return (Array(name.utf8), 1, [], [])
            }
        }
        let members = (leaves.map(Member.leaf) + folders.map { Member.folder($0.key, $0.value) }).sorted { lhs, rhs in
            let (left, right) = (key(lhs), key(rhs))
            if left.0 != right.0 { return left.0.lexicographicallyPrecedes(right.0) }
            if left.1 != right.1 { return left.1 < right.1 }
            if left.2 != right.2 { return left.2.lexicographicallyPrecedes(right.2) }
            return left.3.lexicographicallyPrecedes(right.3)
        }

        var scope = AssetSymbolScope()
        var taken: Set<String> = []
        for member in members {
            switch member {
            case .leaf(let entry):
                let name = entry.asset.name
                guard let identifier = AssetSymbolNaming.memberIdentifier(for: entry.components[depth], kind: kind) else {
                    unrepresentable.append(.unrepresentable(assetName: name, kind: kind))
                    continue
                }
                guard taken.insert(identifier).inserted else {
                    scope.items.append(.collision(.collision(assetName: name, kind: kind, symbol: identifier)))
                    continue
                }
                scope.items.append(
                    .symbol(
                        AssetSymbol(
                            assetName: name, kind: kind, swiftNamespaces: namespaces, swiftIdentifier: identifier,
                            objcName: nil, catalogPath: entry.catalogPath, relativePath: entry.asset.path)))
            case .folder(let component, let children):
                let fullName = children[0].components[0...depth].joined(separator: "/")
                guard let typeName = AssetSymbolNaming.namespaceIdentifier(for: component) else {
                    unrepresentable += children.map { .unrepresentable(assetName: $0.asset.name, kind: kind) }
                    continue
                }
                guard taken.insert(typeName).inserted else {
                    // Two folders (or a folder and an asset) with one symbol: the folder's assets cannot be reached.
                    scope.items += children.map {
                        .collision(.collision(assetName: $0.asset.name, kind: kind, symbol: typeName))
                    }
                    continue
                }
                let nested = build(
                    kind: kind, entries: children, depth: depth + 1, namespaces: namespaces + [AssetSymbolNaming.escaped(typeName)],
                    unrepresentable: &unrepresentable)
                scope.items.append(.namespace(fullName: fullName, typeName: typeName, scope: nested))
            }
        }
        return scope
    }
}
