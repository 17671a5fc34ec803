// libFuzzer target: the batch request parser's trait decoding (`{"traits": {"scale": 3, …}}`), the
// preset lookup and the resolver on the decoded traits.
import AssetCatalog
import FuzzSupport
import Foundation

private struct Request: Decodable {
    var name: String
    var device: String?
    var traits: TraitCollection?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let request = try? JSONDecoder().decode(Request.self, from: bytes) else { return 0 }
    var traits = request.device.flatMap { DevicePreset.named($0)?.traits } ?? TraitCollection()
    if let overrides = request.traits { traits = traits.overridden(by: overrides) }
    let variants = [VariantTraits(displayScale: 2), VariantTraits(displayScale: 3), VariantTraits(appearance: .dark)]
    _ = Resolver().bestVariant(among: variants, for: traits)
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzBatchRequest_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
