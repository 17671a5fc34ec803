import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `extract` and `verify` on an `Assets.car`.
enum CARExtract {
    /// Writes every facet rendition under `directory` (names from ``CARFile/outputPaths()``) and
    /// `directory/manifest.json`. Returns the number of renditions that could not be written.
    static func extractAll(_ file: CARFile, path: String, to directory: String) throws -> (written: Int, notDecoded: Int) {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create \(directory): \(error.localizedDescription)")
        }
        let decoder = CARDecoder(file: file)
        let paths = file.outputPaths()
        var entries: [ManifestEntry] = []
        var written = 0, notDecoded = 0
        let display = ProgressDisplay(command: "assetc extract", quiet: false)
        defer { display.finish() }
        let total = file.facets.reduce(0) { $0 + $1.renditions.count }
        var done = 0
        for facet in file.facets {
            for index in facet.renditions {
                done += 1
                display.update(done: done, total: total, unit: "renditions")
                let rendition = file.renditions[index]
                let traits = file.traits(of: rendition)
                var entry = ManifestEntry(
                    asset: facet.name, rendition: rendition.name, traits: traits, attributes: file.attributes(of: rendition),
                    pixelWidth: rendition.width, pixelHeight: rendition.height, file: nil, notDecoded: nil, color: nil, gradient: nil)
                do {
                    switch try decoder.decode(index) {
                    case .image(let image):
                        entry.pixelWidth = image.width
                        entry.pixelHeight = image.height
                        // 16 bits a sample where the rendition's pixels are deeper than 8 bits (RGBW, GA16), else 8.
                        entry.file = try write(try PNGCodec.encode(image), paths[index], under: root)
                    case .file(let bytes, _):
                        entry.file = try write(bytes, paths[index], under: root)
                    case .color(let color):
                        entry.color = ColorJSON(
                            colorSpace: color.colorSpaceName, components: color.components, systemColor: color.systemColorName)
                    case .gradient(let gradient):
                        entry.gradient = GradientJSON(gradient)
                    case .notDecodable(let reason):
                        entry.notDecoded = reason
                    }
                } catch let error as CARError {
                    entry.notDecoded = "damaged: \(error)"
                } catch let error as PNGError {
                    entry.notDecoded = "cannot encode the PNG: \(error)"
                }
                if entry.file != nil { written += 1 } else if entry.color == nil && entry.gradient == nil { notDecoded += 1 }
                entries.append(entry)
            }
        }
        let manifest = Manifest(car: path, renditions: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A colour component or gradient float is whatever the file holds, NaN and infinity included, which JSON has
        // no number for: written as the strings "nan", "inf" and "-inf" rather than failing the whole manifest.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            try encoder.encode(manifest).write(to: root.appendingPathComponent("manifest.json"), options: .atomic)
        } catch {
            throw CLIError("cannot write \(directory)/manifest.json: \(error.localizedDescription)")
        }
        return (written, notDecoded)
    }

    private static func write(_ bytes: [UInt8], _ relative: String?, under root: URL) throws -> String? {
        guard let relative else { return nil }
        let url = root.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw CLIError("cannot write \(url.path): \(error.localizedDescription)")
        }
        return relative
    }

    /// Extracts the rendition a device with `request` gets for `name`: its decoded pixels as PNG, or the stored file.
    static func extractOne(
        _ file: CARFile, path: String, name: String, request: TraitCollection, resolver: Resolver, output: String,
        drawsVectors: Bool = false, glyph: GlyphOptions? = nil
    ) throws {
        // The candidates and the ranking `resolve` uses, so extract writes the rendition resolve names.
        guard let candidates = CARCatalog(file: file, path: path, glyphWeight: glyph?.weight, glyphSize: glyph?.size).candidates(named: name) else {
            throw CLIError("no asset named '\(name)' in \(path)")
        }
        guard let best = candidates.best(for: request, resolver: resolver) else {
            // A gradient (an Icon Composer fill) has no file, so none of its renditions is a candidate: say so rather
            // than that no variant matches.
            if let facet = file.facets.first(where: { $0.name == name }), !facet.renditions.isEmpty,
                facet.renditions.allSatisfy({ if case .gradient = file.renditions[$0].payload { true } else { false } })
            {
                throw gradientHasNoFile(name)
            }
            throw CLIError("no variant of '\(name)' matches \(request)")
        }
        if candidates[best].color != nil {
            throw CLIError("'\(name)' is a colour, which has no file; use `assetc resolve`")
        }
        guard candidates[best].source != nil, let chosen = candidates[best].rendition else {
            throw CLIError("'\(name)' chose a rendition with nothing to write: \(candidates[best].notDecoded ?? "no file")")
        }
        let rendition = file.renditions[chosen]
        let bytes: [UInt8]
        do {
            switch try file.fileBytes(ofRendition: chosen, decoder: CARDecoder(file: file)) {
            case .file(let stored, let fileExtension) where drawsVectors && (fileExtension == "pdf" || fileExtension == "svg"):
                // --png: the vector drawn at the scale asked (else the rendition's, else 1).
                let scale = request.displayScale?.value ?? max(1, rendition.scaleTimes100 / 100)
                do {
                    bytes = try VectorRasterizer.png(of: stored, format: fileExtension == "pdf" ? .pdf : .svg, scale: Double(scale))
                } catch {
                    throw CLIError("\(path): \(rendition.name) cannot be drawn: \(error.message)")
                }
            case .file(let stored, _): bytes = stored
            case .color: throw CLIError("'\(name)' is a colour, which has no file; use `assetc resolve`")
            case .gradient: throw gradientHasNoFile(name)
            case .notDecodable(let reason):
                throw CLIError("'\(name)' chose \(rendition.name), whose pixels cannot be decoded: \(reason)")
            }
        } catch let error as CARError {
            throw CLIError("\(path): \(error)")
        }
        // Standard output for `-`, else atomically: checked writes, errors in words, no partial file.
        try OutputFile.write(bytes: bytes, to: output)
        if OutputFile.isStandardOutput(output) { return }
        try Console.line(
            TerminalText.escaped("wrote \(output): \(rendition.name) (\(file.traitTokens(rendition).joined(separator: " "))), \(bytes.count) bytes"))
    }

    /// Why `extract NAME` writes nothing for a gradient.
    private static func gradientHasNoFile(_ name: String) -> CLIError {
        CLIError("'\(name)' is a gradient, which has no file; `extract --all` lists its stops in manifest.json")
    }

    /// Walks every structure (done by opening) and decodes every payload it can. Returns the problems found.
    static func verify(_ file: CARFile) -> (decoded: Int, notDecodable: [String: Int], damaged: [String]) {
        let decoder = CARDecoder(file: file)
        var decoded = 0
        var notDecodable: [String: Int] = [:]
        var damaged: [String] = []
        for index in file.renditions.indices {
            do {
                switch try decoder.decode(index) {
                case .image, .file, .color, .gradient: decoded += 1
                case .notDecodable(let reason): notDecodable[reason, default: 0] += 1
                }
            } catch {
                damaged.append("\(file.renditions[index].name): \(error)")
            }
        }
        return (decoded, notDecodable, damaged)
    }

    struct Manifest: Encodable {
        var car: String
        var renditions: [ManifestEntry]
    }

    struct ColorJSON: Encodable {
        var colorSpace: String
        var components: [Double]
        /// The system colour CoreUI draws instead of the components (then only a fallback), when the rendition
        /// is a reference to one; absent otherwise.
        var systemColor: String?
    }

    /// A gradient as the manifest lists it: its kind, its start and end points in unit coordinates, and its
    /// stops, each with the name of the colour facet it takes its colour from (listed in the manifest too).
    struct GradientJSON: Encodable {
        struct Stop: Encodable {
            var location: Float
            var color: String
        }

        var kind: String
        var start: [Float]
        var end: [Float]
        var stops: [Stop]

        init(_ gradient: CARGradient) {
            kind = gradient.kindName
            start = [gradient.start.x, gradient.start.y]
            end = [gradient.end.x, gradient.end.y]
            stops = gradient.stops.map { Stop(location: $0.location, color: $0.colorName) }
        }
    }

    struct ManifestEntry: Encodable {
        var asset: String
        var rendition: String
        var traits: VariantTraits
        var attributes: [String: String]
        var pixelWidth: Int
        var pixelHeight: Int
        var file: String?
        var notDecoded: String?
        var color: ColorJSON?
        var gradient: GradientJSON?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(asset, forKey: .asset)
            try container.encode(rendition, forKey: .rendition)
            try container.encode(traits, forKey: .traits)
            try container.encode(attributes, forKey: .attributes)
            try container.encode(pixelWidth, forKey: .pixelWidth)
            try container.encode(pixelHeight, forKey: .pixelHeight)
            try container.encode(file, forKey: .file)
            try container.encode(notDecoded, forKey: .notDecoded)
            try container.encodeIfPresent(color, forKey: .color)
            try container.encodeIfPresent(gradient, forKey: .gradient)
        }

        enum Keys: String, CodingKey { case asset, rendition, traits, attributes, pixelWidth, pixelHeight, file, notDecoded, color, gradient }
    }
}
