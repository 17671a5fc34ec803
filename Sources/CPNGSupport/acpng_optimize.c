#include "acpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* Number of kept chunks before the first IDAT, from the raw bytes; sets
 * *animated when an APNG animation control chunk is among them. */
static size_t acpng_count_kept_chunks(const uint8_t *data, size_t length, int *animated) {
    size_t count = 0;
    *animated = 0;
    size_t position = 8;
    while (position <= length && length - position >= 12) {
        uint32_t chunk_length = acpng_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (chunk_length > PNG_UINT_31_MAX || chunk_length > length - position - 12) break;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) break;
        if (acpng_is_kept_chunk(type)) count++;
        if (memcmp(type, "acTL", 4) == 0) *animated = 1;
        position += 12 + (size_t)chunk_length;
    }
    return count;
}

static ACPNG_NOINLINE acpng_status acpng_optimize_read(png_structp png, png_infop png_info,
                                                      acpng_io *io, uint64_t max_pixels) {
    if (setjmp(png_jmpbuf(png))) return acpng_status_after_error(io);

    acpng_configure_read(png, max_pixels);
    /* -1: drop every ancillary chunk libpng knows (and unknown ones), then
     * opt the interpretation-relevant ones back in as raw chunks. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, acpng_kept_chunks,
                                ACPNG_KEPT_CHUNK_COUNT);
    /* Identity keeps the stored format: bit depth, packing, palette indices. */
    png_read_png(png, png_info, PNG_TRANSFORM_IDENTITY, NULL);
    return ACPNG_OK;
}

static ACPNG_NOINLINE acpng_status acpng_optimize_write(png_structp read_png,
                                                       png_infop read_info,
                                                       png_structp png, png_infop png_info,
                                                       acpng_io *io, int filters) {
    /* libpng just read this image, so failing to write it back is a property
     * of the input (e.g. a palette it tolerates but will not emit). */
    if (setjmp(png_jmpbuf(png))) {
        return io->out_of_memory ? ACPNG_ERR_OUT_OF_MEMORY : ACPNG_ERR_CORRUPT;
    }

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0, compression = 0, filter_method = 0;
    png_get_IHDR(read_png, read_info, &width, &height, &bit_depth, &color_type,
                 &interlace, &compression, &filter_method);
    png_set_IHDR(png, png_info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);

    png_colorp palette = NULL;
    int palette_count = 0;
    if (png_get_PLTE(read_png, read_info, &palette, &palette_count) != 0) {
        png_set_PLTE(png, png_info, palette, palette_count);
    }

    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, NULL, 0);
    png_unknown_chunkp unknowns = NULL;
    const int unknown_count = png_get_unknown_chunks(read_png, read_info, &unknowns);
    for (int i = 0; i < unknown_count; i++) {
        /* Colour chunks after IDAT are ignored by decoders; don't promote them. */
        if ((unknowns[i].location & PNG_AFTER_IDAT) != 0) continue;
        png_set_unknown_chunks(png, png_info, &unknowns[i], 1);
    }

    png_set_compression_level(png, 9);
    png_set_compression_mem_level(png, 9);
    /* Larger IDAT chunks: fewer 12-byte chunk headers. */
    png_set_compression_buffer_size(png, 256 * 1024);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);

    png_write_info(png, png_info);
    png_bytepp rows = png_get_rows(read_png, read_info);
    if (rows == NULL) png_error(png, "decoded rows are missing");
    png_write_rows(png, rows, height);
    png_write_end(png, NULL);
    return ACPNG_OK;
}

static acpng_status acpng_write_candidate(png_structp read_png, png_infop read_info,
                                          int filters, acpng_buffer *output,
                                          char *message, size_t message_capacity) {
    acpng_io io;
    acpng_io_init_write(&io, output, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_writer(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;
    acpng_status status = acpng_optimize_write(read_png, read_info, png, png_info, &io, filters);
    png_destroy_write_struct(&png, &png_info);
    return status;
}

static size_t acpng_preserved_chunk_count(png_structp png, png_infop png_info) {
    png_unknown_chunkp unknowns = NULL;
    const int count = png_get_unknown_chunks(png, png_info, &unknowns);
    size_t preserved = 0;
    for (int i = 0; i < count; i++) {
        if ((unknowns[i].location & PNG_AFTER_IDAT) == 0) preserved++;
    }
    return preserved;
}

acpng_status acpng_optimize(const void *bytes, size_t length, uint64_t max_pixels,
                            acpng_buffer *output, char *message,
                            size_t message_capacity) {
    const uint8_t *data = bytes;
    acpng_set_message(message, message_capacity, NULL, "");
    if (output == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    memset(output, 0, sizeof *output);

    acpng_header header;
    acpng_status status = acpng_precheck(data, length, max_pixels, &header, message,
                                         message_capacity, NULL);
    if (status != ACPNG_OK) return status;
    int animated = 0;
    const size_t kept_chunks = acpng_count_kept_chunks(data, length, &animated);
    if (animated) {
        acpng_set_message(message, message_capacity, NULL,
                          "animated PNG (APNG): re-encoding would drop the animation");
        return ACPNG_ERR_UNSUPPORTED;
    }

    acpng_io io;
    acpng_io_init_read(&io, data, length, message, message_capacity);
    png_structp png;
    png_infop png_info;
    if (acpng_create_reader(&io, &png, &png_info) != ACPNG_OK) return ACPNG_ERR_OUT_OF_MEMORY;

    status = acpng_optimize_read(png, png_info, &io, max_pixels);
    if (status == ACPNG_OK &&
        acpng_preserved_chunk_count(png, png_info) != kept_chunks) {
        /* libpng refused to cache one (over the size or count limit); writing
         * the image without it would change how it looks. */
        acpng_set_message(message, message_capacity, NULL,
                          "a colour or transparency chunk could not be preserved");
        status = ACPNG_ERR_CORRUPT;
    }

    static const int candidates[] = {
        PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
        PNG_FILTER_AVG, PNG_FILTER_PAETH, PNG_ALL_FILTERS,
    };
    acpng_buffer best;
    memset(&best, 0, sizeof best);
    for (size_t i = 0; status == ACPNG_OK && i < sizeof candidates / sizeof candidates[0]; i++) {
        acpng_buffer candidate;
        memset(&candidate, 0, sizeof candidate);
        status = acpng_write_candidate(png, png_info, candidates[i], &candidate, message,
                                       message_capacity);
        if (status != ACPNG_OK) {
            free(candidate.data);
            break;
        }
        if (best.data == NULL || candidate.length < best.length) {
            free(best.data);
            best = candidate;
        } else {
            free(candidate.data);
        }
    }
    png_destroy_read_struct(&png, &png_info, NULL);

    if (status != ACPNG_OK) {
        free(best.data);
        return status;
    }
    *output = best;
    return ACPNG_OK;
}
