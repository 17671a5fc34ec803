import AssetCatalog
import Foundation

extension SizeInventory {
    /// Settles, for two cars' inventories about to be compared, whether each image packed on both sides kept its
    /// pixels: where its first checksum (atlas checksum and frame) differs between the sides but its pixel size
    /// does not, both atlases are decoded and both images get the CRC-32 of their crop's pixels instead.
    ///
    /// An image is thus "changed" by its own content, whatever atlas or frame it moved to. Nothing is decoded
    /// where the first checksums agree (the same atlas bytes, the same rectangle), so two builds of the same
    /// catalog cost no decoding; each atlas that must be decoded is decoded once, atlases on every core, each
    /// thread into one buffer it keeps, and of a deepmap atlas only the chunks and rows of tiles that hold a frame
    /// to check. An atlas that cannot be decoded leaves its images' first checksums, so they count as changed.
    ///
    /// - Parameters:
    ///   - old: the old car's inventory (``init(car:path:jobs:)``).
    ///   - oldCar: the car it was made from.
    ///   - new: the new car's inventory.
    ///   - newCar: the car it was made from.
    ///   - jobs: atlases decoded at once (default: one per processor).
    public static func settlePackedContent(
        old: inout SizeInventory, oldCar: CARFile, new: inout SizeInventory, newCar: CARFile, jobs: Int? = nil
    ) {
        let pairs = packedPairsToSettle(old, new)
        guard !pairs.isEmpty else { return }
        // One job per atlas to decode, with the images whose crops it must checksum.
        var jobsByAtlas: [CropJob.Side: [Int: Int]] = [.old: [:], .new: [:]]
        var work: [CropJob] = []
        func ask(_ side: CropJob.Side, _ place: VariantPlace, _ variant: SizedVariant) {
            let frame = variant.packedFrame!
            let slot: Int
            if let known = jobsByAtlas[side]![frame.atlas] {
                slot = known
            } else {
                slot = work.count
                jobsByAtlas[side]![frame.atlas] = slot
                work.append(CropJob(side: side, atlas: frame.atlas, crops: []))
            }
            work[slot].crops.append((place, frame.record, frame))
        }
        for pair in pairs {
            ask(.old, pair.old, old.assets[pair.old.asset].variants[pair.old.variant])
            ask(.new, pair.new, new.assets[pair.new.asset].variants[pair.new.variant])
        }
        let jobList = work
        // Each thread keeps its decoders (their tile scratch) and one buffer of rows from one atlas to the next: the
        // memory is a few atlases' worth whatever the number of atlases.
        let results = parallelMap(
            count: jobList.count, width: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            makeState: { CropJob.Worker(old: CARDecoder(file: oldCar), new: CARDecoder(file: newCar)) }
        ) { worker, index in
            jobList[index].run(&worker)
        }
        var crops: [CropJob.Side: [VariantPlace: UInt32]] = [.old: [:], .new: [:]]
        for (job, result) in zip(jobList, results) {
            for (place, checksum) in result { crops[job.side]![place] = checksum }
        }
        // Both sides' checksums are replaced, or neither (a crop checksum never meets a frame checksum).
        for pair in pairs {
            guard let before = crops[.old]![pair.old], let after = crops[.new]![pair.new] else { continue }
            old.assets[pair.old.asset].variants[pair.old.variant].checksum = before
            new.assets[pair.new.asset].variants[pair.new.variant].checksum = after
        }
    }

    /// Where a variant is in an inventory.
    struct VariantPlace: Hashable {
        var asset: Int, variant: Int
    }

    /// The images packed on both sides, matched as ``SizeDiff`` matches them (asset by name, variant by key),
    /// whose pixel sizes agree and whose first checksums do not.
    static func packedPairsToSettle(_ old: SizeInventory, _ new: SizeInventory) -> [(old: VariantPlace, new: VariantPlace)] {
        var oldBySlot: [String: Int] = [:]
        oldBySlot.reserveCapacity(old.assets.count)
        for (position, asset) in old.assets.enumerated() where asset.variants.contains(where: { $0.packedFrame != nil }) {
            oldBySlot[asset.slot] = position
        }
        var pairs: [(old: VariantPlace, new: VariantPlace)] = []
        for (newAsset, asset) in new.assets.enumerated() where asset.variants.contains(where: { $0.packedFrame != nil }) {
            guard let oldAsset = oldBySlot[asset.slot] else { continue }
            let before = old.assets[oldAsset].variants
            for (newVariant, after) in asset.variants.enumerated() where after.packedFrame != nil {
                guard let oldVariant = before.firstIndex(where: { $0.key == after.key }) else { continue }
                let match = before[oldVariant]
                guard match.packedFrame != nil, match.checksum != after.checksum, match.pixelWidth == after.pixelWidth,
                    match.pixelHeight == after.pixelHeight
                else { continue }
                pairs.append((VariantPlace(asset: oldAsset, variant: oldVariant), VariantPlace(asset: newAsset, variant: newVariant)))
            }
        }
        return pairs
    }
}

/// One atlas of one side to decode, and the crops of it to checksum.
struct CropJob: Sendable {
    enum Side: Hashable, Sendable {
        case old, new
    }

    var side: Side
    var atlas: Int
    /// The images: where each is, its own checksum (its reference record without the frame) and its frame.
    var crops: [(SizeInventory.VariantPlace, UInt32, PackedFrame)]

