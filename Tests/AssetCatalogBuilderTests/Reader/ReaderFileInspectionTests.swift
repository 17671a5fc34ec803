import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: file inspection")
struct ReaderFileInspectionTests {
    @Test("content types and sizes come from the bytes")
    func bytes() {
        let inspector = FileInspector()
        let png = inspector.inspect(bytes: TinyPNG.make(width: 3, height: 2))
        #expect(png.contentType == .png && png.pixelWidth == 3 && png.pixelHeight == 2 && png.problem == nil)
        #expect(png.png?.width == 3)
        let jpeg = inspector.inspect(bytes: TinyPNG.jpeg(width: 640, height: 480))
        #expect(jpeg.contentType == .jpeg && jpeg.pixelWidth == 640 && jpeg.pixelHeight == 480)
        #expect(inspector.inspect(bytes: TinyPNG.pdf).contentType == .pdf)
        #expect(inspector.inspect(bytes: TinyPNG.svg).contentType == .svg)
        #expect(inspector.inspect(bytes: TinyPNG.webp).contentType == .webp)
        #expect(inspector.inspect(bytes: TinyPNG.psd).contentType == .psd)
        #expect(inspector.inspect(bytes: TinyPNG.lfsPointer).contentType == .gitLFSPointer)
        let empty = inspector.examine(bytes: [])
        #expect(empty.problemKind == .corrupt)
        let corrupt = inspector.examine(bytes: TinyPNG.corrupt())
        #expect(corrupt.problemKind == .corrupt && corrupt.inspection.problem?.contains("CRC") == true)
        let truncated = inspector.examine(bytes: TinyPNG.truncated())
        #expect(truncated.problemKind == .corrupt && truncated.inspection.problem?.contains("truncated") == true)
    }

    @Test("a file larger than the whole-read threshold is read in two steps and still decoded")
    func largeFile() throws {
        let fixture = try CatalogFixture()
        // 600 × 600 RGBA with stored deflate blocks: about 1.4 MB.
        try fixture.png("Big.imageset/big.png", width: 600, height: 600)
        try fixture.write("Big.imageset/doc.pdf", TinyPNG.pdf(padding: 1_200_000))
        try fixture.contents(
            "Big.imageset",
            #"{"images":[{"filename":"big.png","idiom":"universal","scale":"1x"},{"filename":"doc.pdf","idiom":"universal"}]}"#)
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let variants = try #require(index.asset(named: "Big")?.variants)
        #expect(variants[0].inspection?.pixelWidth == 600)
        #expect(variants[0].inspection?.byteCount ?? 0 > FileInspector.wholeReadThreshold)
        #expect(variants[1].contentType == .pdf && variants[1].inspection?.byteCount ?? 0 > 1_200_000)
    }

    @Test("files beyond maxFileBytes are not read whole: image-too-large for PNGs, fine for vectors")
    func maxFileBytes() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Hero.imageset/hero.png", width: 20, height: 20)
        try fixture.write("Hero.imageset/hero.pdf", TinyPNG.pdf + [UInt8](repeating: 0x20, count: 500))
        try fixture.contents(
            "Hero.imageset",
            #"{"images":[{"filename":"hero.png","idiom":"universal","scale":"1x"},{"filename":"hero.pdf","idiom":"universal"}]}"#)
        let index = CatalogReader(options: ReaderOptions(jobs: 1, maxFileBytes: 200)).read([fixture.root])
        #expect(index.has("image-too-large", at: "Hero.imageset/hero.png", "200-byte limit"), "\(index.diagnosticDump)")
        #expect(index.diagnostics.count == 1, "\(index.diagnosticDump)")
        #expect(index.asset(named: "Hero")?.variants[1].contentType == .pdf)
    }

    @Test("inspect(fileAtPath:) reads, follows links, and reports unreadable paths")
    func paths() throws {
        let fixture = try CatalogFixture("Assets")
        try fixture.png("a.png", width: 5, height: 7)
        try fixture.symlink("link.png", to: "a.png")
        let inspector = FileInspector()
        #expect(inspector.inspect(fileAtPath: fixture.root + "/a.png").pixelHeight == 7)
        #expect(inspector.inspect(fileAtPath: fixture.root + "/link.png").pixelHeight == 7)
        #expect(inspector.examine(path: fixture.root + "/link.png", noFollow: true).problemKind == .unreadable)
        let missing = inspector.examine(path: fixture.root + "/nope.png", noFollow: false)
        #expect(missing.problemKind == .unreadable && missing.inspection.problem?.contains("no such file") == true)
        #expect(inspector.examine(path: fixture.root, noFollow: false).problemKind == .unreadable)
    }
}
