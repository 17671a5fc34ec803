import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc generate`: source code from a catalog.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate source code from a catalog (typed accessors).",
        subcommands: [GenerateSwift.self])
}

/// `assetc generate swift`: typed accessors for a catalog's assets.
struct GenerateSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write typed Swift accessors for every image, colour and data set.",
        discussion: """
            Writes one Swift file that extends ImageName, ColorName and DataName (from the AssetCatalog library) \
            with a member per asset and a nested type per namespace folder, so that \
            `archive.image(.onboarding.hero, compatibleWith: traits)` type-checks. Names become identifiers by \
            the rules in docs/CODEGEN.md; every name that needed a fix (a digit first, a keyword, a collision) \
            is reported as a warning. The same inputs always give the same file.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, an archive written by 'assetc pack', or an Assets.car.", valueName: "catalog-or-archive"))
    var inputs: [String]

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The Swift file to write (- for standard output).", valueName: "file"))
    var output: String

    @Option(name: .customLong("access-level"), help: ArgumentHelp("public or internal.", valueName: "level"), completion: .list(["public", "internal"]))
    var accessLevel: String = "internal"

    @Option(help: ArgumentHelp("Also write an enum of this name holding every asset, folder by folder (Assets.Onboarding.hero).", valueName: "name"))
    var namespace: String?

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    func validate() throws {
        guard ["public", "internal"].contains(accessLevel) else {
            throw ValidationError("--access-level takes public or internal, not '\(accessLevel)'")
        }
        if let namespace {
            let valid = namespace.first.map { $0.isLetter || $0 == "_" } == true
                && namespace.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !SwiftIdentifier.escaped(namespace).hasPrefix("`")
            guard valid else { throw ValidationError("--namespace must be a Swift type name, not '\(namespace)'") }
        }
    }

    func run() throws {
        var assets: [GeneratedAsset] = []
        var names = Set<String>()
        let declaredInputs = try declared.load()
        for input in inputs {
            for asset in try Self.assets(in: input, declaredInputs: declaredInputs) where names.insert(asset.name).inserted { assets.append(asset) }
        }
        let sources = inputs.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        let generator = SwiftAccessorGenerator(accessLevel: accessLevel, namespace: namespace, sourceDescription: sources)
        let generated = generator.generate(assets)
        for diagnostic in generated.diagnostics { Console.error("warning: \(diagnostic)") }
        try OutputFile.write(generated.source, to: output)
    }

    /// A variant for the DocC comment: its traits, and an app icon's size in points.
    static func describe(_ traits: VariantTraits, _ attributes: [String: String]) -> String {
        (attributes["size"].map { "\($0) pt, " } ?? "") + traits.description
    }

    /// The assets of one input, with their variants described.
    static func assets(in given: String, declaredInputs: DeclaredInputs?) throws -> [GeneratedAsset] {
        let path = try CARSource.expandingApplication(given)
        if try InputPaths.requireExisting([path]) == [.file] && !CARSource.isCAR(path) {
            let archive: AssetArchive
            do {
                archive = try AssetArchive(path: path)
                return try archive.assets().map { asset in
                    GeneratedAsset(name: asset.name, kind: asset.kind, variants: asset.variants.map { describe($0.traits, $0.attributes) })
                }
            } catch {
                throw CLIError("\(path): not a usable assetc archive: \(error)")
            }
        }
        guard let index = try CatalogLoader.load(path, declaredInputs: declaredInputs) as? CatalogIndex else { return [] }
        return index.assets.map { asset in
            let variants =
                asset.kind == .color
                ? asset.colors.map { $0.traits.description }
                : asset.variants.filter { $0.source != nil }.map { describe($0.traits, $0.attributes) }
            return GeneratedAsset(name: asset.name, kind: asset.kind, variants: variants)
        }
    }
}
