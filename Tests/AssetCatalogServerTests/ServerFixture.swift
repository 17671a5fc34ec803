import AssetCatalog
import AssetCatalogBuilder
import AssetCatalogServer
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOEmbedded

/// SampleCatalogs/Showcase.xcassets packed into a temporary archive, and requests answered in process through the
/// same router `assetc serve` builds (an embedded channel stands in for the connection: no socket).
enum ServerFixture {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The packed Showcase catalog's bytes (packed once per process).
    static let showcaseBytes: [UInt8] = {
        let root = repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        return try! Packer().packToBytes(index).archive
    }()

    /// This process's folder of temporary folders, removed when the process exits: the servers under test keep
    /// their archives open until then, so no test can remove its own folder when it ends.
    private static let processFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "assetc-serve-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        removedAtExit.withLockedValue { $0 = folder.path }
        atexit { ServerFixture.removeProcessFolder() }
        return folder
    }()

    /// The path `atexit` removes (a C function cannot capture it).
    private static let removedAtExit = NIOLockedValueBox<String?>(nil)

    private static func removeProcessFolder() {
        guard let path = removedAtExit.withLockedValue({ $0 }) else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A new temporary folder (inside this process's folder, removed when the process exits).
    static func temporaryFolder() throws -> URL {
        let folder = processFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes the Showcase archive under `folder` and returns its path.
    static func writeShowcase(in folder: URL, name: String = "Showcase.assetc") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(showcaseBytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A server over a fresh copy of the Showcase archive.
    static func server(configuration: AssetServerConfiguration = AssetServerConfiguration()) throws -> AssetServer {
        let folder = try temporaryFolder()
        let store = try CatalogStore(paths: [try writeShowcase(in: folder)])
        return AssetServer(store: store, configuration: configuration)
    }
}

/// A response with its body collected.
struct Answer {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
}

/// Sends requests through an ``AssetServer``'s routes in a Hummingbird router, in process.
struct InProcessClient {
    let responder: RouterResponder<BasicRequestContext>

    init(_ server: AssetServer) {
        let router = Router()
        server.addRoutes(to: router)
        responder = router.buildResponder()
    }

    init(responder: RouterResponder<BasicRequestContext>) {
        self.responder = responder
    }

    func request(_ target: String, method: HTTPRequest.Method = .get, headers: [String: String] = [:]) async throws -> Answer {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        let head = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: target, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let context = BasicRequestContext(
            source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as HTTPError {
            return Answer(status: error.status, headers: error.headers, body: [])
        }
        let collector = CollectingWriter()
        let body = response.body
        try await body.write(collector.capture)
        return Answer(status: response.status, headers: response.headers, body: collector.box.bytes)
    }
}

/// Collects a response body.
struct CollectingWriter {
    final class Box: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    struct Writer: ResponseBodyWriter {
        let box: Box
        mutating func write(_ buffer: ByteBuffer) async throws { box.bytes += Array(buffer.readableBytesView) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    let box = Box()
    var capture: Writer { Writer(box: box) }
}
