/*
 * Lossless re-encoding (acpng_optimize) in memory bounded by a strip of rows,
 * not by the image (issue 27).
 *
 * The image is read three times through acpng_rows (each pass holds one strip
 * of decoded rows): a scan decides the smaller exact forms the image allows
 * (16 -> 8 bits, no alpha, grey, palette), trials pick for every form and strip
 * the filter strategy that compresses best on a fast compressor, and the last
 * pass filters the winning form strip by strip, compresses each strip once at
 * libdeflate's highest level and joins the streams (acpng_deflate_join.c) into
 * one zlib stream, one IDAT chunk per strip. An image whose rows fit in one
 * strip (every artwork file of the benchmark) is decoded once and held; its
 * output is what the whole-image optimizer wrote before.
 */
#include "acpng_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

/* Decoded rows per strip when the caller does not say: a 16000-pixel RGBA row is 64,000 bytes, so 65
 * rows. Small enough that a few strip-sized buffers stay far below the image; large enough that the
 * strip boundaries (a compressor starting without history) cost nothing measurable; and a 1024 x 1024
 * 8-bit RGBA image, the largest of the artwork benchmark, is still one strip. */
#define ACPNG_DEFAULT_STRIP_BYTES ((size_t)4 * 1024 * 1024)

/* Interlaced images are decoded whole once per window (acpng_rows.c): a larger window means fewer
 * decodes. */
#define ACPNG_INTERLACED_WINDOW_FACTOR 8

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


/* ---- The forms an image can be stored in ---- */

typedef enum acpng_form_kind {
    acpng_form_original, /* as stored, its own PLTE and tRNS copied */
    acpng_form_reduced,  /* 8-bit, and/or without alpha, and/or grey */
    acpng_form_palette   /* at most 256 colours as indices */
} acpng_form_kind;

typedef struct acpng_form {
    acpng_form_kind kind;
    int bit_depth, color_type;
    size_t row_bytes;   /* unfiltered bytes per row */
    size_t filter_step; /* bytes per complete pixel for the filters (at least 1) */
    png_color palette[256];
    int palette_count;  /* 0: no PLTE */
    uint8_t alphas[256]; /* tRNS of a palette made here */
    int alpha_count;
} acpng_form;

static int acpng_channels(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 1; /* palette */
    }
}

static void acpng_form_init(acpng_form *form, acpng_form_kind kind, uint32_t width, int bit_depth, int color_type) {
    memset(form, 0, sizeof *form);
    form->kind = kind;
    form->bit_depth = bit_depth;
    form->color_type = color_type;
    const uint64_t bits = (uint64_t)width * (uint64_t)acpng_channels(color_type) * (uint64_t)bit_depth;
    form->row_bytes = (size_t)((bits + 7) / 8);
    const size_t step = (size_t)acpng_channels(color_type) * (size_t)bit_depth / 8;
    form->filter_step = step > 0 ? step : 1;
}

/* ---- The scan: which exact reductions (oxipng's leads) the pixels allow ---- */

enum { acpng_palette_slots = 1024 };

typedef struct acpng_scan {
    int channels;     /* of the stored pixels */
    int sample_bytes; /* 1 or 2 (16-bit: the high byte is the 8-bit value) */
    int depth_exact;  /* 16-bit: every sample is v * 257 */
    int opaque;       /* alpha is 255 everywhere (only looked for when there is alpha) */
    int grey;         /* r == g == b everywhere (only looked for when allowed) */
    int palette_full; /* more than 256 colours */
    uint32_t keys[acpng_palette_slots];
    int16_t order[acpng_palette_slots];
    uint32_t colours[256];
    int colour_count;
} acpng_scan;

/* Pixel of an 8-bit (or 16-bit, high bytes) G, GA, RGB or RGBA row as 0xRRGGBBAA: a pixel has the
 * same key whatever channels a reduction drops. */
