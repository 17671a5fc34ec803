import AssetCatalogBuilder

/// Why actool's thinning options could not be read: each case names the value and the option it came from.
public enum ThinningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A model identifier the device table does not have.
    case unknownDeviceModel(String, option: ActoolOption)
    /// A `--filter-for-thinning-device-configuration` value that is not a model identifier, with or without a
    /// configuration suffix (`iPhone14,7`, `iPhone14,7-A`).
    case invalidDeviceConfiguration(String)
    /// A `--filter-for-device-os-version` value that is not a version, or is out of range.
    case invalidOSVersion(String, reason: String)

    public var description: String {
        switch self {
        case .unknownDeviceModel(let model, let option):
            return "unknown device model '\(MessageQuote.clipped(model))' (\(option.rawValue))"
        case .invalidDeviceConfiguration(let value):
            return "'\(MessageQuote.clipped(value))' is not a device configuration: expected a model identifier such as "
                + "iPhone14,7, optionally with a suffix such as -A (\(ActoolOption.filterForThinningDeviceConfiguration.rawValue))"
        case .invalidOSVersion(let value, let reason):
            return "'\(MessageQuote.clipped(value))' is not an OS version: \(reason) "
                + "(\(ActoolOption.filterForDeviceOSVersion.rawValue))"
        }
    }
}
