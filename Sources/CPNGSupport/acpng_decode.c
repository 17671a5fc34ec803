#include "acpng_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static void acpng_premultiply(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++, pixels += 4) {
        const unsigned a = pixels[3];
        if (a == 255) continue;
        pixels[0] = acpng_mul_div_255(pixels[0], a);
        pixels[1] = acpng_mul_div_255(pixels[1], a);
        pixels[2] = acpng_mul_div_255(pixels[2], a);
    }
}

/* RGBA to BGRA in place: the byte order of a car's ARGB bitmaps, so that a packed atlas is drawn in the order it
 * is stored (issue 24). Premultiplying treats the three colour bytes alike, so it may come before or after. */
static void acpng_swap_red_blue(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++, pixels += 4) {
        const uint8_t red = pixels[0];
        pixels[0] = pixels[2];
        pixels[2] = red;
    }
}

/* --- fast path -------------------------------------------------------------- */

/* The common catalog PNG (8-bit gray, gray+alpha, RGB or RGBA, not interlaced,
 * no palette and no tRNS) is decoded without libpng: the IDAT run is
 * CRC-checked and inflated in one libdeflate call (about twice zlib's speed),
 * unfiltered in place and expanded to RGBA8. The result is byte for byte what
 * libpng's expand / gray_to_rgb / add_alpha conversion gives for these types.
 *
 * Returns 1 when it decoded the image; 0 when the file is of another kind or
 * anything is not exactly as expected (a bad CRC, an unknown critical chunk, a
 * stream that does not end with the image data and a correct Adler-32, a bad
 * filter type), and the caller then runs libpng, which words any error. */
static _Thread_local uint64_t acpng_fast_decodes;

uint64_t acpng_fast_decode_count(void) { return acpng_fast_decodes; }

static int acpng_chunk_crc_ok(const uint8_t *chunk, uint32_t chunk_length) {
    return libdeflate_crc32(0, chunk + 4, (size_t)chunk_length + 4) ==
           acpng_be32(chunk + 8 + chunk_length);
}

