#include "acpng_internal.h"

#include <libdeflate.h>
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

/* ---- The image as it will be written: format, unfiltered rows, palette ---- */

typedef struct acpng_raster {
    uint32_t width, height;
    int bit_depth, color_type;
    size_t row_bytes;      /* unfiltered bytes per row */
    size_t filter_step;    /* bytes per complete pixel for the filters (at least 1) */
    uint8_t *rows;         /* height * row_bytes, owned */
    png_color palette[256];
    int palette_count;     /* 0: no PLTE */
    uint8_t alphas[256];   /* tRNS of a palette made here */
    int alpha_count;
} acpng_raster;

static int acpng_channels(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 1; /* palette */
    }
}

static int acpng_raster_init(acpng_raster *raster, uint32_t width, uint32_t height, int bit_depth,
                             int color_type) {
    memset(raster, 0, sizeof *raster);
    raster->width = width;
    raster->height = height;
    raster->bit_depth = bit_depth;
    raster->color_type = color_type;
    const uint64_t bits = (uint64_t)width * (uint64_t)acpng_channels(color_type) * (uint64_t)bit_depth;
    raster->row_bytes = (size_t)((bits + 7) / 8);
    const size_t step = (size_t)acpng_channels(color_type) * (size_t)bit_depth / 8;
    raster->filter_step = step > 0 ? step : 1;
    if (height != 0 && raster->row_bytes > SIZE_MAX / height) return 0;
    raster->rows = malloc(raster->row_bytes * height + 1);
    return raster->rows != NULL;
}

static void acpng_raster_free(acpng_raster *raster) {
    free(raster->rows);
    raster->rows = NULL;
}

/* ---- Lossless reductions (oxipng's leads): 16 -> 8 bits, opaque alpha, grey, palette ---- */

/* 16-bit samples that are all v * 257 become 8-bit v. */
static int acpng_reduce_depth(const acpng_raster *source, acpng_raster *target) {
    if (source->bit_depth != 16) return 0;
    const size_t samples = source->row_bytes / 2;
    for (uint32_t y = 0; y < source->height; y++) {
        const uint8_t *row = source->rows + (size_t)y * source->row_bytes;
        for (size_t i = 0; i < samples; i++) {
            if (row[2 * i] != row[2 * i + 1]) return 0;
        }
    }
    if (!acpng_raster_init(target, source->width, source->height, 8, source->color_type)) return -1;
    for (uint32_t y = 0; y < source->height; y++) {
        const uint8_t *row = source->rows + (size_t)y * source->row_bytes;
        uint8_t *out = target->rows + (size_t)y * target->row_bytes;
        for (size_t i = 0; i < samples; i++) out[i] = row[2 * i];
    }
    return 1;
}

/* Drops alpha that is 255 everywhere, and colour that is grey everywhere (only when allow_grey: an RGB
 * ICC profile cannot describe a grey image). 8-bit, non-palette input. */
static int acpng_reduce_channels(const acpng_raster *source, int allow_grey, acpng_raster *target) {
    const int channels = acpng_channels(source->color_type);
    const int has_alpha = source->color_type == PNG_COLOR_TYPE_RGB_ALPHA || source->color_type == PNG_COLOR_TYPE_GRAY_ALPHA;
    const int has_colour = source->color_type == PNG_COLOR_TYPE_RGB || source->color_type == PNG_COLOR_TYPE_RGB_ALPHA;
    int opaque = has_alpha, grey = has_colour && allow_grey;
    for (uint32_t y = 0; y < source->height && (opaque || grey); y++) {
        const uint8_t *pixel = source->rows + (size_t)y * source->row_bytes;
        for (uint32_t x = 0; x < source->width; x++, pixel += channels) {
            if (opaque && pixel[channels - 1] != 255) opaque = 0;
            if (grey && (pixel[0] != pixel[1] || pixel[0] != pixel[2])) grey = 0;
        }
    }
    if (!opaque && !grey) return 0;
    const int keep_alpha = has_alpha && !opaque;
    const int colour_out = has_colour && !grey;
    const int type = colour_out ? (keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB)
                                : (keep_alpha ? PNG_COLOR_TYPE_GRAY_ALPHA : PNG_COLOR_TYPE_GRAY);
    if (!acpng_raster_init(target, source->width, source->height, 8, type)) return -1;
    const int out_channels = acpng_channels(type);
    for (uint32_t y = 0; y < source->height; y++) {
        const uint8_t *pixel = source->rows + (size_t)y * source->row_bytes;
        uint8_t *out = target->rows + (size_t)y * target->row_bytes;
        for (uint32_t x = 0; x < source->width; x++, pixel += channels, out += out_channels) {
            out[0] = pixel[0];
            if (colour_out) {
                out[1] = pixel[1];
                out[2] = pixel[2];
            }
            if (keep_alpha) out[out_channels - 1] = pixel[channels - 1];
        }
    }
    return 1;
}

