import Foundation

/// Counts finished pieces of long work (sets read, renditions compiled) from many threads and hands the
/// count to an observer, for a progress display.
///
/// Each ``advance()`` takes an uncontended lock and calls the observer while holding it, so the observer
/// sees counts in order and never two at once; it must be quick (a display throttles itself). The work
/// itself does not depend on the counter: results are the same with or without one.
public final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let observer: @Sendable (_ done: Int, _ total: Int) -> Void

    /// A counter of `total` pieces reporting to `observer`.
    public init(total: Int, observer: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) {
        self.total = total
        self.observer = observer
    }

    /// Records one finished piece.
    public func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        observer(done, total)
    }
}

/// One line of a progress display, as text: `[#####     ] 50% 500/1,000 sets` (pure, so it can be tested).
public enum ProgressLine {
    /// The line for `done` of `total` pieces called `unit`, with a bar `width` characters wide.
    public static func render(done: Int, total: Int, unit: String, detail: String? = nil, width: Int = 30) -> String {
        let fraction = total <= 0 ? 1 : min(1, max(0, Double(done) / Double(total)))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        return "[\(bar)] \(Int(fraction * 100))% \(grouped(done))/\(grouped(total)) \(unit)" + (detail.map { ", \($0)" } ?? "")
    }

    /// `12345` → `12,345`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}
