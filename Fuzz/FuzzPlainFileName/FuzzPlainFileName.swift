// libFuzzer target: the plain-folder file-name parser (`Icon~ipad@2x.png`, `~dark`, …).
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let name = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = PlainFileName.parse(name)
    _ = PlainFileName.fileExtension(of: name)
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzPlainFileName_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
