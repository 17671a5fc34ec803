import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import AssetCatalogServer

/// `AssetFastPathHandler` in an embedded channel: what it answers itself, what it hands on, and in which order the
/// responses leave.
@Suite("Asset requests answered in the channel pipeline")
struct FastPathTests {
    private func channel() throws -> (EmbeddedChannel, AssetServer) {
        let server = try ServerFixture.server()
        let channel = EmbeddedChannel(handler: AssetFastPathHandler(server: server, dates: HTTPDateCache()))
        return (channel, server)
    }

    private func request(_ path: String, method: HTTPRequest.Method = .get, _ fields: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: "127.0.0.1", path: path, headerFields: fields)
    }

    /// The response parts written so far: heads with their bodies' byte counts.
    private func responses(_ channel: EmbeddedChannel) throws -> [(HTTPResponse, Int)] {
        var result: [(HTTPResponse, Int)] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) {
            switch part {
            case .head(let head): result.append((head, 0))
            case .body(let body): result[result.count - 1].1 += body.readableBytes
            case .end: break
            }
        }
        return result
    }

    @Test("GET /assets/{name} is answered with the route's bytes and headers, a Date and a Content-Length")
    func answersAssets() async throws {
        let (channel, _) = try channel()
        let client = InProcessClient(try ServerFixture.server())
        let expected = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2"])
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/Hero", [HTTPField.Name("Sec-CH-DPR")!: "2"])))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil)  // nothing reached the router
        let answered = try responses(channel)
        #expect(answered.count == 1)
        #expect(answered[0].0.status == .ok)
        #expect(answered[0].1 == expected.body.count)
        #expect(answered[0].0.headerFields[.eTag] == expected.header("ETag"))
        #expect(answered[0].0.headerFields[.vary] == expected.header("Vary"))
        #expect(answered[0].0.headerFields[.contentLength] == String(expected.body.count))
        #expect(answered[0].0.headerFields[.date]?.hasSuffix(" GMT") == true)
    }

    @Test("HEAD keeps Content-Length and sends no body; a 404 is answered too")
    func headAndMissing() throws {
        let (channel, _) = try channel()
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/Hero", method: .head)))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/NoSuchAsset")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        let answered = try responses(channel)
        #expect(answered.map(\.0.status) == [.ok, .notFound])
        #expect(answered[0].1 == 0)
        #expect(Int(answered[0].0.headerFields[.contentLength] ?? "") ?? 0 > 0)
    }

    @Test("other routes go on to the router, and asset requests pipelined behind them wait their turn there")
    func keepsOrderBehindTheRouter() throws {
        let (channel, _) = try channel()
        try channel.writeInbound(HTTPRequestPart.head(request("/healthz")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/Hero")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        // Both were handed on: answering the second here would overtake the first's response.
        var forwarded: [String?] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            if case .head(let head) = part { forwarded.append(head.path) }
        }
        #expect(forwarded == ["/healthz", "/assets/Hero"])
        #expect(try responses(channel).isEmpty)
        // Once the router has answered both, asset requests are answered here again.
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        _ = try responses(channel)
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/Hero")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil)
        #expect(try responses(channel).map(\.0.status) == [.ok])
    }

    @Test("Connection: close is honoured: the answer says so and the connection closes after it")
    func connectionClose() throws {
        let (channel, _) = try channel()
        try channel.writeInbound(HTTPRequestPart.head(request("/assets/Hero", [.connection: "keep-alive, Close"])))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.run()
        let answered = try responses(channel)
        #expect(answered.first?.0.headerFields[.connection] == "close")
        #expect(!channel.isActive)
    }

    @Test("the Date header is IMF-fixdate in GMT")
    func dateFormat() {
        #expect(HTTPDateCache.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDateCache.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
