import AssetCatalog

extension CARCompiler {
    /// The attribute order of Xcode's key formats on iOS, tvOS, watchOS and visionOS: every attribute a
    /// complete key format lists, in order (the zhihu car, Xcode 14, lists all 21; docs/CAR-FORMAT.md).
    static let deviceKeyFormatOrder: [CARAttribute] = [
        .appearance, .localization, .scale, .idiom, .subtype, .glyphWeight, .glyphSize, .dimension2, .dimension1,
        .deploymentTarget, .displayGamut, .direction, .horizontalSizeClass, .verticalSizeClass, .graphicsClass,
        .memoryClass, .identifier, .element, .part, .state, .value,
    ]
    /// What Xcode 26 lists on those platforms whether or not a rendition uses it (the Stasis car).
    static let deviceKeyFormatFixed: Set<CARAttribute> = [.appearance, .localization, .scale, .idiom, .subtype, .identifier, .element, .part]

    /// The attribute order of Xcode's key formats on macOS (the heliport car, Xcode 13, lists all 20).
    static let macKeyFormatOrder: [CARAttribute] = [
        .appearance, .localization, .element, .part, .size, .direction, .value, .identifier, .dimension1, .dimension2,
        .state, .presentationState, .layer, .scale, .displayGamut, .previousState, .previousValue, .deploymentTarget,
        .glyphWeight, .glyphSize,
    ]
    /// What Xcode 26 lists on macOS whether or not a rendition uses it (the sudoku car: none of its renditions
    /// uses the four states, and it has no localization).
    static let macKeyFormatFixed: Set<CARAttribute> = [
        .appearance, .element, .part, .identifier, .state, .presentationState, .scale, .previousState, .previousValue,
    ]

    /// Every attribute a compiled key can use, for messages that name a key.
    static let describedAttributes: [CARAttribute] = deviceKeyFormatOrder + [.size, .presentationState, .layer, .previousState, .previousValue]

    /// The key format for `platform` when the keys use the attributes `used` sets (``RenditionKey/formUnion(_:)``):
    /// the platform's fixed attributes and every used one, in Xcode's order for the platform. An attribute used
    /// that the macOS order lacks (an idiom, a size class) follows it, in the device order.
    static func keyFormat(platform: CompilePlatform, used: RenditionKey) -> [CARAttribute] {
        let order = platform.isMac ? macKeyFormatOrder : deviceKeyFormatOrder
        let fixed = platform.isMac ? macKeyFormatFixed : deviceKeyFormatFixed
        var format = order.filter { fixed.contains($0) || used[$0] != 0 }
        format += deviceKeyFormatOrder.filter { !order.contains($0) && used[$0] != 0 }
        return format
    }
}
