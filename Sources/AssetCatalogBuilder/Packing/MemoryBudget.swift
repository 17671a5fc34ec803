import Foundation

/// A ceiling on the working memory that parallel jobs may hold at once, shared by all of them.
///
/// `--jobs N` runs N files at a time; without a ceiling, N large images cost N working sets. With one,
/// a job first reserves its estimated working set and waits while the jobs already running hold too
/// much: the jobs divide the ceiling instead of multiplying the cost. A reservation larger than the
/// whole ceiling is never refused: it waits until it is alone, then runs (one image is bounded by the
/// pixel budget and the optimizer's strips, not by this). What is built never depends on the ceiling,
/// only when each job starts.
final class MemoryBudget: @unchecked Sendable {
    /// The most bytes that reservations may hold together.
    let limit: Int
    private let condition = NSCondition()
    private var reserved = 0
    /// The most bytes held at once so far, for tests and `--verbose`.
    private var highWater = 0

    /// A budget of `limit` bytes (at least one byte).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` while `bytes` (clamped to the ceiling) are reserved; waits first while the other
    /// reservations leave too little room.
    func withReservation<Result>(_ bytes: Int, _ body: () throws -> Result) rethrows -> Result {
        let amount = min(max(0, bytes), limit)
        condition.lock()
        while reserved > 0, reserved + amount > limit {
            condition.wait()
        }
        reserved += amount
        highWater = max(highWater, reserved)
        condition.unlock()
        defer {
            condition.lock()
            reserved -= amount
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The most bytes reserved at once since the budget was made.
    var peakReserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return highWater
    }
}
