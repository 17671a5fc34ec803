import Foundation

/// A tiny catalog that shows a rule at work: the files to write, relative to the catalog root, and the
/// roots to read. The test suite writes every rule's examples to a temporary folder, reads them with
/// ``CatalogReader``, audits them and checks that the rule fires on its triggering examples and stays
/// quiet on the others; `docs/AUDITS.md` lists them.
public struct AuditExample: Hashable, Sendable {
    /// What the example shows, in one line.
    public var summary: String
    /// The roots to read, relative to the example's folder: one `.xcassets` catalog by default.
    public var roots: [String]
    /// The files, by path. With one root, paths are relative to that root; with several, to the
    /// example's folder (so they start with a root's name). A root `.xcassets` gets a `Contents.json`
    /// unless one is given. `.assetc.yml` at a root configures the audit of that root.
    public var files: [String: AuditExampleFile]
    /// For a rule of compiled catalogs: the platform the catalog is compiled for before the audit reads the
    /// `Assets.car` (see ``compiled(_:for:deploymentTarget:files:)``); `nil` audits the source catalog.
    public var compiledPlatform: CompilePlatform?
    /// The minimum deployment target the example is compiled for.
    public var compiledDeploymentTarget = "15.0"

    /// Creates an example.
    public init(_ summary: String, roots: [String] = ["Assets.xcassets"], files: [String: AuditExampleFile]) {
        self.summary = summary
        self.roots = roots
        self.files = files
    }

    /// The files in a stable order (by path).
    public var sortedFiles: [(path: String, file: AuditExampleFile)] {
        files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, files[$0]!) }
    }

    /// Writes the example under `folder` (which must exist) and returns the roots' paths.
    public func materialize(in folder: String) throws -> [String] {
        let manager = FileManager.default
        let rootPaths = roots.map { folder + "/" + $0 }
        for root in rootPaths {
            try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
        let base = roots.count == 1 ? rootPaths[0] : folder
        var links: [(String, String)] = []
        for (path, file) in sortedFiles {
            let full = base + "/" + path
            let parent = (full as NSString).deletingLastPathComponent
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            switch file {
            case .folder:
                try manager.createDirectory(atPath: full, withIntermediateDirectories: true)
            case .symbolicLink(let target):
                links.append((full, target))
            case .text, .png, .bytes:
                guard manager.createFile(atPath: full, contents: Data(file.bytes)) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: full])
                }
            }
        }
        for (path, target) in links {
            try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
        for (root, name) in zip(rootPaths, roots) where name.hasSuffix(".xcassets") {
            let contents = root + "/Contents.json"
            if !manager.fileExists(atPath: contents) {
                _ = manager.createFile(atPath: contents, contents: Data(AuditExampleFile.rootContents.utf8))
            }
        }
        return rootPaths
    }
}

/// One file of an example catalog.
public enum AuditExampleFile: Hashable, Sendable {
    /// Text, written as UTF-8 (`Contents.json`, `.assetc.yml`).
    case text(String)
    /// A generated PNG.
    case png(ExamplePNG)
    /// Raw bytes, with a description for the documentation.
    case bytes([UInt8], description: String)
    /// A symbolic link to the given target (written as given).
    case symbolicLink(String)
    /// An empty folder.
    case folder

