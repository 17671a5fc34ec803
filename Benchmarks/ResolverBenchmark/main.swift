// Resolution over 10,000 names with 8 variants each against random requests, timed against a plain
// `Dictionary<String, Int>` lookup of the same names in the same process (machines here are noisy;
// only the ratio is meaningful). Run with `Scripts/bench.sh` or
// `swift run -c release ResolverBenchmark [--lookups N] [--rounds N]`.
import AssetCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

func argument(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1])
    else { return value }
    return number
}

let assetCount = 10_000
let variantsPerAsset = 8
let lookups = argument("--lookups", default: 2_000_000)
var random = SplitMix64(state: 2026)

@MainActor
func randomVariant() -> VariantTraits {
    func maybe<T: CaseIterable>(_: T.Type) -> T? where T.AllCases == [T] {
        Bool.random(using: &random) ? T.allCases.randomElement(using: &random) : nil
    }
    return VariantTraits(
        idiom: Int.random(in: 0..<3, using: &random) == 0 ? .pad : nil,
        displayScale: DisplayScale(Int.random(in: 1...3, using: &random)),
        displayGamut: maybe(DisplayGamut.self), horizontalSizeClass: maybe(SizeClass.self),
        verticalSizeClass: maybe(SizeClass.self), appearance: maybe(Appearance.self),
        contrast: Int.random(in: 0..<4, using: &random) == 0 ? .high : nil, layoutDirection: maybe(LayoutDirection.self))
}

// Names as an app would have them: distinct, of realistic length.
let names = (0..<assetCount).map { "Images/Feature\($0 % 97)/asset-\($0)-hero" }
var indexByName: [String: Int] = [:]
for (index, name) in names.enumerated() { indexByName[name] = index }
let packed = ContiguousArray((0..<(assetCount * variantsPerAsset)).map { _ in PackedVariantTraits(randomVariant()) })

let resolver = Resolver()
let requests = (0..<64).map { index -> TraitCollection in
    var traits = DevicePreset.all[index % DevicePreset.all.count].traits
    if Bool.random(using: &random) { traits.appearance = .dark }
    if Int.random(in: 0..<4, using: &random) == 0 { traits.contrast = .high }
    if Int.random(in: 0..<4, using: &random) == 0 { traits.layoutDirection = .rightToLeft }
    return traits
}
let compiled = requests.map { resolver.compile($0) }
let nameSequence = (0..<lookups).map { _ in names[Int.random(in: 0..<assetCount, using: &random)] }
let requestSequence = (0..<lookups).map { _ in Int.random(in: 0..<compiled.count, using: &random) }

@MainActor @inline(never)
func dictionaryRound() -> Int {
    var checksum = 0
    for name in nameSequence { checksum &+= indexByName[name] ?? -1 }
    return checksum
}

@MainActor @inline(never)
func resolveCompilingEachTimeRound() -> Int {
    var checksum = 0
    packed.withUnsafeBufferPointer { all in
        for (position, name) in nameSequence.enumerated() {
            guard let asset = indexByName[name] else { continue }
            let variants = UnsafeBufferPointer(rebasing: all[(asset * variantsPerAsset)..<((asset + 1) * variantsPerAsset)])
            checksum &+= resolver.compile(requests[requestSequence[position]]).bestIndex(in: variants) ?? -1
        }
    }
    return checksum
}

// From 1 to the core count threads, each thread with its own copies of the names (LookupScaling.swift).
let perThread = min(lookups, 1_000_000)
let threadCount = LookupScaling.coreCount
let copies = LookupScaling.perThreadCopies(names, threads: threadCount)
let threadNames = copies.map { copy in (0..<perThread).map { copy[indexByName[nameSequence[$0]]!] } }
let threadRequests = requestSequence
let table = indexByName
let packedTraits = packed
let requestTable = compiled
print(
    "resolver benchmark: \(assetCount) names x \(variantsPerAsset) variants, \(perThread) lookups per thread, "
        + "1...\(threadCount) threads, median of \(LookupScaling.rounds) interleaved rounds")
LookupScaling.report(
    "name lookup + resolve (compiled request), as an app does with a Dictionary of its own", perThread: perThread,
    costTarget: 1.5,
    dictionary: { thread in
        threadNames[thread].withUnsafeBufferPointer { names in
            var checksum = 0
            for index in names.indices { checksum &+= table[names[index]] ?? -1 }
            return checksum
        }
    },
    lookup: { thread in
        threadNames[thread].withUnsafeBufferPointer { names in
            packedTraits.withUnsafeBufferPointer { all in
                var checksum = 0
                for index in names.indices {
                    guard let asset = table[names[index]] else { continue }
                    let variants = UnsafeBufferPointer(rebasing: all[(asset * variantsPerAsset)..<((asset + 1) * variantsPerAsset)])
                    checksum &+= requestTable[threadRequests[index]].bestIndex(in: variants) ?? -1
                }
                return checksum
            }
        }
    })

// Compiling the request on every lookup, one thread (what the trait-collection overloads do).
var dictionaryTimes: [Double] = []
var compilingTimes: [Double] = []
var sink = 0
for _ in 0..<LookupScaling.rounds {
    var start = LookupScaling.nanoseconds()
    sink &+= dictionaryRound()
    dictionaryTimes.append(Double(LookupScaling.nanoseconds() - start) / Double(lookups))
    start = LookupScaling.nanoseconds()
    sink &+= resolveCompilingEachTimeRound()
    compilingTimes.append(Double(LookupScaling.nanoseconds() - start) / Double(lookups))
}
let dictionary = LookupScaling.median(dictionaryTimes)
let compiling = LookupScaling.median(compilingTimes)
print(
    "  name lookup + compile + resolve, 1 thread: \(LookupScaling.format(compiling, 1)) ns/lookup, "
        + "\(LookupScaling.format(compiling / dictionary))x a dictionary hit (\(LookupScaling.format(dictionary, 1)) ns)")
if sink == 42 { print("") }  // keeps the work observable
