import AssetCatalogActool
import Testing

/// The naming rules, each case taken from a `GeneratedAssetSymbols.swift` or `.h` committed to a public repository
/// (docs/ASSET-SYMBOLS.md).
@Suite struct AssetSymbolNamingTests {
    /// The Swift member Xcode generated for a top-level asset.
    private func swiftSymbol(_ name: String, _ kind: AssetSymbolKind) -> String? {
        let index =
            kind == .color ? AssetSymbolFixtures.index(colors: [name]) : AssetSymbolFixtures.index(images: [name])
        return AssetSymbolGenerator().generate(from: index).symbols.first?.swiftIdentifier
    }

    private func objcSymbol(_ name: String, _ kind: AssetSymbolKind) -> String? {
        let index =
            kind == .color ? AssetSymbolFixtures.index(colors: [name]) : AssetSymbolFixtures.index(images: [name])
        return AssetSymbolGenerator().generate(from: index).symbols.first?.objcName
    }

    @Test(arguments: [
        ("icon_bookmark", "iconBookmark"), ("more icon", "moreIcon"), ("figure.prothese.motion", "figureProtheseMotion"),
        ("Button-Highlighted", "buttonHighlighted"), ("right_menu_QR_white", "rightMenuQRWhite"), ("icon_ID", "iconID"),
        ("Empty man PP", "emptyManPP"), ("tab_c2c_00", "tabC2C00"), ("tab_c2c_normal", "tabC2CNormal"),
        ("VExpense", "vExpense"), ("WSDOTbackground", "wsdoTbackground"), ("TLSold", "tlSold"), ("BMRArm", "bmrArm"),
        ("M-stadt", "mStadt"), ("Image 10", "image10"), ("dna_1", "dna1"), ("orbita+", "orbita"),
        ("LaunchImage", "launch"), ("FileImage", "file"), ("Image", "image"),
    ])
    func camelCaseImages(name: String, expected: String) {
        #expect(swiftSymbol(name, .image) == expected)
    }

    @Test(arguments: [
        ("BMR", "BMR"), ("M", "M"), ("AL-6", "AL_6"), ("IMG02", "IMG_02"), ("IMG_4251", "IMG_4251"),
        ("TLS2016", "TLS_2016"), ("1", "_1"), ("10", "_10"),
    ])
    func constantCaseImages(name: String, expected: String) {
        #expect(swiftSymbol(name, .image) == expected)
    }

    @Test(arguments: [
        ("AccentColor", "accent"), ("vkBrandColor", "vkBrand"), ("black-color", "black"), ("card-number-color", "cardNumber"),
        ("shadowColor 1", "shadowColor1"), ("Color", "color"), ("BackgroundColour", "backgroundColour"),
        ("UIColour", "uiColour"), ("292C38", "_292_C_38"), ("2B3041", "_2_B_3041"), ("A2D8FF", "A_2_D_8_FF"),
        ("ECEAFB", "ECEAFB"), ("DCAC00", "DCAC_00"), ("c50000", "c50000"), ("121212", "_121212"),
    ])
    func colors(name: String, expected: String) {
        #expect(swiftSymbol(name, .color) == expected)
    }

    @Test func keywordsAreWrittenInBackticks() {
        let source = AssetSymbolGenerator(options: AssetSymbolOptions(generatesSwiftExtensions: false))
            .generate(from: AssetSymbolFixtures.index(images: ["Default", "as", "subscript", "switch"])).swiftSource
        #expect(source.contains("static let `default` = DeveloperToolsSupport.ImageResource(name: \"Default\""))
        #expect(source.contains("static let `as` = "))
        #expect(source.contains("static let `subscript` = "))
        #expect(source.contains("static let `switch` = "))
    }

    @Test(arguments: [
        ("AccentColor", AssetSymbolKind.color, "ACColorNameAccentColor"), ("textColor", .color, "ACColorNameTextColor"),
        ("UIColour", .color, "ACColorNameUIColour"), ("Launch_screen_colour", .color, "ACColorNameLaunchScreenColour"),
        ("LaunchImage", .image, "ACImageNameLaunchImage"), ("assets/images/tab1", .image, "ACImageNameAssetsImagesTab1"),
        ("AILogos/chatgpt", .image, "ACImageNameAILogosChatgpt"), ("Empty man PP", .image, "ACImageNameEmptyManPP"),
        ("Product.1", .image, "ACImageNameProduct1"), ("BMR", .image, "ACImageNameBMR"),
        ("NEXO LOGO", .image, "ACImageName_NEXO_LOGO"), ("IMG02", .image, "ACImageName_IMG_02"),
        ("AL-0", .image, "ACImageName_AL_0"), ("IMG_4251", .image, "ACImageName_IMG_4251"),
        ("Screenshot_2025-11-03_at_9.46.50_AM-removebg-preview", .image, "ACImageNameScreenshot20251103At94650AMRemovebgPreview"),
    ])
    func objectiveCNames(name: String, kind: AssetSymbolKind, expected: String) {
        #expect(objcSymbol(name, kind) == expected)
    }

    @Test func namespaceTypesStartWithACapital() {
        let outputs = AssetSymbolGenerator().generate(
            from: AssetSymbolFixtures.index(images: ["iconPreviews/BMW", "iconPreviews/M-stadt", "AppIcon/Back/Content"]))
        #expect(outputs.symbols.map(\.swiftNamespaces) == [["AppIcon", "Back"], ["IconPreviews"], ["IconPreviews"]])
        #expect(outputs.symbols.map(\.swiftIdentifier) == ["content", "BMW", "mStadt"])
    }

    @Test func aNameWithoutLettersOrDigitsGetsNoSymbolAndAWarning() {
        let outputs = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(images: ["+++", "ok"]))
        #expect(outputs.symbols.map(\.assetName) == ["ok"])
        #expect(outputs.diagnostics.map(\.assetName) == ["+++"])
        #expect(outputs.diagnostics.first?.severity == .warning)
    }
}
