// Opens a packed archive and measures what an app pays: open time, and image lookups per second from
// one and two threads, next to a `Dictionary<String, Int>` lookup of the same names in the same process.
//
// usage: ArchiveBenchmark ARCHIVE [--lookups N]     (Scripts/bench.sh pack runs it)
import AssetCatalog
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func format(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((value * scale).rounded() / scale)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: ArchiveBenchmark ARCHIVE [--lookups N]")
    exit(2)
}
let path = arguments[1]
let lookups: Int = {
    guard let index = arguments.firstIndex(of: "--lookups"), index + 1 < arguments.count else { return 1_000_000 }
    return Int(arguments[index + 1]) ?? 1_000_000
}()

// Open time: median of many opens (each maps the file and validates header, sections and index checksums).
var openTimes: [Double] = []
var archive: AssetArchive?
for _ in 0..<101 {
    let start = nanoseconds()
    do {
        archive = try AssetArchive(path: path)
    } catch {
        print("cannot open \(path): \(error)")
        exit(1)
    }
    openTimes.append(Double(nanoseconds() - start) / 1e6)
}
guard let archive else { exit(1) }
let names = archive.names
print("  archive: \(names.count) assets, \(archive.byteCount) bytes")
print("  open (mmap + validate)          \(format(median(openTimes), 3)) ms median of 101 (target < 1 ms)")

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
var random = SplitMix64(state: 42)
let sequence = (0..<lookups).map { _ in names[Int.random(in: 0..<names.count, using: &random)] }
let requests = DevicePreset.all.map { Resolver().compile($0.traits) }
var indexByName: [String: Int] = [:]
for (index, name) in names.enumerated() { indexByName[name] = index }

// Verify every payload once so the timed lookups measure lookup, not first-access CRC checks.
_ = try? archive.verify()

/// Runs `body` over `sequence` split across `threads` threads; returns lookups per second.
func throughput(threads: Int, _ body: @escaping @Sendable (ArraySlice<String>, Int) -> Int) -> Double {
    let chunk = (sequence.count + threads - 1) / threads
    let start = nanoseconds()
    let slices = (0..<threads).map { sequence[($0 * chunk)..<min(sequence.count, ($0 + 1) * chunk)] }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let result = body(slices[thread], thread)
        if result == -42 { print("") }
    }
    return Double(sequence.count) / (Double(nanoseconds() - start) / 1e9)
}

let dictionary = indexByName
let lookupArchive = archive
let compiled = requests
for threads in [1, 2] {
    var dictionaryRates: [Double] = []
    var archiveRates: [Double] = []
    for _ in 0..<5 {
        dictionaryRates.append(throughput(threads: threads) { slice, _ in
            var checksum = 0
            for name in slice { checksum &+= dictionary[name] ?? 0 }
            return checksum
        })
        archiveRates.append(throughput(threads: threads) { slice, thread in
            var checksum = 0
            var position = thread
            for name in slice {
                position &+= 1
                if let image = try? lookupArchive.image(named: name, compatibleWith: compiled[position % compiled.count]) {
                    checksum &+= image.byteCount
                }
            }
            return checksum
        })
    }
    let dictionaryRate = median(dictionaryRates)
    let archiveRate = median(archiveRates)
    print(
        "  \(threads) thread\(threads == 1 ? " " : "s"): image(named:compatibleWith:) \(format(archiveRate / 1e6, 2)) M lookups/s, "
            + "Dictionary<String, Int> \(format(dictionaryRate / 1e6, 2)) M/s, ratio \(format(dictionaryRate / archiveRate, 2))x")
}
