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

func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
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
let rounds = argument("--rounds", default: 7)
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
func resolveRound() -> Int {
    var checksum = 0
    packed.withUnsafeBufferPointer { all in
        for (position, name) in nameSequence.enumerated() {
            guard let asset = indexByName[name] else { continue }
            let variants = UnsafeBufferPointer(rebasing: all[(asset * variantsPerAsset)..<((asset + 1) * variantsPerAsset)])
            checksum &+= compiled[requestSequence[position]].bestIndex(in: variants) ?? -1
        }
    }
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

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var dictionaryTimes: [Double] = []
var resolveTimes: [Double] = []
var compilingTimes: [Double] = []
var sink = 0
for _ in 0..<rounds {
    // Interleave the three so drift in machine load hits them alike.
    var start = nanoseconds()
    sink &+= dictionaryRound()
    dictionaryTimes.append(Double(nanoseconds() - start) / Double(lookups))
    start = nanoseconds()
    sink &+= resolveRound()
    resolveTimes.append(Double(nanoseconds() - start) / Double(lookups))
    start = nanoseconds()
    sink &+= resolveCompilingEachTimeRound()
    compilingTimes.append(Double(nanoseconds() - start) / Double(lookups))
}

let dictionary = median(dictionaryTimes)
let resolve = median(resolveTimes)
let compiling = median(compilingTimes)
func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(rounded)
}
print("resolver benchmark: \(assetCount) names x \(variantsPerAsset) variants, \(lookups) lookups, median of \(rounds) rounds")
print("  Dictionary<String, Int> lookup          \(format(dictionary)) ns/lookup  (baseline)")
print("  name lookup + resolve (compiled request) \(format(resolve)) ns/lookup  ratio \(format(resolve / dictionary))x  (target <= 3x)")
print("  name lookup + compile + resolve          \(format(compiling)) ns/lookup  ratio \(format(compiling / dictionary))x")
if sink == 42 { print("") }  // keeps the work observable
