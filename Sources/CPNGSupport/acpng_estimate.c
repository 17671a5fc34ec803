/*
 * A cheap estimate of how small an optimizer could make a PNG's image data,
 * for the audit's unoptimized-png rule: re-encoding a file for real (every
 * filter strategy at zlib level 9) costs hundreds of times more than reading
 * it, so the rule re-encodes only files this estimate says could shrink.
 *
 * The estimate models what an optimizer does with data that holds no long
 * repeats: it filters each row with the filter whose residuals have the
 * smallest sum of magnitudes (libpng's own heuristic) and Huffman-codes the
 * residuals, which costs about their order-0 entropy. So the estimate is the
 * entropy of the chosen residuals, measured on a sample of rows, times the size
 * of the image data. It gives no credit for repeated strings (LZ77 matches);
 * the rule allows for that with a margin, and re-encodes stored (uncompressed)
 * data regardless, since those repeats are where stored data gains most.
 *
 * Cost: one pass over the sampled rows that sums the five filters' residual
 * magnitudes (SSE2, sixteen bytes at a time; scalar elsewhere) and one
 * histogram pass. Images up to 4 KiB of samples are sampled whole; larger ones
 * every n-th row, keeping at least 2 KiB and an eighth of the data.
 */
#include "acpng_internal.h"

#include <pthread.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* log2 to about 1e-4, without a libm call: an image's histogram needs up to
 * 256 of them, and a catalog has tens of thousands of images. */
static double acpng_fast_log2(double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    const int exponent = (int)((bits >> 52) & 0x7FF) - 1023;
    bits = (bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull; /* mantissa in [1, 2) */
    double m;
    memcpy(&m, &bits, sizeof m);
    /* log2(m) for m in [1, 2): t = (m - 1) / (m + 1), log2(m) = 2/ln2 * atanh(t). */
    const double t = (m - 1.0) / (m + 1.0);
    const double t2 = t * t;
    const double series = t * (1.0 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7))));
    return exponent + 2.8853900817779268 * series;
}

/* count * log2(count) for the counts of a small sample, computed once: the
 * entropy of each image's sample sums 256 of them. */
#define ACPNG_COUNT_LOG_TABLE 4096
static double acpng_count_log[ACPNG_COUNT_LOG_TABLE];
static pthread_once_t acpng_count_log_once = PTHREAD_ONCE_INIT;

static void acpng_fill_count_log(void) {
    acpng_count_log[0] = 0;
    for (int count = 1; count < ACPNG_COUNT_LOG_TABLE; count++) {
        acpng_count_log[count] = (double)count * acpng_fast_log2((double)count);
    }
}

/* Magnitude of a residual taken as a signed byte, as libpng's heuristic does. */
static inline unsigned acpng_magnitude(uint8_t residual) {
    int value = (int8_t)residual;
    return (unsigned)(value < 0 ? -value : value);
}

