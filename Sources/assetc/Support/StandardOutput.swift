#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to standard output straight from the caller's buffer (`FileHandle` wants a `Data`,
/// which copies: 13 MB for `info --json` on a 10,000-set catalog).
enum StandardOutput {
    /// Writes every byte, retrying after interruptions and partial writes. Returns `false` when the
    /// output is closed or failing (a closed pipe, a full disk).
    @discardableResult
    static func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, pointer, count)
        #else
        return Glibc.write(descriptor, pointer, count)
        #endif
    }
}
