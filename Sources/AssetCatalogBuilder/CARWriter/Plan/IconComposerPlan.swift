import AssetCatalog

/// One Icon Composer icon as the compile plans it: the facets it adds (their names settled before identifiers are
/// given) and, once they have identifiers, its renditions.
struct IconComposerPlan: Sendable {
    /// The icon's own facet (its name; shared with an app icon set of the same name, as in sudoku).
    var iconFacet: Int
    var document: IconComposerDocument
    /// The colours, as facets named `<prefix>Color-N`: N from 1 in the order they are met.
    var colors: [(facet: Int, color: ColorComponents)] = []
    /// The gradients, `<prefix>Gradient-N`, each with its colours' facet names.
    var gradients: [(facet: Int, colorNames: [String])] = []
    /// The fill layer of each appearance: a gradient's or a colour's facet and its part.
    var fills: [IconComposerDocument.Appearance: (facet: Int, part: UInt16)] = [:]
    /// One facet per group, `<Icon>/Group`, `<Icon>/Group 2`, … (a space before the number, as Xcode 26.3 names a second group).
    var groups: [Int] = []
    /// One image facet per layer file (`<prefix><file stem>`), by file name, with its size in points.
    var images: [String: (facet: Int, width: Double, height: Double, variants: [Variant])] = [:]
}

extension CARCompiler {
    /// The white Xcode writes as the first colour of every icon (sudoku's `Color-1`, extended grey 1); its role is
    /// not established.
    static let iconFirstColor = ColorComponents(colorSpace: "extended-gray", red: 1, green: 1, blue: 1, alpha: 1)
    /// The dark background Xcode gives an icon whose fill has no dark specialisation (sudoku: grey 49/255 to 20/255
    /// in `gray-gamma-22`); taken as Icon Composer's default, which one car cannot prove.
    static let iconDefaultDarkFill = IconComposerDocument.Fill.gradient([
        ColorComponents(colorSpace: "gray-gamma-22", red: 49 / 255, green: 49 / 255, blue: 49 / 255, alpha: 1),
        ColorComponents(colorSpace: "gray-gamma-22", red: 20 / 255, green: 20 / 255, blue: 20 / 255, alpha: 1),
    ])

