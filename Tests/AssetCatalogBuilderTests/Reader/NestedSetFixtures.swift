import Foundation

@testable import AssetCatalogBuilder

/// Small hand-made files for the nested set types, symbol sets and structure checks.
enum NestedFixtures {
    /// A symbol template with the `Symbols` group and the given weight/scale variants.
    static func symbolTemplate(variants: [String] = ["Regular-M", "Ultralight-S", "Black-L"], symbolsGroup: Bool = true) -> String {
        let glyphs = variants.map { #"<g id="\#($0)" transform="matrix(1 0 0 1 0 0)"><path d="M0 0L10 10Z"/></g>"# }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
             <!-- generated -->
             <g id="Notes"><text>Weight &amp; scale</text></g>
             <g id="Guides"><line id="Baseline-S" x1="0" y1="0" x2="1" y2="1"/></g>
             <g id="\(symbolsGroup ? "Symbols" : "Glyphs")">\(glyphs)</g>
            </svg>

            """
    }

    /// A tiny, sound PDF: header, one object, an xref table at the offset `startxref` names, `%%EOF`.
    static func pdf() -> [UInt8] {
        var text = "%PDF-1.4\n"
        let object = text.utf8.count
        text += "1 0 obj\n<< /Type /Catalog >>\nendobj\n"
        let xref = text.utf8.count
        text += "xref\n0 2\n0000000000 65535 f \n" + String(format: "%010d", object) + " 00000 n \n"
        text += "trailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// A little-endian TIFF header with one directory: ImageWidth (SHORT) and ImageLength (LONG).
    static func tiff(width: UInt16, height: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        bytes += [2, 0]
        bytes += [0x00, 0x01, 3, 0, 1, 0, 0, 0, UInt8(width & 0xFF), UInt8(width >> 8), 0, 0]
        bytes += [0x01, 0x01, 4, 0, 1, 0, 0, 0] + withUnsafeBytes(of: height.littleEndian, Array.init)
        bytes += [0, 0, 0, 0]
        return bytes
    }

    /// A tvOS brand assets folder like Xcode's template: a large and a small app icon (image stacks of
    /// three layers), a top shelf image, a wide top shelf image, and a launch image.
    static func writeBrandAssets(_ fixture: CatalogFixture, at folder: String = "App Icon & Top Shelf Image.brandassets") throws {
        try fixture.contents(
            folder,
            """
            {"assets":[
             {"filename":"App Icon - App Store.imagestack","idiom":"tv","role":"primary-app-icon","size":"1280x768"},
             {"filename":"App Icon.imagestack","idiom":"tv","role":"primary-app-icon","size":"400x240"},
             {"filename":"Top Shelf Image Wide.imageset","idiom":"tv","role":"top-shelf-image-wide","size":"2320x720"},
             {"filename":"Top Shelf Image.imageset","idiom":"tv","role":"top-shelf-image","size":"1920x720"},
             {"idiom":"tv","role":"top-shelf-image-wide","size":"2320x720","subtype":"empty"}
            ],"info":{"author":"xcode","version":1}}
            """)
        for stack in ["App Icon - App Store", "App Icon"] {
            let stackFolder = folder + "/" + stack + ".imagestack"
            try fixture.contents(
                stackFolder,
                #"{"info":{"author":"xcode","version":1},"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Middle.imagestacklayer"},{"filename":"Back.imagestacklayer"}]}"#)
            for layer in ["Front", "Middle", "Back"] {
                try fixture.contents(stackFolder + "/" + layer + ".imagestacklayer", #"{"info":{"author":"xcode","version":1}}"#)
                try fixture.imageset(
                    stackFolder + "/" + layer + ".imagestacklayer/Content",
                    [("\(layer).png", #""idiom":"tv","scale":"1x""#), (nil, #""idiom":"tv","scale":"2x""#)])
            }
        }
        try fixture.imageset(folder + "/Top Shelf Image Wide", [("wide.png", #""idiom":"tv","scale":"1x""#)])
        try fixture.imageset(folder + "/Top Shelf Image", [("shelf.png", #""idiom":"tv","scale":"1x""#)])
        try fixture.contents(folder + "/Launch Image.launchimage", #"{"images":[],"info":{"author":"xcode","version":1}}"#)
    }

    /// An Icon Composer bundle: two groups, three layers, one with a dark image specialisation.
    static func writeIconComposer(_ fixture: CatalogFixture, at folder: String = "AppIcon.icon") throws {
        try fixture.write(
            folder + "/icon.json",
            text: """
                {"fill":{"automatic-gradient":"extended-srgb:0.0,0.5,1.0,1.0"},
                 "fill-specializations":[{"value":"automatic"},{"appearance":"dark","value":{"solid":"srgb:0,0,0,1"}}],
                 "groups":[
                  {"layers":[
                    {"name":"Glyph","image-name":"glyph.svg","image-name-specializations":[{"appearance":"dark","value":"glyph-dark.svg"}]},
                    {"name":"Ring","image-name":"ring.png","opacity-specializations":[{"appearance":"tinted","value":0.5}]}
                  ]},
                  {"layers":[{"name":"Back","image-name":"back.png"}],"shadow":{"kind":"neutral","opacity":0.5}}
                 ],
                 "supported-platforms":{"squares":"shared"}}
                """)
        try fixture.write(folder + "/Assets/glyph.svg", text: #"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>"#)
        try fixture.write(folder + "/Assets/glyph-dark.svg", text: #"<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1"/></svg>"#)
        try fixture.png(folder + "/Assets/ring.png", width: 8, height: 8)
        try fixture.png(folder + "/Assets/back.png", width: 8, height: 8)
    }

    /// A macOS `.iconset`: no Contents.json, files named by size and scale, and one stray file.
    static func writeIconSet(_ fixture: CatalogFixture, at folder: String = "Mac.iconset") throws {
        try fixture.png(folder + "/icon_16x16.png", width: 16, height: 16)
        try fixture.png(folder + "/icon_16x16@2x.png", width: 32, height: 32)
        try fixture.png(folder + "/icon_512x512@2x.png", width: 16, height: 16)
        try fixture.write(folder + "/notes.txt", text: "not an icon")
    }
}
