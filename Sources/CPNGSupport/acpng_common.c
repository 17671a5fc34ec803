#include "acpng_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t acpng_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

void acpng_free(void *pointer) { free(pointer); }

uint32_t acpng_be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) |
           ((uint32_t)bytes[2] << 8) | (uint32_t)bytes[3];
}

void acpng_set_message(char *message, size_t capacity, const char *prefix,
                       const char *text) {
    if (message == NULL || capacity == 0) return;
    /* Every inspection clears the message first: no formatting for that. */
    if ((prefix == NULL || prefix[0] == '\0') && (text == NULL || text[0] == '\0')) {
        message[0] = '\0';
        return;
    }
    snprintf(message, capacity, "%s%s", prefix != NULL ? prefix : "",
             text != NULL ? text : "");
}

acpng_status acpng_status_after_error(const acpng_io *io) {
    if (io->out_of_memory) return ACPNG_ERR_OUT_OF_MEMORY;
    if (io->truncated) return ACPNG_ERR_TRUNCATED;
    return ACPNG_ERR_CORRUPT;
}

void acpng_io_init_read(acpng_io *io, const void *data, size_t length,
                        char *message, size_t message_capacity) {
    memset(io, 0, sizeof *io);
    io->data = data;
    io->length = length;
    io->message = message;
    io->message_capacity = message_capacity;
}

int acpng_buffer_append(acpng_buffer *buffer, const uint8_t *bytes, size_t count) {
    if (count > SIZE_MAX - buffer->length) return 0;
    size_t needed = buffer->length + count;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity != 0 ? buffer->capacity : 8192;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) {
                capacity = needed;
                break;
            }
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, count);
    buffer->length = needed;
    return 1;
}

/* --- libpng callbacks ---------------------------------------------------- */

static void acpng_error_fn(png_structp png, png_const_charp text) {
    acpng_io *io = png_get_error_ptr(png);
    if (io != NULL) {
        acpng_set_message(io->message, io->message_capacity, io->message_prefix,
                          text);
    }
    /* Never return: libpng's fallback would print to stderr before jumping. */
    png_longjmp(png, 1);
}

static void acpng_warning_fn(png_structp png, png_const_charp text) {
    /* Warnings (including benign errors such as an invalid optional chunk) are
     * not failures; staying silent keeps stderr clean for thousands of files. */
    (void)png;
    (void)text;
}

static png_voidp acpng_malloc_fn(png_structp png, png_alloc_size_t size) {
    void *pointer = malloc(size);
    if (pointer == NULL) {
        acpng_io *io = png_get_mem_ptr(png);
        if (io != NULL) io->out_of_memory = 1;
    }
    return pointer;
}

static void acpng_free_fn(png_structp png, png_voidp pointer) {
    (void)png;
    free(pointer);
}

static void acpng_read_fn(png_structp png, png_bytep out, size_t count) {
    acpng_io *io = png_get_io_ptr(png);
    if (count > io->length - io->offset) {
        io->truncated = 1;
        png_error(png, "unexpected end of PNG data (file is truncated)");
    }
    memcpy(out, io->data + io->offset, count);
    io->offset += count;
}

static void acpng_write_fn(png_structp png, png_bytep bytes, size_t count) {
    acpng_io *io = png_get_io_ptr(png);
    if (!acpng_buffer_append(io->output, bytes, count)) {
        io->out_of_memory = 1;
        png_error(png, "out of memory growing the output buffer");
    }
}

static void acpng_flush_fn(png_structp png) { (void)png; }

void acpng_io_init_write(acpng_io *io, acpng_buffer *output, char *message,
                         size_t message_capacity) {
    memset(io, 0, sizeof *io);
    io->output = output;
    io->message = message;
    io->message_capacity = message_capacity;
}

acpng_status acpng_create_reader(acpng_io *io, png_structp *png, png_infop *info) {
    *png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, io, acpng_error_fn, acpng_warning_fn,
                                    io, acpng_malloc_fn, acpng_free_fn);
    *info = *png != NULL ? png_create_info_struct(*png) : NULL;
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        acpng_set_message(io->message, io->message_capacity, NULL,
                          "out of memory creating the PNG reader");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    png_set_read_fn(*png, io, acpng_read_fn);
    return ACPNG_OK;
}

acpng_status acpng_create_writer(acpng_io *io, png_structp *png, png_infop *info) {
    *png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, io, acpng_error_fn, acpng_warning_fn,
                                     io, acpng_malloc_fn, acpng_free_fn);
    *info = *png != NULL ? png_create_info_struct(*png) : NULL;
    if (*info == NULL) {
        png_destroy_write_struct(png, NULL);
        acpng_set_message(io->message, io->message_capacity, NULL,
                          "out of memory creating the PNG writer");
        return ACPNG_ERR_OUT_OF_MEMORY;
    }
    png_set_write_fn(*png, io, acpng_write_fn, acpng_flush_fn);
    return ACPNG_OK;
}

