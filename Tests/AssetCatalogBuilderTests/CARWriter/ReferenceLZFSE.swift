import AssetCatalog
import Foundation

/// The reference LZFSE decoder (the `lzfse` package on PyPI, which wraps Apple's C implementation), run through
/// python3. Installed with pip when missing; tests that need it skip when that fails.
enum ReferenceLZFSE {
    /// Whether `import lzfse` works (after one `pip install` attempt).
    static func isAvailable() -> Bool {
        if CARCompilerTests.run(["python3", "-c", "import lzfse"]) == 0 { return true }
        _ = CARCompilerTests.run(["python3", "-m", "pip", "install", "--quiet", "lzfse"])
        return CARCompilerTests.run(["python3", "-c", "import lzfse"]) == 0
    }

    /// Whether the reference decodes `<i>.lzfse` to exactly the bytes of `<i>.raw` for every `i` below `count` in
    /// `folder`.
    static func decodesEqual(folder: URL, count: Int) -> Bool {
        let script = """
            import lzfse, sys, os
            d = sys.argv[1]
            failed = []
            for i in range(int(sys.argv[2])):
                data = open(os.path.join(d, f"{i}.lzfse"), "rb").read()
                raw = open(os.path.join(d, f"{i}.raw"), "rb").read()
                try:
                    out = lzfse.decompress(data)
                except lzfse.error:
                    failed.append(f"stream {i} ({len(raw)} bytes): the reference refused it")
                    continue
                if out != raw: failed.append(f"stream {i}: the reference decoded {len(out)} bytes that differ from the {len(raw)} encoded")
            if failed: sys.exit("; ".join(failed))
            """
        return CARCompilerTests.run(["python3", "-c", script, folder.path, "\(count)"]) == 0
    }

    /// The LZFSE streams of a bitmap payload: each KCBC chunk of an LZFSE bitmap, the stream of a palette-img, the
    /// pixel, index or predicted stream of each tile of a deepmap2 or deepmap-LZFSE record (a raw LZVN stream there is
    /// left out).
    static func streams(of bitmap: CARBitmap) throws -> [[UInt8]] {
        switch bitmap.compression {
        case .lzfse, .paletteImage:
            return bitmap.chunks.map { $0.data.bytes }
        case .deepmap2:
            return try bitmap.chunks.flatMap { chunk -> [[UInt8]] in
                let record = chunk.data
                let mode = try record.u8(20)
                // Every tile (mode 2 writes bands of rows; modes 3 and 4 one tile).
                return try tileStreams(record, from: mode == 4 ? 32 + Int(try record.u16(28)) * Int(try record.u16(30)) : 28)
            }
        case .deepmapLZFSE:
            // Each band's record: the 16-byte prefix, `dmap` and four bytes, then each tile's length and stream.
            return try bitmap.chunks.flatMap { try tileStreams($0.data, from: 24) }
        default:
            return []
        }
    }

    /// The LZFSE streams among a deepmap record's tiles, each a length and a stream, from `start` to its end.
    static func tileStreams(_ record: CARBytes, from start: Int) throws -> [[UInt8]] {
        var lengthAt = start
        var streams: [[UInt8]] = []
        while lengthAt < record.count {
            let stream = try record.slice(lengthAt + 4, Int(try record.u32(lengthAt))).bytes
            if stream.starts(with: Array("bvx".utf8)) { streams.append(stream) }
            lengthAt += 4 + stream.count
        }
        return streams
    }
}