/* Reads pixel x of an 8-bit G, GA, RGB or RGBA row as 0xRRGGBBAA. */
static inline uint32_t acpng_pixel_key(const uint8_t *pixel, int channels) {
    uint32_t r, g, b;
    if (channels >= 3) {
        r = pixel[0]; g = pixel[1]; b = pixel[2];
    } else {
        r = g = b = pixel[0];
    }
    const uint32_t a = (channels == 2 || channels == 4) ? pixel[channels - 1] : 255;
    return r << 24 | g << 16 | b << 8 | a;
}

/* At most 256 distinct colours (8-bit RGB, RGBA, G or GA) become a palette: translucent entries first so
 * that tRNS stays short, each group in order of first appearance; 1, 2 or 4 bits per index when they
 * suffice. */
static int acpng_reduce_palette(const acpng_raster *source, acpng_raster *target) {
    if (source->bit_depth != 8 || source->color_type == PNG_COLOR_TYPE_PALETTE) return 0;
    const int channels = acpng_channels(source->color_type);
    enum { slots = 1024 };
    uint32_t keys[slots];
    int16_t order[slots];
    for (int i = 0; i < slots; i++) order[i] = -1;
    uint32_t colours[256];
    int count = 0;
    for (uint32_t y = 0; y < source->height; y++) {
        const uint8_t *pixel = source->rows + (size_t)y * source->row_bytes;
        for (uint32_t x = 0; x < source->width; x++, pixel += channels) {
            const uint32_t key = acpng_pixel_key(pixel, channels);
            uint32_t slot = (key * 2654435761u) >> 22;
            while (order[slot] >= 0 && keys[slot] != key) slot = (slot + 1) & (slots - 1);
            if (order[slot] < 0) {
                if (count == 256) return 0;
                keys[slot] = key;
                order[slot] = (int16_t)count;
                colours[count++] = key;
            }
        }
    }
    uint8_t rank[256];
    int next = 0, translucent = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < count; i++) {
            const int is_opaque = (colours[i] & 0xFF) == 255;
            if (is_opaque == pass) rank[i] = (uint8_t)next++;
        }
        if (pass == 0) translucent = next;
    }
    const int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    if (!acpng_raster_init(target, source->width, source->height, depth, PNG_COLOR_TYPE_PALETTE)) return -1;
    target->palette_count = count;
    target->alpha_count = translucent;
    for (int i = 0; i < count; i++) {
        const uint32_t key = colours[i];
        target->palette[rank[i]].red = (png_byte)(key >> 24);
        target->palette[rank[i]].green = (png_byte)(key >> 16);
        target->palette[rank[i]].blue = (png_byte)(key >> 8);
        target->alphas[rank[i]] = (uint8_t)key;
    }
    for (uint32_t y = 0; y < source->height; y++) {
        const uint8_t *pixel = source->rows + (size_t)y * source->row_bytes;
        uint8_t *out = target->rows + (size_t)y * target->row_bytes;
        memset(out, 0, target->row_bytes);
        for (uint32_t x = 0; x < source->width; x++, pixel += channels) {
            const uint32_t key = acpng_pixel_key(pixel, channels);
            uint32_t slot = (key * 2654435761u) >> 22;
            while (keys[slot] != key) slot = (slot + 1) & (slots - 1);
            const uint32_t index = rank[order[slot]];
            const uint32_t bit = x * (uint32_t)depth;
            out[bit / 8] |= (uint8_t)(index << (8 - depth - bit % 8));
        }
    }
    return 1;
}

