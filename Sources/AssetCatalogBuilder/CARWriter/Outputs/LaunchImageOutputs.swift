import AssetCatalog
import Foundation

/// The launch images actool writes beside `Assets.car` for `--launch-image NAME`, and their partial Info.plist keys.
///
/// A launch image set (`.launchimage`) is not compiled into the car: each entry's PNG is copied, as it is, to a file
/// named from its slot, and iOS 7 and later find it through `UILaunchImages` (docs/ACTOOL.md, "Launch images"):
///
/// - the name: the set's name, `-` and the minimum system version's digits (`7.0` gives `-700`, `11.0` `-1100`),
///   the orientation (`-Portrait`, `-Landscape`) where the device can be in landscape (iPad, and iPhones from
///   736 points high), the subtype's height (`-568h`, `-667h`, `-736h`, `-2436h`, …), the scale (`@2x`), the
///   idiom (`~ipad`), `.png`: `LaunchImage-700-568h@2x.png`, `LaunchImage-800-Portrait-736h@3x.png`,
///   `LaunchImage-700-Landscape@2x~ipad.png`;
/// - the plist: an entry per file of a set for iOS 7 or later (minimum OS version, name without scale or idiom,
///   orientation, size in portrait points, less the 20-point status bar for a `to-status-bar` extent), iPhone
///   entries under `UILaunchImages` and iPad entries under `UILaunchImages~ipad`; an entry for iOS 6 or earlier
///   (no minimum system version) makes `UILaunchImageFile` (`UILaunchImageFile~ipad`) name the set instead.
///
/// The rule was taken from the names iOS projects load (`LaunchImage-800-Portrait-736h@3x`), Apple's Info.plist
/// key reference and facebook/xcbuild's open-source actool, which writes the same file names; no actool output
/// with launch images is in `../shared` to check it against.
public struct LaunchImageOutputs: Sendable {
    /// One file to write: its name beside the car, and the bytes (the PNG as it is in the set).
    public struct File: Sendable, Hashable {
        /// The file name, such as `LaunchImage-700-568h@2x.png`.
        public var name: String
        /// The PNG's bytes, unchanged.
        public var bytes: [UInt8]
    }

    /// The files to write, in the set's order.
    public var files: [File] = []
    /// The partial Info.plist keys.
    public var infoPlist: [String: PropertyListValue] = [:]
    /// Problems found: errors where actool stops (no such set, a missing or unreadable file), warnings where it goes on.
    public var diagnostics: [Diagnostic] = []

    /// The biggest launch image read: a 3x full-screen image of the tallest iPhone is about 5 MB as PNG, so a file
    /// a hundred times that is no launch image.
    static let maximumFileSize = 512 << 20

