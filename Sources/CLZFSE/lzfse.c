// LZFSE decoder written for assetc from the public description of the format (Apple's lzfse
// repository: block headers, finite-state-entropy tables, literal and L/M/D streams). Every read and
// write is checked against its buffer; impossible header fields are rejected before use.
#include "clzfse.h"
#include "lz_copy.h"
#include <string.h>

#define MAGIC_END 0x24787662u          /* bvx$ */
#define MAGIC_RAW 0x2d787662u          /* bvx- */
#define MAGIC_V1 0x31787662u           /* bvx1 */
#define MAGIC_V2 0x32787662u           /* bvx2 */
#define MAGIC_LZVN 0x6e787662u         /* bvxn */

enum { L_SYMBOLS = 20, M_SYMBOLS = 20, D_SYMBOLS = 64, LITERAL_SYMBOLS = 256 };
enum { L_STATES = 64, M_STATES = 64, D_STATES = 256, LITERAL_STATES = 1024 };
enum { MATCHES_PER_BLOCK = 10000, LITERALS_PER_BLOCK = 4 * MATCHES_PER_BLOCK };

static const uint8_t l_extra_bits[L_SYMBOLS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8};
static const int32_t l_base_value[L_SYMBOLS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60};
static const uint8_t m_extra_bits[M_SYMBOLS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11};
static const int32_t m_base_value[M_SYMBOLS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312};
static const uint8_t d_extra_bits[D_SYMBOLS] = {
    0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7,
    8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15};
static const int32_t d_base_value[D_SYMBOLS] = {
    0, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 28, 36, 44, 52, 60, 76, 92, 108, 124, 156, 188, 220,
    252, 316, 380, 444, 508, 636, 764, 892, 1020, 1276, 1532, 1788, 2044, 2556, 3068, 3580, 4092, 5116, 6140, 7164,
    8188, 10236, 12284, 14332, 16380, 20476, 24572, 28668, 32764, 40956, 49148, 57340, 65532, 81916, 98300, 114684,
    131068, 163836, 196604, 229372};

// One state of the literal decoder as one word: the bits to read (k, 0 to 10) in bits 0-7, the literal in bits 8-15,
// the base of the next state (0 to 1025) in bits 16-31. One load per literal, and few registers for the loop; the
// higher fields are multiples of 64, so the loop adds whole entries where it needs k modulo 64 (`decode_literals`).
typedef uint32_t literal_entry;

static inline literal_entry literal_word(int k, int symbol, int delta) {
  return (uint32_t)k | (uint32_t)symbol << 8 | (uint32_t)delta << 16;
}

typedef struct {
  uint8_t total_bits;
  uint8_t value_bits;
  int16_t delta;
  int32_t base;
} value_entry;

typedef struct {
  uint32_t n_raw_bytes, n_payload_bytes, n_literals, n_matches, n_literal_payload_bytes, n_lmd_payload_bytes;
  int32_t literal_bits, lmd_bits;
  uint16_t literal_state[4], l_state, m_state, d_state;
  uint16_t l_freq[L_SYMBOLS], m_freq[M_SYMBOLS], d_freq[D_SYMBOLS], literal_freq[LITERAL_SYMBOLS];
} block_header;

static inline uint32_t load32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}
static inline uint64_t load64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}
static inline uint16_t load16(const uint8_t *p) {
  uint16_t v;
  memcpy(&v, p, 2);
  return v;
}
static inline uint64_t field(uint64_t word, int offset, int bits) { return (word >> offset) & ((1ull << bits) - 1); }

// --- Frequency tables --------------------------------------------------------------------------------

// One frequency of the compact header: a prefix code read from the low bits (2, 3, 5, 8 or 14 bits).
static int decode_frequency(uint32_t bits, int *used) {
  static const int8_t nbits[32] = {2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14,
                                   2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14};
  static const int8_t value[32] = {0, 2, 1, 4, 0, 3, 1, -1, 0, 2, 1, 5, 0, 3, 1, -1,
                                   0, 2, 1, 6, 0, 3, 1, -1, 0, 2, 1, 7, 0, 3, 1, -1};
  const uint32_t low = bits & 31;
  *used = nbits[low];
  if (nbits[low] == 8) return 8 + (int)((bits >> 4) & 0xf);
  if (nbits[low] == 14) return 24 + (int)((bits >> 4) & 0x3ff);
  return value[low];
}

static int sum_within(const uint16_t *freq, int count, int states) {
  int sum = 0;
  for (int i = 0; i < count; i++) {
    sum += freq[i];
    if (sum > states) return 0;
  }
  return 1;
}

static int clz32(uint32_t v) { return __builtin_clz(v); }

