import Foundation

/// Values a command keeps until the process ends instead of freeing them when it returns: the command's last act
/// would otherwise be to release every record of what it read (the tens of thousands of renditions of two cars and
/// their size inventories take 40–80 ms to free, on one thread), memory the process's exit gives back at once.
///
/// For the commands `main` runs once and then exits. A command run in-process by a test keeps its values until the
/// test process ends: each run's records stay allocated, which the test suite's small inputs can afford.
enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` until the process ends.
    static func keep(_ value: Any) {
        lock.withLock { kept.append(value) }
    }
}