    /// Works out the launch images of the set `name` in `index` for `options`' platform and target devices.
    public init(index: CatalogIndex, name: String, options: CompileOptions) {
        let kept = options.keptIdioms
        guard let (root, set) = Self.locate(name, in: index) else {
            diagnostics.append(
                Diagnostic(
                    severity: .error, rule: "launch-image", catalog: "", path: "",
                    message: "None of the input catalogs contained a matching launch image set named \"\(TerminalText.escaped(name))\"."))
            return
        }
        let folder = set.path
        func report(_ severity: Diagnostic.Severity, _ message: String, file: String? = nil) {
            diagnostics.append(
                Diagnostic(severity: severity, rule: "launch-image", catalog: root.given, path: file.map { folder + "/" + $0 } ?? folder, message: message))
        }
        // Contents.json as the reader reads every set's: the same size limit, link rule and messages.
        var sink = DiagnosticSink(catalog: root.given)
        let loaded = ContentsDocument.load(ioFolder: root.ioPath + "/" + folder, folder: folder, root: root, sink: &sink)
        diagnostics += sink.diagnostics
        let document: JSONObject
        switch loaded {
        case .document(let contents): document = contents.root
        case .missing:
            report(.error, "the set has no Contents.json")
            return
        case .invalid: return
        }
        guard case .array(let entries)? = document["images"] else {
            report(.error, "Contents.json has no 'images' array")
            return
        }
        var phone: [PropertyListValue] = []
        var pad: [PropertyListValue] = []
        var legacy: Set<Idiom> = []
        var names = Set<String>()
        var unassigned = 0
        // Files are named after the set, without its namespaces.
        let fileStem = name.split(separator: "/").last.map(String.init) ?? name
        for entry in entries {
            guard case .object(let fields) = entry else { continue }
            func text(_ key: String) -> String? {
                if case .string(let value)? = fields[key] { return value }
                return nil
            }
            guard let slot = Slot(fields: text) else {
                report(.warning, "an entry has a slot no device has (idiom, subtype, orientation, scale or system version); it is left out")
                continue
            }
            guard kept.contains(slot.idiom) else { continue }
            guard let fileName = text("filename") else {
                unassigned += 1
                continue
            }
            if let problem = SetReader.unsafeFilenameProblem(fileName) {
                report(.error, "the file name '\(TerminalText.escaped(fileName))' is \(problem)")
                continue
            }
            let bytes: [UInt8]
            switch Self.read(root.ioPath + "/" + folder + "/" + fileName, root: root) {
            case .failure(let failure):
                report(.error, "the launch image \(failure.description)", file: fileName)
                continue
            case .success(let read):
                guard read.size <= Self.maximumFileSize else {
                    report(.error, "the launch image is larger than \(Self.maximumFileSize >> 20) MB", file: fileName)
                    continue
                }
                bytes = read.bytes
            }
            let pixels = slot.pixelSize
            switch bytes.withUnsafeBytes({ PNGStructure.check($0) }) {
            case .failure(let problem):
                report(.error, "the launch image is not a readable PNG: \(problem.message)", file: fileName)
                continue
            case .success(let summary) where Int(summary.width) != pixels.width || Int(summary.height) != pixels.height:
                report(
                    .warning,
                    "the launch image is \(summary.width)×\(summary.height) pixels, but its slot needs \(pixels.width)×\(pixels.height)",
                    file: fileName)
            case .success: break
            }
            let stem = fileStem + slot.nameSuffix
            let file = stem + slot.fileSuffix + ".png"
            guard names.insert(file).inserted else {
                report(.warning, "two entries make the file \(file); the first is kept", file: fileName)
                continue
            }
            files.append(File(name: file, bytes: bytes))
            guard let version = slot.minimumSystemVersion, version.major >= 7 else {
                legacy.insert(slot.idiom)
                continue
            }
            let record = PropertyListValue.dictionary([
                "UILaunchImageMinimumOSVersion": .string(version.text),
                "UILaunchImageName": .string(stem),
                "UILaunchImageOrientation": .string(slot.orientation.plistValue),
                "UILaunchImageSize": .string("{\(slot.pointSize.width), \(slot.pointSize.height)}"),
            ])
            if slot.idiom == .pad { pad.append(record) } else { phone.append(record) }
        }
        if unassigned > 0 {
            report(.warning, "The launch image set \"\(TerminalText.escaped(name))\" has \(unassigned) unassigned \(unassigned == 1 ? "child" : "children").")
        }
        if !phone.isEmpty { infoPlist["UILaunchImages"] = .array(phone) }
        if !pad.isEmpty { infoPlist["UILaunchImages~ipad"] = .array(pad) }
        if legacy.contains(where: { $0 != .pad }) { infoPlist["UILaunchImageFile"] = .string(fileStem) }
        if legacy.contains(.pad) { infoPlist["UILaunchImageFile~ipad"] = .string(fileStem) }
    }

    /// The catalog root (opened as the reader opens it) and the set named `name` (with or without its namespaces), the
    /// first in the inputs' order.
    private static func locate(_ name: String, in index: CatalogIndex) -> (root: RootContext, set: UnsupportedSet)? {
        let sets = index.unsupportedSets.filter { $0.type == "launchimage" }
        guard let set = sets.first(where: { $0.name == name }) ?? sets.first(where: { $0.name.split(separator: "/").last.map(String.init) == name })
        else { return nil }
        for (position, source) in index.sources.enumerated() {
            var sink = DiagnosticSink(catalog: source.path)
            guard let root = CatalogReader.openRoot(source.path, sourceIndex: position, sink: &sink),
                FileSystem.status(root.ioPath + "/" + set.path + "/Contents.json") != nil
            else { continue }
            return (root, set)
        }
        return nil
    }

    /// A launch image's bytes, at most ``maximumFileSize`` and one more: a link is followed only when it stays inside
    /// the root, as the reader follows one to an image (an error naming where it leads otherwise).
    private static func read(_ ioPath: String, root: RootContext) -> Result<(bytes: [UInt8], size: Int), FileSystem.Failure> {
        let read = FileSystem.read(ioPath, limit: maximumFileSize + 1, noFollow: true)
        guard case .failure(let failure) = read, failure.code == ELOOP else {
            return read.mapError { FileSystem.Failure(message: "cannot be read: \($0)") }
        }
        switch SymbolicLinks.resolve(ioPath, root: root) {
        case .broken: return .failure(FileSystem.Failure(message: "is a broken symbolic link"))
        case .outside(let real): return .failure(FileSystem.Failure(message: SymbolicLinks.outsideMessage(real)))
        case .inside(let real, _):
            return FileSystem.read(real, limit: maximumFileSize + 1).mapError { FileSystem.Failure(message: "cannot be read: \($0)") }
        }
    }
}