static void acpng_expand_row(const uint8_t *row, uint8_t *target, uint32_t width,
                             uint8_t color_type, int premultiply, int bgra) {
    uint32_t x;
    switch (color_type) {
    case 6:
        if (bgra) {
            for (x = 0; x < width; x++, row += 4, target += 4) {
                uint32_t pixel;
                memcpy(&pixel, row, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
                pixel = (pixel & 0x00FF00FFu) | (pixel & 0xFF000000u) >> 16 | (pixel & 0x0000FF00u) << 16;
#else
                pixel = (pixel & 0xFF00FF00u) | (pixel & 0x000000FFu) << 16 | (pixel & 0x00FF0000u) >> 16;
#endif
                memcpy(target, &pixel, 4);
            }
            target -= (size_t)width * 4;
        } else {
            memcpy(target, row, (size_t)width * 4);
        }
        break;
    case 2:
        /* A word at a time: load four bytes (this pixel and the next one's red), set the fourth to
         * opaque, store. Three times faster than byte by byte on the benchmark catalog's RGB PNGs; the
         * last pixel is copied by bytes so that no read passes the end of the row. */
        for (x = 0; x + 1 < width; x++, row += 3, target += 4) {
            uint32_t pixel;
            memcpy(&pixel, row, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            pixel = bgra ? (pixel & 0x00FF0000u) | pixel >> 16 & 0xFF00u | pixel << 16 & 0xFF000000u | 0xFFu
                         : pixel | 0xFFu;
#else
            pixel = bgra ? (pixel & 0x0000FF00u) | (pixel & 0xFFu) << 16 | (pixel >> 16 & 0xFFu) | 0xFF000000u
                         : pixel | 0xFF000000u;
#endif
            memcpy(target, &pixel, 4);
        }
        if (x < width) {
            target[0] = row[bgra ? 2 : 0];
            target[1] = row[1];
            target[2] = row[bgra ? 0 : 2];
            target[3] = 255;
        }
        return;
    case 4:
        for (x = 0; x < width; x++, row += 2, target += 4) {
            target[0] = target[1] = target[2] = row[0];
            target[3] = row[1];
        }
        target -= (size_t)width * 4;
        break;
    default: /* 0 */
        for (x = 0; x < width; x++, row++, target += 4) {
            target[0] = target[1] = target[2] = row[0];
            target[3] = 255;
        }
        return;
    }
    if (premultiply) acpng_premultiply(target, width);
}

static int acpng_decode_fast(const uint8_t *data, size_t length, const acpng_header *header,
                             int premultiply, int bgra, uint8_t *output, size_t stride) {
    /* Signature (checked by acpng_precheck), then IHDR: 13 bytes of data. */
    if (length < 33 || acpng_be32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0) return 0;
    const uint8_t *ihdr = data + 16;
    const uint8_t bit_depth = ihdr[8], color_type = ihdr[9];
    if (!acpng_chunk_crc_ok(data + 8, 13)) return 0;
    if (acpng_be32(ihdr) != header->width || acpng_be32(ihdr + 4) != header->height) return 0;
    if (bit_depth != 8 || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] != 0) return 0;
    size_t channels;
    switch (color_type) {
    case 0: channels = 1; break;
    case 2: channels = 3; break;
    case 4: channels = 2; break;
    case 6: channels = 4; break;
    default: return 0;
    }
    const uint64_t row_bytes64 = (uint64_t)header->width * channels;
    const uint64_t expected64 = (row_bytes64 + 1) * header->height;
    if (header->width == 0 || header->height == 0 || expected64 > ((uint64_t)64 << 20)) return 0;
    const size_t row_bytes = (size_t)row_bytes64, expected = (size_t)expected64;

    /* The chunks after IHDR: one run of IDAT, and IEND. */
    size_t position = 33, first_idat = 0, idat_count = 0, idat_bytes = 0;
    int idat_ended = 0, ended = 0;
    while (!ended) {
        if (length - position < 12) return 0;
        const uint32_t chunk_length = acpng_be32(data + position);
        if (chunk_length > 0x7FFFFFFFu || length - position - 12 < chunk_length) return 0;
        const uint8_t *type = data + position + 4;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_ended || !acpng_chunk_crc_ok(data + position, chunk_length)) return 0;
            if (idat_count++ == 0) first_idat = position;
            idat_bytes += chunk_length;
        } else {
            if (idat_count > 0) idat_ended = 1;
            if (memcmp(type, "IEND", 4) == 0) {
                if (chunk_length != 0 || !acpng_chunk_crc_ok(data + position, 0)) return 0;
                ended = 1;
            } else if (!(type[0] & 0x20) || memcmp(type, "tRNS", 4) == 0) {
                return 0; /* PLTE, tRNS or an unknown critical chunk: libpng decides */
            }
        }
        position += 12 + (size_t)chunk_length;
    }
    if (idat_count == 0) return 0;

    struct libdeflate_decompressor *decompressor;
    uint8_t *rows, *join;
    if (!acpng_thread_inflate_buffers(expected + row_bytes, &decompressor, &rows, &join,
                                      idat_count > 1 ? idat_bytes : 0)) {
        return 0;
    }
    const uint8_t *stream = data + first_idat + 8;
    if (idat_count > 1) {
        size_t at = first_idat, joined = 0;
        for (size_t chunk = 0; chunk < idat_count; chunk++) {
            const uint32_t chunk_length = acpng_be32(data + at);
            memcpy(join + joined, data + at + 8, chunk_length);
            joined += chunk_length;
            at += 12 + (size_t)chunk_length;
        }
        stream = join;
    }
    size_t produced = 0;
    int decoded = 0;
    if (libdeflate_zlib_decompress(decompressor, stream, idat_bytes, rows, expected, &produced) ==
            LIBDEFLATE_SUCCESS &&
        produced == expected) {
        uint8_t *zero_row = rows + expected;
        memset(zero_row, 0, row_bytes);
        const uint8_t *prior = zero_row;
        decoded = 1;
        for (uint32_t y = 0; y < header->height; y++) {
            uint8_t *row = rows + (size_t)y * (row_bytes + 1);
            if (row[0] > 4) {
                decoded = 0;
                break;
            }
            acpng_unfilter(row + 1, prior, row_bytes, channels, row[0]);
            acpng_expand_row(row + 1, output + (size_t)y * stride, header->width,
                             color_type, premultiply, bgra);
            prior = row + 1;
        }
    }
    acpng_thread_inflate_done();
    if (decoded) acpng_fast_decodes++;
    return decoded;
}

