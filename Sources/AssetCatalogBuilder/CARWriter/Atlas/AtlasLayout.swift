/// Where Xcode puts images in a packed atlas (`ZZZZPackedAsset-…`, layout 1004): the rule worked out from the
/// heliport and sudoku cars, whose six atlases it reproduces frame for frame (docs/CAR-FORMAT.md, "Packed
/// atlases").
///
/// Each image takes its size plus a 2-pixel gutter. Images go in largest side first, ties by facet identifier
/// (ascending), into a binary-tree packer that starts with the first image's box and, when an image does not
/// fit, grows right or up, whichever keeps the atlas nearer a square. The atlas is the packer's box plus a
/// 2-pixel margin, each side then rounded down to an even number of pixels: none of the 134 atlases in the Xcode cars
/// here has an odd side, and MediaMate's two symbol cache atlases are one pixel narrower or lower than box and margin
/// where those come to an odd number (45 → 44, 97 × 77 → 96 × 76). The packer's y axis points up from the atlas's
/// bottom edge, which is how internal references (info tag 1010) give their frames.
///
/// The pack stage (``CARCompiler/packAtlases(_:index:)``) lays out each atlas with it.
struct AtlasLayout: Sendable, Equatable {
    /// One image to place.
    struct Item: Sendable, Equatable {
        var width: Int
        var height: Int
        /// The identifier of the image's facet: the tie-break between images of the same largest side.
        var identifier: UInt16
    }

    /// A placed image: its frame in the atlas, y counted from the bottom edge.
    struct Frame: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The gutter after each image and the margin before the first.
    static let gutter = 2

    /// The atlas's width and height in pixels.
    var width: Int
    var height: Int
    /// Each item's frame, in the order the items were given.
    var frames: [Frame]

    /// Lays out `items` (at least one).
    init(_ items: [Item]) {
        precondition(!items.isEmpty, "an atlas holds at least one image")
        let order = items.indices.sorted { left, right in
            let a = items[left], b = items[right]
            let sideA = max(a.width, a.height), sideB = max(b.width, b.height)
            if sideA != sideB { return sideA > sideB }
            if a.identifier != b.identifier { return a.identifier < b.identifier }
            return left < right
        }
        var packer = Packer(width: items[order[0]].width + Self.gutter, height: items[order[0]].height + Self.gutter)
        var frames = [Frame](repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: items.count)
        for index in order {
            let item = items[index]
            let (x, y) = packer.place(width: item.width + Self.gutter, height: item.height + Self.gutter)
            frames[index] = Frame(x: x + Self.gutter, y: y + Self.gutter, width: item.width, height: item.height)
        }
        // Rounded down to even: the last image's far edge is at most the packer's box, so a pixel of margin stays.
        width = (packer.width + Self.gutter) & ~1
        height = (packer.height + Self.gutter) & ~1
        self.frames = frames
    }

    /// A growing binary-tree packer over free rectangles, kept in an array (node 0 is the first root).
    ///
    /// Each node remembers the last box its subtree could not hold: its free rectangles only ever shrink (the packer
    /// grows by new nodes above the root), so a box at least as wide and as tall cannot fit there either, and the
    /// search skips it. That is the same first fit as a search of every node, without walking the filled part of a
    /// large atlas again for every image (a search of every node was most of the pack stage on the bench catalog,
    /// whose atlases hold up to 1,500 images each; issue 24).
    private struct Packer {
        struct Node {
            var x: Int, y: Int, width: Int, height: Int
            var used = false
            var right: Int? = nil
            var up: Int? = nil
            /// The last box (gutter included) the subtree could not hold.
            var failedWidth = Int.max, failedHeight = Int.max
        }

        var nodes: [Node]
        var root = 0
        var width: Int { nodes[root].width }
        var height: Int { nodes[root].height }

        init(width: Int, height: Int) {
            nodes = [Node(x: 0, y: 0, width: width, height: height)]
        }