// Fills the literal table (`LITERAL_STATES + 2` entries).
static void build_literal_table(literal_entry *table, const uint16_t *freq) {
  const int states = LITERAL_STATES;
  int n = 0;
  const int states_clz = clz32(states);
  for (int symbol = 0; symbol < LITERAL_SYMBOLS; symbol++) {
    const int f = freq[symbol];
    if (f == 0) continue;
    const int k = clz32((uint32_t)f) - states_clz;
    const int j0 = ((2 * states) >> k) - f;
    // Every delta lies in 0..<states (f << k lies in states..<2 * states), and so does every successor, the delta plus
    // the k or k - 1 bits read: the decode loop counts on it to stay within the table.
    for (int j = 0; j < f; j++, n++)
      table[n] = j < j0 ? literal_word(k, symbol, ((f + j) << k) - states) : literal_word(k - 1, symbol, (j - j0) << (k - 1));
  }
  // Unused states (frequencies summing below the state count) lead to state `states`; it and the one after it read
  // one bit and lead back to one of the two: the literal loop reports a lane that ends there as damage.
  for (; n <= states + 1; n++) table[n] = literal_word(1, 0, states);
}

static void build_value_table(value_entry *table, int states, int symbols, const uint16_t *freq,
                              const uint8_t *extra, const int32_t *base) {
  int n = 0;
  const int states_clz = clz32((uint32_t)states);
  for (int symbol = 0; symbol < symbols; symbol++) {
    const int f = freq[symbol];
    if (f == 0) continue;
    const int k = clz32((uint32_t)f) - states_clz;
    const int j0 = ((2 * states) >> k) - f;
    for (int j = 0; j < f; j++, n++) {
      value_entry e;
      e.value_bits = extra[symbol];
      e.base = base[symbol];
      if (j < j0) {
        e.total_bits = (uint8_t)(k + extra[symbol]);
        e.delta = (int16_t)(((f + j) << k) - states);
      } else {
        e.total_bits = (uint8_t)(k - 1 + extra[symbol]);
        e.delta = (int16_t)((j - j0) << (k - 1));
      }
      table[n] = e;
    }
  }
  for (; n < states; n++) { table[n].total_bits = 0xff; table[n].value_bits = 0; table[n].delta = 0; table[n].base = 0; }
}

// --- Backward bit stream ------------------------------------------------------------------------------

typedef struct {
  uint64_t accum;
  int bits;
  const uint8_t *position;  // next bytes are read just before this
  const uint8_t *start;
} bit_input;

// The reader holds the 8 bytes at `position` in `accum`; its low `bits` bits are the ones not read yet (the stream
// is read from its end, most significant bits first). Reading never changes `accum`: a value is shifted out of it
// and masked, so the chain from one read to the next is one subtraction; a refill loads the 8 bytes that end where
// the unread bits end.
//
// `extra_bits` is the header's bit count for the stream, between -7 and 0: how many bits of the last byte are not
// part of the stream.
static int bits_init(bit_input *in, int extra_bits, const uint8_t *end, const uint8_t *start) {
  in->start = start;
  if (end - start < 8) return 0;
  in->position = end - 8;
  in->accum = load64(in->position);
  in->bits = 64 + extra_bits;
  if (in->bits > 64 || in->bits < 57) return 0;
  // The bits above the stream must be zero.
  if (in->bits < 64 && (in->accum >> in->bits) != 0) return 0;
  return 1;
}

// Moves back over every whole byte read, so that at least 57 bits are unread.
static inline __attribute__((always_inline)) int bits_refill(bit_input *in) {
  const int bytes = (64 - in->bits) >> 3;
  if (in->position - in->start < bytes) return 0;
  in->position -= bytes;
  in->bits += bytes << 3;
  in->accum = load64(in->position);
  return 1;
}

// The next `n` bits (at most 32; at most the unread ones, which the callers' refills guarantee).
static inline __attribute__((always_inline)) uint64_t bits_pull(bit_input *in, int n) {
  in->bits -= n;
  return (in->accum >> (in->bits & 63)) & ((1ull << n) - 1);
}

// --- Blocks ------------------------------------------------------------------------------------------

static int read_v2_header(const uint8_t *src, size_t available, block_header *h, size_t *header_size) {
  if (available < 32) return ASSETC_LZ_TRUNCATED;
  const uint64_t v0 = load64(src + 8), v1 = load64(src + 16), v2 = load64(src + 24);
  h->n_raw_bytes = load32(src + 4);
  h->n_literals = (uint32_t)field(v0, 0, 20);
  h->n_literal_payload_bytes = (uint32_t)field(v0, 20, 20);
  h->n_matches = (uint32_t)field(v0, 40, 20);
  h->literal_bits = (int32_t)field(v0, 60, 3) - 7;
  for (int i = 0; i < 4; i++) h->literal_state[i] = (uint16_t)field(v1, 10 * i, 10);
  h->n_lmd_payload_bytes = (uint32_t)field(v1, 40, 20);
  h->lmd_bits = (int32_t)field(v1, 60, 3) - 7;
  const uint32_t size = (uint32_t)field(v2, 0, 32);
  h->l_state = (uint16_t)field(v2, 32, 10);
  h->m_state = (uint16_t)field(v2, 42, 10);
  h->d_state = (uint16_t)field(v2, 52, 10);
  if (size < 32) return ASSETC_LZ_CORRUPT;
  if (size > available) return ASSETC_LZ_TRUNCATED;
  h->n_payload_bytes = h->n_literal_payload_bytes + h->n_lmd_payload_bytes;
  // Frequencies: L, M, D, literals, in that order, as prefix codes packed from the low bits up.
  uint16_t *tables[4] = {h->l_freq, h->m_freq, h->d_freq, h->literal_freq};
  const int counts[4] = {L_SYMBOLS, M_SYMBOLS, D_SYMBOLS, LITERAL_SYMBOLS};
  const uint8_t *p = src + 32, *end = src + size;
  uint32_t accum = 0;
  int accum_bits = 0;
  for (int t = 0; t < 4; t++) {
    for (int i = 0; i < counts[t]; i++) {
      while (accum_bits <= 24 && p < end) {
        accum |= (uint32_t)*p++ << accum_bits;
        accum_bits += 8;
      }
      int used = 0;
      const int f = decode_frequency(accum, &used);
      if (used > accum_bits) return ASSETC_LZ_CORRUPT;
      accum >>= used;
      accum_bits -= used;
      tables[t][i] = (uint16_t)f;
    }
  }
  if (accum_bits >= 8 || p != end) return ASSETC_LZ_CORRUPT;
  *header_size = size;
  return ASSETC_LZ_OK;
}

