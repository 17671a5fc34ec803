// libFuzzer target: the compile cache's own binary files, the kept index (`IndexCodec`) and the record of its opened
// files (`IndexContents`), the kept folder listings (`FolderListings`), the car records (`RecordCodec`) and the
// compiled symbols (`SymbolCodec`). A file whose digest does not match its bytes is turned away before any field is
// read, so mutations of a whole file would rarely get past the digest: the input is decoded as given, and also as the
// body of each kind of file (its magic before it, the digest of both after it; for the listings the key after the
// magic), which puts every mutation in front of the field readers: counts, lengths, names, raw spellings, trait
// positions, the JSON inspections.
@testable import AssetCatalogCompileCache
import FuzzSupport

/// `magic`, `body` and the digest of both: a file whose digest matches, whatever the body.
private func sealed(_ magic: String, _ body: [UInt8]) -> [UInt8] {
    var file = Array(magic.utf8) + body
    withUnsafeBytes(of: CacheDigest.of(file).littleEndian) { file.append(contentsOf: $0) }
    return file
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? IndexCodec.decode(input)
    _ = try? IndexCodec.decode(sealed(IndexCodec.magic, input))
    // A record: every file it lists is handed over whole, and every rendition it places lies inside the car it names.
    let record = { (bytes: [UInt8]) in
        var carSize: UInt64 = 0
        let decoded = try? RecordCodec.decode(bytes, accept: { carSize = $0.car.size; return true }, file: { _ in })
        for place in decoded?.renditions.values ?? [:].values {
            precondition(place.offset + UInt64(place.length) <= carSize, "a rendition placed outside its car")
        }
    }
    record(input)
    record(sealed(CompileCache.formatVersion, input))
    _ = try? IndexContents.decode(input)
    // The opened files read back, written and read again, are the same: nothing is lost or made up between the two.
    if let decoded = try? IndexContents.decode(sealed(IndexContents.magic, input)) {
        precondition((try? IndexContents.decode(decoded.encoded())) == decoded, "opened files that do not read back as written")
    }
    _ = try? SymbolCodec.decode(input)
    // A symbol read back holds only what a compile can use: every bitmap's pixels fill its size.
    if let (_, symbol) = try? SymbolCodec.decode(sealed(SymbolCodec.magic, input)) {
        for bitmap in symbol.bitmaps {
            precondition(bitmap.image.pixels.count == bitmap.image.width * bitmap.image.height * 4, "a bitmap that its pixels do not fill")
        }
    }
    _ = try? FolderListings.decode(input, key: 7)
    // The listings under key 7, then the input as the folders: every decoded name is one entry of one folder.
    if let listings = try? FolderListings.decode(sealed(FolderListings.magic, [7, 0, 0, 0, 0, 0, 0, 0] + input), key: 7) {
        for listing in listings.listings.values {
            listings.forEachEntry(of: listing) { name, _ in
                precondition(!name.isEmpty && !name.contains(0x2F) && !name.contains(0), "a kept name that is not a name")
            }
        }
    }
    return 0
}

// SwiftPM links an executable's entry point as `<target>_main`; it hands control to libFuzzer's driver.
@_cdecl("FuzzCompileCache_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
