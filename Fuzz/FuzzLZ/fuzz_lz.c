// libFuzzer target in C for the LZFSE and LZVN decoders (Sources/CLZFSE), built by Scripts/fuzz.sh with clang
// under AddressSanitizer and UndefinedBehaviorSanitizer together (swiftc has no UBSan on Linux, so the Swift
// targets cannot give it). The first byte picks the decoder (bit 0: LZFSE or raw LZVN) and the next two the
// output capacity (0 to 65535 bytes, allocated exactly, so ASan sees any write past it); the rest is the stream.
// Beyond the sanitizers it checks the decoders' promises: never more written than the capacity, an LZFSE stream
// that decodes produces exactly what its block headers promise, and an LZFSE decoder leaves the bytes after those
// it wrote as they were (its 16-byte copies may only overshoot inside the block they decode), and decoding two blocks'
// literals side by side gives what decoding one block at a time gives: the same status, count and buffer.
#include "clzfse.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 3) return 0;
  const int lzvn = data[0] & 1;
  const size_t capacity = (size_t)data[1] | (size_t)data[2] << 8;
  const uint8_t *stream = data + 3;
  const size_t stream_size = size - 3;
  // The stream gets a buffer of its own size, so a read past it is an ASan report too.
  uint8_t *input = malloc(stream_size ? stream_size : 1);
  uint8_t *output = malloc(capacity ? capacity : 1);
  if (!input || !output) abort();
  memcpy(input, stream, stream_size);
  memset(output, 0xA5, capacity);
  size_t written = 0;
  if (lzvn) {
    size_t consumed = 0;
    const assetc_lz_status status = assetc_lzvn_decode(input, stream_size, output, 0, capacity, &written, &consumed);
    if (written > capacity || consumed > stream_size) abort();
    (void)status;
  } else {
    size_t promised = 0;
    const assetc_lz_status sized = assetc_lzfse_decoded_size(input, stream_size, &promised);
    const assetc_lz_status status = assetc_lzfse_decode(input, stream_size, output, capacity, &written);
    if (written > capacity) abort();
    if (status == ASSETC_LZ_OK && (sized != ASSETC_LZ_OK || promised != written)) abort();
    if (status == ASSETC_LZ_OK) {
      for (size_t i = written; i < capacity; i++)
        if (output[i] != 0xA5) abort();
    }
    uint8_t *single = malloc(capacity ? capacity : 1);
    if (!single) abort();
    memset(single, 0xA5, capacity);
    size_t single_written = 0;
    const assetc_lz_status single_status = assetc_lzfse_decode_block_by_block(input, stream_size, single, capacity, &single_written);
    if (single_status != status || single_written != written || memcmp(single, output, capacity) != 0) abort();
    free(single);
  }
  free(input);
  free(output);
  return 0;
}
