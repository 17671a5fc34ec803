import AssetCatalog
import Foundation
import Hummingbird

/// One catalog the server answers from: a packed archive or an `Assets.car`, opened and checked.
public protocol ServedCatalog: AnyObject, Sendable {
    /// The path it was opened from.
    var path: String { get }
    /// Its assets by name.
    var assets: [String: ServedAsset] { get }
    /// Its asset names, sorted.
    var sortedNames: [String] { get }
    /// The file a request for `asset` gets: the variant the resolver picks for `request`, or the one at
    /// `pinnedVariant`.
    func file(for asset: ServedAsset, request: TraitCollection, pinnedVariant: Int?) throws(ServedLookupFailure)
        -> ServedFile
    /// Why `asset` resolves as it does for `request`.
    func explain(_ asset: ServedAsset, request: TraitCollection) -> ResolutionExplanation
}

/// Opens the catalog at `path`, packed archive or `Assets.car` (recognised by its first bytes, `BOMStore`), and
/// checks every byte of it: a damaged file is refused here rather than answered from.
///
/// - Throws: ``CatalogOpenError`` naming the file and the problem.
public func openServedCatalog(path: String, resolver: Resolver) throws(CatalogOpenError) -> any ServedCatalog {
    if CARSniffer.isCAR(path) {
        return try ServedCARCatalog(path: path, resolver: resolver)
    }
    return try ServedArchiveCatalog(path: path, resolver: resolver)
}

/// A catalog that cannot be served: the file and the reason, as a log line says it.
public struct CatalogOpenError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// Recognises an `Assets.car` by its first eight bytes.
enum CARSniffer {
    static func isCAR(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 8)) == Data("BOMStore".utf8)
    }
}

/// A packed archive (`assetc pack`), mapped and verified at open.
final class ServedArchiveCatalog: ServedCatalog {
    let path: String
    let assets: [String: ServedAsset]
    let sortedNames: [String]
    private let archive: AssetArchive
    private let resolver: Resolver
    /// Per payload index: its media type and entity tag.
    private let payloadFacts: [(mediaType: String, entityTag: String)?]

    init(path: String, resolver: Resolver) throws(CatalogOpenError) {
        self.path = path
        self.resolver = resolver
        do {
            let archive = try AssetArchive(path: path)
            // Every checksum and payload CRC now, so a damaged file is refused before it serves, and no request
            // pays for a first-lookup check.
            try archive.verify()
            self.archive = archive
            var assets: [String: ServedAsset] = [:]
            var payloadFacts: [Int: (mediaType: String, entityTag: String)] = [:]
            for asset in try archive.assets() {
                var variants: [ServedVariant] = []
                var indices: [Int] = []
                for variant in asset.variants {
                    let info = variant.payload
                    variants.append(
                        ServedVariant(
                            traits: variant.traits, label: variant.sourcePath,
                            pixelSize: info.flatMap { info in
                                info.pixelWidth.flatMap { width in info.pixelHeight.map { (width, $0) } }
                            }))
                    indices.append(info?.index ?? -1)
                    if let info, payloadFacts[info.index] == nil {
                        let tag = try archive.withPayloadBytes(info.index) { ServedFile.entityTag(of: $0) }
                        payloadFacts[info.index] = (info.contentType.mediaType, tag)
                    }
                }
                assets[asset.name] = ServedAsset(name: asset.name, kind: asset.kind, variants: variants, fileIndices: indices)
            }
            self.assets = assets
            var facts = [(mediaType: String, entityTag: String)?](repeating: nil, count: (payloadFacts.keys.max() ?? -1) + 1)
            for (index, fact) in payloadFacts { facts[index] = fact }
            self.payloadFacts = facts
            self.sortedNames = assets.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } catch let error as ArchiveError {
            throw CatalogOpenError(path: path, reason: "\(error)")
        } catch {
            throw CatalogOpenError(path: path, reason: "\(error)")
        }
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
            do {
                guard let found = try archive.bestVariantIndex(named: asset.name, compatibleWith: resolver.compile(request))
                else { throw ServedLookupFailure.noMatch }
                position = found
            } catch let error as ServedLookupFailure {
                throw error
            } catch {
                throw .damaged("\(path): \(error)")
            }
        }
        let payload = position < asset.fileIndices.count ? asset.fileIndices[position] : -1
        guard payload >= 0, payload < payloadFacts.count, let facts = payloadFacts[payload] else {
            throw .noFile("'\(asset.name)' variant \(position) has no file")
        }
        do {
            let body = try archive.withPayloadBytes(payload) { ByteBuffer(bytes: $0) }
            return ServedFile(body: body, contentType: facts.mediaType, entityTag: facts.entityTag, variant: position)
        } catch {
            throw .damaged("\(path): \(error)")
        }
    }

    func explain(_ asset: ServedAsset, request: TraitCollection) -> ResolutionExplanation {
        resolver.explain(asset.variants.map(\.traits), for: request)
    }
}
