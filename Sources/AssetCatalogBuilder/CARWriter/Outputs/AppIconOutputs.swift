import AssetCatalog
import Foundation

/// The files actool writes beside `Assets.car` for the primary app icon, and the partial Info.plist keys.
public struct AppIconOutputs: Sendable {
    /// Files to write: name (relative to the output folder) and bytes.
    public var files: [(name: String, bytes: [UInt8])]
    /// The partial Info.plist as a property-list dictionary.
    public var infoPlist: [String: PropertyListValue]

    /// Works out the icon files and Info.plist keys for `options` from `index`.
    ///
    /// iOS family: `<name><points>@<scale>x.png` for iPhone entries and `…~ipad.png` for iPad entries (the PNG
    /// bytes as they are; for a single-size 1024 icon, `<name>60x60@2x.png` and `<name>76x76@2x~ipad.png`
    /// scaled from it by an area average), `CFBundleIcons` and `CFBundleIcons~ipad`. macOS: `<name>.icns` (PNG-based icon
    /// types), `CFBundleIconFile` and `CFBundleIconName`. Both: `NSAccentColorName` when an accent colour is given (unless
    /// its set has no colour: ``Asset/isColourlessTemplate``).
    /// An Icon Composer icon the compile draws flat (macOS before 26, iOS; `CARCompiler.iconFlatImage(_:name:)`):
    /// `<name>.icns` made of the drawing on macOS, `<name>60x60@2x.png` and `<name>76x76@2x~ipad.png` on iOS, with the
    /// keys above. One it does not draw, named with no app icon set of its name: `CFBundleIconName` (and, for iOS,
    /// `CFBundleIcons` → `CFBundlePrimaryIcon` → `CFBundleIconName`), no files.
    /// tvOS, where `--app-icon` names a brand assets folder: `CFBundleIcons` → `CFBundlePrimaryIcon` (the
    /// smallest `primary-app-icon` part) and `TVTopShelfImage` (the top shelf parts); the icons themselves
    /// are image stacks inside the car, with no files beside it.
    public init(index: CatalogIndex, options: CompileOptions) {
        files = []
        infoPlist = [:]
        // A colour set with no colour is compiled to nothing, and Xcode then names no accent colour either.
        if let accent = options.accentColor, index.asset(named: accent)?.isColourlessTemplate != true {
            infoPlist["NSAccentColorName"] = .string(accent)
        }
        if let background = options.widgetBackgroundColor { infoPlist["NSWidgetBackgroundColorName"] = .string(background) }
        guard let name = options.appIcon else { return }
        if let brand = index.assets.first(where: { $0.name == name && $0.kind == .brandAssets }) {
            infoPlist.merge(Self.brandAssetKeys(brand)) { _, new in new }
            return
        }
        // An Icon Composer icon drawn flat (macOS before 26, iOS): its loose files are made from the drawing, as the
        // car's images are, whether or not an app icon set has the same name (cubeSQL's car holds the drawing, not
        // its App.iconset's images).
        if let drawn = CARCompiler(options: options).iconFlatImage(index, name: name) {
            if options.platform.isMac {
                infoPlist["CFBundleIconName"] = .string(name)
                files.append(("\(name).icns", Self.icns(drawn)))
                infoPlist["CFBundleIconFile"] = .string(name)
                return
            }
            var bases: (phone: [String], pad: [String]) = ([], [])
            for (idiom, points, suffix) in [(Idiom.phone, 60, ""), (Idiom.pad, 76, "~ipad")] where options.keptIdioms.contains(idiom) {
                guard let png = Self.png(drawn, side: points * 2) else { continue }
                let base = "\(name)\(points)x\(points)"
                files.append((base + "@2x" + suffix + ".png", png))
                if idiom == .pad { bases.pad.append(base) } else { bases.phone.append(base) }
            }
            func entry(_ list: [String]) -> PropertyListValue {
                .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconFiles": .array(list.map { .string($0) }), "CFBundleIconName": .string(name)])])
            }
            infoPlist["CFBundleIcons"] = entry(bases.phone)
            if options.keptIdioms.contains(.pad) { infoPlist["CFBundleIcons~ipad"] = entry(bases.phone + bases.pad) }
            return
        }
        guard let asset = index.assets.first(where: { $0.name == name && $0.kind == .appIcon }) else {
            // An Icon Composer icon alone (no app icon set of its name): the system finds it in the car by name, so
            // the plist names it; there are no loose files (macOS 26 and later, and other platforms, draw its layers).
            if index.assets.contains(where: { $0.name == name && $0.kind == .icon }) {
                infoPlist["CFBundleIconName"] = .string(name)
                if !options.platform.isMac {
                    infoPlist["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .dictionary(["CFBundleIconName": .string(name)])])
                }
            }
            return
        }
        /// A PNG entry's bytes, read from the catalog of the set it belongs to.
        func reader(of set: Asset) -> (Variant) -> [UInt8]? {
            let root = index.sources.indices.contains(set.sourceIndex) ? index.sources[set.sourceIndex].path : "."
            return { variant in
                guard let source = variant.source, variant.contentType == .png else { return nil }
                return FileManager.default.contents(atPath: root + "/" + source).map { [UInt8]($0) }
            }
        }
        let read = reader(of: asset)
        if options.platform.isMac {
            // macOS names the icon at the top; iOS only inside CFBundleIcons (Xcode 15's partial Info.plist of the
            // NikitaKosolapov+SwiftUITestProject1 build has no top-level CFBundleIconName).
            infoPlist["CFBundleIconName"] = .string(name)
            var entries: [(type: String, bytes: [UInt8])] = []
            let types: [String: String] = [
                "16x16@1": "icp4", "16x16@2": "ic11", "32x32@1": "icp5", "32x32@2": "ic12", "128x128@1": "ic07",
                "128x128@2": "ic13", "256x256@1": "ic08", "256x256@2": "ic14", "512x512@1": "ic09", "512x512@2": "ic10",
            ]
            for variant in asset.variants {
                guard let size = variant.attributes["size"], let scale = variant.traits.displayScale?.value,
                    let type = types["\(size)@\(scale)"], !entries.contains(where: { $0.type == type }), let bytes = read(variant)
                else { continue }
                entries.append((type, bytes))
            }
            entries.sort { $0.type < $1.type }
            if !entries.isEmpty {
                files.append(("\(name).icns", Self.icnsFile(entries)))
                infoPlist["CFBundleIconFile"] = .string(name)
            }
            return
        }
        let primary = Self.iOSIcons(asset, name: name, options: options, read: read)
        var alternates: [(name: String, icons: IOSIcons)] = []
        for alternate in options.alternateAppIcons where alternate != name {
            guard let set = index.assets.first(where: { $0.name == alternate && $0.kind == .appIcon }) else { continue }
            alternates.append((alternate, Self.iOSIcons(set, name: alternate, options: options, read: reader(of: set))))
        }
        for icons in [primary] + alternates.map(\.icons) {
            for file in icons.files where !files.contains(where: { $0.name == file.name }) { files.append(file) }
        }
        files.sort { $0.name < $1.name }
        func entry(_ name: String, _ bases: [String]) -> PropertyListValue {
            .dictionary(["CFBundleIconFiles": .array(bases.sorted().map { .string($0) }), "CFBundleIconName": .string(name)])
        }
        func icons(iPad: Bool) -> PropertyListValue {
            var keys: [String: PropertyListValue] = [
                "CFBundlePrimaryIcon": entry(name, primary.bases(iPad: iPad))
            ]
            if !alternates.isEmpty {
                keys["CFBundleAlternateIcons"] = .dictionary(
                    Dictionary(uniqueKeysWithValues: alternates.map { alternate in
                        (alternate.name, entry(alternate.name, alternate.icons.bases(iPad: iPad)))
                    }))
            }
            return .dictionary(keys)
        }
        infoPlist["CFBundleIcons"] = icons(iPad: false)
        if options.keptIdioms.contains(.pad) { infoPlist["CFBundleIcons~ipad"] = icons(iPad: true) }
    }

    /// An `.icns` of a 1024-pixel drawing: the ten PNG-based icon types (16 to 512 points at 1x and 2x), each
    /// area-averaged from it, in type order.
    static func icns(_ drawn: DecodedImage) -> [UInt8] {
        let types: [(type: String, side: Int)] = [
            ("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512),
            ("icp4", 16), ("icp5", 32),
        ]
        var entries: [(type: String, bytes: [UInt8])] = []
        for (type, side) in types {
            guard let png = png(drawn, side: side) else { continue }
            entries.append((type, png))
        }
        return icnsFile(entries)
    }

    /// An `.icns` file of `entries` in their order: the `icns` header with the file's length, then each entry's type,
    /// length (its 8 header bytes included) and bytes.
    static func icnsFile(_ entries: [(type: String, bytes: [UInt8])]) -> [UInt8] {
        var icns = Array("icns".utf8)
        BinaryWriter.appendBE32(&icns, UInt32(8 + entries.reduce(0) { $0 + 8 + $1.bytes.count }))
        for entry in entries {
            icns += Array(entry.type.utf8)
            BinaryWriter.appendBE32(&icns, UInt32(8 + entry.bytes.count))
            icns += entry.bytes
        }
        return icns
    }

    /// `drawn` area-averaged to `side` pixels and encoded as a PNG (straight alpha, as PNG stores it).
    static func png(_ drawn: DecodedImage, side: Int) -> [UInt8]? {
        let pixels = side == drawn.width ? drawn.pixels : IconScaler.scale(drawn.pixels, from: (drawn.width, drawn.height), to: (side, side))
        return try? PNGCodec.encode(DecodedImage(width: side, height: side, premultiplied: true, pixels: pixels), compressionLevel: 9)
    }

    /// One iOS app icon set's loose files and the base names the Info.plist lists for iPhone and iPad.
    struct IOSIcons {
        var files: [(name: String, bytes: [UInt8])] = []
        var phoneBases: [String] = []
        var padBases: [String] = []

        /// The base names `CFBundleIconFiles` lists: the iPhone ones, and on iPad the iPad ones too.
        func bases(iPad: Bool) -> [String] { iPad ? phoneBases + padBases : phoneBases }
    }

    /// `<name><points>@<scale>x.png` for the set's iPhone entries and `…~ipad.png` for its iPad entries (the PNG
    /// bytes as they are); for a single-size 1024 icon, `<name>60x60@2x.png` and `<name>76x76@2x~ipad.png` scaled
    /// from it by an area average.
    static func iOSIcons(
        _ asset: Asset, name: String, options: CompileOptions, read: (Variant) -> [UInt8]?
    ) -> IOSIcons {
        var icons = IOSIcons()
        let single = asset.variants.first(where: {
            $0.attributes["size"] == "1024x1024" && $0.traits.idiom == nil && $0.traits.appearance == nil
                && $0.attributes["idiom"]?.hasSuffix("marketing") != true
        })
        // A set with a single-size entry beside per-size ones (a set made with Xcode 13 and switched to Single Size)
        // gets the single-size files and names: Xcode 15 lists only `AppIcon60x60` (iPad: and `AppIcon76x76`) for
        // such a set whose iPhone entries run from 20 to 60 points (the NikitaKosolapov+SwiftUITestProject1 build's
        // partial Info.plist). The per-size entries still go into the car.
        for variant in asset.variants where single == nil {
            guard let size = variant.attributes["size"], let scale = variant.traits.displayScale?.value else { continue }
            let idiom = variant.traits.idiom
            guard idiom == .phone || idiom == .pad, options.keptIdioms.contains(idiom!), let bytes = read(variant) else { continue }
            let base = "\(name)\(size)"
            let fileName = base + (scale > 1 ? "@\(scale)x" : "") + (idiom == .pad ? "~ipad" : "") + ".png"
            guard !icons.files.contains(where: { $0.name == fileName }) else { continue }
            icons.files.append((fileName, bytes))
            if idiom == .pad {
                if !icons.padBases.contains(base) { icons.padBases.append(base) }
            } else if !icons.phoneBases.contains(base) {
                icons.phoneBases.append(base)
            }
        }
        // A single-size icon (one universal 1024 pt entry, Xcode 14 and later) has no files of these sizes:
        // make the two that Xcode writes beside the car for iOS from it.
        if icons.phoneBases.isEmpty && icons.padBases.isEmpty, let single, let bytes = read(single) {
            for (idiom, points, suffix) in [(Idiom.phone, 60, ""), (Idiom.pad, 76, "~ipad")] where options.keptIdioms.contains(idiom) {
                guard let scaled = try? IconScaler.scaled(bytes, width: points * 2, height: points * 2) else { continue }
                let base = "\(name)\(points)x\(points)"
                icons.files.append((base + "@2x" + suffix + ".png", scaled))
                if idiom == .pad { icons.padBases.append(base) } else { icons.phoneBases.append(base) }
            }
        }
        return icons
    }

    /// The Info.plist keys of a tvOS brand assets folder, naming its parts by role: `CFBundleIcons` →
    /// `CFBundlePrimaryIcon` (the home-screen icon: the `primary-app-icon` part with the smallest size; the
    /// larger one is the App Store's), and `TVTopShelfImage` → `TVTopShelfPrimaryImage` (`top-shelf-image`)
    /// and `TVTopShelfPrimaryImageWide` (`top-shelf-image-wide`), as Xcode writes them for tvOS apps.
    static func brandAssetKeys(_ brand: Asset) -> [String: PropertyListValue] {
        let parts = brand.members.filter { !$0.name.isEmpty }
        var keys: [String: PropertyListValue] = [:]
        let icons = parts.filter { $0.attributes["role"] == "primary-app-icon" && $0.attributes["idiom"] != "tv-marketing" }
        let home = icons.min { first, second in
            let a = CARCompiler.points(first.attributes["size"] ?? ""), b = CARCompiler.points(second.attributes["size"] ?? "")
            return (a.width, first.name) < (b.width, second.name)
        }
        if let home { keys["CFBundleIcons"] = .dictionary(["CFBundlePrimaryIcon": .string(home.name)]) }
        var shelf: [String: PropertyListValue] = [:]
        for (role, key) in [("top-shelf-image", "TVTopShelfPrimaryImage"), ("top-shelf-image-wide", "TVTopShelfPrimaryImageWide")] {
            if let part = parts.first(where: { $0.attributes["role"] == role }) { shelf[key] = .string(part.name) }
        }
        if !shelf.isEmpty { keys["TVTopShelfImage"] = .dictionary(shelf) }
        return keys
    }
}
