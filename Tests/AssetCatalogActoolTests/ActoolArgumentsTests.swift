import Testing

@testable import AssetCatalogActool

@Suite("actool's command line")
struct ActoolArgumentsTests {
    @Test("both spellings, flags, repeatable options and inputs in order")
    func spellings() throws {
        let parsed = try ActoolArguments(parsing: [
            "A.xcassets", "--compile", "out", "--output-format=xml1", "--notices", "--target-device", "iphone",
            "--target-device=ipad", "Icon.icon", "--platform", "iphoneos", "--platform", "macosx",
        ])
        #expect(parsed.inputs == ["A.xcassets", "Icon.icon"])
        #expect(parsed.value(.compile) == "out")
        #expect(parsed.value(.outputFormat) == "xml1")
        #expect(parsed.contains(.notices) && !parsed.contains(.warnings))
        #expect(parsed.all(.targetDevice) == ["iphone", "ipad"])
        #expect(parsed.value(.platform) == "macosx", "the last of a repeated single-value option wins")
    }

    @Test("every mistake is an error naming the argument")
    func mistakes() {
        #expect(throws: ActoolUsageError.unknownArgument("--frobnicate")) { try ActoolArguments(parsing: ["--frobnicate"]) }
        #expect(throws: ActoolUsageError.unknownArgument("--frobnicate")) { try ActoolArguments(parsing: ["--frobnicate=1"]) }
        #expect(throws: ActoolUsageError.missingValue(.compile)) { try ActoolArguments(parsing: ["x.xcassets", "--compile"]) }
        #expect(throws: ActoolUsageError.unexpectedValue(.notices)) { try ActoolArguments(parsing: ["--notices=YES"]) }
        #expect(throws: ActoolUsageError.self) { try ActoolArguments(parsing: ["--enable-on-demand-resources", "maybe"]) }
        #expect(throws: ActoolUsageError.self) { try ActoolArguments(parsing: ["--output-format", "json"]) }
        #expect(ActoolUsageError.unknownArgument("--x").description == "Unknown argument '--x'.")
    }

    @Test("a hostile argument is quoted cut short")
    func longArgumentIsCut() {
        let long = "--" + String(repeating: "a", count: 100_000)
        let message = ActoolUsageError.unknownArgument(long).description
        #expect(message.count < 300)
        let escape = ActoolUsageError.unknownArgument("--x\u{1B}[31m").description
        #expect(!escape.unicodeScalars.contains { $0.value == 0x1B }, "control characters are escaped")
    }

    @Test("after --, every word is an input")
    func doubleDash() throws {
        let parsed = try ActoolArguments(parsing: ["--", "--weird.xcassets"])
        #expect(parsed.inputs == ["--weird.xcassets"])
    }

    @Test("the compile's required options, platform and versions are checked")
    func invocation() throws {
        func check(_ words: [String]) throws -> ActoolInvocation {
            try ActoolInvocation(ActoolArguments(parsing: words), toolVersion: "1")
        }
        let base = ["A.xcassets", "--compile", "out", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]
        let good = try check(base + ["--app-icon", "AppIcon", "--alternate-app-icon", "Dark", "--alternate-app-icon", "AppIcon"])
        #expect(good.action == .compile)
        #expect(good.compileOptions?.alternateAppIcons == ["Dark"], "the primary is never its own alternate")
        #expect(throws: ActoolUsageError.self) { try check(["A.xcassets", "--compile", "out", "--minimum-deployment-target", "17.0"]) }
        #expect(throws: ActoolUsageError.self) { try check(["A.xcassets", "--compile", "out", "--platform", "amigaos", "--minimum-deployment-target", "1"]) }
        #expect(throws: ActoolUsageError.self) { try check(["A.xcassets", "--compile", "out", "--platform", "iphoneos", "--minimum-deployment-target", "17.x"]) }
        #expect(throws: ActoolUsageError.self) { try check(["--compile", "out", "--platform", "iphoneos", "--minimum-deployment-target", "17"]) }
        #expect(throws: ActoolUsageError.self) { try check(base + ["--target-device", "toaster"]) }
        // An Icon Composer icon's flat images (issue 41): drawn by default and with the flag, as Xcode 26.2 does; left out
        // with `=disabled` and for Xcode before 26.2 (the sudoku car of Xcode 26.0.1 has none).
        #expect(try check(base).compileOptions?.drawsIconComposerImages == true)
        #expect(try check(base + ["--enable-icon-stack-fallback-generation"]).compileOptions?.drawsIconComposerImages == true)
        #expect(try check(base + ["--enable-icon-stack-fallback-generation=disabled"]).compileOptions?.drawsIconComposerImages == false)
        #expect(try check(base + ["--xcode-version", "26.0.1"]).compileOptions?.drawsIconComposerImages == false)
        #expect(try check(base + ["--xcode-version", "26.2"]).compileOptions?.drawsIconComposerImages == true)
        #expect(throws: ActoolUsageError.self) { try check(base + ["--jobs", "0"]) }
        #expect(try check(base + ["--launch-image", "Launch"]).compileOptions != nil, "launch images are compiled")
        #expect(throws: ActoolUsageError.self) { try check(base + ["--include-language", "not a language!"]) }
        #expect(try check(["--version"]).action == .version)
        #expect(try check(["--print-contents", "A.xcassets"]).action == .printContents)
        #expect(throws: ActoolUsageError.self) { try check(["--print-asset-tag-combinations"]) }
    }
}
