// libFuzzer target: the Contents.json parser (strict JSON, depth and size limits) and the document
// checks that walk its result (duplicate keys).
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if case .success(let value) = JSONParser.parse(bytes) {
        var sink = DiagnosticSink(catalog: "fuzz")
        ContentsDocument.reportDuplicateKeys(value, place: "the top level", path: "Contents.json", sink: &sink)
    }
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzContentsJSON_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
