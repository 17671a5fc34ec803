// Copying literals and matches for the LZFSE and LZVN decoders: the inner loops that decide their speed.
//
// Both callers check every length against the input and the output before calling. The fast paths copy 16 bytes
// at a time and so may write up to 15 bytes past the end of a copy; a caller uses them only when `room`, the bytes
// it may overwrite from the copy's start, exceeds the length by 32, and every byte written there is either written
// again by the same block (LZFSE passes the block's end as its limit) or lies in the caller's buffer past the bytes
// the decoder reports as written (LZVN, whose header documents it).
#ifndef ASSETC_LZ_COPY_H
#define ASSETC_LZ_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LZ_COPY_SLACK 32

static inline __attribute__((always_inline)) void lz_copy16(uint8_t *to, const uint8_t *from) {
  uint8_t chunk[16];
  memcpy(chunk, from, 16);
  memcpy(to, chunk, 16);
}

// Copies `length` bytes from `from` to `to` (not overlapping), 16 at a time when `room` allows overshooting.
static inline __attribute__((always_inline)) void lz_copy_literals(uint8_t *to, const uint8_t *from, size_t length,
                                                                 size_t room, size_t source_room) {
  if (room >= length + LZ_COPY_SLACK && source_room >= length + LZ_COPY_SLACK) {
    for (size_t k = 0; k < length; k += 16) lz_copy16(to + k, from + k);
  } else {
    memcpy(to, from, length);
  }
}

// Copies a match of `length` bytes starting `distance` bytes back (1 <= distance <= bytes already written).
// Overlapping matches (distance < length) repeat the last `distance` bytes. Fast paths: a distance of 1, 2, 4 or 8
// (a run of one byte or one pixel) repeats a 64-bit pattern; another distance under 16 is widened to the smallest
// multiple of itself that is at least 16 (the bytes repeat with that period too) after writing that many bytes one
// at a time, so that every later 16-byte copy reads bytes already written.
static inline __attribute__((always_inline)) void lz_copy_match(uint8_t *out, size_t distance, size_t length, size_t room) {
  const uint8_t *from = out - distance;
  if (room < length + LZ_COPY_SLACK) {
    if (distance >= 8) {
      size_t k = 0;
      for (; k + 8 <= length; k += 8) memcpy(out + k, from + k, 8);
      for (; k < length; k++) out[k] = from[k];
    } else {
      for (size_t k = 0; k < length; k++) out[k] = from[k];
    }
    return;
  }
  if (distance >= 16) {
    for (size_t k = 0; k < length; k += 16) lz_copy16(out + k, from + k);
    return;
  }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (8 % distance == 0) {
    // 1, 2, 4 or 8 bytes repeated (a run of one byte, of one grey + alpha or BGRA pixel): the pattern fills a
    // 64-bit word, stored twice per step.
    uint64_t pattern;
    if (distance == 1) {
      pattern = from[0] * 0x0101010101010101ull;
    } else if (distance == 2) {
      uint16_t unit;
      memcpy(&unit, from, 2);
      pattern = unit * 0x0001000100010001ull;
    } else if (distance == 4) {
      uint32_t unit;
      memcpy(&unit, from, 4);
      pattern = unit * 0x0000000100000001ull;
    } else {
      memcpy(&pattern, from, 8);
    }
    for (size_t k = 0; k < length; k += 16) {
      memcpy(out + k, &pattern, 8);
      memcpy(out + k + 8, &pattern, 8);
    }
    return;
  }
#endif
  // period <= 30 < LZ_COPY_SLACK: the byte loop stays within room even for a short match.
  const size_t period = distance * ((16 + distance - 1) / distance);
  for (size_t k = 0; k < period; k++) out[k] = from[k];
  for (size_t k = period; k < length; k += 16) lz_copy16(out + k, out + k - period);
}

#endif
