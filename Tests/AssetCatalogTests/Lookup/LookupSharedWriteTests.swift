import Testing

@testable import AssetCatalog

/// Lookups write nothing shared by threads (issue 16): no retain of the archive object (in any build) nor,
/// in optimized builds (`swift test -c release`), of the caller's name string. Counted through the
/// runtime's retain hooks, so nothing is timed. `ArchiveBenchmark` counts the same in the release build.
@Suite("Lookups write nothing shared")
struct LookupSharedWriteTests {
    /// Names longer than 15 UTF-8 bytes, so each is a heap string whose storage could be retained.
    static let imageName = "Images/Onboarding/hero-banner-large"
    static let dataName = "Configuration/feature-flags-production"
    static let colorName = "Palette/brand-accent-background"
    static let systemColorName = "Palette/system-label-reference"

    static func archive() throws -> AssetArchive {
        let image = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let image2x = (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 11) }
        let data = Array("{\"flags\": true}".utf8)
        var blueprint = ArchiveBlueprint(sources: [.init(path: "App.xcassets", kind: "xcassets")])
        blueprint.payloads = [
            .init(offset: 0, length: 0, crc: 0, pixelWidth: 10, pixelHeight: 10, contentType: .png),
            .init(offset: 0, length: 0, crc: 0, pixelWidth: 20, pixelHeight: 20, contentType: .png),
            .init(offset: 0, length: 0, crc: 0, contentType: .unknown),
        ]
        blueprint.colors = [
            .components(ColorComponents(colorSpace: "srgb", red: 0.1, green: 0.2, blue: 0.3, alpha: 1)),
            .components(ColorComponents(colorSpace: "display-p3", red: 0.4, green: 0.5, blue: 0.6, alpha: 1)),
            .systemReference(name: "labelColor"),
        ]
        // Assets in name byte order, as the encoder requires.
        blueprint.assets = [
            .init(
                name: dataName, kind: .data, sourceIndex: 0, path: "\(dataName).dataset",
                variants: [.init(traits: PackedVariantTraits(VariantTraits()), target: 2)]),
            .init(
                name: imageName, kind: .image, sourceIndex: 0, path: "\(imageName).imageset",
                variants: [
                    .init(traits: PackedVariantTraits(VariantTraits(displayScale: 1)), target: 0),
                    .init(traits: PackedVariantTraits(VariantTraits(displayScale: 2)), target: 1),
                ]),
            .init(
                name: colorName, kind: .color, sourceIndex: 0, path: "\(colorName).colorset",
                variants: [
                    .init(traits: PackedVariantTraits(VariantTraits()), target: 0),
                    .init(traits: PackedVariantTraits(VariantTraits(appearance: .dark)), target: 1),
                ]),
            .init(
                name: systemColorName, kind: .color, sourceIndex: 0, path: "\(systemColorName).colorset",
                variants: [.init(traits: PackedVariantTraits(VariantTraits()), target: 2)]),
        ]
        return try AssetArchive(bytes: try ArchiveEncoder.encode(blueprint, payloadBytes: [image, image2x, data]))
    }

    /// The heap object behind a native string of more than 15 bytes.
    static func storage(of string: String) -> UnsafeMutableRawPointer {
        let object = unsafeBitCast(string, to: (UInt64, UInt64).self).1 & 0x0FFF_FFFF_FFFF_FFFF
        return UnsafeMutableRawPointer(bitPattern: UInt(object))!
    }

    @Test("image, data and colour lookups do not retain the archive")
    func archiveLookupsUnderRetainHooks() throws {
        try #require(RetainCounter.isAvailable, "this Swift runtime has no retain hooks")
        let archive = try Self.archive()
        try archive.verify()
        // Heap copies of the names, as a caller that read them from somewhere would have.
        let names = [Self.imageName, Self.dataName, Self.colorName, Self.systemColorName].map {
            String(decoding: Array($0.utf8), as: UTF8.self)
        }
        let requests = [TraitCollection(displayScale: 1), TraitCollection(displayScale: 2, appearance: .dark)].map {
            Resolver().compile($0)
        }
        var objects = [Unmanaged.passUnretained(archive).toOpaque()]
        #if !DEBUG
            // An unoptimized build retains a string to make its UTF-8 view; an optimized one reads it in place.
            objects += names.map(Self.storage(of:))
        #endif
        var found = 0
        let retains = try RetainCounter.count(of: objects) {
            for request in requests {
                for _ in 0..<100 {
                    if let image = try archive.image(named: names[0], compatibleWith: request) { found &+= image.byteCount }
                    if let data = try archive.data(named: names[1], compatibleWith: request) { found &+= data.byteCount }
                    if try archive.color(named: names[2], compatibleWith: request) != nil { found &+= 1 }
                    if try archive.color(named: names[3], compatibleWith: request) != nil { found &+= 1 }
                }
            }
        }
        #expect(found == 100 * (300 + 15 + 2) + 100 * (500 + 15 + 2))
        #expect(retains == 0, "\(retains) retains of shared objects in 800 lookups")
    }

    @Test("the counter sees a retain of the archive when a value keeps it")
    func counterWorksUnderRetainHooks() throws {
        try #require(RetainCounter.isAvailable, "this Swift runtime has no retain hooks")
        let archive = try Self.archive()
        var kept: [AssetArchive] = []
        let retains = RetainCounter.count(of: [Unmanaged.passUnretained(archive).toOpaque()]) {
            for _ in 0..<10 { kept.append(archive) }
        }
        #expect(kept.count == 10)
        #expect(retains >= 10)
    }
}

/// What the lookup overloads that take traits copy on every call holds no reference, so copying it writes
/// nothing shared (before, every `Resolver()` copied the default order's array and retained its storage).
@Suite("Lookup inputs are plain data")
struct LookupInputTests {
    @Test("fallback orders, compiled requests and trait collections are plain data")
    func plainData() throws {
        #expect(_isPOD(FallbackOrder.self))
        #expect(_isPOD(CompiledRequest.self))
        #expect(_isPOD(TraitCollection.self))
        #expect(_isPOD(PackedVariantTraits.self))
    }

    @Test("the packed fallback order keeps every order")
    func orderRoundTrip() throws {
        #expect(FallbackOrder.default.dimensions == TraitDimension.allCases)
        for dimension in TraitDimension.allCases {
            let order = try FallbackOrder([dimension])
            #expect(order.dimensions.first == dimension)
            #expect(Set(order.dimensions) == Set(TraitDimension.allCases))
            #expect(order.dimensions.count == TraitDimension.allCases.count)
            #expect(try FallbackOrder(parsing: order.description) == order)
        }
        #expect(try FallbackOrder([.scale, .locale]) != FallbackOrder.default)
    }

    @Test("a lookup through the traits overload does not retain the archive")
    func traitsOverloadUnderRetainHooks() throws {
        try #require(RetainCounter.isAvailable, "this Swift runtime has no retain hooks")
        let archive = try LookupSharedWriteTests.archive()
        try archive.verify()
        let traits = TraitCollection(displayScale: 2)
        var found = 0
        let retains = try RetainCounter.count(of: [Unmanaged.passUnretained(archive).toOpaque()]) {
            for _ in 0..<100 {
                found &+= try archive.image(named: LookupSharedWriteTests.imageName, compatibleWith: traits)?.byteCount ?? 0
            }
        }
        #expect(found == 100 * 500)
        #expect(retains == 0)
    }
}
