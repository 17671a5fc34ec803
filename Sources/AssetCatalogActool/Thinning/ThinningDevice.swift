import AssetCatalog

/// One device model as thinning sees it: the traits of it that a build can know before the app runs.
///
/// A model may have several identifiers (`iPhone9,1` and `iPhone9,3` are both an iPhone 7: carrier versions); a
/// value lists them all. The facts and their public sources are in docs/DEVICES.md.
public struct ThinningDevice: Hashable, Sendable, CustomStringConvertible {
    /// The model identifiers (`hw.machine`, `iPhone14,7`), at least one.
    public let modelIdentifiers: [String]
    /// The name Apple sells it under: `iPhone 14`.
    public let marketingName: String
    /// Its idiom.
    public let idiom: Idiom
    /// Its screen's scale, or `nil` when it depends on the display attached (an Apple TV 4K draws at 1x on a
    /// 1080p set, a Mac mini at whatever its monitor has): then every scale is kept.
    public let displayScale: DisplayScale?
    /// Its screen's gamut, or `nil` when it depends on the display attached: then every gamut is kept.
    public let displayGamut: DisplayGamut?
    /// Its memory in gigabytes (`0.5` for 512 MB); for a model sold with several, the smallest.
    public let memoryGigabytes: Double
    /// For a model sold with several memory sizes, the largest (an iPad Pro with 1 TB of storage, a Mac built to
    /// order); ``memoryGigabytes`` for the others. An entry needing memory between the two is kept: the build
    /// cannot tell which configuration it runs on.
    public let largestMemoryGigabytes: Double
    /// Its GPU's Metal family, or `nil` for a GPU that has none (A5, A6; Apple Watch, whose apps have no Metal).
    public let graphicsFamily: GraphicsFamily?
    /// The `subtype` entries it selects (a 4-inch iPhone's `retina4`, a watch's case size `44mm`).
    public let subtype: DeviceSubtype
    /// An Apple Watch's screen width in points, compared with entries' `screen-width`; `nil` for other devices.
    public let watchScreenWidth: Int?

    /// Creates a device.
    public init(
        modelIdentifiers: [String], marketingName: String, idiom: Idiom, displayScale: DisplayScale?,
        displayGamut: DisplayGamut?, memoryGigabytes: Double, largestMemoryGigabytes: Double? = nil,
        graphicsFamily: GraphicsFamily?, subtype: DeviceSubtype = .none, watchScreenWidth: Int? = nil
    ) {
        self.modelIdentifiers = modelIdentifiers
        self.marketingName = marketingName
        self.idiom = idiom
        self.displayScale = displayScale
        self.displayGamut = displayGamut
        self.memoryGigabytes = memoryGigabytes
        self.largestMemoryGigabytes = max(memoryGigabytes, largestMemoryGigabytes ?? memoryGigabytes)
        self.graphicsFamily = graphicsFamily
        self.subtype = subtype
        self.watchScreenWidth = watchScreenWidth
    }

    /// `iPhone 14 (iPhone14,7)`.
    public var description: String { "\(marketingName) (\(modelIdentifiers.joined(separator: ", ")))" }
}

/// Which `subtype` entries of a catalog a device selects.
public enum DeviceSubtype: Hashable, Sendable {
    /// None: every subtype the table knows is for other devices (most devices).
    case none
    /// This one (`retina4`, `44mm`); the other known subtypes are for other devices.
    case named(String)
    /// Not known for this model (Apple Watch Series 10 and 11, whose 42 mm and 46 mm cases no public list of
    /// subtypes names): every subtype entry is kept.
    case unknown

    /// The subtypes the table knows the meaning of (docs/DEVICES.md); any other is kept on every device.
    public static let knownValues: Set<String> = ["retina4", "38mm", "40mm", "41mm", "42mm", "44mm", "45mm", "49mm"]
}