/* ---- Filters: chosen by trial on a fast compressor, the expensive level spent once ---- */

static inline int acpng_paeth(int a, int b, int c) {
    const int p = a + b - c;
    const int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* One filter over one row; the first `step` bytes have no left neighbour, the first row no row above. */
static void acpng_filter_row(int type, const uint8_t *row, const uint8_t *previous, size_t count, size_t step,
                             uint8_t *out) {
    const size_t head = step < count ? step : count;
    switch (type) {
    case 0:
        memcpy(out, row, count);
        return;
    case 1:
        memcpy(out, row, head);
        for (size_t i = head; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - step]);
        return;
    case 2:
        if (previous == NULL) {
            memcpy(out, row, count);
            return;
        }
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        return;
    case 3:
        if (previous == NULL) {
            memcpy(out, row, head);
            for (size_t i = head; i < count; i++) out[i] = (uint8_t)(row[i] - (row[i - step] >> 1));
            return;
        }
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - (previous[i] >> 1));
        for (size_t i = head; i < count; i++) out[i] = (uint8_t)(row[i] - ((row[i - step] + previous[i]) >> 1));
        return;
    default:
        if (previous == NULL) {
            /* Paeth with no row above predicts from the left neighbour: the same as Sub. */
            memcpy(out, row, head);
            for (size_t i = head; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - step]);
            return;
        }
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        for (size_t i = head; i < count; i++) {
            out[i] = (uint8_t)(row[i] - acpng_paeth(row[i - step], previous[i], previous[i - step]));
        }
        return;
    }
}

/* The "minimum sum" score of a filtered row: the sum of its bytes read as signed magnitudes. */
static uint64_t acpng_row_score(const uint8_t *bytes, size_t count) {
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) {
        const uint8_t value = bytes[i];
        sum += value < 128 ? value : 256 - value;
    }
    return sum;
}

/* Strategy 0-4: that filter on every row; 5: per row, the filter with the smallest sum of absolute
 * signed bytes (the "minimum sum" heuristic libpng and oxipng use). Writes height * (1 + row_bytes). */
static void acpng_filter_image(const acpng_raster *raster, int strategy, uint8_t *out, uint8_t *scratch) {
    const size_t count = raster->row_bytes;
    for (uint32_t y = 0; y < raster->height; y++) {
        const uint8_t *row = raster->rows + (size_t)y * count;
        const uint8_t *previous = y > 0 ? row - count : NULL;
        uint8_t *target = out + (size_t)y * (count + 1);
        if (strategy < 5) {
            target[0] = (uint8_t)strategy;
            acpng_filter_row(strategy, row, previous, count, raster->filter_step, target + 1);
            continue;
        }
        uint64_t best_sum = UINT64_MAX;
        for (int type = 0; type < 5; type++) {
            /* Filter straight into place when this is the first try; later tries go to scratch. */
            uint8_t *into = type == 0 ? target + 1 : scratch;
            acpng_filter_row(type, row, previous, count, raster->filter_step, into);
            const uint64_t sum = acpng_row_score(into, count);
            if (sum < best_sum) {
                best_sum = sum;
                target[0] = (uint8_t)type;
                if (into != target + 1) memcpy(target + 1, scratch, count);
            }
        }
    }
}

/* ---- Writing ---- */

static int acpng_put32(acpng_buffer *out, uint32_t value) {
    const uint8_t bytes[4] = {(uint8_t)(value >> 24), (uint8_t)(value >> 16), (uint8_t)(value >> 8), (uint8_t)value};
    return acpng_buffer_append(out, bytes, 4);
}

