// An LZFSE encoder for assetc's car writer, written for assetc from the public description of the format (the
// `bvx2` block header's packed fields, the frequency header's prefix code, the L, M and D symbol tables, the
// backward bit streams; docs/CAR-FORMAT.md). Matches come from a hash of four bytes whose buckets remember a few
// positions each (with the four bytes there, so a candidate that cannot match costs no read far back) and the
// last distance, tried first; literals and (literal count, match length, distance) triples are entropy-coded with
// finite-state entropy. A block that does not come out smaller than its bytes is stored (`bvx-`).
//
// In C rather than Swift for speed: the parse and the entropy coder run over every byte of every image a car holds,
// and Swift's exclusivity and bounds checks were a fifth of their time. Every buffer is sized at entry (the
// destination against ccar_lzfse_encode_bound, the block buffers by the block limits the parse keeps), so the
// loops need no checks of their own.

#include "ccar_lzfse_encode.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// MARK: - Limits of one bvx2 block (the decoder's buffers)

enum {
    MAX_LITERALS = 40000, // a multiple of four: the literal streams decode four at a time
    MAX_TRIPLES = 10000,
    MAX_L = 315,
    MAX_M = 2359,
    MAX_D = 262139,
    MIN_MATCH = 4,
    L_SYMBOLS = 20, M_SYMBOLS = 20, D_SYMBOLS = 64, LITERAL_SYMBOLS = 256,
    L_STATES = 64, M_STATES = 64, D_STATES = 256, LITERAL_STATES = 1024,
    // A block's encoded payload at most: 10 bits a literal, 14 + 17 + 23 bits a triple, 8 zero bytes before the
    // L, M, D stream, 8 bytes of slack after each stream (the bit writer stores 8 bytes at a time).
    MAX_BLOCK_PAYLOAD = (MAX_LITERALS * 10 + 7) / 8 + 16 + 8 + (MAX_TRIPLES * 54 + 7) / 8 + 16,
    // 32 header bytes and the frequency header: 360 frequencies of at most 14 bits.
    MAX_BLOCK_HEADER = 32 + (360 * 14 + 7) / 8,
};
// The longest match one block takes: 4,000 triples of the longest M.
static const long MAX_MATCH_BYTES = 4000L * MAX_M;

// MARK: - Per-thread work space

/// Search settings of one effort.
typedef struct {
    int ways;        // positions remembered per hash value
    int way_shift;   // log2(ways)
    int max_hash_bits;
    int skip_shift;  // misses before the search step grows by a byte (0: never)
    int lazy_limit;  // matches shorter than this are checked against the match one byte later
    int index_inside; // index every position a match covers
    int min_new_match; // the shortest match taken at a distance other than the last one
} search_settings;

// A short match at a new distance costs an L, an M and a D symbol with up to 15 extra bits: on the residuals of
// predicted tiles, whose literals cost 3 or 4 bits, matches of 4 or 5 bytes did not pay (the bench catalog's
// tiles came out 4% smaller taking none, and the search skims faster without them); on icons they do.
// The fast table (4 ways << 12 hash values × 8 bytes, 128 KiB) stays in the core's L2 cache beside a 2 MB tile:
// waiting for table entries was most of the search's time with 16,384 hash values (0.8% larger output, 25% faster).
// The thorough table (8 ways << 14, 1 MiB) is as small as it can be without losing bytes on icons.
// The fast effort's step grows by a byte every 4 misses (it grew every 32): on the low bytes of a noisy tile's
// residuals a short match turns up every ~180 bytes and saves a few bits, so nearly every position was searched for
// 1% of the output; now a small part is (the 2,000-set bench's 67 tiles, search and entropy stage: 0.36 s → 0.19 s,
// 1.1% larger; the 141 mode-2 tiles of the shared corpora's catalogs 0.7% larger; every 8 misses gave 0.25 s, 0.5%
// and 0.4%).
// The sampling effort is the fast one with the step growing every 32 misses (the fast effort's before issue 24's
// encode pass): the mode trial's stand-in for the thorough effort on plain pixels, where the faster skim misses matches
// that flat artwork has and would tilt the trial to mode 2 (two of the shared corpora's images did). It shares the
// fast effort's table (the same geometry).
static const search_settings settings_by_effort[3] = {
    {4, 2, 12, 2, 64, 0, 6},
    {8, 3, 14, 0, 256, 1, 4},
    {4, 2, 12, 5, 64, 0, 6},
};

enum { MIN_HASH_BITS = 8 };

typedef struct {
    // Per effort: the hash table (ways << max_hash_bits entries: the position numbered from `next_base` in the low
    // half, the four bytes there in the high half) and where the next input's numbering starts. Entries below an
    // input's numbering were left by an earlier input and read as empty, so the table is never cleared between
    // inputs (only when the numbering would overflow 32 bits).
    uint64_t *table[2];
    int64_t next_base[2];
    uint8_t literals[MAX_LITERALS + 64];
    int32_t l[MAX_TRIPLES], m[MAX_TRIPLES], d[MAX_TRIPLES];
    uint8_t block[MAX_BLOCK_HEADER + MAX_BLOCK_PAYLOAD + 64];
} workspace;

static pthread_key_t workspace_key;
static pthread_once_t workspace_once = PTHREAD_ONCE_INIT;
/// The bits a literal of frequency f (of 1,024 states) costs: log2(1024 / f).
static double literal_cost[LITERAL_STATES + 1];

