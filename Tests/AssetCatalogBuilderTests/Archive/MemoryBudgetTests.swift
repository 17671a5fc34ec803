import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Memory budget shared by pack jobs")
struct MemoryBudgetTests {
    @Test("jobs divide the ceiling: reservations held at once never exceed it, however many threads ask")
    func jobsShareTheCeiling() {
        let budget = MemoryBudget(limit: 100)
        let running = RunningCount()
        onThreads(12) { job in
            budget.withReservation(30 + job % 3 * 10) {
                running.enter()
                usleep(5_000)
                running.leave()
            }
        }
        #expect(budget.peakReserved <= 100)
        // 30 to 50 bytes each under a ceiling of 100: never more than three at once, though twelve threads ask.
        #expect(running.peak <= 3)
        // …and the ceiling is shared, not a lock: jobs that fit do run together.
        #expect(running.peak >= 2)
    }

    @Test("one reservation larger than the ceiling is not refused: it runs alone")
    func oversizedRunsAlone() {
        let budget = MemoryBudget(limit: 64)
        let running = RunningCount()
        onThreads(6) { _ in
            budget.withReservation(1 << 30) {
                running.enter()
                usleep(2_000)
                running.leave()
            }
        }
        #expect(budget.peakReserved == 64)
        #expect(running.peak == 1)
    }

    @Test("the estimate counts the file, the re-encoding and the optimizer's strips only when optimizing a PNG")
    func workingSetEstimate() {
        let file = PackPlan.File(
            catalog: "/c", relative: "a.png", contentType: .png, byteCount: 1000, pixelWidth: 10, pixelHeight: 10)
        let plain = FileProcessor(options: PackOptions(handleSignals: false), cache: nil)
        #expect(plain.workingSet(of: file) == 1000)
        let optimizing = FileProcessor(options: PackOptions(optimize: true, handleSignals: false), cache: nil)
        #expect(optimizing.workingSet(of: file) == 2000 + FileProcessor.optimizerWorkingSet)
        let jpeg = PackPlan.File(catalog: "/c", relative: "a.jpg", contentType: .jpeg, byteCount: 1000, pixelWidth: 10, pixelHeight: 10)
        #expect(optimizing.workingSet(of: jpeg) == 1000)
    }
}

/// Runs `body(0..<count)` on `count` threads of their own (not a pool sized by the cores) and waits for all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for job in 0..<count {
        group.enter()
        let thread = Thread {
            body(job)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// How many bodies run at once, and the most there ever were.
private final class RunningCount: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var peak = 0

    func enter() {
        lock.lock()
        current += 1
        peak = max(peak, current)
        lock.unlock()
    }

    func leave() {
        lock.lock()
        current -= 1
        lock.unlock()
    }
}
