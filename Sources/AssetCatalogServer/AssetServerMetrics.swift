import Hummingbird
import Prometheus

/// The server's counters in Prometheus's text format (`GET /metrics`): requests by status, bytes sent, 304s and a
/// latency histogram, for the routes ``AssetServer`` adds.
public final class AssetServerMetrics: Sendable {
    /// The registry the metrics live in; an app can add its own metrics to it.
    public let registry: PrometheusCollectorRegistry
    private let requests: [Int: Counter]
    private let otherRequests: Counter
    private let bytes: Counter
    private let notModified: Counter
    private let duration: DurationHistogram

    /// The statuses the server answers with, each counted under its own label.
    static let statuses = [200, 304, 400, 404, 405, 414, 500, 503]

    /// Creates the metrics in `registry` (a new one by default).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        let requestsName = Self.name("requests", unit: "total", help: "HTTP requests answered, by status.")
        var requests: [Int: Counter] = [:]
        for status in Self.statuses {
            requests[status] = registry.makeCounter(descriptor: requestsName, labels: [("status", String(status))])
        }
        self.requests = requests
        otherRequests = registry.makeCounter(descriptor: requestsName, labels: [("status", "other")])
        bytes = registry.makeCounter(
            descriptor: Self.name("response_bytes", unit: "total", help: "Response body bytes sent."))
        notModified = registry.makeCounter(
            descriptor: Self.name(
                "not_modified", unit: "total", help: "Requests answered 304 Not Modified (If-None-Match matched)."))
        duration = registry.makeDurationHistogram(
            descriptor: Self.name(
                "request_duration", unit: "seconds",
                help: "Time from a request's arrival at the handler to its response, in seconds."),
            buckets: [
                .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
                .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
                .seconds(1),
            ])
    }

    /// `assetc_http_{name}_{unit}`.
    private static func name(_ name: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "assetc", subsystem: "http", metricName: name, unitName: unit, helpText: help)
    }

    /// Counts one answered request.
    func record(status: Int, bodyBytes: Int, since start: ContinuousClock.Instant) {
        (requests[status] ?? otherRequests).increment()
        if bodyBytes > 0 { bytes.increment(by: Int64(bodyBytes)) }
        if status == 304 { notModified.increment() }
        duration.record(ContinuousClock.now - start)
    }

    /// The metrics in Prometheus's text exposition format.
    public func exposition() -> ByteBuffer {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return ByteBuffer(bytes: buffer)
    }
}