static int read_v1_header(const uint8_t *src, size_t available, block_header *h, size_t *header_size) {
  // 50 bytes of fields, 360 two-byte frequencies, padded to a multiple of four.
  const size_t size = 772;
  if (available < size) return ASSETC_LZ_TRUNCATED;
  h->n_raw_bytes = load32(src + 4);
  h->n_payload_bytes = load32(src + 8);
  h->n_literals = load32(src + 12);
  h->n_matches = load32(src + 16);
  h->n_literal_payload_bytes = load32(src + 20);
  h->n_lmd_payload_bytes = load32(src + 24);
  h->literal_bits = (int32_t)load32(src + 28);
  for (int i = 0; i < 4; i++) h->literal_state[i] = load16(src + 32 + 2 * i);
  h->lmd_bits = (int32_t)load32(src + 40);
  h->l_state = load16(src + 44);
  h->m_state = load16(src + 46);
  h->d_state = load16(src + 48);
  // The frequency arrays follow the three states (the struct is padded to 2-byte alignment).
  const uint8_t *f = src + 50;
  for (int i = 0; i < L_SYMBOLS; i++, f += 2) h->l_freq[i] = load16(f);
  for (int i = 0; i < M_SYMBOLS; i++, f += 2) h->m_freq[i] = load16(f);
  for (int i = 0; i < D_SYMBOLS; i++, f += 2) h->d_freq[i] = load16(f);
  for (int i = 0; i < LITERAL_SYMBOLS; i++, f += 2) h->literal_freq[i] = load16(f);
  *header_size = size;
  if (h->n_payload_bytes != h->n_literal_payload_bytes + h->n_lmd_payload_bytes) return ASSETC_LZ_CORRUPT;
  return ASSETC_LZ_OK;
}

typedef struct {
  literal_entry literal_table[LITERAL_STATES + 2];  // the last two: where damage leads (build_literal_table)
  value_entry l_table[L_STATES], m_table[M_STATES], d_table[D_STATES];
  uint8_t literals[LITERALS_PER_BLOCK + 64];
} block_scratch;

// Where the literal decoder stands in one block: its four lanes' states, and the stream's position as one number,
// the count of unread bits from the input's first byte `start` (a pointer and a bit count kept in step were one more
// value for the compiler to spill to the stack, and a store and a load more in the chain below).
typedef struct {
  uint64_t unread;
  uint32_t s0, s1, s2, s3;
} literal_lanes;

static inline __attribute__((always_inline)) literal_lanes literal_lanes_at(const uint16_t first_states[4], const bit_input *in) {
  const literal_lanes lanes = {(uint64_t)(in->position - in->start) * 8 + (uint64_t)in->bits, first_states[0], first_states[1],
                               first_states[2], first_states[3]};
  return lanes;
}

