// Shared by ResolverBenchmark, ArchiveBenchmark and CARBenchmark (each target folder links this file):
// runs lookups from 1, 2, … up to the machine's core count threads, interleaved with a
// `Dictionary<String, Int>` baseline doing the same number of lookups of the same names, and prints the
// one-thread cost and each scaling ratio next to the baseline's from the same run.
//
// Every thread has its own copies of the names (so the caller's strings are not shared) and does the same
// number of lookups whatever the thread count (weak scaling): perfect scaling from 1 to N threads is N×.
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread's work: runs its lookups, returns a checksum so none is optimized away.
typealias LookupWork = @Sendable (_ thread: Int) -> Int

enum LookupScaling {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func format(_ value: Double, _ digits: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }

    /// The core count, or the `--threads N` argument.
    static var coreCount: Int {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--threads"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]) {
            return max(1, value)
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The `--rounds N` argument (at least 7).
    static var rounds: Int {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--rounds"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]) {
            return max(7, value)
        }
        return 9
    }

    /// Runs `work` on `threads` threads at once; returns the wall time in seconds.
    static func time(threads: Int, _ work: LookupWork) -> Double {
        let start = nanoseconds()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            if work(thread) == Int.min { print("") }
        }
        return Double(nanoseconds() - start) / 1e9
    }

    /// Measures `lookup` against `dictionary` (each thread doing `perThread` lookups), interleaved round by
    /// round and thread count by thread count, and prints the medians and ratios under `title`.
    /// Returns (one-thread cost ratio, worst scaling ratio against the dictionary's) for a summary.
    @discardableResult
    static func report(
        _ title: String, perThread: Int, costTarget: Double, dictionary: LookupWork, lookup: LookupWork
    ) -> (cost: Double, scaling: Double) {
        let counts = Array(1...coreCount)
        var dictionaryRates = [[Double]](repeating: [], count: counts.count)
        var lookupRates = [[Double]](repeating: [], count: counts.count)
        _ = time(threads: 1, dictionary)
        _ = time(threads: 1, lookup)
        for round in 0..<rounds {
            for (position, threads) in counts.enumerated() {
                // Alternate which goes first, so a slow spell hits both alike.
                let lookups = Double(threads * perThread)
                if round % 2 == 0 {
                    dictionaryRates[position].append(lookups / time(threads: threads, dictionary))
                    lookupRates[position].append(lookups / time(threads: threads, lookup))
                } else {
                    lookupRates[position].append(lookups / time(threads: threads, lookup))
                    dictionaryRates[position].append(lookups / time(threads: threads, dictionary))
                }
            }
        }
        let dictionaryMedians = dictionaryRates.map(median)
        let lookupMedians = lookupRates.map(median)
        let cost = dictionaryMedians[0] / lookupMedians[0]
        print("  \(title)")
        print(
            "    1 thread:  \(format(1e9 / lookupMedians[0], 1)) ns/lookup, Dictionary<String, Int> hit "
                + "\(format(1e9 / dictionaryMedians[0], 1)) ns: \(format(cost))x a dictionary hit (target <= \(format(costTarget, 1))x)")
        var worst = Double.infinity
        for (position, threads) in counts.enumerated().dropFirst() {
            let lookupScaling = lookupMedians[position] / lookupMedians[0]
            let dictionaryScaling = dictionaryMedians[position] / dictionaryMedians[0]
            let relative = lookupScaling / dictionaryScaling
            worst = min(worst, relative)
            print(
                "    1 -> \(threads) threads: lookup \(format(lookupScaling))x (\(format(lookupMedians[position] / 1e6)) M/s), "
                    + "dictionary \(format(dictionaryScaling))x (\(format(dictionaryMedians[position] / 1e6)) M/s): "
                    + "\(format(relative))x the dictionary's scaling (target >= 0.95x)")
        }
        if counts.count == 1 { print("    (one core: no scaling to measure)") }
        return (cost, worst)
    }

    /// Deep copies of `names` (fresh string storage), one array per thread.
    static func perThreadCopies(_ names: [String], threads: Int) -> [[String]] {
        (0..<threads).map { _ in names.map { String(decoding: Array($0.utf8), as: UTF8.self) } }
    }
}
