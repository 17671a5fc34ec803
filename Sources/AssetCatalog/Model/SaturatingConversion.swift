extension Int {
    /// `value` rounded toward zero and clamped to `Int`'s range; NaN becomes 0.
    ///
    /// `Int(_: Double)` traps on NaN, infinity and anything beyond ±2⁶³: a number that came from a file
    /// goes through this (after its documented range check) so a value that slipped past can never crash.
    package init(clampingDouble value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_774_784 {  // the largest Double below 2⁶³
            self = .max
        } else if value <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
