/*
 * Private plumbing shared by the acpng_*.c files. Not part of the module's
 * public header, so Swift never sees libpng types.
 */
#ifndef ASSETC_ACPNG_INTERNAL_H
#define ASSETC_ACPNG_INTERNAL_H

#include "CPNGSupport.h"

#include <png.h>

/* Functions that call setjmp are kept out of line so that the bookkeeping they
 * write through pointers (buffers to free, flags) always lives in a caller's
 * frame, where its value after a longjmp is well defined. */
#define ACPNG_NOINLINE __attribute__((noinline))

/* Per-png_struct context: the input (or output) buffer and what went wrong. */
typedef struct acpng_io {
    const uint8_t *data;
    size_t length;
    size_t offset;
    acpng_buffer *output;
    int truncated;
    int out_of_memory;
    char *message;
    size_t message_capacity;
    /* Prepended to libpng's message, e.g. "first image: ". May be NULL. */
    const char *message_prefix;
} acpng_io;

void acpng_set_message(char *message, size_t capacity, const char *prefix,
                       const char *text);

/* Maps the flags recorded by the callbacks to a status after a longjmp. */
acpng_status acpng_status_after_error(const acpng_io *io);

void acpng_io_init_read(acpng_io *io, const void *data, size_t length,
                        char *message, size_t message_capacity);

void acpng_io_init_write(acpng_io *io, acpng_buffer *output, char *message,
                         size_t message_capacity);

/* Creates a libpng reader or writer (struct and info) over io; errors are
 * routed to io (silently, never stderr). When out of memory nothing is left
 * allocated, io's message says so and ACPNG_ERR_OUT_OF_MEMORY is returned. */
acpng_status acpng_create_reader(acpng_io *io, png_structp *png, png_infop *info);
acpng_status acpng_create_writer(acpng_io *io, png_structp *png, png_infop *info);

/* Must be called after setjmp: CRC errors on every chunk become errors and
 * libpng's own size limits are aligned with max_pixels. */
void acpng_configure_read(png_structp png, uint64_t max_pixels);

/* Tells libpng to skip ancillary chunks whose meaning acpng does not need while
 * decoding (colour metadata is read from the raw bytes instead; text would only
 * cost inflate time). CRCs are still verified. Must be called after setjmp. */
void acpng_ignore_ancillary_chunks(png_structp png);

int acpng_exceeds_limit(uint32_t width, uint32_t height, uint64_t max_pixels);

/* Signature + IHDR peek + pixel limit, with messages. */
acpng_status acpng_precheck(const void *data, size_t length,
                            uint64_t max_pixels, acpng_header *header,
                            char *message, size_t message_capacity,
                            const char *prefix);

uint32_t acpng_be32(const uint8_t *bytes);