// One group of four literals (a block's literals are four interleaved states over one backward stream); the caller
// has checked that `lanes->unread` is at least 57. On noisy data (deepmap2's residuals) this is most of the decoder's
// time, and its speed is the length of the chain that carries one group to the next (a state's table entry, the bits
// it reads, the next state), so:
// - each group loads the 8 bytes whose top bits are the unread ones from an address `unread` alone gives;
// - lane i's bits start `top - k0 - ... - ki` bits up in those 8 bytes; the shift takes its count modulo 64, so the
//   entries themselves are summed (their higher fields are multiples of 64), as a tree: lane 3 waits for three
//   operations after the table loads, not for a chain of four subtractions each behind its own zero-extension;
// - no check but the stream's start: the table has two more entries, states `LITERAL_STATES` and the one after it,
//   which lead back to those two (unused states lead there too), so a lane that meets damage stays there, and one
//   check at the block's end finds it. Every state stays within the table: a used state's successor is below
//   `LITERAL_STATES` (see `build_literal_table`).
static inline __attribute__((always_inline)) void literal_group(const literal_entry *table, literal_lanes *lanes,
                                                                const uint8_t *start, uint8_t *out) {
  // The 8 bytes whose top 57 to 64 bits (`top`) are unread: enough for four reads of at most 10 bits. `unread` starts
  // at most 8 times the stream's end (from `start`), so the load never reaches past that end; the caller's check
  // keeps it from reaching before `start`.
  const uint64_t accum = load64(start + ((lanes->unread - 57) >> 3));
  const uint32_t top = 57 + ((uint32_t)(lanes->unread - 57) & 7);
  const literal_entry e0 = table[lanes->s0], e1 = table[lanes->s1], e2 = table[lanes->s2], e3 = table[lanes->s3];
  const uint32_t e01 = e0 + e1, e23 = e2 + e3;
  const uint32_t at0 = top - e0, at1 = top - e01, at2 = (top - e2) - e01, at3 = top - (e01 + e23);
  lanes->s0 = (e0 >> 16) + (uint32_t)((accum >> (at0 & 63)) & ((1ull << (e0 & 0xff)) - 1));
  lanes->s1 = (e1 >> 16) + (uint32_t)((accum >> (at1 & 63)) & ((1ull << (e1 & 0xff)) - 1));
  lanes->s2 = (e2 >> 16) + (uint32_t)((accum >> (at2 & 63)) & ((1ull << (e2 & 0xff)) - 1));
  lanes->s3 = (e3 >> 16) + (uint32_t)((accum >> (at3 & 63)) & ((1ull << (e3 & 0xff)) - 1));
  out[0] = (uint8_t)(e0 >> 8);
  out[1] = (uint8_t)(e1 >> 8);
  out[2] = (uint8_t)(e2 >> 8);
  out[3] = (uint8_t)(e3 >> 8);
  lanes->unread -= (e01 + e23) & 63;  // k0 + k1 + k2 + k3, at most 40
}

// A block's literals from `out` up to `out_end`, a group of four at a time (`literals` has room for the last
// group). Returns 0 on damage: the stream ending early, or a lane ending outside the used states.
static inline __attribute__((always_inline)) int decode_literals(const literal_entry *table, literal_lanes *lanes,
                                                                 const uint8_t *start, uint8_t *out, const uint8_t *out_end) {
  literal_lanes l = *lanes;
  for (; out < out_end; out += 4) {
    if (l.unread < 57) return 0;
    literal_group(table, &l, start, out);
  }
  *lanes = l;
  return (l.s0 | l.s1 | l.s2 | l.s3) < LITERAL_STATES;
}

// One group of four literals as `literal_group` computes it, for the paired loop below: the stream's position is an
// absolute bit address (`bits`: the byte address times 8 plus the bit), so that no register holds the input's start
// (the caller keeps the load in bounds), and the lanes' bit offsets are subtracted one after the other, not as a tree:
// one more operation on the chain, but two fewer values live at once, which is what the paired loop runs short of.
static inline __attribute__((always_inline)) void literal_group_at(const literal_entry *table, uint64_t *bits, uint64_t *s0,
                                                                   uint64_t *s1, uint64_t *s2, uint64_t *s3, uint8_t *out) {
  const uint64_t accum = load64((const uint8_t *)(uintptr_t)((*bits - 57) >> 3));
  const uint32_t top = 57 + ((uint32_t)(*bits - 57) & 7);
  uint32_t at = top;
  literal_entry e = table[*s0];
  at -= e;
  *s0 = (e >> 16) + ((accum >> (at & 63)) & ((1ull << (e & 0xff)) - 1));
  out[0] = (uint8_t)(e >> 8);
  e = table[*s1];
  at -= e;
  *s1 = (e >> 16) + ((accum >> (at & 63)) & ((1ull << (e & 0xff)) - 1));
  out[1] = (uint8_t)(e >> 8);
  e = table[*s2];
  at -= e;
  *s2 = (e >> 16) + ((accum >> (at & 63)) & ((1ull << (e & 0xff)) - 1));
  out[2] = (uint8_t)(e >> 8);
  e = table[*s3];
  at -= e;
  *s3 = (e >> 16) + ((accum >> (at & 63)) & ((1ull << (e & 0xff)) - 1));
  out[3] = (uint8_t)(e >> 8);
  *bits -= (top - at) & 63;
}