static inline uint8_t acpng_paeth(int a, int b, int c) {
    int pa = b - c, pb = a - c;
    int pc = pa + pb;
    if (pa < 0) pa = -pa;
    if (pb < 0) pb = -pb;
    if (pc < 0) pc = -pc;
    return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

/* The residual of filter type `filter` for byte i of row (prior: the row above). */
static inline uint8_t acpng_residual(const uint8_t *row, const uint8_t *prior, size_t i,
                                     size_t bpp, unsigned filter) {
    const int a = i >= bpp ? row[i - bpp] : 0;
    const int b = prior[i];
    const int c = i >= bpp ? prior[i - bpp] : 0;
    switch (filter) {
    case 1: return (uint8_t)(row[i] - a);
    case 2: return (uint8_t)(row[i] - b);
    case 3: return (uint8_t)(row[i] - ((a + b) >> 1));
    case 4: return (uint8_t)(row[i] - acpng_paeth(a, b, c));
    default: return row[i];
    }
}

#if defined(__SSE2__)
/* Sixteen residual magnitudes at once: min(r, -r) as unsigned bytes is the
 * magnitude of r read as a signed byte; psadbw adds them up. */
static inline __m128i acpng_magnitudes(__m128i residual) {
    return _mm_min_epu8(residual, _mm_sub_epi8(_mm_setzero_si128(), residual));
}

static inline __m128i acpng_abs16(__m128i value) {
    const __m128i sign = _mm_srai_epi16(value, 15);
    return _mm_sub_epi16(_mm_xor_si128(value, sign), sign);
}

/* Paeth predictions for eight pixels' bytes held in 16-bit lanes. */
static inline __m128i acpng_paeth16(__m128i a, __m128i b, __m128i c) {
    const __m128i pa = acpng_abs16(_mm_sub_epi16(b, c));
    const __m128i pb = acpng_abs16(_mm_sub_epi16(a, c));
    const __m128i pc = acpng_abs16(_mm_sub_epi16(_mm_add_epi16(a, b), _mm_add_epi16(c, c)));
    /* a when pa <= pb and pa <= pc; else b when pb <= pc; else c. */
    const __m128i take_a = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc)),
                                            _mm_set1_epi16(-1));
    const __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pb, pc), _mm_set1_epi16(-1));
    const __m128i b_or_c = _mm_or_si128(_mm_and_si128(take_b, b), _mm_andnot_si128(take_b, c));
    return _mm_or_si128(_mm_and_si128(take_a, a), _mm_andnot_si128(take_a, b_or_c));
}

static inline __m128i acpng_paeth8(__m128i a, __m128i b, __m128i c) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i low = acpng_paeth16(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero),
                                      _mm_unpacklo_epi8(c, zero));
    const __m128i high = acpng_paeth16(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero),
                                       _mm_unpackhi_epi8(c, zero));
    return _mm_packus_epi16(low, high);
}

static inline uint64_t acpng_sum_sad(__m128i sad) {
    return (uint64_t)_mm_cvtsi128_si64(sad) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sad, sad));
}
#endif

void acpng_filter_magnitude_sums(const uint8_t *row, const uint8_t *prior, size_t count,
                                 size_t bpp, int scalar_only, uint64_t sums[5]) {
    for (unsigned filter = 0; filter < 5; filter++) sums[filter] = 0;
    const size_t head = bpp < count ? bpp : count;
    /* The first pixel has no left neighbour: a = c = 0. */
    for (size_t i = 0; i < head; i++) {
        for (unsigned filter = 0; filter < 5; filter++) {
            sums[filter] += acpng_magnitude(acpng_residual(row, prior, i, bpp, filter));
        }
    }
    size_t i = head;
#if defined(__SSE2__)
    if (scalar_only) goto scalar;
    __m128i none = _mm_setzero_si128(), sub = none, up = none, average = none, paeth = none;
    const __m128i zero = _mm_setzero_si128();
    const __m128i one = _mm_set1_epi8(1);
    for (; i + 16 <= count; i += 16) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(row + i));
        const __m128i a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
        const __m128i b = _mm_loadu_si128((const __m128i *)(prior + i));
        const __m128i c = _mm_loadu_si128((const __m128i *)(prior + i - bpp));
        /* floor((a + b) / 2): pavgb rounds up, so subtract the lost low bit. */
        const __m128i mean = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
        none = _mm_add_epi64(none, _mm_sad_epu8(acpng_magnitudes(x), zero));
        sub = _mm_add_epi64(sub, _mm_sad_epu8(acpng_magnitudes(_mm_sub_epi8(x, a)), zero));
        up = _mm_add_epi64(up, _mm_sad_epu8(acpng_magnitudes(_mm_sub_epi8(x, b)), zero));
        average = _mm_add_epi64(average, _mm_sad_epu8(acpng_magnitudes(_mm_sub_epi8(x, mean)), zero));
        paeth = _mm_add_epi64(
            paeth, _mm_sad_epu8(acpng_magnitudes(_mm_sub_epi8(x, acpng_paeth8(a, b, c))), zero));
    }
    sums[0] += acpng_sum_sad(none);
    sums[1] += acpng_sum_sad(sub);
    sums[2] += acpng_sum_sad(up);
    sums[3] += acpng_sum_sad(average);
    sums[4] += acpng_sum_sad(paeth);
