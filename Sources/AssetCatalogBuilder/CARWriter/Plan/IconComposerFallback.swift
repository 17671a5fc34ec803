import AssetCatalog

/// The pre-rendered bitmaps Xcode 26 writes for an Icon Composer icon, for systems that cannot draw its layers
/// (docs/CAR-FORMAT.md, "Icon Composer icons", section 3): on macOS before 26 the icon drawn flat in the macOS shape
/// as an app icon's part 220 images with a part 218 multisize set, seven sizes keyed by dimension 2 (cubeSQL, Xcode
/// 26.2, macOS 10.14); on iOS the same for the iOS app icon sizes and the 1024 App Store icon (inferred: no iOS car
/// with an `.icon` was seen).
struct IconComposerFallback: Sendable {
    /// One size: the key's dimension 2, its points and scale, and its idiom (0 on macOS, as Xcode keys them).
    struct Size: Sendable, Equatable {
        var index: Int
        var points: Double
        var scale: Int
        var idiom: Idiom?
        var marketing = false
        /// Pixels a side.
        var side: Int { Int((points * Double(scale)).rounded()) }
    }

    /// The macOS sizes as cubeSQL's car holds them: 16 to 512 points at 2x, then 1024 at 1x (dimension 2 from 1).
    static let macSizes: [Size] = [
        Size(index: 1, points: 16, scale: 2), Size(index: 2, points: 32, scale: 2), Size(index: 3, points: 64, scale: 2),
        Size(index: 4, points: 128, scale: 2), Size(index: 5, points: 256, scale: 2), Size(index: 6, points: 512, scale: 2),
        Size(index: 7, points: 1024, scale: 1),
    ]

    /// The iOS sizes (inferred): those of a single-size app icon (``CARCompiler/singleSizeIconSlots``) for the kept
    /// idioms, numbered by size from 1, then the 1024 App Store icon (`ios-marketing`).
    static func iOSSizes(keptIdioms: Set<Idiom>) -> [Size] {
        var points: [Double] = []
        for slot in CARCompiler.singleSizeIconSlots where keptIdioms.contains(slot.idiom) && !points.contains(slot.points) { points.append(slot.points) }
        points.sort()
        var sizes: [Size] = []
        for slot in CARCompiler.singleSizeIconSlots where keptIdioms.contains(slot.idiom) {
            for scale in slot.scales {
                sizes.append(Size(index: 1 + points.firstIndex(of: slot.points)!, points: slot.points, scale: scale, idiom: slot.idiom))
            }
        }
        sizes.sort { ($0.index, $0.idiom == .phone ? 0 : 1, $0.scale) < ($1.index, $1.idiom == .phone ? 0 : 1, $1.scale) }
        sizes.append(Size(index: points.count + 1, points: 1024, scale: 1, idiom: nil, marketing: true))
        return sizes
    }

    /// The rendition name of a size: `<Icon><W>x<H>_NSAppearanceNameSystem_<UUID>.png`, as Xcode's names run
    /// (`App16x16_NSAppearanceNameSystem_30F97F9C-…-8158-00000527DB933F08.png`). Xcode's UUID and the two fields after
    /// it change from build to build; assetc's UUID is an FNV-1a hash of the icon's name and size (deterministic), and
    /// the two fields are left out.
    static func renditionName(icon: String, size: Size) -> String {
        let points = size.points.rounded() == size.points ? String(Int(size.points)) : String(size.points)
        let stem = "\(icon)\(points)x\(points)"
        var high: UInt64 = 0xcbf2_9ce4_8422_2325, low: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in Array("\(stem)@\(size.scale)x\(size.idiom.map { "\($0)" } ?? "")".utf8) {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ high
        }
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        let uuid = "\(hex(high >> 32, 8))-\(hex(high >> 16 & 0xFFFF, 4))-\(hex(high & 0xFFFF, 4))-\(hex(low >> 48, 4))-\(hex(low & 0xFFFF_FFFF_FFFF, 12))"
        return "\(stem)_NSAppearanceNameSystem_\(uuid).png"
    }
}

extension CARCompiler {
    /// The platform whose flat icon this compile writes for an Icon Composer icon: macOS when the minimum deployment
    /// target is before 26 (a target that does not parse counts as the newest), iOS always (the App Store icon);
    /// `nil` for the others.
    var iconFallbackPlatform: IconComposerShape.Platform? {
        switch options.platform {
        case .macosx:
            let major = options.minimumDeploymentTarget.split(separator: ".").first.flatMap { Int($0) }
            return major.map { $0 < 26 } == true ? .macOS : nil
        case .iphoneos, .iphonesimulator: return .iOS
        default: return nil
        }
    }

