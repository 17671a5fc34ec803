import AssetCatalog
import Foundation

/// What a compile wrote: counts and what was left out.
public struct CARCompileSummary: Sendable {
    /// Facets (named assets) written.
    public var facetCount: Int
    /// Renditions written.
    public var renditionCount: Int
    /// The size of the `Assets.car` file in bytes.
    public var byteCount: Int
    /// Problems that left an entry out (an unreadable PNG, an unsupported file type, a colour entry without a colour), in
    /// asset order, each naming the asset and file.
    public var notices: [String]
}

/// A compile held in memory: the `Assets.car` file's bytes and the summary.
public struct CompiledCatalog: Sendable {
    /// The `Assets.car` file.
    public var car: [UInt8]
    /// Counts and notices.
    public var summary: CARCompileSummary

    /// The size of the `Assets.car` file in bytes.
    public var byteCount: Int { car.count }
    /// Facets (named assets) written.
    public var facetCount: Int { summary.facetCount }
    /// Renditions written.
    public var renditionCount: Int { summary.renditionCount }
    /// Problems that left an entry out, in asset order, each naming the asset and file.
    public var notices: [String] { summary.notices }
}

/// Why a compile produced no `Assets.car` at all.
public enum CARCompileError: Error, Sendable, CustomStringConvertible {
    /// The file would pass the 4 GiB that the format's 32-bit offsets can address.
    case tooLarge(byteCount: Int)
    /// The file could not be written (the reason in words, as the system gave it).
    case cannotWrite(path: String, reason: String)
    /// Files the reader left for the compile to inspect (``ReaderOptions/defersPNGInspection``) have errors, worded
    /// as the reader words them: a compile fails on them as on the reader's own errors.
    case inputErrors([Diagnostic])

    public var description: String {
        switch self {
        case .tooLarge(let byteCount):
            return "the Assets.car would be \(byteCount) bytes; the format's 32-bit offsets address at most \(BOMWriter.maximumFileSize) bytes (split the catalog)"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .inputErrors(let errors):
            return "\(errors.count) error(s) in the inputs:\n" + errors.map { "  \($0.path): \($0.message)" }.joined(separator: "\n")
        }
    }
}

/// Compiles a ``CatalogIndex`` into an `Assets.car` (see docs/CAR-FORMAT.md, "Writing").
///
/// The output is a pure function of the index and the options: renditions are sorted by key bytes, facets
/// by name, identifiers derived from names, the UUID from the content, and no clock is read; images are
/// decoded and compressed in parallel and joined in index order.
public struct CARCompiler: Sendable {
    /// The options.
    public let options: CompileOptions
    /// Where what symbol sets compile to is kept between compiles (the compile cache), or `nil`: each symbol is then
    /// compiled from its template. The car is the same bytes either way.
    public let symbolStore: (any CompiledSymbolStore)?

    /// Creates a compiler, which keeps what symbols compile to in `symbolStore` when one is given.
    public init(options: CompileOptions, symbolStore: (any CompiledSymbolStore)? = nil) {
        self.options = options
        self.symbolStore = symbolStore
    }

    /// CoreUI's element and parts for the kinds of asset (as Xcode writes them).
    static let element: UInt16 = 85
    static let imagePart: UInt16 = 181
    static let colorPart: UInt16 = 217
    static let multisizePart: UInt16 = 218
    static let iconImagePart: UInt16 = 220


    /// Compiles `index` into an `Assets.car` in memory.
    ///
    /// - Throws: ``CARCompileError/tooLarge(byteCount:)`` when the file would pass 4 GiB.
    public func compile(_ index: CatalogIndex) throws(CARCompileError) -> CompiledCatalog {
        let sink = MemoryCARSink()
        let summary = try compile(index, into: sink).summary
        return CompiledCatalog(car: sink.bytes, summary: summary)
    }

    /// Compiles `index` into an `Assets.car` at `path`, streamed: each rendition is written as soon as it
    /// and those before it are made, while the other threads go on decoding and compressing, so the car is
    /// never held in memory and writing it overlaps the compile.
    ///
    /// The file is written beside `path` under a temporary name and renamed over it at the end; on any
    /// error (or SIGINT/SIGTERM with ``CompileOptions/handleSignals``) no partial file is left and an
    /// existing file is untouched.
    ///
    /// - Throws: ``CARCompileError``; nothing is written then.
    public func compile(_ index: CatalogIndex, toFile path: String) throws(CARCompileError) -> CARCompileSummary {
        try compile(index, toFile: path, reusing: nil).summary
    }