void acpng_configure_read(png_structp png, uint64_t max_pixels) {
    /* libpng's default only warns about (and discards) ancillary chunks with a
     * bad CRC; for integrity checking every CRC mismatch must be fatal. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* One side can be at most max_pixels long (the other is at least 1); the
     * real limit, width * height, was already checked from IHDR. */
    uint64_t side = max_pixels;
    if (side > PNG_UINT_31_MAX) side = PNG_UINT_31_MAX;
    if (side == 0) side = 1;
    png_set_user_limits(png, (png_uint_32)side, (png_uint_32)side);
    png_set_chunk_cache_max(png, 1000);
    png_set_chunk_malloc_max(png, ACPNG_MAX_ICC_PROFILE_BYTES);
}

void acpng_ignore_ancillary_chunks(png_structp png) {
    /* -1 = every ancillary chunk libpng knows except tRNS, plus unknown ones. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
}

int acpng_exceeds_limit(uint32_t width, uint32_t height, uint64_t max_pixels) {
    return (uint64_t)width * (uint64_t)height > max_pixels;
}

acpng_status acpng_peek_header(const void *bytes, size_t length,
                               acpng_header *header) {
    const uint8_t *data = bytes;
    memset(header, 0, sizeof *header);
    if (data == NULL || length == 0) return ACPNG_ERR_NOT_PNG;
    if (length < sizeof acpng_signature) {
        return memcmp(data, acpng_signature, length) == 0 ? ACPNG_ERR_TRUNCATED
                                                          : ACPNG_ERR_NOT_PNG;
    }
    if (memcmp(data, acpng_signature, sizeof acpng_signature) != 0) {
        return ACPNG_ERR_NOT_PNG;
    }
    /* signature + length + "IHDR" + 13 bytes of data + CRC */
    if (length < 8 + 8 + 13 + 4) return ACPNG_ERR_TRUNCATED;
    if (acpng_be32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0) {
        return ACPNG_ERR_CORRUPT;
    }
    header->width = acpng_be32(data + 16);
    header->height = acpng_be32(data + 20);
    header->bit_depth = data[24];
    header->color_type = data[25];
    header->interlace_method = data[28];
    return ACPNG_OK;
}

acpng_status acpng_precheck(const void *data, size_t length,
                            uint64_t max_pixels, acpng_header *header,
                            char *message, size_t message_capacity,
                            const char *prefix) {
    acpng_status status = acpng_peek_header(data, length, header);
    switch (status) {
    case ACPNG_OK:
        break;
    case ACPNG_ERR_NOT_PNG:
        acpng_set_message(message, message_capacity, prefix,
                          "not a PNG file (signature mismatch)");
        return status;
    case ACPNG_ERR_TRUNCATED:
        acpng_set_message(message, message_capacity, prefix,
                          "PNG data ends before the IHDR chunk is complete");
        return status;
    default:
        acpng_set_message(message, message_capacity, prefix,
                          "the first chunk is not a valid IHDR");
        return status;
    }
    if (header->width == 0 || header->height == 0 || header->width > PNG_UINT_31_MAX ||
        header->height > PNG_UINT_31_MAX) {
        acpng_set_message(message, message_capacity, prefix,
                          "IHDR width or height is zero or above 2^31-1");
        return ACPNG_ERR_CORRUPT;
    }
    if (acpng_exceeds_limit(header->width, header->height, max_pixels)) {
        char text[160];
        snprintf(text, sizeof text,
                 "image is %" PRIu32 "x%" PRIu32 " pixels, more than the limit of %" PRIu64,
                 header->width, header->height, max_pixels);
        acpng_set_message(message, message_capacity, prefix, text);
        return ACPNG_ERR_TOO_LARGE;
    }
    return ACPNG_OK;
}

acpng_status acpng_check_header(const void *data, size_t length, uint64_t max_pixels,
                                acpng_header *header, char *message,
                                size_t message_capacity) {
    acpng_set_message(message, message_capacity, NULL, "");
    return acpng_precheck(data, length, max_pixels, header, message, message_capacity,
                          NULL);
}

/* Chunks that change how pixels are interpreted. They are carried through as
 * raw bytes (libpng treats them as "unknown, keep") so nothing libpng would
 * validate, reinterpret or silently drop can alter them. Both spellings of the
 * HDR chunks are listed because drafts of PNG 3 used lower-case last letters. */
const png_byte acpng_kept_chunks[] = {
    'i', 'C', 'C', 'P', '\0', 's', 'R', 'G', 'B', '\0', 'g', 'A', 'M', 'A', '\0',
    'c', 'H', 'R', 'M', '\0', 's', 'B', 'I', 'T', '\0', 'p', 'H', 'Y', 's', '\0',
    't', 'R', 'N', 'S', '\0', 'c', 'I', 'C', 'P', '\0', 'm', 'D', 'C', 'v', '\0',
    'c', 'L', 'L', 'i', '\0', 'm', 'D', 'C', 'V', '\0', 'c', 'L', 'L', 'I', '\0',
};
_Static_assert(sizeof acpng_kept_chunks == 5 * ACPNG_KEPT_CHUNK_COUNT,
               "ACPNG_KEPT_CHUNK_COUNT must match the list");

int acpng_is_kept_chunk(const uint8_t *type) {
    for (int i = 0; i < ACPNG_KEPT_CHUNK_COUNT; i++) {
        if (memcmp(type, acpng_kept_chunks + 5 * i, 4) == 0) return 1;
    }
    return 0;
}
