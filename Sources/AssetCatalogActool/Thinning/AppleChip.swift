/// The system-on-chip of a device in the table, so the table states the chip (from Apple's specification pages)
/// and derives the GPU's Metal family from it in one place (Apple's Metal feature set tables).
enum AppleChip: String, Hashable, Sendable, CaseIterable {
    case a5x, a6, a6x, a7, a8, a8x, a9, a9x, a10, a10x, a11, a12, a12x, a12z, a13, a14, a15, a16, a17Pro, a18, a18Pro
    case a19, a19Pro
    case m1, m1Pro, m1Max, m1Ultra, m2, m2Pro, m2Max, m2Ultra, m3, m3Pro, m3Max, m3Ultra, m4, m4Pro, m4Max, m5
    /// Apple Watch chips (S1 … S10): watch apps have no Metal, so catalogs give them no graphics class.
    case watchS

    /// The Apple GPU family, or `nil` for a chip without one (A5X, A6, A6X: no Metal; watch chips).
    var graphicsFamily: GraphicsFamily? {
        switch self {
        case .a5x, .a6, .a6x, .watchS: return nil
        case .a7: return GraphicsFamily(family: 1)
        case .a8, .a8x: return GraphicsFamily(family: 2)
        case .a9, .a9x, .a10, .a10x: return GraphicsFamily(family: 3)
        case .a11: return GraphicsFamily(family: 4)
        case .a12, .a12x, .a12z: return GraphicsFamily(family: 5)
        case .a13: return GraphicsFamily(family: 6)
        case .a14, .m1, .m1Pro, .m1Max, .m1Ultra: return GraphicsFamily(family: 7)
        case .a15, .a16, .m2, .m2Pro, .m2Max, .m2Ultra: return GraphicsFamily(family: 8)
        case .a17Pro, .a18, .a18Pro, .m3, .m3Pro, .m3Max, .m3Ultra, .m4, .m4Pro, .m4Max: return GraphicsFamily(family: 9)
        case .a19, .a19Pro, .m5: return GraphicsFamily(family: 10)
        }
    }
}
