// deepmap2 mode 2's tile kernel (include/ccar_deepmap2_predict.h): the same bytes as the plain per-value Swift it
// replaced (kept as the reference in Deepmap2PredictedKernelTests), many times faster. Each row's lane values are
// kept in planes (one array per lane: Y, Co, Cg or grey), so every loop below runs along contiguous 16-bit values,
// branch-free, which the compiler vectorizes; column 0 (no left neighbour) is done apart, before each loop.
//
// The kernel is compiled twice from the one body (`predicted_tile`, inlined into both): for the baseline x86-64 target
// (SSE2) and, on x86-64, for AVX2 (twice the vector width; the lanes' final interleave with byte shuffles), chosen at
// run time by what the CPU supports. Both do the same integer arithmetic, so they give the same bytes (the tests hold
// both to the Swift reference).
//
// Value ranges (why 16 bits are enough): a lane value lies in -255...255, so a difference from any prediction lies
// in -510...510, its zig-zag code below 1024 and a row's cost below 2^31 for the 65,535 pixels of deepmap2's widths.

#include "ccar_deepmap2_predict.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define INLINE static inline __attribute__((always_inline))

enum { predictor_count = 5 };

INLINE int16_t magnitude(int16_t value) { return value < 0 ? (int16_t)-value : value; }

// What the mean predictor gives: (left + up + 1) / 2, rounded toward zero (C's division), as the decoder has it.
INLINE int16_t mean(int16_t left, int16_t up) { return (int16_t)((left + up + 1) / 2); }

// The stored residual: 2d for d >= 0, 2|d| + 1 below.
INLINE uint16_t zigzag(int16_t delta) {
    return delta < 0 ? (uint16_t)((-2 * delta) | 1) : (uint16_t)(2 * delta);
}

// Where the gradient predictor takes the left neighbour at column x > 0 (-1; else 0, the one above), judged on the
// first lane: the neighbour along the smaller gradient. Computed once per row for every lane's costs and residuals.
INLINE void left_mask(const int16_t *restrict current0, const int16_t *restrict above0, size_t width, int16_t *restrict mask) {
    mask[0] = 0;
    for (size_t x = 1; x < width; x++) {
        int16_t corner = above0[x - 1];
        mask[x] = (int16_t)-(magnitude((int16_t)(above0[x] - corner)) <= magnitude((int16_t)(current0[x - 1] - corner)));
    }
}

// The gradient predictor's neighbour under `mask` (-1: left, 0: up).
INLINE int16_t along(int16_t mask, int16_t west, int16_t north) { return (int16_t)((west & mask) | (north & ~mask)); }

// A row's lane values into `planes` (lane l at planes + l * width) and its alpha bytes into `alpha`. Each BGRA pixel
// is read as one 32-bit word so that the loop vectorizes.
// With `chroma_shift` 1 (deepmap quality 1, lossy) Co and Cg are halved, toward zero as C divides, which is what
// the decoder's left shift gives back within one step (the luma is the lossless one: Xcode's records decode so).
INLINE void lane_values(
    const uint8_t *restrict source, size_t width, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *restrict planes,
    uint8_t *restrict alpha) {
    // Toward zero without a division, so the loop stays branch-free: a negative value gets 2^shift - 1 added first.
    const int16_t rounding = (int16_t)((1 << chroma_shift) - 1);
    if (bytes_per_pixel == 4) {
        int16_t *restrict y_plane = planes, *restrict co_plane = planes + width, *restrict cg_plane = planes + 2 * width;
        for (size_t x = 0; x < width; x++) {
            uint32_t pixel;
            memcpy(&pixel, source + 4 * x, 4);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
            pixel = __builtin_bswap32(pixel);
#endif
            // The reversible YCoCg of bytes 0, 1, 2; divisions toward zero, as the decoder inverts them.
            int16_t first = (int16_t)(pixel & 0xFF), second = (int16_t)(pixel >> 8 & 0xFF), third = (int16_t)(pixel >> 16 & 0xFF);
            int16_t co = (int16_t)(first - third);
            int16_t t = (int16_t)(third + co / 2);
            int16_t cg = (int16_t)(second - t);
            y_plane[x] = (int16_t)(t + cg / 2);
            co_plane[x] = (int16_t)((co + ((co >> 15) & rounding)) >> chroma_shift);
            cg_plane[x] = (int16_t)((cg + ((cg >> 15) & rounding)) >> chroma_shift);
            alpha[x] = (uint8_t)(pixel >> 24);
        }
    } else {
        for (size_t x = 0; x < width; x++) {
            planes[x] = source[2 * x];
            alpha[x] = source[2 * x + 1];
        }
    }
}

