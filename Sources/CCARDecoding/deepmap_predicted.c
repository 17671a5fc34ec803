// The reconstruction of a predicted deepmap tile (include/ccar_deepmap_predicted.h): the same bytes as the plain
// Swift it replaced (`DeepmapTiles.reconstructPredictedReference`, kept as the tests' reference), several times
// faster. Written for assetc from the format's public description (docs/CAR-FORMAT.md section 4).
//
// A row's values stay interleaved as the tile stores them (Y, Co, Cg of pixel 0, then of pixel 1, ...; or grey), so
// decoding the residuals (zig-zag) and adding the "up" predictor are loops along contiguous 16-bit values, which the
// compiler vectorizes. "Left", "mean" and "gradient" depend on the value just rebuilt to their left: they run pixel
// by pixel with every lane's left neighbour kept in a register, the lanes' chains side by side. The inverse colour
// transform reads whole pixels' values and writes whole output pixels, again vectorized. On x86-64 the body is
// compiled twice, for the baseline (SSE2) and for AVX2, chosen once per call by what the processor supports; both
// are the same C, so they give the same bytes (the tests compare them).
//
// Values are 16-bit and wrap, as in the Swift reference: the arithmetic is done on uint16_t (defined wrapping) and
// read back as int16_t where a sign matters (division, comparison, clamp).

#include "ccar_deepmap_predicted.h"

#include <string.h>

#define INLINE static inline __attribute__((always_inline))

size_t ccar_deepmap_predicted_tile_size(size_t width, size_t height, size_t lanes) {
  size_t row, total;
  if (__builtin_mul_overflow(1 + 2 * lanes, width, &row) || __builtin_add_overflow(row, 1, &row) ||
      __builtin_mul_overflow(row, height, &total))
    return 0;
  return total;
}

size_t ccar_deepmap_scratch_values(size_t width, size_t lanes) {
  size_t values;
  if (__builtin_mul_overflow(2 * lanes + 1, width, &values)) return 0;
  return values;
}

// A stored residual: the zig-zag code `high << 8 | low`; negative residuals are one lower than the true difference,
// which adding the code's low bit undoes.
INLINE uint16_t residual(uint8_t high, uint8_t low) {
  const uint16_t zigzag = (uint16_t)(high << 8 | low), odd = zigzag & 1;
  return (uint16_t)(((zigzag >> 1) ^ (uint16_t)(0 - odd)) + odd);
}

// (left + up + 1) / 2 in 16-bit values, rounded toward zero.
INLINE uint16_t mean(uint16_t left, uint16_t up) {
  const int16_t sum = (int16_t)(uint16_t)(left + up + 1);
  return (uint16_t)(sum / 2);
}

// Stores one pixel's four bytes, the first in the low byte of `pixel`.
INLINE void store_pixel(uint8_t *target, uint32_t pixel) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  pixel = __builtin_bswap32(pixel);
#endif
  memcpy(target, &pixel, 4);
}

// The row's residuals, `count` values, into `current`.
INLINE void decode_residuals(const uint8_t *restrict high, const uint8_t *restrict low, uint16_t *restrict current, size_t count) {
  for (size_t i = 0; i < count; i++) current[i] = residual(high[i], low[i]);
}

