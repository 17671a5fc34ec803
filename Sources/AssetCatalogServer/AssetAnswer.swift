import HTTPTypes
import Hummingbird
import NIOCore

/// An asset route's answer before it becomes a Hummingbird `Response` (``AssetServer``'s route) or bytes written
/// straight to the connection (``AssetFastPathHandler``): its status, the few header values that vary, and the body.
///
/// The headers are kept as typed values rather than an `HTTPFields`, so the fast path writes them out with no
/// field list built per request; ``headers`` gives the same fields, in the same order, for the router.
struct AssetAnswer: Sendable {
    var status: HTTPResponse.Status
    /// `Content-Type` (none on a 304).
    var contentType: String?
    /// `ETag`.
    var entityTag: String?
    /// `Cache-Control`.
    var cacheControl: String
    /// `Accept-CH`, and `Critical-CH` and `Vary` as the asset needs them (none on a problem with the request).
    var hintHeaders: HintHeaders?
    /// A variant's bytes: `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy` (an SVG
    /// opened on its own must not run script in this origin).
    var isPayload = false
    var body: ByteBuffer?
    /// A `HEAD` request: the headers (with the body's `Content-Length`) without the body.
    var omitsBody = false

    init(
        status: HTTPResponse.Status, contentType: String?, entityTag: String? = nil, cacheControl: String,
        hintHeaders: HintHeaders? = nil, isPayload: Bool = false, body: ByteBuffer? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.entityTag = entityTag
        self.cacheControl = cacheControl
        self.hintHeaders = hintHeaders
        self.isPayload = isPayload
        self.body = body
    }

    /// A plain-text error answer that no cache keeps.
    static func problem(_ status: HTTPResponse.Status, _ message: String) -> AssetAnswer {
        AssetAnswer(
            status: status, contentType: "text/plain; charset=utf-8", cacheControl: "no-store",
            body: ByteBuffer(string: message + "\n"))
    }

    static let noSniff = "nosniff"
    static let sandbox = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// The header fields, in the order ``write(to:date:connection:)`` writes them (without `Content-Length`,
    /// `Date` and `Connection`, which the connection's writer adds).
    var headers: HTTPFields {
        var fields = HTTPFields()
        forEachField { name, value in fields.append(HTTPField(name: name, value: value)) }
        return fields
    }

    private func forEachField(_ body: (HTTPField.Name, String) -> Void) {
        if let contentType { body(.contentType, contentType) }
        if let entityTag { body(.eTag, entityTag) }
        body(.cacheControl, cacheControl)
        if let hintHeaders {
            body(.acceptCH, AssetServer.acceptCH)
            if let critical = hintHeaders.critical { body(.criticalCH, critical) }
            if let vary = hintHeaders.vary { body(.vary, vary) }
        }
        if isPayload {
            body(.xContentTypeOptions, Self.noSniff)
            body(.contentSecurityPolicy, Self.sandbox)
        }
    }

    /// How the connection goes on after the answer, as its `Connection` header says.
    enum ConnectionOption {
        /// Nothing to say: HTTP/1.1 keeps the connection open.
        case none
        /// `Connection: keep-alive`: an HTTP/1.0 client asked to keep it open.
        case keepAlive
        /// `Connection: close`: the server closes the connection after this answer.
        case close
    }

    /// The bytes of the whole HTTP/1.1 response (status line, header fields, `Content-Length` but on a 304, `Date`,
    /// `Connection` as `connection` says, and the body but for `HEAD`), appended to `buffer`; the fields are those of
    /// ``headers``, with their names spelt as swift-http-types spells them.
    func write(to buffer: inout ByteBuffer, date: String, connection: ConnectionOption) {
        switch status.code {
        case 200: buffer.writeStaticString("HTTP/1.1 200 OK\r\n")
        case 304: buffer.writeStaticString("HTTP/1.1 304 Not Modified\r\n")
        case 404: buffer.writeStaticString("HTTP/1.1 404 Not Found\r\n")
        default:
            buffer.writeStaticString("HTTP/1.1 ")
            buffer.writeString(String(status.code))
            buffer.writeStaticString(" ")
            buffer.writeString(status.reasonPhrase)
            buffer.writeStaticString("\r\n")
        }
        forEachField { name, value in
            buffer.writeString(name.rawName)
            buffer.writeStaticString(": ")
            buffer.writeString(value)
            buffer.writeStaticString("\r\n")
        }
        let length = body?.readableBytes ?? 0
        if status != .notModified {
            buffer.writeStaticString("Content-Length: ")
            buffer.writeString(String(length))
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("Date: ")
        buffer.writeString(date)
        switch connection {
        case .none: buffer.writeStaticString("\r\n\r\n")
        case .keepAlive: buffer.writeStaticString("\r\nConnection: keep-alive\r\n\r\n")
        case .close: buffer.writeStaticString("\r\nConnection: close\r\n\r\n")
        }
        if let body, !omitsBody, length > 0 { buffer.writeImmutableBuffer(body) }
    }

    /// Enough bytes for ``write(to:date:connection:)`` in one allocation.
    var encodedCapacity: Int {
        var capacity = 400 + (contentType?.utf8.count ?? 0) + (entityTag?.utf8.count ?? 0) + cacheControl.utf8.count
        if hintHeaders != nil { capacity += 3 * AssetServer.acceptCH.utf8.count + 80 }
        if !omitsBody { capacity += body?.readableBytes ?? 0 }
        return capacity
    }
}

extension Response {
    /// The Hummingbird response for `answer`.
    init(_ answer: AssetAnswer) {
        guard let body = answer.body else {
            self.init(status: answer.status, headers: answer.headers)
            return
        }
        guard !answer.omitsBody else {
            var headers = answer.headers
            headers[.contentLength] = String(body.readableBytes)
            self.init(status: answer.status, headers: headers, body: ResponseBody())
            return
        }
        self.init(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: body))
    }
}

extension HTTPField.Name {
    static let acceptCH = HTTPField.Name("Accept-CH")!
    static let criticalCH = HTTPField.Name("Critical-CH")!
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