// Adds to `costs` the sum of residual magnitudes, per predictor, of one lane of the row (`current`, `above`), with
// the gradient predictor's neighbour chosen by `mask` (left_mask).
INLINE void add_costs(
    const int16_t *restrict current, const int16_t *restrict above, const int16_t *restrict mask, size_t width,
    int32_t costs[predictor_count]) {
    // Column 0: none 0, gradient up, left 0, up up, mean up.
    int16_t first = current[0];
    int32_t none = magnitude(first), from_up = magnitude((int16_t)(first - above[0]));
    int32_t gradient = from_up, left = none, up = from_up, average = from_up;
    for (size_t x = 1; x < width; x++) {
        int16_t value = current[x], west = current[x - 1], north = above[x];
        none += magnitude(value);
        gradient += magnitude((int16_t)(value - along(mask[x], west, north)));
        left += magnitude((int16_t)(value - west));
        up += magnitude((int16_t)(value - north));
        average += magnitude((int16_t)(value - mean(west, north)));
    }
    costs[0] += none;
    costs[1] += gradient;
    costs[2] += left;
    costs[3] += up;
    costs[4] += average;
}

// One lane's zig-zag residuals under `predictor` into `residuals`.
INLINE void lane_residuals(
    int predictor, const int16_t *restrict current, const int16_t *restrict above, const int16_t *restrict mask,
    size_t width, uint16_t *restrict residuals) {
    switch (predictor) {
    case 0:
        for (size_t x = 0; x < width; x++) residuals[x] = zigzag(current[x]);
        break;
    case 1:
        residuals[0] = zigzag((int16_t)(current[0] - above[0]));
        for (size_t x = 1; x < width; x++) residuals[x] = zigzag((int16_t)(current[x] - along(mask[x], current[x - 1], above[x])));
        break;
    case 2:
        residuals[0] = zigzag(current[0]);
        for (size_t x = 1; x < width; x++) residuals[x] = zigzag((int16_t)(current[x] - current[x - 1]));
        break;
    case 3:
        for (size_t x = 0; x < width; x++) residuals[x] = zigzag((int16_t)(current[x] - above[x]));
        break;
    default:
        residuals[0] = zigzag((int16_t)(current[0] - above[0]));
        for (size_t x = 1; x < width; x++) residuals[x] = zigzag((int16_t)(current[x] - mean(current[x - 1], above[x])));
        break;
    }
}

// The three lanes' residuals into the format's order, lanes interleaved per pixel, high bytes and low bytes apart.
INLINE void interleave_scalar(const uint16_t *restrict residuals, size_t width, size_t from, uint8_t *restrict row_high, uint8_t *restrict row_low) {
    const uint16_t *y_lane = residuals, *co_lane = residuals + width, *cg_lane = residuals + 2 * width;
    for (size_t x = from; x < width; x++) {
        row_high[3 * x] = (uint8_t)(y_lane[x] >> 8);
        row_high[3 * x + 1] = (uint8_t)(co_lane[x] >> 8);
        row_high[3 * x + 2] = (uint8_t)(cg_lane[x] >> 8);
        row_low[3 * x] = (uint8_t)y_lane[x];
        row_low[3 * x + 1] = (uint8_t)co_lane[x];
        row_low[3 * x + 2] = (uint8_t)cg_lane[x];
    }
}

#if defined(__x86_64__)
// The same interleave 16 pixels at a time with byte shuffles (SSSE3, part of every AVX2 CPU): each lane's 16 bytes
// spread to every third byte of 48 and the three ORed; the pixels past the last 16 by the scalar loop.
__attribute__((target("avx2"))) static inline void interleave_shuffled(
    const uint16_t *restrict residuals, size_t width, uint8_t *restrict row_high, uint8_t *restrict row_low) {
    const uint16_t *y_lane = residuals, *co_lane = residuals + width, *cg_lane = residuals + 2 * width;
    // Byte i of output block b takes lane (3b + i) % 3's byte (16b + i) / 3; -1 (0x80) writes zero.
    __m128i spread[3][3];
    for (int block = 0; block < 3; block++) {
        for (int lane = 0; lane < 3; lane++) {
            int8_t indices[16];
            for (int i = 0; i < 16; i++) {
                int at = 16 * block + i;
                indices[i] = at % 3 == lane ? (int8_t)(at / 3) : (int8_t)-1;
            }
            spread[block][lane] = _mm_loadu_si128((const __m128i *)indices);
        }
    }
    const __m128i low_byte = _mm_set1_epi16(0xFF);
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i high[3], low[3];
        const uint16_t *lanes[3] = {y_lane + x, co_lane + x, cg_lane + x};
        for (int lane = 0; lane < 3; lane++) {
            __m128i first = _mm_loadu_si128((const __m128i *)lanes[lane]), second = _mm_loadu_si128((const __m128i *)(lanes[lane] + 8));
            high[lane] = _mm_packus_epi16(_mm_srli_epi16(first, 8), _mm_srli_epi16(second, 8));
            low[lane] = _mm_packus_epi16(_mm_and_si128(first, low_byte), _mm_and_si128(second, low_byte));
        }
        for (int block = 0; block < 3; block++) {
            __m128i h = _mm_or_si128(
                _mm_or_si128(_mm_shuffle_epi8(high[0], spread[block][0]), _mm_shuffle_epi8(high[1], spread[block][1])),
                _mm_shuffle_epi8(high[2], spread[block][2]));
            __m128i l = _mm_or_si128(
                _mm_or_si128(_mm_shuffle_epi8(low[0], spread[block][0]), _mm_shuffle_epi8(low[1], spread[block][1])),
                _mm_shuffle_epi8(low[2], spread[block][2]));
            _mm_storeu_si128((__m128i *)(row_high + 3 * x + 16 * block), h);
            _mm_storeu_si128((__m128i *)(row_low + 3 * x + 16 * block), l);
        }
    }
    interleave_scalar(residuals, width, x, row_high, row_low);
}
#endif

