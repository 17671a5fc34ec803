/// Which rendition wins each key, as the stream writes them: the first under a key, except that a preferred
/// rendition's key also shuts out the later, not preferred ones under that key.
///
/// Renditions come in the compile's order (``CARCompiler/keyOrder(_:platform:width:)``): the preferred ones first, in
/// key order, then the others in key order, so a second rendition under a key comes right after the first (comparing
/// with it replaced hashing every key, 1% of a compile's time), and only the preferred keys need remembering. The
/// stream (``RenditionStream/write(_:key:preferred:)``) and the pack stage, which packs only the winners
/// (``CARCompiler/keyWinners(_:)``), both ask it, so they agree on every key.
struct KeyClaims {
    /// The key of the last rendition that won.
    private var lastKey: [UInt8]?
    /// The keys of preferred renditions that won.
    private var preferredKeys = Set<[UInt8]>()

    /// Whether the rendition under `key` wins it (and is remembered as its winner): `false` when an earlier one did.
    mutating func claim(_ key: [UInt8], preferred: Bool) -> Bool {
        if key == lastKey || (!preferred && !preferredKeys.isEmpty && preferredKeys.contains(key)) { return false }
        lastKey = key
        if preferred { preferredKeys.insert(key) }
        return true
    }
}
