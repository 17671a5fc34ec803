import AssetCatalog
import Foundation
import Testing

/// The seven real files in ../shared/cars (skipped when absent): every facet and rendition is read, and every
/// payload either decodes or is not decodable for a stated reason — none is damaged.
@Suite("Real Assets.car files", .enabled(if: FileManager.default.fileExists(atPath: SharedCARs.folder)))
struct SharedCARTests {
    /// File → (facets, renditions, renditions without a facet).
    static let expected: [String: (facets: Int, renditions: Int, internal: Int)] = [
        "0xMisagi+heliport_icons/Assets.car": (15, 39, 4),
        "23DEVV+Flex-3-Beta/Assets.car": (41, 533, 57),
        "GlassKit+MyGlass-Companion-iOS/Assets.car": (103, 103, 0),
        "MoonPadUSer+macOSMavericksTheme/Assets.car": (541, 1533, 54),
        "forcequitOS+Stasis/Resources__Assets.car": (4, 11, 0),
        "scintillatio+zhihu-ios/EUIZXTImage.bundle__Assets.car": (6, 36, 0),
        "jo-tools+sudoku/Resources__Assets.car": (12, 40, 3),
    ]

    /// The files with `ARGG` gradients (Icon Composer fills), and how many.
    static let gradients = ["jo-tools+sudoku/Resources__Assets.car": 2]

    @Test("counts, and every payload decodes or says why not", arguments: Array(expected.keys).sorted())
    func file(_ relative: String) throws {
        let path = SharedCARs.folder + "/" + relative
        try #require(FileManager.default.fileExists(atPath: path))
        let file = try CARFile(path: path)
        let counts = try #require(Self.expected[relative])
        #expect(file.facets.count == counts.facets)
        #expect(file.renditions.count == counts.renditions)
        #expect(Int(file.header.renditionCount) == counts.renditions)
        #expect(file.internalRenditions.count == counts.internal)
        let decoder = CARDecoder(file: file)
        var gradients = 0
        for index in file.renditions.indices {
            let rendition = file.renditions[index]
            switch try decoder.decode(index) {
            case .image(let image):
                // A bitmap's pixel size is the header's.
                #expect(image.width == rendition.width && image.height == rendition.height, "\(rendition.name)")
            case .file, .color:
                break
            case .gradient(let gradient):
                gradients += 1
                // Every stop names a colour facet of the same car.
                #expect(!gradient.stops.isEmpty, "\(rendition.name)")
                for stop in gradient.stops {
                    let colour = file.facets.first { $0.name == stop.colorName }?.renditions.first
                    guard let colour, case .color = try decoder.decode(colour) else {
                        Issue.record("\(rendition.name): stop \(stop.colorName) is not a colour facet")
                        continue
                    }
                }
            case .notDecodable(let reason):
                #expect(CARDecoder.undecodableReason(rendition) != nil || reason.contains("atlas"), "\(rendition.name): \(reason)")
            }
        }
        #expect(gradients == Self.gradients[relative, default: 0])
    }

    @Test("the heliport sample's template images are exactly those its source catalog marks as templates")
    func templateFlags() throws {
        let folder = SharedCARs.folder + "/0xMisagi+heliport_icons"
        let file = try CARFile(path: folder + "/Assets.car")
        let catalog = folder + "/src/Assets.xcassets"
        let sets = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0.hasSuffix(".imageset") }
        let templates = Set(try sets.filter { set in
            let text = try String(contentsOfFile: catalog + "/" + set + "/Contents.json", encoding: .utf8)
            return text.contains("\"template-rendering-intent\" : \"template\"")
        }.map { String($0.dropLast(".imageset".count)) })
        #expect(templates.count == 13)
        for facet in file.facets where sets.contains(facet.name + ".imageset") {
            for number in facet.renditions {
                let rendition = file.renditions[number]
                #expect(rendition.isTemplate == templates.contains(facet.name), "\(facet.name): flags \(rendition.flags)")
                #expect((file.attributes(of: rendition)["template-rendering-intent"] == "template") == templates.contains(facet.name))
            }
        }
    }

    @Test("Apple's macOS theme: its right-to-left artwork reads as right-to-left, its directional artwork as left-to-right")
    func directions() throws {
        let file = try CARFile(path: SharedCARs.folder + "/MoonPadUSer+macOSMavericksTheme/Assets.car")
        let named = { (name: String) in file.renditions.filter { $0.name.hasPrefix(name) }.map { file.traits(of: $0).layoutDirection } }
        #expect(!named("SearchMagGlassWithArrowRTL").isEmpty)
        #expect(named("SearchMagGlassWithArrowRTL").allSatisfy { $0 == .rightToLeft })
        #expect(named("TBAutofill-RTL").allSatisfy { $0 == .rightToLeft })
        // Directional artwork has a left-to-right rendition (and some without a direction), never a right-to-left one.
        #expect(named("Backarrow").contains(.leftToRight))
        #expect(!named("Backarrow").contains(.rightToLeft))
    }
}
