import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder

/// Shell completions for values the library defines, read from the library so they never drift from what
/// the options accept (`assetc --generate-completion-script bash|zsh|fish`).
enum Completions {
    /// Device preset names (`--device`).
    static let presets = CompletionKind.list(DevicePreset.all.map(\.name))

    /// Rule sets (`--rules`).
    static let ruleSets = CompletionKind.list(["assetc", "coreui"])

    /// Audit rule identifiers (`audit --explain`).
    static let auditRules = CompletionKind.list(AuditRules.all.map { $0.identifier })

    /// Platforms of `compile` (`--platform`).
    static let platforms = CompletionKind.list(CompilePlatform.allCases.map(\.rawValue))

    /// `--fallback-order`: a comma-separated list, so each candidate is the part already typed plus one
    /// dimension not yet in it.
    static let fallbackOrder = CompletionKind.custom { _, _, prefix in fallbackOrderCandidates(prefix) }

    /// The candidates for a partly typed `--fallback-order` value: `idiom,wi` gives `idiom,width`.
    static func fallbackOrderCandidates(_ prefix: String) -> [String] {
        var parts = prefix.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let last = parts.popLast() ?? ""
        let typed = Set(parts)
        let head = parts.isEmpty ? "" : parts.joined(separator: ",") + ","
        return TraitDimension.allCases.map(\.rawValue).filter { !typed.contains($0) && $0.hasPrefix(last) }.map { head + $0 }
    }
}