static void free_workspace(void *pointer) {
    workspace *space = pointer;
    free(space->table[0]);
    free(space->table[1]);
    free(space);
}

static void make_key(void) {
    pthread_key_create(&workspace_key, free_workspace);
    literal_cost[0] = 0;
    for (int f = 1; f <= LITERAL_STATES; f++) literal_cost[f] = log2((double)LITERAL_STATES / (double)f);
}

static workspace *thread_workspace(void) {
    pthread_once(&workspace_once, make_key);
    workspace *space = pthread_getspecific(workspace_key);
    if (space) return space;
    space = calloc(1, sizeof(workspace));
    if (!space) return NULL;
    if (pthread_setspecific(workspace_key, space) != 0) {
        free(space);
        return NULL;
    }
    return space;
}

/// The effort's table, allocated on first use; the numbering of an input of `length` bytes in `*numbering`.
static uint64_t *thread_table(workspace *space, int effort, size_t length, int64_t *numbering) {
    const search_settings *settings = &settings_by_effort[effort];
    size_t entries = (size_t)settings->ways << settings->max_hash_bits;
    if (!space->table[effort]) {
        space->table[effort] = malloc(entries * sizeof(uint64_t));
        if (!space->table[effort]) return NULL;
        memset(space->table[effort], 0xFF, entries * sizeof(uint64_t));
        space->next_base[effort] = 0;
    }
    int64_t base = space->next_base[effort];
    if (base > (int64_t)INT32_MAX - (int64_t)length) {
        memset(space->table[effort], 0xFF, entries * sizeof(uint64_t));
        base = 0;
    }
    space->next_base[effort] = base + (int64_t)length;
    *numbering = base;
    return space->table[effort];
}

// MARK: - Symbols

static inline int l_symbol(int32_t value) {
    return value < 16 ? value : value < 20 ? 16 : value < 28 ? 17 : value < 60 ? 18 : 19;
}

static inline int m_symbol(int32_t value) {
    return value < 16 ? value : value < 24 ? 16 : value < 56 ? 17 : value < 312 ? 18 : 19;
}

static const uint8_t l_extra_bits[L_SYMBOLS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8};
static const int32_t l_base[L_SYMBOLS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60};
static const uint8_t m_extra_bits[M_SYMBOLS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11};
static const int32_t m_base[M_SYMBOLS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312};

/// The D symbol of a distance (0…262139): four symbols per power of two, symbol 4g + i covering 2^(g+2) − 4 + i·2^g
/// and the g extra bits above it.
static inline int d_symbol(int32_t value, int *extra_bits, uint32_t *extra) {
    uint32_t x = (uint32_t)value + 4;
    int g = 31 - __builtin_clz(x) - 2;
    int i = (int)(x >> g) - 4;
    *extra_bits = g;
    *extra = x & ((1u << g) - 1);
    return 4 * g + i;
}

// MARK: - FSE

/// One symbol's encoder entry. The decoder gives each of the symbol's f states (numbered from `offset`) k or k − 1
/// bits to read, k = log2(states / f) rounded up: a state s of the encoder (0…states − 1) writes k bits when
/// s ≥ s0 = f·2^k − states, else k − 1, and moves to offset − f + (s + states) >> bits (states is a multiple of 2^k, so
/// that sum is the decoder's base for the bits written). Kept as two numbers so that the encoder never branches:
/// bits = (s + delta_bits) >> 16 with delta_bits = k·2^16 − s0, and next_base = offset − f.
typedef struct {
    int32_t delta_bits, next_base;
} fse_entry;

void ccar_fse_normalize(const uint32_t *counts, int symbols, int states, uint16_t *frequencies) {
    uint64_t total = 0;
    for (int s = 0; s < symbols; s++) total += counts[s];
    if (total == 0) {
        memset(frequencies, 0, (size_t)symbols * sizeof(uint16_t));
        return;
    }
    int sum = 0, largest = 0;
    for (int s = 0; s < symbols; s++) {
        uint64_t count = counts[s];
        // Rounded to nearest; a used symbol never rounds to nothing.
        int frequency = (int)((count * (uint64_t)states * 2 + total) / (total * 2));
        if (frequency == 0 && count > 0) frequency = 1;
        frequencies[s] = (uint16_t)frequency;
        sum += frequency;
        if (frequency > frequencies[largest]) largest = s;
    }
    if (sum < states) {
        // Rounding left states over: the most frequent symbol takes them (cheapest in bits).
        frequencies[largest] += (uint16_t)(states - sum);
        return;
    }
    int excess = sum - states;
    int floor_share = frequencies[largest] * 3 / 4;
    if (excess > 0 && frequencies[largest] - excess >= (floor_share > 1 ? floor_share : 1)) {
        frequencies[largest] -= (uint16_t)excess;
        return;
    }
    // Many rare symbols were raised to 1: take the excess back from every symbol with more than one, an eighth of
    // its share per pass. Ends: every used symbol at 1 is at most `symbols` states, never more than `states`.
    while (excess > 0) {
        int taken = 0;
        for (int s = 0; s < symbols && excess > 0; s++) {
            int f = frequencies[s];
            if (f <= 1) continue;
            int share = f >> 3;
            if (share < 1) share = 1;
            if (share > excess) share = excess;
            if (share > f - 1) share = f - 1;
            frequencies[s] = (uint16_t)(f - share);
            excess -= share;
            taken = 1;
        }
        if (!taken) abort(); // more used symbols than states: the callers' tables never allow it
    }
}

