// libFuzzer target: image inspection through the C layer (libpng with setjmp kept in C, the chunk
// walk, iCCP inflation, ICC profile reading), the JPEG/other content sniffers, and the JPEG segment walk the compile
// stores JPEGs through.
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = FileInspector().inspect(bytes: bytes)
    // The walk only ever removes whole segments: never more bytes than it was given, the signature kept.
    let stored = JPEGSegments.removingPhotoshopSegments(bytes)
    precondition(stored.count <= bytes.count && stored.prefix(2) == bytes.prefix(2))
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzImage_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