static inline uint32_t acpng_pixel_key(const uint8_t *pixel, int channels, int step) {
    uint32_t r, g, b;
    if (channels >= 3) {
        r = pixel[0];
        g = pixel[step];
        b = pixel[2 * step];
    } else {
        r = g = b = pixel[0];
    }
    const uint32_t a = (channels == 2 || channels == 4) ? pixel[(channels - 1) * step] : 255;
    return r << 24 | g << 16 | b << 8 | a;
}

static inline uint32_t acpng_palette_slot(const acpng_scan *scan, uint32_t key) {
    uint32_t slot = (key * 2654435761u) >> 22;
    while (scan->order[slot] >= 0 && scan->keys[slot] != key) slot = (slot + 1) & (acpng_palette_slots - 1);
    return slot;
}

/* Starts a scan; returns 0 when the stored format rules every reduction out. */
static int acpng_scan_init(acpng_scan *scan, int bit_depth, int color_type, int allow_grey) {
    memset(scan, 0, sizeof *scan);
    if ((bit_depth != 8 && bit_depth != 16) || color_type == PNG_COLOR_TYPE_PALETTE) return 0;
    scan->channels = acpng_channels(color_type);
    scan->sample_bytes = bit_depth / 8;
    scan->depth_exact = bit_depth == 16;
    scan->opaque = color_type == PNG_COLOR_TYPE_RGB_ALPHA || color_type == PNG_COLOR_TYPE_GRAY_ALPHA;
    scan->grey = allow_grey && (color_type == PNG_COLOR_TYPE_RGB || color_type == PNG_COLOR_TYPE_RGB_ALPHA);
    for (int i = 0; i < acpng_palette_slots; i++) scan->order[i] = -1;
    return 1;
}

static void acpng_scan_rows(acpng_scan *scan, const uint8_t *rows, uint32_t count, size_t row_bytes, uint32_t width) {
    const int channels = scan->channels, step = scan->sample_bytes;
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        if (step == 2 && scan->depth_exact) {
            for (size_t i = 0; i < row_bytes; i += 2) {
                if (row[i] != row[i + 1]) {
                    scan->depth_exact = 0;
                    break;
                }
            }
        }
        /* 16-bit samples that are not all v * 257 stay 16-bit: nothing else can be reduced. */
        if (step == 2 && !scan->depth_exact) return;
        if (!scan->opaque && !scan->grey && scan->palette_full) continue;
        const uint8_t *pixel = row;
        const size_t pixel_bytes = (size_t)channels * (size_t)step;
        for (uint32_t x = 0; x < width; x++, pixel += pixel_bytes) {
            if (scan->opaque && pixel[(channels - 1) * step] != 255) scan->opaque = 0;
            if (scan->grey && (pixel[0] != pixel[step] || pixel[0] != pixel[2 * step])) scan->grey = 0;
            if (!scan->palette_full) {
                const uint32_t key = acpng_pixel_key(pixel, channels, step);
                const uint32_t slot = acpng_palette_slot(scan, key);
                if (scan->order[slot] < 0) {
                    if (scan->colour_count == 256) {
                        scan->palette_full = 1;
                        continue;
                    }
                    scan->keys[slot] = key;
                    scan->order[slot] = (int16_t)scan->colour_count;
                    scan->colours[scan->colour_count++] = key;
                }
            }
        }
    }
}

/* The forms to try after a scan: the stored one first, then an 8-bit / fewer-channel one, then a
 * palette (translucent entries first so that tRNS stays short, each group in order of first
 * appearance; 1, 2 or 4 bits per index when they suffice). rank maps a colour's order of appearance
 * to its palette index. Returns the number of forms. */
