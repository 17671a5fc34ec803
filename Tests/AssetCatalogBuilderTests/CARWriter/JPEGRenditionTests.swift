import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// JPEG renditions as Xcode writes them (Flex, SwiftUITestProject1; HEIF in MediaMate): the file without its
/// Photoshop segment, no size or colour space in the header, the size in tags 1001 and 1003, no row bytes (1007).
@Suite("JPEG renditions")
struct JPEGRenditionTests {
    /// A JPEG of `width` × `height` with a Photoshop segment (`APP13`) between its `JFIF` and frame segments.
    static func jpegWithPhotoshopSegment(width: Int, height: Int) -> [UInt8] {
        let plain = TinyPNG.jpeg(width: width, height: height)
        let photoshop: [UInt8] = [0xFF, 0xED, 0x00, 0x0C] + Array("Photoshop ".utf8)
        // After SOI (2) and the JFIF segment (18).
        return Array(plain[0..<20]) + photoshop + Array(plain[20...])
    }

    @Test func thePhotoshopSegmentIsLeftOutAndEveryOtherByteKept() {
        let plain = TinyPNG.jpeg(width: 12, height: 7)
        #expect(JPEGSegments.removingPhotoshopSegments(Self.jpegWithPhotoshopSegment(width: 12, height: 7)) == plain)
        // Two of them, and fill bytes before a marker.
        let photoshop: [UInt8] = [0xFF, 0xFF, 0xED, 0x00, 0x04, 1, 2]
        var twice: [UInt8] = Array(plain[0..<2])
        twice += photoshop
        twice += plain[2..<20]
        twice += photoshop
        twice += plain[20...]
        #expect(JPEGSegments.removingPhotoshopSegments(twice) == plain)
        // Nothing to leave out: the same bytes.
        #expect(JPEGSegments.removingPhotoshopSegments(plain) == plain)
    }

    @Test func aFileTheWalkCannotFollowIsKeptAsItIs() {
        let withSegment = Self.jpegWithPhotoshopSegment(width: 12, height: 7)
        // A segment length past the end of the file, a length under 2, no JPEG signature, a cut file.
        var tooLong = withSegment
        tooLong[4] = 0xFF
        #expect(JPEGSegments.removingPhotoshopSegments(tooLong) == tooLong)
        var tooShort = withSegment
        tooShort[4] = 0
        tooShort[5] = 1
        #expect(JPEGSegments.removingPhotoshopSegments(tooShort) == tooShort)
        let notJPEG = [UInt8](repeating: 0xFF, count: 40)
        #expect(JPEGSegments.removingPhotoshopSegments(notJPEG) == notJPEG)
        #expect(JPEGSegments.removingPhotoshopSegments(Array(withSegment[0..<25])) == Array(withSegment[0..<25]))
        // A Photoshop marker in the image data (after the start of scan) is data, not a segment.
        let plain = TinyPNG.jpeg(width: 12, height: 7)
        let data: [UInt8] = [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xED, 0x00, 0x04, 9, 9, 0xFF, 0xD9]
        let scan = Array(plain.dropLast(2)) + data
        #expect(JPEGSegments.removingPhotoshopSegments(scan) == scan)
    }

    @Test func damagedFilesNeverCrashTheWalkOrGrow() {
        // Every byte of a JPEG with a Photoshop segment set to each of a few values, and every length cut: the walk
        // ends, never returns more bytes than it was given, and removes nothing from a file it cannot follow whole.
        let original = Self.jpegWithPhotoshopSegment(width: 12, height: 7)
        for position in original.indices {
            for value: UInt8 in [0x00, 0x01, 0xDA, 0xED, 0xFF] {
                var damaged = original
                damaged[position] = value
                let stored = JPEGSegments.removingPhotoshopSegments(damaged)
                #expect(stored.count <= damaged.count && stored.prefix(2) == damaged.prefix(2))
            }
        }
        for length in 0...original.count {
            let cut = Array(original.prefix(length))
            #expect(JPEGSegments.removingPhotoshopSegments(cut).count <= cut.count)
        }
    }

    @Test func theRenditionHasXcodesHeaderAndTags() throws {
        let fixture = try CatalogFixture()
        try fixture.write("Photo.imageset/photo.jpg", Self.jpegWithPhotoshopSegment(width: 300, height: 200))
        try fixture.contents("Photo.imageset", #"{"images":[{"filename":"photo.jpg","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#)
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([fixture.root])
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let rendition = try #require(car.renditions.first { $0.name == "photo.jpg" })
        #expect(rendition.pixelFormat == "JPEG" && rendition.width == 0 && rendition.height == 0 && rendition.colorSpaceID == 0)
        #expect(rendition.infoTags.map(\.tag) == [1001, 1003, 1004, 1006])
        // The size is in the slice tag: one slice of 300 × 200.
        let slices = try #require(rendition.infoTags.first { $0.tag == 1001 }).value.bytes
        #expect(Array(slices[12..<20]) == [44, 1, 0, 0, 200, 0, 0, 0])
        guard case .raw(let stored) = rendition.payload else {
            Issue.record("not raw data")
            return
        }
        #expect(stored.bytes == TinyPNG.jpeg(width: 300, height: 200))
    }
}
