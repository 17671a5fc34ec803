#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* One side of a comparison. Buffers are owned here and freed by the caller of
 * the setjmp function, whatever happened. */
typedef struct acpng_compare_side {
    png_structp png;
    png_infop info;
    acpng_io io;
    uint8_t *row;   /* non-interlaced: one row */
    uint8_t *image; /* interlaced: the whole image, deinterlaced up front */
    int interlaced;
} acpng_compare_side;

static void acpng_compare_prepare(acpng_compare_side *side, uint64_t max_pixels,
                                  uint32_t width, uint32_t height) {
    png_structp png = side->png;
    acpng_configure_read(png, max_pixels);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_read_info(png, side->info);
    if (png_get_image_width(png, side->info) != width ||
        png_get_image_height(png, side->info) != height) {
        png_error(png, "IHDR dimensions changed between peek and decode");
    }
    /* RGBA, 16 bits per sample: 8-bit samples are widened exactly (v * 257),
     * 16-bit samples keep full precision. */
    png_set_expand_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
    side->interlaced = png_get_interlace_type(png, side->info) != PNG_INTERLACE_NONE;
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, side->info);

    const size_t stride = (size_t)width * 8;
    if (png_get_rowbytes(png, side->info) != stride) {
        png_error(png, "unexpected row layout after RGBA16 conversion");
    }
    if (side->interlaced) {
        const uint64_t bytes = (uint64_t)stride * height;
        side->image = bytes <= SIZE_MAX ? malloc((size_t)bytes) : NULL;
        if (side->image == NULL) {
            side->io.out_of_memory = 1;
            png_error(png, "out of memory allocating the deinterlaced image");
        }
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < height; y++) {
                png_read_row(png, side->image + (size_t)y * stride, NULL);
            }
        }
    } else {
        side->row = malloc(stride);
        if (side->row == NULL) {
            side->io.out_of_memory = 1;
            png_error(png, "out of memory allocating a row buffer");
        }
    }
}

static const uint8_t *acpng_compare_next_row(acpng_compare_side *side, uint32_t y,
                                             size_t stride) {
    if (side->interlaced) return side->image + (size_t)y * stride;
    png_read_row(side->png, side->row, NULL);
    return side->row;
}

static ACPNG_NOINLINE acpng_status acpng_compare_run(acpng_compare_side *a,
                                                    acpng_compare_side *b,
                                                    uint64_t max_pixels, uint32_t width,
                                                    uint32_t height, int *equal) {
    /* Each png_struct jumps to its own buffer; both stay valid while this
     * function is active. */
    if (setjmp(png_jmpbuf(a->png))) return acpng_status_after_error(&a->io);
    if (setjmp(png_jmpbuf(b->png))) return acpng_status_after_error(&b->io);

    acpng_compare_prepare(a, max_pixels, width, height);
    acpng_compare_prepare(b, max_pixels, width, height);

    const size_t stride = (size_t)width * 8;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row_a = acpng_compare_next_row(a, y, stride);
        const uint8_t *row_b = acpng_compare_next_row(b, y, stride);
        if (memcmp(row_a, row_b, stride) != 0) {
            *equal = 0;
            return ACPNG_OK;
        }
    }
    /* Equal pixels only count if both files are also intact to IEND. */
    png_read_end(a->png, NULL);
    png_read_end(b->png, NULL);
    *equal = 1;
    return ACPNG_OK;
}

static int acpng_compare_side_open(acpng_compare_side *side, const void *data,
                                   size_t length, char *message,
                                   size_t message_capacity, const char *prefix) {
    memset(side, 0, sizeof *side);
    acpng_io_init_read(&side->io, data, length, message, message_capacity);
    side->io.message_prefix = prefix;
    return acpng_create_reader(&side->io, &side->png, &side->info) == ACPNG_OK;
}

static void acpng_compare_side_close(acpng_compare_side *side) {
    if (side->png != NULL) {
        png_destroy_read_struct(&side->png, side->info != NULL ? &side->info : NULL, NULL);
    }
    free(side->row);
    free(side->image);
}

acpng_status acpng_compare_pixels(const void *data_a, size_t length_a,
                                  const void *data_b, size_t length_b,
                                  uint64_t max_pixels, int *equal, char *message,
                                  size_t message_capacity) {
    acpng_set_message(message, message_capacity, NULL, "");
    if (equal == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    *equal = 0;

    acpng_header header_a, header_b;
    acpng_status status = acpng_precheck(data_a, length_a, max_pixels, &header_a, message,
                                         message_capacity, "first image: ");
    if (status != ACPNG_OK) return status;
    status = acpng_precheck(data_b, length_b, max_pixels, &header_b, message,
                            message_capacity, "second image: ");
    if (status != ACPNG_OK) return status;
    if (header_a.width != header_b.width || header_a.height != header_b.height) {
        return ACPNG_OK;
    }

    acpng_compare_side a, b;
    int opened_a = acpng_compare_side_open(&a, data_a, length_a, message, message_capacity,
                                           "first image: ");
    int opened_b = acpng_compare_side_open(&b, data_b, length_b, message, message_capacity,
                                           "second image: ");
    if (opened_a && opened_b) {
        status = acpng_compare_run(&a, &b, max_pixels, header_a.width, header_a.height, equal);
    } else {
        acpng_set_message(message, message_capacity, NULL, "out of memory creating the PNG readers");
        status = ACPNG_ERR_OUT_OF_MEMORY;
    }
    acpng_compare_side_close(&a);
    acpng_compare_side_close(&b);
    if (status != ACPNG_OK) *equal = 0;
    return status;
}
