#include "acpng_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The widest image the probe looks at (its row is inflated into a buffer on the stack). */
#define ACPNG_PROBE_MAX_WIDTH 1024

/* zlib's allocations come from the thread's arena, reset for each probe: inflate's state and its window (at
 * most 32 KiB) would otherwise cost a malloc and a free each, for every small PNG of a catalog. */
#define ACPNG_PROBE_ARENA_BYTES (64 * 1024)

typedef struct acpng_probe_arena {
    size_t used;
    unsigned char bytes[ACPNG_PROBE_ARENA_BYTES] __attribute__((aligned(16)));
} acpng_probe_arena;

static pthread_key_t acpng_probe_key;
static pthread_once_t acpng_probe_once = PTHREAD_ONCE_INIT;
static int acpng_probe_key_ready;

static void acpng_probe_make_key(void) {
    acpng_probe_key_ready = pthread_key_create(&acpng_probe_key, free) == 0;
}

/* The calling thread's arena, emptied; NULL when out of memory. */
static acpng_probe_arena *acpng_probe_arena_get(void) {
    pthread_once(&acpng_probe_once, acpng_probe_make_key);
    if (!acpng_probe_key_ready) return NULL;
    acpng_probe_arena *arena = pthread_getspecific(acpng_probe_key);
    if (arena == NULL) {
        arena = malloc(sizeof *arena);
        if (arena == NULL) return NULL;
        if (pthread_setspecific(acpng_probe_key, arena) != 0) {
            free(arena);
            return NULL;
        }
    }
    arena->used = 0;
    return arena;
}

static voidpf acpng_probe_alloc(voidpf opaque, uInt items, uInt size) {
    acpng_probe_arena *arena = opaque;
    const size_t wanted = (size_t)items * size;
    if (items != 0 && wanted / items != size) return Z_NULL;
    const size_t bytes = (wanted + 15) & ~(size_t)15;
    if (bytes > ACPNG_PROBE_ARENA_BYTES - arena->used) return Z_NULL;
    void *block = arena->bytes + arena->used;
    arena->used += bytes;
    return block;
}

static void acpng_probe_free(voidpf opaque, voidpf address) {
    (void)opaque;
    (void)address;
}

int acpng_first_row_has_colour(const void *bytes, size_t length) {
    const uint8_t *data = bytes;
    acpng_header header;
    if (acpng_peek_header(data, length, &header) != ACPNG_OK) return 0;
    /* 8-bit RGB or RGBA, deflate, standard filters, not interlaced: anything else is left to a full decode. */
    if (header.bit_depth != 8 || (header.color_type != 2 && header.color_type != 6)) return 0;
    if (data[26] != 0 || data[27] != 0 || header.interlace_method != 0) return 0;
    if (header.width == 0 || header.width > ACPNG_PROBE_MAX_WIDTH || header.height == 0) return 0;
    const size_t channels = header.color_type == 6 ? 4 : 3;
    const size_t row_bytes = (size_t)header.width * channels;
    uint8_t row[1 + 4 * ACPNG_PROBE_MAX_WIDTH];
    static const uint8_t zero_row[4 * ACPNG_PROBE_MAX_WIDTH];

    acpng_probe_arena *arena = acpng_probe_arena_get();
    if (arena == NULL) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    stream.zalloc = acpng_probe_alloc;
    stream.zfree = acpng_probe_free;
    stream.opaque = arena;
    if (inflateInit(&stream) != Z_OK) return 0;
    stream.next_out = row;
    stream.avail_out = (uInt)(row_bytes + 1);

    /* The chunks after IHDR up to the first row's data: PLTE (suggested colours here), tRNS (a key colour made
     * transparent premultiplies to black) or an unknown critical chunk before IDAT send the file to a full decode. */
    size_t position = 33;
    int in_idat = 0, complete = 0, ran_out = 0;
    while (!complete) {
        if (position > length || length - position < 8) {
            ran_out = 1;
            break;
        }
        const uint32_t chunk_length = acpng_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (chunk_length > 0x7FFFFFFFu) break;
        if (memcmp(type, "IDAT", 4) == 0) {
            in_idat = 1;
            /* What the buffer holds of the chunk (a file may be probed from its first bytes only). */
            const size_t available = length - position - 8;
            stream.next_in = (Bytef *)(data + position + 8);
            stream.avail_in = (uInt)(chunk_length < available ? chunk_length : available);
            const int status = inflate(&stream, Z_NO_FLUSH);
            if (stream.avail_out == 0) {
                complete = 1;
                break;
            }
            if (status != Z_OK && status != Z_BUF_ERROR) break;
            if (chunk_length > available) {
                ran_out = 1;
                break;
            }
        } else if (in_idat || (type[0] & 0x20) == 0 || memcmp(type, "tRNS", 4) == 0) {
            break;
        }
        if (length - position - 8 < (size_t)chunk_length + 4) {
            ran_out = 1;
            break;
        }
        position += 12 + (size_t)chunk_length;
    }
    inflateEnd(&stream);
    if (!complete) return ran_out ? 2 : 0;
    if (row[0] > 4) return 0;

    /* The first row's prior row is all zeros, as the decoder has it. */
    acpng_unfilter(row + 1, zero_row, row_bytes, channels, row[0]);
    const uint8_t *pixel = row + 1;
    for (uint32_t x = 0; x < header.width; x++, pixel += channels) {
        unsigned red = pixel[0], green = pixel[1], blue = pixel[2];
        if (channels == 4 && pixel[3] != 255) {
            /* Premultiplied as decoding premultiplies: colours under little alpha may round to grey. */
            red = acpng_mul_div_255(red, pixel[3]);
            green = acpng_mul_div_255(green, pixel[3]);
            blue = acpng_mul_div_255(blue, pixel[3]);
        }
        if (red != green || green != blue) return 1;
    }
    return 0;
}
