import AssetCatalog
import AssetCatalogServer
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// The HTTP a cache and a browser see, through the router `assetc serve` builds, in process.
struct HTTPSemanticsTests {
    /// The bytes `assetc extract` writes for these traits (the same library calls).
    private func extracted(_ name: String, _ traits: TraitCollection) throws -> [UInt8] {
        let archive = try AssetArchive(bytes: ServerFixture.showcaseBytes)
        return try #require(try archive.image(named: name, compatibleWith: traits)).bytes
    }

    @Test("GET /assets/Hero: the variant the hints ask for, byte for byte what extract writes, with its Content-Type")
    func hintsChooseTheBytes() async throws {
        let client = InProcessClient(try ServerFixture.server())
        for (dpr, scheme, scale, appearance) in [
            ("1", "light", 1, Appearance.light), ("2", "dark", 2, .dark), ("2.625", "dark", 3, .dark), ("3", "light", 3, .light),
        ] {
            let answer = try await client.request(
                "/assets/Hero", headers: ["Sec-CH-DPR": dpr, "Sec-CH-Prefers-Color-Scheme": "\"\(scheme)\""])
            #expect(answer.status == .ok)
            #expect(answer.header("Content-Type") == "image/png")
            #expect(answer.header("Content-Length") == String(answer.body.count))
            var traits = TraitCollection()
            traits.displayScale = DisplayScale(scale)
            traits.appearance = appearance
            #expect(answer.body == (try extracted("Hero", traits)), "DPR \(dpr), \(scheme)")
        }
    }

