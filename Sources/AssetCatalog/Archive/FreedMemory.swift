#if canImport(Glibc)
    import Glibc
#endif

/// Gives memory the program has freed back to the operating system.
///
/// glibc's allocator keeps a separate arena for each thread that allocates; what a worker thread freed
/// stays in its arena (and in the process's resident size) until that thread allocates again or the
/// arena is trimmed. After a large structure built on many threads is released (a catalog's index once
/// the pack plan is made), trimming lets the next phase's memory replace it instead of adding to it. The
/// same holds within one thread when what is freed is small pieces and what is allocated next is large
/// arrays (which the allocator maps apart): the archive encoder's tables replacing the pack plan.
package enum FreedMemory {
    /// Returns free pages of every arena to the system; does nothing where the allocator has no such call.
    package static func returnToSystem() {
        #if canImport(Glibc)
            // malloc_trim is glibc's (malloc.h, not in the Glibc module): looked up, so other C libraries
            // (musl) simply go without.
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