    /// `plan`'s icon drawn flat (its light appearance) on 1024 pixels for `platform`; a problem names the member at
    /// fault. A drawing that declares no size is left out of the picture with a notice (`notices`).
    func iconFlatImage(
        _ plan: IconComposerPlan, icon: Asset, root: String, platform: IconComposerShape.Platform, notices: inout [String]
    ) -> Result<DecodedImage, IconComposerProblem> {
        var images: [String: IconComposerLayerImage] = [:]
        for (fileName, image) in plan.images.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            // The layer's own file (the light appearance's).
            guard let main = image.variants.first(where: { $0.attributes["appearance"] == nil }) ?? image.variants.first, let source = main.source else {
                return .failure(IconComposerProblem("the layer file Assets/\(fileName) is missing"))
            }
            guard case .success(let file) = FileSystem.read(joinPath(root, source), limit: 1 << 26, noFollow: true) else {
                return .failure(IconComposerProblem("Assets/\(fileName) cannot be read (or is larger than 64 MiB)"))
            }
            switch IconComposerLayerImage.read(file.bytes, contentType: main.contentType, member: "Assets/\(fileName)") {
            case .success(let read): images[fileName] = read
            case .failure(let problem):
                // The plan found no size either (it lays such a drawing over the whole canvas): left out of the picture.
                guard main.contentType?.isVector == true, CARCompiler.iconLayerSize(
                    root: root, source: source, contentType: main.contentType, inspection: main.inspection) == nil,
                    problem.message.hasSuffix("cannot be read as an SVG") || problem.message.hasSuffix("cannot be read as a PDF")
                else { return .failure(problem) }
                notices.append("\(icon.name): Assets/\(fileName) declares no size (or cannot be read); it is left out of the pre-rendered images")
                images[fileName] = .undrawable
            }
        }
        let renderer = IconComposerRenderer(document: plan.document, images: images, platform: platform)
        return renderer.render(side: 1024)
    }

    /// The 1024-pixel flat drawing of the Icon Composer icon `name` in `index`, when this compile draws one (see
    /// ``CompileOptions/drawsIconComposerImages`` and ``iconFallbackPlatform``): what the loose icon files are made of.
    func iconFlatImage(_ index: CatalogIndex, name: String) -> DecodedImage? {
        guard options.drawsIconComposerImages, let platform = iconFallbackPlatform,
            let icon = index.assets.first(where: { $0.name == name && $0.kind == .icon })
        else { return nil }
        let root = index.sources.indices.contains(icon.sourceIndex) ? index.sources[icon.sourceIndex].path : "."
        var assets: [Asset] = []
        var parts: [UInt16] = []
        var notices: [String] = []
        guard let plan = iconComposerPlan(icon, root: root, assets: &assets, parts: &parts, notices: &notices) else { return nil }
        return try? iconFlatImage(plan, icon: icon, root: root, platform: platform, notices: &notices).get()
    }

    /// The flat bitmaps of `plan`'s icon (its light appearance) as jobs for part 220 renditions of the icon's facet
    /// (``DrawnBitmap``: the pack stage puts the small ones in an atlas, as Xcode 26.2 packs cubeSQL's 32,
    /// 64 and 128 pixel ones), and its part 218 multisize set; or a problem naming the member at fault. A drawing that
    /// declares no size is left out of the picture with a notice (`notices`).
    func iconFallbackRenditions(
        _ plan: IconComposerPlan, icon: Asset, root: String, identifiers: [UInt16], platform: IconComposerShape.Platform, notices: inout [String]
    ) -> Result<(values: [CompiledRendition], jobs: [Job]), IconComposerProblem> {
        let full: DecodedImage
        switch iconFlatImage(plan, icon: icon, root: root, platform: platform, notices: &notices) {
        case .success(let drawn): full = drawn
        case .failure(let problem): return .failure(problem)
        }
        let sizes = platform == .macOS ? IconComposerFallback.macSizes : IconComposerFallback.iOSSizes(keptIdioms: options.keptIdioms)
        var values: [CompiledRendition] = []
        var jobs: [Job] = []
        var scaled: [Int: DecodedImage] = [1024: full]
        for size in sizes {
            let side = size.side
            let image =
                scaled[side]
                ?? DecodedImage(width: side, height: side, premultiplied: true, pixels: IconScaler.scale(full.pixels, from: (1024, 1024), to: (side, side)))
            scaled[side] = image
            // Keyed as an app icon's image (``key(for:identifier:platform:)``): idiom, scale, the size's number in
            // dimension 2; flags 0, in the compression of app icons when it is stored on its own.
            var traits = VariantTraits()
            traits.idiom = size.idiom
            traits.displayScale = DisplayScale(size.scale)
            var job = Job(
                facet: plan.iconFacet, assetName: icon.name, kind: .appIcon, source: nil,
                fileName: IconComposerFallback.renditionName(icon: icon.name, size: size), contentType: .png, traits: traits,
                attributes: size.marketing ? ["idiom": "ios-marketing"] : [:], properties: AssetProperties(), color: nil, iconSizeIndex: size.index)
            job.sourceIndex = icon.sourceIndex
            job.drawn = DrawnBitmap(image: image, glyph: nil)
            jobs.append(job)
        }
        var entries: [(width: Int, height: Int, index: Int, idiom: UInt16)] = []
        for size in sizes {
            var traits = VariantTraits()
            traits.idiom = size.idiom
            let idiom = Self.idiomValue(traits, size.marketing ? ["idiom": "ios-marketing"] : [:])
            if !entries.contains(where: { $0.index == size.index && $0.idiom == idiom }) {
                entries.append((Int(size.points.rounded()), Int(size.points.rounded()), size.index, idiom))
            }
        }
        var key = Self.baseKey(identifier: identifiers[plan.iconFacet], part: Self.multisizePart)
        key[.scale] = 1
        values.append(
            CompiledRendition(
                key: key,
                value: CSIBuilder.value(
                    name: icon.name, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0, layout: CSIBuilder.layoutMultisizeSet,
                    infoTags: CSIBuilder.pixellessTags, payload: CSIBuilder.multisizeSet(entries))))
        return .success((values, jobs))
    }
}
