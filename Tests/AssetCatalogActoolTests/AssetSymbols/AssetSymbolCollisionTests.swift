import AssetCatalogActool
import Testing

@Suite struct AssetSymbolCollisionTests {
    @Test func theFirstNameKeepsTheSymbolTheNextGetsAWarning() {
        let outputs = AssetSymbolGenerator(options: AssetSymbolOptions(generatesSwiftExtensions: false))
            .generate(from: AssetSymbolFixtures.index(images: ["icon_more_arrow", "icon-more-arrow", "File", "FileImage"]))
        let message = "The \"icon_more_arrow\" image asset name resolves to the symbol \"iconMoreArrow\" which already exists. Try renaming the asset."
        #expect(
            outputs.swiftSource.contains(
                """
                    /// The "icon-more-arrow" asset catalog image resource.
                    static let iconMoreArrow = DeveloperToolsSupport.ImageResource(name: "icon-more-arrow", bundle: resourceBundle)

                    #warning("The \\"icon_more_arrow\\" image asset name resolves to the symbol \\"iconMoreArrow\\" which already exists. Try renaming the asset.")

                """))
        #expect(outputs.diagnostics.map(\.message).contains(message))
        // `FileImage` loses its Swift symbol to `File` (suffix dropped), but keeps its Objective-C constant.
        #expect(outputs.swiftSource.contains("#warning(\"The \\\"FileImage\\\" image asset name resolves to the symbol \\\"file\\\""))
        #expect(outputs.objcHeader.contains("static NSString * const ACImageNameFileImage AC_SWIFT_PRIVATE = @\"FileImage\";"))
        #expect(outputs.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func objectiveCNamesCollideOnTheirOwn() {
        let outputs = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(images: ["block_lv-1", "block_lv1"]))
        #expect(
            outputs.objcHeader.contains(
                "#warning The \"block_lv1\" image asset name resolves to the symbol \"ACImageNameBlockLv1\" which already exists. Try renaming the asset.\n\n"
            ))
        #expect(outputs.diagnostics.count == 2)
        #expect(outputs.symbols.map(\.assetName) == ["block_lv-1"])
    }

    @Test func namespacesKeepNamesApart() {
        let outputs = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(images: ["Tab/home", "home"]))
        #expect(outputs.diagnostics.isEmpty)
        #expect(outputs.symbols.map(\.swiftIdentifier) == ["home", "home"])
    }

    @Test func warningsOffLeavesThemOut() {
        let options = AssetSymbolOptions(reportsWarnings: false)
        let outputs = AssetSymbolGenerator(options: options).generate(from: AssetSymbolFixtures.index(images: ["a_b", "a-b"]))
        #expect(outputs.diagnostics.isEmpty)
        #expect(!outputs.swiftSource.contains("#warning"))
        #expect(!outputs.objcHeader.contains("#warning"))
    }
}
