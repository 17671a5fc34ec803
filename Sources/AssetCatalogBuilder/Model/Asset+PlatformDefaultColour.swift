import AssetCatalog

extension ColorValue {
    /// Whether this is a colour-set entry with no colour at all (the reader's `default` reference): Xcode's
    /// `AccentColor` template, which lets the platform choose.
    public var isPlatformDefault: Bool {
        if case .systemReference(let name) = self { return name == "default" }
        return false
    }
}

extension Asset {
    /// Whether this is a colour set whose every entry has no colour (Xcode's `AccentColor` template).
    ///
    /// Xcode compiles such a set to nothing: no facet, no rendition, and no `NSAccentColorName` naming it in the
    /// partial Info.plist, even when it is named as the accent colour (the two Xcode 15 cars of
    /// NikitaKosolapov+SwiftUITestProject1, whose project names `AccentColor` and whose set is the template).
    public var isColourlessTemplate: Bool {
        kind == .color && !colors.isEmpty && colors.allSatisfy(\.value.isPlatformDefault)
    }
}
