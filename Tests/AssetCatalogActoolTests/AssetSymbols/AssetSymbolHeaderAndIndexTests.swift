import AssetCatalog
import AssetCatalogActool
import AssetCatalogBuilder
import Testing

@Suite struct AssetSymbolHeaderAndIndexTests {
    @Test func headerListsColoursThenImages() {
        let options = AssetSymbolOptions(bundleIdentifier: "com.example.app")
        let header = AssetSymbolGenerator(options: options)
            .generate(from: AssetSymbolFixtures.index(colors: ["AccentColor"], images: ["LaunchLogo", "assets/images/tab1"]))
            .objcHeader
        #expect(
            header == """
                #import <Foundation/Foundation.h>

                #if __has_attribute(swift_private)
                #define AC_SWIFT_PRIVATE __attribute__((swift_private))
                #else
                #define AC_SWIFT_PRIVATE
                #endif

                /// The resource bundle ID.
                static NSString * const ACBundleID AC_SWIFT_PRIVATE = @"com.example.app";

                /// The "AccentColor" asset catalog color resource.
                static NSString * const ACColorNameAccentColor AC_SWIFT_PRIVATE = @"AccentColor";

                /// The "LaunchLogo" asset catalog image resource.
                static NSString * const ACImageNameLaunchLogo AC_SWIFT_PRIVATE = @"LaunchLogo";

                /// The "assets/images/tab1" asset catalog image resource.
                static NSString * const ACImageNameAssetsImagesTab1 AC_SWIFT_PRIVATE = @"assets/images/tab1";

                #undef AC_SWIFT_PRIVATE

                """)
    }

    @Test func noBundleIdentifierNoBundleConstant() {
        let header = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(images: ["IMG_4251"])).objcHeader
        #expect(!header.contains("ACBundleID"))
        #expect(header.contains("#endif\n\n/// The \"IMG_4251\" asset catalog image resource.\nstatic NSString * const ACImageName_IMG_4251 AC_SWIFT_PRIVATE = @\"IMG_4251\";\n\n#undef AC_SWIFT_PRIVATE\n"))
    }

    @Test func indexHasColoursImagesAndSymbols() {
        let outputs = AssetSymbolGenerator()
            .generate(from: AssetSymbolFixtures.index(colors: ["Brand/Primary"], images: ["LaunchImage"], others: [("Data", .data)]))
        let catalog = PropertyListValue.string(AssetSymbolFixtures.catalogPath)
        #expect(
            outputs.index
                == .dictionary([
                    "colors": .array([
                        .dictionary([
                            "catalogPath": catalog, "objcSymbol": .string("ACColorNameBrandPrimary"),
                            "relativePath": .string("./Brand/Primary.colorset"), "swiftSymbol": .string("Brand.primary"),
                        ])
                    ]),
                    "images": .array([
                        .dictionary([
                            "catalogPath": catalog, "objcSymbol": .string("ACImageNameLaunchImage"),
                            "relativePath": .string("./LaunchImage.imageset"), "swiftSymbol": .string("launch"),
                        ])
                    ]),
                    "symbols": .array([]),
                ]))
        #expect(outputs.index.xmlDocument.contains("\t<key>images</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>catalogPath</key>\n"))
    }
}
