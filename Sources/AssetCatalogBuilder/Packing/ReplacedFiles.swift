import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The old files outputs replaced, released on another core.
///
/// Removing a large file frees its blocks when its last name and descriptor go, in the caller's time: 40–55 ms of a
/// compile's one-core tail for the benchmark's 183 MB car on ext4 (`strace -T` showed the `unlink` after the exchange).
/// ``FileSystem/moveIntoPlace(_:over:)`` therefore opens a large old file before removing its name, and hands the
/// descriptor here: the blocks are freed by its `close`, on another thread, while the caller stores the compile cache's
/// record and writes the smaller outputs. A process waits (``waitForAll()``) before it ends, so that its last stage's
/// time includes what is left of the release rather than the exit.
package enum ReplacedFiles {
    /// The size from which an old file's release is worth a thread: a smaller one is freed at once.
    package static let backgroundReleaseSize = 1 << 20

    private static let releasing = DispatchGroup()

    /// Closes `descriptor` (an open file whose name is gone) on another thread.
    package static func release(_ descriptor: Int32) {
        DispatchQueue.global().async(group: releasing) { _ = close(descriptor) }
    }

    /// Waits until every descriptor handed to ``release(_:)`` is closed.
    package static func waitForAll() {
        releasing.wait()
    }
}