static int acpng_put_chunk(acpng_buffer *out, const char *type, const uint8_t *data, size_t length) {
    if (length > PNG_UINT_31_MAX) return 0;
    if (!acpng_put32(out, (uint32_t)length) || !acpng_buffer_append(out, (const uint8_t *)type, 4)) return 0;
    if (length > 0 && !acpng_buffer_append(out, data, length)) return 0;
    uint32_t crc = libdeflate_crc32(0, type, 4);
    if (length > 0) crc = libdeflate_crc32(crc, data, length);
    return acpng_put32(out, crc);
}

/* The file: signature, IHDR, the kept colour chunks, PLTE, tRNS, IDAT, IEND. */
static int acpng_assemble(const acpng_raster *raster, png_structp read_png, png_infop read_info, int original_format,
                          const uint8_t *idat, size_t idat_length, acpng_buffer *out) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!acpng_buffer_append(out, signature, 8)) return 0;
    uint8_t ihdr[13];
    for (int i = 0; i < 4; i++) {
        ihdr[i] = (uint8_t)(raster->width >> (24 - 8 * i));
        ihdr[4 + i] = (uint8_t)(raster->height >> (24 - 8 * i));
    }
    ihdr[8] = (uint8_t)raster->bit_depth;
    ihdr[9] = (uint8_t)raster->color_type;
    ihdr[10] = 0;
    ihdr[11] = 0;
    ihdr[12] = 0;
    if (!acpng_put_chunk(out, "IHDR", ihdr, 13)) return 0;

    png_unknown_chunkp unknowns = NULL;
    const int unknown_count = png_get_unknown_chunks(read_png, read_info, &unknowns);
    const png_unknown_chunk *trns = NULL;
    for (int i = 0; i < unknown_count; i++) {
        /* Colour chunks after IDAT are ignored by decoders; don't promote them. */
        if ((unknowns[i].location & PNG_AFTER_IDAT) != 0) continue;
        if (memcmp(unknowns[i].name, "tRNS", 4) == 0) {
            trns = &unknowns[i];
            continue;
        }
        if (!acpng_put_chunk(out, (const char *)unknowns[i].name, unknowns[i].data, unknowns[i].size)) return 0;
    }
    if (raster->palette_count > 0) {
        uint8_t plte[768];
        for (int i = 0; i < raster->palette_count; i++) {
            plte[3 * i] = raster->palette[i].red;
            plte[3 * i + 1] = raster->palette[i].green;
            plte[3 * i + 2] = raster->palette[i].blue;
        }
        if (!acpng_put_chunk(out, "PLTE", plte, (size_t)raster->palette_count * 3)) return 0;
    }
    if (original_format && trns != NULL) {
        if (!acpng_put_chunk(out, "tRNS", trns->data, trns->size)) return 0;
    } else if (!original_format && raster->alpha_count > 0) {
        if (!acpng_put_chunk(out, "tRNS", raster->alphas, (size_t)raster->alpha_count)) return 0;
    }
    if (!acpng_put_chunk(out, "IDAT", idat, idat_length)) return 0;
    return acpng_put_chunk(out, "IEND", NULL, 0);
}

/* One candidate format's best filtering by trial, and that trial's compressed size. */
typedef struct acpng_choice {
    uint8_t *filtered;
    size_t filtered_length;
    size_t trial_size;
} acpng_choice;

