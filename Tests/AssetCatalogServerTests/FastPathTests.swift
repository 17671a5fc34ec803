import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import AssetCatalogServer

/// The connection's pipeline up to `AssetFastPathHandler` (NIO's HTTP/1 decoder and encoder, the request timeout, the
/// fast path) in an embedded channel, fed raw request bytes: what it answers itself, what it hands on to the router,
/// and in which order the responses leave.
@Suite("Asset requests answered in the channel pipeline")
struct FastPathTests {
    private func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try AssetHTTP1Channel.addAssetHandlers(
            to: channel.pipeline.syncOperations, server: try ServerFixture.server(), requestTimeout: .seconds(30),
            decoderLimits: NIOHTTPDecoderLimitConfiguration(), dates: HTTPDateCache())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    private func send(_ channel: EmbeddedChannel, _ text: String) throws {
        try channel.writeInbound(ByteBuffer(string: text))
    }

    /// A parsed response: status, fields (names lower-cased) and body.
    struct Parsed {
        var status: Int
        var fields: [(name: String, value: String)]
        var body: [UInt8]
        func field(_ name: String) -> String? { fields.first { $0.name == name.lowercased() }?.value }
    }

    /// The responses written so far, read as a client reads them (`heads`: which of them answer a `HEAD`, so have
    /// no body whatever their `Content-Length`).
    private func responses(_ channel: EmbeddedChannel, heads: Set<Int> = []) throws -> [Parsed] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += Array(buffer.readableBytesView)
        }
        var result: [Parsed] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else {
                Issue.record("a response head without its end")
                return result
            }
            let lines = String(decoding: rest[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            rest = rest[(end + 4)...]
            let statusParts = lines[0].split(separator: " ")
            #expect(statusParts.first == "HTTP/1.1")
            var parsed = Parsed(status: Int(statusParts[1]) ?? 0, fields: [], body: [])
            for line in lines.dropFirst() {
                let pieces = line.split(separator: ":", maxSplits: 1)
                parsed.fields.append((pieces[0].lowercased(), pieces[1].trimmingCharacters(in: .whitespaces)))
            }
            let length = heads.contains(result.count) ? 0 : Int(parsed.field("content-length") ?? "0") ?? 0
            parsed.body = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            result.append(parsed)
        }
        return result
    }

    /// The request parts handed on to the router: the targets of their heads.
    private func forwarded(_ channel: EmbeddedChannel) throws -> [String] {
        var targets: [String] = []
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            if case .head(let head) = part { targets.append(head.uri) }
        }
        return targets
    }

    @Test("GET /assets/{name} is answered with the route's bytes and every one of its headers, a Date and a Content-Length")
    func answersAssets() async throws {
        let channel = try channel()
        let client = InProcessClient(try ServerFixture.server())
        let expected = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2"])
        try send(channel, "GET /assets/Hero HTTP/1.1\r\nHost: 127.0.0.1\r\nsec-ch-dpr: 2\r\n\r\n")
        #expect(try forwarded(channel).isEmpty)  // nothing reached the router
        let answered = try responses(channel)
        try #require(answered.count == 1)
        #expect(answered[0].status == 200)
        #expect(answered[0].body == expected.body)
        for field in expected.headers {
            #expect(answered[0].field(field.name.rawName) == field.value, "\(field.name)")
        }
        // Nothing more than the route's fields, its Content-Length and a Date.
        let routeNames = Set(expected.headers.map { $0.name.canonicalName }).union(["content-length", "date"])
        #expect(Set(answered[0].fields.map(\.name)) == routeNames)
        #expect(answered[0].fields.count == routeNames.count)
        #expect(answered[0].field("content-length") == String(expected.body.count))
        #expect(answered[0].field("date")?.hasSuffix(" GMT") == true)
        #expect(answered[0].field("connection") == nil)
        #expect(channel.isActive)
    }

    @Test("If-None-Match with the entity tag gives a 304 with the same cache headers and no body")
    func notModified() throws {
        let channel = try channel()
        try send(channel, "GET /assets/Hero HTTP/1.1\r\nSec-CH-DPR: 2\r\n\r\n")
        let tag = try #require(try responses(channel).first?.field("etag"))
        try send(channel, "GET /assets/Hero HTTP/1.1\r\nSec-CH-DPR: 2\r\nIf-None-Match: W/\"x\", \(tag)\r\n\r\n")
        let answered = try responses(channel)
        #expect(answered.map(\.status) == [304])
        #expect(answered.first?.field("etag") == tag)
        #expect(answered.first?.field("vary") == "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme")
        #expect(answered.first?.field("content-length") == nil)
        #expect(answered.first?.field("content-type") == nil)
    }

    @Test("pipelined in one read: HEAD keeps Content-Length and sends no body, then a 404, in order")
    func headAndMissing() throws {
        let channel = try channel()
        try send(channel, "HEAD /assets/Hero HTTP/1.1\r\n\r\nGET /assets/NoSuchAsset HTTP/1.1\r\n\r\n")
        let answered = try responses(channel, heads: [0])
        #expect(answered.map(\.status) == [200, 404])
        #expect(Int(answered[0].field("content-length") ?? "") ?? 0 > 0)
        #expect(String(decoding: answered[1].body, as: UTF8.self).contains("NoSuchAsset"))
        #expect(answered[1].field("cache-control") == "no-store")
    }

    @Test("other routes go on to the router, and asset requests pipelined behind them wait their turn there")
    func keepsOrderBehindTheRouter() throws {
        let channel = try channel()
        try send(channel, "GET /healthz HTTP/1.1\r\n\r\nGET /assets/Hero HTTP/1.1\r\n\r\n")
        // Both were handed on: answering the second here would overtake the first's response.
        #expect(try forwarded(channel) == ["/healthz", "/assets/Hero"])
        #expect(try responses(channel).isEmpty)
        // The router's answers go through NIO's encoder; once both have ended, asset requests are answered here again.
        for _ in 0..<2 {
            try channel.writeOutbound(
                HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Length": "3"])))
            try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "ok\n"))))
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
        #expect(try responses(channel).map(\.body) == [Array("ok\n".utf8), Array("ok\n".utf8)])
        try send(channel, "GET /assets/Hero HTTP/1.1\r\n\r\n")
        #expect(try forwarded(channel).isEmpty)
        #expect(try responses(channel).map(\.status) == [200])
    }

    @Test("the router's answer to a HEAD loses any body part")
    func routerHead() throws {
        let channel = try channel()
        try send(channel, "HEAD /healthz HTTP/1.1\r\n\r\n")
        #expect(try forwarded(channel) == ["/healthz"])
        try channel.writeOutbound(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Length": "3"])))
        try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "ok\n"))))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        try send(channel, "GET /assets/Hero HTTP/1.1\r\n\r\n")
        // Had the body gone out, the client would read "ok\n" as the start of the next response.
        #expect(try responses(channel, heads: [0]).map(\.status) == [200, 200])
    }

    @Test("Connection: close is honoured: the answer says so and the connection closes after it")
    func connectionClose() throws {
        let channel = try channel()
        try send(channel, "GET /assets/Hero HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\n")
        channel.embeddedEventLoop.run()
        let answered = try responses(channel)
        #expect(answered.first?.field("connection") == "close")
        #expect(!channel.isActive)
    }

    @Test("HTTP/1.0: closed after the answer unless the client asks to keep it, which the answer then confirms")
    func http10() throws {
        let channel = try channel()
        try send(channel, "GET /assets/Hero HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        channel.embeddedEventLoop.run()
        #expect(try responses(channel).first?.field("connection") == "keep-alive")
        #expect(channel.isActive)
        try send(channel, "GET /assets/Hero HTTP/1.0\r\n\r\n")
        channel.embeddedEventLoop.run()
        #expect(try responses(channel).first?.field("connection") == "close")
        #expect(!channel.isActive)
    }

    @Test("request header fields are read whatever their case, and a repeated one as its values joined")
    func requestFields() {
        let fields = AssetRequestFields(
            HTTPHeaders([("SEC-CH-DPR", "3"), ("sec-ch-prefers-color-scheme", "\"dark\""), ("If-None-Match", "\"a\""),
                ("if-none-match", "\"b\""), ("Sec-CH-DPX", "1"), ("Accept-Language", "fr")]))
        #expect(fields.devicePixelRatio == "3")
        #expect(fields.prefersColorScheme == "\"dark\"")
        #expect(fields.ifNoneMatch == "\"a\", \"b\"")
        #expect(fields.acceptLanguage == "fr")
        #expect(fields.viewportWidth == nil)
    }

    @Test("the Date header is IMF-fixdate in GMT")
    func dateFormat() {
        #expect(HTTPDateCache.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDateCache.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
