import AssetCatalog
import HTTPTypes
import Hummingbird
import Logging

/// Serves the assets of a ``CatalogStore`` over HTTP: each client gets the variant made for its screen, with the
/// headers caches need. Mount it in a Hummingbird router with ``addRoutes(to:prefix:)``.
///
/// Routes (docs/SERVING.md):
/// - `GET`/`HEAD /assets/{name}`: the chosen variant's bytes, exactly as `assetc extract … -o -` writes them;
/// - `GET /assets/{name}.json`: why that variant was chosen;
/// - `GET /`: a gallery of the assets; `GET /healthz`; `GET /metrics` (Prometheus).
public final class AssetServer: Sendable {
    /// The catalogs served.
    public let store: CatalogStore
    /// Headers and limits.
    public let configuration: AssetServerConfiguration
    /// The request counters `GET /metrics` reports.
    public let metrics: AssetServerMetrics
    let logger: Logger

    /// Creates a server over `store`.
    public init(
        store: CatalogStore, configuration: AssetServerConfiguration = AssetServerConfiguration(),
        metrics: AssetServerMetrics = AssetServerMetrics(), logger: Logger = Logger(label: "assetc.serve")
    ) {
        self.store = store
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
    }

    /// Adds the server's routes to `router`, under `prefix` (`""`, or a path such as `/images`).
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, prefix: String = "") {
        let assetsPrefix = prefix + "/assets/"
        router.get(RouterPath(prefix + "/assets/**")) { request, _ in
            self.respond(to: request, assetsPrefix: assetsPrefix)
        }
        router.head(RouterPath(prefix + "/assets/**")) { request, _ in
            self.respond(to: request, assetsPrefix: assetsPrefix)
        }
        router.get(RouterPath(prefix.isEmpty ? "/" : prefix)) { request, _ in
            self.measured { self.galleryResponse(request, assetsPrefix: assetsPrefix) }
        }
        router.get(RouterPath(prefix + "/healthz")) { _, _ in
            self.measured { self.healthResponse() }
        }
        router.get(RouterPath(prefix + "/metrics")) { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: self.metrics.exposition()))
        }
    }

    /// Answers a request for `{assetsPrefix}{name}` (the request's path must start with `assetsPrefix`).
    public func respond(to request: Request, assetsPrefix: String) -> Response {
        Response(answer(to: request.head, assetsPrefix: assetsPrefix))
    }

    /// Answers a request for `{assetsPrefix}{name}` as the router hands it on, counted in ``metrics``.
    func answer(to head: HTTPRequest, assetsPrefix: String) -> AssetAnswer {
        answer(
            target: head.path ?? "/", isHead: head.method == .head, fields: AssetRequestFields(head.headerFields),
            assetsPrefix: assetsPrefix)
    }

    /// Answers a `GET` (or with `isHead`, `HEAD`) of `target` (path and query, still percent-encoded), counted in
    /// ``metrics``: what both the router's route and ``AssetFastPathHandler`` send.
    func answer(target: String, isHead: Bool, fields: AssetRequestFields, assetsPrefix: String) -> AssetAnswer {
        let start = ContinuousClock.now
        let (path, query) = Self.splitTarget(target)
        var answer = assetAnswer(rawPath: path, rawQuery: query, fields: fields, assetsPrefix: assetsPrefix)
        if isHead { answer.omitsBody = true }
        metrics.record(status: answer.status.code, bodyBytes: answer.omitsBody ? 0 : answer.body?.readableBytes ?? 0, since: start)
        return answer
    }

    /// A request target's path and query (`nil` without a `?`), both still percent-encoded.
    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// Runs `make` and counts its response in ``metrics``.
    private func measured(_ make: () -> Response) -> Response {
        let start = ContinuousClock.now
        let response = make()
        metrics.record(status: response.status.code, bodyBytes: response.body.contentLength ?? 0, since: start)
        return response
    }

    /// The response to `GET /assets/…`, from the raw (still percent-encoded) path and query.
    public func assetResponse(rawPath: String, rawQuery: String?, headers: HTTPFields, assetsPrefix: String = "/assets/")
        -> Response
    {
        Response(assetAnswer(rawPath: rawPath, rawQuery: rawQuery, fields: AssetRequestFields(headers), assetsPrefix: assetsPrefix))
    }

    /// ``assetResponse(rawPath:rawQuery:headers:assetsPrefix:)`` as status, headers and body.
    func assetAnswer(rawPath: String, rawQuery: String?, fields: AssetRequestFields, assetsPrefix: String) -> AssetAnswer {
        guard rawPath.hasPrefix(assetsPrefix) else { return .problem(.notFound, "not an asset path") }
        let encodedName = rawPath.utf8.dropFirst(assetsPrefix.utf8.count)
        // Each byte of a name takes at most three characters encoded.
        guard encodedName.count <= 3 * configuration.maximumNameBytes else {
            return .problem(.uriTooLong, "asset names are at most \(configuration.maximumNameBytes) bytes")
        }
        guard let name = PercentDecoding.decode(Substring(encodedName)) else {
            return .problem(.badRequest, "the asset name is not valid percent-encoded UTF-8")
        }
        guard name.utf8.count <= configuration.maximumNameBytes else {
            return .problem(.uriTooLong, "asset names are at most \(configuration.maximumNameBytes) bytes")
        }
        guard !name.isEmpty else { return .problem(.notFound, "give an asset name: /assets/{name}") }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return .problem(.badRequest, "asset names have no control characters")
        }
        let query: [(name: String, value: String)]
        switch Self.queryPairs(rawQuery, limit: configuration.maximumQueryParameters) {
        case .success(let pairs): query = pairs
        case .failure(let problem): return .problem(.badRequest, problem.description)
        }
        let traitRequest: TraitRequest
        do {
            traitRequest = try TraitRequest(query: query, fields: fields)
        } catch {
            return .problem(.badRequest, error.description)
        }
        let snapshot = store.current
        if let (catalog, asset) = snapshot.asset(named: name) {
            return fileResponse(catalog, asset, traitRequest, ifNoneMatch: fields.ifNoneMatch)
        }
        if name.hasSuffix(".json"), let (catalog, asset) = snapshot.asset(named: String(name.dropLast(5))) {
            return explanationResponse(catalog, asset, traitRequest, assetsPrefix: assetsPrefix)
        }
        return .problem(.notFound, "no asset named '\(RequestText.quoted(name, limit: 256))'")
    }

    private func fileResponse(
        _ catalog: any ServedCatalog, _ asset: ServedAsset, _ request: TraitRequest, ifNoneMatch: String?
    ) -> AssetAnswer {
        let vary = Self.hintHeaders(asset, request)
        let file: ServedFile
        do {
            file = try catalog.file(for: asset, request: request.traits, pinnedVariant: request.pinnedVariant)
        } catch {
            var response: AssetAnswer
            switch error {
            case .noSuchAsset: response = .problem(.notFound, "no asset named '\(RequestText.quoted(asset.name, limit: 256))'")
            case .noFile(let reason): response = .problem(.notFound, reason)
            case .noMatch:
                response = .problem(.notFound, "no variant of '\(RequestText.quoted(asset.name, limit: 256))' matches \(request.traits)")
            case .noSuchVariant(let position):
                response = .problem(.notFound, "'\(RequestText.quoted(asset.name, limit: 256))' has \(asset.variants.count) variants; there is no variant \(position)")
            case .damaged(let message):
                logger.error("damaged variant", metadata: ["asset": "\(asset.name)", "problem": "\(message)"])
                response = .problem(.internalServerError, "the catalog's bytes for this variant are damaged")
            }
            response.hintHeaders = vary
            return response
        }
        logger.debug(
            "asset", metadata: ["name": "\(asset.name)", "variant": "\(asset.variants[file.variant].label)", "traits": "\(request.traits)"])
        if let condition = ifNoneMatch, EntityTagList.matches(condition, file.entityTag) {
            return AssetAnswer(
                status: .notModified, contentType: nil, entityTag: file.entityTag, cacheControl: configuration.cacheControl,
                hintHeaders: vary)
        }
        return AssetAnswer(
            status: .ok, contentType: file.contentType, entityTag: file.entityTag, cacheControl: configuration.cacheControl,
            hintHeaders: vary, isPayload: true, body: file.body)
    }

    /// `Vary`: the hints that can change this asset's answer, less those an explicit query parameter overrides (and
    /// none when the query pins a variant).
    static func vary(_ asset: ServedAsset, _ request: TraitRequest) -> [ClientHint] {
        if request.pinnedVariant != nil { return [] }
        return asset.varyingHints.filter { !request.overridden.contains($0.dimension) }
    }

    /// `Vary` and `Critical-CH` of a response: the asset's own, worked out at open, unless the query changes them.
    static func hintHeaders(_ asset: ServedAsset, _ request: TraitRequest) -> HintHeaders {
        if request.pinnedVariant == nil, request.overridden.isEmpty { return asset.defaultHintHeaders }
        return HintHeaders(vary: vary(asset, request))
    }

    static let acceptCH = ClientHint.allCases.filter(\.needsAsking).map(\.rawValue).joined(separator: ", ")

    private func explanationResponse(
        _ catalog: any ServedCatalog, _ asset: ServedAsset, _ request: TraitRequest, assetsPrefix: String
    ) -> AssetAnswer {
        let explanation = catalog.explain(asset, request: request.traits)
        let body = ExplanationDocument(
            asset: asset, catalog: catalog.path, request: request, explanation: explanation, vary: Self.vary(asset, request),
            assetsPrefix: assetsPrefix)
        return AssetAnswer(
            status: .ok, contentType: "application/json", cacheControl: configuration.cacheControl,
            hintHeaders: Self.hintHeaders(asset, request), body: ByteBuffer(bytes: body.encoded()))
    }

    private func healthResponse() -> Response {
        let snapshot = store.current
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let assets = snapshot.catalogs.reduce(0) { $0 + $1.assets.count }
        let text = "ok: \(snapshot.catalogs.count) catalogs, \(assets) assets, generation \(snapshot.generation)\n"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private func galleryResponse(_ request: Request, assetsPrefix: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[.acceptCH] = Self.acceptCH
        // A browser that did not send the hints on this navigation retries it once with them.
        headers[.criticalCH] = Self.acceptCH
        headers[.vary] = ClientHint.allCases.map(\.rawValue).joined(separator: ", ")
        let page = GalleryPage(snapshot: store.current, assetsPrefix: assetsPrefix, hints: TraitRequest.hintedTraits(request.headers))
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.html())))
    }

    /// The decoded `name=value` pairs of a raw query, or the problem with it.
    static func queryPairs(_ rawQuery: String?, limit: Int) -> Result<[(name: String, value: String)], QueryProblem> {
        guard let rawQuery, !rawQuery.isEmpty else { return .success([]) }
        var pairs: [(name: String, value: String)] = []
        for part in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            guard pairs.count < limit else { return .failure(QueryProblem("at most \(limit) query parameters")) }
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(pieces[0], plusIsSpace: true),
                let value = PercentDecoding.decode(pieces.count > 1 ? pieces[1] : "", plusIsSpace: true)
            else { return .failure(QueryProblem("the query is not valid percent-encoded UTF-8")) }
            pairs.append((name, value))
        }
        return .success(pairs)
    }

    /// Why a query cannot be read.
    struct QueryProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// Headers and limits of an ``AssetServer``.
public struct AssetServerConfiguration: Sendable {
    /// `Cache-Control` of asset responses (errors get `no-store`).
    public var cacheControl: String
    /// The longest asset name accepted, in UTF-8 bytes; longer ones are answered 414 before any lookup.
    public var maximumNameBytes: Int
    /// The most query parameters a request may carry; more are answered 400.
    public var maximumQueryParameters: Int

    /// The defaults: `public, max-age=300` (five minutes: a swapped archive reaches every cache that soon),
    /// names up to 1024 bytes, 32 query parameters.
    public init(cacheControl: String = "public, max-age=300", maximumNameBytes: Int = 1024, maximumQueryParameters: Int = 32) {
        self.cacheControl = cacheControl
        self.maximumNameBytes = maximumNameBytes
        self.maximumQueryParameters = maximumQueryParameters
    }
}

/// `If-None-Match` (RFC 9110, section 13.1.2): `*` or a list of entity tags, compared weakly.
enum EntityTagList {
    /// Whether `header` matches `entityTag` (a quoted strong tag).
    static func matches(_ header: String, _ entityTag: String) -> Bool {
        for part in header.split(separator: ",") {
            var tag = Substring(String(part).trimmingSpaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == entityTag { return true }
        }
        return false
    }
}
