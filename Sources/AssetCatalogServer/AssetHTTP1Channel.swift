import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// The HTTP/1 connection of a stand-alone ``AssetServer``: Hummingbird's `HTTP1Channel` with
/// ``AssetFastPathHandler`` placed right after NIO's HTTP/1 request decoder, before the conversion to
/// swift-http-types, so that asset requests never reach that conversion, the router's task or NIO's response encoder.
///
/// The pipeline, from the socket: NIO's `HTTPResponseEncoder` and HTTP/1 request decoder (with the listener's
/// limits), ``RequestTimeoutHandler``, ``AssetFastPathHandler``, then what `HTTP1Channel` adds:
/// `HTTP1ToHTTPServerCodec`, `HTTPConnectionStateHandler` (no idle timeout: ``RequestTimeoutHandler`` bounds idle
/// and slow connections, and one behind the fast path would not see the requests it answers, so would close busy
/// connections as idle) and the async channel Hummingbird's router reads from.
struct AssetHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let server: AssetServer
    let requestTimeout: TimeAmount
    let decoderLimits: NIOHTTPDecoderLimitConfiguration
    let dates: HTTPDateCache

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try Self.addAssetHandlers(
                to: pipeline, server: server, requestTimeout: requestTimeout, decoderLimits: decoderLimits, dates: dates)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }

    /// Adds the handlers up to and including ``AssetFastPathHandler``: what answers asset requests (the tests
    /// drive this part of the pipeline with raw request bytes).
    static func addAssetHandlers(
        to pipeline: ChannelPipeline.SynchronousOperations, server: AssetServer, requestTimeout: TimeAmount,
        decoderLimits: NIOHTTPDecoderLimitConfiguration, dates: HTTPDateCache
    ) throws {
        try pipeline.addHandler(HTTPResponseEncoder(configuration: .init()))
        try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits)))
        try pipeline.addHandler(RequestTimeoutHandler(timeout: requestTimeout))
        try pipeline.addHandler(AssetFastPathHandler(server: server, dates: dates))
    }
}
