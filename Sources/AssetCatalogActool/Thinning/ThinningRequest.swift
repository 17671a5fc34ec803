/// What actool's three thinning options ask for: the device to thin for and its OS version.
///
/// Xcode passes them when building for one connected device or simulator: `--filter-for-device-model iPhone14,7`
/// or `--filter-for-thinning-device-configuration iPhone14,7` (the `TARGET_THINNING_DEVICE_CONFIGURATION` build
/// setting), with `--filter-for-device-os-version 17.0`. A value left empty (a build setting that expanded to
/// nothing) counts as not given.
public struct ThinningRequest: Hashable, Sendable {
    /// The device to thin for, or `nil` when neither device option was given: no thinning.
    public let device: ThinningDevice?
    /// The device's OS version, or `nil` when not given.
    public let osVersion: DeviceOSVersion?

    /// Reads the three option values.
    ///
    /// The configuration is used when given, else the model. A configuration is a model identifier, optionally
    /// followed by a dash and a suffix of letters and digits (`iPhone14,7`, `iPhone14,7-A`); the suffix names a
    /// variant of the model's configuration (swift-build's tests pass `myPhoneABCD,10-B`) and does not change
    /// which assets the model can load, so the model part alone chooses the device.
    ///
    /// - Throws: ``ThinningError`` naming the value and the option: an unknown model, a configuration that is
    ///   not a model identifier, or an OS version that is not a version.
    public init(deviceConfiguration: String?, deviceModel: String?, osVersion: String?) throws(ThinningError) {
        if let configuration = Self.given(deviceConfiguration) {
            let model = try Self.model(inConfiguration: configuration)
            guard let device = DeviceTable.device(model: model) else {
                throw .unknownDeviceModel(configuration, option: .filterForThinningDeviceConfiguration)
            }
            self.device = device
        } else if let model = Self.given(deviceModel) {
            guard let device = DeviceTable.device(model: model) else {
                throw .unknownDeviceModel(model, option: .filterForDeviceModel)
            }
            self.device = device
        } else {
            self.device = nil
        }
        self.osVersion = try Self.given(osVersion).map { (text) throws(ThinningError) in try DeviceOSVersion(parsing: text) }
    }

    /// The value with surrounding white space removed, or `nil` when nothing is left.
    private static func given(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingWhiteSpace
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The model identifier of a configuration: `iPhone14,7` in `iPhone14,7` and `iPhone14,7-A`.
    ///
    /// A model identifier is letters, then a number, a comma and a number (`iPhone14,7`, `AppleTV5,3`,
    /// `RealityDevice14,1`); the optional suffix is a dash and letters and digits.
    static func model(inConfiguration configuration: String) throws(ThinningError) -> String {
        let parts = configuration.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let model = parts[0]
        guard isModelIdentifier(model) else { throw .invalidDeviceConfiguration(configuration) }
        if parts.count == 2 {
            let suffix = parts[1]
            guard !suffix.isEmpty, suffix.unicodeScalars.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) }) else {
                throw .invalidDeviceConfiguration(configuration)
            }
        }
        return String(model)
    }

    /// Whether `text` is letters, digits, a comma and digits: `iPhone14,7`. The first digits may be missing, as in
    /// the made-up `myPhoneABCD,10` of swift-build's tests, so such a value is reported as an unknown model.
    private static func isModelIdentifier(_ text: Substring) -> Bool {
        let scalars = text.unicodeScalars
        let name = scalars.prefix(while: isASCIILetter)
        let major = scalars.dropFirst(name.count).prefix(while: isASCIIDigit)
        let rest = scalars.dropFirst(name.count + major.count)
        guard !name.isEmpty, rest.first == ",", rest.count > 1 else { return false }
        return rest.dropFirst().allSatisfy(isASCIIDigit)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
