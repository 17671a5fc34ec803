import AssetCatalog
import Foundation

extension CARCompiler {
    // MARK: Image stacks

    /// The layered image rendition of `stack` and one flattened-image job per scale its layers all have.
    func stackJobs(
        _ stack: Asset, facet: Int, root: String, assets: [Asset], facets: [String: Int], identifiers: [UInt16],
        keep: (VariantTraits, [String: String]) -> Bool, notices: inout [String]
    ) -> (layered: CompiledRendition?, jobs: [Job]) {
        // Back to front, as the layered image lists them (`layers` in Contents.json is front to back).
        var layers: [(name: String, facet: Int, variants: [Variant])] = []
        for member in stack.members.reversed() {
            guard let facet = facets[member.name] else {
                notices.append("\(stack.name): layer \(MessageQuote.quoted(member.name)) has no image set; the stack is left out")
                return (nil, [])
            }
            let variants = assets[facet].variants.filter { $0.source != nil && $0.contentType == .png && keep($0.traits, $0.attributes) }
            layers.append((member.name, facet, variants))
        }
        guard !layers.isEmpty, layers.contains(where: { !$0.variants.isEmpty }) else { return (nil, []) }
        var references: [ImageStackRenditions.LayerReference] = []
        for layer in layers {
            // The layer's size in points, from its lowest-scale PNG.
            let sized = layer.variants.compactMap { variant -> (Int, Int, Int)? in
                // A PNG the reader left unopened is inspected here for its size (stacks are few and small).
                let inspection = variant.inspectionDeferred
                    ? variant.source.map { Self.deferredInspector.examine(path: root + "/" + $0, noFollow: true).inspection }
                    : variant.inspection
                guard let width = inspection?.pixelWidth, let height = inspection?.pixelHeight else { return nil }
                return (variant.traits.displayScale?.value ?? 1, width, height)
            }.min { $0.0 < $1.0 }
            let scale = max(sized?.0 ?? 1, 1)
            references.append(.init(identifier: identifiers[layer.facet], width: (sized?.1 ?? 0) / scale, height: (sized?.2 ?? 0) / scale))
        }
        var key = Self.baseKey(identifier: identifiers[facet], part: Self.imagePart)
        key[.scale] = 1
        let layered = CompiledRendition(key: key, value: ImageStackRenditions.layeredImage(name: "Contents.json", layers: references))

        var jobs: [Job] = []
        let scales = Set(layers.flatMap { $0.variants.map { $0.traits.displayScale?.value ?? 1 } }).sorted()
        for scale in scales {
            var files: [String] = []
            var traits: VariantTraits?
            for layer in layers {
                guard let variant = layer.variants.first(where: { ($0.traits.displayScale?.value ?? 1) == scale }), let source = variant.source else {
                    notices.append("\(stack.name): layer \(MessageQuote.quoted(layer.name)) has no \(scale)x image; the stack has no flattened image at \(scale)x")
                    files = []
                    break
                }
                files.append(root + "/" + source)
                traits = traits ?? variant.traits
            }
            guard !files.isEmpty, let traits else { continue }
            jobs.append(
                Job(facet: facet, assetName: stack.name, kind: .imageStack, source: nil, fileName: ImageStackRenditions.flattenedName(scale: scale),
                    contentType: .png, traits: traits, attributes: [:], properties: stack.properties, color: nil, iconSizeIndex: 0,
                    layerFiles: files))
        }
        return (layered, jobs)
    }
}
