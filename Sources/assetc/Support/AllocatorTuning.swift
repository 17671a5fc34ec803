import Foundation

internal import CMemoryHints

/// The C allocator's settings for the commands that compress large bitmaps on every core (`compile`, `actool`).
///
/// glibc hands a freed block of more than its threshold (128 KiB at first, rising up to 32 MiB with what is freed)
/// back to the kernel, and trims the top of each thread's heap when 128 KiB lie free there. A compile allocates and
/// frees bitmaps of a few megabytes per atlas on every worker, so with the defaults each new bitmap's pages are
/// faulted in and zeroed by the kernel again. Peak memory is what the workers hold at once either way.
enum AllocatorTuning {
    /// Keeps the blocks of large bitmaps in the allocator's heaps between one atlas and the next
    /// (`acat_keep_large_blocks`: up to 16 MiB), unless the user configured glibc's allocator in the environment
    /// (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`, … or `GLIBC_TUNABLES`): that is left as given.
    static func keepLargeBlocks() {
        let names = ProcessInfo.processInfo.environment.keys
        guard !names.contains(where: { $0.hasPrefix("MALLOC_") || $0 == "GLIBC_TUNABLES" }) else { return }
        acat_keep_large_blocks()
    }
}
