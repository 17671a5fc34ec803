// Opens a packed archive and measures what an app pays: open time, and image(named:), data(named:) and
// color(named:) lookups from 1, 2, … up to the core count threads, next to a `Dictionary<String, Int>`
// lookup of the same names in the same run (LookupScaling.swift).
//
// usage: ArchiveBenchmark [ARCHIVE] [--lookups N] [--rounds N] [--threads N]     (Scripts/bench.sh pack / lookup)
//
// Images are looked up in ARCHIVE (the packed 10,000-set benchmark catalog); colours and data in archives
// of 10,000 colour sets and 10,000 data sets encoded in memory here. Without ARCHIVE, images come from an
// in-memory archive of 10,000 image sets too.
import AssetCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
let path = arguments.count >= 2 && !arguments[1].hasPrefix("--") ? arguments[1] : nil
let perThread: Int = {
    guard let index = arguments.firstIndex(of: "--lookups"), index + 1 < arguments.count else { return 500_000 }
    return Int(arguments[index + 1]) ?? 500_000
}()

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// 10,000 assets of one kind, names as an app has them: colour sets (any + dark), data sets (any + 2x) or
/// image sets (1x, 2x, 3x, 2x dark). One kind per archive, so the archive holds the same names as the
/// dictionary it is compared with.
func syntheticArchive(_ kind: AssetKind) -> AssetArchive {
    var blueprint = ArchiveBlueprint(sources: [.init(path: "Bench.xcassets", kind: "xcassets")])
    var payloads: [[UInt8]] = []
    var assets: [ArchiveBlueprint.Asset] = []
    func payload(_ size: Int, _ seed: Int) -> Int {
        payloads.append((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
        blueprint.payloads.append(.init(offset: 0, length: 0, crc: 0, pixelWidth: 8, pixelHeight: 8, contentType: .png))
        return payloads.count - 1
    }
    for index in 0..<10_000 {
        let folder = "Feature\(index % 97)"
        switch kind {
        case .color:
        let colors = blueprint.colors.count
        blueprint.colors.append(
            .components(ColorComponents(colorSpace: "srgb", red: 0.5, green: Double(index % 100) / 100, blue: 0.25, alpha: 1)))
        blueprint.colors.append(.components(ColorComponents(colorSpace: "display-p3", red: 0.1, green: 0.2, blue: 0.3, alpha: 1)))
        assets.append(
            .init(
                name: "Colors/\(folder)/color-\(index)-accent", kind: .color, sourceIndex: 0, path: "c\(index).colorset",
                variants: [
                    .init(traits: PackedVariantTraits(VariantTraits()), target: colors),
                    .init(traits: PackedVariantTraits(VariantTraits(appearance: .dark)), target: colors + 1),
                ]))
        case .data:
        assets.append(
            .init(
                name: "Data/\(folder)/data-\(index)-config", kind: .data, sourceIndex: 0, path: "d\(index).dataset",
                variants: [
                    .init(traits: PackedVariantTraits(VariantTraits()), target: payload(24, index)),
                    .init(traits: PackedVariantTraits(VariantTraits(displayScale: 2)), target: payload(32, index)),
                ]))
        default:
        assets.append(
            .init(
                name: "Images/\(folder)/asset-\(index)-hero", kind: .image, sourceIndex: 0, path: "i\(index).imageset",
                variants: [1, 2, 3].map { scale in
                    .init(traits: PackedVariantTraits(VariantTraits(displayScale: DisplayScale(scale))), target: payload(16, index + scale))
                } + [.init(traits: PackedVariantTraits(VariantTraits(displayScale: 2, appearance: .dark)), target: payload(16, index))]))
        }
    }
    assets.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    blueprint.assets = assets
    do {
        let archive = try AssetArchive(bytes: try ArchiveEncoder.encode(blueprint, payloadBytes: payloads))
        try archive.verify()
        return archive
    } catch {
        print("cannot build the in-memory archive: \(error)")
        exit(1)
    }
}

let imageArchive: AssetArchive
if let path {
    // Open time: median of many opens (each maps the file and validates header, sections and index checksums).
    var openTimes: [Double] = []
    var opened: AssetArchive?
    for _ in 0..<101 {
        let start = LookupScaling.nanoseconds()
        do {
            opened = try AssetArchive(path: path)
        } catch {
            print("cannot open \(path): \(error)")
            exit(1)
        }
        openTimes.append(Double(LookupScaling.nanoseconds() - start) / 1e6)
    }
    imageArchive = opened!
    print("  archive: \(imageArchive.count) assets, \(imageArchive.byteCount) bytes")
    print("  open (mmap + validate)          \(LookupScaling.format(LookupScaling.median(openTimes), 3)) ms median of 101 (target < 1 ms)")
} else {
    imageArchive = syntheticArchive(.image)
}
// Verify every payload once so the timed lookups measure lookup, not first-access CRC checks.
_ = try? imageArchive.verify()

let requests = DevicePreset.all.map { Resolver().compile($0.traits) }
let threads = LookupScaling.coreCount
print(
    "  lookups: \(perThread) per thread, 1...\(threads) threads, median of \(LookupScaling.rounds) interleaved rounds; "
        + "each thread has its own copies of the names")

/// Per-thread name sequences over `names` (each thread its own string copies) and the dictionary baseline.
func workload(_ names: [String]) -> (lookups: [[String]], dictionary: LookupWork) {
    var random = SplitMix64(state: 42)
    let sequence = (0..<perThread).map { _ in Int.random(in: 0..<names.count, using: &random) }
    var table: [String: Int] = [:]
    for (index, name) in names.enumerated() { table[name] = index }
    let copies = LookupScaling.perThreadCopies(names, threads: threads)
    let lookups = copies.map { copy in sequence.map { copy[$0] } }
    let dictionary = table
    return (lookups, { thread in
        lookups[thread].withUnsafeBufferPointer { names in
            var checksum = 0
            for index in names.indices { checksum &+= dictionary[names[index]] ?? 0 }
            return checksum
        }
    })
}

let compiled = requests
do {
    let (lookups, dictionary) = workload(imageArchive.names)
    let archive = imageArchive
    LookupScaling.report(
        "image(named:compatibleWith:) on \(path ?? "the in-memory archive")", perThread: perThread, costTarget: 2,
        dictionary: dictionary,
        lookup: { thread in
            lookups[thread].withUnsafeBufferPointer { names in
                var checksum = 0
                var request = compiled[0]
                for index in names.indices {
                    // A request per block of 256 lookups: apps keep one while the traits stay the same, and
                    // copying one per lookup would time the copy.
                    if index & 255 == 0 { request = compiled[(index >> 8 &+ thread) % compiled.count] }
                    if let image = try? archive.image(named: names[index], compatibleWith: request) { checksum &+= image.byteCount }
                }
                return checksum
            }
        })
}
do {
    let archive = syntheticArchive(.data)
    let (lookups, dictionary) = workload(archive.names)
    LookupScaling.report(
        "data(named:compatibleWith:)", perThread: perThread, costTarget: 2, dictionary: dictionary,
        lookup: { thread in
            lookups[thread].withUnsafeBufferPointer { names in
                var checksum = 0
                var request = compiled[0]
                for index in names.indices {
                    // A request per block of 256 lookups: apps keep one while the traits stay the same, and
                    // copying one per lookup would time the copy.
                    if index & 255 == 0 { request = compiled[(index >> 8 &+ thread) % compiled.count] }
                    if let data = try? archive.data(named: names[index], compatibleWith: request) { checksum &+= data.byteCount }
                }
                return checksum
            }
        })
}
do {
    let archive = syntheticArchive(.color)
    let (lookups, dictionary) = workload(archive.names)
    LookupScaling.report(
        "color(named:compatibleWith:)", perThread: perThread, costTarget: 2, dictionary: dictionary,
        lookup: { thread in
            lookups[thread].withUnsafeBufferPointer { names in
                var checksum = 0
                var request = compiled[0]
                for index in names.indices {
                    // A request per block of 256 lookups: apps keep one while the traits stay the same, and
                    // copying one per lookup would time the copy.
                    if index & 255 == 0 { request = compiled[(index >> 8 &+ thread) % compiled.count] }
                    if case .components(let color)? = try? archive.color(named: names[index], compatibleWith: request) {
                        checksum &+= Int(color.alpha)
                    }
                }
                return checksum
            }
        })
}
