/// The colour space an embedded ICC profile stands for, as far as asset compilation cares.
public enum ProfileColorSpace: String, Sendable, Hashable, Codable, CaseIterable {
    /// sRGB (IEC 61966-2.1) or a profile equivalent to it.
    case sRGB = "srgb"
    /// Display P3 (P3 primaries, D65 white, sRGB transfer curve).
    case displayP3 = "display-p3"
    /// Anything else: another colour space, or a profile that could not be read.
    case other
}

/// What a PNG's embedded ICC profile (`iCCP` chunk) is.
public struct ICCProfileInfo: Sendable, Hashable, Codable {
    /// The `iCCP` chunk's keyword (profile name), often just "ICC Profile".
    public let name: String
    /// The profile's own description (`desc` tag), or `nil` when absent or unreadable.
    public let description: String?
    /// The colour space the profile was classified as.
    public let colorSpace: ProfileColorSpace
    /// The size of the (decompressed) profile in bytes.
    public let byteCount: Int

    /// Creates a profile description from known values.
    public init(name: String, description: String?, colorSpace: ProfileColorSpace, byteCount: Int) {
        self.name = name
        self.description = description
        self.colorSpace = colorSpace
        self.byteCount = byteCount
    }

    /// Reads a decompressed ICC profile.
    ///
    /// Never fails: a malformed or hostile profile gives a `nil` description and ``ProfileColorSpace/other``.
    /// The name counts only for a profile that reads as ICC: a keyword "Display P3" on bytes that are no
    /// profile does not make the image Display P3.
    ///
    /// - Parameters:
    ///   - name: The `iCCP` keyword.
    ///   - profile: The profile bytes; not retained.
    public init(name: String, profile: UnsafeRawBufferPointer) {
        let reader = ICCProfileReader(profile)
        let description = reader?.profileDescription
        var colorSpace = reader == nil ? .other : ICCProfileInfo.classify(description: description, name: name)
        if colorSpace == .other, let colorants = reader?.colorants {
            colorSpace = ICCProfileInfo.classify(colorants: colorants)
        }
        self.init(name: name, description: description, colorSpace: colorSpace, byteCount: profile.count)
    }

    /// Classifies a profile by its description, then by its `iCCP` name.
    ///
    /// Names containing "sRGB" or "IEC 61966-2.1" are sRGB; names with a "P3" word (but not
    /// DCI-P3, which has a different white point and curve) or "Display P3" are Display P3.
    public static func classify(description: String?, name: String?) -> ProfileColorSpace {
        for text in [description, name] {
            guard let text else { continue }
            let space = classify(text: text)
            if space != .other { return space }
        }
        return .other
    }

    private static func classify(text: String) -> ProfileColorSpace {
        let lowercased = text.lowercased()
        let letters = String(
            lowercased.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        let words = lowercased.split { !($0.isLetter || $0.isNumber) }
        if letters.contains("displayp3") || (words.contains("p3") && !words.contains("dci")) {
            return .displayP3
        }
        if letters.contains("srgb") || letters.contains("iec6196621") {
            return .sRGB
        }
        return .other
    }

    /// Falls back to the primaries for profiles with an uninformative description (e.g. a
    /// display's "Color LCD"): D50-adapted colorants of the standard sRGB and Display P3 profiles.
    private static func classify(
        colorants: (red: ICCProfileReader.XYZ, green: ICCProfileReader.XYZ, blue: ICCProfileReader.XYZ)
    ) -> ProfileColorSpace {
        typealias XYZ = ICCProfileReader.XYZ
        let tolerance = 0.003
        let sRGB = (
            XYZ(x: 0.4361, y: 0.2225, z: 0.0139), XYZ(x: 0.3851, y: 0.7169, z: 0.0971),
            XYZ(x: 0.1431, y: 0.0606, z: 0.7141)
        )
        let displayP3 = (
            XYZ(x: 0.5151, y: 0.2412, z: -0.0011), XYZ(x: 0.2919, y: 0.6922, z: 0.0419),
            XYZ(x: 0.1572, y: 0.0666, z: 0.7841)
        )
        if colorants.red.isClose(to: sRGB.0, tolerance: tolerance)
            && colorants.green.isClose(to: sRGB.1, tolerance: tolerance)
            && colorants.blue.isClose(to: sRGB.2, tolerance: tolerance)
        {
            return .sRGB
        }
        if colorants.red.isClose(to: displayP3.0, tolerance: tolerance)
            && colorants.green.isClose(to: displayP3.1, tolerance: tolerance)
            && colorants.blue.isClose(to: displayP3.2, tolerance: tolerance)
        {
            return .displayP3
        }
        return .other
    }
}
