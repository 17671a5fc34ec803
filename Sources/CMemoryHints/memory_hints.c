// The helpers are `static inline` in include/memory_hints.h; SwiftPM needs one source file per C target.
#include "memory_hints.h"
