/// Bytes kept as the pieces they were made in (small headers and compressed streams) and joined once, into the array
/// they end up in: a bitmap's compressed streams are copied once from the encoder's output into the rendition's value,
/// not again at each layer of framing around them (deepmap2's record, `MLEC`, the CSI value; issue 24).
struct ByteParts: Sendable {
    /// The pieces, in order.
    private(set) var pieces: [[UInt8]] = []
    /// The bytes of all the pieces together.
    private(set) var count = 0

    /// No bytes.
    init() {}

    /// One piece, `bytes`.
    init(_ bytes: [UInt8]) {
        append(bytes)
    }

    /// `head`, then each of `streams` after its length (32-bit little-endian): the tiles of a deepmap record. Each
    /// length joins the piece before it, so the streams are kept, not copied.
    init(head: [UInt8], lengthPrefixed streams: [[UInt8]]) {
        var head = head
        for stream in streams {
            BinaryWriter.appendLE32(&head, UInt32(stream.count))
            append(head)
            append(stream)
            head = []
        }
        if !head.isEmpty { append(head) }
    }

    /// Adds `bytes` at the end (the array is kept, not copied).
    mutating func append(_ bytes: [UInt8]) {
        pieces.append(bytes)
        count += bytes.count
    }

    /// Adds the pieces of `parts` at the end.
    mutating func append(_ parts: ByteParts) {
        pieces += parts.pieces
        count += parts.count
    }

    /// Appends every piece, in order, to `bytes` (which should have ``count`` bytes of spare capacity).
    func write(to bytes: inout [UInt8]) {
        for piece in pieces { bytes += piece }
    }

    /// The pieces joined in one array.
    var joined: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        write(to: &bytes)
        return bytes
    }
}
