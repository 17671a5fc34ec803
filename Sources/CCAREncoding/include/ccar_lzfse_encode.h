#ifndef CCAR_LZFSE_ENCODE_H
#define CCAR_LZFSE_ENCODE_H

#include <stddef.h>
#include <stdint.h>

/// How hard the LZFSE encoder searches for matches.
typedef enum {
    /// Four remembered positions per hash (4,096 hash values), the last distance first, one step of lazy matching,
    /// no match under 6 bytes at a new distance; positions inside a match are not indexed and runs without matches
    /// are skimmed with a step that grows by a byte every 4 misses. For the residuals of deepmap2's predicted tiles.
    CCAR_LZFSE_FAST = 0,
    /// Eight remembered positions per hash (16,384 hash values), every position indexed (inside matches too), never
    /// skipped, matches from 4 bytes: about 12% smaller on icons and flat artwork, two to three times the work.
    CCAR_LZFSE_THOROUGH = 1,
    /// The fast effort with a step that grows by a byte every 32 misses: for the deepmap2 mode trial's plain pixels,
    /// where it stands in for the thorough effort at about the fast effort's cost.
    CCAR_LZFSE_SAMPLING = 2,
} ccar_lzfse_effort;

/// The most bytes `ccar_lzfse_encode` writes for `source_size` input bytes (every block stored, plus headers).
size_t ccar_lzfse_encode_bound(size_t source_size);

/// Compresses `source_size` bytes at `source` into an LZFSE stream at `destination` (`bvx2` blocks, `bvx-` where a
/// block does not shrink, then `bvx$`). Returns the stream's size, or 0 when `destination_capacity` is below
/// `ccar_lzfse_encode_bound(source_size)` or the thread's work space cannot be allocated (nothing usable written).
/// Deterministic: the same input and effort give the same bytes on every thread. Uses a work space per thread,
/// freed when the thread ends: about 300 KB of block buffers, a 128 KiB table for the fast and sampling efforts (one
/// table for both) and a 1 MiB one for the thorough effort (each allocated on first use).
size_t ccar_lzfse_encode(
    const uint8_t *source, size_t source_size, uint8_t *destination, size_t destination_capacity,
    ccar_lzfse_effort effort);

/// The forms of the encoder's hot loops: they give the same bytes.
typedef enum {
    /// Plain C for any CPU.
    CCAR_LZFSE_BASELINE = 0,
    /// For x86-64 CPUs with BMI2: the entropy stage (histograms, the literal and L, M, D streams) compiled for BMI2
    /// (shifts by a register and the low-bit mask in one instruction each, fewer instructions on the literal loop),
    /// and the fast and sampling efforts' four-way buckets compared with SSE2 (no branch per way).
    CCAR_LZFSE_BMI2 = 1,
} ccar_lzfse_form;

/// Whether this CPU runs the BMI2 form (1) or not (0). `ccar_lzfse_encode` uses it when it does.
int ccar_lzfse_bmi2_available(void);

/// `ccar_lzfse_encode` in the form `form` (for tests that hold the forms to each other).
/// Returns 0 as well when `form` is not available on this CPU (nothing written).
size_t ccar_lzfse_encode_using(
    ccar_lzfse_form form, const uint8_t *source, size_t source_size, uint8_t *destination, size_t destination_capacity,
    ccar_lzfse_effort effort);

/// Scales `counts` (occurrences of `symbols` symbols) to frequencies adding up to exactly `states` (a power of two,
/// at least `symbols`), every used symbol keeping at least 1; all counts zero gives all frequencies zero. The FSE
/// stage's normalization, exposed for tests.
void ccar_fse_normalize(const uint32_t *counts, int symbols, int states, uint16_t *frequencies);

#endif
