#include "CVectorSupport.h"

#include <cairo/cairo.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The public C interfaces of glib, poppler-glib and librsvg that this file uses, declared here as their headers
 * declare them (glib 2.x, poppler-glib 0.82 and later, librsvg 2.52 and later; all stable ABIs): their headers need
 * glib's include folders, which only pkg-config knows, and SwiftPM refuses pkg-config's -pthread with a warning.
 * Cairo's own header needs no extra folder. */
typedef int gboolean;
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;
typedef struct _GBytes GBytes;
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double length;
    int unit;
} RsvgLength;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
#define FALSE 0
#define TRUE 1

extern void g_error_free(GError *error);
extern GBytes *g_bytes_new_static(const void *data, size_t size);
extern void g_bytes_unref(GBytes *bytes);
extern void g_object_unref(void *object);
extern PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
extern int poppler_document_get_n_pages(PopplerDocument *document);
extern PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
extern void poppler_page_get_size(PopplerPage *page, double *width, double *height);
extern void poppler_page_render(PopplerPage *page, cairo_t *cairo);
extern RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t length, GError **error);
extern void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
extern gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
extern void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *has_width, RsvgLength *width,
                                                 gboolean *has_height, RsvgLength *height, gboolean *has_view_box,
                                                 RsvgRectangle *view_box);
extern gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cairo, const RsvgRectangle *viewport,
                                            GError **error);

/* Poppler's core keeps process-wide state (its global parameters, font caches) that documents opened on several
 * threads at once share without a lock of their own in the glib binding; PDFs are therefore opened and drawn one at
 * a time. librsvg's handles share nothing, so SVGs are drawn on every thread. */
static pthread_mutex_t pdf_lock = PTHREAD_MUTEX_INITIALIZER;

/* Poppler's core prints every syntax error of a damaged PDF to standard error, quoting the file's bytes. Its
 * setErrorCallback (exported by libpoppler with C++ linkage; not in the glib binding's headers) replaces that with
 * a callback that drops them: the compile reports the document's own error instead. Weak, so a libpoppler without
 * it only leaves the printing on. */
extern void _Z16setErrorCallbackPFv13ErrorCategoryxPKcE(void (*)(int, long long, const char *)) __attribute__((weak));
static void ignore_poppler_error(int category, long long position, const char *message) {
    (void)category;
    (void)position;
    (void)message;
}

/* The library's message, its first line in printable ASCII, so that a terminal shows it as it is. */
static void copy_message(char *message, size_t capacity, const char *text) {
    if (!message || capacity == 0) return;
    size_t length = 0;
    for (const char *at = text ? text : ""; *at && *at != '\n' && length + 1 < capacity; at++) {
        unsigned char byte = (unsigned char)*at;
        message[length++] = (byte >= 0x20 && byte < 0x7F) ? (char)byte : '?';
    }
    message[length] = 0;
}

static acvec_status fail(GError *error, acvec_status status, char *message, size_t capacity, const char *fallback) {
    copy_message(message, capacity, error && error->message && error->message[0] ? error->message : fallback);
    if (error) g_error_free(error);
    return status;
}

/* Pixel sides for the points at `scale`, checked against the limits before anything is allocated. */
static acvec_status pixel_size(acvec_raster *out, double scale, int32_t max_side, int64_t max_area, char *message,
                               size_t capacity) {
    double width = round(out->point_width * scale), height = round(out->point_height * scale);
    if (width < 1) width = 1;
    if (height < 1) height = 1;
    if (width > max_side || height > max_side || width * height > (double)max_area) {
        copy_message(message, capacity, "the drawing would pass the compile's size limit");
        return ACVEC_TOO_LARGE;
    }
    out->width = (int32_t)width;
    out->height = (int32_t)height;
    return ACVEC_OK;
}

static int usable(double side) { return isfinite(side) && side > 0 && side < 1e9; }

/* Copies cairo's native-endian premultiplied ARGB words into RGBA bytes. */
static acvec_status take_pixels(cairo_surface_t *surface, acvec_raster *out, char *message, size_t capacity) {
    cairo_surface_flush(surface);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(message, capacity, cairo_status_to_string(cairo_surface_status(surface)));
        return ACVEC_DRAW_FAILED;
    }
    size_t count = (size_t)out->width * (size_t)out->height;
    uint8_t *pixels = malloc(count * 4);
    if (!pixels) {
        copy_message(message, capacity, "out of memory");
        return ACVEC_NO_MEMORY;
    }
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int32_t y = 0; y < out->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *target = pixels + (size_t)y * (size_t)out->width * 4;
        for (int32_t x = 0; x < out->width; x++) {
            uint32_t word = row[x];
            target[4 * x] = (uint8_t)(word >> 16);
            target[4 * x + 1] = (uint8_t)(word >> 8);
            target[4 * x + 2] = (uint8_t)word;
            target[4 * x + 3] = (uint8_t)(word >> 24);
        }
    }
    out->pixels = pixels;
    return ACVEC_OK;
}

static cairo_surface_t *new_surface(const acvec_raster *out, char *message, size_t capacity) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, out->width, out->height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(message, capacity, cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return NULL;
    }
    return surface;
}

