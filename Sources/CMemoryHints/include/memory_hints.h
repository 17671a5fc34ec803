#ifndef ASSETC_MEMORY_HINTS_H
#define ASSETC_MEMORY_HINTS_H

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

#endif
