/// A 64-bit FNV-1a digest, fed bytes, strings (each followed by a zero word, so `"ab"` then `"c"` differs from `"a"`
/// then `"bc"`) and little-endian numbers: what the pack stage's input-tree stamp and the compile cache's snapshot and
/// file seals are made of. Not a defence against collisions made on purpose: the inputs it digests are the user's own.
public struct FNV1aHasher: Sendable {
    /// The digest of everything added so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hasher that has been fed nothing.
    public init() {}

    /// Adds `bytes`.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// Adds the UTF-8 bytes of `string`, then a zero word as a separator.
    public mutating func add(_ string: String) {
        var copy = string
        copy.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        add(UInt64(0))
    }

    /// Adds `number` as eight little-endian bytes.
    public mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }
}
