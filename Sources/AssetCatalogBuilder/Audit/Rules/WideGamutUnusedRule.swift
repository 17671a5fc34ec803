import Foundation
import AssetCatalog

/// `wide-gamut-unused`: a Display P3 image whose pixels all lie inside sRGB.
public struct WideGamutUnusedRule: AuditRule {
    public static let identifier = "wide-gamut-unused"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A Display P3 PNG whose visible pixels all lie inside the sRGB gamut."
    public static let rationale = """
        The wide-gamut profile and the P3 slot buy nothing when no colour needs them; an sRGB image looks the \
        same everywhere and needs no second variant. Every visible pixel is converted from Display P3 to \
        linear sRGB (sRGB transfer curve, 3×3 matrix) and checked against the sRGB range, allowing 1.5 levels \
        of 8-bit rounding. Images over `max-megapixels` are not decoded for this check.
        """
    public static let options = [
        AuditRuleOption(
            name: "max-megapixels", kind: .positiveNumber, defaultValue: "16",
            summary: "Larger images are not decoded for this check.")
    ]
    public static let triggeringExamples = [
        AuditExample(
            "A display-P3 image that is grey everywhere",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo", scales: [2], #""display-gamut":"sRGB""#) {
                    ExamplePNG(width: $0, height: $0, profile: .sRGB, color: [128, 128, 128])
                }
                    + AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                        ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [128, 128, 128])
                    })),
        AuditExample(
            "A Display P3 image of a muted blue (inside sRGB)",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                    ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [80, 110, 160])
                })),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "A Display P3 image of pure P3 red (outside sRGB)",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                    ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0])
                })),
        AuditExample.healthy("Untagged images"),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        let limit = context.number("max-megapixels", of: Self.self) * 1_000_000
        var findings: [Finding] = []
        for variant in context.asset.variants {
            guard let inspection = variant.inspection, inspection.problem == nil, let png = inspection.png,
                png.iccProfile?.colorSpace == .displayP3, Double(png.width) * Double(png.height) <= limit,
                let bytes = context.bytes(of: variant),
                let image = try? PNGCodec.decodeRGBA8(bytes, maxPixels: Int(clampingDouble: limit.rounded(.up)))
            else { continue }
            guard Gamut.allInsideSRGB(image) else { continue }
            findings.append(
                finding(
                    context, at: context.path(of: variant),
                    "\(context.fileName(variant)) is tagged Display P3 but every visible pixel lies inside sRGB; save it as sRGB\(variant.traits.displayGamut == .displayP3 ? " (the sRGB variant can then serve every device)" : "")"
                ))
        }
        return findings
    }
}

/// Display P3 → sRGB gamut checks.
enum Gamut {
    /// The sRGB transfer curve, decoded: 8-bit code → linear light.
    static let linear: [Float] = (0..<256).map { code in
        let value = Double(code) / 255
        return Float(value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4))
    }

    /// Linear Display P3 → linear sRGB (both D65): XYZ→sRGB × P3→XYZ.
    static let matrix: [Float] = {
        let p3ToXYZ: [Double] = [
            0.4865709, 0.2656677, 0.1982173, 0.2289746, 0.6917385, 0.0792869, 0.0000000, 0.0451134, 1.0439444,
        ]
        let xyzToSRGB: [Double] = [
            3.2404542, -1.5371385, -0.4985314, -0.9692660, 1.8760108, 0.0415560, 0.0556434, -0.2040259, 1.0572252,
        ]
        var result = [Float](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += xyzToSRGB[row * 3 + k] * p3ToXYZ[k * 3 + column] }
                result[row * 3 + column] = Float(sum)
            }
        }
        return result
    }()

    /// Linear bounds that correspond to 1.5 8-bit levels outside [0, 1] once sRGB-encoded.
    static let lowerBound: Float = -(1.5 / 255) / 12.92
    static let upperBound: Float = Float(pow((1 + 1.5 / 255 + 0.055) / 1.055, 2.4))

    /// Whether one Display P3 pixel (8-bit codes) is inside sRGB.
    @inline(__always)
    static func insideSRGB(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        if red == green && green == blue { return true }  // the neutral axis is shared
        let r = linear[Int(red)]
        let g = linear[Int(green)]
        let b = linear[Int(blue)]
        for row in 0..<3 {
            let value = matrix[row * 3] * r + matrix[row * 3 + 1] * g + matrix[row * 3 + 2] * b
            if value < lowerBound || value > upperBound { return false }
        }
        return true
    }

    /// Whether every pixel with non-zero alpha of a (straight-alpha) Display P3 image is inside sRGB.
    static func allInsideSRGB(_ image: DecodedImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            var previous: (UInt8, UInt8, UInt8)?
            var offset = 0
            while offset + 3 < pixels.count {
                defer { offset += 4 }
                if pixels[offset + 3] == 0 { continue }
                let pixel = (pixels[offset], pixels[offset + 1], pixels[offset + 2])
                if let previous, previous == pixel { continue }
                previous = pixel
                if !insideSRGB(pixel.0, pixel.1, pixel.2) { return false }
            }
            return true
        }
    }
}
