#ifndef ASSETC_CLZFSE_H
#define ASSETC_CLZFSE_H

#include <stddef.h>
#include <stdint.h>

/// Result codes of the decoders. Every failure leaves `*written` at the bytes produced so far.
typedef enum {
  ASSETC_LZ_OK = 0,
  /// The input ended inside a block, header or opcode.
  ASSETC_LZ_TRUNCATED = 1,
  /// A header field, frequency table, opcode or distance is impossible.
  ASSETC_LZ_CORRUPT = 2,
  /// The output would exceed the capacity given.
  ASSETC_LZ_OUTPUT_FULL = 3,
  /// An unknown block magic.
  ASSETC_LZ_BAD_MAGIC = 4,
} assetc_lz_status;

/// Decodes a whole LZFSE stream (blocks `bvx-`, `bvx1`, `bvx2`, `bvxn` up to `bvx$`).
/// Never reads outside [src, src+src_size) nor writes outside [dst, dst+dst_capacity).
assetc_lz_status assetc_lzfse_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                     size_t *written);

/// `assetc_lzfse_decode` without its processor-specific (BMI2) code path: the same bytes and the same verdicts, for
/// the tests that hold the two paths to each other.
assetc_lz_status assetc_lzfse_decode_portable(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                              size_t *written);

/// `assetc_lzfse_decode_portable` decoding one block at a time: `assetc_lzfse_decode` decodes the literals of two
/// compressed blocks in a row side by side, and the tests hold it to this (the same bytes, count and verdict).
assetc_lz_status assetc_lzfse_decode_block_by_block(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                                    size_t *written);

/// The number of bytes an LZFSE stream's block headers promise, without decoding: lets a caller refuse a
/// stream whose size does not match before allocating for it.
assetc_lz_status assetc_lzfse_decoded_size(const uint8_t *src, size_t src_size, size_t *size);

/// Decodes a raw LZVN stream (no block header) that ends with the end-of-stream opcode, into
/// dst starting at offset `dst_start` (matches may reach back into dst[0..<dst_start]).
/// Never writes outside [dst, dst+dst_capacity), but its 16-byte copies may change up to 31 bytes of that range
/// after the `*written` bytes it produced: a caller must not keep data there.
assetc_lz_status assetc_lzvn_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_start,
                                    size_t dst_capacity, size_t *written, size_t *consumed);

#endif
