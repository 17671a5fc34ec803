import Foundation
import Testing

/// Commands that take an Assets.car also take an `.ipa`: zip files written here (stored entries) around a car
/// compiled from the showcase.
@Suite("assetc on .ipa files")
struct IPACommandTests {
    /// A zip entry: its path, bytes, and optionally a lie about its uncompressed size or a symbolic link flag.
    struct ZipEntry {
        var path: String
        var bytes: [UInt8]
        var statedSize: UInt32?
        var isSymbolicLink = false
    }

    /// A zip file with stored (uncompressed) entries.
    static func zip(_ entries: [ZipEntry]) -> Data {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            let crc = crc32(entry.bytes)
            let size = UInt32(entry.bytes.count)
            let stated = entry.statedSize ?? size
            let offset = UInt32(out.count)
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(size) + le32(stated)
            out += le16(name.count) + le16(0) + name + entry.bytes
            let external: UInt32 = entry.isSymbolicLink ? 0o120777 << 16 : 0o100644 << 16
            central += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(size)
            central += le32(stated) + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(external) + le32(offset) + name
        }
        let centralOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count) + le32(UInt32(central.count))
        out += le32(centralOffset) + le16(0)
        return Data(out)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A temporary folder with `My.app/Assets.car` compiled from the showcase, and its bytes.
    static func compiledCar() throws -> (folder: URL, car: [UInt8]) {
        let folder = try CARAuditCommandTests.compiledApp()
        let car = try Data(contentsOf: folder.appendingPathComponent("My.app/Assets.car"))
        return (folder, Array(car))
    }

    @Test func everyCarCommandReadsTheCatalogOfAnIPAAndLeavesNoTemporaryFile() throws {
        let (folder, car) = try Self.compiledCar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ipa = folder.appendingPathComponent("My.ipa").path
        try Self.zip([
            ZipEntry(path: "Payload/My.app/Info.plist", bytes: Array("plist".utf8)),
            ZipEntry(path: "Payload/My.app/Assets.car", bytes: car),
        ]).write(to: URL(fileURLWithPath: ipa))

        let info = try Assetc.run(["info", "--json", ipa])
        #expect(info.status == 0, "\(info.output)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect((document["assets"] as? [Any])?.count == 13)
        let audit = try Assetc.run(["audit", "--format", "json", ipa])
        #expect(audit.status == 0, "\(audit.output)")
        #expect(audit.stdout.contains("car-unused-scale"))
        #expect(audit.stdout.contains("/Payload/My.app/Assets.car"), "findings name the catalog inside the app")
        let verify = try Assetc.run(["verify", ipa])
        #expect(verify.status == 0, "\(verify.output)")
        let out = folder.appendingPathComponent("out").path
        let extract = try Assetc.run(["extract", "--all", out, ipa])
        #expect(extract.status == 0, "\(extract.output)")
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
        let page = folder.appendingPathComponent("page.html").path
        #expect(try Assetc.run(["report", ipa, "-o", page]).status == 0)

        // The extracted copy is gone once the command has finished.
        let catalog = try #require(audit.stdout.split(separator: "\"").first { $0.hasSuffix("/Payload/My.app/Assets.car") })
        #expect(catalog.contains("assetc-ipa-"))
        #expect(!FileManager.default.fileExists(atPath: String(catalog)))
    }

    @Test func severalCatalogsAreListedAndHostileEntriesAreNeverUsed() throws {
        let (folder, car) = try Self.compiledCar()
        defer { try? FileManager.default.removeItem(at: folder) }
        let two = folder.appendingPathComponent("Two.ipa").path
        try Self.zip([
            ZipEntry(path: "Payload/My.app/Assets.car", bytes: car),
            ZipEntry(path: "Payload/My.app/Frameworks/Kit.framework/Assets.car", bytes: car),
        ]).write(to: URL(fileURLWithPath: two))
        let several = try Assetc.run(["info", two])
        #expect(several.status != 0)
        #expect(several.stderr.contains("holds 2 compiled catalogs"), "\(several.stderr)")
        #expect(several.stderr.contains("Payload/My.app/Frameworks/Kit.framework/Assets.car"))

        // A traversing path and a symbolic link are not catalogs.
        let hostile = folder.appendingPathComponent("Hostile.ipa").path
        try Self.zip([
            ZipEntry(path: "Payload/My.app/../../../tmp/Assets.car", bytes: car),
            ZipEntry(path: "Payload/Link.app/Assets.car", bytes: Array("/etc/passwd".utf8), isSymbolicLink: true),
        ]).write(to: URL(fileURLWithPath: hostile))
        let none = try Assetc.run(["audit", hostile])
        #expect(none.status == 2, "\(none.output)")
        #expect(none.stderr.contains("has no Payload/*.app/**/Assets.car"), "\(none.stderr)")

        // An entry whose stated size is over the limit is refused before anything is inflated.
        let huge = folder.appendingPathComponent("Huge.ipa").path
        try Self.zip([ZipEntry(path: "Payload/My.app/Assets.car", bytes: car, statedSize: 0xFFFF_FFF0)])
            .write(to: URL(fileURLWithPath: huge))
        let refused = try Assetc.run(["info", huge])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("over the 2147483648-byte limit"), "\(refused.stderr)")

        let notZip = folder.appendingPathComponent("Not.ipa").path
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: notZip))
        let broken = try Assetc.run(["resolve", notZip, "AppLogo"])
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("not a readable .ipa"), "\(broken.stderr)")
    }
}