        /// Places a box and returns its corner, growing the packer when no free rectangle holds it.
        mutating func place(width: Int, height: Int) -> (Int, Int) {
            if let node = find(root, width, height) { return split(node, width, height) }
            let canGrowUp = width <= self.width
            let canGrowRight = height <= self.height
            let shouldGrowRight = canGrowRight && self.height >= self.width + width
            let shouldGrowUp = canGrowUp && self.width >= self.height + height
            if shouldGrowRight || (!shouldGrowUp && canGrowRight) {
                let strip = add(Node(x: self.width, y: 0, width: width, height: self.height))
                root = add(Node(x: 0, y: 0, width: self.width + width, height: self.height, used: true, right: strip, up: root))
            } else {
                let strip = add(Node(x: 0, y: self.height, width: self.width, height: height))
                root = add(Node(x: 0, y: 0, width: self.width, height: self.height + height, used: true, right: root, up: strip))
            }
            return split(find(root, width, height)!, width, height)
        }

        private mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        /// The first free rectangle (right before up, depth first) that holds the box.
        private mutating func find(_ index: Int, _ width: Int, _ height: Int) -> Int? {
            let node = nodes[index]
            if width >= node.failedWidth && height >= node.failedHeight { return nil }
            if node.used {
                if let right = node.right, let found = find(right, width, height) { return found }
                if let up = node.up, let found = find(up, width, height) { return found }
                nodes[index].failedWidth = width
                nodes[index].failedHeight = height
                return nil
            }
            return width <= node.width && height <= node.height ? index : nil
        }

        /// Takes the box from the corner of a free rectangle; what is left becomes the strip above it and the
        /// strip to its right.
        private mutating func split(_ index: Int, _ width: Int, _ height: Int) -> (Int, Int) {
            let node = nodes[index]
            let up = add(Node(x: node.x, y: node.y + height, width: node.width, height: node.height - height))
            let right = add(Node(x: node.x + width, y: node.y, width: node.width - width, height: height))
            nodes[index].used = true
            nodes[index].up = up
            nodes[index].right = right
            return (node.x, node.y)
        }
    }
}

extension AtlasLayout {
    /// The fingerprint of what the layout of `items` is a function of: each item's size and identifier, in order
    /// (the compile cache keeps layouts by it, ``KnownAtlasLayout``).
    static func fingerprint(_ items: [Item]) -> RenditionFingerprint {
        var writer = FingerprintWriter("atlas-layout")
        writer.add(items.count)
        for item in items {
            writer.add(item.width)
            writer.add(item.height)
            writer.add(Int(item.identifier))
        }
        return writer.finish()
    }

    /// The largest side a recorded layout may give an atlas: far above any the packer makes from images of at most
    /// ``CARCompiler/largestPackedSide`` pixels within ``CARCompiler/maximumAtlasPixels``.
    static let largestRecordedSide: UInt32 = 1 << 16

    /// `known`, an earlier compile's layout of the same items (by ``fingerprint(_:)``), when it describes `items`: one
    /// frame per item, of the item's size, inside an atlas of even sides; `nil` otherwise (a damaged record), and the
    /// caller lays the items out again.
    init?(_ known: KnownAtlasLayout, items: [Item]) {
        guard known.frames.count == 4 * items.count, known.width <= Self.largestRecordedSide, known.height <= Self.largestRecordedSide,
            known.width % 2 == 0, known.height % 2 == 0
        else { return nil }
        var frames: [Frame] = []
        frames.reserveCapacity(items.count)
        for (number, item) in items.enumerated() {
            let x = known.frames[4 * number], y = known.frames[4 * number + 1]
            guard known.frames[4 * number + 2] == item.width, known.frames[4 * number + 3] == item.height,
                x <= known.width, y <= known.height, UInt32(item.width) <= known.width - x, UInt32(item.height) <= known.height - y
            else { return nil }
            frames.append(Frame(x: Int(x), y: Int(y), width: item.width, height: item.height))
        }
        width = Int(known.width)
        height = Int(known.height)
        self.frames = frames
    }

    /// The layout as the compile cache records it.
    var known: KnownAtlasLayout {
        KnownAtlasLayout(
            width: UInt32(width), height: UInt32(height),
            frames: frames.flatMap { [UInt32($0.x), UInt32($0.y), UInt32($0.width), UInt32($0.height)] })
    }
}