static ACPNG_NOINLINE acpng_status acpng_decode_run(png_structp png, png_infop png_info,
                                                    acpng_io *io, uint64_t max_pixels,
                                                    int premultiply, int bgra, uint8_t *output,
                                                    size_t output_stride,
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
            uint8_t *row = output + (size_t)y * output_stride;
            png_read_row(png, row, NULL);
            /* Non-interlaced rows are final immediately: premultiply while
             * they are still in cache. */
            if (passes == 1) {
                if (premultiply) acpng_premultiply(row, width);
                if (bgra) acpng_swap_red_blue(row, width);
            }
        }
    }
    png_read_end(png, NULL);
    if (passes != 1) {
        for (uint32_t y = 0; y < height; y++) {
            if (premultiply) acpng_premultiply(output + (size_t)y * output_stride, width);
            if (bgra) acpng_swap_red_blue(output + (size_t)y * output_stride, width);
        }
    }
    return ACPNG_OK;
}

static acpng_status acpng_decode_rgba8_with(const void *data, size_t length, int premultiply,
                                           int bgra, uint64_t max_pixels, uint8_t *output,
                                           size_t output_capacity, size_t stride, uint32_t *width,
                                           uint32_t *height, char *message,
                                           size_t message_capacity, int allow_fast) {
    acpng_header header;
    acpng_set_message(message, message_capacity, NULL, "");
    acpng_status status = acpng_precheck(data, length, max_pixels, &header, message,
                                         message_capacity, NULL);
    if (width != NULL) *width = header.width;
    if (height != NULL) *height = header.height;
    if (status != ACPNG_OK) return status;

    /* 0: rows packed (width * 4 bytes apart). The last row needs only width * 4 bytes. */
    const uint64_t row_bytes = (uint64_t)header.width * 4;
    if (stride == 0) stride = (size_t)row_bytes;
    const uint64_t needed = (uint64_t)stride * (header.height - 1) + row_bytes;
    if (output == NULL || stride < row_bytes || needed > SIZE_MAX || output_capacity < needed) {
        acpng_set_message(message, message_capacity, NULL,
                          "output buffer is smaller than the image's rows need");
        return ACPNG_ERR_INVALID_ARGUMENT;
    }

    if (allow_fast && acpng_decode_fast(data, length, &header, premultiply, bgra, output, stride)) {
        return ACPNG_OK;
    }

    acpng_io io;
    acpng_io_init_read(&io, data, length, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_reader(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;
    status = acpng_decode_run(png, png_info, &io, max_pixels, premultiply, bgra, output, stride, &header);
    png_destroy_read_struct(&png, &png_info, NULL);
    return status;
}

acpng_status acpng_decode_rgba8_into(const void *data, size_t length,
                                     int premultiply, uint64_t max_pixels,
                                     uint8_t *output, size_t output_capacity,
                                     uint32_t *width, uint32_t *height,
                                     char *message, size_t message_capacity) {
    return acpng_decode_rgba8_with(data, length, premultiply, 0, max_pixels, output,
                                   output_capacity, 0, width, height, message, message_capacity, 1);
}

acpng_status acpng_decode_rgba8_into_rows(const void *data, size_t length, int premultiply,
                                          int bgra, uint64_t max_pixels, uint8_t *output,
                                          size_t output_capacity, size_t stride,
                                          uint32_t *width, uint32_t *height, char *message,
                                          size_t message_capacity) {
    return acpng_decode_rgba8_with(data, length, premultiply, bgra != 0, max_pixels, output,
                                   output_capacity, stride, width, height, message,
                                   message_capacity, 1);
}

acpng_status acpng_decode_rgba8_libpng_into(const void *data, size_t length,
                                            int premultiply, uint64_t max_pixels,
                                            uint8_t *output, size_t output_capacity,
                                            uint32_t *width, uint32_t *height,
                                            char *message, size_t message_capacity) {
    return acpng_decode_rgba8_with(data, length, premultiply, 0, max_pixels, output,
                                   output_capacity, 0, width, height, message, message_capacity, 0);
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