    /// What one thread keeps from one job to the next.
    struct Worker {
        var old: CARDecoder
        var new: CARDecoder
        var pixels: [UInt8] = []
    }

    /// Decodes the atlas (only the rows its crops lie in, where its encoding allows) and checksums every crop: the
    /// CRC-32 of the image's own checksum, its width and height and its rows of decoded (premultiplied RGBA)
    /// pixels, top to bottom. Nothing when the atlas cannot be decoded.
    ///
    /// The crops are checksummed as the decoder finishes each row of tiles, while its pixels are still in the
    /// processor's caches, row by row across the crops (memory in order): read back after the whole atlas, they
    /// came from memory, and that cost as much as decoding them.
    func run(_ worker: inout Worker) -> [(SizeInventory.VariantPlace, UInt32)] {
        let decoder = side == .old ? worker.old : worker.new
        let atlasHeight = decoder.file.renditions[atlas].height
        guard atlasHeight > 0 else { return [] }
        // The atlas's rows some crop needs (y counts from the atlas's bottom edge to the frame's bottom).
        var needed = [Bool](repeating: false, count: atlasHeight)
        for (_, _, frame) in crops {
            let top = atlasHeight - frame.y - frame.height
            guard top >= 0, frame.height > 0, top + frame.height <= atlasHeight else { continue }
            for row in top..<(top + frame.height) { needed[row] = true }
        }
        let wanted = { (rows: Range<Int>) -> Bool in needed[rows.clamped(to: 0..<atlasHeight)].contains(true) }
        var checksums = CropChecksums(crops)
        guard let size = try? decoder.decodeRows(atlas, into: &worker.pixels, wanted: wanted, finished: { checksums.add($0, $1, width: $2, height: $3) })
        else { return [] }
        // No rows handed over (every crop empty): the crops are still placed, and checksum their sizes alone.
        if !checksums.placed { checksums.place(width: size.width, height: size.height, pixelBytes: worker.pixels.count) }
        return checksums.results()
    }
}

/// The CRC-32s of an atlas's crops, grown range of rows by range of rows as the decoder finishes them (top first):
/// each crop's is the CRC-32 of its own checksum, its width and height, then its rows of pixels top to bottom.
struct CropChecksums {
    /// One crop: its rows in the decoded image, where it starts in a row, and its CRC so far.
    struct Crop {
        var place: SizeInventory.VariantPlace
        var own: UInt32
        var frame: PackedFrame
        var rows: Range<Int> = 0..<0
        /// The next row its CRC needs; a crop whose rows come with a gap, or never, is left out of the results.
        var next = 0
        var crc: UInt32 = 0
        var usable = false
    }

    var crops: [Crop]
    /// Whether the crops' rows were placed: on the first rows the decoder hands over, which bring the image's size.
    var placed = false

    init(_ crops: [(SizeInventory.VariantPlace, UInt32, PackedFrame)]) {
        self.crops = crops.map { Crop(place: $0.0, own: $0.1, frame: $0.2) }
    }

    /// Places every crop in an image of `width` × `height` (the frame was checked against the atlas's header size;
    /// a frame outside the decoded image is left out) and starts its CRC.
    mutating func place(width: Int, height: Int, pixelBytes: Int) {
        placed = true
        guard pixelBytes >= width * height * 4 else { return }
        for index in crops.indices {
            let frame = crops[index].frame
            guard frame.x >= 0, frame.y >= 0, frame.width >= 0, frame.height >= 0, frame.x + frame.width <= width,
                frame.y + frame.height <= height
            else { continue }
            var numbers = (
                crops[index].own.littleEndian, UInt32(truncatingIfNeeded: frame.width).littleEndian,
                UInt32(truncatingIfNeeded: frame.height).littleEndian
            )
            crops[index].crc = withUnsafeBytes(of: &numbers) { CRC32.update(0, $0) }
            let top = height - frame.y - frame.height
            crops[index].rows = top..<(top + frame.height)
            crops[index].next = top
            crops[index].usable = true
        }
    }

    /// Adds the rows `done` of `pixels` (rows `width × 4` bytes apart) to the crops that lie in them, row by row.
    mutating func add(_ done: Range<Int>, _ pixels: UnsafeRawBufferPointer, width: Int, height: Int) {
        if !placed { place(width: width, height: height, pixelBytes: pixels.count) }
        // The crops these rows continue; one that skips rows it needs is no longer usable.
        var active: [Int] = []
        for index in crops.indices where crops[index].usable && crops[index].rows.overlaps(done) {
            if crops[index].next < done.lowerBound {
                crops[index].usable = false
                continue
            }
            active.append(index)
        }
        guard !active.isEmpty else { return }
        for row in done {
            for index in active where crops[index].rows.contains(row) && crops[index].next == row {
                let start = (row * width + crops[index].frame.x) * 4
                crops[index].crc = CRC32.update(crops[index].crc, UnsafeRawBufferPointer(rebasing: pixels[start..<(start + crops[index].frame.width * 4)]))
                crops[index].next = row + 1
            }
        }
    }

    /// The checksums of the crops whose every row was added, in the crops' order.
    func results() -> [(SizeInventory.VariantPlace, UInt32)] {
        crops.compactMap { $0.usable && $0.next == $0.rows.upperBound ? ($0.place, $0.crc) : nil }
    }
}