// The whole kernel, inlined into each compiled form; `shuffled` picks the AVX2 form's interleave.
INLINE int predicted_tile(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *scratch, uint8_t *tile,
    int shuffled) {
    if (width == 0 || rows == 0 || (bytes_per_pixel != 2 && bytes_per_pixel != 4) || chroma_shift > 1) return -1;
    const size_t lanes = bytes_per_pixel == 4 ? 3 : 1, values = lanes * width;
    uint8_t *alpha = tile, *predictors = alpha + width * rows;
    uint8_t *high = predictors + rows, *low = high + values * rows;
    int16_t *above = scratch, *current = scratch + values, *mask = scratch + 3 * values;
    uint16_t *residuals = (uint16_t *)(scratch + 2 * values);
    for (size_t i = 0; i < values; i++) above[i] = 0;
    for (size_t y = 0; y < rows; y++) {
        lane_values(pixels + y * width * bytes_per_pixel, width, bytes_per_pixel, chroma_shift, current, alpha + y * width);
        left_mask(current, above, width, mask);
        int32_t costs[predictor_count] = {0, 0, 0, 0, 0};
        for (size_t lane = 0; lane < lanes; lane++) add_costs(current + lane * width, above + lane * width, mask, width, costs);
        int predictor = 0;
        for (int candidate = 1; candidate < predictor_count; candidate++) {
            if (costs[candidate] < costs[predictor]) predictor = candidate;
        }
        predictors[y] = (uint8_t)predictor;
        for (size_t lane = 0; lane < lanes; lane++) {
            lane_residuals(predictor, current + lane * width, above + lane * width, mask, width, residuals + lane * width);
        }
        // Back to the format's order, lanes interleaved per pixel, high bytes and low bytes apart.
        uint8_t *row_high = high + y * values, *row_low = low + y * values;
        if (lanes == 1) {
            for (size_t x = 0; x < width; x++) {
                row_high[x] = (uint8_t)(residuals[x] >> 8);
                row_low[x] = (uint8_t)residuals[x];
            }
        } else {
#if defined(__x86_64__)
            if (shuffled) interleave_shuffled(residuals, width, row_high, row_low);
            else interleave_scalar(residuals, width, 0, row_high, row_low);
#else
            (void)shuffled;
            interleave_scalar(residuals, width, 0, row_high, row_low);
#endif
        }
        int16_t *swap = above;
        above = current;
        current = swap;
    }
    return 0;
}

static int predicted_tile_baseline(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *scratch, uint8_t *tile) {
    return predicted_tile(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int predicted_tile_avx2(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *scratch, uint8_t *tile) {
    return predicted_tile(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile, 1);
}
#endif

int ccar_deepmap2_avx2_available(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int ccar_deepmap2_predicted_tile_using(
    ccar_deepmap2_form form, const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift,
    int16_t *scratch, uint8_t *tile) {
    switch (form) {
    case CCAR_DEEPMAP2_BASELINE:
        return predicted_tile_baseline(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile);
    case CCAR_DEEPMAP2_AVX2:
#if defined(__x86_64__)
        if (ccar_deepmap2_avx2_available()) return predicted_tile_avx2(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile);
#endif
        return -2;
    }
    return -2;
}

int ccar_deepmap2_predicted_tile(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, unsigned chroma_shift, int16_t *scratch, uint8_t *tile) {
#if defined(__x86_64__)
    if (ccar_deepmap2_avx2_available()) return predicted_tile_avx2(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile);
#endif
    return predicted_tile_baseline(pixels, width, rows, bytes_per_pixel, chroma_shift, scratch, tile);
}