// The gradient predictor (1): per pixel, the neighbour along the smaller gradient of the first lane, left when
// |up - corner| <= |left - corner| (compared as integers, not wrapped), else up, for every lane. The first lane is
// rebuilt alone, its choices kept in `choices` (all ones: left), then the other lanes follow them: the first
// lane's chain from pixel to pixel is then only a few instructions long, the comparison rewritten as
// `left >= corner + d || left <= corner - d` with `d = |up - corner|`, whose bounds do not depend on the chain.
INLINE void predict_gradient(uint16_t *restrict current, const uint16_t *restrict above, size_t lanes, size_t width, uint16_t *restrict choices) {
  int left = (int16_t)current[0];
  for (size_t x = 1; x < width; x++) {
    const int up = (int16_t)above[lanes * x], corner = (int16_t)above[lanes * (x - 1)];
    const int distance = __builtin_abs(up - corner), high = corner + distance, low = corner - distance;
    const uint16_t base = (uint16_t)(current[lanes * x] + up);
    // All ones to take the left neighbour, which is when left is not strictly between `low` and `high` (the sums
    // fit an int: every value is a 16-bit one). A mask, not a branch, which noisy rows would mispredict: the empty
    // barrier hides from the compiler that it is a boolean it could turn back into a branch.
    int take_left = 0 - ((left >= high) | (left <= low));
    __asm__("" : "+r"(take_left));
    const uint16_t value = (uint16_t)(base + ((left - up) & take_left));
    current[lanes * x] = value;
    choices[x] = (uint16_t)take_left;
    left = (int16_t)value;
  }
  if (lanes == 3) {
    // The other two lanes side by side: value = residual + up + ((left - up) & choice).
    uint16_t west1 = current[1], west2 = current[2];
    for (size_t x = 1; x < width; x++) {
      const uint16_t take_left = choices[x], north1 = above[3 * x + 1], north2 = above[3 * x + 2];
      west1 = (uint16_t)(current[3 * x + 1] + north1 + ((uint16_t)(west1 - north1) & take_left));
      west2 = (uint16_t)(current[3 * x + 2] + north2 + ((uint16_t)(west2 - north2) & take_left));
      current[3 * x + 1] = west1;
      current[3 * x + 2] = west2;
    }
  }
}

// Adds the predictor's values to `current` (which holds the row's residuals), `lanes` (a constant where inlined)
// values per pixel; `choices` is scratch for `width` values.
INLINE void predict(
    int predictor, uint16_t *restrict current, const uint16_t *restrict above, size_t lanes, size_t width,
    uint16_t *restrict choices) {
  const size_t count = lanes * width;
  switch (predictor) {
  case 0:
    return;
  case 3:
    for (size_t i = 0; i < count; i++) current[i] = (uint16_t)(current[i] + above[i]);
    return;
  default:
    break;
  }
  // Left (2), mean (4) and gradient (1): pixel by pixel. The first pixel has no left neighbour: left keeps its
  // residual, mean and gradient take the value above.
  uint16_t left[3] = {0, 0, 0};
  for (size_t lane = 0; lane < lanes; lane++) {
    if (predictor != 2) current[lane] = (uint16_t)(current[lane] + above[lane]);
    left[lane] = current[lane];
  }
  if (predictor == 2) {
    for (size_t x = 1; x < width; x++) {
      for (size_t lane = 0; lane < lanes; lane++) {
        left[lane] = (uint16_t)(current[lanes * x + lane] + left[lane]);
        current[lanes * x + lane] = left[lane];
      }
    }
  } else if (predictor == 4) {
    for (size_t x = 1; x < width; x++) {
      for (size_t lane = 0; lane < lanes; lane++) {
        left[lane] = (uint16_t)(current[lanes * x + lane] + mean(left[lane], above[lanes * x + lane]));
        current[lanes * x + lane] = left[lane];
      }
    }
  } else {
    predict_gradient(current, above, lanes, width, choices);
  }
}

// The inverse of the reversible YCoCg transform (chroma shifted left by `shift` first), whose first output is the
// pixel's byte 0 in BGRA as stored and byte 2 in RGBA (`rgba`, a constant where inlined), the second byte 1, the
// third the other of 0 and 2; alpha is byte 3. Values outside 0...255 keep their low byte, as CoreUI's conversion
// does.
INLINE void write_colour_row(
    const uint16_t *restrict values, const uint8_t *restrict alpha, unsigned shift, int rgba, uint8_t *restrict target,
    size_t width) {
  for (size_t x = 0; x < width; x++) {
    const uint16_t luma = values[3 * x];
    const int16_t co = (int16_t)(uint16_t)(values[3 * x + 1] << shift), cg = (int16_t)(uint16_t)(values[3 * x + 2] << shift);
    const uint16_t t = (uint16_t)(luma - (uint16_t)(int16_t)(cg / 2));
    const uint8_t green = (uint8_t)((uint16_t)cg + t);
    const uint16_t blue = (uint16_t)(t - (uint16_t)(int16_t)(co / 2));
    const uint8_t red = (uint8_t)((uint16_t)co + blue);
    const uint32_t first = rgba ? (uint8_t)blue : red, third = rgba ? red : (uint8_t)blue;
    store_pixel(target + 4 * x, first | (uint32_t)green << 8 | third << 16 | (uint32_t)alpha[x] << 24);
  }
}

