import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Archive packing")
struct ArchivePackTests {
    @Test("round trip: every variant's bytes and every preset's answer match the index")
    func roundTrip() throws {
        let fixture = try PackFixture()
        let (bytes, summary) = try Packer.testing().packToBytes(fixture.index)
        let archive = try AssetArchive(bytes: bytes)
        try archive.verify()
        #expect(archive.names == ["AppIcon", "Accent", "Badge", "Config", "Hero", "Icons/Copy", "Photo", "Vector"].sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        })
        #expect(summary.assetCount == 8)
        #expect(summary.skippedVariantCount == 2)  // the empty slot and the missing file
        #expect(summary.deduplicatedCount == 1)  // Icons/Copy equals Hero 2x
        #expect(summary.payloadCount == 14)
        #expect(summary.variantCount == 18)
        #expect(summary.bytesOut == bytes.count)
        #expect(summary.bytesIn == fixture.files.values.reduce(0) { $0 + $1.count })

        let resolver = Resolver()
        for asset in fixture.index.assets {
            let root = fixture.index.sources[asset.sourceIndex].path
            for preset in DevicePreset.all {
                if asset.kind == .color {
                    let expected = resolver.bestVariant(among: asset.colors.map(\.traits), for: preset.traits)
                    #expect(try archive.color(named: asset.name, compatibleWith: preset.traits) == expected.map { asset.colors[$0].value })
                    continue
                }
                let selectable = asset.selectableVariants
                let expected = resolver.bestVariant(among: selectable.map(\.traits), for: preset.traits)
                #expect(
                    try archive.bestVariantIndex(named: asset.name, compatibleWith: resolver.compile(preset.traits)) == expected,
                    "\(asset.name) on \(preset.name)")
                guard let expected else { continue }
                let variant = selectable[expected]
                let file = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + variant.source!)))
                if asset.kind == .data {
                    let found = try #require(try archive.data(named: asset.name, compatibleWith: preset.traits))
                    #expect(found.bytes == file)
                    #expect(try found.sourcePath == variant.source)
                } else {
                    let found = try #require(try archive.image(named: asset.name, compatibleWith: preset.traits))
                    #expect(found.bytes == file)
                    #expect(found.traits == variant.traits)
                    #expect(found.contentType == variant.contentType)
                    #expect(found.pixelWidth == variant.inspection?.pixelWidth)
                    #expect(try found.sourcePath == variant.source)
                    #expect(try found.attributes == variant.attributes)
                    if found.contentType == .png {
                        let decoded = try found.decodeRGBA8()
                        #expect(decoded == (try PNGCodec.decodeRGBA8(file)))
                    }
                }
            }
        }
        // Every variant's bytes come back, listed in source order.
        for asset in fixture.index.assets where asset.kind != .color {
            let listed = try #require(try archive.asset(named: asset.name))
            #expect(listed.variants.map(\.sourcePath) == asset.selectableVariants.map { $0.source! })
            for variant in listed.variants {
                let payload = try #require(variant.payload)
                let stored = try archive.withPayloadBytes(payload.index) { Array($0) }
                #expect(stored == fixture.files[variant.sourcePath])
            }
        }
    }

    @Test("the archive reads back as the same index (what info --json reports)")
    func indexFromArchive() throws {
        let fixture = try PackFixture()
        let archive = try AssetArchive(bytes: try Packer.testing().packToBytes(fixture.index).archive)
        let rebuilt = try CatalogIndex(archive: archive)
        #expect(rebuilt.sources == fixture.index.sources)
        let expected = fixture.index.assets.sorted { $0.name < $1.name }
        #expect(rebuilt.assets.map(\.name) == expected.map(\.name))
        for (got, want) in zip(rebuilt.assets, expected) {
            #expect(got.kind == want.kind)
            #expect(got.path == want.path)
            #expect(got.properties == want.properties)
            #expect(got.colors == want.colors)
            #expect(got.variants.map(\.traits) == want.selectableVariants.map(\.traits))
            #expect(got.variants.map(\.source) == want.selectableVariants.map(\.source))
            #expect(got.variants.map(\.attributes) == want.selectableVariants.map(\.attributes))
            #expect(got.variants.map(\.inspection?.pixelWidth) == want.selectableVariants.map(\.inspection?.pixelWidth))
        }
    }

    @Test("deterministic: shuffled assets and sources, any jobs count, file or memory, give identical bytes")
    func determinism() throws {
        let fixture = try PackFixture()
        let reference = try Packer.testing(jobs: 1).packToBytes(fixture.index).archive
        for (seed, jobs) in [(1, 2), (2, 4), (3, 8), (4, 1)] {
            let bytes = try Packer.testing(jobs: jobs).packToBytes(fixture.shuffled(seed: UInt64(seed))).archive
            #expect(bytes == reference, "seed \(seed), jobs \(jobs)")
        }
        let output = fixture.base + "/out.assetc"
        _ = try Packer.testing(jobs: 3, cache: .besideOutput).pack(fixture.shuffled(seed: 9), to: output)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == reference)
        // Different modification times change nothing.
        try fixture.touch(fixture.catalog, "Hero.imageset/hero@2x.png", secondsAgo: 5000)
        _ = try Packer.testing(jobs: 1, cache: .besideOutput).pack(fixture.index, to: output)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == reference)

        let optimized = try Packer.testing(jobs: 1, optimize: true).packToBytes(fixture.index).archive
        #expect(optimized != reference)
        #expect(try Packer.testing(jobs: 4, optimize: true).packToBytes(fixture.shuffled(seed: 5)).archive == optimized)
        // A memory ceiling smaller than any file's working set makes the jobs take turns; the bytes stay the same.
        #expect(try Packer.testing(jobs: 4, optimize: true, memoryLimit: 1).packToBytes(fixture.shuffled(seed: 7)).archive == optimized)
        _ = try Packer.testing(jobs: 2, optimize: true, cache: .besideOutput).pack(fixture.index, to: output)
        _ = try Packer.testing(jobs: 2, optimize: true, cache: .besideOutput).pack(fixture.shuffled(seed: 6), to: output + "2")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == optimized)
    }

    @Test("a repack with nothing changed leaves the archive alone; a change is picked up")
    func cache() throws {
        let fixture = try PackFixture()
        let output = fixture.base + "/out.assetc"
        let packer = Packer.testing(cache: .besideOutput)
        let first = try packer.pack(fixture.index, to: output)
        #expect(!first.upToDate)
        #expect(first.cachedFileCount == 0)
        #expect(FileManager.default.fileExists(atPath: fixture.base + "/.out.assetc.assetc-cache/index"))
        let before = try FileManager.default.attributesOfItem(atPath: output)
        let second = try packer.pack(fixture.index, to: output)
        #expect(second.upToDate)
        #expect(second.payloadCount == first.payloadCount)
        let after = try FileManager.default.attributesOfItem(atPath: output)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)

        // Touching a file: not up to date, but its results come from the cache (content hash).
        try fixture.touch(fixture.catalog, "Hero.imageset/hero@1x.png", secondsAgo: 100)
        let third = try packer.pack(fixture.index, to: output)
        #expect(!third.upToDate)
        #expect(third.cachedFileCount == first.payloadCount + first.deduplicatedCount)

        // Changing a file's content: repacked with the new bytes.
        let replacement = PackFixture.png(width: 8, height: 4, seed: 77)
        try fixture.write(fixture.catalog, "Hero.imageset/hero@1x.png", replacement)
        _ = try packer.pack(fixture.index, to: output)
        let archive = try AssetArchive(path: output)
        #expect(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 1))?.bytes == replacement)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == (try Packer.testing().packToBytes(fixture.index).archive))

        // A damaged cache is ignored: a damaged entry list alone does not matter to the up-to-date check
        // (it reads only the output record); a damaged record means a full repack.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: fixture.base + "/.out.assetc.assetc-cache/index"))
        #expect(try packer.pack(fixture.index, to: output).upToDate)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: fixture.base + "/.out.assetc.assetc-cache/output"))
        #expect(try !packer.pack(fixture.index, to: output).upToDate)
        #expect(try packer.pack(fixture.index, to: output).upToDate)
        // The archive was replaced behind the cache's back: repacked.
        try Data("x".utf8).write(to: URL(fileURLWithPath: output))
        #expect(try !packer.pack(fixture.index, to: output).upToDate)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == (try Packer.testing().packToBytes(fixture.index).archive))
    }

    @Test("optimize shrinks PNGs losslessly and the cache keeps the optimised bytes")
    func optimize() throws {
        let fixture = try PackFixture()
        let plain = try Packer.testing().packToBytes(fixture.index)
        let output = fixture.base + "/opt.assetc"
        let packer = Packer.testing(optimize: true, cache: .besideOutput)
        let summary = try packer.pack(fixture.index, to: output)
        #expect(summary.optimizedSavings > 0)
        #expect(summary.bytesOut < plain.summary.bytesOut)
        let archive = try AssetArchive(path: output)
        try archive.verify()
        for asset in fixture.index.assets where asset.kind == .image || asset.kind == .appIcon {
            let root = fixture.index.sources[asset.sourceIndex].path
            for preset in DevicePreset.all {
                guard let image = try archive.image(named: asset.name, compatibleWith: preset.traits),
                    image.contentType == .png
                else { continue }
                let original = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + (try image.sourcePath))))
                #expect(image.isOptimized)
                #expect(try image.decodeRGBA8() == PNGCodec.decodeRGBA8(original))
                #expect(image.byteCount < original.count)
            }
        }
        let cacheFiles = files(in: fixture.base + "/.opt.assetc.assetc-cache", prefix: "o-")
        #expect(!cacheFiles.isEmpty)
        // Re-optimising is skipped for touched files (content hash) and the result is identical.
        let reference = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
        for relative in fixture.files.keys where relative.hasSuffix(".png") && fixture.files[relative] != nil {
            let root = relative.hasPrefix("Badge") ? fixture.folder : fixture.catalog
            try fixture.touch(root, relative, secondsAgo: 50)
        }
        let again = try packer.pack(fixture.index, to: output)
        #expect(again.cachedFileCount == summary.payloadCount + summary.deduplicatedCount)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == reference)
    }

    @Test("a name in two inputs is an error naming both paths; allowed, the first by path is packed and said so")
    func duplicateNames() throws {
        let fixture = try PackFixture()
        var index = fixture.index
        var twin = index.assets.first { $0.name == "Hero" }!
        twin.sourceIndex = 1
        twin.path = "Hero.png"
        index.assets.append(twin)
        #expect {
            try Packer.testing().packToBytes(index)
        } throws: { error in
            guard case .duplicateNames(let duplicates) = error as? PackError else { return false }
            return duplicates.count == 1 && duplicates[0].name == "Hero"
                && Set(duplicates[0].paths) == [fixture.catalog + "/Hero.imageset", fixture.folder + "/Hero.png"]
        }
        let (bytes, summary) = try Packer.testing(allowErrors: true).packToBytes(index)
        let kept = [fixture.catalog + "/Hero.imageset", fixture.folder + "/Hero.png"].min()!
        #expect(summary.problems.count == 1)
        #expect(summary.problems.first?.rule == "duplicate-name")
        #expect(summary.problems.first?.message.contains("only the first (\(kept)) is packed") == true)
        #expect(try AssetArchive(bytes: bytes).names.filter { $0 == "Hero" }.count == 1)
    }

    @Test("every error of a run is reported at once: duplicates, input errors and damaged files together")
    func everyErrorAtOnce() throws {
        let fixture = try PackFixture()
        var png = fixture.files["Hero.imageset/hero@3x.png"]!
        png[png.count / 2] ^= 0xFF
        try Data(png).write(to: URL(fileURLWithPath: fixture.catalog + "/Hero.imageset/hero@3x.png"))
        var index = fixture.index
        var twin = index.assets.first { $0.name == "Hero" }!
        twin.sourceIndex = 1
        twin.path = "Hero.png"
        index.assets.append(twin)
        index.diagnostics.append(
            Diagnostic(severity: .error, rule: "missing-file", catalog: fixture.catalog, path: "Hero.imageset/gone.png", message: "missing"))
        #expect {
            try Packer.testing().packToBytes(index)
        } throws: { error in
            guard case .several(let errors) = error as? PackError, errors.count == 3 else { return false }
            guard case .duplicateNames = errors[0], case .inputErrors = errors[1], case .damagedFiles = errors[2] else { return false }
            return true
        }
    }

    @Test("input errors stop the pack unless allowed")
    func inputErrors() throws {
        let fixture = try PackFixture()
        var index = fixture.index
        index.diagnostics.append(
            Diagnostic(severity: .error, rule: "missing-file", catalog: fixture.catalog, path: "Hero.imageset/gone.png", message: "missing"))
        #expect {
            try Packer.testing().packToBytes(index)
        } throws: { error in
            if case .inputErrors(let diagnostics) = error as? PackError { return diagnostics.count == 1 }
            return false
        }
        let (bytes, summary) = try Packer.testing(allowErrors: true).packToBytes(index)
        #expect(summary.problems.count == 1)
        #expect(try AssetArchive(bytes: bytes).names.count == 8)
    }

    @Test("damaged and oversized PNGs found while packing stop it unless allowed")
    func damagedFiles() throws {
        let fixture = try PackFixture()
        var png = fixture.files["Hero.imageset/hero@3x.png"]!
        png[png.count / 2] ^= 0xFF  // inside IDAT: its CRC no longer matches
        try Data(png).write(to: URL(fileURLWithPath: fixture.catalog + "/Hero.imageset/hero@3x.png"))
        #expect {
            try Packer.testing().packToBytes(fixture.index)
        } throws: { error in
            guard case .damagedFiles(let problems) = error as? PackError else { return false }
            return problems.count == 1 && problems[0].path == "Hero.imageset/hero@3x.png" && problems[0].rule == "corrupt-image"
        }
        let (bytes, summary) = try Packer.testing(allowErrors: true).packToBytes(fixture.index)
        #expect(summary.skippedVariantCount == 3)
        let archive = try AssetArchive(bytes: bytes)
        #expect(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 3))?.scale == 2)

        var options = PackOptions(jobs: 1, maxPixels: 100, cache: .disabled, allowErrors: true, handleSignals: false)
        let limited = try Packer(options: options).packToBytes(fixture.index)
        #expect(limited.summary.problems.contains { $0.rule == "image-too-large" })
        options.allowErrors = false
        #expect(throws: PackError.self) { try Packer(options: options).packToBytes(fixture.index) }
    }

    @Test("a pack that fails leaves no output, no temporary file, and an existing archive untouched")
    func atomicity() throws {
        let fixture = try PackFixture()
        let output = fixture.base + "/out.assetc"
        let existing = Array("previous archive".utf8)
        try Data(existing).write(to: URL(fileURLWithPath: output))

        // A file removed between indexing and packing.
        try FileManager.default.removeItem(atPath: fixture.catalog + "/Photo.imageset/photo.jpg")
        #expect(throws: PackError.self) { try Packer.testing(cache: .besideOutput).pack(fixture.index, to: output) }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == existing)
        #expect(files(in: fixture.base, prefix: ".out.assetc.tmp-").isEmpty)

        let fresh = fixture.base + "/fresh.assetc"
        #expect(throws: PackError.self) { try Packer.testing().pack(fixture.index, to: fresh) }
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(files(in: fixture.base, prefix: ".fresh.assetc.tmp-").isEmpty)

        // An unwritable destination.
        #expect {
            try Packer.testing(allowErrors: true).pack(fixture.index, to: fixture.base + "/no/such/folder/out.assetc")
        } throws: { error in
            if case .cannotWrite = error as? PackError { return true }
            return false
        }
        // The output path is a folder: the rename fails, the temporary file goes.
        let folder = fixture.base + "/folder.assetc"
        try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
        #expect(throws: PackError.self) { try Packer.testing(allowErrors: true).pack(fixture.index, to: folder) }
        #expect(files(in: fixture.base, prefix: ".folder.assetc.tmp-").isEmpty)

        // And with the file back, the pack succeeds and replaces the old archive.
        let succeeded = try Packer.testing(allowErrors: true).pack(fixture.index, to: output)
        #expect(succeeded.skippedVariantCount == 3)
        #expect(try AssetArchive(path: output).contains("Hero"))
    }
}