// The first `groups` groups of two blocks' literals, side by side: one block's chain from group to group is mostly
// waiting for loads, and the other's, independent of it, fills those waits. Twelve values live through the loop (eight
// states, two positions, the output and a count); with the tables, the input's start and the loop's bound in
// registers too, the compiler kept states on the stack, and each store and reload lengthened the chains (the pair was
// slower than one block after the other). So the tables are copied onto this function's stack, addressed from the
// stack pointer; the positions are absolute bit addresses; and the loop runs in stretches that cannot reach before
// the input's start (a group reads at most 40 bits), with no check inside. Returns 0 when either stream would end
// early; the caller then decodes each block alone from its start, so that each gets the verdict it gets alone.
static inline __attribute__((always_inline)) int decode_literal_pair(block_scratch *s, literal_lanes *a, literal_lanes *b,
                                                                     const uint8_t *start, uint32_t groups) {
  literal_entry tables[2][LITERAL_STATES + 2];
  memcpy(tables[0], s[0].literal_table, sizeof tables[0]);
  memcpy(tables[1], s[1].literal_table, sizeof tables[1]);
  const uint64_t origin = (uint64_t)(uintptr_t)start * 8;
  uint64_t a_bits = origin + a->unread, b_bits = origin + b->unread;
  uint64_t a0 = a->s0, a1 = a->s1, a2 = a->s2, a3 = a->s3, b0 = b->s0, b1 = b->s1, b2 = b->s2, b3 = b->s3;
  uint8_t *out = s[0].literals;
  const size_t b_offset = (size_t)(s[1].literals - s[0].literals);
  uint64_t left = groups;
  while (left) {
    const uint64_t a_unread = a_bits - origin, b_unread = b_bits - origin;
    if (a_unread < 57 || b_unread < 57) return 0;
    uint64_t stretch = (a_unread - 57) / 40 + 1;
    if ((b_unread - 57) / 40 + 1 < stretch) stretch = (b_unread - 57) / 40 + 1;
    if (left < stretch) stretch = left;
    uint8_t *const end = out + 4 * stretch;
    for (ptrdiff_t i = -(ptrdiff_t)(4 * stretch); i < 0; i += 4) {
      literal_group_at(tables[0], &a_bits, &a0, &a1, &a2, &a3, end + i);
      literal_group_at(tables[1], &b_bits, &b0, &b1, &b2, &b3, end + i + b_offset);
    }
    out = end;
    left -= stretch;
  }
  a->unread = a_bits - origin;
  b->unread = b_bits - origin;
  a->s0 = (uint32_t)a0, a->s1 = (uint32_t)a1, a->s2 = (uint32_t)a2, a->s3 = (uint32_t)a3;
  b->s0 = (uint32_t)b0, b->s1 = (uint32_t)b1, b->s2 = (uint32_t)b2, b->s3 = (uint32_t)b3;
  return 1;
}

// Checks a block's header fields against the input, builds its tables and finds its literal stream (`lanes`).
// `stream_start` is the first byte of the whole input: refilling a backward bit stream may read a few bytes before
// the stream's own payload (bits that a valid stream never consumes), but never before that.
static inline __attribute__((always_inline)) int prepare_block(const block_header *h, const uint8_t *stream_start,
                                                               const uint8_t *payload, size_t available, block_scratch *s,
                                                               literal_lanes *lanes) {
  if (h->n_literals > LITERALS_PER_BLOCK || h->n_matches > MATCHES_PER_BLOCK) return ASSETC_LZ_CORRUPT;
  if (h->literal_bits < -7 || h->literal_bits > 0 || h->lmd_bits < -7 || h->lmd_bits > 0) return ASSETC_LZ_CORRUPT;
  for (int i = 0; i < 4; i++)
    if (h->literal_state[i] >= LITERAL_STATES) return ASSETC_LZ_CORRUPT;
  if (h->l_state >= L_STATES || h->m_state >= M_STATES || h->d_state >= D_STATES) return ASSETC_LZ_CORRUPT;
  if (!sum_within(h->l_freq, L_SYMBOLS, L_STATES) || !sum_within(h->m_freq, M_SYMBOLS, M_STATES) ||
      !sum_within(h->d_freq, D_SYMBOLS, D_STATES) || !sum_within(h->literal_freq, LITERAL_SYMBOLS, LITERAL_STATES))
    return ASSETC_LZ_CORRUPT;
  if ((size_t)h->n_literal_payload_bytes + h->n_lmd_payload_bytes > available) return ASSETC_LZ_TRUNCATED;

  build_literal_table(s->literal_table, h->literal_freq);
  build_value_table(s->l_table, L_STATES, L_SYMBOLS, h->l_freq, l_extra_bits, l_base_value);
  build_value_table(s->m_table, M_STATES, M_SYMBOLS, h->m_freq, m_extra_bits, m_base_value);
  build_value_table(s->d_table, D_STATES, D_SYMBOLS, h->d_freq, d_extra_bits, d_base_value);

  bit_input in;
  if (!bits_init(&in, h->literal_bits, payload + h->n_literal_payload_bytes, stream_start)) return ASSETC_LZ_CORRUPT;
  *lanes = literal_lanes_at(h->literal_state, &in);
  return ASSETC_LZ_OK;
}

