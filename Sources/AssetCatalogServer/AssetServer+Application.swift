import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Where and how a stand-alone ``AssetServer`` listens (what `assetc serve` runs).
public struct AssetServerListener: Sendable {
    /// The address to bind.
    public var host: String
    /// The port; 0 picks a free one (``AssetServer/makeApplication(listener:watcher:onRunning:)`` reports it).
    public var port: Int
    /// How long a connection may wait for its next complete request (after opening or after a response) before it
    /// is closed: bounds idle keep-alive connections and requests sent a byte at a time.
    public var requestTimeout: Duration
    /// The longest request line or header field, in bytes; longer ones are answered 400 and the connection closed.
    public var maximumFieldBytes: Int
    /// The most bytes of request line and headers together.
    public var maximumHeaderBytes: Int
    /// The most header fields in one request.
    public var maximumHeaderCount: Int

    /// 127.0.0.1:8080, 30 s per request, request line or field up to 8 KiB, 32 KiB and 100 fields in all.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, requestTimeout: Duration = .seconds(30),
        maximumFieldBytes: Int = 8 << 10, maximumHeaderBytes: Int = 32 << 10, maximumHeaderCount: Int = 100
    ) {
        self.host = host
        self.port = port
        self.requestTimeout = requestTimeout
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumHeaderCount = maximumHeaderCount
    }
}

extension AssetServer {
    /// A Hummingbird application serving only this server's routes, with the listener's limits and timeouts and
    /// the watcher as a service; asset requests are answered in the channel pipeline (`AssetFastPathHandler`),
    /// the rest by the router; run it with `runService()` (graceful shutdown on SIGTERM and SIGINT: the listener
    /// closes, requests in flight finish).
    ///
    /// - Parameters:
    ///   - listener: where to listen, with the request limits and timeout.
    ///   - watcher: picks up a catalog written again at the same path (`nil`: only what ``CatalogStore`` is told).
    ///   - onRunning: called with the bound port once the server accepts connections.
    public func makeApplication(
        listener: AssetServerListener, watcher: CatalogWatcher?, onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        addRoutes(to: router)
        let timeout = TimeAmount.nanoseconds(Int64(listener.requestTimeout.components.seconds) * 1_000_000_000
            + listener.requestTimeout.components.attoseconds / 1_000_000_000)
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = listener.maximumFieldBytes
        limits.maxHeaderListSize = listener.maximumHeaderBytes
        limits.maxHeaderFieldCount = listener.maximumHeaderCount
        let decoderLimits = limits
        let dates = HTTPDateCache()
        let server = HTTPServerBuilder { responder in
            AssetHTTP1Channel(
                responder: responder, server: self, requestTimeout: timeout, decoderLimits: decoderLimits, dates: dates)
        }
        return Application(
            router: router, server: server,
            configuration: ApplicationConfiguration(address: .hostname(listener.host, port: listener.port), serverName: nil),
            services: watcher.map { [$0] } ?? [],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? listener.port) },
            logger: logger)
    }
}