/// The encoder entries of symbols whose frequencies add up to `states`, in the order the decoder numbers the states.
static void build_encoder_table(const uint16_t *frequencies, int symbols, int states, fse_entry *table) {
    int32_t states_lz = __builtin_clz((uint32_t)states);
    int32_t offset = 0;
    for (int s = 0; s < symbols; s++) {
        int32_t f = frequencies[s];
        if (f == 0) {
            table[s] = (fse_entry){0, 0}; // never encoded
            continue;
        }
        int32_t k = __builtin_clz((uint32_t)f) - states_lz;
        int32_t s0 = (f << k) - states;
        table[s].delta_bits = (k << 16) - s0;
        table[s].next_base = offset - f;
        offset += f;
    }
}

/// The forward bit stream LZFSE's decoder reads from its end: bits pushed above the ones before, whole bytes
/// written out 8 at a time (so the buffer needs 8 bytes of slack).
typedef struct {
    uint64_t accumulator;
    int count;
    uint8_t *output;
} bit_writer;

static inline void store64(uint8_t *at, uint64_t value) {
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    value = __builtin_bswap64(value);
#endif
    memcpy(at, &value, 8);
}

static inline void push_bits(bit_writer *writer, uint64_t bits, int count) {
    writer->accumulator |= bits << writer->count;
    writer->count += count;
}

static inline void flush_bits(bit_writer *writer) {
    int whole = writer->count & ~7;
    store64(writer->output, writer->accumulator);
    writer->output += whole >> 3;
    writer->accumulator = whole == 64 ? 0 : writer->accumulator >> whole;
    writer->count -= whole;
}

/// Writes the last bits (the final byte zero-padded); returns minus the padding bits in that byte (−7…0).
static int finish_bits(bit_writer *writer) {
    int rounded = (writer->count + 7) & ~7;
    store64(writer->output, writer->accumulator);
    writer->output += rounded >> 3;
    int padding = writer->count - rounded;
    writer->accumulator = 0;
    writer->count = 0;
    return padding;
}

/// Moves `*state` (of a table of `states`) to the state that decodes to the entry's symbol; returns the bits to
/// write (`*count` of them).
static inline uint64_t fse_encode(int32_t *state, const fse_entry *entry, int states, int *count) {
    int32_t s = *state;
    int32_t bits = (s + entry->delta_bits) >> 16;
    *state = entry->next_base + ((s + states) >> bits);
    *count = bits;
    return (uint64_t)(uint32_t)s & ((1ull << bits) - 1);
}

/// The mask of the low `n` bits, n = 0…16 (a literal writes at most 10).
static const uint32_t low_mask[17] = {
    0x0, 0x1, 0x3, 0x7, 0xF, 0x1F, 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF, 0x3FFF, 0x7FFF, 0xFFFF,
};

/// The frequency header's bits, least significant first.
typedef struct {
    uint8_t *output;
    uint64_t accumulator;
    int count;
} header_writer;

static void append_header_bits(header_writer *writer, uint64_t bits, int count) {
    writer->accumulator |= bits << writer->count;
    writer->count += count;
    while (writer->count >= 8) {
        *writer->output++ = (uint8_t)writer->accumulator;
        writer->accumulator >>= 8;
        writer->count -= 8;
    }
}

/// One frequency in the header's prefix code (2, 3, 5, 8 or 14 bits).
static void append_frequency(header_writer *writer, int f) {
    if (f == 0) append_header_bits(writer, 0x0, 2);
    else if (f == 1) append_header_bits(writer, 0x2, 2);
    else if (f == 2) append_header_bits(writer, 0x1, 3);
    else if (f == 3) append_header_bits(writer, 0x5, 3);
    else if (f <= 7) append_header_bits(writer, (uint64_t)(0x3 | (f - 4) << 3), 5);
    else if (f <= 23) append_header_bits(writer, (uint64_t)(0x7 | (f - 8) << 4), 8);
    else append_header_bits(writer, (uint64_t)(0xF | (f - 24) << 4), 14); // f <= 1047: tables have at most 1024 states
}

// MARK: - Output

/// Where the stream goes; a write past `limit` (which ccar_lzfse_encode_bound rules out) sets `overflowed` instead.
typedef struct {
    uint8_t *at;
    uint8_t *limit;
    int overflowed;
} output_cursor;

static inline int reserve(output_cursor *out, size_t count) {
    if (out->overflowed || (size_t)(out->limit - out->at) < count) {
        out->overflowed = 1;
        return 0;
    }
    return 1;
}

static inline void put_le32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)value;
    at[1] = (uint8_t)(value >> 8);
    at[2] = (uint8_t)(value >> 16);
    at[3] = (uint8_t)(value >> 24);
}

static void append_stored(output_cursor *out, const uint8_t *raw, size_t count) {
    if (!reserve(out, 8 + count)) return;
    memcpy(out->at, "bvx-", 4);
    put_le32(out->at + 4, (uint32_t)count);
    memcpy(out->at + 8, raw, count);
    out->at += 8 + count;
}

// MARK: - One block's symbols

typedef struct {
    workspace *space;
    int literal_count;
    int triple_count;
    /// The distance of the block's last match (0: none yet); a triple repeating it stores 0.
    int32_t last_distance;
} block_symbols;