// The block's L, M, D triples, once its literals are in `s->literals`: writes its bytes at `*out` and moves `*out`
// past them only when the whole block is good.
static inline __attribute__((always_inline)) int finish_block(const block_header *h, const uint8_t *stream_start,
                                                              const uint8_t *payload, uint8_t *dst, size_t *out,
                                                              size_t capacity, const block_scratch *s, size_t *consumed) {
  bit_input in;
  const uint8_t *lmd_end = payload + h->n_literal_payload_bytes + h->n_lmd_payload_bytes;
  if (!bits_init(&in, h->lmd_bits, lmd_end, stream_start)) return ASSETC_LZ_CORRUPT;
  uint32_t l_state = h->l_state, m_state = h->m_state, d_state = h->d_state;
  const uint8_t *literal = s->literals;
  const uint8_t *literal_limit = s->literals + h->n_literals;
  const uint8_t *literal_buffer_end = s->literals + sizeof(s->literals);
  size_t pos = *out;
  size_t distance = 0;
  const size_t block_end = pos + h->n_raw_bytes;
  if (h->n_raw_bytes > capacity - pos) return ASSETC_LZ_OUTPUT_FULL;
  for (uint32_t i = 0; i < h->n_matches; i++) {
    if (!bits_refill(&in)) return ASSETC_LZ_CORRUPT;
    const value_entry le = s->l_table[l_state];
    const value_entry me = s->m_table[m_state];
    const value_entry de = s->d_table[d_state];
    if (le.total_bits == 0xff || me.total_bits == 0xff || de.total_bits == 0xff) return ASSETC_LZ_CORRUPT;
    uint64_t v = bits_pull(&in, le.total_bits);
    l_state = (uint32_t)(le.delta + (int)(v >> le.value_bits));
    const size_t L = (size_t)(le.base + (int32_t)(v & ((1u << le.value_bits) - 1)));
    v = bits_pull(&in, me.total_bits);
    m_state = (uint32_t)(me.delta + (int)(v >> me.value_bits));
    const size_t M = (size_t)(me.base + (int32_t)(v & ((1u << me.value_bits) - 1)));
    v = bits_pull(&in, de.total_bits);
    d_state = (uint32_t)(de.delta + (int)(v >> de.value_bits));
    const size_t D = (size_t)(de.base + (int32_t)(v & ((1u << de.value_bits) - 1)));
    if (l_state >= L_STATES || m_state >= M_STATES || d_state >= D_STATES) return ASSETC_LZ_CORRUPT;
    if (D) distance = D;
    if (L > (size_t)(literal_limit - literal)) return ASSETC_LZ_CORRUPT;
    if (L + M > block_end - pos) return ASSETC_LZ_CORRUPT;
    // Copies may overshoot up to the block's end: the block writes those bytes again before it ends.
    lz_copy_literals(dst + pos, literal, L, block_end - pos, (size_t)(literal_buffer_end - literal));
    literal += L;
    pos += L;
    if (M) {
      if (distance == 0 || distance > pos) return ASSETC_LZ_CORRUPT;
      lz_copy_match(dst + pos, distance, M, block_end - pos);
      pos += M;
    }
  }
  if (pos != block_end) return ASSETC_LZ_CORRUPT;
  *out = pos;
  *consumed = (size_t)(lmd_end - payload);
  return ASSETC_LZ_OK;
}

// The three loops that decide the decoder's speed, each compiled as a function of its own (within one large function
// the compiler kept the loops' values on the stack) and twice on x86-64: for the baseline, and with BMI2, whose
// variable shifts and `bzhi` (take the low n bits) make each read of the bit stream two instructions instead of six;
// chosen once by what the processor supports. Both are the same C, so they give the same bytes and the same verdicts
// (the tests compare them: `assetc_lzfse_decode_portable`).
typedef struct {
  int (*literals)(const literal_entry *table, literal_lanes *lanes, const uint8_t *start, uint8_t *out, const uint8_t *out_end);
  // NULL: blocks are decoded one at a time (`assetc_lzfse_decode_block_by_block`).
  int (*literal_pair)(block_scratch *s, literal_lanes *a, literal_lanes *b, const uint8_t *start, uint32_t groups);
  int (*matches)(const block_header *h, const uint8_t *stream_start, const uint8_t *payload, uint8_t *dst, size_t *out,
                 size_t capacity, const block_scratch *s, size_t *consumed);
} block_kernels;

#define LZFSE_KERNELS(suffix, attributes)                                                                              \
  attributes static int literals_##suffix(const literal_entry *table, literal_lanes *lanes, const uint8_t *start,      \
                                          uint8_t *out, const uint8_t *out_end) {                                     \
    return decode_literals(table, lanes, start, out, out_end);                                                         \
  }                                                                                                                    \
  attributes static int literal_pair_##suffix(block_scratch *s, literal_lanes *a, literal_lanes *b, const uint8_t *start, \
                                              uint32_t groups) {                                                      \
    return decode_literal_pair(s, a, b, start, groups);                                                                \
  }                                                                                                                    \
  attributes static int matches_##suffix(const block_header *h, const uint8_t *stream_start, const uint8_t *payload,   \
                                         uint8_t *dst, size_t *out, size_t capacity, const block_scratch *s,           \
                                         size_t *consumed) {                                                           \
    return finish_block(h, stream_start, payload, dst, out, capacity, s, consumed);                                    \
  }

LZFSE_KERNELS(portable, __attribute__((noinline)))
static const block_kernels portable_kernels = {literals_portable, literal_pair_portable, matches_portable};
static const block_kernels block_by_block_kernels = {literals_portable, NULL, matches_portable};

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
LZFSE_KERNELS(bmi2, __attribute__((noinline, target("bmi2"))))
static const block_kernels bmi2_kernels = {literals_bmi2, literal_pair_bmi2, matches_bmi2};

static const block_kernels *fastest_kernels(void) { return __builtin_cpu_supports("bmi2") ? &bmi2_kernels : &portable_kernels; }
#else
static const block_kernels *fastest_kernels(void) { return &portable_kernels; }
#endif