static acvec_status rasterize_pdf(const uint8_t *bytes, size_t length, double scale, int32_t max_side, int64_t max_area,
                                  acvec_raster *out, char *message, size_t capacity) {
    GError *error = NULL;
    GBytes *data = g_bytes_new_static(bytes, length);
    PopplerDocument *document = poppler_document_new_from_bytes(data, NULL, &error);
    g_bytes_unref(data);
    if (!document) return fail(error, ACVEC_UNREADABLE, message, capacity, "not a PDF document poppler can read");
    if (poppler_document_get_n_pages(document) < 1) {
        g_object_unref(document);
        copy_message(message, capacity, "the PDF has no page");
        return ACVEC_NO_SIZE;
    }
    PopplerPage *page = poppler_document_get_page(document, 0);
    if (!page) {
        g_object_unref(document);
        copy_message(message, capacity, "the PDF's first page cannot be read");
        return ACVEC_UNREADABLE;
    }
    poppler_page_get_size(page, &out->point_width, &out->point_height);
    acvec_status status = ACVEC_OK;
    if (!usable(out->point_width) || !usable(out->point_height)) {
        copy_message(message, capacity, "the PDF's first page has no usable size");
        status = ACVEC_NO_SIZE;
    } else if (scale > 0 && (status = pixel_size(out, scale, max_side, max_area, message, capacity)) == ACVEC_OK) {
        cairo_surface_t *surface = new_surface(out, message, capacity);
        if (!surface) {
            status = ACVEC_NO_MEMORY;
        } else {
            cairo_t *context = cairo_create(surface);
            cairo_scale(context, out->width / out->point_width, out->height / out->point_height);
            poppler_page_render(page, context);
            cairo_status_t drawn = cairo_status(context);
            cairo_destroy(context);
            if (drawn != CAIRO_STATUS_SUCCESS) {
                copy_message(message, capacity, cairo_status_to_string(drawn));
                status = ACVEC_DRAW_FAILED;
            } else {
                status = take_pixels(surface, out, message, capacity);
            }
            cairo_surface_destroy(surface);
        }
    }
    g_object_unref(page);
    g_object_unref(document);
    return status;
}

static void silence_poppler(void) {
    if (_Z16setErrorCallbackPFv13ErrorCategoryxPKcE) _Z16setErrorCallbackPFv13ErrorCategoryxPKcE(ignore_poppler_error);
}

static acvec_status rasterize_svg(const uint8_t *bytes, size_t length, double scale, int32_t max_side, int64_t max_area,
                                  acvec_raster *out, char *message, size_t capacity) {
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data(bytes, length, &error);
    if (!handle) return fail(error, ACVEC_UNREADABLE, message, capacity, "not an SVG document librsvg can read");
    /* CSS pixels: 96 to the inch, so that an SVG's px are points, as Xcode takes them. */
    rsvg_handle_set_dpi(handle, 96);
    double width = 0, height = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
        gboolean has_width = FALSE, has_height = FALSE, has_view_box = FALSE;
        RsvgLength length_width, length_height;
        RsvgRectangle view_box;
        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height, &has_view_box,
                                             &view_box);
        if (has_view_box) {
            width = view_box.width;
            height = view_box.height;
        }
    }
    out->point_width = width;
    out->point_height = height;
    acvec_status status = ACVEC_OK;
    if (!usable(width) || !usable(height)) {
        copy_message(message, capacity, "the SVG declares no size (no width and height in absolute units, no viewBox)");
        status = ACVEC_NO_SIZE;
    } else if (scale > 0 && (status = pixel_size(out, scale, max_side, max_area, message, capacity)) == ACVEC_OK) {
        cairo_surface_t *surface = new_surface(out, message, capacity);
        if (!surface) {
            status = ACVEC_NO_MEMORY;
        } else {
            cairo_t *context = cairo_create(surface);
            RsvgRectangle viewport = {0, 0, out->width, out->height};
            if (!rsvg_handle_render_document(handle, context, &viewport, &error)) {
                status = fail(error, ACVEC_DRAW_FAILED, message, capacity, "librsvg could not draw the SVG");
                error = NULL;
            }
            cairo_destroy(context);
            if (status == ACVEC_OK) status = take_pixels(surface, out, message, capacity);
            cairo_surface_destroy(surface);
        }
    }
    g_object_unref(handle);
    return status;
}

acvec_status acvec_rasterize(acvec_format format, const uint8_t *bytes, size_t length, double scale, int32_t max_side,
                             int64_t max_area, acvec_raster *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (message && capacity) message[0] = 0;
    if (!bytes || length == 0) {
        copy_message(message, capacity, "the file is empty");
        return ACVEC_UNREADABLE;
    }
    if (format == ACVEC_SVG) {
        acvec_status status = rasterize_svg(bytes, length, scale, max_side, max_area, out, message, capacity);
        if (status != ACVEC_OK) acvec_free(out);
        return status;
    }
    static pthread_once_t quiet = PTHREAD_ONCE_INIT;
    pthread_once(&quiet, silence_poppler);
    pthread_mutex_lock(&pdf_lock);
    acvec_status status = rasterize_pdf(bytes, length, scale, max_side, max_area, out, message, capacity);
    pthread_mutex_unlock(&pdf_lock);
    if (status != ACVEC_OK) acvec_free(out);
    return status;
}

void acvec_free(acvec_raster *raster) {
    if (!raster) return;
    free(raster->pixels);
    raster->pixels = NULL;
}
