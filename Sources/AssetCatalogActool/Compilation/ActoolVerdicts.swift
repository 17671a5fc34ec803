import AssetCatalog
import AssetCatalogBuilder

/// actool's verdicts on a catalog, where they are milder than the reader's: what actool compiles with a warning,
/// a compile through `assetc actool` compiles with the same warning (docs/ACTOOL.md, "Actool's verdicts"). The
/// reader and `assetc audit` keep their stricter rules, as an audit should.
public enum ActoolVerdicts {
    /// The named app icon sets of a compile: the primary, the alternates, or every one with
    /// `--include-all-app-icons`.
    public struct AppIconSelection: Sendable, Hashable {
        /// `--app-icon`.
        public var primary: String?
        /// `--alternate-app-icon`, in order.
        public var alternates: [String]
        /// `--include-all-app-icons`.
        public var includesAll: Bool

        /// Creates a selection.
        public init(primary: String?, alternates: [String], includesAll: Bool) {
            self.primary = primary
            self.alternates = alternates
            self.includesAll = includesAll
        }
    }

    /// The index as actool compiles it, and the alternate icons it ends up with.
    ///
    /// - App icon sets that no option names are left out, as actool leaves them out (it compiles only the
    ///   primary and alternate icons); with `--include-all-app-icons` every one is kept, the unnamed ones as
    ///   alternates. macOS `.iconset` folders are always kept (Xcode compiles them whatever is named).
    /// - Two sets with one name (in one catalog, or across catalogs): actool warns that the content is ambiguous
    ///   and compiles one. assetc keeps the first in input order, then path order (the order the index lists
    ///   them), and says which it used; a reader error becomes that warning. An Icon Composer icon beside an app
    ///   icon set of its name is no conflict (their facet holds both).
    /// - A file whose bytes are JPEG or PNG behind the other's extension: actool decodes by content, and so does
    ///   the compile; the reader's error becomes a warning. Other mismatches (a Photoshop file named `.png`)
    ///   stay errors: assetc cannot decode them.
    /// - `--include-language`: localized variants of other languages are left out.
    /// - A symbol template's weights and margins (`symbol-weights`, `symbol-margins`) are the audit's concern: actool
    ///   compiles such templates without a word, and so does the compile.
    public static func apply(
        to index: CatalogIndex, icons: AppIconSelection, includedLanguages: [String]
    ) -> (index: CatalogIndex, alternateIcons: [String]) {
        var index = index
        var alternates = icons.alternates.filter { $0 != icons.primary }
        let named = Set([icons.primary].compactMap { $0 } + alternates)
        var kept: [Asset] = []
        for asset in index.assets {
            if asset.kind == .appIcon && !asset.path.hasSuffix(".iconset") && !named.contains(asset.name) {
                guard icons.includesAll else { continue }
                if !alternates.contains(asset.name) && asset.name != icons.primary { alternates.append(asset.name) }
            }
            kept.append(asset)
        }
        // The symbol template checks are the audit's: actool compiles such templates without a word.
        let auditOnly: Set<String> = [ReaderRule.duplicateName.rawValue, ReaderRule.symbolWeights.rawValue, ReaderRule.symbolMargins.rawValue]
        var diagnostics = index.diagnostics.filter { !auditOnly.contains($0.rule) }
        var unique: [Asset] = []
        var firstByName: [String: Int] = [:]
        for asset in kept {
            if let first = firstByName[asset.name] {
                let other = unique[first]
                let iconPair = [asset.kind, other.kind].contains(.icon) && [asset.kind, other.kind].contains(.appIcon)
                if !iconPair {
                    let root = index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : ""
                    let otherRoot = index.sources.indices.contains(other.sourceIndex) ? index.sources[other.sourceIndex].path : ""
                    let otherPath = other.sourceIndex == asset.sourceIndex ? other.path : otherRoot + "/" + other.path
                    diagnostics.append(
                        Diagnostic(
                            severity: .warning, rule: ReaderRule.duplicateName.rawValue, catalog: root, path: asset.path,
                            message: "The name \(MessageQuote.quoted(asset.name)) is also used by \(otherPath): the content is ambiguous; \(otherPath) is compiled and this set is left out."))
                    continue
                }
            } else {
                firstByName[asset.name] = unique.count
            }
            unique.append(asset)
        }
        if !includedLanguages.isEmpty {
            let languages = Set(includedLanguages.compactMap { LocaleTag($0)?.normalized })
            for position in unique.indices {
                unique[position].variants.removeAll { variant in
                    guard let locale = variant.traits.locale else { return false }
                    return !languages.contains(locale.normalized)
                        && !languages.contains(String(locale.normalized.prefix { $0 != "-" }))
                }
            }
        }
        diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.rule == ReaderRule.wrongContentType.rawValue, diagnostic.severity == .error, Self.isDecodableMismatch(diagnostic, in: index) {
                diagnostic.severity = .warning
                diagnostic.message += " (compiled by its content, as actool does)"
            }
            return diagnostic
        }
        index.assets = unique
        index.diagnostics = CatalogReader.sorted(diagnostics)
        return (index, alternates)
    }

    /// Whether a wrong-content-type error concerns a file the compile can decode by its content: an image set's
    /// file sniffed as PNG or JPEG.
    static func isDecodableMismatch(_ diagnostic: Diagnostic, in index: CatalogIndex) -> Bool {
        guard let sourceIndex = index.sources.firstIndex(where: { $0.path == diagnostic.catalog }) else { return false }
        for asset in index.assets where asset.sourceIndex == sourceIndex && diagnostic.path.hasPrefix(asset.path + "/") {
            for variant in asset.variants where variant.source == diagnostic.path {
                return variant.contentType == .png || variant.contentType == .jpeg
            }
        }
        return false
    }
}
