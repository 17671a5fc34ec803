// libFuzzer target: the deepmap decoders on their own, without the BOM container around them, so that every
// input reaches the record, tile and predictor code. The first byte picks the decoder (bit 0: deepmap2 or
// deepmap-LZFSE) and the pixel size (bit 1: 4 or 2 bytes); the next two give the width and height (1 to 256);
// the rest is the record. Any crash, trap, hang or sanitizer report is a finding; a typed CARError is the
// expected outcome for damaged input.
import AssetCatalog
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 3 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes[1]) + 1, height = Int(bytes[2]) + 1
    let bytesPerPixel = bytes[0] & 2 == 0 ? 4 : 2
    let record = Array(bytes[3...])
    if bytes[0] & 1 == 0 {
        _ = try? Deepmap2Decoder.decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel)
    } else {
        _ = try? DeepmapLZFSEDecoder.decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel)
    }
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzDeepmap_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
