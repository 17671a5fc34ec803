#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void acpng_info_release(acpng_info *info) {
    if (info == NULL) return;
    free(info->icc_profile);
    info->icc_profile = NULL;
    info->icc_length = 0;
}

/* --- colour chunks, read from the raw bytes -------------------------------- */

/* Inflates an iCCP payload with a hard output cap. Returns 1 on success. */
static int acpng_inflate_profile(const uint8_t *source, size_t source_length,
                                 uint8_t **profile, size_t *profile_length) {
    *profile = NULL;
    *profile_length = 0;
    if (source_length > UINT32_MAX) return 0;

    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return 0;

    /* Most profiles are 0.5-4 KiB; the header states the real size but it is
     * untrusted, so grow geometrically instead of believing it. */
    size_t capacity = 4096;
    uint8_t *buffer = malloc(capacity);
    int ok = 0;
    if (buffer == NULL) goto done;

    stream.next_in = (Bytef *)(uintptr_t)source;
    stream.avail_in = (uInt)source_length;
    size_t produced = 0;
    for (;;) {
        stream.next_out = buffer + produced;
        stream.avail_out = (uInt)(capacity - produced);
        int result = inflate(&stream, Z_NO_FLUSH);
        produced = capacity - stream.avail_out;
        if (result == Z_STREAM_END) {
            ok = produced > 0;
            break;
        }
        if (result != Z_OK && result != Z_BUF_ERROR) break;
        if (stream.avail_out != 0) break; /* input exhausted before stream end */
        if (capacity >= ACPNG_MAX_ICC_PROFILE_BYTES) break;
        size_t grown_capacity = capacity * 2;
        if (grown_capacity > ACPNG_MAX_ICC_PROFILE_BYTES) {
            grown_capacity = ACPNG_MAX_ICC_PROFILE_BYTES;
        }
        uint8_t *grown = realloc(buffer, grown_capacity);
        if (grown == NULL) break;
        buffer = grown;
        capacity = grown_capacity;
    }

done:
    inflateEnd(&stream);
    if (!ok) {
        free(buffer);
        return 0;
    }
    *profile = buffer;
    *profile_length = produced;
    return 1;
}

static void acpng_read_iccp(const uint8_t *body, size_t length, acpng_info *info) {
    info->icc_status = ACPNG_ICC_UNREADABLE;
    /* keyword (1-79 bytes) + NUL + compression method + compressed profile */
    size_t keyword_length = 0;
    while (keyword_length < length && keyword_length < 80 && body[keyword_length] != 0) {
        keyword_length++;
    }
    if (keyword_length == 0 || keyword_length > 79 || keyword_length >= length) return;
    memcpy(info->icc_name, body, keyword_length);
    info->icc_name[keyword_length] = '\0';
    size_t method_offset = keyword_length + 1;
    if (method_offset >= length || body[method_offset] != 0) return;
    size_t data_offset = method_offset + 1;
    if (acpng_inflate_profile(body + data_offset, length - data_offset,
                              &info->icc_profile, &info->icc_length)) {
        info->icc_status = ACPNG_ICC_OK;
    }
}

/* Walks the chunks before the first IDAT. Only called once libpng has accepted
 * the same bytes, but every length is still bounds-checked. */
static void acpng_scan_color_chunks(const uint8_t *data, size_t length,
                                    acpng_info *info) {
    size_t position = 8;
    while (position <= length && length - position >= 12) {
        uint32_t chunk_length = acpng_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (chunk_length > PNG_UINT_31_MAX || chunk_length > length - position - 12) break;
        const uint8_t *body = data + position + 8;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) break;
        if (memcmp(type, "sRGB", 4) == 0) {
            if (!info->has_srgb && chunk_length == 1 && body[0] <= 3) {
                info->srgb_intent = (int8_t)body[0];
            }
            info->has_srgb = 1;
        } else if (memcmp(type, "gAMA", 4) == 0) {
            info->has_gama = 1;
        } else if (memcmp(type, "cHRM", 4) == 0) {
            info->has_chrm = 1;
        } else if (memcmp(type, "iCCP", 4) == 0) {
            /* A second iCCP is invalid; the first one is what decoders use. */
            if (info->icc_status == ACPNG_ICC_ABSENT) acpng_read_iccp(body, chunk_length, info);
        }
        position += 12 + (size_t)chunk_length;
    }
}

/* Sums the image data and the chunks an optimizer would drop, walking the
 * chunk headers up to IEND (the structure was verified, or is only as far as
 * the walk can go when pixels were not decoded). */
