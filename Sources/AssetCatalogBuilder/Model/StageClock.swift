import Foundation

/// Wall time per stage of a compile, printed to standard error when the environment has `ASSETC_STAGE_TIMES` set
/// (docs/PERFORMANCE.md): how a rebuild's time divides, measured in the build users run rather than in a profiler.
///
/// Each ``mark(_:)`` prints the time since the one before (or since the clock was first used):
/// `stage snapshot 91.8 ms`. Off, a mark costs one load of a flag.
public enum StageClock {
    /// Whether stage times are printed: the environment's `ASSETC_STAGE_TIMES` is set and not empty.
    public static let isEnabled: Bool = {
        guard let value = ProcessInfo.processInfo.environment["ASSETC_STAGE_TIMES"] else { return false }
        return !value.isEmpty
    }()

    private static let last = LastMark()

    /// Prints the time since the last mark under `stage`, when enabled.
    public static func mark(_ stage: String) {
        guard isEnabled else { return }
        let milliseconds = Double(last.advance()) / 1_000_000
        FileHandle.standardError.write(Data("stage \(stage) \(String(format: "%.1f", milliseconds)) ms\n".utf8))
    }

    /// The time of the last mark, first the time the clock was first used.
    private final class LastMark: @unchecked Sendable {
        private let lock = NSLock()
        private var value = DispatchTime.now().uptimeNanoseconds

        /// The nanoseconds since the last mark, the clock then set to now.
        func advance() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            let now = DispatchTime.now().uptimeNanoseconds
            let elapsed = now &- value
            value = now
            return elapsed
        }
    }
}