    /// Compiles `index` into an `Assets.car` at `path` as ``compile(_:toFile:)`` does, copying from `previous` each
    /// rendition whose fingerprint it lists instead of making it again, and returns what the next compile may
    /// reuse. The car is the same bytes with `previous` as without.
    ///
    /// - Throws: ``CARCompileError``; nothing is written then.
    public func compile(
        _ index: CatalogIndex, toFile path: String, reusing previous: PreviousCompile?
    ) throws(CARCompileError) -> (summary: CARCompileSummary, record: CompileRecord) {
        let output: TemporaryOutput
        do {
            output = try TemporaryOutput(finalPath: path, handleSignals: options.handleSignals)
        } catch {
            throw CARCompileError(error)
        }
        // The sink has written everything once the compile returns (the header area comes last).
        let (summary, record) = try compile(index, into: FileCARSink(output: output), reusing: previous)
        do {
            try output.commit(synchronize: false)
        } catch {
            throw CARCompileError(error)
        }
        StageClock.mark("commit")
        return (summary, record)
    }

    private func compile(
        _ index: CatalogIndex, into sink: CARSink, reusing previous: PreviousCompile? = nil
    ) throws(CARCompileError) -> (summary: CARCompileSummary, record: CompileRecord) {
        // The stages, each in the folder of its name: plan (keys before any file is read), atlas (which small
        // images Xcode packs, and where), encode and stream (every core), lay out (trees and header blocks after
        // the values). With a previous compile, the atlas and stream stages take what did not change from it
        // (Reuse/).
        var plan = plan(index)
        StageClock.mark("plan")
        if !plan.inputErrors.isEmpty { throw CARCompileError.inputErrors(plan.inputErrors) }
        let packed = packAtlases(&plan, index: index, known: previous?.files ?? [:], knownLayouts: previous?.layouts ?? [:])
        StageClock.mark("atlas")
        let stream = try encodeAndStream(plan, index: index, into: sink, reusing: previous)
        // The unchanged renditions after the last one made are copied while the trees are laid out.
        try sink.startPendingCopy()
        StageClock.mark("encode and stream")
        StageClock.note("renditions made from files: \(stream.record.builtCount) made, \(stream.record.reusedCount) copied from the previous car")
        let summary = try layOut(plan, stream: stream, sink: sink)
        StageClock.mark("layout")
        var record = stream.record
        for (path, probe) in packed.probes { record.files[path]?.probe = probe }
        for (path, answer) in packed.rasterProbes { record.files[path]?.addRasterProbe(answer) }
        record.layouts = packed.layouts
        return (summary, record)
    }

    /// A key's bytes as four big-endian words, which compare as the bytes do (keys are at most 32 bytes).
    static func sortKey(_ bytes: [UInt8]) -> (UInt64, UInt64, UInt64, UInt64) {
        var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        for (offset, byte) in bytes.enumerated() {
            let shifted = UInt64(byte) << (56 - 8 * UInt64(offset % 8))
            switch offset / 8 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            case 2: words.2 |= shifted
            default: words.3 |= shifted
            }
        }
        return words
    }

    /// The last component of a relative path (`Group/Name.imageset/name@2x.png` gives `name@2x.png`), found
    /// in its contiguous UTF-8 bytes: a character-by-character search from the end took a fifth of planning, and
    /// the UTF-8 view's generic `lastIndex(of:)` and a substring's copy still 1,300 instructions a path.
    static func lastComponent(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            var position = bytes.count
            while position > 0 {
                position -= 1
                if bytes[position] == UInt8(ascii: "/") {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)...]), as: UTF8.self)
                }
            }
            return nil
        } ?? path
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(value >> 8)] }

    static func describe(_ key: RenditionKey) -> String {
        describedAttributes.compactMap { attribute in key[attribute] == 0 ? nil : "\(attribute.name)=\(key[attribute])" }.joined(separator: " ")
    }
}