static void acpng_measure_chunks(const uint8_t *data, size_t length, acpng_info *info) {
    size_t position = 8;
    while (position <= length && length - position >= 12) {
        uint32_t chunk_length = acpng_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (chunk_length > PNG_UINT_31_MAX || chunk_length > length - position - 12) break;
        /* Bit 5 of the first letter: ancillary. Critical chunks are always kept. */
        if (memcmp(type, "IDAT", 4) == 0) {
            info->image_data_bytes += chunk_length;
        } else if ((type[0] & 0x20) != 0 && !acpng_is_kept_chunk(type)) {
            info->droppable_bytes += 12 + (uint64_t)chunk_length;
        }
        if (memcmp(type, "IEND", 4) == 0) break;
        position += 12 + (size_t)chunk_length;
    }
}

/* --- pixel pass ------------------------------------------------------------ */

static int acpng_row_is_opaque(const uint8_t *row, uint32_t columns,
                               unsigned channels, unsigned bit_depth) {
    if (bit_depth == 16) {
        const size_t stride = (size_t)channels * 2;
        const uint8_t *alpha = row + (size_t)(channels - 1) * 2;
        for (uint32_t x = 0; x < columns; x++, alpha += stride) {
            if ((alpha[0] & alpha[1]) != 0xFF) return 0;
        }
        return 1;
    }
    const size_t stride = channels;
    const uint8_t *alpha = row + (channels - 1);
    for (uint32_t x = 0; x < columns; x++, alpha += stride) {
        if (*alpha != 0xFF) return 0;
    }
    return 1;
}

/* Hands the image data over to the fast verifier: records where the first IDAT
 * chunk starts and the transparency information libpng accepted. */
static void acpng_plan_fast_verify(png_structp png, png_infop png_info, const acpng_io *io,
                                   const acpng_info *info, acpng_verify_plan *plan,
                                   size_t *first_idat) {
    plan->width = info->header.width;
    plan->height = info->header.height;
    plan->bit_depth = info->header.bit_depth;
    plan->color_type = info->header.color_type;
    /* The same condition as the libpng path below: png_set_expand turns an
     * alpha channel or an accepted tRNS into 2 or 4 channels. */
    plan->check_alpha = info->has_alpha;
    if (info->has_trns) {
        png_bytep trans_alpha = NULL;
        int num_trans = 0;
        png_color_16p trans_color = NULL;
        png_get_tRNS(png, png_info, &trans_alpha, &num_trans, &trans_color);
        if (info->header.color_type == PNG_COLOR_TYPE_PALETTE) {
            for (int i = 0; trans_alpha != NULL && i < num_trans && i < 256; i++) {
                plan->translucent_index[i] = trans_alpha[i] != 0xFF;
            }
        } else if (trans_color != NULL) {
            plan->trans_gray = trans_color->gray;
            plan->trans_red = trans_color->red;
            plan->trans_green = trans_color->green;
            plan->trans_blue = trans_color->blue;
        }
    }
    const png_uint_32 version = png_access_version_number();
    plan->reject_oversized_chunks = version >= 10632 && version < 10639;
    plan->chunk_malloc_max = png_get_chunk_malloc_max(png);
    /* png_read_info stops right after the first IDAT's length and type. */
    *first_idat = io->offset - 8;
}

/* plan is NULL when libpng must decode the pixels itself; otherwise, for a
 * non-interlaced image, *use_fast is set and the pixels are left to
 * acpng_verify_image_data. */
