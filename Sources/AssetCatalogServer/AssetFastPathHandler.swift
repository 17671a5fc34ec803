import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `GET` and `HEAD /assets/…` on the connection's event loop, as soon as the request has arrived, with the
/// same bytes and headers as ``AssetServer``'s route; every other request goes on to Hummingbird's router.
///
/// Why: an asset answer is a lookup in a mapped file, done in microseconds, but Hummingbird hands every request to
/// a Swift task and back (an async sequence element, a task hop, a response writer), which on a small image costs
/// more than the answer itself: `Scripts/bench.sh serve` measured Hummingbird answering fixed bytes at 0.57x
/// nginx's requests/s. Answering in the channel pipeline removes that round trip for the one route that carries
/// the traffic, while the gallery, `/healthz` and `/metrics` keep the router.
///
/// Order is kept: while a request handed to the router has not been answered (HTTP/1.1 pipelining), the ones behind
/// it go to the router too, so responses leave in the order the requests came.
final class AssetFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let server: AssetServer
    private let assetsPrefix: String
    private let dates: HTTPDateCache
    /// The request being answered here, once its head has arrived (its body, if any, is read and dropped).
    private var pending: HTTPRequest?
    /// Whether the parts arriving belong to a request handed to the router.
    private var forwarding = false
    /// Requests handed to the router whose response has not ended yet.
    private var routerRequestsInFlight = 0

    init(server: AssetServer, assetsPrefix: String = "/assets/", dates: HTTPDateCache) {
        self.server = server
        self.assetsPrefix = assetsPrefix
        self.dates = dates
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if routerRequestsInFlight == 0, head.method == .get || head.method == .head,
                let path = head.path, path.utf8.starts(with: assetsPrefix.utf8)
            {
                pending = head
                forwarding = false
            } else {
                pending = nil
                forwarding = true
                routerRequestsInFlight += 1
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
        if case .end = unwrapOutboundIn(data), routerRequestsInFlight > 0 { routerRequestsInFlight -= 1 }
        context.write(data, promise: promise)
    }

    private func respond(to head: HTTPRequest, context: ChannelHandlerContext) {
        let answer = server.answer(to: head, assetsPrefix: assetsPrefix)
        var fields = answer.headers
        let length = answer.body?.readableBytes ?? 0
        if answer.status != .notModified { fields[.contentLength] = String(length) }
        fields[.date] = dates.current()
        let closes = head.headerFields[.connection].map(Self.asksToClose) ?? false
        if closes { fields[.connection] = "close" }
        let response = HTTPResponse(status: answer.status, headerFields: fields)
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        if let body = answer.body, !answer.omitsBody, length > 0 {
            context.write(wrapOutboundOut(.body(body)), promise: nil)
        }
        if closes {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// Whether a `Connection` header lists the `close` option (RFC 9112, section 9.6).
    static func asksToClose(_ value: String) -> Bool {
        value.split(separator: ",").contains { String($0).trimmingSpaces.lowercased() == "close" }
    }
}