// One compressed block (`bvx1` or `bvx2`) whose header has been read, its payload at `payload`.
static int decode_compressed_block(const block_kernels *k, const block_header *h, const uint8_t *stream_start,
                                   const uint8_t *payload, size_t available, uint8_t *dst, size_t *out, size_t capacity,
                                   block_scratch *s, size_t *consumed) {
  literal_lanes lanes;
  const int status = prepare_block(h, stream_start, payload, available, s, &lanes);
  if (status != ASSETC_LZ_OK) return status;
  if (!k->literals(s->literal_table, &lanes, stream_start, s->literals, s->literals + h->n_literals)) return ASSETC_LZ_CORRUPT;
  return k->matches(h, stream_start, payload, dst, out, capacity, s, consumed);
}

// Two compressed blocks in a row (the second's header read too), their literals decoded side by side: the same bytes,
// `*out` and verdict as decoding the first and then the second (`*decoded` says how many were written whole). When
// the second cannot be prepared (its fields or stream are damaged), the first is decoded alone and `*decoded` is 1:
// the caller's loop comes to the second next and reports its damage as it would have.
static int decode_compressed_pair(const block_kernels *k, const block_header h[2], const uint8_t *stream_start,
                                  const uint8_t *const payload[2], const size_t available[2], uint8_t *dst, size_t *out,
                                  size_t capacity, block_scratch s[2], size_t consumed[2], int *decoded) {
  *decoded = 0;
  literal_lanes a, b;
  int status = prepare_block(&h[0], stream_start, payload[0], available[0], &s[0], &a);
  if (status != ASSETC_LZ_OK) return status;
  int a_good, b_good = 1;
  const int paired = prepare_block(&h[1], stream_start, payload[1], available[1], &s[1], &b) == ASSETC_LZ_OK;
  if (paired) {
    const uint32_t a_groups = (h[0].n_literals + 3) / 4, b_groups = (h[1].n_literals + 3) / 4;
    const uint32_t both = a_groups < b_groups ? a_groups : b_groups;
    const literal_lanes a_start = a, b_start = b;
    if (k->literal_pair(s, &a, &b, stream_start, both)) {
      a_good = k->literals(s[0].literal_table, &a, stream_start, s[0].literals + 4 * (size_t)both, s[0].literals + h[0].n_literals);
      b_good = k->literals(s[1].literal_table, &b, stream_start, s[1].literals + 4 * (size_t)both, s[1].literals + h[1].n_literals);
    } else {
      a = a_start;
      b = b_start;
      a_good = k->literals(s[0].literal_table, &a, stream_start, s[0].literals, s[0].literals + h[0].n_literals);
      b_good = k->literals(s[1].literal_table, &b, stream_start, s[1].literals, s[1].literals + h[1].n_literals);
    }
  } else {
    a_good = k->literals(s[0].literal_table, &a, stream_start, s[0].literals, s[0].literals + h[0].n_literals);
  }
  if (!a_good) return ASSETC_LZ_CORRUPT;
  status = k->matches(&h[0], stream_start, payload[0], dst, out, capacity, &s[0], &consumed[0]);
  if (status != ASSETC_LZ_OK) return status;
  *decoded = 1;
  if (!paired) return ASSETC_LZ_OK;
  if (!b_good) return ASSETC_LZ_CORRUPT;
  status = k->matches(&h[1], stream_start, payload[1], dst, out, capacity, &s[1], &consumed[1]);
  if (status != ASSETC_LZ_OK) return status;
  *decoded = 2;
  return ASSETC_LZ_OK;
}

static assetc_lz_status lzfse_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                     size_t *written, const block_kernels *kernels);

assetc_lz_status assetc_lzfse_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                     size_t *written) {
  return lzfse_decode(src, src_size, dst, dst_capacity, written, fastest_kernels());
}

assetc_lz_status assetc_lzfse_decode_portable(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                              size_t *written) {
  return lzfse_decode(src, src_size, dst, dst_capacity, written, &portable_kernels);
}

assetc_lz_status assetc_lzfse_decode_block_by_block(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                                    size_t *written) {
  return lzfse_decode(src, src_size, dst, dst_capacity, written, &block_by_block_kernels);
}

static int read_compressed_header(uint32_t magic, const uint8_t *src, size_t available, block_header *h, size_t *header_size) {
  return magic == MAGIC_V2 ? read_v2_header(src, available, h, header_size) : read_v1_header(src, available, h, header_size);
}

