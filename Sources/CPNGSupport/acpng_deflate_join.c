/*
 * Joining complete deflate streams into one (issue 27). libdeflate compresses
 * a whole buffer at a time and always ends with a final block; the optimizer
 * compresses an image strip by strip, so each strip's stream but the last must
 * be made continuable: the final-block flag of its last block cleared, and the
 * stream brought to a byte boundary so that the next one can follow as is.
 *
 * Where the last block starts and where it ends are bit positions inside
 * Huffman-coded data. zlib's inflate finds them: with Z_BLOCK it stops at every
 * block boundary and reports in data_type the unused bits of the last byte it
 * took (bits 0-2), whether the block just finished was the last (64) and that
 * it stopped at a boundary (128) — zlib.h documents these for this use.
 * Inflating a strip again costs a small fraction of compressing it.
 */
#include "acpng_internal.h"

#include <string.h>
#include <zlib.h>

size_t acpng_deflate_make_continuable(uint8_t *stream, size_t length) {
    if (length == 0 || length > UINT32_MAX) return 0;
    z_stream inflater;
    memset(&inflater, 0, sizeof inflater);
    if (inflateInit2(&inflater, -15) != Z_OK) return 0;
    uint8_t sink[32768];
    inflater.next_in = stream;
    inflater.avail_in = (uInt)length;
    uint64_t last_header = 0, end = 0;
    int found = 0;
    for (;;) {
        inflater.next_out = sink;
        inflater.avail_out = sizeof sink;
        const int result = inflate(&inflater, Z_BLOCK);
        if (result != Z_OK && result != Z_STREAM_END) break;
        if ((inflater.data_type & 128) != 0) {
            const uint64_t position =
                (uint64_t)(inflater.next_in - stream) * 8 - (uint64_t)(inflater.data_type & 7);
            if ((inflater.data_type & 64) != 0) {
                end = position;
                found = 1;
                break;
            }
            last_header = position;
        }
        if (result == Z_STREAM_END) break;
    }
    inflateEnd(&inflater);
    if (!found || end <= last_header || end > (uint64_t)length * 8) return 0;

    /* BFINAL is the block header's first bit; deflate packs bits from the least significant. */
    stream[last_header / 8] &= (uint8_t)~(1u << (last_header % 8));
    size_t kept = (size_t)((end + 7) / 8);
    const unsigned used = (unsigned)(end % 8);
    if (used != 0) stream[kept - 1] &= (uint8_t)((1u << used) - 1);
    /* An empty stored block: three header bits (not final, type 00) that are zero, padding to the byte
     * boundary, LEN 0 and NLEN 0xFFFF. The header fits the last byte when at least three of its bits
     * are free; otherwise it takes (the start of) a byte of zeros of its own. */
    if (used == 0 || used > 5) stream[kept++] = 0;
    static const uint8_t empty_stored[4] = {0x00, 0x00, 0xFF, 0xFF};
    memcpy(stream + kept, empty_stored, sizeof empty_stored);
    return kept + sizeof empty_stored;
}
