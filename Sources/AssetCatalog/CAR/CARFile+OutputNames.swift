extension CARFile {
    /// Where `extract --all` writes each facet rendition, relative to the output folder:
    /// `<asset name>/<stored name without extension>_<traits>.<extension>`, e.g. `Icons/Gear/gear_phone_2x_dark.png`.
    ///
    /// The asset name's `/` become folders; empty, `.` and `..` components and control characters are replaced,
    /// so no path leaves the output folder. Names that would collide within an asset get `-2`, `-3`, ….
    /// Renditions with nothing to write (colours, multisize sets) have no entry.
    public func outputPaths() -> [Int: String] {
        var paths: [Int: String] = [:]
        for facet in facets.indices {
            for (index, path) in outputPaths(ofFacet: facet) { paths[index] = path }
        }
        return paths
    }

    /// ``outputPaths()`` of one facet's renditions (the names of one facet never depend on another's, so a reader
    /// can work out the facets on several threads): index into ``renditions`` and path, in the facet's order.
    public func outputPaths(ofFacet facetIndex: Int) -> [(rendition: Int, path: String)] {
        let facet = facets[facetIndex]
        let folder = Self.safePath(facet.name)
        var used = Set<String>()
        var paths: [(rendition: Int, path: String)] = []
        paths.reserveCapacity(facet.renditions.count)
        // Read in place: a rendition copied out of the array retains every array and string in it.
        renditions.withUnsafeBufferPointer { renditions in
            for index in facet.renditions {
                guard let fileExtension = Self.outputExtension(renditions[index]) else { continue }
                var base = renditions[index].name
                if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
                base = Self.safeComponent(base.isEmpty ? (facet.name.split(separator: "/").last.map(String.init) ?? "rendition") : base)
                let stem = ([base] + traitTokens(renditions[index])).joined(separator: "_")
                var name = "\(stem).\(fileExtension)"
                var number = 2
                while !used.insert(name.lowercased()).inserted {
                    name = "\(stem)-\(number).\(fileExtension)"
                    number += 1
                }
                paths.append((index, "\(folder)/\(name)"))
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
        for (attribute, label) in Self.extraTokenAttributes where rendition.key[attribute] != 0 {
            tokens.append("\(label)-\(rendition.key[attribute])")
        }
        let localization = rendition.key[.localization]
        if localization != 0 {
            let name = localizations.first { $0.identifier == localization }?.name ?? String(localization)
            tokens.append("locale-\(Self.safeComponent(name))")
        }
        return tokens
    }

    /// The key attributes without an assetc trait that an output name states when set, with their labels.
    private static let extraTokenAttributes: [(CARAttribute, String)] = [
        (.subtype, "subtype"), (.memoryClass, "memory"), (.graphicsClass, "graphics"),
        (.deploymentTarget, "deployment"), (.direction, "direction"), (.dimension1, "dim1"), (.dimension2, "dim2"),
        (.state, "state"), (.value, "value"), (.presentationState, "presentation"), (.layer, "layer"),
        (.size, "size"), (.glyphWeight, "weight"), (.glyphSize, "glyph-size"),
    ]

    /// The extension of the file `extract` writes for a rendition, or `nil` when it writes none.
    public static func outputExtension(_ rendition: CARRendition) -> String? {
        switch rendition.payload {
        case .bitmap: return "png"
        case .raw(let bytes): return CARDecoder.fileExtension(rendition, bytes)
        case .none: return rendition.internalReference == nil ? nil : "png"
        case .color, .gradient, .multisizeSet, .unknown: return nil
        }
    }

    static func safePath(_ name: String) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map { safeComponent(String($0)) }
        return components.joined(separator: "/")
    }

    static func safeComponent(_ text: String) -> String {
        // The common name has nothing to replace and at most 200 bytes (so at most 200 characters): kept as it is.
        // Every character replaced below is one byte in UTF-8, so a look at the bytes tells.
        let bytes = text.utf8
        if bytes.count <= 200, !bytes.isEmpty,
            !bytes.contains(where: { $0 < 32 || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") }),
            text != ".", text != ".."
        {
            return text
        }
        let cleaned = String(text.unicodeScalars.map { $0.value < 32 || $0 == "\\" || $0 == "/" || $0 == ":" ? "_" : Character($0) })
        if cleaned.isEmpty || cleaned == "." || cleaned == ".." { return "_" + cleaned.replacingDots() }
        return String(cleaned.prefix(200))
    }
}

extension String {
    fileprivate func replacingDots() -> String { String(map { $0 == "." ? "_" : $0 }) }
}
