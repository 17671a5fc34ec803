import AssetCatalogBuilder
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress of long work on standard error: a bar redrawn in place (``ProgressLine``) when standard error
/// is a terminal and the work has more than a few hundred pieces; nothing on a pipe or a file, unless asked
/// (`pack --progress`), then a line a second. Best effort: a failing standard error never stops the work.
final class ProgressDisplay: @unchecked Sendable {
    /// Work with fewer pieces than this finishes too fast to need a bar.
    static let minimumTotal = 300

    private let command: String
    private let enabled: Bool
    private let terminal: Bool
    private let forced: Bool
    private let lock = NSLock()
    private var lastWrite: UInt64 = 0
    private var drawn = false

    /// A display for `command` (`assetc pack`), silent under `quiet`; `forced` prints lines even when
    /// standard error is not a terminal.
    init(command: String, quiet: Bool, forced: Bool = false) {
        self.command = command
        terminal = isatty(STDERR_FILENO) == 1
        self.forced = forced
        enabled = !quiet && (terminal || forced)
    }

    /// Shows that `done` of `total` `unit` are finished.
    func update(done: Int, total: Int, unit: String, detail: String? = nil) {
        guard enabled, forced || total >= Self.minimumTotal else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        let interval: UInt64 = terminal ? 100_000_000 : 1_000_000_000
        guard done >= total || now - lastWrite >= interval else { return }
        lastWrite = now
        let line = ProgressLine.render(done: done, total: total, unit: unit, detail: detail)
        if terminal {
            write("\r\u{1B}[K" + line)
            drawn = true
        } else {
            write("\(command): \(line)\n")
        }
    }

    /// Names a phase of the work (printed only when progress is forced onto a pipe).
    func phase(_ text: String) {
        guard enabled, forced, !terminal else { return }
        write("\(command): \(text)\n")
    }

    /// Clears the bar, so the command's own output starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    private func write(_ text: String) {
        try? Console.writeAll(STDERR_FILENO, Array(text.utf8))
    }
}
