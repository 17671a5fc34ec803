#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

static void acpng_unpremultiply_row(const uint8_t *source, uint8_t *target,
                                    uint32_t width) {
    for (uint32_t x = 0; x < width; x++, source += 4, target += 4) {
        const unsigned a = source[3];
        target[3] = (uint8_t)a;
        if (a == 255) {
            target[0] = source[0];
            target[1] = source[1];
            target[2] = source[2];
        } else if (a == 0) {
            target[0] = target[1] = target[2] = 0;
        } else {
            for (int c = 0; c < 3; c++) {
                unsigned value = (source[c] * 255u + a / 2) / a;
                target[c] = (uint8_t)(value > 255 ? 255 : value);
            }
        }
    }
}

static ACPNG_NOINLINE acpng_status acpng_encode_run(png_structp png, png_infop png_info,
                                                    acpng_io *io, const uint8_t *pixels,
                                                    uint32_t width, uint32_t height,
                                                    size_t row_stride, int channels,
                                                    const acpng_encode_options *options,
                                                    uint8_t **scratch_slot) {
    /* Encoding never reads untrusted data: anything but OOM is a caller error
     * (e.g. an ICC profile libpng refuses). */
    if (setjmp(png_jmpbuf(png))) {
        return io->out_of_memory ? ACPNG_ERR_OUT_OF_MEMORY : ACPNG_ERR_INVALID_ARGUMENT;
    }

    const int depth = options->bit_depth == 16 ? 16 : 8;
    png_set_IHDR(png, png_info, width, height, depth,
                 channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    int level = options->compression_level;
    if (level < 0) level = 0;
    if (level > 9) level = 9;
    png_set_compression_level(png, level);
    if (options->filters != 0) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters & PNG_ALL_FILTERS);
    }
    if (options->write_srgb) {
        int intent = options->srgb_intent;
        if (intent < 0 || intent > 3) intent = PNG_sRGB_INTENT_PERCEPTUAL;
        png_set_sRGB(png, png_info, intent);
    }
    if (options->icc_name != NULL && options->icc_profile != NULL &&
        options->icc_length != 0) {
        if (options->icc_length > PNG_UINT_31_MAX) png_error(png, "ICC profile is too large");
        png_set_iCCP(png, png_info, options->icc_name, PNG_COMPRESSION_TYPE_BASE,
                     options->icc_profile, (png_uint_32)options->icc_length);
        /* libpng drops a profile it considers invalid with only a warning;
         * a requested passthrough must not silently disappear. */
        if (png_get_valid(png, png_info, PNG_INFO_iCCP) == 0) {
            png_error(png, "libpng rejected the ICC profile");
        }
    }
    png_write_info(png, png_info);

    const int unpremultiply = options->unpremultiply && channels == 4 && depth == 8;
    if (unpremultiply) {
        *scratch_slot = malloc((size_t)width * 4);
        if (*scratch_slot == NULL) {
            io->out_of_memory = 1;
            png_error(png, "out of memory allocating a row buffer");
        }
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * row_stride;
        if (unpremultiply) {
            acpng_unpremultiply_row(row, *scratch_slot, width);
            row = *scratch_slot;
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    return ACPNG_OK;
}

acpng_status acpng_encode(const void *pixels, uint32_t width, uint32_t height,
                          size_t row_stride, int channels,
                          const acpng_encode_options *options, acpng_buffer *output,
                          char *message, size_t message_capacity) {
    acpng_set_message(message, message_capacity, NULL, "");
    if (output == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    memset(output, 0, sizeof *output);
    const uint64_t sample_bytes = options != NULL && options->bit_depth == 16 ? 2 : 1;
    if (pixels == NULL || (channels != 3 && channels != 4) || width == 0 ||
        height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX ||
        (options != NULL && options->bit_depth != 0 && options->bit_depth != 8 &&
         options->bit_depth != 16) ||
        row_stride < (uint64_t)width * (uint64_t)channels * sample_bytes) {
        acpng_set_message(message, message_capacity, NULL,
                          "invalid image dimensions, channel count, bit depth or row stride");
        return ACPNG_ERR_INVALID_ARGUMENT;
    }
    acpng_encode_options defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.compression_level = 6;
    if (options == NULL) options = &defaults;

    acpng_io io;
    acpng_io_init_write(&io, output, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_writer(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;

    uint8_t *scratch = NULL;
    acpng_status status = acpng_encode_run(png, png_info, &io, pixels, width, height,
                                           row_stride, channels, options, &scratch);
    png_destroy_write_struct(&png, &png_info);
    free(scratch);
    if (status != ACPNG_OK) {
        free(output->data);
        memset(output, 0, sizeof *output);
    }
    return status;
}
