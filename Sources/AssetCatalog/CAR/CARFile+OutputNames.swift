extension CARFile {
    /// Where `extract --all` writes each facet rendition, relative to the output folder:
    /// `<asset name>/<stored name without extension>_<traits>.<extension>`, e.g. `Icons/Gear/gear_phone_2x_dark.png`.
    ///
    /// The asset name's `/` become folders; empty, `.` and `..` components and control characters are replaced,
    /// so no path leaves the output folder. Names that would collide within an asset get `-2`, `-3`, ….
    /// Renditions with nothing to write (colours, multisize sets) have no entry.
    public func outputPaths() -> [Int: String] {
        var paths: [Int: String] = [:]
        for facet in facets {
            let folder = Self.safePath(facet.name)
            var used = Set<String>()
            for index in facet.renditions {
                let rendition = renditions[index]
                guard let fileExtension = Self.outputExtension(rendition) else { continue }
                var base = rendition.name
                if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
                base = Self.safeComponent(base.isEmpty ? (facet.name.split(separator: "/").last.map(String.init) ?? "rendition") : base)
                let stem = ([base] + traitTokens(rendition)).joined(separator: "_")
                var name = "\(stem).\(fileExtension)"
                var number = 2
                while !used.insert(name.lowercased()).inserted {
                    name = "\(stem)-\(number).\(fileExtension)"
                    number += 1
                }
                paths[index] = "\(folder)/\(name)"
            }
        }
        return paths
    }

    /// The tokens that state a rendition's traits in its output name.
    public func traitTokens(_ rendition: CARRendition) -> [String] {
        let traits = traits(of: rendition)
        var tokens = [traits.idiom?.token ?? (rendition.key[.idiom] == 6 ? "marketing" : "universal")]
        tokens.append(traits.displayScale.map { "\($0.value)x" } ?? "any-scale")
        if let gamut = traits.displayGamut { tokens.append(gamut.token) }
        if let width = traits.horizontalSizeClass { tokens.append("w-\(width.token)") }
        if let height = traits.verticalSizeClass { tokens.append("h-\(height.token)") }
        if let appearance = traits.appearance { tokens.append(appearance.token) }
        if traits.contrast == .high { tokens.append("high-contrast") }
        let extras: [(CARAttribute, String)] = [
            (.subtype, "subtype"), (.memoryClass, "memory"), (.graphicsClass, "graphics"),
            (.deploymentTarget, "deployment"), (.direction, "direction"), (.dimension1, "dim1"), (.dimension2, "dim2"),
            (.state, "state"), (.value, "value"), (.presentationState, "presentation"), (.layer, "layer"),
            (.size, "size"), (.glyphWeight, "weight"), (.glyphSize, "glyph-size"),
        ]
        for (attribute, label) in extras where rendition.key[attribute] != 0 {
            tokens.append("\(label)-\(rendition.key[attribute])")
        }
        let localization = rendition.key[.localization]
        if localization != 0 {
            let name = localizations.first { $0.identifier == localization }?.name ?? String(localization)
            tokens.append("locale-\(Self.safeComponent(name))")
        }
        return tokens
    }

    /// The extension of the file `extract` writes for a rendition, or `nil` when it writes none.
    public static func outputExtension(_ rendition: CARRendition) -> String? {
        switch rendition.payload {
        case .bitmap: return "png"
        case .raw(let bytes): return CARDecoder.fileExtension(rendition, bytes)
        case .none: return rendition.internalReference == nil ? nil : "png"
        case .color, .multisizeSet, .unknown: return nil
        }
    }

    static func safePath(_ name: String) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map { safeComponent(String($0)) }
        return components.joined(separator: "/")
    }

    static func safeComponent(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0.value < 32 || $0 == "\\" || $0 == "/" || $0 == ":" ? "_" : Character($0) })
        if cleaned.isEmpty || cleaned == "." || cleaned == ".." { return "_" + cleaned.replacingDots() }
        return String(cleaned.prefix(200))
    }
}

extension String {
    fileprivate func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
