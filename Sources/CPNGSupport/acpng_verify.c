/*
 * Fast integrity check of a non-interlaced image's data, without libpng.
 *
 * libpng inflates one row at a time, and zlib only takes its fast path
 * (inflate_fast) when at least 258 bytes of output space are available, so the
 * rows of small images are always inflated on the slow path. This verifier walks
 * the chunks from the first IDAT to IEND over the in-memory file and inflates
 * the concatenated IDAT data straight from the file into one large buffer (the
 * whole image when it is small, otherwise a reusable window).
 *
 * It reproduces what acpng_inspect's libpng path (png_read_row for every row,
 * then png_read_end with no info struct) accepts and rejects:
 *   - every chunk's CRC is checked (critical and ancillary alike);
 *   - chunk lengths above 2^31-1 and invalid chunk types are errors (so are
 *     chunks above libpng's size limits with the libpng versions that reject
 *     them); data ending before IEND is ACPNG_ERR_TRUNCATED;
 *   - zlib errors, a stream that ends early or never ends, and a filter type
 *     above 4 are errors; the stream's window size comes from its header, as
 *     in libpng;
 *   - like libpng, more decompressed data than the image needs ("Too much
 *     image data") and bytes after the end of the zlib stream are accepted,
 *     and the chunks after the IDAT run are only CRC-checked (IHDR there is an
 *     error, as in libpng).
 * Only when the caller needs the opacity of the pixels are rows unfiltered
 * (two rows alive at a time when the image does not fit the buffer); otherwise
 * only the filter type bytes are looked at.
 *
 * libpng's leniency is reproduced on purpose, so that a file gets the same
 * verdict whichever path reads it: it reads IDAT data in 8 KiB pieces and, once
 * the last row is complete, only looks at the rest of the stream (typically the
 * Adler-32) if it is in the piece at hand, so a bad or missing checksum in a
 * later piece or IDAT passes; the same pieces are fed to zlib here.
 *
 * Differences from libpng, all on damaged files: when a complete IDAT chunk has
 * a bad CRC, that is reported even where libpng would first have hit a zlib
 * error in the same chunk (both ACPNG_ERR_CORRUPT, other message); and streams
 * that declare a window smaller than both 32 KiB and the image data are left to
 * libpng (acpng_verify_applies), because zlib's check for distances beyond the
 * window depends on the size of the output buffer.
 */
#include "acpng_internal.h"

#include <inttypes.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Default size of the inflate output buffer. */
#define ACPNG_VERIFY_BUFFER_BYTES ((size_t)256 * 1024)

/* libpng reads IDAT data in pieces of this size (PNG_IDAT_READ_SIZE) and only
 * reads the next piece when zlib has consumed the current one; feeding zlib the
 * same pieces makes the end-of-stream checks below behave exactly like libpng's. */
#define ACPNG_LIBPNG_READ_PIECE 8192u

/* Most output offered to one inflate call (avail_out is a uInt). */
#define ACPNG_VERIFY_MAX_CALL ((size_t)1 << 30)

#define ACPNG_TRUNCATED_MESSAGE "unexpected end of PNG data (file is truncated)"

static const uint8_t acpng_type_idat[4] = {'I', 'D', 'A', 'T'};
static const uint8_t acpng_type_iend[4] = {'I', 'E', 'N', 'D'};
static const uint8_t acpng_type_ihdr[4] = {'I', 'H', 'D', 'R'};

static unsigned acpng_channels(uint8_t color_type) {
    switch (color_type) {
    case ACPNG_COLOR_RGB: return 3;
    case ACPNG_COLOR_GRAY_ALPHA: return 2;
    case ACPNG_COLOR_RGBA: return 4;
    default: return 1; /* gray, palette */
    }
}

/* Size of the image data: height * (1 + rowbytes). */
static uint64_t acpng_image_data_size(const acpng_verify_plan *plan, uint64_t *row_bytes) {
    const uint64_t bits =
        (uint64_t)plan->width * acpng_channels(plan->color_type) * plan->bit_depth;
    *row_bytes = (bits + 7) / 8;
    return (uint64_t)plan->height * (*row_bytes + 1);
}

/* --- messages -------------------------------------------------------------- */

/* Chunk names as libpng prints them: letters as is, anything else as [hex]. */
static void acpng_format_type(char out[17], const uint8_t type[4]) {
    size_t used = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t c = type[i];
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
            out[used++] = (char)c;
        } else {
            snprintf(out + used, 5, "[%02X]", c);
            used += 4;
        }
    }
    out[used] = '\0';
}

static void acpng_chunk_message(char *message, size_t capacity, const uint8_t type[4],
                                const char *text) {
    char name[17];
    char prefix[24];
    acpng_format_type(name, type);
    snprintf(prefix, sizeof prefix, "%s: ", name);
    acpng_set_message(message, capacity, prefix, text);
}

/* --- chunk walking ----------------------------------------------------------- */

typedef struct acpng_walker {
    const uint8_t *data;
    size_t length;
    /* Offset of the next chunk. */
    size_t position;
    /* libpng's chunk size limits (png_check_chunk_length), or 0 for none. */
    uint64_t chunk_limit;
    uint64_t idat_limit;
    char *message;
    size_t message_capacity;
} acpng_walker;

typedef struct acpng_chunk {
    const uint8_t *type;
    const uint8_t *body;
    uint32_t length;
    /* Offset of the chunk's first byte (its length field). */
    size_t offset;
} acpng_chunk;