static int acpng_plan_forms(const acpng_scan *scan, const acpng_form *original, uint32_t width, acpng_form forms[3],
                            uint8_t rank[256]) {
    forms[0] = *original;
    int count = 1;
    if (scan == NULL || (scan->sample_bytes == 2 && !scan->depth_exact)) return count;
    const int has_alpha = original->color_type == PNG_COLOR_TYPE_RGB_ALPHA ||
                          original->color_type == PNG_COLOR_TYPE_GRAY_ALPHA;
    const int has_colour = original->color_type == PNG_COLOR_TYPE_RGB ||
                           original->color_type == PNG_COLOR_TYPE_RGB_ALPHA;
    const int keep_alpha = has_alpha && !scan->opaque;
    const int colour_out = has_colour && !scan->grey;
    const int type = colour_out ? (keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB)
                                : (keep_alpha ? PNG_COLOR_TYPE_GRAY_ALPHA : PNG_COLOR_TYPE_GRAY);
    if (type != original->color_type || original->bit_depth != 8) {
        acpng_form_init(&forms[count++], acpng_form_reduced, width, 8, type);
    }
    if (!scan->palette_full) {
        int next = 0, translucent = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < scan->colour_count; i++) {
                const int is_opaque = (scan->colours[i] & 0xFF) == 255;
                if (is_opaque == pass) rank[i] = (uint8_t)next++;
            }
            if (pass == 0) translucent = next;
        }
        const int colours = scan->colour_count;
        const int depth = colours <= 2 ? 1 : colours <= 4 ? 2 : colours <= 16 ? 4 : 8;
        acpng_form *palette = &forms[count++];
        acpng_form_init(palette, acpng_form_palette, width, depth, PNG_COLOR_TYPE_PALETTE);
        palette->palette_count = colours;
        palette->alpha_count = translucent;
        for (int i = 0; i < colours; i++) {
            const uint32_t key = scan->colours[i];
            palette->palette[rank[i]].red = (png_byte)(key >> 24);
            palette->palette[rank[i]].green = (png_byte)(key >> 16);
            palette->palette[rank[i]].blue = (png_byte)(key >> 8);
            palette->alphas[rank[i]] = (uint8_t)key;
        }
    }
    return count;
}

