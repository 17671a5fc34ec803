#ifndef CCAR_DEEPMAP2_PREDICT_H
#define CCAR_DEEPMAP2_PREDICT_H

#include <stddef.h>
#include <stdint.h>

/// The kernel of the predicted mode (mode 2) of deepmap2 and deepmap-LZFSE for assetc's encoders (Swift's
/// `Deepmap2PredictedEncoder` and `DeepmapLZFSEEncoder`, docs/CAR-FORMAT.md section 4): one tile before compression.
/// Written for assetc.
///
/// `pixels` holds `rows` rows of `width` pixels of `bytes_per_pixel` bytes (4: B, G, R, A; 2: grey, alpha;
/// rows unpadded), the first row predicted from zeros above it. `tile` receives exactly
/// `rows * ccar_deepmap2_tile_row_bytes(width, bytes_per_pixel)` bytes, every one written: the alpha plane, one
/// predictor per row (0 none, 1 gradient, 2 left, 3 up, 4 mean; the first of the smallest sum of residual
/// magnitudes), then the high bytes and the low bytes of every zig-zag residual. `chroma_shift` is the record's
/// quality: 0 keeps every bit (lossless), 1 halves the chroma lanes (Co, Cg) toward zero, as Xcode's quality-1
/// records hold them. `scratch` holds
/// `ccar_deepmap2_scratch_values(width, bytes_per_pixel)` 16-bit values the kernel uses as it likes.
///
/// The caller checks every length (the Swift wrapper does); the kernel trusts them. Returns 0, or -1 (writing
/// nothing) when `width` or `rows` is 0, `bytes_per_pixel` is neither 2 nor 4 or `chroma_shift` is above 1. Runs
/// the AVX2 form where the CPU has AVX2, else the baseline one: both give the same bytes.
int ccar_deepmap2_predicted_tile(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *scratch, uint8_t *tile);

/// The compiled forms of the kernel.
typedef enum {
    /// The package's baseline target (SSE2 on x86-64).
    CCAR_DEEPMAP2_BASELINE = 0,
    /// AVX2 (x86-64 only): twice the vector width, the lanes interleaved with byte shuffles.
    CCAR_DEEPMAP2_AVX2 = 1,
} ccar_deepmap2_form;

/// Whether this CPU runs the AVX2 form (1) or not (0).
int ccar_deepmap2_avx2_available(void);

/// `ccar_deepmap2_predicted_tile` in the form asked, for tests that hold the forms to each other: as that function,
/// or -2 (writing nothing) when this CPU or build has no such form.
int ccar_deepmap2_predicted_tile_using(
    ccar_deepmap2_form form, const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift,
    int16_t *scratch, uint8_t *tile);

/// The bytes one row takes in a tile: its alpha bytes, its predictor, two bytes per lane value (3 lanes per
/// pixel, Y Co Cg, for 4 bytes per pixel; 1, grey, for 2).
static inline size_t ccar_deepmap2_tile_row_bytes(size_t width, size_t bytes_per_pixel) {
    return (1 + 2 * (bytes_per_pixel == 4 ? 3 : 1)) * width + 1;
}

/// The 16-bit scratch values `ccar_deepmap2_predicted_tile` needs for rows of `width` pixels: two rows of lane
/// planes, one row of residuals per lane and one row of the gradient predictor's choices.
static inline size_t ccar_deepmap2_scratch_values(size_t width, size_t bytes_per_pixel) {
    return (3 * (bytes_per_pixel == 4 ? 3 : 1) + 1) * width;
}

#endif
