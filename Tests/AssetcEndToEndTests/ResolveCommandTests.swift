import Foundation
import Testing

@Suite("assetc resolve")
struct ResolveCommandTests {
    let showcase = "SampleCatalogs/Showcase.xcassets"

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "Each device gets the variant drawn for it",
        arguments: [
            (["Hero", "--device", "iphone-portrait"], "Hero.imageset/Hero@3x.png"),
            (["Hero", "--device", "iphone-portrait", "--appearance", "dark"], "Hero.imageset/Hero-dark@3x.png"),
            (["Banner", "--device", "ipad"], "Banner.imageset/Banner-iPad-wR-hR@2x.png"),
            (["Banner", "--device", "ipad-slide-over"], "Banner.imageset/Banner-wC@2x.png"),
            (["Banner", "--device", "ipad-legacy"], "Banner.imageset/Banner-iPad-wR-hR.png"),
            (["BackArrow", "--device", "iphone-portrait", "--direction", "rtl"], "BackArrow.imageset/BackArrow-rtl@3x.png"),
            (["WideGamutPhoto", "--device", "iphone-legacy-portrait"], "WideGamutPhoto.imageset/photo-srgb@2x.png"),
            (["WideGamutPhoto", "--device", "iphone-portrait"], "WideGamutPhoto.imageset/photo-p3@3x.png"),
        ])
    func devices(arguments: [String], expected: String) throws {
        let run = try Assetc.run(["resolve", showcase] + arguments + ["--json"], in: Assetc.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try json(run.stdout)
        #expect(answer["found"] as? Bool == true)
        #expect(answer["source"] as? String == expected)
    }

    @Test("Explicit flags override the preset, and --size-classes sets both classes")
    func overrides() throws {
        let run = try Assetc.run(
            ["resolve", showcase, "Banner", "--device", "iphone-portrait", "--size-classes", "wR hR", "--idiom", "pad", "--scale", "2", "--json"],
            in: Assetc.repositoryRoot)
        #expect(try json(run.stdout)["source"] as? String == "Banner.imageset/Banner-iPad-wR-hR@2x.png")
    }

    @Test("--explain lists every variant with its fate")
    func explain() throws {
        let run = try Assetc.run(["resolve", showcase, "Banner", "--device", "ipad-slide-over", "--explain"], in: Assetc.repositoryRoot)
        #expect(run.status == 0)
        #expect(run.stdout.contains("eliminated by width (variant regular, request compact)"))
        #expect(run.stdout.contains("ranked #1"))
    }

    @Test("Nothing found is a normal answer, not an error")
    func nothingFound() throws {
        // MissingScale holds only an iPhone variant: an iPad gets nothing.
        let run = try Assetc.run(
            ["resolve", "SampleCatalogs/Broken.xcassets", "MissingScale", "--device", "ipad", "--json"], in: Assetc.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try json(run.stdout)
        #expect(answer["found"] as? Bool == false)
        #expect(answer["source"] == nil)
    }

    @Test("An unknown asset name is an error naming it")
    func unknownName() throws {
        let run = try Assetc.run(["resolve", showcase, "NoSuchThing"], in: Assetc.repositoryRoot)
        #expect(run.status != 0)
        #expect(run.stderr.contains("NoSuchThing"))
    }

    @Test("--batch answers one JSON line per request, reports bad lines, and exits 1 when any failed")
    func batch() throws {
        let input = """
            {"name": "Hero", "device": "ipad", "traits": {"appearance": "dark"}}
            {"name": "Hero", "traits": {"idiom": "phone", "scale": 3, "gamut": "p3", "width": "compact", "height": "regular", "appearance": "light", "contrast": "normal", "direction": "ltr"}}

            {"name": "Accent", "device": "iphone-portrait", "traits": {"appearance": "dark"}}
            {"name": "Hero", "device": "toaster"}
            not json
            """
        let run = try Assetc.run(["resolve", showcase, "--batch", "-"], input: input, in: Assetc.repositoryRoot)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let answers = try lines.map(json)
        #expect(answers[0]["source"] as? String == "Hero.imageset/Hero-dark@2x.png")
        #expect(answers[1]["source"] as? String == "Hero.imageset/Hero@3x.png")
        #expect((answers[2]["color"] as? [String: Any])?["colorSpace"] != nil)
        #expect((answers[3]["error"] as? String)?.contains("toaster") == true)
        #expect((answers[4]["error"] as? String)?.contains(":6:") == true)
    }
}