static inline void append_triple(block_symbols *symbols, int32_t l, int32_t m, int32_t d) {
    int at = symbols->triple_count++;
    symbols->space->l[at] = l;
    symbols->space->m[at] = m;
    symbols->space->d[at] = d;
}

/// The D of a triple without a match. Apple's decoder checks every triple's distance against the bytes written, a
/// match or not, and starts each block with no valid distance: the block's first such triple names distance 1,
/// later ones repeat the last (0).
static inline int32_t literal_only_distance(block_symbols *symbols) {
    if (symbols->last_distance > 0) return 0;
    symbols->last_distance = 1;
    return 1;
}

/// Whether `literal_run` literals then a match of `length` (0: none) still fit the block.
static inline int block_fits(const block_symbols *symbols, long literal_run, long length) {
    long triples = literal_run / MAX_L + length / MAX_M + 2;
    return symbols->literal_count + literal_run <= MAX_LITERALS - 4 && symbols->triple_count + triples <= MAX_TRIPLES;
}

/// Adds `count` literals, then a match of `length` bytes at `distance` (length 0: literals only), split into as
/// many triples as the L and M limits need.
static void add_symbols(block_symbols *symbols, const uint8_t *from, long count, long length, long distance) {
    memcpy(symbols->space->literals + symbols->literal_count, from, (size_t)count);
    symbols->literal_count += (int)count;
    long run = count;
    while (run > MAX_L) {
        append_triple(symbols, MAX_L, 0, literal_only_distance(symbols));
        run -= MAX_L;
    }
    if (length == 0) {
        if (run > 0) append_triple(symbols, (int32_t)run, 0, literal_only_distance(symbols));
        return;
    }
    long first = length < MAX_M ? length : MAX_M;
    int32_t d = (int32_t)distance == symbols->last_distance ? 0 : (int32_t)distance;
    symbols->last_distance = (int32_t)distance;
    append_triple(symbols, (int32_t)run, (int32_t)first, d);
    for (long rest = length - first; rest > 0;) {
        long part = rest < MAX_M ? rest : MAX_M;
        append_triple(symbols, 0, (int32_t)part, 0);
        rest -= part;
    }
}

// MARK: - Entropy coding one block