/* Rounded c * a / 255, exact for all 8-bit inputs: how decoding premultiplies. */
static inline uint8_t acpng_mul_div_255(unsigned c, unsigned a) {
    unsigned t = c * a + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* PNG row unfiltering (acpng_verify.c): row and prior hold count bytes. */
void acpng_unfilter(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp,
                    unsigned filter);

/* The calling thread's libdeflate decompressor and reusable buffers (acpng_verify.c). */
struct libdeflate_decompressor;
int acpng_thread_inflate_buffers(size_t size, struct libdeflate_decompressor **decompressor,
                                 uint8_t **buffer, uint8_t **join, size_t join_size);
void acpng_thread_inflate_done(void);

/* Appends bytes to a buffer, growing it geometrically. Returns 0 on OOM. */
int acpng_buffer_append(acpng_buffer *buffer, const uint8_t *bytes, size_t count);

/* What the fast verifier (acpng_verify.c) needs to know about an image; the
 * header and tRNS are taken from libpng after png_read_info. */
typedef struct acpng_verify_plan {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    uint8_t color_type;
    /* Non-zero when the opacity of the pixels must be determined. */
    uint8_t check_alpha;
    /* Palette with tRNS: non-zero for each index whose alpha is below 255. */
    uint8_t translucent_index[256];
    /* Gray or RGB with tRNS: the transparent colour, as stored in the chunk. */
    uint16_t trans_gray;
    uint16_t trans_red;
    uint16_t trans_green;
    uint16_t trans_blue;
    /* Output buffer size in bytes; 0 for the default. */
    size_t buffer_bytes;
    /* libpng 1.6.32 to 1.6.38 reject chunks above their size limits (later
     * versions only warn); mirrored from the runtime libpng version. */
    uint8_t reject_oversized_chunks;
    /* png_set_chunk_malloc_max as set by acpng_configure_read. */
    uint64_t chunk_malloc_max;
    /* Non-zero skips the whole-buffer path (tests of the streaming path). */
    uint8_t streaming_only;
    /* Non-zero asks the whole-buffer path for acpng_verify_result's estimate,
     * when the image data is at least estimate_min_data_ratio of the raw data. */
    uint8_t estimate_refiltering;
    double estimate_min_data_ratio;
} acpng_verify_plan;

/* What acpng_verify_image_data learned besides the verdict. */
typedef struct acpng_verify_result {
    /* ACPNG_OPAQUE_*: set when plan->check_alpha and the data is sound. */
    int8_t all_alpha_opaque;
    /* 1 when the whole-buffer path (libdeflate) proved the file sound, 0 when
     * the streaming path (zlib) decided. */
    int used_whole_buffer;
    /* With plan->estimate_refiltering, from the whole-buffer path only: as
     * acpng_info.image_data_stored and refiltered_estimate_bytes. */
    int8_t image_data_stored;
    uint8_t has_refiltered_estimate;
    uint64_t refiltered_estimate_bytes;
} acpng_verify_result;

/* Whether an optimizer keeps a chunk of this (ancillary) type: those that
 * change how pixels are interpreted (colour space, transparency, physical
 * size, HDR metadata). */
int acpng_is_kept_chunk(const uint8_t *type);

/* The same list in libpng's format (png_set_keep_unknown_chunks): five bytes
 * per type, NUL-terminated. */
extern const png_byte acpng_kept_chunks[];
#define ACPNG_KEPT_CHUNK_COUNT 12

/* Estimates the image data's size after filtering anew and entropy coding
 * (acpng_estimate.c). rows holds height rows of 1 + row_bytes bytes, each a
 * filter type byte and the *unfiltered* samples; zero_row is row_bytes zeros. */
uint64_t acpng_estimate_refiltered_bytes(const uint8_t *rows, const uint8_t *zero_row,
                                         size_t row_bytes, size_t bpp, uint32_t height);

/* 0 when libpng's row-by-row decode must be used after all: the zlib stream
 * declares a window below 32 KiB that is smaller than the image data (see
 * acpng_verify.c). Looks only at IDAT chunk headers and the first data byte. */
int acpng_verify_applies(const uint8_t *data, size_t length, size_t first_idat,
                         const acpng_verify_plan *plan);

/* Verifies everything from the first IDAT chunk (at offset first_idat) to IEND:
 * chunk structure and CRCs, the zlib stream, the amount of image data and the
 * filter types, with the outcome libpng's png_read_row + png_read_end would
 * give. Non-interlaced images only. Fills *result (see acpng_verify_result). */
acpng_status acpng_verify_image_data(const uint8_t *data, size_t length,
                                     size_t first_idat,
                                     const acpng_verify_plan *plan,
                                     acpng_verify_result *result, char *message,
                                     size_t message_capacity);

/* ---- Rows in bounded memory (acpng_rows.c) ---- */

/* Reads a PNG's rows in order without holding the decoded image. Set the
 * fields up to message_capacity, then acpng_rows_open; acpng_rows_close
 * always (also after a failed open, when it does nothing). */
typedef struct acpng_row_reader {
    const uint8_t *data;
    size_t length;
    uint64_t max_pixels;
    /* 1: rows as 8-bit RGBA (acpng_decode_rgba8's conversion); 0: the stored
     * format (bit depth, packing, palette indices). */
    int rgba8;
    /* 1: keep the chunks an optimizer copies (png_get_unknown_chunks on
     * png/info); 0: skip ancillary chunks. */
    int keep_chunks;
    /* Interlaced images: the rows decoded at once (each window costs a full
     * decode); at least one row. */
    size_t window_bytes;
    char *message;
    size_t message_capacity;

    /* Set by acpng_rows_open. */
    uint32_t width, height;
    int bit_depth, color_type, interlaced;
    size_t row_bytes;
    png_structp png;
    png_infop info;

    /* Private. */
    acpng_io io;
    uint32_t next_row;
    uint8_t *window;
    uint32_t window_first, window_count, window_capacity;
    uint8_t *scratch;
} acpng_row_reader;

/* Starts libpng on the file and reads up to the image data (errors as every
 * reader words them). */
acpng_status acpng_rows_open(acpng_row_reader *reader);

/* Rows first ..< first + count into rows (count * row_bytes bytes). A
 * non-interlaced image is read in order only: first must be the row after the
 * last one read; its last rows also read the file to IEND. */
acpng_status acpng_rows_read(acpng_row_reader *reader, uint32_t first, uint32_t count, uint8_t *rows);

/* Frees an interlaced image's window (the next read decodes it again). */
void acpng_rows_drop_window(acpng_row_reader *reader);

void acpng_rows_close(acpng_row_reader *reader);

/* Clears the final-block flag of the last block of a complete raw deflate
 * stream (length bytes) and pads the stream to a byte boundary with an empty
 * stored block, so that another raw deflate stream can follow it
 * (acpng_deflate_join.c). The buffer must have room for 6 more bytes. Returns
 * the new length, or 0 when the stream does not inflate. */
size_t acpng_deflate_make_continuable(uint8_t *stream, size_t length);

#endif /* ASSETC_ACPNG_INTERNAL_H */
