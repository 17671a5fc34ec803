import AssetCatalog
import Testing

/// `RLOC` colour records as CoreUI writes them (docs/CAR-FORMAT.md): colour-space numbers and system-colour
/// references, and what the reader does with damaged ones.
@Suite("Assets.car reader: RLOC colours")
struct CARColorTests {
    typealias B = TestCARBuilder

    /// A record: tag, version 1, the bit-field word, the count, the components, then `tail`.
    static func record(bits: UInt32, components: [Double], tail: [UInt8] = []) -> [UInt8] {
        var bytes = B.tag("RLOC") + B.le32(1) + B.le32(bits) + B.le32(UInt32(components.count))
        for component in components {
            bytes += B.le32(UInt32(component.bitPattern & 0xFFFF_FFFF)) + B.le32(UInt32(component.bitPattern >> 32))
        }
        return bytes + tail
    }

    /// The name record that follows the components of a system-colour reference.
    static func nameRecord(_ name: String, version: UInt32 = 1, length: Int? = nil) -> [UInt8] {
        B.tag("RLOC") + B.le32(version) + B.le32(UInt32(length ?? name.utf8.count)) + Array(name.utf8)
    }

    static func parse(_ bytes: [UInt8]) throws -> CARColor {
        try bytes.withUnsafeBytes { buffer in try CARColor(CARBytes(buffer: buffer, base: 1000, structure: "RLOC colour")) }
    }

    @Test func colourSpaceNumbersAreCoreUIs() throws {
        let names: [UInt32: String] = [
            0: "srgb", 1: "srgb", 2: "gray-gamma-22", 3: "display-p3", 4: "extended-srgb", 5: "extended-linear-srgb",
            6: "extended-gray", 9: "color-space-9",
        ]
        for (id, name) in names {
            let color = try Self.parse(Self.record(bits: id, components: [0.5, 1]))
            #expect(color.colorSpaceName == name, "\(id)")
            #expect(color.systemColorName == nil && color.substituteField == 0)
        }
    }

    @Test func aSystemColourReferenceHasItsNameAfterTheComponents() throws {
        let color = try Self.parse(Self.record(bits: 0x101, components: [0, 0, 0, 0], tail: Self.nameRecord("systemBlueColor")))
        #expect(color.systemColorName == "systemBlueColor")
        #expect(color.substituteField == 1 && color.colorSpaceName == "srgb" && color.components == [0, 0, 0, 0])
    }

    @Test func otherSubstituteValuesAndVersionsKeepOnlyTheFallback() throws {
        // CoreUI substitutes for any non-zero field but reads a name only for 1, and only from version 1.
        let two = try Self.parse(Self.record(bits: 0x201, components: [1, 0, 0, 1], tail: Self.nameRecord("x")))
        #expect(two.substituteField == 2 && two.systemColorName == nil)
        let version2 = try Self.parse(Self.record(bits: 0x101, components: [1, 0, 0, 1], tail: Self.nameRecord("x", version: 2)))
        #expect(version2.systemColorName == nil && version2.components == [1, 0, 0, 1])
    }

    @Test func damagedNameRecordsAreErrorsNamingTheStructure() throws {
        // No name record at all.
        #expect(throws: CARError.self) { try Self.parse(Self.record(bits: 0x101, components: [0, 0, 0, 0])) }
        // A name longer than the bytes left.
        do {
            _ = try Self.parse(Self.record(bits: 0x101, components: [0, 0], tail: Self.nameRecord("labelColor", length: 4000)))
            Issue.record("a name past the end was read")
        } catch let error as CARError {
            #expect("\(error)".contains("RLOC system colour name"), "\(error)")
        }
        // Another tag where the name record should be.
        do {
            _ = try Self.parse(Self.record(bits: 0x101, components: [0, 0], tail: B.tag("DWAR") + B.le32(1) + B.le32(0)))
            Issue.record("a wrong tag was accepted")
        } catch let error as CARError {
            #expect(error.kind == .badMagic && "\(error)".contains("DWAR"), "\(error)")
        }
    }
}
