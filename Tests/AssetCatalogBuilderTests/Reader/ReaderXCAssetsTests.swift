import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: .xcassets structure and keys")
struct ReaderXCAssetsTests {
    @Test("groups, nested groups and namespaces; a group without Contents.json is tolerated")
    func namespaces() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Icons", #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#)
        try fixture.simpleImageset("Icons/Settings")
        try fixture.contents("Icons/Small", #"{"properties":{"provides-namespace":true}}"#)
        try fixture.simpleImageset("Icons/Small/Dot")
        try fixture.contents("Plain", #"{"info":{"author":"xcode","version":1}}"#)
        try fixture.simpleImageset("Plain/Hero")
        try fixture.folder("NoContents/Inner")  // no Contents.json anywhere here
        try fixture.simpleImageset("NoContents/Inner/Deep")
        try fixture.contents("Plain/Named", #"{"properties":{"provides-namespace":true}}"#)
        try fixture.simpleImageset("Plain/Named/Thing")

        let index = fixture.read()
        #expect(index.assets.map(\.name) == ["Deep", "Hero", "Icons/Settings", "Icons/Small/Dot", "Named/Thing"])
        #expect(index.asset(named: "Icons/Small/Dot")?.path == "Icons/Small/Dot.imageset")
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        #expect(index.sources == [CatalogSource(path: fixture.root, kind: .xcassets)])
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants.map(\.traits.displayScale) == [1, 2, 3])
        #expect(hero.variants.map(\.source) == ["Plain/Hero.imageset/Hero.png", "Plain/Hero.imageset/Hero@2x.png", "Plain/Hero.imageset/Hero@3x.png"])
        #expect(hero.variants.allSatisfy { $0.contentType == .png && $0.inspection?.pixelWidth == 4 })
    }

    @Test("every trait key of an image entry becomes a trait")
    func traitKeys() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset(
            "Hero",
            [
                ("a.png", #""idiom":"iphone","scale":"2x""#),
                ("b.png", #""idiom":"ipad","scale":"1x","width-class":"regular","height-class":"compact""#),
                ("c.png", #""idiom":"universal","scale":"3x","display-gamut":"display-P3""#),
                ("d.png", #""idiom":"universal","display-gamut":"sRGB","language-direction":"right-to-left""#),
                (
                    "e.png",
                    #""idiom":"universal","scale":"2x","appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}]"#
                ),
                ("f.png", #""idiom":"tv","scale":"1x","appearances":[{"appearance":"luminosity","value":"light"}]"#),
                ("g.png", #""idiom":"watch","language-direction":"left-to-right""#),
                ("h.png", #""idiom":"mac","scale":"2x""#),
                ("i.png", #""idiom":"car","scale":"3x""#),
                ("j.png", #""idiom":"vision","scale":"2x""#),
            ])
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let traits = try #require(index.asset(named: "Hero")).variants.map(\.traits)
        #expect(traits[0] == VariantTraits(idiom: .phone, displayScale: 2))
        #expect(traits[1] == VariantTraits(idiom: .pad, displayScale: 1, horizontalSizeClass: .regular, verticalSizeClass: .compact))
        #expect(traits[2] == VariantTraits(displayScale: 3, displayGamut: .displayP3))
        #expect(traits[3] == VariantTraits(displayGamut: .sRGB, layoutDirection: .rightToLeft))
        #expect(traits[4] == VariantTraits(displayScale: 2, appearance: .dark, contrast: .high))
        #expect(traits[5] == VariantTraits(idiom: .tv, displayScale: 1, appearance: .light))
        #expect(traits[6] == VariantTraits(idiom: .watch, layoutDirection: .leftToRight))
        #expect(traits[7].idiom == .mac)
        #expect(traits[8].idiom == .car)
        #expect(traits[9].idiom == .vision)
    }

    @Test("the other keys are kept as attributes; objects as compact JSON with sorted keys")
    func attributes() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset(
            "Hero",
            [
                (
                    "a.png",
                    #""idiom":"iphone","scale":"2x","subtype":"retina4","screen-width":"<=145","memory":"2GB","graphics-feature-set":"metal2v2","locale":"fr","compression-type":"lossy","unassigned":true"#
                ),
                (
                    "b.png",
                    #""idiom":"universal","scale":"1x","alignment-insets":{"top":1,"left":2,"bottom":3,"right":4},"resizing":{"mode":"9-part","center":{"mode":"tile","width":2,"height":3},"capInsets":{"top":5,"left":6,"bottom":7,"right":8}}"#
                ),
                (
                    "c.png",
                    #""idiom":"universal","scale":"2x","resizing":{"mode":"9-part","center":{"mode":"tile","width":2,"height":3},"cap-insets":{"top":5,"left":6,"bottom":7,"right":8}}"#
                ),
            ])
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let variants = try #require(index.asset(named: "Hero")).variants
        #expect(
            variants[0].attributes == [
                "subtype": "retina4", "screen-width": "<=145", "memory": "2GB", "graphics-feature-set": "metal2v2",
                "locale": "fr", "compression-type": "lossy", "unassigned": "true",
            ])
        #expect(variants[1].attributes["alignment-insets"] == #"{"bottom":3,"left":2,"right":4,"top":1}"#)
        let resizing = #"{"cap-insets":{"bottom":7,"left":6,"right":8,"top":5},"center":{"height":3,"mode":"tile","width":2},"mode":"9-part"}"#
        #expect(variants[1].attributes["resizing"] == resizing)
        #expect(variants[2].attributes["resizing"] == resizing)
    }

    @Test("set properties")
    func properties() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset(
            "Icon", [("icon.pdf", #""idiom":"universal""#)],
            properties: #"{"template-rendering-intent":"template","preserves-vector-representation":true,"compression-type":"gpu-optimized-best","localizable":true,"on-demand-resource-tags":["level1","extras"]}"#
        )
        let index = fixture.read()
        let asset = try #require(index.asset(named: "Icon"))
        #expect(
            asset.properties
                == AssetProperties(
                    templateRenderingIntent: "template", preservesVectorRepresentation: true,
                    compressionType: "gpu-optimized-best", localizable: true, onDemandResourceTags: ["level1", "extras"]))
    }

    @Test("an entry without filename is an empty slot, kept as a variant without source")
    func emptySlots() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset(
            "Hero",
            [(nil, #""idiom":"universal","scale":"1x""#), ("hero@2x.png", #""idiom":"universal","scale":"2x""#), (nil, #""idiom":"universal","scale":"3x""#)])
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let variants = try #require(index.asset(named: "Hero")).variants
        #expect(variants.count == 3)
        #expect(variants[0].source == nil && variants[0].inspection == nil && variants[0].contentType == nil)
        #expect(variants[0].traits.displayScale == 1)
        #expect(variants[1].source == "Hero.imageset/hero@2x.png")
        #expect(variants[2].source == nil && variants[2].traits.displayScale == 3)
    }

    @Test("tinted luminosity has no trait: kept as an attribute, appearance any, a note")
    func tinted() throws {
        let fixture = try CatalogFixture()
        try fixture.imageset(
            "Hero", [("t.png", #""idiom":"universal","appearances":[{"appearance":"luminosity","value":"tinted"}]"#)])
        let index = fixture.read()
        let variant = try #require(index.asset(named: "Hero")?.variants.first)
        #expect(variant.traits.appearance == nil)
        #expect(variant.attributes["luminosity"] == "tinted")
        #expect(index.has("tinted-appearance", at: "Hero.imageset/Contents.json", "images[0]"))
        #expect(index.diagnostics.allSatisfy { $0.severity == .note })
    }

    @Test("data sets: filename, idiom, universal-type-identifier, traits")
    func dataSets() throws {
        let fixture = try CatalogFixture()
        try fixture.write("Level.dataset/level.json", text: #"{"level":1}"#)
        try fixture.write("Level.dataset/level-dark.json", text: #"{"level":2}"#)
        try fixture.contents(
            "Level.dataset",
            #"{"data":[{"filename":"level.json","idiom":"universal","universal-type-identifier":"public.json"},{"filename":"level-dark.json","idiom":"ipad","universal-type-identifier":"public.json","appearances":[{"appearance":"luminosity","value":"dark"}],"memory":"4GB"}],"info":{"author":"xcode","version":1}}"#
        )
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let asset = try #require(index.asset(named: "Level"))
        #expect(asset.kind == .data)
        #expect(asset.variants.count == 2)
        #expect(asset.variants[0].attributes == ["universal-type-identifier": "public.json"])
        #expect(asset.variants[0].contentType == .unknown)
        #expect(asset.variants[1].traits == VariantTraits(idiom: .pad, appearance: .dark))
        #expect(asset.variants[1].attributes["memory"] == "4GB")
    }

    @Test("app icon sets: size, platform, role, subtype in attributes; marketing idioms accepted")
    func appIcons() throws {
        let fixture = try CatalogFixture()
        try fixture.png("AppIcon.appiconset/icon-60@2x.png", width: 120, height: 120)
        try fixture.png("AppIcon.appiconset/icon-1024.png", width: 16, height: 16)
        try fixture.png("AppIcon.appiconset/ipad-pro.png", width: 16, height: 16)
        try fixture.png("AppIcon.appiconset/watch.png", width: 16, height: 16)
        try fixture.png("AppIcon.appiconset/dark.png", width: 16, height: 16)
        try fixture.contents(
            "AppIcon.appiconset",
            #"""
            {
              "images" : [
                { "filename" : "icon-60@2x.png", "idiom" : "iphone", "scale" : "2x", "size" : "60x60" },
                { "idiom" : "iphone", "scale" : "3x", "size" : "60x60" },
                { "filename" : "ipad-pro.png", "idiom" : "ipad", "scale" : "2x", "size" : "83.5x83.5" },
                { "filename" : "icon-1024.png", "idiom" : "ios-marketing", "scale" : "1x", "size" : "1024x1024" },
                { "filename" : "watch.png", "idiom" : "watch", "role" : "notificationCenter", "scale" : "2x", "size" : "24x24", "subtype" : "38mm" },
                { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "filename" : "dark.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
              ],
              "info" : { "author" : "xcode", "version" : 1 },
              "properties" : { "pre-rendered" : true }
            }
            """#)
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let icon = try #require(index.asset(named: "AppIcon"))
        #expect(icon.kind == .appIcon)
        #expect(icon.variants.count == 6)
        #expect(icon.variants[0].traits == VariantTraits(idiom: .phone, displayScale: 2))
        #expect(icon.variants[0].attributes == ["size": "60x60"])
        #expect(icon.variants[0].inspection?.pixelWidth == 120)
        #expect(icon.variants[1].source == nil)
        #expect(icon.variants[2].attributes["size"] == "83.5x83.5")
        #expect(icon.variants[3].traits.idiom == nil && icon.variants[3].attributes["idiom"] == "ios-marketing")
        #expect(icon.variants[4].attributes == ["size": "24x24", "role": "notificationCenter", "subtype": "38mm"])
        #expect(icon.variants[5].traits == VariantTraits(appearance: .dark))
        #expect(icon.variants[5].attributes == ["platform": "ios", "size": "1024x1024"])
    }

    @Test("other set types are listed as unsupported (a note) and not descended into; sprite atlases are read")
    func unsupportedSets() throws {
        let fixture = try CatalogFixture()
        for type in ["launchimage", "textureset", "stickerpack", "arresourcegroup"] {
            try fixture.contents("Thing-\(type).\(type)", #"{"info":{"author":"xcode","version":1}}"#)
            // Anything inside must not be read as an asset.
            try fixture.simpleImageset("Thing-\(type).\(type)/Inner")
        }
        try fixture.contents("Sprites.spriteatlas", #"{"info":{"author":"xcode","version":1}}"#)
        try fixture.simpleImageset("Sprites.spriteatlas/Coin")
        try fixture.simpleImageset("Sprites.spriteatlas/Gem")
        try fixture.contents("Level.spriteatlas", #"{"properties":{"provides-namespace":true}}"#)
        try fixture.simpleImageset("Level.spriteatlas/Tile")
        let index = fixture.read()
        #expect(index.assets.map(\.name) == ["Coin", "Gem", "Level/Tile"])
        #expect(index.unsupportedSets.count == 6)
        #expect(index.unsupportedSets.contains(UnsupportedSet(name: "Sprites", type: "spriteatlas", path: "Sprites.spriteatlas")))
        #expect(index.unsupportedSets.contains(UnsupportedSet(name: "Thing-launchimage", type: "launchimage", path: "Thing-launchimage.launchimage")))
        #expect(index.diagnostics("unsupported-set-type").count == 6)
        #expect(index.diagnostics.allSatisfy { $0.severity == .note }, "\(index.diagnosticDump)")
    }

    @Test("visionOS solid image stacks and watchOS complication sets are read through: their image sets are assets")
    func solidImageStacksAndComplicationSets() throws {
        let fixture = try CatalogFixture()
        let info = #"{"info":{"author":"xcode","version":1}}"#
        try fixture.contents("AppIcon.solidimagestack", #"{"layers":[{"filename":"Front.solidimagestacklayer"},{"filename":"Back.solidimagestacklayer"}],"info":{"author":"xcode","version":1}}"#)
        for layer in ["Front", "Back"] {
            try fixture.contents("AppIcon.solidimagestack/\(layer).solidimagestacklayer", info)
            try fixture.simpleImageset("AppIcon.solidimagestack/\(layer).solidimagestacklayer/Content")
        }
        try fixture.contents("Complication.complicationset", info)
        try fixture.simpleImageset("Complication.complicationset/Circular")
        try fixture.simpleImageset("Complication.complicationset/Modular")
        let index = fixture.read()
        #expect(index.assets.map(\.name) == ["AppIcon/Back/Content", "AppIcon/Front/Content", "Complication/Circular", "Complication/Modular"])
        #expect(index.assets.allSatisfy { $0.kind == .image && !$0.variants.isEmpty })
        #expect(Set(index.unsupportedSets.map(\.type)) == ["solidimagestack", "complicationset"])
        #expect(index.diagnostics("unsupported-set-type").count == 2)
        #expect(!index.diagnostics.contains { $0.severity != .note }, "\(index.diagnosticDump)")
    }

    @Test("a filename differing only in case is used, with a warning")
    func caseMismatch() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Hero.imageset/hero.png")
        try fixture.contents("Hero.imageset", #"{"images":[{"filename":"Hero.PNG","idiom":"universal"}]}"#)
        let index = fixture.read()
        let variant = try #require(index.asset(named: "Hero")?.variants.first)
        #expect(variant.source == "Hero.imageset/hero.png")
        #expect(variant.contentType == .png)
        #expect(index.has("filename-case", at: "Hero.imageset/Contents.json", "Hero.PNG", "hero.png"))
        #expect(index.diagnostics("unassigned-file").isEmpty)
    }

    @Test("shapes found in real catalogs parse without diagnostics")
    func realShapes() throws {
        let fixture = try CatalogFixture()
        // Xcode's own formatting, a vector PDF with preserved representation, a dark variant.
        try fixture.write("Icons/markRead.imageset/markRead.pdf", TinyPNG.pdf)
        try fixture.write("Icons/markRead.imageset/markRead-dark.pdf", TinyPNG.pdf)
        try fixture.contents("Icons", "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  },\n  \"properties\" : {\n    \"provides-namespace\" : true\n  }\n}\n")
        try fixture.contents(
            "Icons/markRead.imageset",
            """
            {
              "images" : [
                {
                  "filename" : "markRead.pdf",
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "filename" : "markRead-dark.pdf",
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
                "preserves-vector-representation" : true,
                "template-rendering-intent" : "template"
              }
            }

            """)
        // A colour set with a platform reference and one with 8-bit components.
        try fixture.contents(
            "Label.colorset",
            #"{"colors":[{"color":{"platform":"osx","reference":"quaternaryLabelColor"},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        )
        try fixture.contents(
            "Account.colorset",
            #"{"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"169","green":"78","red":"1"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        )
        // An iOS 18 single-size app icon with dark and tinted variants.
        try fixture.png("AppIcon.appiconset/Icon.png", width: 8, height: 8)
        try fixture.png("AppIcon.appiconset/Dark Icon.png", width: 8, height: 8)
        try fixture.png("AppIcon.appiconset/Tint Icon.png", width: 8, height: 8)
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"Icon.png","idiom":"universal","platform":"ios","size":"1024x1024"},{"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"Dark Icon.png","idiom":"universal","platform":"ios","size":"1024x1024"},{"appearances":[{"appearance":"luminosity","value":"tinted"}],"filename":"Tint Icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        )
        let index = fixture.read()
        #expect(index.diagnostics.filter { $0.severity != .note }.isEmpty, "\(index.diagnosticDump)")
        #expect(index.assets.map(\.name) == ["Account", "AppIcon", "Icons/markRead", "Label"])
        let mark = try #require(index.asset(named: "Icons/markRead"))
        #expect(mark.variants.map(\.contentType) == [.pdf, .pdf])
        #expect(mark.variants[1].traits == VariantTraits(appearance: .dark))
        #expect(mark.properties.preservesVectorRepresentation == true)
        #expect(index.asset(named: "Label")?.colors.first?.value == .systemReference(name: "quaternaryLabelColor"))
        #expect(index.asset(named: "AppIcon")?.variants.count == 3)
    }
}