static int acpng_choose_filters(const acpng_raster *raster, struct libdeflate_compressor *fast, acpng_choice *choice) {
    memset(choice, 0, sizeof *choice);
    const size_t length = (size_t)raster->height * (raster->row_bytes + 1);
    uint8_t *candidate = malloc(length + 1);
    uint8_t *scratch = malloc(raster->row_bytes + 1);
    const size_t bound = libdeflate_zlib_compress_bound(fast, length);
    uint8_t *compressed = malloc(bound + 1);
    int ok = candidate != NULL && scratch != NULL && compressed != NULL;
    /* Palette and sub-byte images rarely gain from prediction: try none and minimum sum only. */
    static const int all[] = {0, 1, 2, 3, 4, 5}, few[] = {0, 5};
    const int sparse = raster->color_type == PNG_COLOR_TYPE_PALETTE || raster->bit_depth < 8;
    const int *strategies = sparse ? few : all;
    const int strategy_count = sparse ? 2 : 6;
    for (int i = 0; ok && i < strategy_count; i++) {
        acpng_filter_image(raster, strategies[i], candidate, scratch);
        const size_t size = libdeflate_zlib_compress(fast, candidate, length, compressed, bound);
        if (size == 0) {
            ok = 0;
            break;
        }
        if (choice->filtered == NULL || size < choice->trial_size) {
            uint8_t *previous = choice->filtered;
            choice->filtered = candidate;
            choice->filtered_length = length;
            choice->trial_size = size;
            candidate = previous != NULL ? previous : malloc(length + 1);
            if (candidate == NULL) ok = 0;
        }
    }
    free(candidate);
    free(scratch);
    free(compressed);
    if (!ok) {
        free(choice->filtered);
        choice->filtered = NULL;
    }
    return ok;
}

/* Filter trials run at libdeflate level 1; the winner is compressed once at level 12 (its near-optimal
 * parser). Measured on the 200 artwork PNGs (docs/PERFORMANCE.md): trials at level 2 cost 8% more time
 * for no gain, a final level 10 or 9 saves 13% of the time for 0.4% or 3.5% more bytes. */
enum { acpng_trial_level = 1, acpng_final_level = 12 };

