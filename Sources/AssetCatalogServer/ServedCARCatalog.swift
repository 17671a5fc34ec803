import AssetCatalog
import Hummingbird
import NIOConcurrencyHelpers

/// An `Assets.car`, parsed at open (every structure checked, as `assetc verify` does); a rendition's payload is
/// decoded on its first request, and a damaged one answers status 500 naming it.
///
/// A rendition's file (pixels encoded as PNG, or the stored file) is made on its first request and kept, up to
/// ``cacheBudget`` bytes in all: the files are made from the renditions of the file, never from request text,
/// so the cache cannot grow with the requests.
final class ServedCARCatalog: ServedCatalog {
    let path: String
    let assets: [String: ServedAsset]
    let sortedNames: [String]
    private let file: CARFile
    private let resolver: Resolver
    private let cache = NIOLockedValueBox(FileCache())

    /// The most bytes of made files kept at once (64 MiB); past it, files are made for each request.
    static let cacheBudget = 64 << 20

    init(path: String, resolver: Resolver) throws(CatalogOpenError) {
        self.path = path
        self.resolver = resolver
        let file: CARFile
        do {
            file = try CARFile(path: path)
        } catch {
            throw CatalogOpenError(path: path, reason: "not a readable Assets.car: \(error)")
        }
        self.file = file
        var assets: [String: ServedAsset] = [:]
        for facet in file.facets where assets[facet.name] == nil {
            // The first facet with a name answers, as in the library's lookups.
            let candidates = file.fileCandidates(of: facet)
            let variants = candidates.map { index in
                let rendition = file.renditions[index]
                return ServedVariant(
                    traits: file.traits(of: rendition), label: rendition.name,
                    pixelSize: rendition.width > 0 && rendition.height > 0 ? (rendition.width, rendition.height) : nil)
            }
            let hasColor = facet.renditions.contains { index in
                if case .color = file.renditions[index].payload { return true }
                return false
            }
            let kind: AssetKind = variants.isEmpty && hasColor ? .color : .image
            assets[facet.name] = ServedAsset(name: facet.name, kind: kind, variants: variants, fileIndices: candidates)
        }
        self.assets = assets
        self.sortedNames = assets.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    func file(for asset: ServedAsset, request: TraitCollection, pinnedVariant: Int?) throws(ServedLookupFailure)
        -> ServedFile
    {
        if let reason = asset.noFileReason { throw .noFile(reason) }
        let position: Int
        if let pinnedVariant {
            guard pinnedVariant < asset.variants.count else { throw .noSuchVariant(pinnedVariant) }
            position = pinnedVariant
        } else {
            guard let best = resolver.bestVariant(among: asset.variants.map(\.traits), for: request) else {
                throw .noMatch
            }
            position = best
        }
        guard position < asset.fileIndices.count else { throw .noMatch }
        let index = asset.fileIndices[position]
        if let made = cache.withLockedValue({ $0.files[index] }) {
            return ServedFile(body: made.body, contentType: made.contentType, entityTag: made.entityTag, variant: position)
        }
        let made: FileCache.Entry
        do {
            switch try file.fileBytes(ofRendition: index, decoder: CARDecoder(file: file)) {
            case .file(let bytes, let fileExtension):
                made = FileCache.Entry(
                    body: ByteBuffer(bytes: bytes), contentType: ContentType.mediaType(fileExtension: fileExtension),
                    entityTag: bytes.withUnsafeBytes { ServedFile.entityTag(of: $0) })
            case .color:
                throw ServedLookupFailure.noFile("'\(asset.name)' is a colour, which has no file")
            case .gradient:
                throw ServedLookupFailure.noFile("'\(asset.name)' is a gradient, which has no file")
            case .notDecodable(let reason):
                throw ServedLookupFailure.noFile(
                    "'\(asset.name)' chose \(file.renditions[index].name), whose pixels cannot be decoded: \(reason)")
            }
        } catch let error as ServedLookupFailure {
            throw error
        } catch {
            throw .damaged("\(path): \(error)")
        }
        cache.withLockedValue { $0.insert(made, at: index, budget: Self.cacheBudget) }
        return ServedFile(body: made.body, contentType: made.contentType, entityTag: made.entityTag, variant: position)
    }

    func explain(_ asset: ServedAsset, request: TraitCollection) -> ResolutionExplanation {
        resolver.explain(asset.variants.map(\.traits), for: request)
    }
}

/// Files made from renditions, by rendition index, within a byte budget.
struct FileCache {
    struct Entry {
        let body: ByteBuffer
        let contentType: String
        let entityTag: String
    }

    var files: [Int: Entry] = [:]
    var bytes = 0

    /// Keeps `entry` unless that would pass `budget`.
    mutating func insert(_ entry: Entry, at index: Int, budget: Int) {
        guard files[index] == nil, bytes + entry.body.readableBytes <= budget else { return }
        files[index] = entry
        bytes += entry.body.readableBytes
    }
}
