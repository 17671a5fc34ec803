/// Colours of `icon.json` as the sRGB-encoded values the flat renderer draws with: sRGB and extended sRGB as they are,
/// Display P3 converted through linear light (the standard P3-to-sRGB matrix; measured: cubeSQL's P3 gradient stops
/// appear in Xcode's bitmap as their sRGB conversions, within one level), greys as grey, extended linear sRGB encoded;
/// every result clamped to 0…1.
enum IconComposerColor {
    /// Straight (not premultiplied) red, green, blue and alpha.
    static func srgb(_ color: ColorComponents) -> (red: Float, green: Float, blue: Float, alpha: Float) {
        var red = color.red, green = color.green, blue = color.blue
        let space = color.colorSpace
        if space.contains("display-p3") || space.contains("p3") {
            let l = (decode(red), decode(green), decode(blue))
            red = encode(1.2249401 * l.0 - 0.2249404 * l.1)
            green = encode(-0.0420569 * l.0 + 1.0420571 * l.1)
            blue = encode(-0.0196376 * l.0 - 0.0786361 * l.1 + 1.0982735 * l.2)
        } else if space.contains("linear") {
            red = encode(red)
            green = encode(green)
            blue = encode(blue)
        }
        func clamp(_ value: Double) -> Float { Float(max(0, min(1, value))) }
        return (clamp(red), clamp(green), clamp(blue), clamp(color.alpha))
    }

    /// sRGB's transfer function and its inverse.
    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : Double.pow((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        let clamped = max(0, min(1, value))
        return clamped <= 0.0031308 ? 12.92 * clamped : 1.055 * Double.pow(clamped, 1 / 2.4) - 0.055
    }
}

import AssetCatalog
