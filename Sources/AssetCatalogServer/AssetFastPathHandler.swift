import NIOCore
import NIOHTTP1

/// Answers `GET` and `HEAD /assets/…` on the connection's event loop, as soon as NIO's HTTP/1 decoder has read the
/// request, with the same bytes and headers as ``AssetServer``'s route; every other request goes on to Hummingbird
/// (its conversion to swift-http-types, then the router).
///
/// Why: an asset answer is a lookup in a mapped file, done in microseconds, but Hummingbird hands every request to
/// a Swift task and back (an async sequence element, a task hop, a response writer), converts every request and
/// response between NIO's HTTP/1 types and swift-http-types, and encodes the response's header fields one by one;
/// on a small image that costs more than the answer itself (`Scripts/bench.sh serve`: Hummingbird answering fixed
/// bytes reached 0.64x nginx's requests/s). Here the request is read from NIO's own request head (the few header
/// fields the answer needs, in one pass: ``AssetRequestFields``) and the response is written as one buffer, status
/// line, fields and body together (``AssetAnswer/write(to:date:connection:)``), from the position of NIO's response
/// encoder, which it has no need of.
///
/// Order is kept: while a request handed to the router has not been answered (HTTP/1.1 pipelining), the ones behind
/// it go to the router too, so responses leave in the order the requests came. The router's responses to `HEAD`
/// lose any body part here (the decoder is not paired with the encoder, which would otherwise count requests it
/// never sees the answers of).
final class AssetFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: AssetServer
    private let assetsPrefix: String
    private let dates: HTTPDateCache
    /// The request being answered here, once its head has arrived (its body, if any, is read and dropped).
    private var pending: HTTPRequestHead?
    /// Whether the parts arriving belong to a request handed to the router.
    private var forwarding = false
    /// Requests handed to the router whose response has not ended yet.
    private var routerRequestsInFlight = 0
    /// Per request handed to the router whose response has not begun, oldest first: whether it is a `HEAD`.
    private var routerHeadRequests = CircularBuffer<Bool>(initialCapacity: 2)
    /// Whether the router's response being written answers a `HEAD` (its body parts are dropped).
    private var suppressingBody = false
    /// Where answers are written: the context of NIO's response encoder, so that the encoded bytes go on to the
    /// socket without passing the encoder (this handler's own context without one).
    private var writer: ChannelHandlerContext?

    init(server: AssetServer, assetsPrefix: String = "/assets/", dates: HTTPDateCache) {
        self.server = server
        self.assetsPrefix = assetsPrefix
        self.dates = dates
    }

    func handlerAdded(context: ChannelHandlerContext) {
        writer = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        writer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if routerRequestsInFlight == 0, head.method == .GET || head.method == .HEAD,
                head.uri.utf8.starts(with: assetsPrefix.utf8)
            {
                pending = head
                forwarding = false
            } else {
                pending = nil
                forwarding = true
                routerRequestsInFlight += 1
                routerHeadRequests.append(head.method == .HEAD)
                context.fireChannelRead(data)
            }
        case .body:
            if forwarding { context.fireChannelRead(data) }
        case .end:
            if forwarding {
                forwarding = false
                context.fireChannelRead(data)
            } else if let head = pending {
                pending = nil
                respond(to: head, context: context)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            // A 1xx other than 101 is followed by the final response to the same request.
            if !(100..<200).contains(head.status.code) || head.status.code == 101 {
                suppressingBody = routerHeadRequests.popFirst() ?? false
            }
        case .body:
            if suppressingBody {
                promise?.succeed()
                return
            }
        case .end:
            suppressingBody = false
            if routerRequestsInFlight > 0 { routerRequestsInFlight -= 1 }
        }
        context.write(data, promise: promise)
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let answer = server.answer(
            target: head.uri, isHead: head.method == .HEAD, fields: AssetRequestFields(head.headers),
            assetsPrefix: assetsPrefix)
        let keepAlive = head.isKeepAlive
        let connection: AssetAnswer.ConnectionOption =
            !keepAlive ? .close : head.version.major == 1 && head.version.minor == 0 ? .keepAlive : .none
        var buffer = context.channel.allocator.buffer(capacity: answer.encodedCapacity)
        answer.write(to: &buffer, date: dates.current(), connection: connection)
        context.triggerUserOutboundEvent(RequestTimeoutHandler.AnswerWritten(), promise: nil)
        let writer = self.writer ?? context
        let bytes = NIOAny(IOData.byteBuffer(buffer))
        if keepAlive {
            writer.writeAndFlush(bytes, promise: nil)
        } else {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            writer.writeAndFlush(bytes).whenComplete { _ in loopBound.value.close(promise: nil) }
        }
    }
}
