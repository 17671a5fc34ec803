/// One entry of an example image set: its `Contents.json` members and its file.
struct ExampleVariant {
    var file: String?
    var idiom: String
    var scale: String?
    var extra: String
    var content: AuditExampleFile?

    init(_ file: String?, idiom: String = "universal", scale: String? = nil, _ content: AuditExampleFile?) {
        self.init(file, idiom: idiom, scale: scale, "", content)
    }

    init(_ file: String?, idiom: String = "universal", scale: String? = nil, _ extra: String, _ content: AuditExampleFile?) {
        self.file = file
        self.idiom = idiom
        self.scale = scale
        self.extra = extra
        self.content = content
    }
}

extension AuditExample {
    /// The files of an image set (or app icon set, with `folderExtension`) named `name` in the catalog root.
    static func imageSet(
        _ name: String, _ variants: [ExampleVariant], properties: String? = nil, folderExtension: String = "imageset"
    ) -> [String: AuditExampleFile] {
        let folder = "\(name).\(folderExtension)"
        var files: [String: AuditExampleFile] = [
            folder + "/Contents.json": .images(
                variants.map { AuditExampleFile.entry($0.file, idiom: $0.idiom, scale: $0.scale, $0.extra) },
                properties: properties)
        ]
        for variant in variants {
            if let file = variant.file, let content = variant.content { files[folder + "/" + file] = content }
        }
        return files
    }

    /// Variants at `scales` of an image `points` × `points` points, named `base`, `base@2x`, …
    static func scaled(
        _ base: String, points: Int = 16, scales: [Int] = [1, 2, 3], idiom: String = "universal", _ extra: String = "",
        png: (Int) -> ExamplePNG = { ExamplePNG(width: $0, height: $0) }
    ) -> [ExampleVariant] {
        scales.map { scale in
            let file = scale == 1 ? "\(base).png" : "\(base)@\(scale)x.png"
            return ExampleVariant(file, idiom: idiom, scale: "\(scale)x", extra, .png(png(points * scale)))
        }
    }

    /// A healthy universal 1x/2x/3x image set: the quiet case of most rules.
    static func healthy(_ summary: String = "A complete universal 1x/2x/3x image set with matching sizes") -> AuditExample {
        AuditExample(summary, files: imageSet("Icon", scaled("Icon")))
    }

    /// Merges file dictionaries.
    static func merged(_ parts: [String: AuditExampleFile]...) -> [String: AuditExampleFile] {
        parts.reduce(into: [:]) { result, part in result.merge(part) { first, _ in first } }
    }
}

extension AuditExample {
    /// A symbol set holding one SVG.
    public static func symbolSet(_ name: String, _ svg: AuditExampleFile) -> [String: AuditExampleFile] {
        [
            "\(name).symbolset/Contents.json": .text(
                #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"\#(name).svg","idiom":"universal"}]}"#),
            "\(name).symbolset/\(name).svg": svg,
        ]
    }
}
