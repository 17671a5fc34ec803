// deepmap2 mode 2's tile kernel (include/ccar_deepmap2_predict.h): the same bytes as the plain per-value Swift it
// replaced (kept as the reference in Deepmap2PredictedKernelTests), a few times faster. Each row's lane values are
// kept in planes (one array per lane: Y, Co, Cg or grey), so every loop below runs along contiguous 16-bit values,
// branch-free, which the compiler vectorizes; column 0 (no left neighbour) is done apart, before each loop.
//
// Value ranges (why 16 bits are enough): a lane value lies in -255...255, so a difference from any prediction lies
// in -510...510, its zig-zag code below 1024 and a row's cost below 2^31 for the 65,535 pixels of deepmap2's widths.

#include "ccar_deepmap2_predict.h"

enum { predictor_count = 5 };

static inline int16_t magnitude(int16_t value) { return value < 0 ? (int16_t)-value : value; }

// What the mean predictor gives: (left + up + 1) / 2, rounded toward zero (C's division), as the decoder has it.
static inline int16_t mean(int16_t left, int16_t up) { return (int16_t)((left + up + 1) / 2); }

// The stored residual: 2d for d >= 0, 2|d| + 1 below.
static inline uint16_t zigzag(int16_t delta) {
    return delta < 0 ? (uint16_t)((-2 * delta) | 1) : (uint16_t)(2 * delta);
}

// Whether the gradient predictor takes the left neighbour at column x > 0 (else the one above), judged on the first
// lane: the neighbour along the smaller gradient.
static inline int takes_left(const int16_t *current0, const int16_t *above0, size_t x) {
    int16_t corner = above0[x - 1];
    return magnitude((int16_t)(above0[x] - corner)) <= magnitude((int16_t)(current0[x - 1] - corner));
}

// A row's lane values into `planes` (lane l at planes + l * width) and its alpha bytes into `alpha`.
static void lane_values(const uint8_t *source, size_t width, size_t bytes_per_pixel, int16_t *planes, uint8_t *alpha) {
    if (bytes_per_pixel == 4) {
        int16_t *y_plane = planes, *co_plane = planes + width, *cg_plane = planes + 2 * width;
        for (size_t x = 0; x < width; x++) {
            // The reversible YCoCg of bytes 0, 1, 2; divisions toward zero, as the decoder inverts them.
            int16_t first = source[4 * x], second = source[4 * x + 1], third = source[4 * x + 2];
            int16_t co = (int16_t)(first - third);
            int16_t t = (int16_t)(third + co / 2);
            int16_t cg = (int16_t)(second - t);
            y_plane[x] = (int16_t)(t + cg / 2);
            co_plane[x] = co;
            cg_plane[x] = cg;
            alpha[x] = source[4 * x + 3];
        }
    } else {
        for (size_t x = 0; x < width; x++) {
            planes[x] = source[2 * x];
            alpha[x] = source[2 * x + 1];
        }
    }
}

// Adds to `costs` the sum of residual magnitudes, per predictor, of one lane of the row (`current`, `above`), with
// the gradient predictor's choice judged on lane 0 (`current0`, `above0`).
static void add_costs(
    const int16_t *current, const int16_t *above, const int16_t *current0, const int16_t *above0, size_t width,
    int32_t costs[predictor_count]) {
    // Column 0: none 0, gradient up, left 0, up up, mean up.
    int16_t first = current[0];
    int32_t none = magnitude(first), from_up = magnitude((int16_t)(first - above[0]));
    int32_t gradient = from_up, left = none, up = from_up, average = from_up;
    for (size_t x = 1; x < width; x++) {
        int16_t value = current[x], west = current[x - 1], north = above[x];
        int16_t along = takes_left(current0, above0, x) ? west : north;
        none += magnitude(value);
        gradient += magnitude((int16_t)(value - along));
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
static void lane_residuals(
    int predictor, const int16_t *current, const int16_t *above, const int16_t *current0, const int16_t *above0,
    size_t width, uint16_t *residuals) {
    switch (predictor) {
    case 0:
        for (size_t x = 0; x < width; x++) residuals[x] = zigzag(current[x]);
        break;
    case 1:
        residuals[0] = zigzag((int16_t)(current[0] - above[0]));
        for (size_t x = 1; x < width; x++) {
            int16_t along = takes_left(current0, above0, x) ? current[x - 1] : above[x];
            residuals[x] = zigzag((int16_t)(current[x] - along));
        }
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

int ccar_deepmap2_predicted_tile(
    const uint8_t *pixels, size_t width, size_t rows, size_t bytes_per_pixel, int16_t *scratch, uint8_t *tile) {
    if (width == 0 || rows == 0 || (bytes_per_pixel != 2 && bytes_per_pixel != 4)) return -1;
    const size_t lanes = bytes_per_pixel == 4 ? 3 : 1, values = lanes * width;
    uint8_t *alpha = tile, *predictors = alpha + width * rows;
    uint8_t *high = predictors + rows, *low = high + values * rows;
    int16_t *above = scratch, *current = scratch + values;
    uint16_t *residuals = (uint16_t *)(scratch + 2 * values);
    for (size_t i = 0; i < values; i++) above[i] = 0;
    for (size_t y = 0; y < rows; y++) {
        lane_values(pixels + y * width * bytes_per_pixel, width, bytes_per_pixel, current, alpha + y * width);
        int32_t costs[predictor_count] = {0, 0, 0, 0, 0};
        for (size_t lane = 0; lane < lanes; lane++) {
            add_costs(current + lane * width, above + lane * width, current, above, width, costs);
        }
        int predictor = 0;
        for (int candidate = 1; candidate < predictor_count; candidate++) {
            if (costs[candidate] < costs[predictor]) predictor = candidate;
        }
        predictors[y] = (uint8_t)predictor;
        for (size_t lane = 0; lane < lanes; lane++) {
            lane_residuals(predictor, current + lane * width, above + lane * width, current, above, width, residuals + lane * width);
        }
        // Back to the format's order, lanes interleaved per pixel, high bytes and low bytes apart.
        uint8_t *row_high = high + y * values, *row_low = low + y * values;
        if (lanes == 1) {
            for (size_t x = 0; x < width; x++) {
                row_high[x] = (uint8_t)(residuals[x] >> 8);
                row_low[x] = (uint8_t)residuals[x];
            }
        } else {
            const uint16_t *y_lane = residuals, *co_lane = residuals + width, *cg_lane = residuals + 2 * width;
            for (size_t x = 0; x < width; x++) {
                row_high[3 * x] = (uint8_t)(y_lane[x] >> 8);
                row_high[3 * x + 1] = (uint8_t)(co_lane[x] >> 8);
                row_high[3 * x + 2] = (uint8_t)(cg_lane[x] >> 8);
                row_low[3 * x] = (uint8_t)y_lane[x];
                row_low[3 * x + 1] = (uint8_t)co_lane[x];
                row_low[3 * x + 2] = (uint8_t)cg_lane[x];
            }
        }
        int16_t *swap = above;
        above = current;
        current = swap;
    }
    return 0;
}