    /// The bytes written (empty for links and folders).
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): return Array(text.utf8)
        case .png(let png): return png.encoded()
        case .bytes(let bytes, _): return bytes
        case .symbolicLink, .folder: return []
        }
    }

    /// One line for the documentation.
    public var summary: String {
        switch self {
        case .text(let text): return text
        case .png(let png): return png.summary
        case .bytes(_, let description): return description
        case .symbolicLink(let target): return "symbolic link to \(target)"
        case .folder: return "folder"
        }
    }

    static let rootContents = #"{"info":{"author":"xcode","version":1}}"#

    // MARK: Building blocks

    /// An 8-bit opaque RGB PNG of this size.
    public static func png(_ width: Int, _ height: Int) -> AuditExampleFile {
        .png(ExamplePNG(width: width, height: height))
    }

    /// The `Contents.json` of an image or app icon set with these entries.
    public static func images(_ entries: [String], properties: String? = nil) -> AuditExampleFile {
        contents("images", entries, properties: properties)
    }

    /// The `Contents.json` of a data set.
    public static func data(_ entries: [String]) -> AuditExampleFile {
        contents("data", entries, properties: nil)
    }

    /// The `Contents.json` of a colour set.
    public static func colors(_ entries: [String]) -> AuditExampleFile {
        contents("colors", entries, properties: nil)
    }

    private static func contents(_ key: String, _ entries: [String], properties: String?) -> AuditExampleFile {
        var text = "{\"\(key)\":[" + entries.map { "{\($0)}" }.joined(separator: ",") + "],\"info\":{\"author\":\"xcode\",\"version\":1}"
        if let properties { text += ",\"properties\":{\(properties)}" }
        return .text(text + "}")
    }

    /// One entry's JSON members: `"filename":"a.png","idiom":"universal","scale":"2x"` plus `extra`.
    public static func entry(_ filename: String?, idiom: String = "universal", scale: String? = nil, _ extra: String = "")
        -> String
    {
        var members: [String] = []
        if let filename { members.append("\"filename\":\"\(filename)\"") }
        members.append("\"idiom\":\"\(idiom)\"")
        if let scale { members.append("\"scale\":\"\(scale)\"") }
        if !extra.isEmpty { members.append(extra) }
        return members.joined(separator: ",")
    }

    /// A real (tiny) lossless WebP file.
    public static let webp = AuditExampleFile.bytes(
        Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0x0D, 0, 0, 0, 0x2F, 0x00, 0x00, 0x00, 0x00]
            + [UInt8](repeating: 0, count: 12), description: "a WebP image")

    /// A Photoshop document header.
    public static let psd = AuditExampleFile.bytes(
        Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 4, 0, 8, 0, 3]
            + [UInt8](repeating: 0, count: 16), description: "a Photoshop document")

    /// A Git LFS pointer.
    public static let lfsPointer = AuditExampleFile.bytes(
        Array(
            """
            version https://git-lfs.github.com/spec/v1
            oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
            size 12345

            """.utf8), description: "a Git LFS pointer (text)")

    /// A minimal one-page PDF.
    public static let pdf = AuditExampleFile.bytes(
        Array("%PDF-1.4\n1 0 obj<<>>endobj\nxref\n0 1\n0000000000 65535 f \ntrailer<<>>\nstartxref\n27\n%%EOF\n".utf8), description: "a PDF document")

    /// A PDF cut off before its cross-reference table and `%%EOF`.
    public static let truncatedPDF = AuditExampleFile.bytes(
        Array("%PDF-1.4\n1 0 obj<<>>endobj\nxref\n0 1\n0000000000 65".utf8), description: "a PDF cut off before %%EOF")

    /// An SVG whose elements are not properly nested (not well-formed XML).
    public static let malformedSVG = AuditExampleFile.bytes(
        Array(#"<svg xmlns="http://www.w3.org/2000/svg"><g><path d="M0 0"/></svg></g>"#.utf8),
        description: "an SVG whose tags are not properly nested")

    /// A minimal SF Symbols template: a `Symbols` group holding a `Regular-M` glyph.
    public static let symbolTemplate = AuditExampleFile.bytes(
        Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200"><g id="Symbols"><g id="Regular-M"><path d="M0 0L9 9Z"/></g></g></svg>"#
                .utf8), description: "an SF Symbols template with a Regular-M glyph")

    /// An SF Symbols template whose masters cannot be interpolated: Regular-S's path has fewer points than the others'.
    public static let incompatibleSymbolMasters = AuditExampleFile.bytes(
        Array(
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200"><g id="Symbols">"#
                + #"<g id="Ultralight-S"><path d="M0 0L9 9L0 9Z"/></g><g id="Regular-S"><path d="M0 0L9 9Z"/></g>"#
                + #"<g id="Black-S"><path d="M0 0L9 9L0 9Z"/></g></g></svg>"#).utf8),
        description: "an SF Symbols template whose masters have different points")

    /// A variable SF Symbols template: the three masters (Ultralight-S, Regular-S, Black-S) with compatible paths.
    public static let symbolMasters = AuditExampleFile.bytes(
        Array(
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200"><g id="Symbols">"#
                + #"<g id="Ultralight-S"><path d="M0 0L8 8L0 8Z"/></g><g id="Regular-S"><path d="M0 0L9 9L0 9Z"/></g>"#
                + #"<g id="Black-S"><path d="M0 0L10 10L0 10Z"/></g></g></svg>"#).utf8),
        description: "an SF Symbols template with its three masters")

    /// A template-version-3 symbol whose Regular-M glyph (100 to 220 across) reaches 20 units past its right margin guide
    /// (at 200); its left margin is at 100.
    public static let symbolPastMargin = symbolWithMargins(glyphWidth: 120)

    /// The same symbol with its glyph inside its margins (100 to 190).
    public static let symbolWithinMargins = symbolWithMargins(glyphWidth: 90)

    private static func symbolWithMargins(glyphWidth: Int) -> AuditExampleFile {
        .bytes(
            Array(
                (#"<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200"><g id="Guides">"#
                    + #"<line id="left-margin-Regular-M" x1="100" y1="0" x2="100" y2="80"/>"#
                    + #"<line id="right-margin-Regular-M" x1="200" y1="0" x2="200" y2="80"/></g>"#
                    + #"<g id="Symbols"><g id="Regular-M" transform="translate(100 60)"><path d="M0 0L\#(glyphWidth) 0L\#(glyphWidth) -50Z"/></g></g></svg>"#)
                    .utf8),
            description: "an SF Symbols template whose Regular-M glyph is \(glyphWidth) units wide between margins 100 units apart")
    }

    /// A minimal SVG.
    public static let svg = AuditExampleFile.bytes(
        Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>"#.utf8),
        description: "an SVG document")

    /// A PNG with one flipped byte in its image data (its CRC no longer matches).
    public static var corruptPNG: AuditExampleFile {
        var bytes = ExamplePNG(width: 8, height: 8, compression: .stored).encoded()
        bytes[8 + 25 + 8 + 10] ^= 0xFF
        return .bytes(bytes, description: "a PNG with a damaged IDAT chunk")
    }

    /// A PNG cut in half.
    public static var truncatedPNG: AuditExampleFile {
        let bytes = ExamplePNG(width: 16, height: 16, compression: .stored).encoded()
        return .bytes(Array(bytes[0..<(bytes.count / 2)]), description: "a PNG cut in half")
    }

    /// The start of a baseline JPEG of this size (enough for its header to be read).
    public static func jpeg(_ width: Int, _ height: Int) -> AuditExampleFile {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
        bytes += [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xD9]
        return .bytes(bytes, description: "JPEG \(width)×\(height)")
    }
}