// Grey is clamped to 0...255, and the clamped value is what the next row predicts from.
INLINE void write_grey_row(uint16_t *restrict grey, const uint8_t *restrict alpha, int rgba, uint8_t *restrict target, size_t width) {
  for (size_t x = 0; x < width; x++) {
    const int16_t value = (int16_t)grey[x];
    const uint8_t clamped = value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
    grey[x] = clamped;
    if (rgba) {
      store_pixel(target + 4 * x, clamped * 0x010101u | (uint32_t)alpha[x] << 24);
    } else {
      target[2 * x] = clamped;
      target[2 * x + 1] = alpha[x];
    }
  }
}

// Rows `first`..<`end` of a checked tile; `lanes` (3 with `color`, else 1) and `rgba` are constants in each inlined
// copy. The row above `first` is in the scratch's first row of values (zeros above row 0), and row `end - 1` is
// left there for the next call.
INLINE void reconstruct_rows(
    const uint8_t *tile, size_t width, size_t height, int color, unsigned shift, int rgba, size_t first, size_t end,
    uint8_t *output, size_t row_bytes, uint16_t *scratch) {
  const size_t lanes = color ? 3 : 1, values = lanes * width;
  const uint8_t *alpha = tile, *predictors = tile + width * height;
  const uint8_t *high = predictors + height, *low = high + values * height;
  // Two rows of values, swapped after each row.
  uint16_t *above = scratch, *current = scratch + values, *choices = scratch + 2 * values;
  if (first == 0) memset(above, 0, values * sizeof(uint16_t));
  for (size_t y = first; y < end; y++) {
    decode_residuals(high + y * values, low + y * values, current, values);
    predict(predictors[y], current, above, lanes, width, choices);
    if (color) {
      write_colour_row(current, alpha + y * width, shift, rgba, output + y * row_bytes, width);
    } else {
      write_grey_row(current, alpha + y * width, rgba, output + y * row_bytes, width);
    }
    uint16_t *swap = above;
    above = current;
    current = swap;
  }
  if (above != scratch) memcpy(scratch, above, values * sizeof(uint16_t));
}

// One copy of the rows per pixel format and layout, so that each loop is compiled for its constants.
#define RECONSTRUCT_VARIANTS                                                                                       \
  if (color && rgba) {                                                                                             \
    reconstruct_rows(tile, width, height, 1, shift, 1, first, end, output, row_bytes, scratch);                    \
  } else if (color) {                                                                                              \
    reconstruct_rows(tile, width, height, 1, shift, 0, first, end, output, row_bytes, scratch);                    \
  } else if (rgba) {                                                                                               \
    reconstruct_rows(tile, width, height, 0, shift, 1, first, end, output, row_bytes, scratch);                    \
  } else {                                                                                                         \
    reconstruct_rows(tile, width, height, 0, shift, 0, first, end, output, row_bytes, scratch);                    \
  }

