#ifndef ASSETC_MEMORY_HINTS_H
#define ASSETC_MEMORY_HINTS_H

#if defined(__has_include)
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif

/// Asks the processor to start loading the cache line that holds `address`, without waiting for it.
/// A hint only: it never faults, reads nothing the caller sees and may be ignored. The archive's lookup
/// path uses it to start loads whose addresses it knows early (the chosen asset's variant targets and
/// payload records) so that they overlap instead of waiting for each other (docs/PERFORMANCE.md, issue 16).
/// `static inline`, so Swift inlines it: one instruction, no call.
static inline void acat_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

/// Keeps freed blocks of up to 16 MiB in the C allocator's heaps, and trims a heap only when 16 MiB lie free at its
/// top, unless the user set glibc's allocator through its environment (MALLOC_*_ or GLIBC_TUNABLES, which the caller
/// checks). With glibc's defaults every bitmap of a few megabytes that a compile worker frees goes back to the
/// kernel, and the next one's pages are faulted in and zeroed again (docs/PERFORMANCE.md, issue 24). Does nothing
/// where the C library is not glibc.
static inline void acat_keep_large_blocks(void) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 16 << 20);
    mallopt(M_TRIM_THRESHOLD, 16 << 20);
#endif
}

#endif
