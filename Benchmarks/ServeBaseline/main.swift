// The floor of `Scripts/bench.sh serve`: a Hummingbird 2 server, built like `assetc serve` (same framework, same
// event loops, HTTP/1 channel) but answering every `GET /assets/{name}` with one fixed file held in memory and
// the same response headers, without resolving anything. `bench.sh serve` measures it beside nginx and
// `assetc serve` in one run, so the ratio shows what the framework costs and what assetc's own work adds.
//
//   ServeBaseline FILE PORT     (prints "serving on http://127.0.0.1:PORT/" once it listens)
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[2]), let bytes = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ServeBaseline FILE PORT\n".utf8))
    exit(2)
}
let body = ByteBuffer(bytes: bytes)
var headers = HTTPFields()
headers[.eTag] = "\"baseline\""
headers[.cacheControl] = "public, max-age=300"
headers[HTTPField.Name("Accept-CH")!] = "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme, Sec-CH-Viewport-Width"
headers[HTTPField.Name("Critical-CH")!] = "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme"
headers[.vary] = "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme"
headers[.contentType] = "image/png"
headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
let fixedHeaders = headers

let router = Router()
router.get("/assets/**") { _, _ in
    Response(status: .ok, headers: fixedHeaders, body: ResponseBody(byteBuffer: body))
}
let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
    onServerRunning: { channel in print("serving on http://127.0.0.1:\(channel.localAddress?.port ?? port)/") })
try await application.runService()
