/*
 * CPNGSupport: the only place that talks to libpng.
 *
 * libpng reports errors with longjmp. A longjmp must never cross a Swift frame,
 * so every libpng call that can fail happens behind one of the functions below,
 * each of which owns its setjmp. Swift only ever sees plain status codes and a
 * message copied into a caller-supplied buffer.
 *
 * This header deliberately includes only standard C headers so that Swift
 * importers do not need libpng's headers on their search path.
 */
#ifndef ASSETC_CPNGSUPPORT_H
#define ASSETC_CPNGSUPPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of every fallible acpng_ function. */
typedef enum acpng_status {
    ACPNG_OK = 0,
    /* The bytes do not start with the PNG signature. */
    ACPNG_ERR_NOT_PNG = 1,
    /* width * height exceeds the caller's max_pixels (checked before any pixel
     * buffer is allocated). */
    ACPNG_ERR_TOO_LARGE = 2,
    /* Structurally invalid data: CRC mismatch, zlib error, bad IHDR, missing
     * image data, ... */
    ACPNG_ERR_CORRUPT = 3,
    /* The data ended before IEND (or before the part that was requested). */
    ACPNG_ERR_TRUNCATED = 4,
    ACPNG_ERR_OUT_OF_MEMORY = 5,
    /* The caller passed inconsistent arguments (bad dimensions, short buffer). */
    ACPNG_ERR_INVALID_ARGUMENT = 6,
    /* Valid input this function deliberately does not handle (acpng_optimize:
     * animated PNGs, whose frames libpng would drop). */
    ACPNG_ERR_UNSUPPORTED = 7
} acpng_status;

/* PNG colour types, same values as the PNG specification. */
enum {
    ACPNG_COLOR_GRAY = 0,
    ACPNG_COLOR_RGB = 2,
    ACPNG_COLOR_PALETTE = 3,
    ACPNG_COLOR_GRAY_ALPHA = 4,
    ACPNG_COLOR_RGBA = 6
};

/* Filter selection for the encoder (bit mask, same values as libpng's
 * PNG_FILTER_* so they can be passed straight through). 0 means libpng's
 * default (adaptive over all filters). */
enum {
    ACPNG_FILTER_NONE = 0x08,
    ACPNG_FILTER_SUB = 0x10,
    ACPNG_FILTER_UP = 0x20,
    ACPNG_FILTER_AVG = 0x40,
    ACPNG_FILTER_PAETH = 0x80,
    ACPNG_FILTER_ALL = 0xF8
};

/* Values for acpng_info.all_alpha_opaque. */
enum {
    ACPNG_OPAQUE_UNKNOWN = -1, /* pixels not decoded, or the image has no alpha */
    ACPNG_OPAQUE_NO = 0,
    ACPNG_OPAQUE_YES = 1
};

/* Values for acpng_info.icc_status. */
enum {
    ACPNG_ICC_ABSENT = 0,
    ACPNG_ICC_OK = 1,        /* icc_profile/icc_length hold the inflated profile */
    ACPNG_ICC_UNREADABLE = 2 /* chunk present but malformed or over the size cap */
};

/* Largest ICC profile acpng_inspect will inflate. Real profiles are a few KiB to
 * a few MiB; anything bigger is treated as hostile. */
#define ACPNG_MAX_ICC_PROFILE_BYTES ((size_t)16 * 1024 * 1024)

/* Fields straight from IHDR; available without libpng (see acpng_peek_header). */
typedef struct acpng_header {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    uint8_t color_type;
    uint8_t interlace_method;
} acpng_header;

/* Everything acpng_inspect learns about a file. */
typedef struct acpng_info {
    acpng_header header;
    /* Colour type with an alpha channel, or a tRNS chunk accepted by libpng. */
    uint8_t has_alpha;
    uint8_t has_trns;
    /* ACPNG_OPAQUE_*; only YES/NO when decode_pixels was requested and the
     * image has alpha. */
    int8_t all_alpha_opaque;
    /* Presence of the chunks in the file (before IDAT), independent of whether
     * libpng would accept their contents. */
    uint8_t has_srgb;
    /* 0...3 from the sRGB chunk, or -1 when absent or malformed. */
    int8_t srgb_intent;
    uint8_t has_gama;
    uint8_t has_chrm;
    /* ACPNG_ICC_*. */
    uint8_t icc_status;
    /* iCCP keyword (profile name), NUL-terminated, Latin-1 per the PNG spec. */
    char icc_name[80];
    /* Inflated profile when icc_status == ACPNG_ICC_OK; owned by the info,
     * release with acpng_info_release. */
    uint8_t *icc_profile;
    size_t icc_length;
    /* From a walk of the chunk headers up to IEND (set on success): the bytes
     * of image data (the IDAT chunks' data), and the bytes of the chunks a
     * lossless optimizer drops (everything but the critical chunks and those
     * that change how pixels are interpreted), headers and CRCs included. */
    uint64_t image_data_bytes;
    uint64_t droppable_bytes;
    /* With acpng_inspect_options.estimate_refiltering, when the fast verifier's
     * whole-buffer path checked the image data: 1 when its first deflate block
     * is stored (uncompressed), 0 when it is compressed; -1 otherwise. */
    int8_t image_data_stored;
    /* In the same case, when the image data is at least
     * acpng_inspect_options.estimate_min_data_ratio of the raw data: 1, and the
     * estimated size in bytes of the image data filtered anew (each row with
     * the filter a heuristic picks) and entropy-coded, with no credit for
     * repeated strings. 0 and 0 otherwise. See acpng_estimate.c. */
    uint8_t has_refiltered_estimate;
    uint64_t refiltered_estimate_bytes;
} acpng_info;

