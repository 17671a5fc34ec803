// libFuzzer target: SF Symbols templates (the bounded XML reader, path data, the template's glyphs and guides) and,
// for a template that parses, the interpolation of its 27 glyphs from the masters and the audit's weight and margin
// checks (SymbolTemplateChecks).
@testable import AssetCatalogBuilder
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let template = try? SymbolTemplate(bytes: bytes) else { return 0 }
    _ = try? SymbolInterpolation.glyphs(template)
    _ = SymbolTemplateChecks.findings(template)
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzSymbolTemplate_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
