#ifndef ASSETC_CPNG_SHIM_H
#define ASSETC_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>
#endif
