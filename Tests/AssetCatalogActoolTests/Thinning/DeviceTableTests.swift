import AssetCatalog
import Testing

@testable import AssetCatalogActool

@Suite("Thinning: the device table")
struct ThinningDeviceTableTests {
    @Test("no model identifier is listed twice, and every device has one")
    func identifiersAreUnique() {
        let identifiers = DeviceTable.devices.flatMap(\.modelIdentifiers)
        #expect(Set(identifiers).count == identifiers.count)
        #expect(DeviceTable.devices.allSatisfy { !$0.modelIdentifiers.isEmpty && !$0.marketingName.isEmpty })
    }

    @Test("an iPhone 14 is a 3x Display P3 phone with 6 GB and an Apple 8 GPU")
    func iPhone14() throws {
        let device = try #require(DeviceTable.device(model: "iPhone14,7"))
        #expect(device.marketingName == "iPhone 14")
        #expect(device.idiom == .phone)
        #expect(device.displayScale == 3)
        #expect(device.displayGamut == .displayP3)
        #expect(device.memoryGigabytes == 6)
        #expect(device.graphicsFamily == GraphicsFamily(family: 8))
        #expect(device.subtype == .none)
    }

    @Test("identifiers are found whatever their case, and unknown ones are not found")
    func lookup() {
        #expect(DeviceTable.device(model: "iphone14,7")?.marketingName == "iPhone 14")
        #expect(DeviceTable.device(model: "iPhone99,9") == nil)
        #expect(DeviceTable.device(model: "") == nil)
    }

    @Test("every idiom a 2026 app targets is covered", arguments: [
        ("iPhone18,1", Idiom.phone), ("iPad16,3", .pad), ("AppleTV14,1", .tv), ("Watch7,5", .watch),
        ("RealityDevice14,1", .vision), ("Mac16,1", .mac),
    ])
    func idioms(model: String, idiom: Idiom) {
        #expect(DeviceTable.device(model: model)?.idiom == idiom)
    }

    @Test("4-inch phones select retina4; watches their case size, their screen width in points")
    func subtypes() {
        #expect(DeviceTable.device(model: "iPhone8,4")?.subtype == .named("retina4"))
        #expect(DeviceTable.device(model: "Watch4,2")?.subtype == .named("44mm"))
        #expect(DeviceTable.device(model: "Watch4,2")?.watchScreenWidth == 184)
        #expect(DeviceTable.device(model: "Watch7,9")?.subtype == .unknown)
        #expect(DeviceTable.device(model: "iPhone14,7")?.watchScreenWidth == nil)
    }

    @Test("devices whose screen depends on the display attached leave scale and gamut open")
    func openScreens() {
        #expect(DeviceTable.device(model: "AppleTV14,1")?.displayScale == nil)
        #expect(DeviceTable.device(model: "Mac16,10")?.displayGamut == nil)
        #expect(DeviceTable.device(model: "AppleTV5,3")?.displayScale == 1)
    }
}

@Suite("Thinning: catalog classes")
struct ThinningCatalogClassTests {
    @Test("graphics-feature-set values parse and order by family", arguments: [
        ("metal1v2", 1, 2), ("METAL3V1", 3, 1), ("metal4v1", 4, 1), ("apple7", 7, nil), ("apple9", 9, nil),
    ] as [(String, Int, Int?)])
    func graphicsValues(text: String, family: Int, version: Int?) {
        #expect(GraphicsFamily(catalogValue: text) == GraphicsFamily(family: family, version: version))
    }

    @Test("malformed graphics-feature-set and memory values are not classes", arguments: [
        "", "apple", "apple0", "apple99999999999999999999", "metal", "metal3", "metal3v", "metalv1", "apple-1", "apple١",
    ])
    func malformedGraphics(text: String) {
        #expect(GraphicsFamily(catalogValue: text) == nil)
    }

    @Test("memory values", arguments: [("1GB", 1), ("4gb", 4), ("16GB", 16)])
    func memoryValues(text: String, gigabytes: Int) {
        #expect(MemoryClass(catalogValue: text)?.gigabytes == gigabytes)
    }

    @Test("malformed memory values", arguments: ["GB", "0GB", "-1GB", "1.5GB", "4", "99999999999999999999GB", "4 GB"])
    func malformedMemory(text: String) {
        #expect(MemoryClass(catalogValue: text) == nil)
    }

    @Test("screen-width conditions compare with the width in points")
    func screenWidths() throws {
        let small = try #require(ScreenWidthCondition(catalogValue: "<=145"))
        let large = try #require(ScreenWidthCondition(catalogValue: ">183"))
        #expect(small.isMet(byWidth: 136) && !small.isMet(byWidth: 162))
        #expect(large.isMet(byWidth: 184) && !large.isMet(byWidth: 183))
        #expect(ScreenWidthCondition(catalogValue: "=145") == nil)
        #expect(ScreenWidthCondition(catalogValue: ">99999999999999999999") == nil)
    }
}
