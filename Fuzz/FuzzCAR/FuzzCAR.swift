// libFuzzer target: the Assets.car reader. Opens the input as a compiled catalog (BOM container, its
// trees, every rendition header) and decodes every rendition (LZFSE, LZVN, RLE, palette, deepmap2,
// atlas crops, colours, gradients, raw data; the 16-bit pixel formats RGBW and GA16 and RGB5, seeded by
// seed-deep-pixels.car). Any crash, trap, hang or sanitizer report is a finding; a typed
// CARError is the expected outcome for damaged input.
import AssetCatalog
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? CARFile(bytes: bytes) else { return 0 }
    let decoder = CARDecoder(file: file)
    for index in file.renditions.indices {
        _ = try? decoder.decode(index)
    }
    for facet in file.facets { _ = facet.name }
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzCAR_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
