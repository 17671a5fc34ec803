#ifndef CCAR_DEEPMAP_PREDICTED_H
#define CCAR_DEEPMAP_PREDICTED_H

#include <stddef.h>
#include <stdint.h>

/// What `ccar_deepmap_reconstruct_predicted` reports.
typedef enum {
  CCAR_DEEPMAP_OK = 0,
  /// A row names a predictor other than 0 to 4 (`*bad_row` says which); nothing is written from that row on.
  CCAR_DEEPMAP_BAD_PREDICTOR = 1,
  /// A size or buffer does not fit the tile (the Swift caller checks these first, so this is a bug, never input).
  CCAR_DEEPMAP_BAD_ARGUMENT = 2,
} ccar_deepmap_status;

/// The bytes a predicted tile of `width` x `height` pixels decompresses to (without the encoder's padding): an
/// alpha plane, one predictor per row, then a high and a low byte plane of the residuals, `lanes` per pixel
/// (3 for BGRA, 1 for grey + alpha). 0 when the size overflows.
size_t ccar_deepmap_predicted_tile_size(size_t width, size_t height, size_t lanes);

/// The 16-bit values of scratch `ccar_deepmap_reconstruct_predicted` needs for rows of `width` pixels: two rows
/// of values (the row being rebuilt and the one above) and one value per pixel. 0 when the size overflows.
size_t ccar_deepmap_scratch_values(size_t width, size_t lanes);

/// Reconstructs a predicted tile (deepmap2 mode 2 and deepmap-LZFSE mode 2; docs/CAR-FORMAT.md section 4): the
/// plain Swift `DeepmapTiles.reconstructPredictedReference` is what it must equal, byte for byte.
///
/// `tile` holds `tile_size` bytes, at least `ccar_deepmap_predicted_tile_size(width, height, color ? 3 : 1)`.
/// `color` (BGRA, three lanes Y Co Cg whose chroma is stored shifted right by `chroma_shift`, 0 or 1) or grey +
/// alpha. Rows go to `output`, `row_bytes` apart, as premultiplied BGRA or grey + alpha (`rgba` 0) or RGBA (`rgba`
/// 1, grey repeated in red, green and blue); `output_size` must hold `height - 1` rows of `row_bytes` and one of
/// `width` pixels. `scratch` holds `scratch_values` 16-bit values, at least `ccar_deepmap_scratch_values`.
///
/// Every size is checked at entry and every predictor byte before any row is written; the function reads and
/// writes nothing outside the buffers given.
ccar_deepmap_status ccar_deepmap_reconstruct_predicted(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch, size_t scratch_values, size_t *bad_row);

/// Rows `first`..<`end` of what `ccar_deepmap_reconstruct_predicted` writes (rows still go to `output + y *
/// row_bytes`, `output` being the tile's first row), so that a caller can read rows back while they are in the
/// processor's caches: the calls must go down the tile in order, `first` of each the `end` of the one before, with
/// the same `scratch` (which carries the row above from one call to the next); the first call has `first` 0 and
/// checks every predictor byte before it writes anything. `first < end <= height`, or nothing is done.
ccar_deepmap_status ccar_deepmap_reconstruct_predicted_rows(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    size_t first, size_t end, uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch,
    size_t scratch_values, size_t *bad_row);

/// `ccar_deepmap_reconstruct_predicted` without its processor-specific (AVX2) code path: the same checks and the same
/// bytes, for the tests that hold the two paths to each other.
ccar_deepmap_status ccar_deepmap_reconstruct_predicted_portable(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch, size_t scratch_values, size_t *bad_row);

#endif
