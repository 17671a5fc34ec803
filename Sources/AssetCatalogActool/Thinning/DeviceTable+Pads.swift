import AssetCatalog

extension DeviceTable {
    /// iPads from the iPad (3rd generation): every one draws at 2x. Gamut ("Wide color (P3)") and chip from
    /// Apple's specification pages; memory as Apple states it for M-series iPads and as publicly reported for the
    /// others, the smallest configuration's where storage sizes differ.
    static let pads: [ThinningDevice] = [
        row(["iPad3,1", "iPad3,2", "iPad3,3"], "iPad (3rd generation)", .pad, scale: 2, gamut: .sRGB, memory: 1, chip: .a5x),
        row(["iPad3,4", "iPad3,5", "iPad3,6"], "iPad (4th generation)", .pad, scale: 2, gamut: .sRGB, memory: 1, chip: .a6x),
        row(["iPad4,1", "iPad4,2", "iPad4,3"], "iPad Air", .pad, scale: 2, gamut: .sRGB, memory: 1, chip: .a7),
        row(["iPad5,3", "iPad5,4"], "iPad Air 2", .pad, scale: 2, gamut: .sRGB, memory: 2, chip: .a8x),
        row(["iPad6,11", "iPad6,12"], "iPad (5th generation)", .pad, scale: 2, gamut: .sRGB, memory: 2, chip: .a9),
        row(["iPad7,5", "iPad7,6"], "iPad (6th generation)", .pad, scale: 2, gamut: .sRGB, memory: 2, chip: .a10),
        row(["iPad7,11", "iPad7,12"], "iPad (7th generation)", .pad, scale: 2, gamut: .sRGB, memory: 3, chip: .a10),
        row(["iPad11,6", "iPad11,7"], "iPad (8th generation)", .pad, scale: 2, gamut: .sRGB, memory: 3, chip: .a12),
        row(["iPad12,1", "iPad12,2"], "iPad (9th generation)", .pad, scale: 2, gamut: .sRGB, memory: 3, chip: .a13),
        row(["iPad13,18", "iPad13,19"], "iPad (10th generation)", .pad, scale: 2, gamut: .sRGB, memory: 4, chip: .a14),
        row(["iPad15,7", "iPad15,8"], "iPad (A16)", .pad, scale: 2, gamut: .sRGB, memory: 6, chip: .a16),
        row(["iPad11,3", "iPad11,4"], "iPad Air (3rd generation)", .pad, scale: 2, gamut: .displayP3, memory: 3, chip: .a12),
        row(["iPad13,1", "iPad13,2"], "iPad Air (4th generation)", .pad, scale: 2, gamut: .displayP3, memory: 4, chip: .a14),
        row(["iPad13,16", "iPad13,17"], "iPad Air (5th generation)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .m1),
        row(["iPad14,8", "iPad14,9"], "iPad Air 11-inch (M2)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .m2),
        row(["iPad14,10", "iPad14,11"], "iPad Air 13-inch (M2)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .m2),
        row(["iPad15,3", "iPad15,4"], "iPad Air 11-inch (M3)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .m3),
        row(["iPad15,5", "iPad15,6"], "iPad Air 13-inch (M3)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .m3),
        row(["iPad16,8", "iPad16,9"], "iPad Air 11-inch (M4)", .pad, scale: 2, gamut: .displayP3, memory: 12, chip: .m4),
        row(["iPad16,10", "iPad16,11"], "iPad Air 13-inch (M4)", .pad, scale: 2, gamut: .displayP3, memory: 12, chip: .m4),
        row(["iPad4,4", "iPad4,5", "iPad4,6"], "iPad mini 2", .pad, scale: 2, gamut: .sRGB, memory: 1, chip: .a7),
        row(["iPad4,7", "iPad4,8", "iPad4,9"], "iPad mini 3", .pad, scale: 2, gamut: .sRGB, memory: 1, chip: .a7),
        row(["iPad5,1", "iPad5,2"], "iPad mini 4", .pad, scale: 2, gamut: .sRGB, memory: 2, chip: .a8),
        row(["iPad11,1", "iPad11,2"], "iPad mini (5th generation)", .pad, scale: 2, gamut: .displayP3, memory: 3, chip: .a12),
        row(["iPad14,1", "iPad14,2"], "iPad mini (6th generation)", .pad, scale: 2, gamut: .displayP3, memory: 4, chip: .a15),
        row(["iPad16,1", "iPad16,2"], "iPad mini (A17 Pro)", .pad, scale: 2, gamut: .displayP3, memory: 8, chip: .a17Pro),
        row(["iPad6,3", "iPad6,4"], "iPad Pro (9.7-inch)", .pad, scale: 2, gamut: .displayP3, memory: 2, chip: .a9x),
        row(["iPad6,7", "iPad6,8"], "iPad Pro (12.9-inch)", .pad, scale: 2, gamut: .sRGB, memory: 4, chip: .a9x),
        row(["iPad7,1", "iPad7,2"], "iPad Pro (12.9-inch) (2nd generation)", .pad, scale: 2, gamut: .displayP3, memory: 4, chip: .a10x),
        row(["iPad7,3", "iPad7,4"], "iPad Pro (10.5-inch)", .pad, scale: 2, gamut: .displayP3, memory: 4, chip: .a10x),
        row(["iPad8,1", "iPad8,2", "iPad8,3", "iPad8,4"], "iPad Pro (11-inch)", .pad, scale: 2, gamut: .displayP3, memory: 4, upTo: 6, chip: .a12x),
        row(
            ["iPad8,5", "iPad8,6", "iPad8,7", "iPad8,8"], "iPad Pro (12.9-inch) (3rd generation)", .pad, scale: 2, gamut: .displayP3,
            memory: 4, upTo: 6, chip: .a12x),
        row(["iPad8,9", "iPad8,10"], "iPad Pro (11-inch) (2nd generation)", .pad, scale: 2, gamut: .displayP3, memory: 6, chip: .a12z),
        row(["iPad8,11", "iPad8,12"], "iPad Pro (12.9-inch) (4th generation)", .pad, scale: 2, gamut: .displayP3, memory: 6, chip: .a12z),
        row(
            ["iPad13,4", "iPad13,5", "iPad13,6", "iPad13,7"], "iPad Pro (11-inch) (3rd generation)", .pad, scale: 2, gamut: .displayP3,
            memory: 8, upTo: 16, chip: .m1),
        row(
            ["iPad13,8", "iPad13,9", "iPad13,10", "iPad13,11"], "iPad Pro (12.9-inch) (5th generation)", .pad, scale: 2,
            gamut: .displayP3, memory: 8, upTo: 16, chip: .m1),
        row(["iPad14,3", "iPad14,4"], "iPad Pro (11-inch) (4th generation)", .pad, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m2),
        row(["iPad14,5", "iPad14,6"], "iPad Pro (12.9-inch) (6th generation)", .pad, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m2),
        row(["iPad16,3", "iPad16,4"], "iPad Pro 11-inch (M4)", .pad, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m4),
        row(["iPad16,5", "iPad16,6"], "iPad Pro 13-inch (M4)", .pad, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m4),
        row(["iPad17,1", "iPad17,2"], "iPad Pro 11-inch (M5)", .pad, scale: 2, gamut: .displayP3, memory: 12, upTo: 16, chip: .m5),
        row(["iPad17,3", "iPad17,4"], "iPad Pro 13-inch (M5)", .pad, scale: 2, gamut: .displayP3, memory: 12, upTo: 16, chip: .m5),
    ]
}