scalar:
#else
    (void)scalar_only;
#endif
    for (; i < count; i++) {
        for (unsigned filter = 0; filter < 5; filter++) {
            sums[filter] += acpng_magnitude(acpng_residual(row, prior, i, bpp, filter));
        }
    }
}

/* Picks the filter for one row: the smallest sum of residual magnitudes
 * (libpng's heuristic). */
static unsigned acpng_pick_filter(const uint8_t *row, const uint8_t *prior, size_t count,
                                  size_t bpp) {
    uint64_t sums[5];
    acpng_filter_magnitude_sums(row, prior, count, bpp, 0, sums);
    unsigned best = 0;
    for (unsigned filter = 1; filter < 5; filter++) {
        if (sums[filter] < sums[best]) best = filter;
    }
    return best;
}

uint64_t acpng_estimate_refiltered_bytes(const uint8_t *rows, const uint8_t *zero_row,
                                         size_t row_bytes, size_t bpp, uint32_t height) {
    if (height == 0 || row_bytes == 0) return 0;
    const size_t stride = row_bytes + 1;
    const uint64_t total = (uint64_t)height * row_bytes;
    /* Every row of small images; of larger ones at least 2 KiB and an eighth. */
    uint64_t step = total / 2048;
    if (step > 8) step = 8;
    if (step < 1) step = 1;

    /* Four interleaved histograms: a run of equal residuals would otherwise
     * make every increment wait for the previous one. */
    uint32_t histogram[4][256];
    memset(histogram, 0, sizeof histogram);
    uint64_t sampled = 0;
    for (uint64_t y = 0; y < height; y += step) {
        const uint8_t *row = rows + y * stride + 1;
        const uint8_t *prior = y > 0 ? rows + (y - 1) * stride + 1 : zero_row;
        const unsigned filter = acpng_pick_filter(row, prior, row_bytes, bpp);
        size_t i = 0;
        for (; i < bpp && i < row_bytes; i++) {
            histogram[i & 3][acpng_residual(row, prior, i, bpp, filter)]++;
        }
        switch (filter) {
        case 0:
            for (; i < row_bytes; i++) histogram[i & 3][row[i]]++;
            break;
        case 1:
            for (; i < row_bytes; i++) histogram[i & 3][(uint8_t)(row[i] - row[i - bpp])]++;
            break;
        case 2:
            for (; i < row_bytes; i++) histogram[i & 3][(uint8_t)(row[i] - prior[i])]++;
            break;
        case 3:
            for (; i < row_bytes; i++) {
                histogram[i & 3][(uint8_t)(row[i] - ((row[i - bpp] + prior[i]) >> 1))]++;
            }
            break;
        default:
            for (; i < row_bytes; i++) {
                histogram[i & 3][(uint8_t)(row[i] - acpng_paeth(row[i - bpp], prior[i], prior[i - bpp]))]++;
            }
            break;
        }
        sampled += row_bytes;
    }

    /* Order-0 entropy of the sample: sum of count * log2(sampled / count), as
     * sampled * log2(sampled) - sum of count * log2(count). */
    pthread_once(&acpng_count_log_once, acpng_fill_count_log);
    double bits = (double)sampled * acpng_fast_log2((double)sampled);
    for (int symbol = 0; symbol < 256; symbol++) {
        const uint32_t count =
            histogram[0][symbol] + histogram[1][symbol] + histogram[2][symbol] + histogram[3][symbol];
        bits -= count < ACPNG_COUNT_LOG_TABLE ? acpng_count_log[count]
                                              : (double)count * acpng_fast_log2((double)count);
    }
    /* Bits per sample byte, applied to the whole image data (filter bytes
     * included: one per row, which compress to almost nothing). */
    const double per_byte = bits / (double)sampled;
    return (uint64_t)(per_byte * (double)total / 8.0) + height / 8;
}