/* A growable byte buffer produced by the encoders; release with acpng_free. */
typedef struct acpng_buffer {
    uint8_t *data;
    size_t length;
    size_t capacity;
} acpng_buffer;

/* Encoder options. Zero-initialise, then set what you need. */
typedef struct acpng_encode_options {
    /* zlib level 0...9; values outside the range are clamped. */
    int compression_level;
    /* ACPNG_FILTER_* mask; 0 selects libpng's adaptive default. */
    int filters;
    /* Non-zero when the pixels carry premultiplied alpha that must be
     * un-premultiplied before encoding (PNG stores straight alpha). */
    int unpremultiply;
    /* Non-zero to write an sRGB chunk with srgb_intent (0...3). */
    int write_srgb;
    int srgb_intent;
    /* Optional iCCP passthrough: both non-NULL/non-zero to write it. libpng
     * validates the profile; a malformed one makes encoding fail. */
    const char *icc_name;
    const uint8_t *icc_profile;
    size_t icc_length;
    /* Bits per sample: 0 or 8 for 8-bit samples, 16 for 16-bit samples given
     * big-endian (PNG's order), two bytes each. unpremultiply applies to 8-bit
     * samples only: 16-bit ones must already carry straight alpha. */
    int bit_depth;
} acpng_encode_options;

/* Frees memory handed out by this library. NULL is fine. */
void acpng_free(void *pointer);

/* Releases the ICC profile owned by info (safe to call more than once). */
void acpng_info_release(acpng_info *info);

/*
 * Reads the signature and IHDR fields without libpng and without allocating.
 * Only checks structure (signature, first chunk is a 13-byte IHDR); libpng
 * validates the values later.
 */
acpng_status acpng_peek_header(const void *data, size_t length,
                               acpng_header *header);

/*
 * acpng_peek_header plus the checks every entry point starts with: IHDR sides
 * must be 1...2^31-1 and width * height must not exceed max_pixels
 * (ACPNG_ERR_TOO_LARGE). Fills message on failure; no allocation.
 */
acpng_status acpng_check_header(const void *data, size_t length,
                                uint64_t max_pixels, acpng_header *header,
                                char *message, size_t message_capacity);

/*
 * Inspects a PNG held in memory.
 *
 * Always reads up to the first IDAT. When decode_pixels is non-zero all image
 * data is inflated and the file is read up to IEND, so CRC errors, zlib errors,
 * bad filter types and truncation are reported as errors; the alpha channel (or
 * tRNS) is checked for full opacity on the way. Non-interlaced images take the
 * fast verifier (see acpng_inspect_with_options), interlaced ones are decoded by
 * libpng one row buffer at a time.
 *
 * max_pixels bounds width * height and is checked from IHDR before libpng is
 * even started. On ACPNG_ERR_TOO_LARGE, info->header still holds the IHDR
 * fields. On success the caller must call acpng_info_release(info).
 */
acpng_status acpng_inspect(const void *data, size_t length, int decode_pixels,
                           uint64_t max_pixels, acpng_info *info,
                           char *message, size_t message_capacity);

/* Options for acpng_inspect_with_options. Zero-initialise, then set what you
 * need. */