    /// Adds the facets of the Icon Composer icon `icon` to `assets` (reusing an app icon set's facet of the same
    /// name) and returns its plan, or `nil` with a notice when its `icon.json` cannot be used.
    func iconComposerPlan(
        _ icon: Asset, root: String, assets: inout [Asset], parts: inout [UInt16], notices: inout [String]
    ) -> IconComposerPlan? {
        guard case .success(let file) = FileSystem.read(joinPath(root, joinPath(icon.path, "icon.json")), limit: 1 << 24, noFollow: true) else {
            notices.append("\(icon.name): icon.json cannot be read; the icon is left out")
            return nil
        }
        let document: IconComposerDocument
        switch IconComposerDocument.parse(file.bytes) {
        case .success(let parsed): document = parsed
        case .failure(let problem):
            notices.append("\(icon.name): \(problem.message); the icon is left out")
            return nil
        }
        var taken = Set(assets.map(\.name))
        func addFacet(_ name: String, kind: AssetKind, part: UInt16) -> Int? {
            guard taken.insert(name).inserted else {
                notices.append("\(icon.name): the name \(MessageQuote.quoted(name)) the icon needs is also an asset's; the icon is left out")
                return nil
            }
            assets.append(Asset(name: name, kind: kind, sourceIndex: icon.sourceIndex, path: icon.path))
            parts.append(part)
            return assets.count - 1
        }
        // Undo the facets added so far when the icon turns out unusable.
        let assetCount = assets.count
        func leaveOut() -> IconComposerPlan? {
            assets.removeSubrange(assetCount...)
            parts.removeSubrange(assetCount...)
            return nil
        }

        let iconFacet: Int
        if let existing = assets.firstIndex(where: { $0.name == icon.name && $0.kind == .appIcon }) {
            iconFacet = existing
            parts[existing] = IconComposerRenditions.stackPart
        } else {
            guard let added = addFacet(icon.name, kind: .icon, part: IconComposerRenditions.stackPart) else { return leaveOut() }
            iconFacet = added
        }
        var plan = IconComposerPlan(iconFacet: iconFacet, document: document)
        let prefix = options.iconComposerNaming.prefix(icon: icon.name)

        func addColor(_ color: ColorComponents) -> String? {
            let name = "\(prefix)Color-\(plan.colors.count + 1)"
            guard let facet = addFacet(name, kind: .icon, part: Self.colorPart) else { return nil }
            plan.colors.append((facet, color))
            return name
        }
        guard addColor(Self.iconFirstColor) != nil else { return leaveOut() }
        // The light fill (also the tinted one), then the dark one.
        var fillFacets: [IconComposerDocument.Fill: (facet: Int, part: UInt16)] = [:]
        let darkFill = document.darkFill ?? (document.fill == nil ? nil : Self.iconDefaultDarkFill)
        for (appearance, fill) in [(IconComposerDocument.Appearance.light, document.fill), (.dark, darkFill)] {
            guard let fill else { continue }
            if let known = fillFacets[fill] {
                plan.fills[appearance] = known
                continue
            }
            switch fill {
            case .solid(let color):
                guard addColor(color) != nil else { return leaveOut() }
                fillFacets[fill] = (plan.colors[plan.colors.count - 1].facet, Self.colorPart)
            case .gradient(let stops):
                var names: [String] = []
                for stop in stops {
                    guard let name = addColor(stop) else { return leaveOut() }
                    names.append(name)
                }
                guard let facet = addFacet("\(prefix)Gradient-\(plan.gradients.count + 1)", kind: .icon, part: IconComposerRenditions.gradientPart)
                else { return leaveOut() }
                plan.gradients.append((facet, names))
                fillFacets[fill] = (facet, IconComposerRenditions.gradientPart)
            }
            plan.fills[appearance] = fillFacets[fill]
        }
        plan.fills[.tinted] = plan.fills[.light]

        for (number, group) in document.groups.enumerated() {
            guard let facet = addFacet(number == 0 ? "\(icon.name)/Group" : "\(icon.name)/Group \(number + 1)", kind: .icon, part: IconComposerRenditions.groupPart)
            else { return leaveOut() }
            plan.groups.append(facet)
            for layer in group.layers where plan.images[layer.imageName] == nil {
                let named = icon.variants.filter { $0.source.map(Self.lastComponent) == layer.imageName }
                guard let main = named.first(where: { $0.attributes["appearance"] == nil }) ?? named.first, let source = main.source else {
                    notices.append("\(icon.name): the layer file \(MessageQuote.quoted(layer.imageName)) is missing; the icon is left out")
                    return leaveOut()
                }
                // The layer's own file and its appearance specialisations (the reader lists them under the same layer).
                let variants = icon.variants.filter {
                    $0.source == source
                        || ($0.attributes["appearance"] != nil && $0.attributes["layer"] == main.attributes["layer"]
                            && $0.attributes["group"] == main.attributes["group"])
                }
                // A drawing that declares no size (an SVG with neither width, height nor viewBox) fills the canvas: what
                // Icon Composer does with one is not established.
                let canvas = Double(IconComposerRenditions.canvas)
                let size = Self.iconLayerSize(root: root, source: source, contentType: main.contentType, inspection: main.inspection) ?? (canvas, canvas)
                guard let facet = addFacet(prefix + CatalogWalker.stem(layer.imageName), kind: .icon, part: Self.imagePart) else { return leaveOut() }
                plan.images[layer.imageName] = (facet, size.width, size.height, variants)
            }
        }
        return plan
    }

    /// A layer file's size in points: an SVG's or PDF's declared size, a bitmap's pixels.
    static func iconLayerSize(root: String, source: String, contentType: ContentType?, inspection: FileInspection?) -> (width: Double, height: Double)? {
        switch contentType {
        case .svg?, .pdf?:
            guard case .success(let file) = FileSystem.read(joinPath(root, source), limit: 1 << 26, noFollow: true),
                let size = try? VectorRasterizer.size(of: file.bytes, format: contentType == .svg ? .svg : .pdf)
            else { return nil }
            return size
        default:
            guard let width = inspection?.pixelWidth, let height = inspection?.pixelHeight else { return nil }
            return (Double(width), Double(height))
        }
    }

