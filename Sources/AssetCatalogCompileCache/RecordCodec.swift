import AssetCatalogBuilder

/// The file a car's record is kept in (`car-<digest of its path>.record`, docs/COMPILE-CACHE.md): the magic
/// (``CompileCache/formatVersion``), the settings' digest, the car's identity, each input file (path, status digest,
/// content digest, the pack stage's answers), where each rendition made from files lies in the car by fingerprint,
/// each atlas's layout, and the digest of all of it. Every count is checked against the bytes left and every rendition's
/// place against the car's size before use, so a damaged file is a ``CacheDamage``, never a crash.
enum RecordCodec {
    /// What the record says before its files: the caller checks it before the rest is read.
    struct Header: Sendable {
        var settings: UInt64
        var car: FileIdentity
    }

    /// One input file as the record lists it.
    struct File: Sendable {
        var path: String
        /// The digest of its status (``InputSnapshot/identity(of:)``).
        var identity: UInt64
        var known: KnownFile
    }

    static func encode(_ header: Header, files: [File], record: CompileRecord) -> [UInt8] {
        var writer = CacheWriter(magic: CompileCache.formatVersion)
        writer.add(header.settings)
        writer.add(header.car)
        writer.add(UInt32(files.count))
        for file in files {
            writer.add(file.path)
            writer.add(file.identity)
            writer.add(file.known.contentHash)
            if let probe = file.known.probe {
                writer.add(UInt8(1))
                writer.add(probe)
            } else {
                writer.add(UInt8(0))
            }
            // A file gives a bitmap per scale and format: a handful at most (the rest are not recorded).
            let rasters = file.known.rasterProbes.prefix(Int(UInt8.max))
            writer.add(UInt8(rasters.count))
            for raster in rasters {
                writer.add(raster.scale)
                writer.add(UInt8(raster.svg ? 1 : 0))
                writer.add(raster.probe)
            }
        }
        let renditions = record.renditions.sorted { $0.value.offset < $1.value.offset }
        writer.add(UInt32(renditions.count))
        for (fingerprint, place) in renditions {
            writer.add(fingerprint)
            writer.add(place.offset)
            writer.add(place.length)
            writer.add(place.digest)
        }
        // In the order of their fingerprints: the same record for the same compile.
        let layouts = record.layouts.sorted { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }
        writer.add(UInt32(layouts.count))
        for (fingerprint, layout) in layouts {
            writer.add(fingerprint)
            writer.add(layout.width)
            writer.add(layout.height)
            writer.add(UInt32(layout.frames.count / 4))
            for number in layout.frames { writer.add(number) }
        }
        writer.seal()
        return writer.bytes
    }

    /// Reads a record: `accept` sees its header first, and a record it refuses is read no further (`nil`); `reserve`
    /// hears how many files follow, and `file` sees each in the record's order (the caller keeps those still unchanged).
    /// Returns the renditions' places and the atlas layouts.
    static func decode(
        _ bytes: [UInt8], accept: (Header) -> Bool, reserve: (Int) -> Void = { _ in }, file: (File) -> Void
    ) throws(CacheDamage) -> (renditions: [RenditionFingerprint: StoredRendition], layouts: [RenditionFingerprint: KnownAtlasLayout])? {
        var reader = try CacheReader(bytes, magic: CompileCache.formatVersion)
        let header = Header(settings: try reader.u64("the settings' digest"), car: try reader.identity("the car's identity"))
        guard accept(header) else { return nil }
        let fileCount = try reader.count("the number of files", minimumSize: 4 + 8 + 10)
        reserve(fileCount)
        for _ in 0..<fileCount {
            let path = try reader.string("a file's path")
            let identity = try reader.u64("a file's identity")
            var known = KnownFile(contentHash: try reader.u64("a file's digest"))
            if try reader.u8("a file's probe flag") == 1 { known.probe = try reader.probe("a file's probe") }
            let rasterCount = Int(try reader.u8("the number of a file's drawn bitmaps"))
            for _ in 0..<rasterCount {
                known.rasterProbes.append(
                    RasterProbe(
                        scale: try reader.u8("a drawn bitmap's scale"), svg: try reader.u8("a drawn bitmap's format") == 1,
                        probe: try reader.probe("a drawn bitmap's probe")))
            }
            file(File(path: path, identity: identity, known: known))
        }
        let carSize = header.car.size
        let renditionCount = try reader.count("the number of renditions", minimumSize: 36)
        var renditions: [RenditionFingerprint: StoredRendition] = [:]
        renditions.reserveCapacity(renditionCount)
        for _ in 0..<renditionCount {
            let start = reader.position
            let fingerprint = try reader.fingerprint("a rendition's fingerprint")
            let place = StoredRendition(
                offset: try reader.u64("a rendition's offset"), length: try reader.u32("a rendition's length"),
                digest: try reader.u64("a rendition's digest"))
            guard place.offset <= carSize, UInt64(place.length) <= carSize - place.offset else {
                throw CacheDamage(what: "a rendition lies outside the car", offset: start)
            }
            renditions[fingerprint] = place
        }
        let layoutCount = try reader.count("the number of atlas layouts", minimumSize: 28)
        var layouts: [RenditionFingerprint: KnownAtlasLayout] = [:]
        layouts.reserveCapacity(layoutCount)
        for _ in 0..<layoutCount {
            let fingerprint = try reader.fingerprint("a layout's fingerprint")
            let width = try reader.u32("an atlas's width")
            let height = try reader.u32("an atlas's height")
            let memberCount = try reader.count("the number of an atlas's members", minimumSize: 16)
            var frames: [UInt32] = []
            frames.reserveCapacity(4 * memberCount)
            for _ in 0..<(4 * memberCount) { frames.append(try reader.u32("a member's frame")) }
            // Each frame is checked against its member's size before it is used (AtlasLayout).
            layouts[fingerprint] = KnownAtlasLayout(width: width, height: height, frames: frames)
        }
        guard reader.isAtEnd else { throw CacheDamage(what: "bytes follow the last atlas layout", offset: reader.position) }
        return (renditions, layouts)
    }
}