/// Appends the block of `raw_count` bytes that `symbols` describe: `bvx2`, or `bvx-` when that is not smaller.
/// Inlined into two forms (below) that give the same bytes: the baseline, and one compiled for BMI2, whose shifts by
/// a register (shlx, shrx) and low-bit mask (bzhi) take fewer instructions in the literal loop; `bmi2` is a constant
/// in each.
static inline __attribute__((always_inline)) void append_block_body(
    output_cursor *out, const uint8_t *raw, size_t raw_count, block_symbols *symbols, const int bmi2) {
    workspace *space = symbols->space;
    int literal_count = symbols->literal_count;
    // The literal streams decode four at a time: pad with zeros the triples never use.
    while (literal_count & 3) space->literals[literal_count++] = 0;
    int triple_count = symbols->triple_count;

    uint32_t literal_counts[LITERAL_SYMBOLS] = {0}, l_counts[L_SYMBOLS] = {0}, m_counts[M_SYMBOLS] = {0},
             d_counts[D_SYMBOLS] = {0};
    {
        // Four histograms, summed after: consecutive equal bytes would otherwise wait on each other's increment.
        uint32_t partial[3][LITERAL_SYMBOLS];
        memset(partial, 0, sizeof partial);
        const uint8_t *literals = space->literals;
        for (int i = 0; i < literal_count; i += 4) {
            literal_counts[literals[i]]++;
            partial[0][literals[i + 1]]++;
            partial[1][literals[i + 2]]++;
            partial[2][literals[i + 3]]++;
        }
        for (int s = 0; s < LITERAL_SYMBOLS; s++) literal_counts[s] += partial[0][s] + partial[1][s] + partial[2][s];
    }
    for (int i = 0; i < triple_count; i++) {
        int extra_bits;
        uint32_t extra;
        l_counts[l_symbol(space->l[i])]++;
        m_counts[m_symbol(space->m[i])]++;
        d_counts[d_symbol(space->d[i], &extra_bits, &extra)]++;
    }
    uint16_t literal_frequencies[LITERAL_SYMBOLS], l_frequencies[L_SYMBOLS], m_frequencies[M_SYMBOLS],
        d_frequencies[D_SYMBOLS];
    ccar_fse_normalize(literal_counts, LITERAL_SYMBOLS, LITERAL_STATES, literal_frequencies);
    ccar_fse_normalize(l_counts, L_SYMBOLS, L_STATES, l_frequencies);
    ccar_fse_normalize(m_counts, M_SYMBOLS, M_STATES, m_frequencies);
    ccar_fse_normalize(d_counts, D_SYMBOLS, D_STATES, d_frequencies);

    // What the literals alone will cost from their frequencies: when that is no smaller than the bytes, the block is
    // stored without entropy-coding it (noise, already-compressed pixels).
    double literal_estimate = 0;
    for (int s = 0; s < LITERAL_SYMBOLS; s++) {
        if (literal_counts[s] > 0) literal_estimate += (double)literal_counts[s] * literal_cost[literal_frequencies[s]];
    }
    if ((size_t)(literal_estimate / 8) + 32 >= raw_count) {
        append_stored(out, raw, raw_count);
        return;
    }

    uint8_t *block = space->block;
    header_writer header = {block + 32, 0, 0};
    for (int s = 0; s < L_SYMBOLS; s++) append_frequency(&header, l_frequencies[s]);
    for (int s = 0; s < M_SYMBOLS; s++) append_frequency(&header, m_frequencies[s]);
    for (int s = 0; s < D_SYMBOLS; s++) append_frequency(&header, d_frequencies[s]);
    for (int s = 0; s < LITERAL_SYMBOLS; s++) append_frequency(&header, literal_frequencies[s]);
    if (header.count > 0) *header.output++ = (uint8_t)header.accumulator;
    size_t header_size = (size_t)(header.output - block);

    fse_entry literal_table[LITERAL_SYMBOLS];
    build_encoder_table(literal_frequencies, LITERAL_SYMBOLS, LITERAL_STATES, literal_table);
    // The literal loop keeps each state plus LITERAL_STATES (so (s + states) >> bits is one shift) and takes the mask
    // of the bits written from a table: the same bits as fse_encode, fewer instructions on the block's busiest loop.
    for (int s = 0; s < LITERAL_SYMBOLS; s++) {
        literal_table[s].delta_bits -= LITERAL_STATES;
        literal_table[s].next_base += LITERAL_STATES;
    }
    uint8_t *payload = block + header_size;
    bit_writer writer = {0, 0, payload};
    uint32_t shifted0 = LITERAL_STATES, shifted1 = LITERAL_STATES, shifted2 = LITERAL_STATES, shifted3 = LITERAL_STATES;
    const uint8_t *literals = space->literals;
    uint64_t accumulator = 0;
    int filled = 0;
    uint8_t *output = payload;
#define ENCODE_LITERAL(shifted, symbol)                                                                                \
    do {                                                                                                               \
        const fse_entry *entry = &literal_table[symbol];                                                               \
        uint32_t bits = (uint32_t)((int32_t)shifted + entry->delta_bits) >> 16;                                        \
        uint32_t written = bmi2 ? shifted & ((1u << bits) - 1) : shifted & low_mask[bits];                             \
        accumulator |= (uint64_t)written << filled;                                                                    \
        filled += (int)bits;                                                                                           \
        shifted = (uint32_t)entry->next_base + (shifted >> bits);                                                      \
    } while (0)
    for (int i = literal_count; i > 0; i -= 4) {
        // Backwards, four at a time, state 3 first: the decoder reads state 0's symbol first.
        ENCODE_LITERAL(shifted3, literals[i - 1]);
        ENCODE_LITERAL(shifted2, literals[i - 2]);
        ENCODE_LITERAL(shifted1, literals[i - 3]);
        ENCODE_LITERAL(shifted0, literals[i - 4]);
        // At most 4 × 10 bits joined the fewer than 8 left (so at most 40 whole bits, never a shift by 64): whole
        // bytes out.
        store64(output, accumulator);
        int whole = filled & ~7;
        output += whole >> 3;
        accumulator >>= whole;
        filled -= whole;
    }
#undef ENCODE_LITERAL
    writer = (bit_writer){accumulator, filled, output};
    int32_t state0 = (int32_t)shifted0 - LITERAL_STATES, state1 = (int32_t)shifted1 - LITERAL_STATES,
            state2 = (int32_t)shifted2 - LITERAL_STATES, state3 = (int32_t)shifted3 - LITERAL_STATES;
    int literal_bits = finish_bits(&writer);
    size_t literal_bytes = (size_t)(writer.output - payload);

    fse_entry l_table[L_SYMBOLS], m_table[M_SYMBOLS], d_table[D_SYMBOLS];
    build_encoder_table(l_frequencies, L_SYMBOLS, L_STATES, l_table);
    build_encoder_table(m_frequencies, M_SYMBOLS, M_STATES, m_table);
    build_encoder_table(d_frequencies, D_SYMBOLS, D_STATES, d_table);
    // The L, M, D stream starts with 8 zero bytes: Apple's decoder loads its first 8 bytes from the stream's end
    // and refuses a stream shorter than that.
    uint8_t *lmd_start = writer.output;
    memset(lmd_start, 0, 8);
    writer = (bit_writer){0, 0, lmd_start + 8};
    int32_t l_state = 0, m_state = 0, d_state = 0;
    for (int i = triple_count - 1; i >= 0; i--) {
        // D, then M, then L: the decoder reads L first.
        int count, extra_bits;
        uint32_t extra;
        int d_sym = d_symbol(space->d[i], &extra_bits, &extra);
        uint64_t bits = fse_encode(&d_state, &d_table[d_sym], D_STATES, &count);
        push_bits(&writer, bits << extra_bits | extra, count + extra_bits);
        int32_t m_value = space->m[i];
        int m_sym = m_symbol(m_value);
        bits = fse_encode(&m_state, &m_table[m_sym], M_STATES, &count);
        push_bits(&writer, bits << m_extra_bits[m_sym] | (uint64_t)(m_value - m_base[m_sym]), count + m_extra_bits[m_sym]);
        int32_t l_value = space->l[i];
        int l_sym = l_symbol(l_value);
        bits = fse_encode(&l_state, &l_table[l_sym], L_STATES, &count);
        push_bits(&writer, bits << l_extra_bits[l_sym] | (uint64_t)(l_value - l_base[l_sym]), count + l_extra_bits[l_sym]);
        flush_bits(&writer);
    }
    int lmd_bits = finish_bits(&writer);
    size_t lmd_bytes = (size_t)(writer.output - lmd_start);

    size_t block_size = header_size + literal_bytes + lmd_bytes;
    if (block_size >= raw_count + 8) {
        append_stored(out, raw, raw_count);
        return;
    }
    memcpy(block, "bvx2", 4);
    put_le32(block + 4, (uint32_t)raw_count);
    uint64_t v0 = (uint64_t)literal_count | (uint64_t)literal_bytes << 20 | (uint64_t)triple_count << 40 |
                  (uint64_t)(literal_bits + 7) << 60;
    uint64_t v1 = (uint64_t)state0 | (uint64_t)state1 << 10 | (uint64_t)state2 << 20 | (uint64_t)state3 << 30 |
                  (uint64_t)lmd_bytes << 40 | (uint64_t)(lmd_bits + 7) << 60;
    uint64_t v2 = (uint64_t)header_size | (uint64_t)l_state << 32 | (uint64_t)m_state << 42 | (uint64_t)d_state << 52;
    store64(block + 8, v0);
    store64(block + 16, v1);
    store64(block + 24, v2);
    if (!reserve(out, block_size)) return;
    memcpy(out->at, block, block_size);
    out->at += block_size;
}

