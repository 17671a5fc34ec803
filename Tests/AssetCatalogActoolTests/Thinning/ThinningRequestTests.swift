import Testing

@testable import AssetCatalogActool

@Suite("Thinning: reading the options")
struct ThinningRequestTests {
    @Test("--filter-for-device-model names the device")
    func model() throws {
        let request = try ThinningRequest(deviceConfiguration: nil, deviceModel: "iPhone14,7", osVersion: "17.0")
        #expect(request.device?.marketingName == "iPhone 14")
        #expect(request.osVersion == DeviceOSVersion(major: 17))
    }

    @Test("a thinning device configuration is a model identifier, with or without a suffix", arguments: [
        "iPhone14,7", "iPhone14,7-A", "iPhone14,7-B2",
    ])
    func configuration(value: String) throws {
        let request = try ThinningRequest(deviceConfiguration: value, deviceModel: nil, osVersion: nil)
        #expect(request.device?.modelIdentifiers == ["iPhone14,7"])
        #expect(request.osVersion == nil)
    }

    @Test("the configuration wins over the model; empty values count as not given")
    func precedence() throws {
        let both = try ThinningRequest(deviceConfiguration: "iPad16,3", deviceModel: "iPhone14,7", osVersion: "")
        #expect(both.device?.idiom == .pad)
        #expect(both.osVersion == nil)
        let none = try ThinningRequest(deviceConfiguration: " ", deviceModel: "", osVersion: nil)
        #expect(none.device == nil)
    }

    @Test("an unknown model is an error naming it and the option")
    func unknownModel() {
        #expect(throws: ThinningError.unknownDeviceModel("iPhone99,9", option: .filterForDeviceModel)) {
            try ThinningRequest(deviceConfiguration: nil, deviceModel: "iPhone99,9", osVersion: nil)
        }
        #expect(
            ThinningError.unknownDeviceModel("iPhone99,9", option: .filterForDeviceModel).description
                == "unknown device model 'iPhone99,9' (--filter-for-device-model)")
        // swift-build's tests pass this well-formed but made-up configuration.
        #expect(throws: ThinningError.unknownDeviceModel("myPhoneABCD,10-B", option: .filterForThinningDeviceConfiguration)) {
            try ThinningRequest(deviceConfiguration: "myPhoneABCD,10-B", deviceModel: nil, osVersion: nil)
        }
    }

    @Test("a configuration that is not a model identifier is an error", arguments: [
        "iPhone", "14,7", "iPhone14", "iPhone14,", "iPhone14,7-", "iPhone14,7-A-B", "iPhone14,7 A", "iPhone 14", "iPhone14,7-Ä",
    ])
    func malformedConfiguration(value: String) {
        #expect(throws: ThinningError.invalidDeviceConfiguration(value)) {
            try ThinningRequest(deviceConfiguration: value, deviceModel: nil, osVersion: nil)
        }
    }

    @Test("OS versions parse", arguments: [
        ("17", "17.0"), ("17.0", "17.0"), ("17.4.1", "17.4.1"), ("12.1235", "12.1235"), ("26.1", "26.1"),
    ])
    func versions(text: String, printed: String) throws {
        #expect(try DeviceOSVersion(parsing: text).description == printed)
    }

    @Test("garbage and huge OS versions are errors, not crashes", arguments: [
        "", "abc", "17.", ".17", "17..0", "-1", "+17", "1e99", "17.0.0.0", " 17", "17.0b1", "0", "0.1",
        "99999999999999999999999999", "17.99999999999999999999", "1000000", "١٧",
    ])
    func garbageVersions(text: String) {
        #expect(throws: ThinningError.self) { try DeviceOSVersion(parsing: text) }
    }

    @Test("the OS version error names the value and the option")
    func versionMessage() {
        #expect(throws: ThinningError.self) {
            try ThinningRequest(deviceConfiguration: nil, deviceModel: "iPhone14,7", osVersion: "seventeen")
        }
        do {
            _ = try DeviceOSVersion(parsing: "seventeen")
        } catch {
            #expect(error.description.contains("'seventeen'"))
            #expect(error.description.contains("--filter-for-device-os-version"))
        }
    }

    @Test("versions compare numerically")
    func ordering() throws {
        #expect(try DeviceOSVersion(parsing: "17.10") > DeviceOSVersion(parsing: "17.9"))
        #expect(try DeviceOSVersion(parsing: "17") == DeviceOSVersion(parsing: "17.0.0"))
    }
}
