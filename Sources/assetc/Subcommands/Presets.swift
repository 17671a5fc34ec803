import ArgumentParser
import AssetCatalog
import Foundation

/// `assetc presets`: lists the built-in device presets and their traits.
struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in device presets and the traits each one stands for.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        if json {
            let entries = DevicePreset.all.map { PresetJSON(name: $0.name, summary: $0.summary, traits: $0.traits) }
            try Console.line(try JSONOutput.string(entries))
            return
        }
        let rows = DevicePreset.all.map { preset -> [String] in
            let traits = preset.traits
            return [
                preset.name, traits.idiom?.token ?? "", traits.displayScale?.description ?? "",
                traits.displayGamut?.token ?? "", traits.sizeClasses.description, traits.appearance?.token ?? "",
                traits.contrast?.token ?? "", traits.layoutDirection?.token ?? "", preset.summary,
            ]
        }
        let header = ["preset", "idiom", "scale", "gamut", "size classes", "appearance", "contrast", "direction", "device"]
        try Console.line(TextTable(header: header, rows: rows).rendered)
    }
}

private struct PresetJSON: Encodable {
    let name: String
    let summary: String
    let traits: TraitCollection
}