static void append_block_baseline(output_cursor *out, const uint8_t *raw, size_t raw_count, block_symbols *symbols) {
    append_block_body(out, raw, raw_count, symbols, 0);
}

#if defined(__x86_64__)
__attribute__((target("bmi2"))) static void append_block_bmi2(
    output_cursor *out, const uint8_t *raw, size_t raw_count, block_symbols *symbols) {
    append_block_body(out, raw, raw_count, symbols, 1);
}
#endif

int ccar_lzfse_bmi2_available(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("bmi2") ? 1 : 0;
#else
    return 0;
#endif
}

// MARK: - The parse

/// The input and the table the search reads, which never change during a parse: the parse copies them into its own
/// variables (`parse`), since read through `parser` every store to the table (whose words may alias the parser's) made
/// the compiler load them again.
typedef struct {
    const uint8_t *base;
    long end;
    uint64_t *table;
    int64_t numbering;
    uint32_t shift;
    int way_shift;
} search_view;

typedef struct {
    search_view view;
    block_symbols symbols;
    long block_start, anchor;
    /// The longest run of literals from `anchor` that still fits the block.
    long literal_room;
    output_cursor *out;
    /// Whether blocks are entropy-coded by the BMI2 form (1) or the baseline one (0).
    int bmi2;
} parser;

static inline uint32_t load32(const uint8_t *at) {
    uint32_t value;
    memcpy(&value, at, 4);
    return value;
}

static inline uint64_t load64(const uint8_t *at) {
    uint64_t value;
    memcpy(&value, at, 8);
    return value;
}

static inline __attribute__((always_inline)) uint64_t *bucket_of(const search_view *p, uint32_t word) {
    return p->table + ((size_t)((word * 2654435761u) >> p->shift) << p->way_shift);
}

/// How many bytes at `from` equal those at `candidate` (before the end).
static inline __attribute__((always_inline)) long match_length(const search_view *p, long from, long candidate) {
    long length = 0, limit = p->end - from;
    const uint8_t *a = p->base + from, *b = p->base + candidate;
    while (length + 8 <= limit) {
        uint64_t x = load64(a + length) ^ load64(b + length);
        if (x) return length + (__builtin_ctzll(x) >> 3);
        length += 8;
    }
    while (length < limit && a[length] == b[length]) length++;
    return length;
}

/// Puts `at` (whose four bytes are `word`) first in the bucket; the oldest entry drops out.
static inline __attribute__((always_inline)) void insert_position(const search_view *p, long at, uint32_t word, uint64_t *bucket, int ways) {
    for (int way = ways - 1; way > 0; way--) bucket[way] = bucket[way - 1];
    bucket[0] = (uint64_t)word << 32 | (uint32_t)(p->numbering + at);
}

/// The longest match at `at` among the last distance (free to code: D = 0, so it wins ties) and the bucket's
/// positions; `at` joins the bucket. Returns the length (0: none) and the candidate in `*candidate`.
/// `last` is the block's last distance (0: none). `ahead` is a position whose bucket starts loading now (the table is
/// larger than the core's cache): the one the search will try after this one. `vector_scan` (a constant where it is
/// inlined) compares a four-way bucket's words with SSE2 instead of one way at a time; the same result.
static inline __attribute__((always_inline)) long best_match(
    const search_view *p, long at, long last, long ahead, long *candidate, int ways, int vector_scan) {
    if (ahead + 4 <= p->end) __builtin_prefetch(bucket_of(p, load32(p->base + ahead)), 0, 3);
    uint32_t word = load32(p->base + at);
    long best = -1, best_length = 0;
    if (last > 0 && at >= last && load32(p->base + at - last) == word) {
        best = at - last;
        best_length = MIN_MATCH + match_length(p, at + MIN_MATCH, best + MIN_MATCH);
    }
    uint64_t *bucket = bucket_of(p, word);
#if defined(__SSE2__)
    if (vector_scan && ways == 4) {
        // The fast and sampling efforts' four ways: their four words compared at once, and only the ways whose word is
        // this one's visited, in the scalar loop's order, so the same candidate wins. The scalar loop's branch per way
        // on a word that is equal about a third of the time was mispredicted so often that it was most of the search
        // (the fast effort's parse 25% faster without it). An entry older than this input's numbering ends the
        // visit as it ends the scalar loop: the ways behind it were filled before it.
        __m128i front = _mm_loadu_si128((const __m128i *)bucket), back = _mm_loadu_si128((const __m128i *)(bucket + 2));
        __m128i wanted = _mm_set1_epi32((int)word);
        // Sign bits 1 and 3 of each half are the high (word) halves of its two entries: ways 0, 1 → bits 1, 3; ways
        // 2, 3 → bits 5, 7.
        int equal = (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(front, wanted))) & 0xA) |
                    (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(back, wanted))) & 0xA) << 4;
        while (equal) {
            int way = __builtin_ctz((unsigned)equal) >> 1;
            equal &= equal - 1;
            uint64_t entry = bucket[way];
            int64_t stored = (int32_t)(uint32_t)entry;
            if (stored < p->numbering) break;
            long from = (long)(stored - p->numbering);
            if (from == best || at - from > MAX_D) continue;
            long length = MIN_MATCH + match_length(p, at + MIN_MATCH, from + MIN_MATCH);
            if (length > best_length) {
                best = from;
                best_length = length;
            }
        }
        // `at` first, the oldest entry out (insert_position), from the halves already loaded.
        __m128i fresh = _mm_cvtsi64_si128((long long)((uint64_t)word << 32 | (uint32_t)(p->numbering + at)));
        _mm_storeu_si128((__m128i *)bucket, _mm_unpacklo_epi64(fresh, front));
        _mm_storeu_si128((__m128i *)(bucket + 2),
                         _mm_castpd_si128(_mm_shuffle_pd(_mm_castsi128_pd(front), _mm_castsi128_pd(back), 1)));
        *candidate = best;
        return best_length;
    }
