import Foundation
import Testing

@testable import AssetCatalog

/// `CARFile.renditionIndex(named:compatibleWith:)`: the same answer as ranking the facet's candidates with
/// `Resolver.explain`, and no retain of anything shared.
@Suite("Assets.car name lookups")
struct CARLookupTests {
    static let requests: [TraitCollection] =
        DevicePreset.all.map(\.traits) + [
            TraitCollection(), TraitCollection(displayScale: 1), TraitCollection(displayScale: 2, appearance: .dark),
            TraitCollection(displayScale: 3, appearance: .light),
        ]

    /// The answer the lookup must give, by the documented rules (the slow path).
    static func expected(_ file: CARFile, _ name: String, _ traits: TraitCollection) -> Int? {
        guard let facet = file.facets.first(where: { $0.name == name }) else { return nil }
        let candidates = facet.renditions.filter { CARFile.isLookupCandidate(file.renditions[$0]) }
        let explanation = Resolver().explain(candidates.map { file.traits(of: file.renditions[$0]) }, for: traits)
        return explanation.chosenIndex.map { candidates[$0] }
    }

    static func checkEveryFacet(_ file: CARFile) {
        for facet in file.facets {
            for traits in requests {
                let compiled = Resolver().compile(traits)
                #expect(file.renditionIndex(named: facet.name, compatibleWith: compiled) == expected(file, facet.name, traits), "\(facet.name) \(traits)")
            }
        }
    }

    @Test("answers like the resolver's rules on the sample file")
    func sample() throws {
        let file = try CARFile(bytes: CARSamples.small())
        Self.checkEveryFacet(file)
        #expect(file.renditionIndex(named: "Plain", compatibleWith: TraitCollection(displayScale: 1)).map { file.renditions[$0].name } == "plain.png")
        #expect(file.rendition(named: "Plain", compatibleWith: TraitCollection(displayScale: 2, appearance: .dark))?.name == "plain-dark@2x.png")
        #expect(file.rendition(named: "Tint", compatibleWith: TraitCollection())?.name == "tint")
        #expect(file.rendition(named: "Icon", compatibleWith: TraitCollection())?.name == "icon.png")  // not the multisize set
        #expect(file.renditionIndex(named: "plain", compatibleWith: TraitCollection()) == nil)
        #expect(file.renditionIndex(named: "", compatibleWith: TraitCollection()) == nil)
        #expect(file.renditionIndex(named: "Missing facet with a long name", compatibleWith: TraitCollection()) == nil)
    }

    @Test("answers like the resolver's rules on the real files", .enabled(if: FileManager.default.fileExists(atPath: SharedCARs.folder)))
    func realFiles() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: SharedCARs.folder).filter { $0.hasSuffix(".car") }.sorted()
        // The folder may gain cars: every car in it is checked, and the ones known here must list their facets.
        let knownFacetCounts = [
            "0xMisagi+heliport_icons/Assets.car": 15, "jo-tools+sudoku/Resources__Assets.car": 12,
        ]
        #expect(paths.count >= 6)
        for path in paths {
            let file = try CARFile(path: SharedCARs.folder + "/" + path)
            if let known = knownFacetCounts[path] { #expect(file.facets.count == known, "\(path)") }
            Self.checkEveryFacet(file)
        }
    }

    @Test("a lookup retains neither the file nor the name")
    func noSharedWritesUnderRetainHooks() throws {
        try #require(RetainCounter.isAvailable, "this Swift runtime has no retain hooks")
        let file = try CARFile(bytes: CARSamples.small())
        let name = "Plain"
        let requests = [TraitCollection(displayScale: 1), TraitCollection(displayScale: 2, appearance: .dark)].map {
            Resolver().compile($0)
        }
        var found = 0
        let retains = RetainCounter.count(of: [Unmanaged.passUnretained(file).toOpaque()]) {
            for request in requests {
                for _ in 0..<100 {
                    found &+= file.renditionIndex(named: name, compatibleWith: request) ?? -1000
                    found &+= file.renditionIndex(named: "Tint", compatibleWith: request) ?? -1000
                }
            }
        }
        #expect(found > 0)
        #expect(retains == 0, "\(retains) retains of the CARFile in 400 lookups")
    }
}
