/*
 * Rows of a PNG in order, a strip at a time, in memory bounded by the strip
 * rather than by the image (issue 27). The optimizer and the transcoder read
 * through this; neither ever holds a whole decoded image unless it is small.
 *
 * A non-interlaced image is read by one libpng reader, row after row. An
 * interlaced (Adam7) one cannot be: every row is assembled from seven passes
 * spread over the whole image data. It is decoded into a window of rows
 * instead, all passes each time, the rows outside the window going to a scratch
 * row; a strip outside the window decodes the image again for the next window.
 * That costs one full decode per window, so the window is larger than a strip.
 */
#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* Sets the transforms of the reader's mode; libpng must have read the info. */
static void acpng_rows_transforms(png_structp png, png_infop info, int rgba8) {
    if (rgba8) {
        png_set_expand(png);   /* palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha */
        png_set_scale_16(png); /* rounded, unlike png_set_strip_16 */
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

/* Starts a libpng reader over the file and reads up to the image data. */
static ACPNG_NOINLINE acpng_status acpng_rows_start(png_structp png, png_infop info, acpng_io *io,
                                                   const acpng_row_reader *reader) {
    if (setjmp(png_jmpbuf(png))) return acpng_status_after_error(io);
    acpng_configure_read(png, reader->max_pixels);
    if (reader->keep_chunks) {
        /* Drop every ancillary chunk libpng knows (and unknown ones), then opt the
         * interpretation-relevant ones back in as raw chunks, for the optimizer to copy. */
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, acpng_kept_chunks, ACPNG_KEPT_CHUNK_COUNT);
    } else {
        acpng_ignore_ancillary_chunks(png);
    }
    png_read_info(png, info);
    acpng_rows_transforms(png, info, reader->rgba8);
    return ACPNG_OK;
}

static acpng_status acpng_rows_create(acpng_row_reader *reader, acpng_io *io, png_structp *png,
                                      png_infop *info) {
    acpng_io_init_read(io, reader->data, reader->length, reader->message, reader->message_capacity);
    if (acpng_create_reader(io, png, info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;
    const acpng_status status = acpng_rows_start(*png, *info, io, reader);
    if (status != ACPNG_OK) png_destroy_read_struct(png, info, NULL);
    return status;
}

acpng_status acpng_rows_open(acpng_row_reader *reader) {
    reader->png = NULL;
    reader->info = NULL;
    reader->next_row = 0;
    reader->window = NULL;
    reader->window_first = 0;
    reader->window_count = 0;
    reader->scratch = NULL;
    const acpng_status status = acpng_rows_create(reader, &reader->io, &reader->png, &reader->info);
    if (status != ACPNG_OK) return status;
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0, compression = 0, filter_method = 0;
    png_get_IHDR(reader->png, reader->info, &width, &height, &bit_depth, &color_type, &interlace, &compression,
                 &filter_method);
    reader->width = width;
    reader->height = height;
    reader->bit_depth = bit_depth;
    reader->color_type = color_type;
    reader->interlaced = interlace != PNG_INTERLACE_NONE;
    reader->row_bytes = png_get_rowbytes(reader->png, reader->info);
    const uint64_t expected_bits =
        (uint64_t)width * (uint64_t)(reader->rgba8 ? 32 : png_get_channels(reader->png, reader->info) * bit_depth);
    if (reader->row_bytes == 0 || reader->row_bytes != (size_t)((expected_bits + 7) / 8)) {
        acpng_set_message(reader->message, reader->message_capacity, NULL, "unexpected row layout");
        acpng_rows_close(reader);
        return ACPNG_ERR_CORRUPT;
    }
    if (reader->interlaced) {
        uint64_t rows = reader->window_bytes / reader->row_bytes;
        if (rows == 0) rows = 1;
        if (rows > height) rows = height;
        reader->window_capacity = (uint32_t)rows;
        /* The window itself is allocated by the first read. */
        reader->scratch = malloc(reader->row_bytes);
        if (reader->scratch == NULL) {
            acpng_set_message(reader->message, reader->message_capacity, NULL, "out of memory allocating rows");
            acpng_rows_close(reader);
            return ACPNG_ERR_OUT_OF_MEMORY;
        }
    }
    return ACPNG_OK;
}

/* Non-interlaced: the next count rows from the open reader. */
static ACPNG_NOINLINE acpng_status acpng_rows_next(acpng_row_reader *reader, uint32_t count, uint8_t *rows) {
    if (setjmp(png_jmpbuf(reader->png))) return acpng_status_after_error(&reader->io);
    /* libpng keeps the destination's bits past the last pixel of a row of 1, 2 or 4-bit samples: start
     * from zero so that they never carry an earlier strip's bits into the output. */
    memset(rows, 0, (size_t)count * reader->row_bytes);
    for (uint32_t i = 0; i < count; i++) png_read_row(reader->png, rows + (size_t)i * reader->row_bytes, NULL);
    reader->next_row += count;
    if (reader->next_row == reader->height) png_read_end(reader->png, NULL);
    return ACPNG_OK;
}

/* Interlaced: every pass of the whole image, keeping the window's rows. */
static ACPNG_NOINLINE acpng_status acpng_rows_decode_window(png_structp png, acpng_io *io,
                                                           const acpng_row_reader *reader) {
    if (setjmp(png_jmpbuf(png))) return acpng_status_after_error(io);
    const uint32_t end = reader->window_first + reader->window_count;
    for (int pass = 0; pass < 7; pass++) {
        for (uint32_t y = 0; y < reader->height; y++) {
            uint8_t *row = y >= reader->window_first && y < end
                               ? reader->window + (size_t)(y - reader->window_first) * reader->row_bytes
                               : reader->scratch;
            png_read_row(png, row, NULL);
        }
    }
    png_read_end(png, NULL);
    return ACPNG_OK;
}

static acpng_status acpng_rows_fill_window(acpng_row_reader *reader, uint32_t first) {
    if (reader->window == NULL) {
        reader->window = malloc((size_t)reader->window_capacity * reader->row_bytes);
        if (reader->window == NULL) {
            acpng_set_message(reader->message, reader->message_capacity, NULL, "out of memory allocating rows");
            return ACPNG_ERR_OUT_OF_MEMORY;
        }
    }
    reader->window_first = first;
    reader->window_count = reader->height - first < reader->window_capacity ? reader->height - first
                                                                            : reader->window_capacity;
    /* Rows are assembled pass by pass into what the buffer holds: start from zero, as libpng's
     * whole-image reads do. */
    memset(reader->window, 0, (size_t)reader->window_count * reader->row_bytes);
    acpng_io io;
    png_structp png;
    png_infop info;
    acpng_status status = acpng_rows_create(reader, &io, &png, &info);
    if (status != ACPNG_OK) return status;
    status = acpng_rows_decode_window(png, &io, reader);
    png_destroy_read_struct(&png, &info, NULL);
    if (status != ACPNG_OK) reader->window_count = 0;
    return status;
}

acpng_status acpng_rows_read(acpng_row_reader *reader, uint32_t first, uint32_t count, uint8_t *rows) {
    if (count == 0 || first > reader->height || count > reader->height - first) return ACPNG_ERR_INVALID_ARGUMENT;
    if (!reader->interlaced) {
        if (first != reader->next_row) return ACPNG_ERR_INVALID_ARGUMENT;
        return acpng_rows_next(reader, count, rows);
    }
    for (uint32_t done = 0; done < count;) {
        const uint32_t y = first + done;
        if (y < reader->window_first || y >= reader->window_first + reader->window_count) {
            const acpng_status status = acpng_rows_fill_window(reader, y);
            if (status != ACPNG_OK) return status;
        }
        uint32_t take = reader->window_first + reader->window_count - y;
        if (take > count - done) take = count - done;
        memcpy(rows + (size_t)done * reader->row_bytes,
               reader->window + (size_t)(y - reader->window_first) * reader->row_bytes, (size_t)take * reader->row_bytes);
        done += take;
    }
    return ACPNG_OK;
}

void acpng_rows_drop_window(acpng_row_reader *reader) {
    free(reader->window);
    reader->window = NULL;
    reader->window_count = 0;
}

void acpng_rows_close(acpng_row_reader *reader) {
    if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
    reader->png = NULL;
    reader->info = NULL;
    free(reader->window);
    reader->window = NULL;
    free(reader->scratch);
    reader->scratch = NULL;
}
