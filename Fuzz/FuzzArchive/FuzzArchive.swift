// libFuzzer target: the archive reader. Opens the input as an archive and walks every reader path:
// names, lookups, colours, payload bytes, inventory and verify. Any crash, trap or sanitizer report
// is a finding; typed errors are the expected outcome for damaged input.
@testable import AssetCatalog
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let archive = try? AssetArchive(bytes: bytes) else { return 0 }
    let traits = [TraitCollection(), TraitCollection(idiom: .phone, displayScale: 3, appearance: .dark)]
    for name in archive.names {
        for request in traits {
            _ = try? archive.image(named: name, compatibleWith: request)?.withUnsafeBytes { $0.count }
            _ = try? archive.color(named: name, compatibleWith: request)
        }
        _ = try? archive.asset(named: name)
    }
    _ = try? archive.sources()
    _ = try? archive.assets()
    _ = archive.problems()
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzArchive_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
