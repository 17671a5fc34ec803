#ifndef ASSETC_CVECTORSUPPORT_H
#define ASSETC_CVECTORSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/* Rasterising vector artwork (PDF through poppler, SVG through librsvg, both drawing with cairo) for the
 * compiler. Every call is self-contained: the document is opened from the caller's bytes, measured, drawn and
 * closed; nothing is kept between calls. Errors come back as a status and a message in the library's own
 * words (its first line, printable ASCII, at most capacity - 1 bytes); nothing is printed. */

/** The formats. */
typedef enum { ACVEC_PDF = 0, ACVEC_SVG = 1 } acvec_format;

/** What a call returns. */
typedef enum {
    ACVEC_OK = 0,
    /** The library could not read the document (message: its words). */
    ACVEC_UNREADABLE = 1,
    /** The document declares no usable size (no page, a zero or endless size, an SVG without width, height or viewBox). */
    ACVEC_NO_SIZE = 2,
    /** The size at this scale passes the limits given. */
    ACVEC_TOO_LARGE = 3,
    /** Memory for the pixels could not be had. */
    ACVEC_NO_MEMORY = 4,
    /** The library failed while drawing (message: its words). */
    ACVEC_DRAW_FAILED = 5,
    /** poppler, librsvg or cairo could not be loaded (they are opened at the first call, not linked; message: which). */
    ACVEC_LIBRARY_MISSING = 6
} acvec_status;

/** A document's size and, when drawn, its pixels. */
typedef struct {
    /** The size the document declares, in points (PDF: its first page's crop box, rotation applied; SVG: its
     *  width and height at 96 pixels per inch, else its viewBox). */
    double point_width;
    double point_height;
    /** The pixel size drawn: each side the points times the scale, rounded to the nearest pixel, at least 1. */
    int32_t width;
    int32_t height;
    /** width * height * 4 bytes, RGBA with colours premultiplied by alpha, rows top to bottom; NULL when only
     *  measured. Released with acvec_free. */
    uint8_t *pixels;
} acvec_raster;

/** Opens `bytes` as `format` and measures it; with `scale` > 0 also draws it at that scale. A side above
 *  `max_side` pixels or an area above `max_area` pixels is ACVEC_TOO_LARGE (nothing is allocated then). */
acvec_status acvec_rasterize(acvec_format format, const uint8_t *bytes, size_t length, double scale, int32_t max_side,
                             int64_t max_area, acvec_raster *out, char *message, size_t capacity);

/** Releases the pixels of a raster. */
void acvec_free(acvec_raster *raster);

/** Writes `value` as C's `%g` does in the C locale (six significant digits, trailing zeros dropped) into `out`, as
 *  compiled symbols' path data spells numbers; returns the number of bytes written, without the terminating NUL (at
 *  most 15 for any double), or -1 when `capacity` is too small. */
int acvec_format_number(double value, char *out, size_t capacity);

#endif
