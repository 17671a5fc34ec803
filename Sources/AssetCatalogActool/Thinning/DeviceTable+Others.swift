import AssetCatalog

extension DeviceTable {
    /// Apple TV HD and 4K. An Apple TV 4K draws at 1x or 2x and in sRGB or P3 depending on the set it is plugged
    /// into, so its scale and gamut are left open (every scale and gamut is kept); the HD model is 1080p, 1x, sRGB.
    static let televisions: [ThinningDevice] = [
        row(["AppleTV5,3"], "Apple TV HD", .tv, scale: 1, gamut: .sRGB, memory: 2, chip: .a8),
        row(["AppleTV6,2"], "Apple TV 4K", .tv, scale: nil, gamut: nil, memory: 3, chip: .a10x),
        row(["AppleTV11,1"], "Apple TV 4K (2nd generation)", .tv, scale: nil, gamut: nil, memory: 3, chip: .a12),
        row(["AppleTV14,1"], "Apple TV 4K (3rd generation)", .tv, scale: nil, gamut: nil, memory: 4, chip: .a15),
    ]

    /// Apple Watch, every model: 2x screens; the gamut is left open (no public statement covers every model).
    /// The width in points is the screen's width in pixels (Apple's specification pages and watchOS design
    /// resources) halved; the subtype is the case size asset catalogs name.
    static let watches: [ThinningDevice] = [
        watch(["Watch1,1"], "Apple Watch (1st generation) 38mm", memory: 0.5, "38mm", width: 136),
        watch(["Watch1,2"], "Apple Watch (1st generation) 42mm", memory: 0.5, "42mm", width: 156),
        watch(["Watch2,6"], "Apple Watch Series 1 38mm", memory: 0.5, "38mm", width: 136),
        watch(["Watch2,7"], "Apple Watch Series 1 42mm", memory: 0.5, "42mm", width: 156),
        watch(["Watch2,3"], "Apple Watch Series 2 38mm", memory: 0.5, "38mm", width: 136),
        watch(["Watch2,4"], "Apple Watch Series 2 42mm", memory: 0.5, "42mm", width: 156),
        watch(["Watch3,1", "Watch3,3"], "Apple Watch Series 3 38mm", memory: 0.75, "38mm", width: 136),
        watch(["Watch3,2", "Watch3,4"], "Apple Watch Series 3 42mm", memory: 0.75, "42mm", width: 156),
        watch(["Watch4,1", "Watch4,3"], "Apple Watch Series 4 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch4,2", "Watch4,4"], "Apple Watch Series 4 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch5,1", "Watch5,3"], "Apple Watch Series 5 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch5,2", "Watch5,4"], "Apple Watch Series 5 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch5,9", "Watch5,11"], "Apple Watch SE 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch5,10", "Watch5,12"], "Apple Watch SE 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch6,1", "Watch6,3"], "Apple Watch Series 6 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch6,2", "Watch6,4"], "Apple Watch Series 6 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch6,6", "Watch6,8"], "Apple Watch Series 7 41mm", memory: 1, "41mm", width: 176),
        watch(["Watch6,7", "Watch6,9"], "Apple Watch Series 7 45mm", memory: 1, "45mm", width: 198),
        watch(["Watch6,10", "Watch6,12"], "Apple Watch SE (2nd generation) 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch6,11", "Watch6,13"], "Apple Watch SE (2nd generation) 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch6,14", "Watch6,16"], "Apple Watch Series 8 41mm", memory: 1, "41mm", width: 176),
        watch(["Watch6,15", "Watch6,17"], "Apple Watch Series 8 45mm", memory: 1, "45mm", width: 198),
        watch(["Watch6,18"], "Apple Watch Ultra", memory: 1, "49mm", width: 205),
        watch(["Watch7,1", "Watch7,3"], "Apple Watch Series 9 41mm", memory: 1, "41mm", width: 176),
        watch(["Watch7,2", "Watch7,4"], "Apple Watch Series 9 45mm", memory: 1, "45mm", width: 198),
        watch(["Watch7,5"], "Apple Watch Ultra 2", memory: 1, "49mm", width: 205),
        watch(["Watch7,8", "Watch7,10"], "Apple Watch Series 10 42mm", memory: 1, nil, width: 187),
        watch(["Watch7,9", "Watch7,11"], "Apple Watch Series 10 46mm", memory: 1, nil, width: 208),
        watch(["Watch7,12"], "Apple Watch Ultra 3", memory: 1, "49mm", width: 211),
        watch(["Watch7,13", "Watch7,14"], "Apple Watch SE 3 40mm", memory: 1, "40mm", width: 162),
        watch(["Watch7,15", "Watch7,16"], "Apple Watch SE 3 44mm", memory: 1, "44mm", width: 184),
        watch(["Watch7,17", "Watch7,19"], "Apple Watch Series 11 42mm", memory: 1, nil, width: 187),
        watch(["Watch7,18", "Watch7,20"], "Apple Watch Series 11 46mm", memory: 1, nil, width: 208),
    ]

    /// A watch row; a `nil` case size is one no public subtype list names (``DeviceSubtype/unknown``).
    private static func watch(_ identifiers: [String], _ name: String, memory: Double, _ caseSize: String?, width: Int)
        -> ThinningDevice
    {
        row(
            identifiers, name, .watch, scale: 2, gamut: nil, memory: memory, chip: .watchS,
            subtype: caseSize.map(DeviceSubtype.named) ?? .unknown, watchWidth: width)
    }

    /// Apple Vision Pro: 2x, P3, 16 GB, M2 (Apple's specification page).
    static let visionDevices: [ThinningDevice] = [
        row(["RealityDevice14,1"], "Apple Vision Pro", .vision, scale: 2, gamut: .displayP3, memory: 16, chip: .m2)
    ]

    /// Macs with Apple silicon. Laptops and iMacs have 2x P3 screens; a Mac mini, Mac Studio or Mac Pro draws at
    /// whatever its monitor has, so its scale and gamut are left open. Memory runs from the smallest configuration's
    /// to the largest any model of the row's chips is built with (rounded up where unsure: that only keeps more).
    static let macs: [ThinningDevice] = [
        row(["MacBookAir10,1"], "MacBook Air (M1, 2020)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m1),
        row(["MacBookPro17,1"], "MacBook Pro (13-inch, M1, 2020)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m1),
        row(["Macmini9,1"], "Mac mini (M1, 2020)", .mac, scale: nil, gamut: nil, memory: 8, upTo: 16, chip: .m1),
        row(["iMac21,1", "iMac21,2"], "iMac (24-inch, M1, 2021)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 16, chip: .m1),
        row(
            ["MacBookPro18,1", "MacBookPro18,2", "MacBookPro18,3", "MacBookPro18,4"], "MacBook Pro (14-inch and 16-inch, 2021)",
            .mac, scale: 2, gamut: .displayP3, memory: 16, upTo: 64, chip: .m1Pro),
        row(["Mac13,1", "Mac13,2"], "Mac Studio (2022)", .mac, scale: nil, gamut: nil, memory: 32, upTo: 128, chip: .m1Max),
        row(["Mac14,2"], "MacBook Air (M2, 2022)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m2),
        row(["Mac14,7"], "MacBook Pro (13-inch, M2, 2022)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m2),
        row(["Mac14,15"], "MacBook Air (15-inch, M2, 2023)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m2),
        row(["Mac14,3", "Mac14,12"], "Mac mini (2023)", .mac, scale: nil, gamut: nil, memory: 8, upTo: 32, chip: .m2),
        row(
            ["Mac14,5", "Mac14,6", "Mac14,9", "Mac14,10"], "MacBook Pro (14-inch and 16-inch, 2023)", .mac, scale: 2,
            gamut: .displayP3, memory: 16, upTo: 96, chip: .m2Pro),
        row(["Mac14,13", "Mac14,14"], "Mac Studio (2023)", .mac, scale: nil, gamut: nil, memory: 32, upTo: 192, chip: .m2Max),
        row(["Mac14,8"], "Mac Pro (2023)", .mac, scale: nil, gamut: nil, memory: 64, upTo: 192, chip: .m2Ultra),
        row(["Mac15,3"], "MacBook Pro (14-inch, M3, Nov 2023)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m3),
        row(["Mac15,4", "Mac15,5"], "iMac (24-inch, 2023)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m3),
        row(
            ["Mac15,6", "Mac15,7", "Mac15,8", "Mac15,9", "Mac15,10", "Mac15,11"], "MacBook Pro (14-inch and 16-inch, Nov 2023)",
            .mac, scale: 2, gamut: .displayP3, memory: 18, upTo: 128, chip: .m3Pro),
        row(["Mac15,12", "Mac15,13"], "MacBook Air (13-inch and 15-inch, M3, 2024)", .mac, scale: 2, gamut: .displayP3, memory: 8, upTo: 24, chip: .m3),
        row(["Mac15,14"], "Mac Studio (2025)", .mac, scale: nil, gamut: nil, memory: 96, upTo: 512, chip: .m3Ultra),
        row(["Mac16,1"], "MacBook Pro (14-inch, M4, 2024)", .mac, scale: 2, gamut: .displayP3, memory: 16, upTo: 32, chip: .m4),
        row(["Mac16,2", "Mac16,3"], "iMac (24-inch, 2024)", .mac, scale: 2, gamut: .displayP3, memory: 16, upTo: 32, chip: .m4),
        row(
            ["Mac16,5", "Mac16,6", "Mac16,7", "Mac16,8"], "MacBook Pro (14-inch and 16-inch, 2024)", .mac, scale: 2, gamut: .displayP3,
            memory: 24, upTo: 128, chip: .m4Pro),
        row(["Mac16,10", "Mac16,11"], "Mac mini (2024)", .mac, scale: nil, gamut: nil, memory: 16, upTo: 64, chip: .m4),
        row(["Mac16,9"], "Mac Studio (M4 Max, 2025)", .mac, scale: nil, gamut: nil, memory: 36, upTo: 128, chip: .m4Max),
        row(["Mac16,12", "Mac16,13"], "MacBook Air (13-inch and 15-inch, M4, 2025)", .mac, scale: 2, gamut: .displayP3, memory: 16, upTo: 32, chip: .m4),
    ]
}
