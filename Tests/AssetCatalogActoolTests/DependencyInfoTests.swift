import Testing

@testable import AssetCatalogActool

@Suite("Dependency info (--export-dependency-info)")
struct DependencyInfoTests {
    @Test("the encoder's records read back, sorted and each once")
    func roundTrip() throws {
        let info = DependencyInfo(version: "assetc-1", inputs: ["/b", "/a", "/b"], missing: ["/m"], outputs: ["/o/Assets.car"])
        let bytes = try info.encoded()
        #expect(Array(bytes.prefix(10)) == [0x00] + Array("assetc-1".utf8) + [0x00])
        let read = try DependencyInfo(decoding: bytes)
        #expect(read == DependencyInfo(version: "assetc-1", inputs: ["/a", "/b"], missing: ["/m"], outputs: ["/o/Assets.car"]))
    }

    @Test("paths the format cannot hold are refused")
    func unencodable() {
        #expect(throws: DependencyInfoError.self) { try DependencyInfo(version: "v", inputs: [""]).encoded() }
        #expect(throws: DependencyInfoError.self) { try DependencyInfo(version: "v", inputs: ["a\u{0}b"]).encoded() }
    }

    @Test("every truncation and damage is a typed error with an offset inside the file")
    func damaged() throws {
        let bytes = try DependencyInfo(version: "assetc-1", inputs: ["/a/Contents.json"], outputs: ["/o"]).encoded()
        for cut in 0..<bytes.count {
            let prefix = Array(bytes.prefix(cut))
            let terminatedAtRecordEnd = cut > 0 && prefix.last == 0
            if terminatedAtRecordEnd { continue }
            #expect(throws: DependencyInfoError.self) { try DependencyInfo(decoding: prefix) }
        }
        var unknown = bytes
        unknown[10] = 0x77
        #expect(throws: DependencyInfoError.damaged(offset: 10, reason: "unknown opcode 119")) { try DependencyInfo(decoding: unknown) }
        #expect(throws: DependencyInfoError.self) { try DependencyInfo(decoding: [0x10] + Array("/a".utf8) + [0]) }
        #expect(throws: DependencyInfoError.self) { try DependencyInfo(decoding: bytes + bytes) }
    }
}
