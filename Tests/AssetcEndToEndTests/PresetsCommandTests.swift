import Foundation
import Testing

@Suite("assetc presets")
struct PresetsCommandTests {
    @Test("Lists every required preset with its size classes")
    func table() throws {
        let run = try Assetc.run(["presets"])
        #expect(run.status == 0)
        for name in [
            "iphone-portrait", "iphone-landscape", "iphone-max-landscape", "iphone-legacy-portrait", "ipad",
            "ipad-slide-over", "ipad-legacy", "tv", "watch", "mac", "vision",
        ] {
            #expect(run.stdout.contains(name))
        }
        let maxLandscape = run.stdout.split(separator: "\n").first { $0.hasPrefix("iphone-max-landscape") }
        #expect(maxLandscape?.contains("wR hC") == true)
    }

    @Test("JSON gives each preset's traits")
    func json() throws {
        let run = try Assetc.run(["presets", "--json"])
        #expect(run.status == 0)
        let presets = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        let ipad = presets?.first { $0["name"] as? String == "ipad" }
        let traits = ipad?["traits"] as? [String: Any]
        #expect(traits?["idiom"] as? String == "pad")
        #expect(traits?["scale"] as? Int == 2)
        #expect(traits?["width"] as? String == "regular")
        #expect(traits?["gamut"] as? String == "p3")
    }
}
