/// The distinct pixel values of a bitmap, in the order they first appear, and each pixel's index among them:
/// what deepmap2's palette mode and palette-img store. Pixels are the stored bytes (`bytesPerPixel` 4: B, G, R,
/// A; 2: grey, alpha; premultiplied), compared as whole values.
struct PixelPalette {
    /// The colours, each `bytesPerPixel` bytes as stored.
    var colors: [UInt32]
    /// One index per pixel, row by row.
    var indices: [UInt16]

    /// The palette of `pixels`, or `nil` when they hold more than `limit` colours (at most 65,536). Stops reading
    /// at the first colour over the limit, so an image with many colours costs little.
    init?(_ pixels: UnsafeBufferPointer<UInt8>, bytesPerPixel: Int, limit: Int) {
        precondition(bytesPerPixel == 2 || bytesPerPixel == 4)
        precondition(limit >= 1 && limit <= 65536)
        let count = pixels.count / bytesPerPixel
        // Open addressing over twice the limit's slots (a power of two): a colour is found or placed in a few probes.
        var slots = 16
        while slots < 2 * limit { slots <<= 1 }
        let mask = slots - 1
        var keys = [UInt32](repeating: 0, count: slots)
        var values = [Int32](repeating: -1, count: slots)
        var colors: [UInt32] = []
        var found = false
        let raw = UnsafeRawBufferPointer(pixels)
        // Not zeroed first: an image of many colours (an atlas of photographs or noise) gives up after a few pixels,
        // and zeroing an index per pixel before that cost more than the search.
        let indices = [UInt16](unsafeUninitializedCapacity: count) { indices, initialized in
            found = keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    var last: UInt32 = 0
                    var lastIndex: Int32 = -1
                    for pixel in 0..<count {
                        let color: UInt32 =
                            bytesPerPixel == 4
                            ? UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * pixel, as: UInt32.self))
                            : UInt32(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * pixel, as: UInt16.self)))
                        // Runs of one colour are common (transparent margins): skip the probe.
                        if color == last && lastIndex >= 0 {
                            indices[pixel] = UInt16(lastIndex)
                            continue
                        }
                        var slot = Int((color &* 2_654_435_761) >> 7) & mask
                        while values[slot] >= 0 && keys[slot] != color { slot = (slot + 1) & mask }
                        if values[slot] < 0 {
                            guard colors.count < limit else { return false }
                            keys[slot] = color
                            values[slot] = Int32(colors.count)
                            colors.append(color)
                        }
                        last = color
                        lastIndex = values[slot]
                        indices[pixel] = UInt16(lastIndex)
                    }
                    return true
                }
            }
            initialized = found ? count : 0
        }
        guard found else { return nil }
        self.colors = colors
        self.indices = indices
    }
}
