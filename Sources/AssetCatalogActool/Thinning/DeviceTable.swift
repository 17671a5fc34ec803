import AssetCatalog

/// Every device model thinning knows, by model identifier: iPhones and iPod touches from the iPhone 5, iPads from
/// the iPad (3rd generation), Apple TV HD and 4K, Apple Watch from the first, Apple Vision Pro, and the Macs with
/// Apple silicon. docs/DEVICES.md lists the columns, the public sources of each fact and the thinning rule.
public enum DeviceTable {
    /// Every device, phones first, then iPads, Apple TVs, watches, Vision Pro and Macs, each in release order.
    public static let devices: [ThinningDevice] = phones + pads + televisions + watches + visionDevices + macs

    /// The device with this model identifier (`iPhone14,7`), or `nil`. The identifier is matched exactly first,
    /// then ignoring case (`iphone14,7`), since hand-written build settings are not always spelled as Apple does.
    public static func device(model: String) -> ThinningDevice? {
        if let index = byIdentifier[model] { return devices[index] }
        return byLowercasedIdentifier[model.lowercased()].map { devices[$0] }
    }

    /// Each model identifier's position in ``devices`` (the table has no identifier twice; a test checks).
    private static let byIdentifier: [String: Int] = {
        var positions: [String: Int] = [:]
        for (position, device) in devices.enumerated() {
            for identifier in device.modelIdentifiers where positions[identifier] == nil { positions[identifier] = position }
        }
        return positions
    }()

    private static let byLowercasedIdentifier: [String: Int] = {
        var positions: [String: Int] = [:]
        for (identifier, position) in byIdentifier where positions[identifier.lowercased()] == nil {
            positions[identifier.lowercased()] = position
        }
        return positions
    }()

    /// A table row: the chip stands for its GPU family (``AppleChip/graphicsFamily``).
    static func row(
        _ identifiers: [String], _ name: String, _ idiom: Idiom, scale: Int?, gamut: DisplayGamut?, memory: Double,
        upTo largestMemory: Double? = nil, chip: AppleChip, subtype: DeviceSubtype = .none, watchWidth: Int? = nil
    ) -> ThinningDevice {
        ThinningDevice(
            modelIdentifiers: identifiers, marketingName: name, idiom: idiom, displayScale: scale.flatMap(DisplayScale.init),
            displayGamut: gamut, memoryGigabytes: memory, largestMemoryGigabytes: largestMemory, graphicsFamily: chip.graphicsFamily, subtype: subtype,
            watchScreenWidth: watchWidth)
    }
}
