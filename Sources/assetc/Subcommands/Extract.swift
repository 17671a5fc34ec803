import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc extract`: writes the variant an archive gives for some traits to a file.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the file a packed archive gives for an asset and a set of traits.",
        discussion: """
            Resolves the asset like `assetc resolve` and writes the chosen variant's bytes exactly as stored \
            (after checking their CRC), or with --png its decoded pixels re-encoded as a PNG (a PDF or SVG drawn \
            at the scale asked, else 1x). -o - writes to standard output.
            """)

    @Argument(help: ArgumentHelp("A packed archive or an Assets.car.", valueName: "archive"))
    var archive: String

    @Argument(help: "The asset's name (not with --all).")
    var name: String?

    @OptionGroup(title: "Symbols")
    var glyph: GlyphOptions

    @OptionGroup(title: "Traits")
    var traits: TraitOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("all"),
        help: ArgumentHelp(
            "Assets.car only: write every variant of every asset under this folder, with manifest.json.", valueName: "dir"))
    var allDirectory: String?

    func validate() throws {
        if allDirectory != nil {
            if name != nil || output != nil { throw ValidationError("--all takes no asset name and no --output") }
        } else if name == nil || output == nil {
            throw ValidationError("give an asset name and --output (or --all DIR for an Assets.car)")
        }
    }

    @Flag(help: "Decode the image and write its pixels as a new PNG (a PDF or SVG is drawn at the scale asked).")
    var png = false

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp(
            "With --png, refuse images with more pixels than this (default 256000000).",
            valueName: "n"))
    var maxPixels: Int = PNGCodec.defaultMaxPixels

    func run() throws {
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1") }
        let archive = try CARSource.expandingApplication(self.archive)
        try InputPaths.requireArchive(archive, command: "extract")
        if CARSource.isCAR(archive) {
            let file = try CARSource.open(archive)
            if let allDirectory {
                let result = try CARExtract.extractAll(file, path: archive, to: allDirectory)
                try Console.line(
                    "wrote \(result.written) files and manifest.json to \(allDirectory); \(result.notDecoded) not decoded (reasons in manifest.json)")
            } else if let name, let output {
                try CARExtract.extractOne(
                    file, path: archive, name: name, request: traits.traitCollection, resolver: traits.resolver, output: output, drawsVectors: png,
                    glyph: glyph)
            }
            return
        }
        guard allDirectory == nil else { throw CLIError("--all works on an Assets.car; \(archive) is not one") }
        if glyph.isGiven {
            throw CLIError("--glyph-weight and --glyph-size choose a compiled symbol's glyph in an Assets.car; \(archive) is not one")
        }
        guard let name, let output else { return }
        if !OutputFile.isStandardOutput(output) { try OutputFile.checkDestination(output) }
        let catalog: AssetArchive
        do {
            catalog = try AssetArchive(path: archive)
        } catch {
            throw CLIError("\(archive): \(error)")
        }
        let request = traits.traitCollection
        let bytes: [UInt8]
        let source: String
        do {
            switch catalog.kind(of: name) {
            case nil:
                throw AssetNameSuggestion.unknownAsset(name, in: archive, names: catalog.names)
            case .color:
                throw CLIError("'\(name)' is a color set, which has no file; use `assetc resolve`")
            case .data:
                guard let data = try catalog.data(named: name, compatibleWith: request, resolver: traits.resolver) else {
                    throw CLIError("no variant of '\(name)' matches \(request)")
                }
                if png { throw CLIError("'\(name)' is a data set; --png applies to images") }
                bytes = data.bytes
                source = try data.sourcePath
            case .imageStack, .brandAssets:
                throw CLIError("'\(name)' is a container (\(catalog.kind(of: name)?.rawValue ?? "")) with no file of its own; extract one of its parts (`assetc info` lists them)")
            case .image, .appIcon, .symbol, .icon:
                guard let image = try catalog.image(named: name, compatibleWith: request, resolver: traits.resolver) else {
                    throw CLIError("no variant of '\(name)' matches \(request)")
                }
                source = try image.sourcePath
                if png, let format = VectorRasterizer.Format(image.contentType) {
                    do {
                        bytes = try VectorRasterizer.png(of: image.bytes, format: format, scale: Double(request.displayScale?.value ?? 1))
                    } catch {
                        throw CLIError("\(name): \(source) cannot be drawn: \(error.message)")
                    }
                } else if png {
                    guard image.contentType == .png else {
                        throw CLIError("'\(name)' chose \(source), a \(image.contentType.rawValue) file; --png re-encodes PNGs and draws PDFs and SVGs only")
                    }
                    // Row by row: memory is a few rows and the output, not the decoded image.
                    bytes = try image.reencodeRGBA8(maxPixels: maxPixels)
                } else {
                    bytes = image.bytes
                }
            }
        } catch let error as ArchiveError {
            throw CLIError("\(archive): \(error)")
        } catch let error as PNGError {
            throw CLIError("\(name): \(error)")
        }
        try OutputFile.write(bytes: bytes, to: output)
        if OutputFile.isStandardOutput(output) { return }
        try Console.line("wrote \(output): \(source), \(bytes.count) bytes")
    }
}