extension LaunchImageOutputs {
    /// A launch image entry's slot, checked: only the combinations a device has.
    struct Slot: Equatable {
        enum Orientation: String {
            case portrait, landscape

            var plistValue: String { self == .portrait ? "Portrait" : "Landscape" }
        }

        struct Version: Equatable {
            var major: Int
            var minor: Int
            var patch: Int

            /// `7.0`, `11.0`, `8.0.1`: as the plist states it.
            var text: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
        }

        var idiom: Idiom
        /// The iPhone subtype (`retina4`, `667h`, …), or `nil` for the idiom's first screen.
        var subtype: String?
        var orientation: Orientation
        var isOrientationNamed: Bool
        var toStatusBar: Bool
        var scale: Int
        var minimumSystemVersion: Version?

        /// The portrait screen of each iPhone subtype a launch image set names, in points, and whether an iPhone of
        /// that screen launches in landscape too.
        static let phoneScreens: [String: (width: Int, height: Int, landscape: Bool)] = [
            "retina4": (320, 568, false), "667h": (375, 667, false), "736h": (414, 736, true), "2436h": (375, 812, true),
            "2688h": (414, 896, true), "1792h": (414, 896, true),
        ]

        init?(fields: (String) -> String?) {
            switch fields("idiom") {
            case "iphone": idiom = .phone
            case "ipad": idiom = .pad
            default: return nil
            }
            if let subtype = fields("subtype") {
                guard idiom == .phone, Self.phoneScreens[subtype] != nil else { return nil }
                self.subtype = subtype
            }
            switch fields("orientation") {
            case nil:
                orientation = .portrait
                isOrientationNamed = false
            case let value?:
                guard let parsed = Orientation(rawValue: value) else { return nil }
                orientation = parsed
                isOrientationNamed = true
            }
            switch fields("extent") {
            case nil, "full-screen": toStatusBar = false
            case "to-status-bar": toStatusBar = true
            default: return nil
            }
            switch fields("scale") {
            case nil, "1x": scale = 1
            case "2x": scale = 2
            case "3x": scale = 3
            default: return nil
            }
            if let version = fields("minimum-system-version") {
                let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
                guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && (0...99).contains($0!) }) else { return nil }
                minimumSystemVersion = Version(major: parts[0]!, minor: parts[1]!, patch: parts.count > 2 ? parts[2]! : 0)
            }
            if orientation == .landscape && !supportsLandscape { return nil }
        }

        /// Whether the device can launch in landscape, so that the orientation is part of the file name: iPad, and
        /// the iPhones from 736 points high.
        var supportsLandscape: Bool {
            switch idiom {
            case .pad: return true
            default: return subtype.flatMap { Self.phoneScreens[$0]?.landscape } ?? false
            }
        }

        /// The portrait screen in points, less the status bar for a `to-status-bar` extent (from the height in
        /// portrait, from the width in landscape: the size is stated in portrait).
        var pointSize: (width: Int, height: Int) {
            var size: (width: Int, height: Int)
            switch idiom {
            case .pad: size = (768, 1024)
            default: size = subtype.flatMap { Self.phoneScreens[$0] }.map { ($0.width, $0.height) } ?? (320, 480)
            }
            if toStatusBar {
                if orientation == .portrait { size.height -= 20 } else { size.width -= 20 }
            }
            return size
        }

        /// The image's pixels: the points in the orientation's shape, times the scale.
        var pixelSize: (width: Int, height: Int) {
            let points = pointSize
            return orientation == .portrait
                ? (points.width * scale, points.height * scale) : (points.height * scale, points.width * scale)
        }

        /// `-800-Portrait-736h`: the part of the name the plist states.
        var nameSuffix: String {
            var suffix = ""
            if let version = minimumSystemVersion { suffix += "-\(version.major)\(version.minor)\(version.patch)" }
            if isOrientationNamed && supportsLandscape { suffix += "-" + orientation.plistValue }
            // The subtype as a height: `retina4` is the 568-point screen; the others name themselves.
            if let subtype { suffix += "-" + (subtype == "retina4" ? "568h" : subtype) }
            return suffix
        }

        /// `@2x~ipad`: the scale and idiom, which the plist leaves to the system.
        var fileSuffix: String {
            (scale == 1 ? "" : "@\(scale)x") + (idiom == .pad ? "~ipad" : "")
        }
    }
}
