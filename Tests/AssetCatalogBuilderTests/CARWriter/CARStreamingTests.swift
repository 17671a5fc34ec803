import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `compile(_:toFile:)` streams the renditions to disk as they are made; what it writes must be what the
/// in-memory compile makes, replace an existing output atomically, and leave nothing behind on failure.
@Suite("Compiling to a file")
struct CARStreamingTests {
    private static func scratchFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "assetc-stream-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func compiler(jobs: Int? = nil) -> CARCompiler {
        CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon", jobs: jobs, toolVersion: "test"))
    }

    private static let showcase = CARCompilerTests.samples.appendingPathComponent("Showcase.xcassets").path

    @Test func theFileIsTheInMemoryCarForAnyThreadCount() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = CatalogReader().read([Self.showcase])
        let inMemory = try Self.compiler(jobs: 1).compile(index)
        for jobs in [1, 2, 5] {
            let path = folder + "/Assets-\(jobs).car"
            let summary = try Self.compiler(jobs: jobs).compile(index, toFile: path)
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written == inMemory.car, "jobs \(jobs)")
            #expect(summary.byteCount == written.count)
            #expect(summary.renditionCount == inMemory.renditionCount)
            #expect(summary.facetCount == inMemory.facetCount)
            #expect(summary.notices == inMemory.notices)
        }
        // Nothing but the outputs: no temporary file left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Assets-1.car", "Assets-2.car", "Assets-5.car"])
        // Every rendition value sits on a 16-byte boundary, as the BOM's other blocks do.
        let car = try CARFile(bytes: inMemory.car)
        #expect(car.renditions.allSatisfy { $0.offset % 16 == 0 })
    }

    @Test func anExistingOutputIsReplacedWholeAndALinkIsNotFollowed() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = CatalogReader().read([Self.showcase])
        let expected = try Self.compiler().compile(index).car
        let path = folder + "/Assets.car"
        try Data(repeating: 7, count: 5_000_000).write(to: URL(fileURLWithPath: path))
        _ = try Self.compiler().compile(index, toFile: path)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)

        // A link where the car goes is replaced by the car; what it pointed at is left alone.
        let target = folder + "/elsewhere.bin"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        let linked = folder + "/Linked.car"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: target)
        _ = try Self.compiler().compile(index, toFile: linked)
        #expect(try FileManager.default.destinationOfSymbolicLinkSafe(linked) == nil)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: linked))) == expected)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Assets.car", "Linked.car", "elsewhere.bin"])
    }

    @Test func aFolderWhereTheCarGoesIsAnErrorAndIsLeftAlone() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = CatalogReader().read([Self.showcase])
        let path = folder + "/Assets.car"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: CARCompileError.self) { _ = try Self.compiler().compile(index, toFile: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Assets.car"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])

        do {
            _ = try Self.compiler().compile(index, toFile: folder + "/missing/Assets.car")
            Issue.record("a car in a missing folder was written")
        } catch {
            guard case .cannotWrite(let failedPath, let reason) = error else { throw error }
            #expect(failedPath.hasSuffix("missing/Assets.car"))
            #expect(!reason.isEmpty)
        }
    }

    /// Values placed in the file before the rest is laid out are found through the tree like any block.
    @Test func placedBlocksReadBackThroughTheTree() throws {
        let values: [[UInt8]] = (0..<300).map { number in [UInt8](repeating: UInt8(number % 251), count: 1 + number % 40) }
        var file = [UInt8](repeating: 0, count: BOMWriter.headerSize)
        var entries: [(key: [UInt8], value: BOMWriter.Block)] = []
        for (number, value) in values.enumerated() {
            entries.append((key: [UInt8(number >> 8), UInt8(number & 0xFF)], value: .placed(address: file.count, length: value.count)))
            file += value
            file += [UInt8](repeating: 0, count: (16 - file.count % 16) % 16)
        }
        var writer = BOMWriter()
        writer.setVariable("TREE", writer.addTree(entries))
        let layout = try writer.layout(blocksStart: file.count)
        let from = file.count
        writer.writeBlocks(layout, from: from) { (piece: [UInt8]) -> Void in file += piece }
        file.replaceSubrange(0..<BOMWriter.headerSize, with: writer.headerArea(layout))
        #expect(file.count == layout.fileSize)
        try file.withUnsafeBytes { buffer in
            let store = try BOMStore(file: CARBytes(buffer: buffer, base: 0, structure: "file"))
            let read = try store.tree("TREE")
            #expect(read.map(\.value.bytes) == values)
        }
    }

    /// A key is written once: a second value under it is refused whether it follows right after the first or
    /// comes among the other values after a preferred one took the key.
    @Test func aKeyIsWrittenOnceAfterPreferredValuesAndInKeyOrder() throws {
        let sink = MemoryCARSink()
        let stream = RenditionStream(sink: sink)
        try stream.reserveHeaderArea()
        #expect(stream.write(BuiltValue([1]), key: [0, 5], preferred: true))
        #expect(!stream.write(BuiltValue([2]), key: [0, 5], preferred: true), "a second preferred value under one key")
        #expect(stream.write(BuiltValue([3]), key: [0, 1]))
        #expect(stream.write(BuiltValue([4]), key: [0, 5]) == false, "the key a preferred value took")
        #expect(stream.write(BuiltValue([5]), key: [0, 6]))
        #expect(!stream.write(BuiltValue([6]), key: [0, 6]), "a second value under one key, right after the first")
        #expect(stream.written.map(\.key) == [[0, 5], [0, 1], [0, 6]])
        #expect(stream.written.map(\.address) == [512, 528, 544])
    }

    /// Past the limit nothing more is written, and the error says how large the values alone would be.
    @Test func aStreamPastTheLimitStopsWritingAndSaysHowLarge() throws {
        let sink = MemoryCARSink()
        let stream = RenditionStream(sink: sink, limit: 2_000)
        try stream.reserveHeaderArea()
        #expect(stream.write(BuiltValue([UInt8](repeating: 1, count: 1_000)), key: [1]))
        #expect(!stream.write(BuiltValue([UInt8](repeating: 2, count: 10)), key: [1]), "a second value under one key")
        #expect(stream.write(BuiltValue([UInt8](repeating: 3, count: 1_000)), key: [2]))
        #expect(stream.write(BuiltValue([UInt8](repeating: 4, count: 1_000)), key: [3]))
        #expect(sink.bytes.count == 512 + 1_008)
        #expect(throws: CARCompileError.self) { try stream.finish() }
        do {
            try stream.finish()
        } catch {
            guard case .tooLarge(let byteCount) = error else { throw error }
            #expect(byteCount == 512 + 3 * 1_008)
        }
    }
}