    /// The renditions of an icon's facets (named as `assets` names them, with `identifiers`) and the jobs for its
    /// layer files: each colour and gradient once, each group and the stack once per appearance.
    func iconComposerRenditions(
        _ plan: IconComposerPlan, icon: Asset, assets: [Asset], identifiers: [UInt16]
    ) -> (values: [CompiledRendition], jobs: [Job]) {
        var values: [CompiledRendition] = []
        func key(_ facet: Int, part: UInt16, appearance: IconComposerDocument.Appearance?) -> RenditionKey {
            var key = Self.baseKey(identifier: identifiers[facet], part: part)
            key[.scale] = 1
            if let appearance { key[.appearance] = Self.iconAppearanceValue(appearance, platform: options.platform) }
            return key
        }
        for (facet, color) in plan.colors {
            values.append(
                CompiledRendition(key: key(facet, part: Self.colorPart, appearance: nil), value: IconComposerRenditions.color(name: assets[facet].name, color)))
        }
        for (facet, colorNames) in plan.gradients {
            values.append(
                CompiledRendition(
                    key: key(facet, part: IconComposerRenditions.gradientPart, appearance: nil),
                    value: IconComposerRenditions.gradient(name: assets[facet].name, colorNames: colorNames)))
        }
        let canvas = Double(IconComposerRenditions.canvas)
        // Within ±1,000,000 points before the frame becomes a 32-bit field.
        func clamped(_ value: Double) -> Int { Int(max(-1_000_000, min(1_000_000, value.rounded(.down)))) }
        for appearance in IconComposerDocument.Appearance.allCases {
            var groupReferences: [(reference: IconComposerRenditions.LayerReference, group: IconComposerDocument.Group)] = []
            // Back to front: icon.json lists groups and layers front to back.
            for (number, group) in plan.document.groups.enumerated().reversed() {
                var layers: [(reference: IconComposerRenditions.LayerReference, glass: Bool)] = []
                for layer in group.layers.reversed() {
                    guard let image = plan.images[layer.imageName] else { continue }
                    let width = layer.scale * image.width
                    let height = layer.scale * image.height
                    let reference = IconComposerRenditions.LayerReference(
                        part: Self.imagePart, identifier: identifiers[image.facet], x: clamped((canvas - width) / 2 + layer.translation.x),
                        y: clamped((canvas - height) / 2 + layer.translation.y), width: clamped(width), height: clamped(height))
                    layers.append((reference, layer.isGlass(appearance)))
                }
                let facet = plan.groups[number]
                values.append(
                    CompiledRendition(
                        key: key(facet, part: IconComposerRenditions.groupPart, appearance: appearance), value: IconComposerRenditions.group(layers: layers)))
                groupReferences.append((IconComposerRenditions.LayerReference(part: IconComposerRenditions.groupPart, identifier: identifiers[facet]), group))
            }
            let fill = plan.fills[appearance].map { IconComposerRenditions.LayerReference(part: $0.part, identifier: identifiers[$0.facet]) }
            values.append(
                CompiledRendition(
                    key: key(plan.iconFacet, part: IconComposerRenditions.stackPart, appearance: appearance),
                    value: IconComposerRenditions.stack(name: "\(icon.name).iconstack", fill: fill, groups: groupReferences)))
        }

        var jobs: [Job] = []
        for (fileName, image) in plan.images.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let fileExtension = fileName.split(separator: ".").last.map { "." + $0.lowercased() } ?? ""
            for variant in image.variants {
                guard let source = variant.source else { continue }
                var traits = VariantTraits()
                traits.displayScale = DisplayScale(1)
                var attributes: [String: String] = [:]
                switch variant.attributes["appearance"] {
                case "dark"?: traits.appearance = .dark
                case "tinted"?: attributes["luminosity"] = "tinted"
                default: break
                }
                var job = Job(
                    facet: image.facet, assetName: assets[image.facet].name, kind: .icon, source: source, fileName: "image" + fileExtension,
                    contentType: variant.contentType, traits: traits, attributes: attributes, properties: AssetProperties(), color: nil,
                    iconSizeIndex: 0)
                job.sourceIndex = icon.sourceIndex
                job.inspectsFile = variant.inspectionDeferred
                jobs.append(job)
            }
        }
        return (values, jobs)
    }

    /// The appearance identifier of an icon's rendition: light and dark named explicitly (sudoku keys none at the
    /// platform's "any"), tinted as `ISAppearanceTintable` on macOS.
    static func iconAppearanceValue(_ appearance: IconComposerDocument.Appearance, platform: CompilePlatform) -> UInt16 {
        var traits = VariantTraits()
        switch appearance {
        case .light: traits.appearance = .light
        case .dark: traits.appearance = .dark
        case .tinted: return appearanceValue(traits, ["luminosity": "tinted"], platform: platform)
        }
        return appearanceValue(traits, [:], platform: platform)
    }
}