static ACPNG_NOINLINE acpng_status acpng_inspect_run(png_structp png, png_infop png_info,
                                                     acpng_io *io, int decode_pixels,
                                                     uint64_t max_pixels,
                                                     acpng_info *info, uint8_t **row_slot,
                                                     acpng_verify_plan *plan,
                                                     size_t *first_idat, int *use_fast) {
    if (setjmp(png_jmpbuf(png))) return acpng_status_after_error(io);

    acpng_configure_read(png, max_pixels);
    acpng_ignore_ancillary_chunks(png);
    png_read_info(png, png_info);

    const uint32_t width = png_get_image_width(png, png_info);
    const uint32_t height = png_get_image_height(png, png_info);
    const int color_type = png_get_color_type(png, png_info);
    const int interlaced = png_get_interlace_type(png, png_info) != PNG_INTERLACE_NONE;
    if (acpng_exceeds_limit(width, height, max_pixels)) {
        png_error(png, "image exceeds the pixel limit");
    }
    info->header.width = width;
    info->header.height = height;
    info->header.bit_depth = png_get_bit_depth(png, png_info);
    info->header.color_type = (uint8_t)color_type;
    info->header.interlace_method = (uint8_t)png_get_interlace_type(png, png_info);
    info->has_trns = png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    info->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || info->has_trns;
    if (!decode_pixels) return ACPNG_OK;
    if (plan != NULL && !interlaced) {
        acpng_plan_fast_verify(png, png_info, io, info, plan, first_idat);
        if (acpng_verify_applies(io->data, io->length, *first_idat, plan)) {
            *use_fast = 1;
            return ACPNG_OK;
        }
    }

    /* Palette/tRNS/low-bit gray become an explicit alpha channel; 16-bit stays
     * 16-bit so that e.g. alpha 0xFFFE is not rounded up to "opaque". */
    if (info->has_alpha) png_set_expand(png);
    /* No png_set_interlace_handling: each Adam7 pass is read as its own
     * reduced image, so one row buffer suffices and every pixel is visited
     * exactly once. */
    png_read_update_info(png, png_info);
    const size_t row_bytes = png_get_rowbytes(png, png_info);
    const unsigned channels = png_get_channels(png, png_info);
    const unsigned bit_depth = png_get_bit_depth(png, png_info);
    const int check_alpha = info->has_alpha && (channels == 2 || channels == 4);

    *row_slot = malloc(row_bytes != 0 ? row_bytes : 1);
    if (*row_slot == NULL) {
        io->out_of_memory = 1;
        png_error(png, "out of memory allocating a row buffer");
    }
    uint8_t *row = *row_slot;

    int opaque = 1;
    const int passes = interlaced ? 7 : 1;
    for (int pass = 0; pass < passes; pass++) {
        const uint32_t columns = interlaced ? PNG_PASS_COLS(width, pass) : width;
        const uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        if (columns == 0 || rows == 0) continue; /* libpng skips empty passes too */
        for (uint32_t y = 0; y < rows; y++) {
            png_read_row(png, row, NULL);
            if (check_alpha && opaque) {
                opaque = acpng_row_is_opaque(row, columns, channels, bit_depth);
            }
        }
    }
    /* Reading to IEND verifies the trailing CRCs and catches truncation. */
    png_read_end(png, NULL);
    if (check_alpha) info->all_alpha_opaque = opaque ? ACPNG_OPAQUE_YES : ACPNG_OPAQUE_NO;
    return ACPNG_OK;
}

acpng_status acpng_inspect(const void *bytes, size_t length, int decode_pixels,
                           uint64_t max_pixels, acpng_info *info, char *message,
                           size_t message_capacity) {
    acpng_inspect_options options;
    memset(&options, 0, sizeof options);
    options.decode_pixels = decode_pixels;
    options.max_pixels = max_pixels;
    return acpng_inspect_with_options(bytes, length, &options, info, message,
                                      message_capacity);
}

acpng_status acpng_inspect_with_options(const void *bytes, size_t length,
                                        acpng_inspect_options *options,
                                        acpng_info *info, char *message,
                                        size_t message_capacity) {
    const uint8_t *data = bytes;
    if (options != NULL) {
        options->used_fast_verifier = 0;
        options->used_whole_buffer = 0;
    }
    if (info == NULL || options == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    const int decode_pixels = options->decode_pixels;
    const uint64_t max_pixels = options->max_pixels;
    memset(info, 0, sizeof *info);
    info->all_alpha_opaque = ACPNG_OPAQUE_UNKNOWN;
    info->srgb_intent = -1;
    info->image_data_stored = -1;
    acpng_set_message(message, message_capacity, NULL, "");

    acpng_status status = acpng_precheck(data, length, max_pixels, &info->header,
                                         message, message_capacity, NULL);
    if (status != ACPNG_OK) return status;

    acpng_io io;
    acpng_io_init_read(&io, data, length, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_reader(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;

    uint8_t *row = NULL;
    acpng_verify_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.buffer_bytes = options->verify_buffer_bytes;
    plan.streaming_only = options->streaming_inflate != 0;
    plan.estimate_refiltering = options->estimate_refiltering != 0;
    plan.estimate_min_data_ratio = options->estimate_min_data_ratio;
    size_t first_idat = 0;
    int use_fast = 0;
    status = acpng_inspect_run(png, png_info, &io, decode_pixels, max_pixels, info, &row,
                               options->force_libpng ? NULL : &plan, &first_idat, &use_fast);
    png_destroy_read_struct(&png, &png_info, NULL);
    free(row);
    if (status == ACPNG_OK && use_fast) {
        options->used_fast_verifier = 1;
        acpng_verify_result result;
        status = acpng_verify_image_data(data, length, first_idat, &plan, &result, message,
                                         message_capacity);
        options->used_whole_buffer = result.used_whole_buffer;
        if (status == ACPNG_OK) {
            info->all_alpha_opaque = result.all_alpha_opaque;
            info->image_data_stored = result.image_data_stored;
            info->has_refiltered_estimate = result.has_refiltered_estimate;
            info->refiltered_estimate_bytes = result.refiltered_estimate_bytes;
        }
    }

    if (status == ACPNG_OK) {
        acpng_scan_color_chunks(data, length, info);
        acpng_measure_chunks(data, length, info);
    }
    return status;
}
