import AssetCatalog
import Foundation

/// The plain-text listing `assetc info` prints: the sources, every asset with its variants, colours and
/// parts, unsupported sets, diagnostics and a summary.
public struct InfoText: Sendable {
    /// The catalogs or archive being listed.
    public let index: CatalogIndex

    /// A listing of `index`.
    public init(index: CatalogIndex) {
        self.index = index
    }

    /// The listing. Names come from the input: escape them before showing the text on a terminal.
    public func render() -> String {
        var out = ""
        let multipleSources = index.sources.count > 1
        for source in index.sources {
            out += "\(source.path) (\(source.kind == .xcassets ? "asset catalog" : source.kind == .car ? "compiled catalog" : "plain folder"))\n"
        }
        out += "\nAssets (\(index.assets.count)):\n"
        for asset in index.assets {
            let location = multipleSources ? joined(index.sources[asset.sourceIndex].path, asset.path) : asset.path
            out += "  \(asset.name)  [\(asset.kind.rawValue)]  \(location)\n"
            for variant in asset.variants {
                out += "    \(traitText(variant.traits, withScale: true))  \(variantDetail(variant))\n"
            }
            for color in asset.colors {
                out += "    \(traitText(color.traits, withScale: false))  \(colorText(color.value))\n"
            }
            for member in asset.members {
                let details = member.attributes.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                    .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                out += "    part \(member.name.isEmpty ? "(empty slot)" : member.name)\(details.isEmpty ? "" : "  " + details)\n"
            }
        }
        if !index.unsupportedSets.isEmpty {
            out += "\nUnsupported sets (\(index.unsupportedSets.count)):\n"
            for set in index.unsupportedSets {
                out += "  \(set.name)  [\(set.type)]  \(set.path)\n"
            }
        }
        out += "\nDiagnostics (\(index.diagnostics.count)):\n"
        for diagnostic in index.diagnostics {
            out += "  \(diagnostic)\n"
        }
        out += "\nSummary:\n"
        let summary = InfoSummary(index: index)
        let kinds = AssetKind.allCases.compactMap { kind -> String? in
            let count = summary.kinds[kind.rawValue] ?? 0
            return count > 0 ? "\(count) \(kind.rawValue)" : nil
        }
        out += "  assets: \(summary.assets)\(kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")"
        out += ", variants: \(summary.variants), colors: \(summary.colors)"
        out += ", unsupported sets: \(summary.unsupportedSets)\n"
        if !summary.contentTypes.isEmpty {
            out += "  content types: \(counts(summary.contentTypes))\n"
        }
        for dimension in InfoSummary.dimensions {
            guard let values = summary.traits[dimension], values.keys.contains(where: { $0 != "any" }) else { continue }
            out += "  \(dimension): \(counts(values))\n"
        }
        let severities = ["error", "warning", "note"].map { "\(summary.diagnostics[$0] ?? 0) \($0)\((summary.diagnostics[$0] ?? 0) == 1 ? "" : "s")" }
        out += "  diagnostics: \(severities.joined(separator: ", "))\n"
        return out
    }

    private func joined(_ root: String, _ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }

    private func counts(_ values: [String: Int]) -> String {
        values.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    private func traitText(_ traits: VariantTraits, withScale: Bool) -> String {
        var text = traits.description
        if !withScale, text.hasSuffix(" any-scale") || text.contains(" any-scale ") {
            text = text.split(separator: " ").filter { $0 != "any-scale" }.joined(separator: " ")
        }
        let width = text.unicodeScalars.count
        return width >= 24 ? text : text + String(repeating: " ", count: 24 - width)
    }

    private func variantDetail(_ variant: Variant) -> String {
        // A compiled catalog's rendition without a file (an app icon's size list, a gradient) is not an empty slot:
        // its payload kind says what it is.
        var parts = [variant.source ?? variant.attributes["payload"].map { "(no file: \($0))" } ?? "(empty slot)"]
        if variant.source != nil, let inspection = variant.inspection {
            parts.append(inspection.contentType.rawValue)
            if let width = inspection.pixelWidth, let height = inspection.pixelHeight {
                parts.append("\(width)×\(height)")
            }
            if let problem = inspection.problem { parts.append("(\(problem))") }
        } else if variant.source != nil {
            parts.append("(not inspected)")
        }
        let attributes = variant.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !attributes.isEmpty { parts.append("{" + attributes.joined(separator: ", ") + "}") }
        return parts.joined(separator: "  ")
    }

    private func colorText(_ value: ColorValue) -> String {
        switch value {
        case .systemReference(let name):
            return "system colour \(name)"
        case .components(let components):
            func format(_ number: Double) -> String {
                let rounded = (number * 1000).rounded() / 1000
                return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
            }
            if components.isGray {
                return "\(components.colorSpace) white \(format(components.red)) alpha \(format(components.alpha))"
            }
            return "\(components.colorSpace) \(format(components.red)) \(format(components.green)) \(format(components.blue)) alpha \(format(components.alpha))"
        }
    }
}