typedef struct acpng_inspect_options {
    /* As acpng_inspect's decode_pixels and max_pixels. */
    int decode_pixels;
    uint64_t max_pixels;
    /* Diagnostics and tests: non-zero sends a full decode of a non-interlaced
     * image through libpng row by row instead of the fast verifier (the
     * results are the same; the fast verifier inflates into large buffers). */
    int force_libpng;
    /* Tests: the fast verifier's output buffer size in bytes; 0 selects the
     * default (256 KiB, or the whole image when smaller). It is raised to one
     * row when rows must be unfiltered. */
    size_t verify_buffer_bytes;
    /* Tests: non-zero makes the fast verifier inflate with zlib in pieces
     * (the streaming path) even when the image data would fit one buffer. */
    int streaming_inflate;
    /* Non-zero fills acpng_info.image_data_stored and, for image data that is
     * at least estimate_min_data_ratio of the raw data (weakly compressed),
     * refiltered_estimate_bytes (a pass over a sample of the rows). */
    int estimate_refiltering;
    double estimate_min_data_ratio;
    /* Set by the call: 1 when the fast verifier checked the image data, 0 when
     * libpng did (or pixels were not decoded). */
    int used_fast_verifier;
    /* Set by the call: 1 when the fast verifier's whole-buffer path (libdeflate,
     * one call) proved the image data sound, 0 otherwise. */
    int used_whole_buffer;
} acpng_inspect_options;

/*
 * acpng_inspect with options. With decode_pixels, non-interlaced images are
 * verified by walking the chunks from the first IDAT to IEND over the buffer
 * (every CRC checked) and inflating the image data in one call with libdeflate
 * (up to 64 MiB of image data), or with zlib into large buffers when it is
 * larger or the one-call pass finds anything wrong (then zlib's pass decides
 * and words the error); rows are only unfiltered when the opacity must be
 * determined.
 * Interlaced images, and everything before the first IDAT, go through libpng.
 * Results (status, info fields) are those of the libpng row-by-row path.
 */
acpng_status acpng_inspect_with_options(const void *data, size_t length,
                                        acpng_inspect_options *options,
                                        acpng_info *info, char *message,
                                        size_t message_capacity);

/*
 * Tests: for one row (count bytes, prior the row above, bpp bytes per pixel),
 * the sums of the residual magnitudes (as signed bytes) of the five filter
 * types, in filter type order, as the recompression estimate picks filters by.
 * scalar_only != 0 skips the vector code, so the two can be compared.
 */
void acpng_filter_magnitude_sums(const uint8_t *row, const uint8_t *prior, size_t count,
                                 size_t bpp, int scalar_only, uint64_t sums[5]);

/*
 * Decodes to 8-bit RGBA (row-major, width * 4 bytes per row) into a buffer
 * the caller supplies: output_capacity must be at least width * height * 4
 * (use acpng_peek_header to size it). Palette, gray, 16-bit, tRNS and interlaced
 * images are all converted. premultiply != 0 premultiplies colour by alpha.
 * width/height receive the dimensions (also on ACPNG_ERR_TOO_LARGE).
 */
acpng_status acpng_decode_rgba8_into(const void *data, size_t length,
                                     int premultiply, uint64_t max_pixels,
                                     uint8_t *output, size_t output_capacity,
                                     uint32_t *width, uint32_t *height,
                                     char *message, size_t message_capacity);

/*
 * acpng_decode_rgba8_into with the rows stride bytes apart (stride >= width * 4;
 * 0 means width * 4), so an image decodes straight into its place in a larger
 * bitmap (a packed atlas). bgra != 0 swaps red and blue (BGRA bytes, as a
 * car's ARGB bitmaps store them). output_capacity must be at least
 * stride * (height - 1) + width * 4. The bytes between rows are not touched; on
 * failure the rows may hold partly decoded pixels.
 */
acpng_status acpng_decode_rgba8_into_rows(const void *data, size_t length, int premultiply,
                                          int bgra, uint64_t max_pixels, uint8_t *output,
                                          size_t output_capacity, size_t stride,
                                          uint32_t *width, uint32_t *height, char *message,
                                          size_t message_capacity);

/* acpng_decode_rgba8_into through libpng only, never the libdeflate fast path
 * (8-bit gray/RGB with or without alpha, not interlaced): for tests that compare
 * the two. */
acpng_status acpng_decode_rgba8_libpng_into(const void *data, size_t length,
                                            int premultiply, uint64_t max_pixels,
                                            uint8_t *output, size_t output_capacity,
                                            uint32_t *width, uint32_t *height,
                                            char *message, size_t message_capacity);

/* How many images the calling thread has decoded through the fast path (tests
 * use it to prove which path ran). */
uint64_t acpng_fast_decode_count(void);

/*
 * Whether the first row of an 8-bit RGB or RGBA, non-interlaced PNG of at most
 * 1,024 pixels a row holds a pixel that is not grey once premultiplied as
 * acpng_decode_rgba8_into premultiplies: 1 then, so a decode that succeeds
 * gives pixels that are not all grey. 0 when it cannot tell: a grey first row,
 * another kind of PNG, a PLTE, tRNS or unknown critical chunk before the image
 * data, or data that does not inflate. 2 when the bytes end before the first
 * row does (so the caller, holding only the file's first bytes, may read more
 * and ask again). Inflates only the first row; checks no CRC; data may be the
 * file's first bytes only. Allocates nothing per call (a per-thread arena of
 * 64 KiB).
 */
