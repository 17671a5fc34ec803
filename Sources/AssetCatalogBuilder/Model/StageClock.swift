import Foundation

/// Wall time per stage of a compile, printed to standard error when the environment has `ASSETC_STAGE_TIMES` set
/// (docs/PERFORMANCE.md): how a rebuild's time divides, measured in the build users run rather than in a profiler.
///
/// Each ``mark(_:)`` prints the time since the one before (or since the clock was first used), the CPU time the
/// process spent in it on all its threads (user and system: a stage that keeps two cores busy shows twice its wall
/// time, one that leaves a core idle about its wall time) and, where the system says (Linux's `/proc/self/status`),
/// the process's peak resident memory so far: `stage snapshot 91.8 ms, CPU 160.2 ms, peak RSS 21.4 MiB`. Off, a mark
/// costs one load of a flag.
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
        let (wall, cpu) = last.advance()
        var line = "stage \(stage) \(String(format: "%.1f", Double(wall) / 1_000_000)) ms"
        line += ", CPU \(String(format: "%.1f", Double(cpu) / 1_000_000)) ms"
        if let peak = peakResidentKiB() { line += ", peak RSS \(String(format: "%.1f", Double(peak) / 1024)) MiB" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints `text` as a note beside the stage times, when enabled.
    public static func note(_ text: @autoclosure () -> String) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data(("note " + text() + "\n").utf8))
    }

    /// The `VmHWM` line of `/proc/self/status` (the peak resident set, in KiB), or `nil` where there is none.
    static func peakResidentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    /// The process's CPU time so far, user and system, on all its threads, in nanoseconds.
    static func processCPUNanoseconds() -> UInt64 {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func nanoseconds(_ time: timeval) -> UInt64 {
            UInt64(max(0, time.tv_sec)) &* 1_000_000_000 &+ UInt64(max(0, time.tv_usec)) &* 1_000
        }
        return nanoseconds(usage.ru_utime) &+ nanoseconds(usage.ru_stime)
    }

    /// The wall and CPU times of the last mark, first those of the clock's first use.
    private final class LastMark: @unchecked Sendable {
        private let lock = NSLock()
        private var wall = DispatchTime.now().uptimeNanoseconds
        private var cpu = StageClock.processCPUNanoseconds()

        /// The wall and CPU nanoseconds since the last mark, the clock then set to now.
        func advance() -> (wall: UInt64, cpu: UInt64) {
            lock.lock()
            defer { lock.unlock() }
            let (nowWall, nowCPU) = (DispatchTime.now().uptimeNanoseconds, StageClock.processCPUNanoseconds())
            defer { (wall, cpu) = (nowWall, nowCPU) }
            return (nowWall &- wall, nowCPU &- cpu)
        }
    }
}