static void reconstruct_portable(
    const uint8_t *tile, size_t width, size_t height, int color, unsigned shift, int rgba, size_t first, size_t end,
    uint8_t *output, size_t row_bytes, uint16_t *scratch) {
  RECONSTRUCT_VARIANTS
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define HAS_AVX2_PATH 1
__attribute__((target("avx2"))) static void reconstruct_avx2(
    const uint8_t *tile, size_t width, size_t height, int color, unsigned shift, int rgba, size_t first, size_t end,
    uint8_t *output, size_t row_bytes, uint16_t *scratch) {
  RECONSTRUCT_VARIANTS
}
#endif

// Checks every size against the buffers, and the predictor bytes of rows `first`..<`end` (of every row when `first`
// is 0, so that a tile with a bad predictor anywhere is refused before any row is written).
static ccar_deepmap_status check(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, int rgba, size_t first, size_t end,
    const uint8_t *output, size_t output_size, size_t row_bytes, const int16_t *scratch, size_t scratch_values,
    size_t *bad_row) {
  const size_t lanes = color ? 3 : 1, pixel_bytes = rgba || color ? 4 : 2;
  const size_t needed = ccar_deepmap_predicted_tile_size(width, height, lanes);
  const size_t scratch_needed = ccar_deepmap_scratch_values(width, lanes);
  size_t row_pixels, last_row_start;
  if (!tile || !output || !scratch || width == 0 || height == 0 || needed == 0 || tile_size < needed ||
      scratch_needed == 0 || scratch_values < scratch_needed || __builtin_mul_overflow(width, pixel_bytes, &row_pixels) ||
      row_bytes < row_pixels || __builtin_mul_overflow(height - 1, row_bytes, &last_row_start) ||
      output_size < row_pixels || output_size - row_pixels < last_row_start || first >= end || end > height)
    return CCAR_DEEPMAP_BAD_ARGUMENT;
  const uint8_t *predictors = tile + width * height;
  for (size_t y = first; y < (first == 0 ? height : end); y++) {
    if (predictors[y] > 4) {
      if (bad_row) *bad_row = y;
      return CCAR_DEEPMAP_BAD_PREDICTOR;
    }
  }
  return CCAR_DEEPMAP_OK;
}

ccar_deepmap_status ccar_deepmap_reconstruct_predicted_rows(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    size_t first, size_t end, uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch,
    size_t scratch_values, size_t *bad_row) {
  const ccar_deepmap_status status = check(
      tile, tile_size, width, height, color, rgba, first, end, output, output_size, row_bytes, scratch, scratch_values, bad_row);
  if (status != CCAR_DEEPMAP_OK) return status;
  const unsigned shift = chroma_shift & 15;
  color = color != 0;
  rgba = rgba != 0;
#ifdef HAS_AVX2_PATH
  if (__builtin_cpu_supports("avx2")) {
    reconstruct_avx2(tile, width, height, color, shift, rgba, first, end, output, row_bytes, (uint16_t *)scratch);
    return CCAR_DEEPMAP_OK;
  }
#endif
  reconstruct_portable(tile, width, height, color, shift, rgba, first, end, output, row_bytes, (uint16_t *)scratch);
  return CCAR_DEEPMAP_OK;
}

ccar_deepmap_status ccar_deepmap_reconstruct_predicted(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch, size_t scratch_values, size_t *bad_row) {
  return ccar_deepmap_reconstruct_predicted_rows(
      tile, tile_size, width, height, color, chroma_shift, rgba, 0, height, output, output_size, row_bytes, scratch,
      scratch_values, bad_row);
}

ccar_deepmap_status ccar_deepmap_reconstruct_predicted_portable(
    const uint8_t *tile, size_t tile_size, size_t width, size_t height, int color, unsigned chroma_shift, int rgba,
    uint8_t *output, size_t output_size, size_t row_bytes, int16_t *scratch, size_t scratch_values, size_t *bad_row) {
  const ccar_deepmap_status status = check(
      tile, tile_size, width, height, color, rgba, 0, height, output, output_size, row_bytes, scratch, scratch_values, bad_row);
  if (status != CCAR_DEEPMAP_OK) return status;
  reconstruct_portable(tile, width, height, color != 0, chroma_shift & 15, rgba != 0, 0, height, output, row_bytes, (uint16_t *)scratch);
  return CCAR_DEEPMAP_OK;
}
