/// The OS version of the device a build is thinned for (`--filter-for-device-os-version 17.0`): one to three
/// whole numbers separated by dots, such as `17`, `17.0` or `17.4.1`.
public struct DeviceOSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major version, at least 1.
    public let major: Int
    /// The minor version (0 when not written).
    public let minor: Int
    /// The patch version (0 when not written).
    public let patch: Int

    /// The largest number a component may have. Real versions stay below 100; build systems pass test values
    /// such as `12.1235`, so the limit is generous, but a bound keeps garbage like `1e99` or 400 digits an error.
    public static let largestComponent = 999_999

    /// Creates a version; each component must be in 0…``largestComponent`` and `major` at least 1.
    public init?(major: Int, minor: Int = 0, patch: Int = 0) {
        let range = 0...Self.largestComponent
        guard major >= 1, range.contains(major), range.contains(minor), range.contains(patch) else { return nil }
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `17`, `17.0` or `17.4.1`.
    ///
    /// - Throws: ``ThinningError/invalidOSVersion(_:reason:)`` saying what is wrong: not a version (letters, signs,
    ///   spaces, empty or extra components) or a component out of range.
    public init(parsing text: String) throws(ThinningError) {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(components.count) else {
            throw .invalidOSVersion(text, reason: "expected one to three numbers separated by dots, such as 17.0")
        }
        var numbers: [Int] = []
        for component in components {
            guard !component.isEmpty, component.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidOSVersion(text, reason: "expected one to three numbers separated by dots, such as 17.0")
            }
            // Digits only, so a failed conversion can only mean too many of them.
            guard component.count <= 6, let number = Int(component), number <= Self.largestComponent else {
                throw .invalidOSVersion(text, reason: "a number is larger than \(Self.largestComponent)")
            }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        guard let version = DeviceOSVersion(major: numbers[0], minor: numbers[1], patch: numbers[2]) else {
            throw .invalidOSVersion(text, reason: "the major version must be at least 1")
        }
        self = version
    }

    public static func < (lhs: DeviceOSVersion, rhs: DeviceOSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `17.0` or `17.4.1`: the patch only when it is not 0.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
