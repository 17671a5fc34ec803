import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// What a user of `assetc compile` checks on real catalogs: every catalog of the sample folder and of the
/// three real apps in `../shared/corpora` (skipped where that folder is absent) compiles, assetc's reader
/// reads and decodes the car, resolving on the car gives the source catalog's answer for every asset and
/// every device preset, and every PNG comes back pixel-exact (premultiplied, as CoreUI stores it).
@Suite("Compiling real catalogs: read back, resolve and pixels")
struct CompiledCorpusRoundTripTests {
    /// The catalogs to compile, with the platform each belongs to (the Mac app's catalog for macOS).
    static var catalogs: [(path: String, platform: CompilePlatform)] {
        var found: [(String, CompilePlatform)] = [
            (CARCompilerTests.samples.appendingPathComponent("Showcase.xcassets").path, .iphoneos),
            (CARCompilerTests.samples.appendingPathComponent("PlainAssets").path, .iphoneos),
        ]
        if let corpora = AuditCorpusTests.corpora {
            for catalog in AuditCorpusTests.catalogs(under: corpora) {
                found.append((catalog, catalog.contains("/Mac/") ? .macosx : .iphoneos))
            }
        }
        return found
    }

    @Test func everyCatalogRoundTrips() throws {
        var totals = (catalogs: 0, renditions: 0, resolved: 0, pixels: 0)
        for (path, platform) in Self.catalogs {
            let index = CatalogReader().read([path])
            guard index.diagnostics.allSatisfy({ $0.severity != .error }) else {
                Issue.record("\(path) has input errors; the corpus is expected to be clean")
                continue
            }
            let options = CompileOptions(
                platform: platform, minimumDeploymentTarget: "17.0", targetDevices: [], appIcon: nil, jobs: nil, toolVersion: "test")
            let compiled = try CARCompiler(options: options).compile(index)
            let car = try CARFile(bytes: compiled.car)
            #expect(car.renditions.count == compiled.renditionCount, "\(path)")
            totals.catalogs += 1
            totals.renditions += car.renditions.count
            totals.resolved += try Self.resolvesAlike(index, car, platform: platform, catalog: path)
            totals.pixels += try Self.pixelsAlike(index, car, platform: platform, catalog: path)
        }
        #expect(totals.catalogs >= 2)
        #expect(totals.resolved > 0 && totals.pixels > 0)
        print("compiled \(totals.catalogs) catalogs, \(totals.renditions) renditions: \(totals.resolved) asset × preset answers and \(totals.pixels) PNGs compared")
    }

    @Test func aThinnedCarAnswersAsTheSourceForThePresetsItTargets() throws {
        var compared = 0
        for (path, platform) in Self.catalogs where platform == .iphoneos {
            let index = CatalogReader().read([path])
            guard index.diagnostics.allSatisfy({ $0.severity != .error }) else { continue }
            let options = CompileOptions(
                platform: platform, minimumDeploymentTarget: "17.0", targetDevices: [.phone], appIcon: nil, jobs: nil, toolVersion: "test")
            let car = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
            compared += try Self.resolvesAlike(index, car, platform: platform, catalog: path, presets: DevicePreset.all.filter { $0.traits.idiom == .phone })
        }
        #expect(compared > 0)
    }

    /// For every image and data asset and every device preset, the variant the resolver picks among the
    /// source's selectable variants (those the platform can use) equals the one it picks among the car's.
    /// Returns the number of comparisons.
    static func resolvesAlike(
        _ index: CatalogIndex, _ car: CARFile, platform: CompilePlatform, catalog: String, presets: [DevicePreset] = DevicePreset.all
    ) throws -> Int {
        let readBack = CatalogIndex(car: car, path: "Assets.car")
        let resolver = Resolver()
        var compared = 0
        for asset in index.assets where asset.kind == .image || asset.kind == .data {
            let sourceTraits = asset.selectableVariants
                .filter { $0.traits.idiom == nil || platform.idioms.contains($0.traits.idiom!) }
                .flatMap { variant in Self.asCompiled(variant, asset, platform: platform) }
                .map { CARCompilerTests.asStored($0, platform: platform) }
            guard !sourceTraits.isEmpty else { continue }
            let compiledTraits = (readBack.asset(named: asset.name)?.variants ?? []).map(\.traits)
            for preset in presets {
                let fromSource = resolver.bestVariant(among: sourceTraits, for: preset.traits).map { sourceTraits[$0] }
                let fromCar = resolver.bestVariant(among: compiledTraits, for: preset.traits).map { compiledTraits[$0] }
                #expect(fromSource == fromCar, "\(catalog): \(asset.name) on \(preset.name)")
                compared += 1
            }
        }
        return compared
    }

    /// The traits a source entry is compiled to: a vector image entry without a scale is drawn at every scale
    /// of its idiom (and kept as a vector only when the set preserves it); any other entry as it is.
    static func asCompiled(_ variant: Variant, _ asset: Asset, platform: CompilePlatform) -> [VariantTraits] {
        guard asset.kind == .image, variant.contentType?.isVector == true else { return [variant.traits] }
        var result: [VariantTraits] = []
        let scales = variant.traits.displayScale.map { [$0.value] } ?? CARCompiler.vectorScales(variant.traits.idiom, platform: platform)
        for scale in scales {
            var traits = variant.traits
            traits.displayScale = DisplayScale(scale)
            result.append(traits)
        }
        if asset.properties.preservesVectorRepresentation == true && variant.traits.displayScale == nil { result.append(variant.traits) }
        return result
    }

    /// Every PNG of every image set (of the platform's idioms) has a rendition of the same file name whose
    /// decoded pixels equal the source's, premultiplied. Returns the number of PNGs compared.
    static func pixelsAlike(_ index: CatalogIndex, _ car: CARFile, platform: CompilePlatform, catalog: String) throws -> Int {
        let decoder = CARDecoder(file: car)
        var compared = 0
        for asset in index.assets where asset.kind == .image {
            guard let facet = car.facets.first(where: { $0.name == asset.name }) else {
                Issue.record("\(catalog): no facet for \(asset.name)")
                continue
            }
            let root = index.sources[asset.sourceIndex].path
            for variant in asset.selectableVariants where variant.contentType == .png {
                guard let source = variant.source, variant.traits.idiom == nil || platform.idioms.contains(variant.traits.idiom!)
                else { continue }
                let fileName = String(source.split(separator: "/").last!)
                let stored = CARCompilerTests.asStored(variant.traits, platform: platform)
                let candidates = facet.renditions.filter {
                    car.renditions[$0].name == fileName && car.traits(of: car.renditions[$0]).withoutDirection == stored.withoutDirection
                }
                guard let rendition = candidates.first else {
                    Issue.record("\(catalog): \(asset.name) has no rendition for \(fileName) (\(variant.traits))")
                    continue
                }
                let expected = try PNGCodec.decodeRGBA8([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + source))), premultiplied: true)
                guard case .image(let image) = try decoder.decode(rendition) else {
                    Issue.record("\(catalog): \(fileName) did not decode to an image")
                    continue
                }
                #expect(image.width == expected.width && image.height == expected.height, "\(catalog): \(fileName)")
                #expect(image.pixels == expected.pixels, "\(catalog): \(fileName): pixels differ")
                compared += 1
            }
        }
        return compared
    }
}

extension VariantTraits {
    /// The traits without the layout direction, which the car stores as a key of its own (compared by the
    /// resolve check above).
    fileprivate var withoutDirection: VariantTraits {
        var traits = self
        traits.layoutDirection = nil
        return traits
    }
}
