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
        // One job per atlas to decode, with the images whose crops it must checksum, each named by its pair's index.
        // Flat tables, not dictionaries of places: this part runs on one thread before and after the decoding, for
        // every packed image of both cars.
        var work: [CropJob] = []
        var oldJobs: [Int: Int] = [:], newJobs: [Int: Int] = [:]
        func ask(_ side: CropJob.Side, _ frame: PackedFrame, _ pair: Int, _ jobsByAtlas: inout [Int: Int]) {
            let slot: Int
            if let known = jobsByAtlas[frame.atlas] {
                slot = known
            } else {
                slot = work.count
                jobsByAtlas[frame.atlas] = slot
                work.append(CropJob(side: side, atlas: frame.atlas, crops: []))
            }
            work[slot].crops.append((pair, frame.record, frame))
        }
        for (index, pair) in pairs.enumerated() {
            ask(.old, old.assets[pair.old.asset].variants[pair.old.variant].packedFrame!, index, &oldJobs)
            ask(.new, new.assets[pair.new.asset].variants[pair.new.variant].packedFrame!, index, &newJobs)
        }
        // The largest atlases first, so that the last one a thread starts is a small one and both threads finish
        // together (the answer does not depend on the order: each job's results name their pairs).
        let pixels = work.map { job in
            let renditions = (job.side == .old ? oldCar : newCar).renditions
            return renditions[job.atlas].width * renditions[job.atlas].height
        }
        let jobList = work.indices.sorted { (pixels[$0], $1) > (pixels[$1], $0) }.map { work[$0] }
        // Each thread keeps its decoders (their tile scratch) and one buffer of rows from one atlas to the next: the
        // memory is a few atlases' worth whatever the number of atlases.
        let results = parallelMap(
            count: jobList.count, width: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            makeState: { CropJob.Worker(old: CARDecoder(file: oldCar), new: CARDecoder(file: newCar)) }
        ) { worker, index in
            jobList[index].run(&worker)
        }
        var before = [UInt32?](repeating: nil, count: pairs.count), after = before
        for (job, result) in zip(jobList, results) {
            for (pair, checksum) in result {
                if job.side == .old { before[pair] = checksum } else { after[pair] = checksum }
            }
        }
        // Both sides' checksums are replaced, or neither (a crop checksum never meets a frame checksum).
        for (index, pair) in pairs.enumerated() {
            guard let before = before[index], let after = after[index] else { continue }
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
        // Fields read in place (a variant copied whole retains its strings and traits: a third of this function's
        // time on a 10,000-set car).
        for (newAsset, asset) in new.assets.enumerated() where asset.variants.contains(where: { $0.packedFrame != nil }) {
            guard let oldAsset = oldBySlot[asset.slot] else { continue }
            let before = old.assets[oldAsset].variants
            for newVariant in asset.variants.indices where asset.variants[newVariant].packedFrame != nil {
                guard let oldVariant = before.firstIndex(where: { $0.key == asset.variants[newVariant].key }) else { continue }
                guard before[oldVariant].packedFrame != nil, before[oldVariant].checksum != asset.variants[newVariant].checksum,
                    before[oldVariant].pixelWidth == asset.variants[newVariant].pixelWidth,
                    before[oldVariant].pixelHeight == asset.variants[newVariant].pixelHeight
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
    /// The images: each one's index in the caller's list (of pairs to settle), its own checksum (its reference record
    /// without the frame) and its frame.
    var crops: [(Int, UInt32, PackedFrame)]

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
    func run(_ worker: inout Worker) -> [(Int, UInt32)] {
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
    /// One crop: its index in the caller's list, its rows in the decoded image, where it starts in a row, and its
    /// CRC so far.
    struct Crop {
        var index: Int
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

    /// The crops: each one's index in the caller's list, its own checksum and its frame.
    init(_ crops: [(Int, UInt32, PackedFrame)]) {
        self.crops = crops.map { Crop(index: $0.0, own: $0.1, frame: $0.2) }
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

    /// The checksums of the crops whose every row was added (each with its index in the caller's list), in the
    /// crops' order.
    func results() -> [(Int, UInt32)] {
        crops.compactMap { $0.usable && $0.next == $0.rows.upperBound ? ($0.index, $0.crc) : nil }
    }
}
