/*
 * Any PNG re-encoded as 8-bit RGBA, row by row (issue 27): the bytes
 * acpng_decode_rgba8 followed by acpng_encode give, without ever holding the
 * decoded image. Rows come from acpng_rows (libpng's RGBA8 conversion, the one
 * the decoder's libpng path uses and its fast path matches) and go straight to
 * a libpng writer configured as acpng_encode configures it.
 */
#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* Rows converted and written per batch: a fraction of a strip, for cache-friendly handoffs. */
#define ACPNG_REENCODE_BATCH_BYTES ((size_t)1024 * 1024)

/* Interlaced input is decoded whole once per window of this many bytes of RGBA rows. */
#define ACPNG_REENCODE_WINDOW_BYTES ((size_t)64 * 1024 * 1024)

static ACPNG_NOINLINE acpng_status acpng_reencode_start(png_structp png, png_infop info, acpng_io *io,
                                                       uint32_t width, uint32_t height, int level) {
    /* Encoding never reads untrusted data: anything but OOM is a bug. */
    if (setjmp(png_jmpbuf(png))) return io->out_of_memory ? ACPNG_ERR_OUT_OF_MEMORY : ACPNG_ERR_INVALID_ARGUMENT;
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    png_write_info(png, info);
    return ACPNG_OK;
}

static ACPNG_NOINLINE acpng_status acpng_reencode_rows(png_structp png, acpng_io *io, const uint8_t *rows,
                                                      uint32_t count, size_t row_bytes, int last) {
    if (setjmp(png_jmpbuf(png))) return io->out_of_memory ? ACPNG_ERR_OUT_OF_MEMORY : ACPNG_ERR_INVALID_ARGUMENT;
    for (uint32_t y = 0; y < count; y++) png_write_row(png, rows + (size_t)y * row_bytes);
    if (last) png_write_end(png, NULL);
    return ACPNG_OK;
}

static acpng_status acpng_reencode_open(acpng_row_reader *reader, int compression_level, acpng_buffer *output) {
    acpng_io io;
    acpng_io_init_write(&io, output, reader->message, reader->message_capacity);
    png_structp png;
    png_infop info;
    if (acpng_create_writer(&io, &png, &info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;
    uint64_t batch = ACPNG_REENCODE_BATCH_BYTES / reader->row_bytes;
    if (batch == 0) batch = 1;
    uint8_t *rows = malloc((size_t)batch * reader->row_bytes);
    acpng_status status = rows != NULL ? acpng_reencode_start(png, info, &io, reader->width, reader->height,
                                                              compression_level)
                                       : ACPNG_ERR_OUT_OF_MEMORY;
    for (uint32_t first = 0; status == ACPNG_OK && first < reader->height;) {
        const uint32_t count = reader->height - first < batch ? reader->height - first : (uint32_t)batch;
        status = acpng_rows_read(reader, first, count, rows);
        first += count;
        if (status == ACPNG_OK) {
            status = acpng_reencode_rows(png, &io, rows, count, reader->row_bytes, first == reader->height);
        }
    }
    png_destroy_write_struct(&png, &info);
    free(rows);
    return status;
}

acpng_status acpng_reencode_rgba8(const void *data, size_t length, uint64_t max_pixels, int compression_level,
                                  acpng_buffer *output, char *message, size_t message_capacity) {
    acpng_set_message(message, message_capacity, NULL, "");
    if (output == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    memset(output, 0, sizeof *output);
    acpng_header header;
    acpng_status status = acpng_precheck(data, length, max_pixels, &header, message, message_capacity, NULL);
    if (status != ACPNG_OK) return status;

    acpng_row_reader reader;
    memset(&reader, 0, sizeof reader);
    reader.data = data;
    reader.length = length;
    reader.max_pixels = max_pixels;
    reader.rgba8 = 1;
    reader.window_bytes = ACPNG_REENCODE_WINDOW_BYTES;
    reader.message = message;
    reader.message_capacity = message_capacity;
    status = acpng_rows_open(&reader);
    if (status == ACPNG_OK) status = acpng_reencode_open(&reader, compression_level, output);
    acpng_rows_close(&reader);
    if (status == ACPNG_ERR_OUT_OF_MEMORY) acpng_set_message(message, message_capacity, NULL, "out of memory");
    if (status != ACPNG_OK) {
        free(output->data);
        memset(output, 0, sizeof *output);
    }
    return status;
}
