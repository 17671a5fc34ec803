import AssetCatalog
import Foundation
import Testing

/// The six real files in ../shared/cars (skipped when absent): every facet and rendition is read, and every
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
    ]

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
        for index in file.renditions.indices {
            let rendition = file.renditions[index]
            switch try decoder.decode(index) {
            case .image(let image):
                // A bitmap's pixel size is the header's.
                #expect(image.width == rendition.width && image.height == rendition.height, "\(rendition.name)")
            case .file, .color:
                break
            case .notDecodable(let reason):
                #expect(CARDecoder.undecodableReason(rendition) != nil || reason.contains("atlas"), "\(rendition.name): \(reason)")
            }
        }
    }
}