    @Test("The issue's example: ?device=iphone-portrait with DPR 2 and dark")
    func deviceQueryWithHints() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let answer = try await client.request(
            "/assets/Hero?device=iphone-portrait", headers: ["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "\"dark\""])
        var traits = DevicePreset.named("iphone-portrait")!.traits
        traits.displayScale = DisplayScale(2)
        traits.appearance = .dark
        #expect(answer.status == .ok)
        #expect(answer.body == (try extracted("Hero", traits)))
    }

    @Test("Vary names only the hints that can change this asset's answer; Accept-CH and Critical-CH come with it")
    func varyPerAsset() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let hero = try await client.request("/assets/Hero")
        #expect(hero.header("Vary") == "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme")
        #expect(hero.header("Critical-CH") == "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme")
        #expect(hero.header("Accept-CH") == "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme, Sec-CH-Viewport-Width")
        let logo = try await client.request("/assets/AppLogo")
        #expect(logo.header("Vary") == "Sec-CH-DPR", "no dark variant: no Vary on the colour scheme")
        let star = try await client.request("/assets/Icons/Star")
        #expect(star.status == .ok)
        #expect(star.header("Content-Type") == "image/svg+xml")
        #expect(star.header("Vary") == nil, "one vector variant: nothing varies")
        #expect(star.header("Accept-CH") != nil)
        let pinnedScale = try await client.request("/assets/Hero?scale=2")
        #expect(pinnedScale.header("Vary") == "Sec-CH-Prefers-Color-Scheme", "an explicit scale makes the DPR irrelevant")
        let pinned = try await client.request("/assets/Hero?variant=1")
        #expect(pinned.header("Vary") == nil)
    }

    @Test("ETag is strong and follows the bytes; If-None-Match answers 304 with the cache headers and no body")
    func entityTags() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let dark = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "dark"])
        let light = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2"])
        let tag = try #require(dark.header("ETag"))
        #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
        #expect(tag != light.header("ETag"))
        let again = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "dark"])
        #expect(again.header("ETag") == tag)

        let notModified = try await client.request(
            "/assets/Hero", headers: ["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "dark", "If-None-Match": "\"x\", \(tag)"])
        #expect(notModified.status == .notModified)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == tag)
        #expect(notModified.header("Vary") == dark.header("Vary"))
        #expect(notModified.header("Cache-Control") == "public, max-age=300")
        let weak = try await client.request(
            "/assets/Hero", headers: ["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "dark", "If-None-Match": "W/\(tag)"])
        #expect(weak.status == .notModified, "If-None-Match compares weakly")
        let star = try await client.request("/assets/Hero", headers: ["If-None-Match": "*"])
        #expect(star.status == .notModified)
        let other = try await client.request("/assets/Hero", headers: ["Sec-CH-DPR": "2", "If-None-Match": tag])
        #expect(other.status == .ok, "the light variant's tag differs")
    }

    @Test("Cache-Control is configurable; errors are never stored")
    func cacheControl() async throws {
        let client = InProcessClient(
            try ServerFixture.server(configuration: AssetServerConfiguration(cacheControl: "public, max-age=31536000, immutable")))
        let answer = try await client.request("/assets/AppLogo")
        #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable")
        let missing = try await client.request("/assets/Nope")
        #expect(missing.status == .notFound)
        #expect(missing.header("Cache-Control") == "no-store")
    }

    @Test("HEAD: the headers of GET, Content-Length included, and no body")
    func head() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let get = try await client.request("/assets/AppLogo", headers: ["Sec-CH-DPR": "3"])
        let head = try await client.request("/assets/AppLogo", method: .head, headers: ["Sec-CH-DPR": "3"])
        #expect(head.status == .ok)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(get.body.count))
        #expect(head.header("ETag") == get.header("ETag"))
        #expect(head.header("Content-Type") == "image/png")
    }

    @Test("Names: namespaces with /, percent-decoded once; data sets served; colours and unknown names are 404")
    func names() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let encoded = try await client.request("/assets/Icons%2FStar")
        let plain = try await client.request("/assets/Icons/Star")
        #expect(encoded.status == .ok)
        #expect(encoded.body == plain.body)
        let twice = try await client.request("/assets/Icons%252FStar")
        #expect(twice.status == .notFound, "%252F decodes once, to the name 'Icons%2FStar'")
        #expect(twice.text.contains("Icons%2FStar"))
        let data = try await client.request("/assets/Welcome")
        #expect(data.status == .ok)
        #expect(data.header("Content-Type") == "application/octet-stream")
        let color = try await client.request("/assets/Accent")
        #expect(color.status == .notFound)
        #expect(color.text.contains("color set"))
        let none = try await client.request("/assets/Heroo")
        #expect(none.status == .notFound)
        #expect(none.text.contains("no asset named 'Heroo'"))
    }

    @Test("Hostile paths never reach the file system: dot segments, encoded dots, NUL, control characters, bad escapes")
    func hostilePaths() async throws {
        let client = InProcessClient(try ServerFixture.server())
        for target in [
            "/assets/../../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fetc%2fpasswd",
            "/assets/%2Fetc%2Fpasswd", "/assets/Hero%00.png", "/assets/%0d%0aSet-Cookie:%20x", "/assets/%",
            "/assets/%C0%AE%C0%AE", "/assets/Hero/../Hero",
        ] {
            let answer = try await client.request(target)
            #expect([.notFound, .badRequest].contains(answer.status), "\(target): \(answer.status)")
            #expect(!answer.text.contains("root:"), "\(target)")
            #expect(answer.header("Set-Cookie") == nil)
            #expect(!answer.text.contains("\r"), "control characters are not echoed")
        }
        let nul = try await client.request("/assets/Hero%00")
        #expect(nul.status == .badRequest)
    }

    @Test("Limits: over-long names are 414 before any lookup; too many query parameters are 400; bad values are 400")
    func limits() async throws {
        let client = InProcessClient(try ServerFixture.server(configuration: AssetServerConfiguration(maximumNameBytes: 64)))
        let long = try await client.request("/assets/" + String(repeating: "a", count: 65))
        #expect(long.status == .uriTooLong)
        let longEncoded = try await client.request("/assets/" + String(repeating: "%41", count: 65))
        #expect(longEncoded.status == .uriTooLong)
        let fits = try await client.request("/assets/" + String(repeating: "a", count: 64))
        #expect(fits.status == .notFound)
        let query = (0..<40).map { "p\($0)=1" }.joined(separator: "&")
        let many = try await client.request("/assets/Hero?" + query)
        #expect(many.status == .badRequest)
        let bad = try await client.request("/assets/Hero?appearance=sepia")
        #expect(bad.status == .badRequest)
        #expect(bad.text.contains("'appearance'"))
        let pin = try await client.request("/assets/Hero?variant=99")
        #expect(pin.status == .notFound)
        #expect(pin.text.contains("no variant 99"))
    }

    @Test("A flood of distinct unknown names leaves nothing behind: the catalog's tables do not grow")
    func floodOfNames() async throws {
        let server = try ServerFixture.server()
        let client = InProcessClient(server)
        let before = server.store.current.names.count
        for index in 0..<2000 {
            let answer = try await client.request("/assets/flood-\(index)")
            #expect(answer.status == .notFound)
        }
        #expect(server.store.current.names.count == before)
    }

    @Test("GET /assets/{name}.json explains the choice with the request's traits")
    func explanation() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let answer = try await client.request(
            "/assets/Hero.json?contrast=normal", headers: ["Sec-CH-DPR": "3", "Sec-CH-Prefers-Color-Scheme": "dark"])
        #expect(answer.status == .ok)
        #expect(answer.header("Content-Type") == "application/json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(document["name"] as? String == "Hero")
        #expect((document["chosenSource"] as? String)?.hasSuffix("Hero-dark@3x.png") == true)
        #expect(document["vary"] as? [String] == ["Sec-CH-DPR", "Sec-CH-Prefers-Color-Scheme"])
        let candidates = try #require(document["candidates"] as? [[String: Any]])
        #expect(candidates.filter { $0["outcome"] as? String == "chosen" }.count == 1)
        #expect(
            candidates.contains { $0["eliminatedBy"] as? String == "contrast" },
            "high-contrast variants are eliminated on a normal-contrast request")
    }

    @Test("/healthz, /metrics in Prometheus format, and the gallery page")
    func operations() async throws {
        let client = InProcessClient(try ServerFixture.server())
        let health = try await client.request("/healthz")
        #expect(health.status == .ok)
        #expect(health.text.hasPrefix("ok: 1 catalogs"))
        _ = try await client.request("/assets/Hero")
        let tag = try #require(try await client.request("/assets/Hero").header("ETag"))
        _ = try await client.request("/assets/Hero", headers: ["If-None-Match": tag])
        _ = try await client.request("/assets/Missing")
        let metrics = try await client.request("/metrics")
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = metrics.text
        #expect(text.contains("assetc_http_requests_total{status=\"200\"} 3"), "\(text)")
        #expect(text.contains("assetc_http_requests_total{status=\"304\"} 1"))
        #expect(text.contains("assetc_http_requests_total{status=\"404\"} 1"))
        #expect(text.contains("assetc_http_not_modified_total 1"))
        #expect(text.contains("assetc_http_response_bytes_total"))
        #expect(text.contains("assetc_http_request_duration_seconds_bucket"))
        let gallery = try await client.request("/", headers: ["Sec-CH-DPR": "2"])
        #expect(gallery.status == .ok)
        #expect(gallery.header("Content-Type") == "text/html; charset=utf-8")
        #expect(gallery.header("Critical-CH") == "Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme, Sec-CH-Viewport-Width")
        #expect(gallery.text.contains("<img src=\"/assets/Hero\""))
        #expect(gallery.text.contains("href=\"/assets/Icons/Star?variant=0\""))
        #expect(gallery.text.contains("2x"), "the page says what the request hinted")
    }

    @Test("Routes mount under a prefix in an app's own router")
    func mountedUnderPrefix() async throws {
        let server = try ServerFixture.server()
        let router = Router()
        router.get("/app") { _, _ in "the app's own route" }
        server.addRoutes(to: router, prefix: "/images")
        let client = InProcessClient(responder: router.buildResponder())
        let answer = try await client.request("/images/assets/AppLogo", headers: ["Sec-CH-DPR": "2"])
        #expect(answer.status == .ok)
        #expect(answer.header("Content-Type") == "image/png")
        let own = try await client.request("/app")
        #expect(own.text == "the app's own route")
    }
}