#endif
    for (int way = 0; way < ways; way++) {
        uint64_t entry = bucket[way];
        int64_t stored = (int32_t)(uint32_t)entry;
        if (stored < p->numbering) break;
        long from = (long)(stored - p->numbering);
        if ((uint32_t)(entry >> 32) == word && from != best && at - from <= MAX_D) {
            long length = MIN_MATCH + match_length(p, at + MIN_MATCH, from + MIN_MATCH);
            if (length > best_length) {
                best = from;
                best_length = length;
            }
        }
    }
    insert_position(p, at, word, bucket, ways);
    *candidate = best;
    return best_length;
}

static void close_block(parser *p, long cut) {
    if (cut <= p->block_start) return;
#if defined(__x86_64__)
    if (p->bmi2) append_block_bmi2(p->out, p->view.base + p->block_start, (size_t)(cut - p->block_start), &p->symbols);
    else
#endif
        append_block_baseline(p->out, p->view.base + p->block_start, (size_t)(cut - p->block_start), &p->symbols);
    p->symbols.literal_count = 0;
    p->symbols.triple_count = 0;
    p->symbols.last_distance = 0;
    p->block_start = cut;
}

static inline void measure_room(parser *p) {
    // block_fits(r, 0) holds while literal_count + r <= MAX_LITERALS - 4 and triple_count + r / MAX_L + 2 <= MAX_TRIPLES.
    long by_literals = MAX_LITERALS - 4 - p->symbols.literal_count;
    long by_triples = (long)(MAX_TRIPLES - 2 - p->symbols.triple_count) * MAX_L + MAX_L - 1;
    p->literal_room = by_literals < by_triples ? by_literals : by_triples;
}

/// Literals up to `limit` go in as many blocks as they need.
static void add_literals(parser *p, long limit) {
    while (!block_fits(&p->symbols, limit - p->anchor, 0)) {
        // A block with triples ends where its literals end; an empty one takes what it can hold.
        if (p->symbols.triple_count == 0) {
            long take = limit - p->anchor;
            if (take > MAX_LITERALS - 4 - 2 * MAX_L) take = MAX_LITERALS - 4 - 2 * MAX_L;
            add_symbols(&p->symbols, p->view.base + p->anchor, take, 0, 0);
            p->anchor += take;
        }
        close_block(p, p->anchor);
    }
    measure_room(p);
}

/// The parse, specialized by the constant settings (and bucket scan) it is inlined with.
static inline __attribute__((always_inline)) void parse(parser *p, const search_settings settings, const int vector_scan) {
    const int ways = settings.ways;
    const search_view view = p->view;
    const long end = view.end;
    const uint8_t *base = view.base;
    long position = 0, misses = 0;
    measure_room(p);
    while (position + MIN_MATCH <= end) {
        // A run of literals that would overflow the block closes it.
        if (position - p->anchor > p->literal_room) add_literals(p, position);
        long candidate;
        // The skim's next position if this one misses (its step grows with the misses), or 8 bytes on when it
        // never grows.
        long step = settings.skip_shift ? 1 + (misses >> settings.skip_shift) : 8;
        long found = best_match(&view, position, p->symbols.last_distance, position + step, &candidate, ways, vector_scan);
        if (found < settings.min_new_match && position - candidate != p->symbols.last_distance) candidate = -1;
        if (candidate < 0) {
            position += settings.skip_shift ? step : 1;
            misses++;
            continue;
        }
        // One step of lazy matching: a longer match at the next byte wins over this one.
        if (found < settings.lazy_limit && position + 1 + MIN_MATCH <= end) {
            long next_candidate;
            long next = best_match(&view, position + 1, p->symbols.last_distance, position + 9, &next_candidate, ways, vector_scan);
            if (next > found + 1) {
                position += 1;
                candidate = next_candidate;
                found = next;
            }
        }
        // A match longer than one block's triples can hold is cut (the rest matches again next time).
        long length = found < MAX_MATCH_BYTES ? found : MAX_MATCH_BYTES;
        long start = position, from = candidate;
        // Extend backwards over literals not yet written.
        while (start > p->anchor && from > 0 && base[start - 1] == base[from - 1]) {
            start--;
            from--;
            length++;
        }
        if (!block_fits(&p->symbols, start - p->anchor, length)) close_block(p, p->anchor);
        add_symbols(&p->symbols, base + p->anchor, start - p->anchor, length, start - from);
        long match_end = start + length;
        if (settings.index_inside) {
            // Every position the match covers joins its bucket (those the search already passed have).
            for (long at = position + 2; at < match_end && at + 4 <= end; at++) {
                uint32_t word = load32(base + at);
                insert_position(&view, at, word, bucket_of(&view, word), ways);
            }
        } else if (match_end - 2 > start && match_end + 2 <= end) {
            // Index a position near the match's end, which the next rows often repeat.
            uint32_t word = load32(base + match_end - 2);
            insert_position(&view, match_end - 2, word, bucket_of(&view, word), ways);
        }
        position = match_end;
        p->anchor = position;
        measure_room(p);
        misses = 0;
    }
    add_literals(p, end);
    if (end > p->anchor) add_symbols(&p->symbols, base + p->anchor, end - p->anchor, 0, 0);
    close_block(p, end);
}

