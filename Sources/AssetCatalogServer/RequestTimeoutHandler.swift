import NIOCore
import NIOHTTP1

/// Closes a connection whose next request has not fully arrived within ``timeout`` of the connection opening or of
/// the previous response ending: an idle keep-alive connection, and a client that sends its request a byte at a
/// time (which an idle timer alone never catches, since every byte resets it).
///
/// A keep-alive connection answers thousands of requests a second, so the handler does not schedule and cancel a
/// timer per request: it notes when the wait for a request began (one clock read) and keeps at most one timer per
/// connection, which on firing closes the connection if that wait has lasted the whole timeout, and otherwise
/// sets itself for the moment it would.
///
/// It sits between NIO's HTTP/1 decoder and ``AssetFastPathHandler``: it sees every request's parts and the router's
/// responses; the fast path, whose answers go to the socket below it, tells it of each with ``AnswerWritten``.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The outbound user event a handler behind this one triggers when it has written a whole response itself.
    struct AnswerWritten: Sendable {}

    let timeout: TimeAmount
    /// When the connection began waiting for its next complete request; `nil` while a request is being answered.
    private var waitingSince: NIODeadline?
    /// The one pending check, if any.
    private var check: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startWaiting(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startWaiting(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { waitingSince = nil }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { startWaiting(context) }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if event is AnswerWritten {
            startWaiting(context)
            promise?.succeed()
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func startWaiting(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        waitingSince = now
        if check == nil { schedule(context, at: now + timeout) }
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: deadline) {
            loopBound.value.handler.checkWait(loopBound.value.context)
        }
    }

    /// The timer fired: close the connection if it has waited the whole timeout, else check again when it would have.
    private func checkWait(_ context: ChannelHandlerContext) {
        check = nil
        guard let since = waitingSince else { return }  // answering a request: the response's end starts a new wait
        let due = since + timeout
        if NIODeadline.now() >= due {
            context.close(promise: nil)
        } else {
            schedule(context, at: due)
        }
    }

    private func stop() {
        check?.cancel()
        check = nil
        waitingSince = nil
    }
}
