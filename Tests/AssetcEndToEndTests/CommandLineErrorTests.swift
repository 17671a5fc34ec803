import Testing

/// Bad input on the command line: a non-zero exit and a message naming the bad value and the accepted ones.
@Suite("Command-line errors")
struct CommandLineErrorTests {
    @Test(
        "Bad trait flags exit non-zero and name the value and what is accepted",
        arguments: [
            (["--device", "toaster"], ["toaster", "iphone-portrait", "ipad"]),
            (["--scale", "0"], ["'0'", "positive integer"]),
            (["--scale", "abc"], ["'abc'", "positive integer"]),
            (["--width", "wide"], ["'wide'", "compact", "regular"]),
            (["--height", "tall"], ["'tall'", "compact", "regular"]),
            (["--size-classes", "wX hR"], ["wX hR", "wC hR"]),
            (["--gamut", "adobe"], ["'adobe'", "srgb", "p3"]),
            (["--appearance", "dim"], ["'dim'", "light", "dark"]),
            (["--contrast", "max"], ["'max'", "normal", "high"]),
            (["--direction", "up"], ["'up'", "ltr", "rtl"]),
            (["--idiom", "fridge"], ["'fridge'", "phone", "pad"]),
            (["--fallback-order", "idiom,size"], ["'size'", "gamut"]),
        ])
    func badTraitFlag(flags: [String], expected: [String]) throws {
        let run = try Assetc.run(["resolve", "SampleCatalogs/Showcase.xcassets", "Hero"] + flags, in: Assetc.repositoryRoot)
        #expect(run.status == 2, "usage errors exit 2")
        for fragment in expected {
            #expect(run.stderr.contains(fragment), "stderr should mention \(fragment): \(run.stderr)")
        }
    }

    @Test("An unknown subcommand exits non-zero")
    func unknownSubcommand() throws {
        let run = try Assetc.run(["frobnicate"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("frobnicate"))
    }
}
