/// How a rendition's key maps onto assetc's traits. Values follow CoreUI's numbering as the public readers
/// list it (idiom 0 universal, 1 phone, 2 pad, 3 tv, 4 car, 5 watch, 6 marketing, 7 mac, 8 vision; size class 0 any,
/// 1 compact, 2 regular; gamut 0 sRGB, 1 Display P3). What has no assetc trait stays in the attributes.
extension CARFile {
    /// The traits a rendition's key states.
    public func traits(of rendition: CARRendition) -> VariantTraits {
        Self.traits(of: rendition, appearances: appearanceTraits)
    }

    /// What each named appearance means as traits, worked out once per file: ``traits(of:)`` is asked for every
    /// rendition, and lowering and searching each name every time cost more than the rest of the traits.
    struct AppearanceTraits: Sendable {
        var identifier: UInt16
        var appearance: Appearance?
        var contrast: Contrast?

        /// The traits a name states: dark when it says so, light for `…Aqua` and `…Light`, high contrast for
        /// `…HighContrast…` and `…Accessibility…`.
        init(name: String, identifier: UInt16) {
            self.identifier = identifier
            let lowered = name.lowercased()
            if lowered.contains("dark") { appearance = .dark } else if lowered.hasSuffix("aqua") || lowered.hasSuffix("light") {
                appearance = .light
            }
            if lowered.contains("highcontrast") || lowered.contains("accessibility") { contrast = .high }
        }
    }

    /// ``traits(of:)`` given the file's appearances (usable before the file is fully initialized).
    static func traits(of rendition: CARRendition, appearances: [AppearanceTraits]) -> VariantTraits {
        let key = rendition.key
        var traits = VariantTraits()
        switch key[.idiom] {
        case 1: traits.idiom = .phone
        case 2: traits.idiom = .pad
        case 3: traits.idiom = .tv
        case 4: traits.idiom = .car
        case 5: traits.idiom = .watch
        case 7: traits.idiom = .mac
        case 8: traits.idiom = .vision
        default: break
        }
        // A colour has no scale (a colour set names none): Xcode 26 keys it at 1 (sudoku), assetc before it at 0.
        traits.displayScale = rendition.layout == Self.colorLayout ? nil : DisplayScale(Int(key[.scale]))
        if key[.displayGamut] == 1 { traits.displayGamut = .displayP3 }
        // Observed in Apple's macOS theme: right-to-left artwork (`…RTL`) is 4, mirrored left-to-right artwork 5.
        switch key[.direction] {
        case 4: traits.layoutDirection = .rightToLeft
        case 5: traits.layoutDirection = .leftToRight
        default: break
        }
        traits.horizontalSizeClass = Self.sizeClass(key[.horizontalSizeClass])
        traits.verticalSizeClass = Self.sizeClass(key[.verticalSizeClass])
        if !appearances.isEmpty {
            let identifier = key[.appearance]
            if let named = appearances.first(where: { $0.identifier == identifier }) {
                if let appearance = named.appearance { traits.appearance = appearance }
                if let contrast = named.contrast { traits.contrast = contrast }
            }
        }
        return traits
    }

    /// The layout of a colour rendition (`RLOC`).
    static let colorLayout: UInt16 = 1009

    private static func sizeClass(_ value: UInt16) -> SizeClass? {
        switch value {
        case 1: return .compact
        case 2: return .regular
        default: return nil
        }
    }

    /// Facet names by identifier, the first facet for an identifier two share (as lookups answer): to name the facets
    /// a layer list (tag 1012) points to.
    public var facetNamesByIdentifier: [UInt16: String] {
        var names: [UInt16: String] = [:]
        names.reserveCapacity(facets.count)
        for facet in facets where names[facet.attributes[.identifier]] == nil { names[facet.attributes[.identifier]] = facet.name }
        return names
    }

    /// Everything else the rendition says, as strings: its stored name, layout, pixel format, compression, bytes per row
    /// (and for 16-bit pixels what their colour space makes of them),
    /// every non-zero key attribute without an assetc trait (by name, unknown ones as `attribute-N`), a
    /// gradient's stops, the appearance and localization by name, and why its pixels cannot be decoded when they cannot.
    public func attributes(of rendition: CARRendition) -> [String: String] {
        var attributes: [String: String] = [
            "rendition": rendition.name, "layout": String(rendition.layout), "pixel-format": rendition.pixelFormat,
            "payload": rendition.payload.kindName,
        ]
        if case .bitmap(let bitmap) = rendition.payload {
            attributes["compression"] = bitmap.compression.name
            // The stride CoreUI is told (tag 1007): Xcode's padding rule is read off real cars with it (docs/CAR-FORMAT.md).
            if let rowBytes = rendition.bytesPerRow { attributes["bytes-per-row"] = String(rowBytes) }
            // Deep pixels (RGBW, GA16): what their colour space makes of the samples.
            if let space = CARStoredPixels(pixelFormat: rendition.pixelFormat, colorSpaceID: rendition.colorSpaceID)?.colorSpaceName(rendition.colorSpaceID) {
                attributes["color-space"] = space
            }
        }
        if rendition.internalReference != nil { attributes["payload"] = "internal-reference" }
        if let uti = rendition.uti { attributes["uti"] = uti }
        if let layers = rendition.layerReferences {
            // A layered image (tvOS image stack): its layers by facet name, back to front.
            let names = facetNamesByIdentifier
            attributes["layers"] = layers.map { $0.facetName(in: names) }.joined(separator: " | ")
        }
        if case .gradient(let gradient) = rendition.payload {
            // A gradient (Icon Composer fill): its kind and its stops, each with the colour facet it names.
            attributes["gradient"] = gradient.kindName + ": " + gradient.stopList
        }
        if rendition.isTemplate { attributes["template-rendering-intent"] = "template" }
        for (attribute, value) in rendition.key.values where value != 0 {
            switch attribute {
            case .scale, .displayGamut, .horizontalSizeClass, .verticalSizeClass:
                continue
            case .direction where value == 4 || value == 5:
                continue
            case .idiom:
                if value == 6 { attributes["idiom"] = "marketing" } else if value > 8 { attributes["idiom"] = String(value) }
            case .appearance:
                attributes["appearance"] = appearanceName(value) ?? String(value)
            case .localization:
                attributes["locale"] = localizations.first { $0.identifier == value }?.name ?? String(value)
            default:
                attributes["key.\(attribute.name)"] = String(value)
            }
        }
        if let reason = CARDecoder.undecodableReason(rendition) {
            attributes["not-decoded"] = reason
        } else if let reference = rendition.internalReference {
            if let atlas = renditionIndex(for: reference) {
                if let reason = CARDecoder.undecodableReason(renditions[atlas]) {
                    attributes["not-decoded"] = "its packed atlas \(renditions[atlas].name): \(reason)"
                }
            } else {
                attributes["not-decoded"] = "no packed atlas has the key its internal reference names"
            }
        }
        return attributes
    }
}