// The fast and sampling efforts' four-way buckets are scanned with SSE2 in the x86-64 form (`bmi2`), one way at a
// time in the baseline form (which `entropyFormsGiveTheSameBytes` holds it to); the thorough effort has eight ways.
static void parse_fast(parser *p) { parse(p, settings_by_effort[CCAR_LZFSE_FAST], 0); }
static void parse_thorough(parser *p) { parse(p, settings_by_effort[CCAR_LZFSE_THOROUGH], 0); }
static void parse_sampling(parser *p) { parse(p, settings_by_effort[CCAR_LZFSE_SAMPLING], 0); }
#if defined(__x86_64__)
static void parse_fast_vector(parser *p) { parse(p, settings_by_effort[CCAR_LZFSE_FAST], 1); }
static void parse_sampling_vector(parser *p) { parse(p, settings_by_effort[CCAR_LZFSE_SAMPLING], 1); }
#endif

// MARK: - Entry

size_t ccar_lzfse_encode_bound(size_t source_size) {
    // Every block at most its bytes stored (8 header bytes more). A block closes early only when what comes next
    // would not fit it, so two blocks in a row hold thousands of bytes: one block per 512 bytes is far above the
    // count (the writes check it anyway). The end marker: 4.
    return source_size + source_size / 64 + 64;
}

size_t ccar_lzfse_encode(
    const uint8_t *source, size_t source_size, uint8_t *destination, size_t destination_capacity,
    ccar_lzfse_effort effort) {
    ccar_lzfse_form form = ccar_lzfse_bmi2_available() ? CCAR_LZFSE_BMI2 : CCAR_LZFSE_BASELINE;
    return ccar_lzfse_encode_using(form, source, source_size, destination, destination_capacity, effort);
}

size_t ccar_lzfse_encode_using(
    ccar_lzfse_form form, const uint8_t *source, size_t source_size, uint8_t *destination, size_t destination_capacity,
    ccar_lzfse_effort effort) {
    int bmi2;
    switch (form) {
    case CCAR_LZFSE_BASELINE: bmi2 = 0; break;
    case CCAR_LZFSE_BMI2:
        if (!ccar_lzfse_bmi2_available()) return 0;
        bmi2 = 1;
        break;
    default: return 0;
    }
    if (destination_capacity < ccar_lzfse_encode_bound(source_size)) return 0;
    if (source_size > (size_t)INT32_MAX) return 0;
    int level = effort == CCAR_LZFSE_THOROUGH ? 1 : effort == CCAR_LZFSE_SAMPLING ? 2 : 0;
    // The sampling effort searches the fast effort's table.
    int table_index = level == 1 ? 1 : 0;
    output_cursor out = {destination, destination + destination_capacity, 0};
    if (source_size > 0) {
        workspace *space = thread_workspace();
        if (!space) return 0;
        int64_t numbering;
        uint64_t *table = thread_table(space, table_index, source_size, &numbering);
        if (!table) return 0;
        const search_settings *settings = &settings_by_effort[level];
        int bits = MIN_HASH_BITS;
        while (bits < settings->max_hash_bits && ((size_t)1 << bits) < source_size) bits++;
        parser p = {
            .view =
                {
                    .base = source,
                    .end = (long)source_size,
                    .table = table,
                    .numbering = numbering,
                    .shift = (uint32_t)(32 - bits),
                    .way_shift = settings->way_shift,
                },
            .symbols = {space, 0, 0, 0},
            .block_start = 0,
            .anchor = 0,
            .literal_room = 0,
            .out = &out,
            .bmi2 = bmi2,
        };
        if (level == 1) parse_thorough(&p);
#if defined(__x86_64__)
        else if (bmi2 && level == 2) parse_sampling_vector(&p);
        else if (bmi2) parse_fast_vector(&p);
#endif
        else if (level == 2) parse_sampling(&p);
        else parse_fast(&p);
    }
    if (!reserve(&out, 4)) return 0;
    memcpy(out.at, "bvx$", 4);
    out.at += 4;
    return (size_t)(out.at - destination);
}
