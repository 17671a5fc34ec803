import Testing

@testable import AssetCatalogBuilder

/// The frames Xcode gave the images of its atlases in the heliport and sudoku cars (y from the atlas's bottom),
/// written down as numbers: the layout rule must reproduce them.
@Suite("Packed atlas layout")
struct AtlasLayoutTests {
    typealias Item = AtlasLayout.Item
    typealias Frame = AtlasLayout.Frame

    @Test func thirteenEqualImagesFillRowsOfFourFromTheBottomLeftInIdentifierOrder() {
        // Heliport's 1x GA8 atlas: thirteen 21 x 16 glyphs, given here in an order unlike the identifiers'.
        let identifiers: [UInt16] = [65050, 41560, 43214, 49073, 64700, 9785, 19751, 35451, 59196, 480, 5852, 29113, 52236]
        let layout = AtlasLayout(identifiers.map { Item(width: 21, height: 16, identifier: $0) })
        #expect(layout.width == 94 && layout.height == 74)
        let expected: [UInt16: (Int, Int)] = [
            480: (2, 2), 5852: (25, 2), 29113: (48, 2), 52236: (71, 2), 9785: (2, 20), 19751: (25, 20), 35451: (48, 20),
            59196: (71, 20), 41560: (2, 38), 43214: (25, 38), 49073: (48, 38), 64700: (71, 38), 65050: (2, 56),
        ]
        for (identifier, frame) in zip(identifiers, layout.frames) {
            #expect(frame == Frame(x: expected[identifier]!.0, y: expected[identifier]!.1, width: 21, height: 16), "identifier \(identifier)")
        }
        // The same at 2x (42 x 32): 178 x 138.
        let double = AtlasLayout(identifiers.map { Item(width: 42, height: 32, identifier: $0) })
        #expect(double.width == 178 && double.height == 138)
        #expect(double.frames[identifiers.firstIndex(of: 52236)!] == Frame(x: 134, y: 2, width: 42, height: 32))
    }

    @Test func theLargestImageGoesFirstAndTheAtlasGrowsRight() {
        // Heliport's 2x ARGB atlas: a 64 x 64 icon (identifier 6849) and a 128 x 128 image (27555).
        let layout = AtlasLayout([Item(width: 64, height: 64, identifier: 6849), Item(width: 128, height: 128, identifier: 27555)])
        #expect(layout.width == 198 && layout.height == 132)
        #expect(layout.frames == [Frame(x: 132, y: 2, width: 64, height: 64), Frame(x: 2, y: 2, width: 128, height: 128)])
    }

