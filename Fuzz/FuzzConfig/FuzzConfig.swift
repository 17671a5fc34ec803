// libFuzzer target: the `.assetc.yml` / `.assetc.json` loader and the ignore-glob matcher. The input
// is parsed as YAML and as JSON; split at its first NUL byte it is also a glob pattern and a path.
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let configuration = try? AuditConfiguration.parse(yaml: text) {
        _ = configuration.isIgnored("Icons/Hero.imageset/Hero@2x.png")
    }
    _ = try? AuditConfiguration.parse(json: text)
    if let split = bytes.firstIndex(of: 0) {
        let pattern = String(decoding: bytes[..<split], as: UTF8.self)
        let path = String(decoding: bytes[(split + 1)...], as: UTF8.self)
        _ = Glob.matches(pattern, path)
    }
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzConfig_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