static assetc_lz_status lzfse_decode(const uint8_t *src, size_t src_size, uint8_t *dst, size_t dst_capacity,
                                     size_t *written, const block_kernels *kernels) {
  size_t in = 0, out = 0;
  assetc_lz_status status = ASSETC_LZ_OK;
  // Tables and literals of two blocks (about 100 KB): per thread, so decoders on several threads never share.
  static _Thread_local block_scratch thread_scratch[2];
  block_scratch *scratch = thread_scratch;
  for (;;) {
    if (src_size - in < 4) { status = ASSETC_LZ_TRUNCATED; break; }
    const uint32_t magic = load32(src + in);
    if (magic == MAGIC_END) break;
    if (magic == MAGIC_RAW) {
      if (src_size - in < 8) { status = ASSETC_LZ_TRUNCATED; break; }
      const uint32_t n = load32(src + in + 4);
      in += 8;
      if (n > src_size - in) { status = ASSETC_LZ_TRUNCATED; break; }
      if (n > dst_capacity - out) { status = ASSETC_LZ_OUTPUT_FULL; break; }
      memcpy(dst + out, src + in, n);
      in += n;
      out += n;
    } else if (magic == MAGIC_LZVN) {
      if (src_size - in < 12) { status = ASSETC_LZ_TRUNCATED; break; }
      const uint32_t n_raw = load32(src + in + 4), n_payload = load32(src + in + 8);
      in += 12;
      if (n_payload > src_size - in) { status = ASSETC_LZ_TRUNCATED; break; }
      if (n_raw > dst_capacity - out) { status = ASSETC_LZ_OUTPUT_FULL; break; }
      size_t produced = 0, consumed = 0;
      status = assetc_lzvn_decode(src + in, n_payload, dst, out, out + n_raw, &produced, &consumed);
      if (status == ASSETC_LZ_OUTPUT_FULL || (status == ASSETC_LZ_OK && produced != n_raw)) status = ASSETC_LZ_CORRUPT;
      out += produced;
      if (status != ASSETC_LZ_OK) break;
      in += n_payload;
    } else if (magic == MAGIC_V1 || magic == MAGIC_V2) {
      block_header h[2];
      size_t header_size = 0;
      status = read_compressed_header(magic, src + in, src_size - in, &h[0], &header_size);
      if (status != ASSETC_LZ_OK) break;
      in += header_size;
      // When the next block is a compressed one too and its header reads, the two are decoded as a pair; the
      // payload sizes are the header's claims, checked again by the block decoder.
      const size_t payload = (size_t)h[0].n_literal_payload_bytes + h[0].n_lmd_payload_bytes;
      size_t next_header_size = 0;
      int pair = 0;
      if (kernels->literal_pair && payload <= src_size - in && src_size - in - payload >= 4) {
        const uint32_t next = load32(src + in + payload);
        pair = (next == MAGIC_V1 || next == MAGIC_V2) &&
               read_compressed_header(next, src + in + payload, src_size - in - payload, &h[1], &next_header_size) == ASSETC_LZ_OK;
      }
      if (pair) {
        const size_t second = in + payload + next_header_size;
        const uint8_t *const payloads[2] = {src + in, src + second};
        const size_t available[2] = {src_size - in, src_size - second};
        size_t consumed[2] = {0, 0};
        int decoded = 0;
        status = decode_compressed_pair(kernels, h, src, payloads, available, dst, &out, dst_capacity, scratch, consumed, &decoded);
        if (status != ASSETC_LZ_OK) break;
        in += decoded == 2 ? consumed[0] + next_header_size + consumed[1] : consumed[0];
      } else {
        size_t consumed = 0;
        status = decode_compressed_block(kernels, &h[0], src, src + in, src_size - in, dst, &out, dst_capacity, scratch, &consumed);
        if (status != ASSETC_LZ_OK) break;
        in += consumed;
      }
    } else {
      status = ASSETC_LZ_BAD_MAGIC;
      break;
    }
  }
  *written = out;
  return status;
}

assetc_lz_status assetc_lzfse_decoded_size(const uint8_t *src, size_t src_size, size_t *size) {
  size_t in = 0, total = 0;
  for (;;) {
    if (src_size - in < 4) return ASSETC_LZ_TRUNCATED;
    const uint32_t magic = load32(src + in);
    size_t raw = 0, skip = 0;
    if (magic == MAGIC_END) break;
    if (magic == MAGIC_RAW) {
      if (src_size - in < 8) return ASSETC_LZ_TRUNCATED;
      raw = load32(src + in + 4);
      skip = 8 + raw;
    } else if (magic == MAGIC_LZVN) {
      if (src_size - in < 12) return ASSETC_LZ_TRUNCATED;
      raw = load32(src + in + 4);
      skip = 12 + (size_t)load32(src + in + 8);
    } else if (magic == MAGIC_V2) {
      if (src_size - in < 32) return ASSETC_LZ_TRUNCATED;
      raw = load32(src + in + 4);
      const uint64_t v0 = load64(src + in + 8), v1 = load64(src + in + 16), v2 = load64(src + in + 24);
      // A header shorter than its 32 fixed bytes is damage (decoding refuses it too); without this check a header
      // size of 0 and empty payloads would never move past the block.
      const size_t header_size = (size_t)field(v2, 0, 32);
      if (header_size < 32) return ASSETC_LZ_CORRUPT;
      skip = header_size + (size_t)field(v0, 20, 20) + (size_t)field(v1, 40, 20);
    } else if (magic == MAGIC_V1) {
      if (src_size - in < 12) return ASSETC_LZ_TRUNCATED;
      raw = load32(src + in + 4);
      skip = 772 + (size_t)load32(src + in + 8);
    } else {
      return ASSETC_LZ_BAD_MAGIC;
    }
    if (skip > src_size - in) return ASSETC_LZ_TRUNCATED;
    in += skip;
    total += raw;
  }
  *size = total;
  return ASSETC_LZ_OK;
}