    @Test func twoSizesOfTwoIconsMakeASquarishAtlas() {
        // Sudoku's 2x atlas: 32 and 64 pixel sizes of two icons (identifiers 29839 and 4774).
        let layout = AtlasLayout([
            Item(width: 32, height: 32, identifier: 29839), Item(width: 32, height: 32, identifier: 4774),
            Item(width: 64, height: 64, identifier: 29839), Item(width: 64, height: 64, identifier: 4774),
        ])
        #expect(layout.width == 134 && layout.height == 102)
        #expect(layout.frames == [
            Frame(x: 36, y: 68, width: 32, height: 32), Frame(x: 2, y: 68, width: 32, height: 32),
            Frame(x: 68, y: 2, width: 64, height: 64), Frame(x: 2, y: 2, width: 64, height: 64),
        ])
    }

    /// SwiftUITestProject1's seven atlases (Xcode 15, its Previews car; `INLK` frames read from the car), each laid out
    /// from its members as Xcode grouped them, with Xcode's identifiers: every frame is Xcode's. At 3x Xcode split the
    /// images (144, 144, 120 | 120, 120) and the app icons (180, 120, 87 | 60); the split is not assetc's rule
    /// (docs/CAR-FORMAT.md, "Packed atlases"), but the layout of each part is.
    @Test func swiftUITestProject1sAtlasesOfXcode15FrameForFrame() {
        let (fingerprint, fingerprint2, logo1, logo2, logo3, appIcon): (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) =
            (14573, 53499, 42993, 13394, 49331, 6849)
        let atlases: [(label: String, members: [(identifier: UInt16, side: Int, x: Int, y: Int)])] = [
            ("1x images", [(fingerprint, 48, 2, 2), (logo2, 40, 2, 52), (logo1, 40, 44, 52), (logo3, 40, 102, 2), (fingerprint2, 48, 52, 2)]),
            ("2x images", [(logo1, 80, 84, 100), (fingerprint, 96, 2, 2), (logo2, 80, 2, 100), (logo3, 80, 198, 2), (fingerprint2, 96, 100, 2)]),
            ("2x app icons", [(appIcon, 120, 2, 2), (appIcon, 40, 62, 124), (appIcon, 80, 124, 2), (appIcon, 58, 2, 124)]),
            ("3x images, first", [(logo2, 120, 2, 148), (fingerprint, 144, 2, 2), (fingerprint2, 144, 148, 2)]),
            ("3x images, second", [(logo1, 120, 2, 2), (logo3, 120, 124, 2)]),
            ("3x app icons, first", [(appIcon, 120, 184, 2), (appIcon, 87, 2, 184), (appIcon, 180, 2, 2)]),
            ("3x app icons, second", [(appIcon, 60, 2, 2)]),
        ]
        for atlas in atlases {
            let layout = AtlasLayout(atlas.members.map { Item(width: $0.side, height: $0.side, identifier: $0.identifier) })
            let expected = atlas.members.map { Frame(x: $0.x, y: $0.y, width: $0.side, height: $0.side) }
            #expect(layout.frames == expected, "\(atlas.label)")
        }
    }

    @Test func sidesAreRoundedDownToEvenAsInMediaMatesSymbolCacheAtlases() {
        // MediaMate's 1x GA8 atlas: a symbol's six bitmap caches (one facet). Box and margin come to 46 x 45; Xcode's
        // atlas is 46 x 44, and none of the 134 atlases in the Xcode cars here has an odd side.
        let sizes = [(6, 12), (7, 16), (7, 15), (9, 18), (9, 19), (11, 24)]
        let layout = AtlasLayout(sizes.map { Item(width: $0.0, height: $0.1, identifier: 57388) })
        #expect(layout.width == 46 && layout.height == 44)
        #expect(layout.frames == [
            Frame(x: 11, y: 28, width: 6, height: 12), Frame(x: 37, y: 2, width: 7, height: 16), Frame(x: 2, y: 28, width: 7, height: 15),
            Frame(x: 26, y: 2, width: 9, height: 18), Frame(x: 15, y: 2, width: 9, height: 19), Frame(x: 2, y: 2, width: 11, height: 24),
        ])
        // Its 2x atlas: 97 x 77 before rounding, 96 x 76 in the car.
        let double = AtlasLayout([(12, 24), (14, 31), (14, 29), (17, 36), (18, 37), (22, 47)].map { Item(width: $0.0, height: $0.1, identifier: 57388) })
        #expect(double.width == 96 && double.height == 76)
    }

    @Test func aRecordedLayoutIsTakenOnlyWhenItDescribesItsItems() {
        let items = [Item(width: 21, height: 16, identifier: 3), Item(width: 64, height: 64, identifier: 1), Item(width: 9, height: 30, identifier: 2)]
        let layout = AtlasLayout(items)
        #expect(AtlasLayout(layout.known, items: items) == layout)
        // The fingerprint is of the sizes and identifiers in order.
        #expect(AtlasLayout.fingerprint(items) == AtlasLayout.fingerprint(items))
        #expect(AtlasLayout.fingerprint(items) != AtlasLayout.fingerprint(items.reversed()))
        #expect(AtlasLayout.fingerprint(items) != AtlasLayout.fingerprint([Item(width: 21, height: 16, identifier: 4)] + items.dropFirst()))
        var wrongSize = layout.known
        wrongSize.frames[3] += 1
        var outside = layout.known
        outside.frames[4] = outside.width - 1
        var odd = layout.known
        odd.height += 1
        var short = layout.known
        short.frames.removeLast(4)
        var huge = layout.known
        huge.width = UInt32.max - 1
        for damaged in [wrongSize, outside, odd, short, huge] { #expect(AtlasLayout(damaged, items: items) == nil) }
    }

    @Test func framesNeverOverlapAndStayInside() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let items = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Item(width: Int.random(in: 1...128, using: &generator), height: Int.random(in: 1...128, using: &generator),
                    identifier: UInt16.random(in: 1...UInt16.max, using: &generator))
            }
            let layout = AtlasLayout(items)
            for (index, frame) in layout.frames.enumerated() {
                #expect(frame.width == items[index].width && frame.height == items[index].height)
                // At least one pixel of margin after the last image once the sides are rounded down to even.
                #expect(frame.x >= 2 && frame.y >= 2 && frame.x + frame.width + 1 <= layout.width && frame.y + frame.height + 1 <= layout.height)
                #expect(layout.width % 2 == 0 && layout.height % 2 == 0)
                for other in layout.frames[(index + 1)...] {
                    let apart = frame.x + frame.width + 2 <= other.x || other.x + other.width + 2 <= frame.x
                        || frame.y + frame.height + 2 <= other.y || other.y + other.height + 2 <= frame.y
                    #expect(apart)
                }
            }
        }
    }

    /// The packer skips subtrees that already failed to hold a box no larger (issue 24): it must place every image
    /// where a search of every free rectangle places it, for atlases of many equal images (the bench catalog's) and
    /// of mixed sizes.
    @Test func skippingFullSubtreesPlacesEveryImageWhereASearchOfEveryNodeDoes() {
        var generator = SystemRandomNumberGenerator()
        var cases: [[Item]] = [(0..<1500).map { Item(width: 24, height: 24, identifier: UInt16($0 + 1)) }]
        for _ in 0..<40 {
            let sides = [Int.random(in: 1...128, using: &generator), Int.random(in: 1...128, using: &generator)]
            cases.append(
                (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                    Item(width: sides.randomElement(using: &generator)!, height: sides.randomElement(using: &generator)!,
                        identifier: UInt16.random(in: 1...UInt16.max, using: &generator))
                })
        }
        for items in cases {
            let layout = AtlasLayout(items)
            let reference = Self.fullSearchLayout(items)
            #expect(layout.frames == reference.frames && layout.width == reference.width && layout.height == reference.height)
        }
    }

    /// The layout by the rule as docs/CAR-FORMAT.md states it, searching every node of the tree for each image.
    static func fullSearchLayout(_ items: [Item]) -> (width: Int, height: Int, frames: [Frame]) {
        struct Node { var x, y, width, height: Int; var children: (right: Int, up: Int)? }
        let order = items.indices.sorted {
            let a = items[$0], b = items[$1]
            return (-max(a.width, a.height), a.identifier, $0) < (-max(b.width, b.height), b.identifier, $1)
        }
        let first = items[order[0]]
        var nodes = [Node(x: 0, y: 0, width: first.width + 2, height: first.height + 2)]
        var root = 0
        func find(_ index: Int, _ width: Int, _ height: Int) -> Int? {
            if let (right, up) = nodes[index].children { return find(right, width, height) ?? find(up, width, height) }
            return width <= nodes[index].width && height <= nodes[index].height ? index : nil
        }
        var frames = [Frame](repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: items.count)
        for index in order {
            let width = items[index].width + 2, height = items[index].height + 2
            var found = find(root, width, height)
            if found == nil {
                let total = nodes[root]
                let canGrowUp = width <= total.width, canGrowRight = height <= total.height
                let growRight = (canGrowRight && total.height >= total.width + width)
                    || (!(canGrowUp && total.width >= total.height + height) && canGrowRight)
                nodes.append(
                    growRight
                        ? Node(x: total.width, y: 0, width: width, height: total.height)
                        : Node(x: 0, y: total.height, width: total.width, height: height))
                let strip = nodes.count - 1
                nodes.append(
                    Node(x: 0, y: 0, width: total.width + (growRight ? width : 0), height: total.height + (growRight ? 0 : height),
                        children: growRight ? (strip, root) : (root, strip)))
                root = nodes.count - 1
                found = find(root, width, height)
            }
            let node = nodes[found!]
            nodes.append(Node(x: node.x + width, y: node.y, width: node.width - width, height: height))
            nodes.append(Node(x: node.x, y: node.y + height, width: node.width, height: node.height - height))
            nodes[found!].children = (nodes.count - 2, nodes.count - 1)
            frames[index] = Frame(x: node.x + 2, y: node.y + 2, width: items[index].width, height: items[index].height)
        }
        // Each side rounded down to even (no atlas of the Xcode cars here has an odd side).
        return ((nodes[root].width + 2) & ~1, (nodes[root].height + 2) & ~1, frames)
    }
}
