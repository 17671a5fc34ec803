import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work on a car's records spread over the processors: reading a file of tens of thousands of renditions is
/// per-record work that needs nothing from the other records.
enum CARParallel {
    /// The processors online (at least 1).
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `body` for every run of `run` consecutive indices of `0..<count`, on up to ``processorCount`` threads, each
    /// run's outcome in order: the same outcomes whatever the number of threads. One run (or fewer than two
    /// processors) is worked on the calling thread.
    static func map<Value>(
        count: Int, run: Int, _ body: (Range<Int>) throws(CARError) -> Value
    ) -> [Result<Value, CARError>] {
        let runs = (count + run - 1) / run
        let range = { @Sendable (number: Int) in (number * run)..<min(count, (number + 1) * run) }
        let workers = min(processorCount, runs)
        if workers <= 1 {
            return (0..<runs).map { number in Result { () throws(CARError) in try body(range(number)) } }
        }
        let slots = UnsafeMutablePointer<Result<Value, CARError>?>.allocate(capacity: runs)
        slots.initialize(repeating: nil, count: runs)
        defer {
            slots.deinitialize(count: runs)
            slots.deallocate()
        }
        withoutActuallyEscaping(body) { body in
            // Worker w takes runs w, w + workers, …; each slot is written by one worker and read only after
            // concurrentPerform returns.
            let shared = CARUncheckedBox((slots, body))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let (slots, body) = shared.value
                for number in stride(from: worker, to: runs, by: workers) {
                    slots[number] = Result { () throws(CARError) in try body(range(number)) }
                }
            }
        }
        return (0..<runs).map { slots[$0]! }
    }
}

/// A value handed to the workers of ``CARParallel/map(count:run:_:)``, which use it as that function documents.
private struct CARUncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
