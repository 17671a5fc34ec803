/// The name of an image asset (an image set, app icon, symbol set or Icon Composer icon), as the typed
/// accessors of `assetc generate swift` declare them: `archive.image(.onboarding.hero, compatibleWith: traits)`.
///
/// A plain wrapper around the asset's full name (namespaces joined with `/`); it costs what a `String` costs.
public struct ImageName: Hashable, Sendable, CustomStringConvertible {
    /// The full asset name, e.g. `onboarding/hero`.
    public let name: String

    /// Names the image asset `name`.
    public init(_ name: String) { self.name = name }

    /// The full asset name.
    public var description: String { name }
}

/// The name of a colour set, as the typed accessors of `assetc generate swift` declare them:
/// `archive.color(.accent, compatibleWith: traits)`.
public struct ColorName: Hashable, Sendable, CustomStringConvertible {
    /// The full asset name, e.g. `AccentColor`.
    public let name: String

    /// Names the colour set `name`.
    public init(_ name: String) { self.name = name }

    /// The full asset name.
    public var description: String { name }
}

/// The name of a data set, as the typed accessors of `assetc generate swift` declare them:
/// `archive.data(.tutorialVideo)`.
public struct DataName: Hashable, Sendable, CustomStringConvertible {
    /// The full asset name, e.g. `tutorial/video`.
    public let name: String

    /// Names the data set `name`.
    public init(_ name: String) { self.name = name }

    /// The full asset name.
    public var description: String { name }
}
