// libFuzzer target: an Icon Composer icon's `icon.json` (fills, groups, layers, shadows, every number range-checked).
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    _ = IconComposerDocument.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzIconDocument_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
