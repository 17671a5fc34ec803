#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* Rounded c * a / 255, exact for all 8-bit inputs. */
static inline uint8_t acpng_mul_div_255(unsigned c, unsigned a) {
    unsigned t = c * a + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

static void acpng_premultiply(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++, pixels += 4) {
        const unsigned a = pixels[3];
        if (a == 255) continue;
        pixels[0] = acpng_mul_div_255(pixels[0], a);
        pixels[1] = acpng_mul_div_255(pixels[1], a);
        pixels[2] = acpng_mul_div_255(pixels[2], a);
    }
}

static ACPNG_NOINLINE acpng_status acpng_decode_run(png_structp png, png_infop png_info,
                                                    acpng_io *io, uint64_t max_pixels,
                                                    int premultiply, uint8_t *output,
                                                    const acpng_header *header) {
    if (setjmp(png_jmpbuf(png))) return acpng_status_after_error(io);

    acpng_configure_read(png, max_pixels);
    acpng_ignore_ancillary_chunks(png);
    png_read_info(png, png_info);

    const uint32_t width = png_get_image_width(png, png_info);
    const uint32_t height = png_get_image_height(png, png_info);
    /* The caller sized output from the same IHDR; libpng parsing it
     * differently would mean a bug, not bad input, but never overrun. */
    if (width != header->width || height != header->height) {
        png_error(png, "IHDR dimensions changed between peek and decode");
    }

    png_set_expand(png);   /* palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha */
    png_set_scale_16(png); /* rounded, unlike png_set_strip_16 */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, png_info);

    const size_t stride = (size_t)width * 4;
    if (png_get_rowbytes(png, png_info) != stride) {
        png_error(png, "unexpected row layout after RGBA8 conversion");
    }

    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *row = output + (size_t)y * stride;
            png_read_row(png, row, NULL);
            /* Non-interlaced rows are final immediately: premultiply while
             * they are still in cache. */
            if (premultiply && passes == 1) acpng_premultiply(row, width);
        }
    }
    png_read_end(png, NULL);
    if (premultiply && passes != 1) acpng_premultiply(output, (size_t)width * height);
    return ACPNG_OK;
}

acpng_status acpng_decode_rgba8_into(const void *data, size_t length,
                                     int premultiply, uint64_t max_pixels,
                                     uint8_t *output, size_t output_capacity,
                                     uint32_t *width, uint32_t *height,
                                     char *message, size_t message_capacity) {
    acpng_header header;
    acpng_set_message(message, message_capacity, NULL, "");
    acpng_status status = acpng_precheck(data, length, max_pixels, &header, message,
                                         message_capacity, NULL);
    if (width != NULL) *width = header.width;
    if (height != NULL) *height = header.height;
    if (status != ACPNG_OK) return status;

    const uint64_t needed = (uint64_t)header.width * header.height * 4;
    if (output == NULL || needed > SIZE_MAX || output_capacity < needed) {
        acpng_set_message(message, message_capacity, NULL,
                          "output buffer is smaller than width * height * 4");
        return ACPNG_ERR_INVALID_ARGUMENT;
    }

    acpng_io io;
    acpng_io_init_read(&io, data, length, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_reader(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;
    status = acpng_decode_run(png, png_info, &io, max_pixels, premultiply, output, &header);
    png_destroy_read_struct(&png, &png_info, NULL);
    return status;
}

acpng_status acpng_decode_rgba8(const void *data, size_t length, int premultiply,
                                uint64_t max_pixels, uint8_t **pixels,
                                uint32_t *width, uint32_t *height, char *message,
                                size_t message_capacity) {
    if (pixels == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    *pixels = NULL;
    acpng_header header;
    acpng_set_message(message, message_capacity, NULL, "");
    acpng_status status = acpng_precheck(data, length, max_pixels, &header, message,
                                         message_capacity, NULL);
    if (width != NULL) *width = header.width;
    if (height != NULL) *height = header.height;
    if (status != ACPNG_OK) return status;

    const uint64_t needed = (uint64_t)header.width * header.height * 4;
    uint8_t *buffer = needed <= SIZE_MAX ? malloc(needed != 0 ? (size_t)needed : 1) : NULL;
    if (buffer == NULL) {
        acpng_set_message(message, message_capacity, NULL, "out of memory allocating pixels");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    status = acpng_decode_rgba8_into(data, length, premultiply, max_pixels, buffer,
                                     (size_t)needed, width, height, message,
                                     message_capacity);
    if (status != ACPNG_OK) {
        free(buffer);
        return status;
    }
    *pixels = buffer;
    return ACPNG_OK;
}