static acpng_status acpng_optimize_write(png_structp read_png, png_infop read_info, const acpng_raster *original,
                                         int allow_reduction, int allow_grey, acpng_buffer *output) {
    acpng_raster candidates[3];
    int original_flags[3];
    int candidate_count = 0;
    candidates[candidate_count] = *original;
    original_flags[candidate_count++] = 1;
    acpng_raster depth, channels, palette;
    int owned_depth = 0, owned_channels = 0, owned_palette = 0;
    acpng_status status = ACPNG_OK;
    if (allow_reduction) {
        const acpng_raster *base = original;
        int result = acpng_reduce_depth(base, &depth);
        if (result < 0) status = ACPNG_ERR_OUT_OF_MEMORY;
        if (result > 0) {
            owned_depth = 1;
            base = &depth;
        }
        if (status == ACPNG_OK && base->bit_depth == 8 && base->color_type != PNG_COLOR_TYPE_PALETTE) {
            result = acpng_reduce_channels(base, allow_grey, &channels);
            if (result < 0) status = ACPNG_ERR_OUT_OF_MEMORY;
            if (result > 0) {
                owned_channels = 1;
                base = &channels;
            }
            /* A grey image stays grey under an ICC profile; a palette keeps RGB entries, which any
             * profile describes. */
            if (status == ACPNG_OK) {
                result = acpng_reduce_palette(base, &palette);
                if (result < 0) status = ACPNG_ERR_OUT_OF_MEMORY;
                if (result > 0) owned_palette = 1;
            }
        }
        if (base != original) {
            candidates[candidate_count] = *base;
            original_flags[candidate_count++] = 0;
        }
        if (owned_palette) {
            candidates[candidate_count] = palette;
            original_flags[candidate_count++] = 0;
        }
    }

    struct libdeflate_compressor *fast = status == ACPNG_OK ? libdeflate_alloc_compressor(acpng_trial_level) : NULL;
    struct libdeflate_compressor *best = status == ACPNG_OK ? libdeflate_alloc_compressor(acpng_final_level) : NULL;
    if (status == ACPNG_OK && (fast == NULL || best == NULL)) status = ACPNG_ERR_OUT_OF_MEMORY;
    acpng_choice winner;
    memset(&winner, 0, sizeof winner);
    int winner_index = -1;
    for (int i = 0; status == ACPNG_OK && i < candidate_count; i++) {
        acpng_choice choice;
        if (!acpng_choose_filters(&candidates[i], fast, &choice)) {
            status = ACPNG_ERR_OUT_OF_MEMORY;
            break;
        }
        /* A palette costs its PLTE and tRNS chunks: count them, or tiny images would get bigger. */
        if (!original_flags[i] && candidates[i].palette_count > 0) {
            choice.trial_size += 12 + 3 * (size_t)candidates[i].palette_count;
            if (candidates[i].alpha_count > 0) choice.trial_size += 12 + (size_t)candidates[i].alpha_count;
        }
        if (winner_index < 0 || choice.trial_size < winner.trial_size) {
            free(winner.filtered);
            winner = choice;
            winner_index = i;
        } else {
            free(choice.filtered);
        }
    }
    if (status == ACPNG_OK) {
        const size_t bound = libdeflate_zlib_compress_bound(best, winner.filtered_length);
        uint8_t *idat = malloc(bound + 1);
        const size_t idat_length =
            idat != NULL ? libdeflate_zlib_compress(best, winner.filtered, winner.filtered_length, idat, bound) : 0;
        if (idat_length == 0 || !acpng_assemble(&candidates[winner_index], read_png, read_info,
                                                original_flags[winner_index], idat, idat_length, output)) {
            status = ACPNG_ERR_OUT_OF_MEMORY;
            free(output->data);
            memset(output, 0, sizeof *output);
        }
        free(idat);
    }
    free(winner.filtered);
    if (fast != NULL) libdeflate_free_compressor(fast);
    if (best != NULL) libdeflate_free_compressor(best);
    if (owned_depth) acpng_raster_free(&depth);
    if (owned_channels) acpng_raster_free(&channels);
    if (owned_palette) acpng_raster_free(&palette);
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
                            int keep_format, acpng_buffer *output, char *message,
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

    acpng_buffer best;
    memset(&best, 0, sizeof best);
    if (status == ACPNG_OK) {
        png_uint_32 width = 0, height = 0;
        int bit_depth = 0, color_type = 0, interlace = 0, compression = 0, filter_method = 0;
        png_get_IHDR(png, png_info, &width, &height, &bit_depth, &color_type, &interlace, &compression, &filter_method);
        acpng_raster original;
        png_bytepp rows = png_get_rows(png, png_info);
        if (rows == NULL) {
            acpng_set_message(message, message_capacity, NULL, "decoded rows are missing");
            status = ACPNG_ERR_CORRUPT;
        } else if (!acpng_raster_init(&original, width, height, bit_depth, color_type)) {
            acpng_set_message(message, message_capacity, NULL, "out of memory");
            status = ACPNG_ERR_OUT_OF_MEMORY;
        } else {
            for (png_uint_32 y = 0; y < height; y++) {
                memcpy(original.rows + (size_t)y * original.row_bytes, rows[y], original.row_bytes);
            }
            png_colorp palette = NULL;
            int palette_count = 0;
            if (png_get_PLTE(png, png_info, &palette, &palette_count) != 0 && palette_count > 0 && palette_count <= 256) {
                memcpy(original.palette, palette, (size_t)palette_count * sizeof *palette);
                original.palette_count = palette_count;
            }
            /* Reductions change the colour type: not with tRNS or sBIT (their layout depends on it), and
             * never to grey under an ICC profile (an RGB profile cannot describe grey samples). */
            int has_trns = 0, has_sbit = 0, has_iccp = 0;
            png_unknown_chunkp unknowns = NULL;
            const int unknown_count = png_get_unknown_chunks(png, png_info, &unknowns);
            for (int i = 0; i < unknown_count; i++) {
                if (memcmp(unknowns[i].name, "tRNS", 4) == 0) has_trns = 1;
                if (memcmp(unknowns[i].name, "sBIT", 4) == 0) has_sbit = 1;
                if (memcmp(unknowns[i].name, "iCCP", 4) == 0) has_iccp = 1;
            }
            status = acpng_optimize_write(png, png_info, &original, !keep_format && !has_trns && !has_sbit, !has_iccp, &best);
            if (status == ACPNG_ERR_OUT_OF_MEMORY) acpng_set_message(message, message_capacity, NULL, "out of memory");
            acpng_raster_free(&original);
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
