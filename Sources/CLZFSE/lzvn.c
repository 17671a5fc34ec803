// LZVN decoder written for assetc from the public description of the format (Apple's lzfse
// repository documents the opcodes). Every read and write is checked against its buffer.
#include "clzfse.h"
#include "lz_copy.h"
#include <string.h>

assetc_lz_status assetc_lzvn_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_start,
                                    size_t dst_capacity, size_t *written, size_t *consumed) {
  size_t in = 0;
  size_t out = dst_start;
  size_t distance = 0;
  assetc_lz_status status = ASSETC_LZ_OK;
  for (;;) {
    if (in >= src_size) { status = ASSETC_LZ_TRUNCATED; break; }
    const uint8_t opcode = src[in];
    size_t literals = 0, match = 0, header = 1;
    if (opcode >= 0xf0) {
      // Match with the previous distance, no literals: 1111MMMM, or 11110000 MMMMMMMM.
      if (opcode == 0xf0) {
        if (in + 2 > src_size) { status = ASSETC_LZ_TRUNCATED; break; }
        match = (size_t)src[in + 1] + 16;
        header = 2;
      } else {
        match = opcode & 0x0f;
      }
    } else if (opcode >= 0xe0) {
      // Literals only: 1110LLLL, or 11100000 LLLLLLLL.
      if (opcode == 0xe0) {
        if (in + 2 > src_size) { status = ASSETC_LZ_TRUNCATED; break; }
        literals = (size_t)src[in + 1] + 16;
        header = 2;
      } else {
        literals = opcode & 0x0f;
      }
    } else if (opcode >= 0xd0 || (opcode >= 0x70 && opcode < 0x80)) {
      status = ASSETC_LZ_CORRUPT;
      break;
    } else if (opcode >= 0xa0 && opcode < 0xc0) {
      // Medium distance: 101LLMMM DDDDDDMM DDDDDDDD.
      if (in + 3 > src_size) { status = ASSETC_LZ_TRUNCATED; break; }
      const size_t word = (size_t)src[in + 1] | ((size_t)src[in + 2] << 8);
      literals = (opcode >> 3) & 3;
      match = ((((size_t)opcode & 7) << 2) | (word & 3)) + 3;
      distance = word >> 2;
      header = 3;
    } else {
      const unsigned low = opcode & 7;
      if (low == 6) {
        if (opcode < 0x40) {
          if (opcode == 0x06) {
            // End of stream: the opcode is followed by seven bytes of padding.
            in += 8;
            if (in > src_size) { status = ASSETC_LZ_TRUNCATED; in = src_size; }
            break;
          }
          if (opcode == 0x0e || opcode == 0x16) { in += 1; continue; }
          status = ASSETC_LZ_CORRUPT;
          break;
        }
        // Previous distance: LLMMM110.
        literals = opcode >> 6;
        match = ((opcode >> 3) & 7) + 3;
      } else if (low == 7) {
        // Large distance: LLMMM111 DDDDDDDD DDDDDDDD.
        if (in + 3 > src_size) { status = ASSETC_LZ_TRUNCATED; break; }
        literals = opcode >> 6;
        match = ((opcode >> 3) & 7) + 3;
        distance = (size_t)src[in + 1] | ((size_t)src[in + 2] << 8);
        header = 3;
      } else {
        // Small distance: LLMMMDDD DDDDDDDD.
        if (in + 2 > src_size) { status = ASSETC_LZ_TRUNCATED; break; }
        literals = opcode >> 6;
        match = ((opcode >> 3) & 7) + 3;
        distance = ((size_t)low << 8) | src[in + 1];
        header = 2;
      }
    }
    in += header;
    if (literals) {
      if (literals > src_size - in) { status = ASSETC_LZ_TRUNCATED; break; }
      if (literals > dst_capacity - out) { status = ASSETC_LZ_OUTPUT_FULL; break; }
      lz_copy_literals(dst + out, src + in, literals, dst_capacity - out, src_size - in);
      in += literals;
      out += literals;
    }
    if (match) {
      if (distance == 0 || distance > out) { status = ASSETC_LZ_CORRUPT; break; }
      if (match > dst_capacity - out) { status = ASSETC_LZ_OUTPUT_FULL; break; }
      lz_copy_match(dst + out, distance, match, dst_capacity - out);
      out += match;
    }
  }
  *written = out - dst_start;
  if (consumed) *consumed = in;
  return status;
}
