import AssetCatalog

/// A trait thinning narrows: one a build knows for its device. For each, a device either cannot use an entry at
/// all (``ThinningDimension/admits(_:on:)`` is false), or ranks it (``ThinningDimension/rank(of:on:)``: lower is
/// better, as CoreUI prefers on that device), or cannot tell (`nil`: the entry is kept and replaces nothing).
enum ThinningDimension: CaseIterable, Sendable {
    case idiom, scale, gamut, subtype, screenWidth, memory, graphics

    /// Whether `device` can ever select an entry with these facts, judging this dimension alone.
    func admits(_ facts: ThinningFacts, on device: ThinningDevice) -> Bool {
        switch self {
        case .idiom:
            // Universal entries (and the App Store's marketing icons, universal in their traits) suit every device.
            return facts.idiom == nil || facts.idiom == device.idiom
        case .scale:
            return true  // A wrong scale still draws.
        case .gamut:
            // CoreUI never draws Display P3 artwork on an sRGB screen (docs/RESOLUTION.md, hard filters).
            return !(device.displayGamut == .sRGB && facts.displayGamut == .displayP3)
        case .subtype:
            guard let subtype = facts.subtype, DeviceSubtype.knownValues.contains(subtype) else { return true }
            switch device.subtype {
            case .none: return false
            case .named(let own): return subtype == own
            case .unknown: return true
            }
        case .screenWidth:
            guard let width = device.watchScreenWidth, let text = facts.screenWidth,
                let condition = ScreenWidthCondition(catalogValue: text)
            else { return true }
            return condition.isMet(byWidth: width)
        case .memory:
            guard let text = facts.memory, let needed = MemoryClass(catalogValue: text) else { return true }
            return needed.isSatisfied(byMemoryGigabytes: device.largestMemoryGigabytes)
        case .graphics:
            guard let text = facts.graphicsFeatureSet, let needed = GraphicsFamily(catalogValue: text) else { return true }
            guard let gpu = device.graphicsFamily else { return false }
            return needed.isSatisfied(by: gpu)
        }
    }

    /// How well an admitted entry suits `device` in this dimension (lower is better), or `nil` when thinning
    /// cannot tell: an open scale or gamut, a value it does not know.
    func rank(of facts: ThinningFacts, on device: ThinningDevice) -> Int? {
        switch self {
        case .idiom:
            return facts.idiom == nil ? 1 : 0
        case .scale:
            guard let own = device.displayScale?.value else { return nil }
            // A vector entry is drawn at every scale by the compiler, so it is as good as the exact scale. Otherwise
            // CoreUI's order: the exact scale, the largest lower, the smallest higher (docs/RESOLUTION.md, coreui).
            guard let scale = facts.displayScale?.value else { return 0 }
            if scale == own { return 0 }
            if scale < own { return own - scale }
            return Self.worseThanAnyLowerScale + (scale - own)
        case .gamut:
            guard let own = device.displayGamut else { return nil }
            switch own {
            case .displayP3: return facts.displayGamut == .displayP3 ? 0 : 1
            case .sRGB: return 0  // Display P3 entries were not admitted; sRGB and unmarked ones are alike.
            }
        case .subtype:
            guard let subtype = facts.subtype else {
                switch device.subtype {
                case .none, .named: return 1
                case .unknown: return nil
                }
            }
            guard DeviceSubtype.knownValues.contains(subtype), case .named(let own) = device.subtype, subtype == own else {
                return nil
            }
            return 0
        case .screenWidth:
            guard let width = device.watchScreenWidth else { return nil }
            guard let text = facts.screenWidth else { return Self.unmarked }
            // The closer the bound to the screen's width, the more closely the entry was made for it.
            return ScreenWidthCondition(catalogValue: text)?.distance(fromWidth: width)
        case .memory:
            guard let text = facts.memory else { return Self.unmarked }
            // The largest class the device has memory for is the best; a class only some configurations have
            // memory for cannot be ranked.
            guard let needed = MemoryClass(catalogValue: text), needed.isSatisfied(byMemoryGigabytes: device.memoryGigabytes)
            else { return nil }
            return MemoryClass.largestGigabytes - needed.gigabytes
        case .graphics:
            guard let text = facts.graphicsFeatureSet else { return Self.unmarked }
            // The highest class the GPU supports is the best; a whole family ranks above its feature set versions.
            return GraphicsFamily(catalogValue: text).map { needed in
                let order = needed.family * 1_000 + (needed.version ?? 999)
                return GraphicsFamily.largestFamily * 1_000 + 999 - order
            }
        }
    }

    /// Above every lower scale's rank (scales are at most 65535 apart).
    private static let worseThanAnyLowerScale = 1 << 20
    /// The rank of an entry that does not name the dimension: below every entry that does and suits the device.
    private static let unmarked = 1 << 30
}
