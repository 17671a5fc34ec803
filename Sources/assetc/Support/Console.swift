import AssetCatalogBuilder
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every byte the command line prints goes through here: standard output is written with checked
/// `write(2)` calls (a full disk or a closed pipe is an error naming the destination and the reason,
/// never a crash or a silent exit 0), and each message on standard error is one buffered write with
/// anything quoted from the input cut to a few hundred bytes.
enum Console {
    /// Writes `text` to standard output.
    ///
    /// - Throws: ``CLIError`` (exit 2) naming standard output and the reason.
    static func out(_ text: String) throws(CLIError) {
        try out(bytes: Array(text.utf8))
    }

    /// Writes `text` and a newline to standard output (what `print` did, but checked).
    static func line(_ text: String) throws(CLIError) {
        try out(text + "\n")
    }

    /// Writes raw bytes to standard output.
    static func out(bytes: some Collection<UInt8>) throws(CLIError) {
        do {
            try writeAll(STDOUT_FILENO, Array(bytes))
        } catch {
            throw CLIError("cannot write to standard output: \(error.reason)", exitCode: 2)
        }
    }

    /// Writes one message (a newline is added) to standard error in a single write; long lines are cut,
    /// and control characters (which names from a repository may carry) are escaped, never sent raw.
    static func error(_ message: String) {
        let text = MessageText.cut(TerminalText.escaped(message, keepingLineBreaks: true)) + "\n"
        // Nothing sensible can be done when standard error itself fails.
        try? writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes all of `buffer` to `descriptor`, retrying short writes and EINTR.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(POSIXFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXFailure(errno: errno)
            }
            if written == 0 { throw POSIXFailure(errno: EIO) }
            offset += written
        }
    }
}

/// A failed system call, in words (`strerror`).
struct POSIXFailure: Error {
    let errno: Int32
    var reason: String { String(cString: strerror(errno)) }
}

/// Messages quote names from the input (paths, asset names); a hostile input can make those megabytes
/// long. Each line of a message is kept to a few hundred bytes: its start and end, and how much was cut.
enum MessageText {
    /// The most bytes of one line kept whole.
    static let lineLimit = 600

    /// `text` with every line longer than ``lineLimit`` bytes cut in the middle.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > lineLimit else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let bytes = Array(line.utf8)
            guard bytes.count > lineLimit else { return String(line) }
            let head = validPrefix(bytes, count: 400)
            let tail = validSuffix(bytes, count: 150)
            return "\(head)…[\(bytes.count - head.utf8.count - tail.utf8.count) bytes cut]…\(tail)"
        }.joined(separator: "\n")
    }

    /// A name quoted in a message: at most a few hundred bytes of it.
    static func quote(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > 300 else { return name }
        let head = validPrefix(bytes, count: 200)
        let tail = validSuffix(bytes, count: 60)
        return "\(head)…[\(bytes.count - head.utf8.count - tail.utf8.count) bytes cut]…\(tail)"
    }

    private static func validPrefix(_ bytes: [UInt8], count: Int) -> String {
        var end = min(count, bytes.count)
        // Back up over UTF-8 continuation bytes so no character is split.
        while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func validSuffix(_ bytes: [UInt8], count: Int) -> String {
        var start = max(0, bytes.count - count)
        while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}