static int acpng_is_type(const acpng_chunk *chunk, const uint8_t type[4]) {
    return memcmp(chunk->type, type, 4) == 0;
}

/* Reads the next chunk's length and type, with the checks libpng makes on a chunk
 * header (png_read_chunk_header). Does not look at the body. */
static acpng_status acpng_read_header(acpng_walker *walker, acpng_chunk *chunk) {
    if (walker->length - walker->position < 8) {
        acpng_set_message(walker->message, walker->message_capacity, NULL,
                          ACPNG_TRUNCATED_MESSAGE);
        return ACPNG_ERR_TRUNCATED;
    }
    const uint8_t *header = walker->data + walker->position;
    chunk->offset = walker->position;
    chunk->length = acpng_be32(header);
    chunk->type = header + 4;
    chunk->body = header + 8;
    if (chunk->length > PNG_UINT_31_MAX) {
        acpng_set_message(walker->message, walker->message_capacity, NULL,
                          "PNG unsigned integer out of range");
        return ACPNG_ERR_CORRUPT;
    }
    for (int i = 0; i < 4; i++) {
        uint8_t c = chunk->type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            acpng_chunk_message(walker->message, walker->message_capacity, chunk->type,
                                "invalid chunk type");
            return ACPNG_ERR_CORRUPT;
        }
    }
    uint64_t limit = acpng_is_type(chunk, acpng_type_idat) ? walker->idat_limit
                                                           : walker->chunk_limit;
    if (limit != 0 && chunk->length > limit) {
        acpng_chunk_message(walker->message, walker->message_capacity, chunk->type,
                            "chunk data is too large");
        return ACPNG_ERR_CORRUPT;
    }
    return ACPNG_OK;
}

/* png_check_chunk_length as in libpng 1.6.35 to 1.6.38, where exceeding the
 * limit is an error (1.6.32 to 1.6.34 computed the IDAT limit slightly
 * differently): IDAT may be as large as the image data could need with
 * deflate's worst-case overhead, any other chunk up to chunk_malloc_max. */
static void acpng_set_chunk_limits(acpng_walker *walker, const acpng_verify_plan *plan) {
    walker->chunk_limit = 0;
    walker->idat_limit = 0;
    if (!plan->reject_oversized_chunks) return;
    uint64_t limit = PNG_UINT_31_MAX;
    if (plan->chunk_malloc_max > 0 && plan->chunk_malloc_max < limit) {
        limit = plan->chunk_malloc_max;
    }
    uint64_t row_factor = (uint64_t)plan->width * acpng_channels(plan->color_type) *
                              (plan->bit_depth > 8 ? 2 : 1) +
                          1;
    uint64_t idat_limit = PNG_UINT_31_MAX;
    if (plan->height <= UINT32_MAX / row_factor) idat_limit = plan->height * row_factor;
    if (row_factor > 32566) row_factor = 32566;
    idat_limit += 6 + 5 * (idat_limit / row_factor + 1);
    if (idat_limit > PNG_UINT_31_MAX) idat_limit = PNG_UINT_31_MAX;
    walker->chunk_limit = limit;
    walker->idat_limit = limit < idat_limit ? idat_limit : limit;
}

/* Checks that the body and CRC are present and that the CRC matches, then
 * moves past the chunk. */
static acpng_status acpng_finish_chunk(acpng_walker *walker, const acpng_chunk *chunk) {
    size_t available = walker->length - chunk->offset - 8;
    if (available < (size_t)chunk->length + 4) {
        acpng_set_message(walker->message, walker->message_capacity, NULL,
                          ACPNG_TRUNCATED_MESSAGE);
        return ACPNG_ERR_TRUNCATED;
    }
    /* Type and data are contiguous. libdeflate's CRC-32 is zlib's, computed
     * several times faster (carry-less multiplication where the CPU has it). */
    uint32_t crc = libdeflate_crc32(0, chunk->type, (size_t)chunk->length + 4);
    if (crc != acpng_be32(chunk->body + chunk->length)) {
        acpng_chunk_message(walker->message, walker->message_capacity, chunk->type,
                            "CRC error");
        return ACPNG_ERR_CORRUPT;
    }
    walker->position = chunk->offset + 12 + (size_t)chunk->length;
    return ACPNG_OK;
}

/* --- unfiltering and opacity ---------------------------------------------- */

