import AssetCatalog
import Foundation
import Testing

/// The deepmap decoders on the real files of ../shared/cars (skipped when absent). The Flex and zhihu samples hold
/// many images twice or three times, for different deployment targets: once LZFSE (lossless, the reference) and once
/// deepmap2 or deepmap-LZFSE. Every deepmap copy must give the LZFSE copy's pixels: exactly for the lossless modes
/// (3, palette), and for the predicted mode (2, stored at quality 1: chroma at half precision) within 1 on each
/// colour channel with alpha exact.
@Suite("deepmap on real Assets.car files", .enabled(if: FileManager.default.fileExists(atPath: SharedCARs.folder)))
struct SharedDeepmapTests {
    struct Comparison: CustomStringConvertible {
        var compression: String, mode: Int, exact: Bool, name: String
        var description: String { "\(name) \(compression) mode \(mode)" }
    }

    /// Decodes every deepmap rendition of `relative` and compares it with an LZFSE rendition of the same name and size.
    static func compare(_ relative: String) throws -> [Comparison] {
        let file = try CARFile(path: SharedCARs.folder + "/" + relative)
        let decoder = CARDecoder(file: file)
        var references: [String: DecodedImage] = [:]
        for index in file.renditions.indices {
            let rendition = file.renditions[index]
            guard case .bitmap(let bitmap) = rendition.payload, case .lzfse = bitmap.compression,
                case .image(let image) = try decoder.decode(index)
            else { continue }
            references["\(rendition.name) \(rendition.width)x\(rendition.height)"] = image
        }
        var compared: [Comparison] = []
        for index in file.renditions.indices {
            let rendition = file.renditions[index]
            guard case .bitmap(let bitmap) = rendition.payload, let data = bitmap.chunks.first?.data else { continue }
            let mode: Int
            switch bitmap.compression {
            case .deepmap2, .deepmapLZFSE: mode = Int(try data.u8(20))
            default: continue
            }
            guard case .image(let image) = try decoder.decode(index) else {
                Issue.record("\(rendition.name): not decoded")
                continue
            }
            guard let reference = references["\(rendition.name) \(rendition.width)x\(rendition.height)"] else { continue }
            var worst = 0
            for position in image.pixels.indices {
                let difference = abs(Int(image.pixels[position]) - Int(reference.pixels[position]))
                // Alpha is stored as it is by every mode.
                if position % 4 == 3 { #expect(difference == 0, "\(rendition.name): alpha differs at byte \(position)") }
                worst = max(worst, difference)
            }
            let exact = worst == 0
            #expect(exact || (mode == 2 && worst <= 1), "\(rendition.name) (\(bitmap.compression.name) mode \(mode)): differs by \(worst)")
            compared.append(Comparison(compression: bitmap.compression.name, mode: mode, exact: exact, name: rendition.name))
        }
        return compared
    }

    @Test("Flex: deepmap2 modes 2, 3, 4 and deepmap-LZFSE modes 2, 3 give the LZFSE copies' pixels")
    func flex() throws {
        let compared = try Self.compare("23DEVV+Flex-3-Beta/Assets.car")
        let kinds = Set(compared.map { "\($0.compression) \($0.mode)" })
        #expect(kinds == ["deepmap2 2", "deepmap2 3", "deepmap2 4", "deepmap-lzfse 2", "deepmap-lzfse 3"])
        let lossless = compared.filter { $0.mode != 2 }
        #expect(lossless.allSatisfy { $0.exact })
        #expect(compared.count >= 30)
    }

    @Test("zhihu: deepmap2 palettes give the LZFSE copies' pixels exactly")
    func zhihu() throws {
        let compared = try Self.compare("scintillatio+zhihu-ios/EUIZXTImage.bundle__Assets.car")
        #expect(compared.count == 12)
        #expect(compared.allSatisfy { $0.exact && $0.mode == 4 })
    }
}