int acpng_first_row_has_colour(const void *data, size_t length);

/* Same as acpng_decode_rgba8_into but allocates the output (free with
 * acpng_free). */
acpng_status acpng_decode_rgba8(const void *data, size_t length,
                                int premultiply, uint64_t max_pixels,
                                uint8_t **pixels, uint32_t *width,
                                uint32_t *height, char *message,
                                size_t message_capacity);

/*
 * Encodes RGBA (channels == 4) or RGB (channels == 3) pixels of 8 bits a sample
 * (or 16, big-endian, when options->bit_depth is 16) as a non-interlaced PNG.
 * row_stride is the distance between rows in bytes. On success output->data
 * must be released with acpng_free.
 */
acpng_status acpng_encode(const void *pixels, uint32_t width, uint32_t height,
                          size_t row_stride, int channels,
                          const acpng_encode_options *options,
                          acpng_buffer *output, char *message,
                          size_t message_capacity);

/*
 * Decodes a PNG to 8-bit RGBA and encodes it as a non-interlaced 8-bit RGBA
 * PNG at zlib compression_level (0...9, clamped): the same bytes as
 * acpng_decode_rgba8 (not premultiplied) followed by acpng_encode with that
 * level, but row by row, never holding the decoded image (an interlaced one is
 * decoded once per 64 MiB window of rows). Memory: a few rows and the output.
 * On success output->data must be released with acpng_free.
 */
acpng_status acpng_reencode_rgba8(const void *data, size_t length,
                                  uint64_t max_pixels, int compression_level,
                                  acpng_buffer *output, char *message,
                                  size_t message_capacity);

/*
 * Re-encodes a PNG losslessly, decoded samples unchanged: keeps iCCP, sRGB,
 * gAMA, cHRM, sBIT, pHYs, tRNS (and cICP/mDCv/cLLi) byte for byte and drops
 * every other ancillary chunk; writes non-interlaced. Without tRNS or sBIT it
 * may also store the image in a smaller exact form: 16-bit samples that are
 * all v * 257 as 8-bit, alpha that is all 255 dropped, grey RGB as grey (not
 * under iCCP), at most 256 colours as a palette of 1-8 bits. Each form and
 * filter strategy (none, sub, up, average, Paeth, per-row minimum sum) is
 * tried at libdeflate level 1; the smallest is compressed once at level 12.
 * Works on strips of rows (see acpng_optimize_options): memory is bounded by
 * the strip and the output, not by the image.
 * keep_format != 0 turns the reductions off: the same bit depth, colour type
 * and palette, only better compressed (what the audit measures, and what its
 * examples need).
 * On success
 * output->data must be released with acpng_free. The caller decides whether
 * the result is worth keeping (it can be larger than the input).
 * Animated PNGs (acTL chunk) give ACPNG_ERR_UNSUPPORTED: libpng only sees the
 * default image, so re-encoding would silently drop the animation.
 */
acpng_status acpng_optimize(const void *data, size_t length,
                            uint64_t max_pixels, int keep_format,
                            acpng_buffer *output,
                            char *message, size_t message_capacity);

/* Options for acpng_optimize_with_options. Zero-initialise, then set what you
 * need. */
typedef struct acpng_optimize_options {
    /* As acpng_optimize's max_pixels and keep_format. */
    uint64_t max_pixels;
    int keep_format;
    /* Bytes of decoded rows the optimizer holds at a time (a strip; at least
     * one row); 0 selects the default, 4 MiB. Memory is a few strips whatever
     * the image's size. An image that fits one strip is decoded once; a larger
     * one is decoded three times (scan, trials, final) and its strips are
     * compressed separately and joined into one zlib stream, one IDAT chunk per
     * strip. Interlaced images are decoded whole once per window of eight
     * strips. The output depends on the strip size: callers that must be
     * deterministic keep it fixed. */
    size_t strip_bytes;
} acpng_optimize_options;

/* acpng_optimize with options. */
acpng_status acpng_optimize_with_options(const void *data, size_t length,
                                         const acpng_optimize_options *options,
                                         acpng_buffer *output, char *message,
                                         size_t message_capacity);

/*
 * Decodes both images at 16 bits per channel RGBA (8-bit samples widened
 * exactly) and sets *equal to 1 when dimensions and every sample match.
 * Non-interlaced pairs are compared row by row with two row buffers.
 */
acpng_status acpng_compare_pixels(const void *data_a, size_t length_a,
                                  const void *data_b, size_t length_b,
                                  uint64_t max_pixels, int *equal,
                                  char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif /* ASSETC_CPNGSUPPORT_H */