void acpng_unfilter(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp,
                    unsigned filter) {
    size_t i;
    switch (filter) {
    case 1: /* Sub */
        for (i = bpp; i < count; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        break;
    case 2: /* Up */
        for (i = 0; i < count; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        break;
    case 3: /* Average */
        for (i = 0; i < bpp && i < count; i++) row[i] = (uint8_t)(row[i] + (prior[i] >> 1));
        for (; i < count; i++) {
            row[i] = (uint8_t)(row[i] + (((unsigned)row[i - bpp] + prior[i]) >> 1));
        }
        break;
    case 4: /* Paeth; with a = c = 0 the predictor is b */
        for (i = 0; i < bpp && i < count; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        for (; i < count; i++) {
            int a = row[i - bpp], b = prior[i], c = prior[i - bpp];
            int pa = b - c, pb = a - c;
            int pc = pa + pb;
            if (pa < 0) pa = -pa;
            if (pb < 0) pb = -pb;
            if (pc < 0) pc = -pc;
            int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
            row[i] = (uint8_t)(row[i] + predictor);
        }
        break;
    default: /* None */
        break;
    }
}

/* Returns 1 when every pixel of the unfiltered row is fully opaque, with the
 * same result libpng's png_set_expand gives (see acpng_inspect.c). */
static int acpng_row_opaque(const acpng_verify_plan *plan, const uint8_t *row) {
    const uint32_t width = plan->width;
    const unsigned depth = plan->bit_depth;
    switch (plan->color_type) {
    case ACPNG_COLOR_RGBA:
    case ACPNG_COLOR_GRAY_ALPHA: {
        const unsigned channels = plan->color_type == ACPNG_COLOR_RGBA ? 4 : 2;
        if (depth == 16) {
            const size_t stride = (size_t)channels * 2;
            const uint8_t *alpha = row + (size_t)(channels - 1) * 2;
            for (uint32_t x = 0; x < width; x++, alpha += stride) {
                if ((alpha[0] & alpha[1]) != 0xFF) return 0;
            }
            return 1;
        }
        const uint8_t *alpha = row + (channels - 1);
        for (uint32_t x = 0; x < width; x++, alpha += channels) {
            if (*alpha != 0xFF) return 0;
        }
        return 1;
    }
    case ACPNG_COLOR_PALETTE: {
        /* png_do_expand_palette: alpha is trans_alpha[index] below num_trans,
         * 255 otherwise. */
        const uint8_t *translucent = plan->translucent_index;
        if (depth == 8) {
            for (uint32_t x = 0; x < width; x++) {
                if (translucent[row[x]]) return 0;
            }
            return 1;
        }
        const unsigned mask = (1u << depth) - 1;
        for (uint32_t x = 0; x < width; x++) {
            size_t bit = (size_t)x * depth;
            unsigned index = (row[bit >> 3] >> (8 - depth - (bit & 7))) & mask;
            if (translucent[index]) return 0;
        }
        return 1;
    }
    case ACPNG_COLOR_GRAY: {
        /* png_do_expand: a sample equal to the tRNS gray value (masked to the
         * bit depth) becomes transparent. */
        if (depth == 16) {
            const uint8_t high = (uint8_t)(plan->trans_gray >> 8);
            const uint8_t low = (uint8_t)(plan->trans_gray & 0xFF);
            for (uint32_t x = 0; x < width; x++) {
                if (row[2 * (size_t)x] == high && row[2 * (size_t)x + 1] == low) return 0;
            }
            return 1;
        }
        const unsigned mask = (1u << depth) - 1;
        const unsigned key = plan->trans_gray & mask;
        if (depth == 8) {
            for (uint32_t x = 0; x < width; x++) {
                if (row[x] == key) return 0;
            }
            return 1;
        }
        for (uint32_t x = 0; x < width; x++) {
            size_t bit = (size_t)x * depth;
            if (((row[bit >> 3] >> (8 - depth - (bit & 7))) & mask) == key) return 0;
        }
        return 1;
    }
    case ACPNG_COLOR_RGB: {
        if (depth == 16) {
            uint8_t key[6];
            key[0] = (uint8_t)(plan->trans_red >> 8);
            key[1] = (uint8_t)(plan->trans_red & 0xFF);
            key[2] = (uint8_t)(plan->trans_green >> 8);
            key[3] = (uint8_t)(plan->trans_green & 0xFF);
            key[4] = (uint8_t)(plan->trans_blue >> 8);
            key[5] = (uint8_t)(plan->trans_blue & 0xFF);
            for (uint32_t x = 0; x < width; x++) {
                if (memcmp(row + 6 * (size_t)x, key, 6) == 0) return 0;
            }
            return 1;
        }
        const uint8_t red = (uint8_t)(plan->trans_red & 0xFF);
        const uint8_t green = (uint8_t)(plan->trans_green & 0xFF);
        const uint8_t blue = (uint8_t)(plan->trans_blue & 0xFF);
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *pixel = row + 3 * (size_t)x;
            if (pixel[0] == red && pixel[1] == green && pixel[2] == blue) return 0;
        }
        return 1;
    }
    default:
        return 1;
    }
}

/* --- inflating the image data ---------------------------------------------- */

typedef struct acpng_inflater {
    const acpng_verify_plan *plan;
    z_stream stream;
    int stream_ready;

    size_t row_bytes;
    /* row_bytes + 1: the filter type byte leads every row. */
    size_t stride;
    size_t bpp;
    /* height * stride: the exact size of the decompressed image data. */
    uint64_t expected;
    uint64_t produced;
    uint32_t row;

    /* Output buffer. In row mode [consumed, fill) holds the start of the row
     * being assembled; in scan mode the buffer is only scratch space. */
    uint8_t *buffer;
    size_t capacity;
    size_t fill;
    size_t consumed;
    /* Row mode: unfilter rows and check their opacity. Scan mode: only check
     * the filter type bytes; next_filter is the offset of the next one from the
     * start of the next output. */
    int row_mode;
    size_t next_filter;
    /* Previous unfiltered row: inside buffer, or prior_copy after the buffer
     * was compacted (all zero before the first row). */
    const uint8_t *prior;
    uint8_t *prior_copy;
    int opaque;

    /* The zlib stream ended, or it went on past the image (accepted like
     * libpng's benign "Too much image data"); later IDAT data is not read. */
    int finished;
    /* Bytes produced after the last row. */
    uint64_t extra;

    char *message;
    size_t message_capacity;
} acpng_inflater;

static acpng_status acpng_bad_filter(acpng_inflater *inflater, unsigned filter, uint64_t row) {
    char text[96];
    snprintf(text, sizeof text, "bad adaptive filter value %u in row %" PRIu64, filter, row);
    acpng_set_message(inflater->message, inflater->message_capacity, NULL, text);
    return ACPNG_ERR_CORRUPT;
}

/* Scan mode: checks the filter type bytes in count fresh bytes at output. */
static acpng_status acpng_scan_filters(acpng_inflater *inflater, const uint8_t *output,
                                       size_t count, uint64_t first_byte) {
    size_t position = inflater->next_filter;
    for (; position < count; position += inflater->stride) {
        if (output[position] > 4) {
            return acpng_bad_filter(inflater, output[position],
                                    (first_byte + position) / inflater->stride);
        }
    }
    inflater->next_filter = position - count;
    return ACPNG_OK;
}

/* Row mode: unfilters and checks every complete row in the buffer, then makes
 * room for more output. */
static acpng_status acpng_process_rows(acpng_inflater *inflater) {
    const size_t stride = inflater->stride;
    while (inflater->fill - inflater->consumed >= stride) {
        uint8_t *row = inflater->buffer + inflater->consumed;
        unsigned filter = row[0];
        if (filter > 4) return acpng_bad_filter(inflater, filter, inflater->row);
        acpng_unfilter(row + 1, inflater->prior, inflater->row_bytes, inflater->bpp, filter);
        inflater->prior = row + 1;
        inflater->consumed += stride;
        inflater->row++;
        if (!acpng_row_opaque(inflater->plan, row + 1)) {
            /* The answer is known: only the filter bytes of the rest matter. */
            inflater->opaque = 0;
            inflater->row_mode = 0;
            inflater->next_filter = 0;
            const uint8_t *rest = inflater->buffer + inflater->consumed;
            size_t pending = inflater->fill - inflater->consumed;
            inflater->fill = inflater->consumed = 0;
            return acpng_scan_filters(inflater, rest, pending,
                                      (uint64_t)inflater->row * stride);
        }
    }
    /* Compact when less than a row (or a small amount) of space is left; the
     * previous row moves to prior_copy because the move may overwrite it. */
    size_t room = inflater->capacity - inflater->fill;
    if (inflater->consumed > 0 && inflater->produced < inflater->expected &&
        (room < stride || room < 4096)) {
        if (inflater->prior != inflater->prior_copy) {
            memcpy(inflater->prior_copy, inflater->prior, inflater->row_bytes);
            inflater->prior = inflater->prior_copy;
        }
        size_t pending = inflater->fill - inflater->consumed;
        memmove(inflater->buffer, inflater->buffer + inflater->consumed, pending);
        inflater->fill = pending;
        inflater->consumed = 0;
    }
    return ACPNG_OK;
}

static acpng_status acpng_zlib_error(acpng_inflater *inflater, int result) {
    const char *text = inflater->stream.msg;
    if (text == NULL) {
        switch (result) {
        case Z_NEED_DICT: text = "missing LZ dictionary"; break;
        case Z_DATA_ERROR: text = "damaged LZ stream"; break;
        case Z_MEM_ERROR: text = "insufficient memory"; break;
        case Z_STREAM_ERROR: text = "bad parameters to zlib"; break;
        case Z_VERSION_ERROR: text = "unsupported zlib version"; break;
        default: text = "unexpected zlib return code"; break;
        }
    }
    acpng_chunk_message(inflater->message, inflater->message_capacity, acpng_type_idat, text);
    return result == Z_MEM_ERROR ? ACPNG_ERR_OUT_OF_MEMORY : ACPNG_ERR_CORRUPT;
}

static acpng_status acpng_not_enough_data(acpng_inflater *inflater) {
    acpng_set_message(inflater->message, inflater->message_capacity, NULL,
                      inflater->produced < inflater->expected
                          ? "Not enough image data"
                          : "Not enough image data (the zlib stream does not end)");
    return ACPNG_ERR_CORRUPT;
}

/* Inflates one read piece (see ACPNG_LIBPNG_READ_PIECE) of IDAT data, in place.
 * Returns with the piece consumed, or once the outcome no longer depends on the
 * rest of the data (inflater->finished). */
static acpng_status acpng_inflate_piece(acpng_inflater *inflater, const uint8_t *data,
                                        uint32_t length) {
    z_stream *stream = &inflater->stream;
    stream->next_in = (Bytef *)(uintptr_t)data;
    stream->avail_in = (uInt)length;
    /* Like libpng, more input is fetched only once zlib has consumed all it had. */
    while (stream->avail_in > 0 && !inflater->finished) {
        const uInt input_before = stream->avail_in;
        if (inflater->produced < inflater->expected) {
            uint8_t *output = inflater->row_mode ? inflater->buffer + inflater->fill
                                                 : inflater->buffer;
            size_t room = inflater->capacity - (inflater->row_mode ? inflater->fill : 0);
            uint64_t missing = inflater->expected - inflater->produced;
            if (room > missing) room = (size_t)missing;
            if (room > ACPNG_VERIFY_MAX_CALL) room = ACPNG_VERIFY_MAX_CALL;
            stream->next_out = output;
            stream->avail_out = (uInt)room;
            /* Z_FINISH: no sliding window is kept when the whole stream is
             * inflated by this call (the common case for small images). It
             * behaves like Z_NO_FLUSH otherwise (Z_BUF_ERROR = more to do). */
            int result = inflate(stream, Z_FINISH);
            size_t count = room - stream->avail_out;
            uint64_t first_byte = inflater->produced;
            inflater->produced += count;
            acpng_status status = ACPNG_OK;
            if (inflater->row_mode) {
                inflater->fill += count;
                status = acpng_process_rows(inflater);
            } else {
                status = acpng_scan_filters(inflater, output, count, first_byte);
            }
            if (status != ACPNG_OK) return status;
            if (result == Z_STREAM_END) {
                inflater->finished = 1;
                if (inflater->produced < inflater->expected) return acpng_not_enough_data(inflater);
                break;
            }
            /* An error found while the image is still being read, including
             * right after its last byte (typically a bad zlib checksum), is
             * fatal, as in libpng's png_read_row. */
            if (result != Z_OK && result != Z_BUF_ERROR) return acpng_zlib_error(inflater, result);
            if (count == 0 && stream->avail_in == input_before) {
                /* Cannot happen with input and output space; never spin. */
                return acpng_zlib_error(inflater, Z_STREAM_ERROR);
            }
        } else {
            /* Every row is complete but the stream has not ended yet. libpng
             * (png_read_finish_IDAT) inflates what follows into a scratch
             * buffer and treats every outcome as benign except needing input
             * that is not there: a call that produces nothing ends the check,
             * extra output ("Too much image data") continues it to the end of
             * the stream, and zlib errors are only warnings. */
            const size_t room = inflater->capacity < ACPNG_VERIFY_MAX_CALL
                                    ? inflater->capacity
                                    : ACPNG_VERIFY_MAX_CALL;
            stream->next_out = inflater->buffer;
            stream->avail_out = (uInt)room;
            int result = inflate(stream, Z_NO_FLUSH);
            inflater->extra += room - stream->avail_out;
            if (result == Z_STREAM_END || (result != Z_OK && result != Z_BUF_ERROR) ||
                inflater->extra == 0) {
                inflater->finished = 1;
                break;
            }
            if (stream->avail_out == room && stream->avail_in == input_before) {
                inflater->finished = 1; /* no progress: nothing more to learn */
                break;
            }
        }
    }
    return ACPNG_OK;
}

/* Inflates the pieces of an IDAT chunk's data in libpng's read order. */
static acpng_status acpng_inflate_chunk(acpng_inflater *inflater, const uint8_t *data,
                                        uint32_t length) {
    uint32_t offset = 0;
    while (offset < length && !inflater->finished) {
        uint32_t piece = length - offset;
        if (piece > ACPNG_LIBPNG_READ_PIECE) piece = ACPNG_LIBPNG_READ_PIECE;
        acpng_status status = acpng_inflate_piece(inflater, data + offset, piece);
        if (status != ACPNG_OK) return status;
        offset += piece;
    }
    return ACPNG_OK;
}

static acpng_status acpng_inflater_init(acpng_inflater *inflater, const acpng_verify_plan *plan,
                                        char *message, size_t message_capacity) {
    memset(inflater, 0, sizeof *inflater);
    inflater->plan = plan;
    inflater->message = message;
    inflater->message_capacity = message_capacity;
    inflater->opaque = 1;
    inflater->row_mode = plan->check_alpha != 0;

    const unsigned channels = acpng_channels(plan->color_type);
    uint64_t row_bytes;
    const uint64_t expected = acpng_image_data_size(plan, &row_bytes);
    if (row_bytes + 1 > SIZE_MAX / 2 || expected / (row_bytes + 1) != plan->height) {
        acpng_set_message(message, message_capacity, NULL, "image is too large for this system");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    inflater->row_bytes = (size_t)row_bytes;
    inflater->stride = (size_t)row_bytes + 1;
    inflater->bpp = (channels * plan->bit_depth) / 8;
    if (inflater->bpp == 0) inflater->bpp = 1;
    inflater->expected = expected;

    size_t capacity = plan->buffer_bytes != 0 ? plan->buffer_bytes : ACPNG_VERIFY_BUFFER_BYTES;
    if (capacity > expected) capacity = (size_t)expected;
    if (inflater->row_mode && capacity < inflater->stride) capacity = inflater->stride;
    if (capacity == 0) capacity = 1;
    inflater->capacity = capacity;

    /* One allocation: the output buffer, then (row mode) the zero prior row. */
    size_t extra = inflater->row_mode ? inflater->row_bytes : 0;
    if (capacity > SIZE_MAX - extra) {
        acpng_set_message(message, message_capacity, NULL, "image is too large for this system");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    inflater->buffer = malloc(capacity + extra);
    if (inflater->buffer == NULL) {
        acpng_set_message(message, message_capacity, NULL,
                          "out of memory allocating the inflate buffer");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    if (inflater->row_mode) {
        inflater->prior_copy = inflater->buffer + capacity;
        memset(inflater->prior_copy, 0, extra);
        inflater->prior = inflater->prior_copy;
    }

    /* windowBits 0: use the window size from the zlib header, as libpng does
     * (a stream that reaches further back than it declares is corrupt). */
    if (inflateInit2(&inflater->stream, 0) != Z_OK) {
        acpng_set_message(message, message_capacity, NULL, "out of memory initialising zlib");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    inflater->stream_ready = 1;
    return ACPNG_OK;
}

static void acpng_inflater_release(acpng_inflater *inflater) {
    if (inflater->stream_ready) inflateEnd(&inflater->stream);
    free(inflater->buffer);
    inflater->buffer = NULL;
}

/* --- entry point ------------------------------------------------------------ */

int acpng_verify_applies(const uint8_t *data, size_t length, size_t first_idat,
                         const acpng_verify_plan *plan) {
    /* zlib reports a distance beyond the stream's declared window only when
     * the match reaches back past the start of the output buffer of the
     * current inflate call, so whether libpng (one row per call) sees the
     * error depends on its row size. The verifier's large buffers would miss
     * it. This only matters for windows below 32 KiB (deflate distances go up
     * to 32 KiB) that are smaller than the image data; libpng's own encoder
     * only shrinks the window below the data size plus 262 bytes. */
    uint64_t row_bytes;
    const uint64_t expected = acpng_image_data_size(plan, &row_bytes);
    size_t position = first_idat;
    while (position <= length && length - position >= 8) {
        const uint8_t *header = data + position;
        if (memcmp(header + 4, acpng_type_idat, 4) != 0) break;
        uint32_t chunk_length = acpng_be32(header);
        if (chunk_length > PNG_UINT_31_MAX) break;
        if (chunk_length > 0) {
            if (length - position - 8 == 0) break;
            unsigned cinfo = header[8] >> 4;
            if (cinfo < 7 && ((uint64_t)1 << (cinfo + 8)) < expected) {
                /* Unless the byte is damaged: the verifier reports the CRC error. */
                if (length - position - 8 >= (size_t)chunk_length + 4 &&
                    libdeflate_crc32(0, header + 4, (size_t)chunk_length + 4) !=
                        acpng_be32(header + 8 + chunk_length)) {
                    return 1;
                }
                return 0;
            }
            break;
        }
        position += 12; /* an empty IDAT */
    }
    return 1;
}

/* From the first chunk after the IDAT run (its header already read) to IEND,
 * chunks are only CRC-checked (png_read_end without an info struct), except
 * that a second IHDR is an error. */
static acpng_status acpng_verify_tail(acpng_walker *walker, acpng_chunk *chunk) {
    for (;;) {
        if (acpng_is_type(chunk, acpng_type_ihdr)) {
            acpng_chunk_message(walker->message, walker->message_capacity, chunk->type,
                                "out of place");
            return ACPNG_ERR_CORRUPT;
        }
        acpng_status status = acpng_finish_chunk(walker, chunk);
        if (status != ACPNG_OK) return status;
        if (acpng_is_type(chunk, acpng_type_iend)) return ACPNG_OK;
        status = acpng_read_header(walker, chunk);
        if (status != ACPNG_OK) return status;
    }
}

static acpng_status acpng_verify_run(acpng_walker *walker, acpng_inflater *inflater) {
    acpng_chunk chunk;
    acpng_status status;

    /* The IDAT run: consecutive IDAT chunks hold the zlib stream. */
    for (;;) {
        status = acpng_read_header(walker, &chunk);
        if (status != ACPNG_OK) return status;
        if (!acpng_is_type(&chunk, acpng_type_idat)) break;
        size_t available = walker->length - chunk.offset - 8;
        if (available < (size_t)chunk.length + 4 && !inflater->finished) {
            /* Truncated: libpng inflates the pieces that are there before it
             * notices, so a damaged stream in them is reported first. */
            uint32_t whole = available < chunk.length ? (uint32_t)available : chunk.length;
            whole -= whole % ACPNG_LIBPNG_READ_PIECE;
            if (available >= chunk.length) whole = chunk.length;
            status = acpng_inflate_chunk(inflater, chunk.body, whole);
            if (status != ACPNG_OK) return status;
        }
        status = acpng_finish_chunk(walker, &chunk);
        if (status != ACPNG_OK) return status;
        if (!inflater->finished) {
            status = acpng_inflate_chunk(inflater, chunk.body, chunk.length);
            if (status != ACPNG_OK) return status;
        }
    }
    /* As in libpng, this is decided on the header of the first other chunk. */
    if (!inflater->finished) return acpng_not_enough_data(inflater);
    return acpng_verify_tail(walker, &chunk);
}

/* --- whole-buffer path ------------------------------------------------------ */

/* Images whose data is at most this large are inflated in one call into one
 * buffer; larger ones take the streaming path, whose memory use is bounded. */
#define ACPNG_WHOLE_MAX_BYTES ((uint64_t)64 * 1024 * 1024)

/* Buffers up to this size stay with the thread for the next image. */
#define ACPNG_WHOLE_KEEP_BYTES ((size_t)4 * 1024 * 1024)

/* A thread's decompressor and buffers, reused from image to image: a catalog
 * holds thousands of small images, and allocating a decompressor (about 32 KiB
 * of tables) and buffers for each would cost more than inflating some of them. */
typedef struct acpng_whole_state {
    struct libdeflate_decompressor *decompressor;
    uint8_t *output;
    size_t output_capacity;
    uint8_t *input;
    size_t input_capacity;
} acpng_whole_state;

static pthread_key_t acpng_whole_key;
static pthread_once_t acpng_whole_once = PTHREAD_ONCE_INIT;
static int acpng_whole_key_ready;

static void acpng_whole_state_free(void *pointer) {
    acpng_whole_state *state = pointer;
    if (state == NULL) return;
    libdeflate_free_decompressor(state->decompressor);
    free(state->output);
    free(state->input);
    free(state);
}

static void acpng_whole_make_key(void) {
    acpng_whole_key_ready = pthread_key_create(&acpng_whole_key, acpng_whole_state_free) == 0;
}

/* NULL when out of memory (the caller then takes the streaming path). */
static acpng_whole_state *acpng_whole_state_get(void) {
    pthread_once(&acpng_whole_once, acpng_whole_make_key);
    if (!acpng_whole_key_ready) return NULL;
    acpng_whole_state *state = pthread_getspecific(acpng_whole_key);
    if (state != NULL) return state;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->decompressor = libdeflate_alloc_decompressor();
    if (state->decompressor == NULL || pthread_setspecific(acpng_whole_key, state) != 0) {
        acpng_whole_state_free(state);
        return NULL;
    }
    return state;
}

/* Makes *buffer hold at least size bytes; 0 when out of memory. */
static int acpng_reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    free(*buffer);
    *buffer = malloc(size);
    *capacity = *buffer != NULL ? size : 0;
    return *buffer != NULL;
}

static void acpng_whole_state_trim(acpng_whole_state *state) {
    if (state->output_capacity > ACPNG_WHOLE_KEEP_BYTES) {
        free(state->output);
        state->output = NULL;
        state->output_capacity = 0;
    }
    if (state->input_capacity > ACPNG_WHOLE_KEEP_BYTES) {
        free(state->input);
        state->input = NULL;
        state->input_capacity = 0;
    }
}

/* The thread's decompressor and a buffer of at least size bytes, for the fast
 * decoder (acpng_decode.c); 0 when out of memory. Call acpng_thread_inflate_done
 * afterwards so large buffers are not kept. */
int acpng_thread_inflate_buffers(size_t size, struct libdeflate_decompressor **decompressor,
                                 uint8_t **buffer, uint8_t **join, size_t join_size) {
    acpng_whole_state *state = acpng_whole_state_get();
    if (state == NULL) return 0;
    if (!acpng_reserve(&state->output, &state->output_capacity, size)) return 0;
    if (join_size > 0 && !acpng_reserve(&state->input, &state->input_capacity, join_size)) return 0;
    *decompressor = state->decompressor;
    *buffer = state->output;
    *join = state->input;
    return 1;
}

void acpng_thread_inflate_done(void) {
    acpng_whole_state *state = acpng_whole_state_get();
    if (state != NULL) acpng_whole_state_trim(state);
}

/* Filter types, and the opacity when the plan asks for it, over the whole
 * decompressed image data (height rows of stride bytes). zero_row is row_bytes
 * zero bytes: the row above the first. Rows are unfiltered in place as far as
 * the opacity needs, or all of them with unfilter_all. */
static int acpng_whole_check_rows(const acpng_verify_plan *plan, uint8_t *rows,
                                  const uint8_t *zero_row, size_t row_bytes, size_t bpp,
                                  int unfilter_all, int8_t *all_alpha_opaque) {
    const size_t stride = row_bytes + 1;
    const uint8_t *prior = zero_row;
    int opaque = 1;
    uint32_t y = 0;
    if (plan->check_alpha || unfilter_all) {
        for (; y < plan->height && (unfilter_all || opaque); y++) {
            uint8_t *row = rows + (size_t)y * stride;
            if (row[0] > 4) return 0;
            acpng_unfilter(row + 1, prior, row_bytes, bpp, row[0]);
            if (plan->check_alpha && opaque) opaque = acpng_row_opaque(plan, row + 1);
            prior = row + 1;
        }
    }
    /* The rest (everything when the pixels do not matter): filter bytes only. */
    for (; y < plan->height; y++) {
        if (rows[(size_t)y * stride] > 4) return 0;
    }
    if (plan->check_alpha) *all_alpha_opaque = opaque ? ACPNG_OPAQUE_YES : ACPNG_OPAQUE_NO;
    return 1;
}

/* Proves the image data whole in one pass: CRC-checks the IDAT run, inflates
 * it with libdeflate in one call into a buffer the size of the image data, and
 * checks the filter types (and opacity), then checks the chunks up to IEND.
 *
 * Returns 1 only when the file is sound: the zlib stream is valid, ends with a
 * correct Adler-32, and decompresses to exactly the image data. The streaming
 * path accepts every such file too, because it applies the same checks (it is
 * only more lenient, like libpng: about the Adler-32 when the last row is
 * complete, and about extra data). Anything else returns 0 without a verdict,
 * and the caller runs the streaming path, which words the error exactly as
 * libpng would (damaged files are rare, so the second pass costs nothing that
 * matters).
 *
 * The one difference from zlib is in degenerate Huffman codes, which no
 * encoder writes: zlib and libdeflate both accept an empty code and a code of
 * one one-bit codeword, but libdeflate decodes the unused codeword (or, for an
 * empty code, any bit) as a symbol where zlib reports an invalid code, and it
 * accepts such a code for the code-length code too. A hand-made stream relying
 * on that, and still ending with the right amount of data and a correct
 * Adler-32, passes here but fails in libpng. */
static int acpng_verify_whole(const uint8_t *data, size_t length, size_t first_idat,
                              const acpng_verify_plan *plan, acpng_verify_result *result) {
    uint64_t row_bytes64;
    const uint64_t expected = acpng_image_data_size(plan, &row_bytes64);
    if (expected == 0 || expected > ACPNG_WHOLE_MAX_BYTES) return 0;
    const size_t row_bytes = (size_t)row_bytes64;
    size_t bpp = (acpng_channels(plan->color_type) * plan->bit_depth) / 8;
    if (bpp == 0) bpp = 1;

    acpng_whole_state *state = acpng_whole_state_get();
    if (state == NULL) return 0;

    /* Messages of this pass are never shown: a failure is worded by the
     * streaming path. */
    char scratch[8];
    acpng_walker walker;
    walker.data = data;
    walker.length = length;
    walker.position = first_idat;
    walker.message = scratch;
    walker.message_capacity = sizeof scratch;
    acpng_set_chunk_limits(&walker, plan);

    /* The IDAT run. A single chunk is inflated in place; several are joined. */
    acpng_chunk chunk;
    const uint8_t *stream = NULL;
    size_t stream_length = 0;
    int joined = 0;
    int sound = 0;
    for (;;) {
        if (acpng_read_header(&walker, &chunk) != ACPNG_OK) goto done;
        if (!acpng_is_type(&chunk, acpng_type_idat)) break;
        if (acpng_finish_chunk(&walker, &chunk) != ACPNG_OK) goto done;
        if (chunk.length == 0) continue;
        if (stream == NULL) {
            stream = chunk.body;
            stream_length = chunk.length;
            continue;
        }
        /* The joined data is at most the file's size. */
        if (!joined) {
            if (!acpng_reserve(&state->input, &state->input_capacity, length)) goto done;
            memcpy(state->input, stream, stream_length);
            stream = state->input;
            joined = 1;
        }
        memcpy(state->input + stream_length, chunk.body, chunk.length);
        stream_length += chunk.length;
    }
    if (stream == NULL) goto done;

    /* The output buffer ends with a zero row: the row above the first. */
    if (!acpng_reserve(&state->output, &state->output_capacity, (size_t)expected + row_bytes)) {
        goto done;
    }
    size_t consumed = 0;
    size_t produced = 0;
    enum libdeflate_result inflated = libdeflate_zlib_decompress_ex(
        state->decompressor, stream, stream_length, state->output, (size_t)expected, &consumed,
        &produced);
    if (inflated != LIBDEFLATE_SUCCESS || produced != expected) goto done;
    const uint8_t *zero_row = state->output + expected;
    memset(state->output + expected, 0, row_bytes);
    /* Well-compressed image data is not estimated: the audit only estimates
     * weakly compressed data, and the estimate needs every row unfiltered. */
    const int estimate = plan->estimate_refiltering &&
                         (double)stream_length >= plan->estimate_min_data_ratio * (double)expected;
    if (!acpng_whole_check_rows(plan, state->output, zero_row, row_bytes, bpp, estimate,
                                &result->all_alpha_opaque)) {
        goto done;
    }
    sound = acpng_verify_tail(&walker, &chunk) == ACPNG_OK;
    if (sound && plan->estimate_refiltering) {
        /* After the 2-byte zlib header: BFINAL is bit 0, BTYPE bits 1-2. */
        result->image_data_stored = stream_length > 2 && ((stream[2] >> 1) & 3) == 0;
        if (estimate) {
            result->has_refiltered_estimate = 1;
            result->refiltered_estimate_bytes =
                acpng_estimate_refiltered_bytes(state->output, zero_row, row_bytes, bpp, plan->height);
        }
    }

done:
    acpng_whole_state_trim(state);
    return sound;
}

/* --- entry point, continued ------------------------------------------------- */

acpng_status acpng_verify_image_data(const uint8_t *data, size_t length, size_t first_idat,
                                     const acpng_verify_plan *plan, acpng_verify_result *result,
                                     char *message, size_t message_capacity) {
    result->all_alpha_opaque = ACPNG_OPAQUE_UNKNOWN;
    result->used_whole_buffer = 0;
    result->image_data_stored = -1;
    result->has_refiltered_estimate = 0;
    result->refiltered_estimate_bytes = 0;
    if (first_idat > length) return ACPNG_ERR_INVALID_ARGUMENT;
    if (!plan->streaming_only && acpng_verify_whole(data, length, first_idat, plan, result)) {
        result->used_whole_buffer = 1;
        return ACPNG_OK;
    }
    result->all_alpha_opaque = ACPNG_OPAQUE_UNKNOWN;

    acpng_walker walker;
    walker.data = data;
    walker.length = length;
    walker.position = first_idat;
    walker.message = message;
    walker.message_capacity = message_capacity;
    acpng_set_chunk_limits(&walker, plan);

    acpng_inflater inflater;
    acpng_status status = acpng_inflater_init(&inflater, plan, message, message_capacity);
    if (status == ACPNG_OK) status = acpng_verify_run(&walker, &inflater);
    if (status == ACPNG_OK && plan->check_alpha) {
        result->all_alpha_opaque = inflater.opaque ? ACPNG_OPAQUE_YES : ACPNG_OPAQUE_NO;
    }
    acpng_inflater_release(&inflater);
    return status;
}
