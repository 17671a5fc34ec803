/* libdeflate: whole-buffer DEFLATE/zlib decompression and fast CRC-32, used by
 * CPNGSupport's PNG verifier. Debian: libdeflate-dev. */
#include <libdeflate.h>