extension CARDecoder {
    /// Why a rendition's pixels cannot be decoded, decided from its header (and, for deepmap payloads, the few bytes of
    /// their own header) without decoding anything, or `nil` when the decoder handles it. A rendition whose info tags
    /// or payload could not be read gives "damaged: " and the error.
    public static func undecodableReason(_ rendition: CARRendition) -> String? {
        if let damage = rendition.damage { return "damaged: \(damage)" }
        switch rendition.payload {
        case .bitmap(let bitmap):
            guard let stored = CARStoredPixels(pixelFormat: rendition.pixelFormat, colorSpaceID: rendition.colorSpaceID) else {
                return "pixel format \(rendition.pixelFormat) holds no pixels this reader knows"
            }
            if stored != .bgra8 && stored != .greyAlpha8 { return otherFormatReason(rendition, bitmap, stored) }
            let bytesPerPixel = stored.bytesPerPixel
            switch bitmap.compression {
            case .uncompressed, .lzfse, .lzvn, .zip, .paletteImage, .rle: return nil
            case .deepmap2:
                // Each chunk's header names its mode and pixel format (a few bytes, no decoding).
                return bitmap.chunks.lazy.compactMap { Deepmap2Decoder.unsupportedReason($0.data, bytesPerPixel: bytesPerPixel) }.first
            case .deepmapLZFSE:
                return bitmap.chunks.lazy.compactMap { DeepmapLZFSEDecoder.unsupportedReason($0.data, bytesPerPixel: bytesPerPixel) }.first
            case .blurred, .jpegLZFSE, .astc, .hevc, .unknown:
                return undecodedCompressionReason(bitmap.compression)
            }
        case .multisizeSet:
            return "a multisize image set has no pixels of its own"
        case .none:
            return rendition.internalReference == nil ? "the rendition has no payload" : nil
        case .unknown(let tag, _):
            return "unknown payload tag '\(tag)'"
        case .raw, .color, .gradient:
            return nil
        }
    }

    /// Why a bitmap of pixel format `RGBW`, `GA16` or `RGB5` cannot be decoded, or `nil`: plain streams always can,
    /// deepmap2 only in the modes that keep the pixels as stored (1 and 3). docs/CAR-FORMAT.md says why the others
    /// are not.
    private static func otherFormatReason(_ rendition: CARRendition, _ bitmap: CARBitmap, _ stored: CARStoredPixels) -> String? {
        switch bitmap.compression {
        case .uncompressed, .lzfse, .lzvn, .zip:
            return nil
        case .deepmap2:
            guard let format = stored.deepmapFormat else { return "deepmap2 of pixel format \(rendition.pixelFormat) is not a known combination" }
            return bitmap.chunks.lazy.compactMap { Deepmap2Decoder.unsupportedReason($0.data, format: format) }.first
        case .rle, .paletteImage, .deepmapLZFSE:
            return "\(bitmap.compression.name) of pixel format \(rendition.pixelFormat) is not decoded (no public reader or sample car shows its layout)"
        case .blurred, .jpegLZFSE, .astc, .hevc, .unknown:
            return undecodedCompressionReason(bitmap.compression)
        }
    }

    /// Why the reader decodes no bitmap of `compression`, whatever its pixel format, or `nil` for one it decodes in
    /// some format (the callers decide those).
    private static func undecodedCompressionReason(_ compression: CARCompression) -> String? {
        switch compression {
        case .blurred:
            return "blurred compression cannot be decoded (a glow stored as a coarse grid that CoreUI blurs when drawing; how it draws it is not public)"
        case .jpegLZFSE, .astc, .hevc:
            return "\(compression.name) compression cannot be decoded (no sample car holds it, so its layout is not established)"
        case .unknown:
            return "\(compression.name) is not a compression CoreUI is known to use"
        case .uncompressed, .lzfse, .lzvn, .zip, .rle, .paletteImage, .deepmap2, .deepmapLZFSE:
            return nil
        }
    }
}
