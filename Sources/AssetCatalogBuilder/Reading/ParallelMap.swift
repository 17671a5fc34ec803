import Dispatch
import Foundation

/// Runs `body` for every index in `0..<count` on up to `width` threads and returns the results in
/// index order, so the outcome never depends on the thread count or scheduling.
///
/// Workers take the next index from a shared counter, so one slow item (a huge PNG) does not hold up
/// a whole pre-assigned slice.
func parallelMap<Result: Sendable>(count: Int, width: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    guard count > 0 else { return [] }
    let workers = max(1, min(width, count))
    if workers == 1 {
        return (0..<count).map(body)
    }
    let slots = ResultSlots<Result>(count: count)
    let counter = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = counter.next()
            guard index < count else { return }
            slots.store(body(index), at: index)
        }
    }
    return slots.collect()
}

/// A counter shared by the workers of ``parallelMap(count:width:_:)``.
private final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let current = value
        value += 1
        return current
    }
}

/// Write-once result slots, one per index. Each slot is written by exactly one worker and read only
/// after `concurrentPerform` returns, which orders the writes before the reads.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Result?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        storage[index] = result
    }

    func collect() -> [Result] {
        (0..<count).map { index in
            guard let result = storage[index] else { preconditionFailure("parallelMap: slot \(index) was never filled") }
            return result
        }
    }
}
