import Dispatch
import Foundation

/// Runs `body` for every index in `0..<count` on up to `width` threads and returns the results in
/// index order, so the outcome never depends on the thread count or scheduling.
///
/// Workers take the next index from a shared counter, so one slow item (a huge PNG) does not hold up
/// a whole pre-assigned slice.
func parallelMap<Result: Sendable>(count: Int, width: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    parallelMap(count: count, width: width, makeState: {}) { _, index in body(index) }
}

/// ``parallelMap(count:width:_:)`` with state each worker makes once (`makeState`) and hands to every `body` it
/// runs: buffers worth keeping from one item to the next (a decoder's scratch, an image's rows), so the memory in
/// use is one set per thread, not one per item.
func parallelMap<State, Result: Sendable>(
    count: Int, width: Int, makeState: @Sendable () -> State, _ body: @Sendable (inout State, Int) -> Result
) -> [Result] {
    guard count > 0 else { return [] }
    let workers = max(1, min(width, count))
    if workers == 1 {
        var state = makeState()
        return (0..<count).map { body(&state, $0) }
    }
    let slots = ResultSlots<Result>(count: count)
    let counter = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        var state = makeState()
        while true {
            let index = counter.next()
            guard index < count else { return }
            slots.store(body(&state, index), at: index)
        }
    }
    return slots.collect()
}

/// The next index to hand out, shared by the workers of ``parallelMap(count:width:_:)`` and
/// ``parallelForEachInOrder(count:width:produce:consume:)``.
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

/// Runs `produce` for every index in `0..<count` on up to `width` threads and hands each result to
/// `consume` in index order, one at a time, while the other threads go on producing: a pipeline whose
/// last stage (writing a file) overlaps the work before it instead of waiting for all of it.
///
/// `consume` is never called on two threads at once, and always for index `i` before `i + 1`, so it may
/// keep state without a lock of its own (it is `@Sendable` only because different threads take turns at
/// it). The thread that finishes the next result in line does the consuming; a result that finishes out
/// of order waits in its slot, so at most the results produced ahead of the slowest one are held.
func parallelForEachInOrder<Result: Sendable>(
    count: Int, width: Int, produce: @Sendable (Int) -> Result, consume: @Sendable (Int, Result) -> Void
) {
    guard count > 0 else { return }
    let workers = max(1, min(width, count))
    if workers == 1 {
        for index in 0..<count { consume(index, produce(index)) }
        return
    }
    let line = OrderedHandOff<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = line.take() {
            line.deliver(produce(index), at: index, consume: consume)
        }
    }
}

/// The shared state of ``parallelForEachInOrder(count:width:produce:consume:)``: the next index to hand
/// out (a ``SharedCounter``), results waiting for their turn, and whether a thread is consuming. One lock
/// guards the results and the turn; `consume` itself runs outside it.
private final class OrderedHandOff<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let counter = SharedCounter()
    private var nextToConsume = 0
    private var consuming = false
    private var waiting: [Int: Result] = [:]

    init(count: Int) {
        self.count = count
    }

    func take() -> Int? {
        let index = counter.next()
        return index < count ? index : nil
    }

    /// Files `result` and, unless another thread is already consuming (which will then see it before it
    /// stops, since it checks under the lock), consumes every result now in line.
    func deliver(_ result: Result, at index: Int, consume: (Int, Result) -> Void) {
        lock.lock()
        waiting[index] = result
        guard !consuming else {
            lock.unlock()
            return
        }
        consuming = true
        while let ready = waiting.removeValue(forKey: nextToConsume) {
            let position = nextToConsume
            nextToConsume += 1
            lock.unlock()
            consume(position, ready)
            lock.lock()
        }
        consuming = false
        lock.unlock()
    }
}