extension FileManager {
    /// The target of the link at `path`, or `nil` when `path` is not a link.
    fileprivate func destinationOfSymbolicLinkSafe(_ path: String) throws -> String? {
        let attributes = try attributesOfItem(atPath: path)
        guard attributes[.type] as? FileAttributeType == .typeSymbolicLink else { return nil }
        return try destinationOfSymbolicLink(atPath: path)
    }

    /// A copy from a previous car made on another thread (the tail of a rebuild, while the trees are laid out) lands in
    /// order between what was appended before and after it; one that fails (the previous car shorter than the record
    /// said) is the next write's error, and nothing is left at the output.
    @Test func aCopyInTheBackgroundLandsInOrderAndItsFailureIsTheNextWritesError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = folder.appendingPathComponent("previous.car").path
        let old = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(old).write(to: URL(fileURLWithPath: previous))
        let source = open(previous, O_RDONLY)
        #expect(source >= 0)
        defer { close(source) }

        let path = folder.appendingPathComponent("Assets.car").path
        do {
            let output = try TemporaryOutput(finalPath: path, handleSignals: false)
            let sink = FileCARSink(output: output)
            try sink.appendZeros(512)
            try sink.appendCopy(from: source, offset: 16, count: 100_000)
            try sink.appendCopy(from: source, offset: 100_016, count: 150_000)  // joined to the first
            try sink.startPendingCopy()
            try sink.append([1, 2, 3])
            try sink.appendCopy(from: source, offset: 0, count: 10)
            try sink.startPendingCopy()
            try sink.writeHeaderArea([9, 9])
            try output.commit(synchronize: false)
        }
        let written = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        #expect(written.count == 512 + 250_000 + 3 + 10)
        #expect(written[0..<2] == [9, 9] && written[2..<512].allSatisfy { $0 == 0 })
        #expect(Array(written[512..<250_512]) == Array(old[16..<250_016]))
        #expect(Array(written[250_512...]) == [1, 2, 3] + Array(old[0..<10]))

        let failing = folder.appendingPathComponent("Failing.car").path
        do {
            let output = try TemporaryOutput(finalPath: failing, handleSignals: false)
            let sink = FileCARSink(output: output)
            try sink.appendZeros(512)
            try sink.appendCopy(from: source, offset: 200_000, count: 200_000)  // past the previous car's end
            try sink.startPendingCopy()
            #expect(throws: CARCompileError.self) { try sink.writeHeaderArea([1]) }
            output.discard()
        }
        #expect(!FileManager.default.fileExists(atPath: failing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Assets.car", "previous.car"])
    }
}