/* One stored row in a form (the original form is the row itself, never converted). */
static void acpng_convert_row(const acpng_form *form, const acpng_scan *scan, const uint8_t rank[256],
                              const uint8_t *row, uint32_t width, uint8_t *out) {
    const int channels = scan->channels, step = scan->sample_bytes;
    const uint8_t *pixel = row;
    const size_t pixel_bytes = (size_t)channels * (size_t)step;
    if (form->kind == acpng_form_reduced) {
        const int out_channels = acpng_channels(form->color_type);
        const int colour_out = form->color_type == PNG_COLOR_TYPE_RGB || form->color_type == PNG_COLOR_TYPE_RGB_ALPHA;
        const int keep_alpha = form->color_type == PNG_COLOR_TYPE_RGB_ALPHA || form->color_type == PNG_COLOR_TYPE_GRAY_ALPHA;
        for (uint32_t x = 0; x < width; x++, pixel += pixel_bytes, out += out_channels) {
            out[0] = pixel[0];
            if (colour_out) {
                out[1] = pixel[step];
                out[2] = pixel[2 * step];
            }
            if (keep_alpha) out[out_channels - 1] = pixel[(channels - 1) * step];
        }
        return;
    }
    const int depth = form->bit_depth;
    memset(out, 0, form->row_bytes);
    for (uint32_t x = 0; x < width; x++, pixel += pixel_bytes) {
        const uint32_t slot = acpng_palette_slot(scan, acpng_pixel_key(pixel, channels, step));
        const uint32_t index = rank[scan->order[slot]];
        const uint32_t bit = x * (uint32_t)depth;
        out[bit / 8] |= (uint8_t)(index << (8 - depth - bit % 8));
    }
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
 * signed bytes (the "minimum sum" heuristic libpng and oxipng use). above is the row before the first
 * (NULL for the image's first row). Writes count * (1 + row_bytes). */
static void acpng_filter_rows(const acpng_form *form, const uint8_t *rows, uint32_t count, const uint8_t *above,
                              int strategy, uint8_t *out, uint8_t *scratch) {
    const size_t row_bytes = form->row_bytes;
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        const uint8_t *previous = y > 0 ? row - row_bytes : above;
        uint8_t *target = out + (size_t)y * (row_bytes + 1);
        if (strategy < 5) {
            target[0] = (uint8_t)strategy;
            acpng_filter_row(strategy, row, previous, row_bytes, form->filter_step, target + 1);
            continue;
        }
        uint64_t best_sum = UINT64_MAX;
        for (int type = 0; type < 5; type++) {
            /* Filter straight into place when this is the first try; later tries go to scratch. */
            uint8_t *into = type == 0 ? target + 1 : scratch;
            acpng_filter_row(type, row, previous, row_bytes, form->filter_step, into);
            const uint64_t sum = acpng_row_score(into, row_bytes);
            if (sum < best_sum) {
                best_sum = sum;
                target[0] = (uint8_t)type;
                if (into != target + 1) memcpy(target + 1, scratch, row_bytes);
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

/* Everything before the image data: signature, IHDR, the kept colour chunks, PLTE, tRNS. */
static int acpng_write_head(const acpng_form *form, uint32_t width, uint32_t height, png_structp read_png,
                            png_infop read_info, acpng_buffer *out) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!acpng_buffer_append(out, signature, 8)) return 0;
    uint8_t ihdr[13];
    for (int i = 0; i < 4; i++) {
        ihdr[i] = (uint8_t)(width >> (24 - 8 * i));
        ihdr[4 + i] = (uint8_t)(height >> (24 - 8 * i));
    }
    ihdr[8] = (uint8_t)form->bit_depth;
    ihdr[9] = (uint8_t)form->color_type;
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
    if (form->palette_count > 0) {
        uint8_t plte[768];
        for (int i = 0; i < form->palette_count; i++) {
            plte[3 * i] = form->palette[i].red;
            plte[3 * i + 1] = form->palette[i].green;
            plte[3 * i + 2] = form->palette[i].blue;
        }
        if (!acpng_put_chunk(out, "PLTE", plte, (size_t)form->palette_count * 3)) return 0;
    }
    if (form->kind == acpng_form_original && trns != NULL) {
        if (!acpng_put_chunk(out, "tRNS", trns->data, trns->size)) return 0;
    } else if (form->kind != acpng_form_original && form->alpha_count > 0) {
        if (!acpng_put_chunk(out, "tRNS", form->alphas, (size_t)form->alpha_count)) return 0;
    }
    return 1;
}

/* Filter trials run at libdeflate level 1; the winner is compressed once at level 12 (its near-optimal
 * parser). Measured on the 200 artwork PNGs (docs/PERFORMANCE.md): trials at level 2 cost 8% more time
 * for no gain, a final level 10 or 9 saves 13% of the time for 0.4% or 3.5% more bytes. */
enum { acpng_trial_level = 1, acpng_final_level = 12 };

/* ---- Strips: the stored rows, a strip at a time, once per pass ---- */

typedef struct acpng_strips {
    acpng_row_reader *first;   /* the reader that scanned the image (it holds the kept chunks) */
    acpng_row_reader again;    /* a later pass's reader */
    int again_open;
    uint32_t height, rows_per_strip, count;
    size_t row_bytes;
    uint8_t *rows;             /* one strip of stored rows */
    int held;                  /* the image is one strip, already in rows */
} acpng_strips;

static uint32_t acpng_strip_rows(const acpng_strips *strips, uint32_t index) {
    const uint32_t first = index * strips->rows_per_strip;
    return strips->height - first < strips->rows_per_strip ? strips->height - first : strips->rows_per_strip;
}

/* Starts a later pass: the image is read again unless it is held. */
static acpng_status acpng_strips_rewind(acpng_strips *strips) {
    if (strips->held) return ACPNG_OK;
    /* The first reader stays open for its chunks; an interlaced image's window goes. */
    acpng_rows_drop_window(strips->first);
    if (strips->again_open) acpng_rows_close(&strips->again);
    strips->again = *strips->first;
    strips->again.keep_chunks = 0;
    strips->again_open = 1;
    return acpng_rows_open(&strips->again);
}

static acpng_status acpng_strips_read(acpng_strips *strips, acpng_row_reader *reader, uint32_t index) {
    if (strips->held) return ACPNG_OK;
    return acpng_rows_read(reader, index * strips->rows_per_strip, acpng_strip_rows(strips, index), strips->rows);
}

/* ---- The optimizer ---- */

typedef struct acpng_work {
    const acpng_scan *scan; /* NULL: no reductions */
    const uint8_t *rank;
    uint32_t width;
    acpng_form forms[3];
    int form_count;
    uint8_t *converted;      /* one strip in a form other than the original */
    uint8_t *above[3];       /* each form's row before the strip */
    int has_above;
    uint8_t *filtered;       /* one strip filtered: rows_per_strip * (1 + row_bytes) */
    uint8_t *scratch;        /* one row */
    uint8_t *compressed;     /* a strip's compressed bytes, room for the zlib header and trailer */
    size_t compressed_capacity;
} acpng_work;

/* The strip's rows in form f: the stored rows themselves, or converted. */
static const uint8_t *acpng_form_rows(acpng_work *work, int f, const acpng_strips *strips, uint32_t count) {
    const acpng_form *form = &work->forms[f];
    if (form->kind == acpng_form_original) return strips->rows;
    for (uint32_t y = 0; y < count; y++) {
        acpng_convert_row(form, work->scan, work->rank, strips->rows + (size_t)y * strips->row_bytes, work->width,
                          work->converted + (size_t)y * form->row_bytes);
    }
    return work->converted;
}

static void acpng_keep_last_row(acpng_work *work, int f, const uint8_t *rows, uint32_t count) {
    const size_t row_bytes = work->forms[f].row_bytes;
    memcpy(work->above[f], rows + (size_t)(count - 1) * row_bytes, row_bytes);
}

/* Trials: for every form and strip, the strategy whose output is smallest at the fast level; a form's
 * trial size is the sum over its strips. choices[f * strip_count + s] receives the strategy. */
static acpng_status acpng_run_trials(acpng_work *work, acpng_strips *strips, struct libdeflate_compressor *fast,
                                     uint8_t *choices, uint64_t sizes[3]) {
    acpng_status status = acpng_strips_rewind(strips);
    acpng_row_reader *reader = &strips->again;
    for (int f = 0; f < work->form_count; f++) sizes[f] = 0;
    for (uint32_t s = 0; status == ACPNG_OK && s < strips->count; s++) {
        status = acpng_strips_read(strips, reader, s);
        const uint32_t count = acpng_strip_rows(strips, s);
        for (int f = 0; status == ACPNG_OK && f < work->form_count; f++) {
            const acpng_form *form = &work->forms[f];
            const uint8_t *rows = acpng_form_rows(work, f, strips, count);
            const size_t length = (size_t)count * (form->row_bytes + 1);
            /* Palette and sub-byte images rarely gain from prediction: try none and minimum sum only. */
            static const int all[] = {0, 1, 2, 3, 4, 5}, few[] = {0, 5};
            const int sparse = form->color_type == PNG_COLOR_TYPE_PALETTE || form->bit_depth < 8;
            const int *strategies = sparse ? few : all;
            const int strategy_count = sparse ? 2 : 6;
            size_t best = 0;
            for (int i = 0; i < strategy_count; i++) {
                acpng_filter_rows(form, rows, count, s > 0 ? work->above[f] : NULL, strategies[i], work->filtered,
                                  work->scratch);
                const size_t size = libdeflate_deflate_compress(fast, work->filtered, length, work->compressed,
                                                                work->compressed_capacity);
                if (size == 0) {
                    status = ACPNG_ERR_OUT_OF_MEMORY;
                    break;
                }
                if (i == 0 || size < best) {
                    best = size;
                    choices[(size_t)f * strips->count + s] = (uint8_t)strategies[i];
                }
            }
            sizes[f] += best;
            if (strips->count > 1) acpng_keep_last_row(work, f, rows, count);
        }
    }
    return status;
}

/* The final pass: form f, each strip filtered with its chosen strategy and compressed at the final
 * level; the streams joined into one zlib stream, an IDAT chunk per strip. */
static acpng_status acpng_write_image_data(acpng_work *work, acpng_strips *strips, struct libdeflate_compressor *best,
                                           int f, const uint8_t *choices, acpng_buffer *out) {
    acpng_status status = acpng_strips_rewind(strips);
    acpng_row_reader *reader = &strips->again;
    const acpng_form *form = &work->forms[f];
    uint32_t adler = 1;
    for (uint32_t s = 0; status == ACPNG_OK && s < strips->count; s++) {
        status = acpng_strips_read(strips, reader, s);
        if (status != ACPNG_OK) break;
        const uint32_t count = acpng_strip_rows(strips, s);
        const uint8_t *rows = acpng_form_rows(work, f, strips, count);
        const size_t length = (size_t)count * (form->row_bytes + 1);
        acpng_filter_rows(form, rows, count, s > 0 ? work->above[f] : NULL, choices[(size_t)f * strips->count + s],
                          work->filtered, work->scratch);
        if (strips->count > 1) acpng_keep_last_row(work, f, rows, count);
        adler = libdeflate_adler32(adler, work->filtered, length);
        /* zlib header (deflate, 32 KiB window, "maximum compression" as libdeflate writes it) first. */
        size_t at = 0;
        if (s == 0) {
            work->compressed[at++] = 0x78;
            work->compressed[at++] = 0xDA;
        }
        size_t size = libdeflate_deflate_compress(best, work->filtered, length, work->compressed + at,
                                                  work->compressed_capacity - 2 - 6);
        if (size == 0) {
            status = ACPNG_ERR_OUT_OF_MEMORY;
            break;
        }
        if (s + 1 < strips->count) {
            size = acpng_deflate_make_continuable(work->compressed + at, size);
            if (size == 0) {
                status = ACPNG_ERR_CORRUPT;
                break;
            }
        } else {
            const uint8_t trailer[4] = {(uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8),
                                        (uint8_t)adler};
            memcpy(work->compressed + at + size, trailer, 4);
            size += 4;
        }
        if (!acpng_put_chunk(out, "IDAT", work->compressed, at + size)) status = ACPNG_ERR_OUT_OF_MEMORY;
    }
    return status;
}

/* Allocates the strip buffers for the planned forms. */
static int acpng_work_alloc(acpng_work *work, const acpng_strips *strips, struct libdeflate_compressor *fast,
                            struct libdeflate_compressor *best) {
    size_t widest = 0, widest_converted = 0;
    for (int f = 0; f < work->form_count; f++) {
        const size_t row_bytes = work->forms[f].row_bytes;
        if (row_bytes > widest) widest = row_bytes;
        if (work->forms[f].kind != acpng_form_original && row_bytes > widest_converted) widest_converted = row_bytes;
        work->above[f] = malloc(row_bytes + 1);
        if (work->above[f] == NULL) return 0;
    }
    /* rows_per_strip * widest <= the strip's stored bytes: no form is wider than the stored one. */
    const size_t filtered = (size_t)strips->rows_per_strip * (widest + 1);
    work->converted = malloc((size_t)strips->rows_per_strip * widest_converted + 1);
    work->filtered = malloc(filtered + 1);
    work->scratch = malloc(widest + 1);
    const size_t fast_bound = libdeflate_deflate_compress_bound(fast, filtered);
    const size_t best_bound = libdeflate_deflate_compress_bound(best, filtered);
    /* Room for the zlib header, and for the Adler-32 or the empty stored block after the stream. */
    work->compressed_capacity = (fast_bound > best_bound ? fast_bound : best_bound) + 2 + 6;
    work->compressed = malloc(work->compressed_capacity);
    return work->converted != NULL && work->filtered != NULL && work->scratch != NULL && work->compressed != NULL;
}

static void acpng_work_free(acpng_work *work) {
    for (int f = 0; f < 3; f++) free(work->above[f]);
    free(work->converted);
    free(work->filtered);
    free(work->scratch);
    free(work->compressed);
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

/* The optimizer after acpng_rows_open: the three passes, and the file. */
static acpng_status acpng_optimize_rows(acpng_row_reader *reader, size_t strip_bytes, size_t kept_chunks,
                                        int keep_format, acpng_buffer *output) {
    acpng_strips strips;
    memset(&strips, 0, sizeof strips);
    strips.first = reader;
    strips.height = reader->height;
    strips.row_bytes = reader->row_bytes;
    uint64_t rows_per_strip = strip_bytes / reader->row_bytes;
    if (rows_per_strip == 0) rows_per_strip = 1;
    if (rows_per_strip > reader->height) rows_per_strip = reader->height;
    strips.rows_per_strip = (uint32_t)rows_per_strip;
    strips.count = (uint32_t)((reader->height + rows_per_strip - 1) / rows_per_strip);
    strips.held = strips.count == 1;

    acpng_scan *scan = malloc(sizeof *scan);
    acpng_work work;
    memset(&work, 0, sizeof work);
    uint8_t rank[256];
    uint8_t *choices = NULL;
    struct libdeflate_compressor *fast = libdeflate_alloc_compressor(acpng_trial_level);
    struct libdeflate_compressor *best = libdeflate_alloc_compressor(acpng_final_level);
    strips.rows = malloc((size_t)rows_per_strip * reader->row_bytes + 1);
    acpng_status status = scan != NULL && strips.rows != NULL && fast != NULL && best != NULL ? ACPNG_OK
                                                                                              : ACPNG_ERR_OUT_OF_MEMORY;

    /* Reductions change the colour type: not with tRNS or sBIT (their layout depends on it), and never
     * to grey under an ICC profile (an RGB profile cannot describe grey samples). */
    int has_trns = 0, has_sbit = 0, has_iccp = 0;
    png_unknown_chunkp unknowns = NULL;
    const int unknown_count = png_get_unknown_chunks(reader->png, reader->info, &unknowns);
    for (int i = 0; i < unknown_count; i++) {
        if (memcmp(unknowns[i].name, "tRNS", 4) == 0) has_trns = 1;
        if (memcmp(unknowns[i].name, "sBIT", 4) == 0) has_sbit = 1;
        if (memcmp(unknowns[i].name, "iCCP", 4) == 0) has_iccp = 1;
    }
    const int scanning = status == ACPNG_OK && !keep_format && !has_trns && !has_sbit &&
                         acpng_scan_init(scan, reader->bit_depth, reader->color_type, !has_iccp);

    /* Pass 1: every row (damage anywhere is an error before anything is written), scanned for the
     * reductions. */
    for (uint32_t s = 0; status == ACPNG_OK && s < strips.count; s++) {
        const uint32_t count = acpng_strip_rows(&strips, s);
        status = acpng_rows_read(reader, s * strips.rows_per_strip, count, strips.rows);
        if (status == ACPNG_OK && scanning) acpng_scan_rows(scan, strips.rows, count, strips.row_bytes, reader->width);
    }
    if (status == ACPNG_OK && acpng_preserved_chunk_count(reader->png, reader->info) != kept_chunks) {
        /* libpng refused to cache one (over the size or count limit); writing the image without it
         * would change how it looks. */
        acpng_set_message(reader->message, reader->message_capacity, NULL,
                          "a colour or transparency chunk could not be preserved");
        status = ACPNG_ERR_CORRUPT;
    }

    if (status == ACPNG_OK) {
        acpng_form original;
        acpng_form_init(&original, acpng_form_original, reader->width, reader->bit_depth, reader->color_type);
        png_colorp palette = NULL;
        int palette_count = 0;
        if (png_get_PLTE(reader->png, reader->info, &palette, &palette_count) != 0 && palette_count > 0 &&
            palette_count <= 256) {
            memcpy(original.palette, palette, (size_t)palette_count * sizeof *palette);
            original.palette_count = palette_count;
        }
        work.scan = scanning ? scan : NULL;
        work.rank = rank;
        work.width = reader->width;
        work.form_count = acpng_plan_forms(work.scan, &original, reader->width, work.forms, rank);
        choices = malloc((size_t)work.form_count * strips.count);
        if (choices == NULL || !acpng_work_alloc(&work, &strips, fast, best)) status = ACPNG_ERR_OUT_OF_MEMORY;
    }

    uint64_t sizes[3] = {0, 0, 0};
    if (status == ACPNG_OK) status = acpng_run_trials(&work, &strips, fast, choices, sizes);
    int winner = 0;
    uint64_t winner_size = UINT64_MAX;
    for (int f = 0; status == ACPNG_OK && f < work.form_count; f++) {
        /* A palette costs its PLTE and tRNS chunks: count them, or tiny images would get bigger. */
        uint64_t size = sizes[f];
        const acpng_form *form = &work.forms[f];
        if (form->kind != acpng_form_original && form->palette_count > 0) {
            size += 12 + 3 * (uint64_t)form->palette_count;
            if (form->alpha_count > 0) size += 12 + (uint64_t)form->alpha_count;
        }
        if (size < winner_size) {
            winner = f;
            winner_size = size;
        }
    }
    if (status == ACPNG_OK && !acpng_write_head(&work.forms[winner], reader->width, reader->height, reader->png,
                                                reader->info, output)) {
        status = ACPNG_ERR_OUT_OF_MEMORY;
    }
    if (status == ACPNG_OK) status = acpng_write_image_data(&work, &strips, best, winner, choices, output);
    if (status == ACPNG_OK && !acpng_put_chunk(output, "IEND", NULL, 0)) status = ACPNG_ERR_OUT_OF_MEMORY;

    if (strips.again_open) acpng_rows_close(&strips.again);
    acpng_work_free(&work);
    free(choices);
    free(strips.rows);
    free(scan);
    if (fast != NULL) libdeflate_free_compressor(fast);
    if (best != NULL) libdeflate_free_compressor(best);
    return status;
}

acpng_status acpng_optimize_with_options(const void *bytes, size_t length, const acpng_optimize_options *options,
                                         acpng_buffer *output, char *message, size_t message_capacity) {
    const uint8_t *data = bytes;
    acpng_set_message(message, message_capacity, NULL, "");
    if (output == NULL || options == NULL) return ACPNG_ERR_INVALID_ARGUMENT;
    memset(output, 0, sizeof *output);

    acpng_header header;
    acpng_status status = acpng_precheck(data, length, options->max_pixels, &header, message, message_capacity, NULL);
    if (status != ACPNG_OK) return status;
    int animated = 0;
    const size_t kept_chunks = acpng_count_kept_chunks(data, length, &animated);
    if (animated) {
        acpng_set_message(message, message_capacity, NULL, "animated PNG (APNG): re-encoding would drop the animation");
        return ACPNG_ERR_UNSUPPORTED;
    }
    const size_t strip_bytes = options->strip_bytes != 0 ? options->strip_bytes : ACPNG_DEFAULT_STRIP_BYTES;
    acpng_row_reader reader;
    memset(&reader, 0, sizeof reader);
    reader.data = data;
    reader.length = length;
    reader.max_pixels = options->max_pixels;
    reader.keep_chunks = 1;
    reader.window_bytes = strip_bytes * ACPNG_INTERLACED_WINDOW_FACTOR;
    reader.message = message;
    reader.message_capacity = message_capacity;
    status = acpng_rows_open(&reader);
    if (status == ACPNG_OK) status = acpng_optimize_rows(&reader, strip_bytes, kept_chunks, options->keep_format, output);
    acpng_rows_close(&reader);
    if (status == ACPNG_ERR_OUT_OF_MEMORY) acpng_set_message(message, message_capacity, NULL, "out of memory");
    if (status != ACPNG_OK) {
        free(output->data);
        memset(output, 0, sizeof *output);
    }
    return status;
}

acpng_status acpng_optimize(const void *bytes, size_t length, uint64_t max_pixels, int keep_format,
                            acpng_buffer *output, char *message, size_t message_capacity) {
    acpng_optimize_options options;
    memset(&options, 0, sizeof options);
    options.max_pixels = max_pixels;
    options.keep_format = keep_format;
    return acpng_optimize_with_options(bytes, length, &options, output, message, message_capacity);
}
