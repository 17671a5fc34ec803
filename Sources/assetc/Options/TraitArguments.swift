import ArgumentParser
import AssetCatalog

/// Parses one trait flag's value, naming the value and the accepted spellings when it is wrong.
func parseTraitValue<Value: TraitValue>(_ text: String, as _: Value.Type = Value.self) throws -> Value {
    guard let value = Value(parsing: text) else {
        throw ValidationError("'\(text)' is not accepted; use one of: \(Value.acceptedTokens.joined(separator: ", "))")
    }
    return value
}

/// Parses `--scale`: a positive integer, optionally written `2x`.
func parseDisplayScale(_ text: String) throws -> DisplayScale {
    guard let scale = DisplayScale(parsing: text) else {
        throw ValidationError("'\(text)' is not a display scale; use a positive integer such as 1, 2 or 3")
    }
    return scale
}

/// Parses `--device`: the name of a built-in preset.
func parseDevicePreset(_ text: String) throws -> DevicePreset {
    guard let preset = DevicePreset.named(text) else {
        let names = DevicePreset.all.map(\.name).joined(separator: ", ")
        throw ValidationError("unknown device preset '\(text)'; known presets: \(names)")
    }
    return preset
}

/// Parses `--size-classes "wC hR"`.
func parseSizeClasses(_ text: String) throws -> SizeClasses {
    do {
        return try SizeClasses(parsing: text)
    } catch {
        throw ValidationError(error.description)
    }
}

/// Parses `--locale fr-CA`: a language tag (case-insensitive; `_` or `-` between subtags).
func parseLocale(_ text: String) throws -> LocaleTag {
    do {
        return try LocaleTag(parsing: text)
    } catch {
        throw ValidationError(error.description)
    }
}

/// Parses `--rules assetc|coreui`.
func parseResolutionRules(_ text: String) throws -> ResolutionRules {
    guard let rules = ResolutionRules.named(text) else {
        let names = ResolutionRules.all.map(\.name).joined(separator: ", ")
        throw ValidationError("unknown rule set '\(text)'; use one of: \(names)")
    }
    return rules
}

/// The resolver for `--rules` and `--fallback-order`: the rule set (assetc by default), in the given order if any.
func makeResolver(rules: ResolutionRules?, fallbackOrder: FallbackOrder?) -> Resolver {
    let rules = rules ?? .assetc
    return Resolver(rules: rules.with(order: fallbackOrder ?? rules.order))
}

/// Parses `--fallback-order idiom,width,…`.
func parseFallbackOrder(_ text: String) throws -> FallbackOrder {
    do {
        return try FallbackOrder(parsing: text)
    } catch {
        throw ValidationError(error.description)
    }
}
