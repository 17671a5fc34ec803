#include "CVectorSupport.h"

#include <cairo/cairo.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
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

/* The functions this file calls, found at first use (`load_libraries`): poppler, librsvg and cairo with their
 * dependencies are about sixty shared libraries, which cost every assetc command 14 MB of memory and 20 ms of start-up
 * when linked, and only compiles with vector artwork use them. */
static struct {
    void (*g_error_free)(GError *error);
    GBytes *(*g_bytes_new_static)(const void *data, size_t size);
    void (*g_bytes_unref)(GBytes *bytes);
    void (*g_object_unref)(void *object);
    PopplerDocument *(*poppler_document_new_from_bytes)(GBytes *bytes, const char *password, GError **error);
    int (*poppler_document_get_n_pages)(PopplerDocument *document);
    PopplerPage *(*poppler_document_get_page)(PopplerDocument *document, int index);
    void (*poppler_page_get_size)(PopplerPage *page, double *width, double *height);
    void (*poppler_page_render)(PopplerPage *page, cairo_t *cairo);
    RsvgHandle *(*rsvg_handle_new_from_data)(const uint8_t *data, size_t length, GError **error);
    void (*rsvg_handle_set_dpi)(RsvgHandle *handle, double dpi);
    gboolean (*rsvg_handle_get_intrinsic_size_in_pixels)(RsvgHandle *handle, double *width, double *height);
    void (*rsvg_handle_get_intrinsic_dimensions)(RsvgHandle *handle, gboolean *has_width, RsvgLength *width,
                                                 gboolean *has_height, RsvgLength *height, gboolean *has_view_box,
                                                 RsvgRectangle *view_box);
    gboolean (*rsvg_handle_render_document)(RsvgHandle *handle, cairo_t *cairo, const RsvgRectangle *viewport,
                                            GError **error);
    cairo_status_t (*cairo_surface_status)(cairo_surface_t *surface);
    void (*cairo_surface_destroy)(cairo_surface_t *surface);
    const char *(*cairo_status_to_string)(cairo_status_t status);
    cairo_t *(*cairo_create)(cairo_surface_t *target);
    void (*cairo_destroy)(cairo_t *cairo);
    void (*cairo_surface_flush)(cairo_surface_t *surface);
    cairo_status_t (*cairo_status)(cairo_t *cairo);
    void (*cairo_scale)(cairo_t *cairo, double sx, double sy);
    int (*cairo_image_surface_get_stride)(cairo_surface_t *surface);
    unsigned char *(*cairo_image_surface_get_data)(cairo_surface_t *surface);
    cairo_surface_t *(*cairo_image_surface_create)(cairo_format_t format, int width, int height);
    /* Poppler's core setErrorCallback, exported by libpoppler with C++ linkage (not in the glib binding's headers);
     * optional: a libpoppler without it only leaves poppler's printing on. */
    void (*set_error_callback)(void (*)(int, long long, const char *));
} api;

/* Poppler's core keeps process-wide state (its global parameters, font caches) that documents opened on several
 * threads at once share without a lock of their own in the glib binding; PDFs are therefore opened and drawn one at
 * a time. librsvg's handles share nothing, so SVGs are drawn on every thread. */
static pthread_mutex_t pdf_lock = PTHREAD_MUTEX_INITIALIZER;

/* Poppler's core prints every syntax error of a damaged PDF to standard error, quoting the file's bytes. Its
 * setErrorCallback (`api.set_error_callback`) replaces that with a callback that drops them: the compile reports
 * the document's own error instead. */
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
    if (error) api.g_error_free(error);
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
    api.cairo_surface_flush(surface);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(message, capacity, api.cairo_status_to_string(api.cairo_surface_status(surface)));
        return ACVEC_DRAW_FAILED;
    }
    size_t count = (size_t)out->width * (size_t)out->height;
    uint8_t *pixels = malloc(count * 4);
    if (!pixels) {
        copy_message(message, capacity, "out of memory");
        return ACVEC_NO_MEMORY;
    }
    const uint8_t *data = api.cairo_image_surface_get_data(surface);
    int stride = api.cairo_image_surface_get_stride(surface);
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
    cairo_surface_t *surface = api.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, out->width, out->height);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(message, capacity, api.cairo_status_to_string(api.cairo_surface_status(surface)));
        api.cairo_surface_destroy(surface);
        return NULL;
    }
    return surface;
}

static acvec_status rasterize_pdf(const uint8_t *bytes, size_t length, double scale, int32_t max_side, int64_t max_area,
                                  acvec_raster *out, char *message, size_t capacity) {
    GError *error = NULL;
    GBytes *data = api.g_bytes_new_static(bytes, length);
    PopplerDocument *document = api.poppler_document_new_from_bytes(data, NULL, &error);
    api.g_bytes_unref(data);
    if (!document) return fail(error, ACVEC_UNREADABLE, message, capacity, "not a PDF document poppler can read");
    if (api.poppler_document_get_n_pages(document) < 1) {
        api.g_object_unref(document);
        copy_message(message, capacity, "the PDF has no page");
        return ACVEC_NO_SIZE;
    }
    PopplerPage *page = api.poppler_document_get_page(document, 0);
    if (!page) {
        api.g_object_unref(document);
        copy_message(message, capacity, "the PDF's first page cannot be read");
        return ACVEC_UNREADABLE;
    }
    api.poppler_page_get_size(page, &out->point_width, &out->point_height);
    acvec_status status = ACVEC_OK;
    if (!usable(out->point_width) || !usable(out->point_height)) {
        copy_message(message, capacity, "the PDF's first page has no usable size");
        status = ACVEC_NO_SIZE;
    } else if (scale > 0 && (status = pixel_size(out, scale, max_side, max_area, message, capacity)) == ACVEC_OK) {
        cairo_surface_t *surface = new_surface(out, message, capacity);
        if (!surface) {
            status = ACVEC_NO_MEMORY;
        } else {
            cairo_t *context = api.cairo_create(surface);
            api.cairo_scale(context, out->width / out->point_width, out->height / out->point_height);
            api.poppler_page_render(page, context);
            cairo_status_t drawn = api.cairo_status(context);
            api.cairo_destroy(context);
            if (drawn != CAIRO_STATUS_SUCCESS) {
                copy_message(message, capacity, api.cairo_status_to_string(drawn));
                status = ACVEC_DRAW_FAILED;
            } else {
                status = take_pixels(surface, out, message, capacity);
            }
            api.cairo_surface_destroy(surface);
        }
    }
    api.g_object_unref(page);
    api.g_object_unref(document);
    return status;
}

static acvec_status rasterize_svg(const uint8_t *bytes, size_t length, double scale, int32_t max_side, int64_t max_area,
                                  acvec_raster *out, char *message, size_t capacity) {
    GError *error = NULL;
    RsvgHandle *handle = api.rsvg_handle_new_from_data(bytes, length, &error);
    if (!handle) return fail(error, ACVEC_UNREADABLE, message, capacity, "not an SVG document librsvg can read");
    /* CSS pixels: 96 to the inch, so that an SVG's px are points, as Xcode takes them. */
    api.rsvg_handle_set_dpi(handle, 96);
    double width = 0, height = 0;
    if (!api.rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
        gboolean has_width = FALSE, has_height = FALSE, has_view_box = FALSE;
        RsvgLength length_width, length_height;
        RsvgRectangle view_box;
        api.rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height, &has_view_box,
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
            cairo_t *context = api.cairo_create(surface);
            RsvgRectangle viewport = {0, 0, out->width, out->height};
            if (!api.rsvg_handle_render_document(handle, context, &viewport, &error)) {
                status = fail(error, ACVEC_DRAW_FAILED, message, capacity, "librsvg could not draw the SVG");
                error = NULL;
            }
            api.cairo_destroy(context);
            if (status == ACVEC_OK) status = take_pixels(surface, out, message, capacity);
            api.cairo_surface_destroy(surface);
        }
    }
    api.g_object_unref(handle);
    return status;
}

/* One library, by the soname its Debian package installs (the ABI the declarations above follow), else by its
 * development link name. */
static void *open_library(const char *soname, const char *link_name) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    return handle ? handle : dlopen(link_name, RTLD_NOW | RTLD_LOCAL);
}

/* What the first call found: 0 when every library and function is there, else why not (reported by every call). */
static char load_failure[200];

#define FIND(handle, name)                                                                                             \
    do {                                                                                                               \
        *(void **)(&api.name) = dlsym(handle, #name);                                                                  \
        if (!api.name) {                                                                                               \
            snprintf(load_failure, sizeof load_failure, "the %s library loaded has no function %s", #handle, #name);                      \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)

/* A library the rasterizer needs, and where its handle goes. */
struct wanted_library {
    const char *soname, *link_name, *package;
    void **handle;
};

static void load_libraries(void) {
    void *glib = NULL, *cairo = NULL, *poppler = NULL, *rsvg = NULL;
    const struct wanted_library wanted[] = {
        {"libgobject-2.0.so.0", "libgobject-2.0.so", "libglib2.0-0", &glib},
        {"libcairo.so.2", "libcairo.so", "libcairo2", &cairo},
        {"libpoppler-glib.so.8", "libpoppler-glib.so", "libpoppler-glib8", &poppler},
        {"librsvg-2.so.2", "librsvg-2.so", "librsvg2-2", &rsvg},
    };
    for (size_t index = 0; index < sizeof wanted / sizeof wanted[0]; index++) {
        *wanted[index].handle = open_library(wanted[index].soname, wanted[index].link_name);
        if (!*wanted[index].handle) {
            snprintf(load_failure, sizeof load_failure, "cannot load %s (Debian package %s; Scripts/bootstrap.sh installs it)",
                     wanted[index].soname, wanted[index].package);
            return;
        }
    }
    /* g_error_free and g_bytes_* live in libglib, which libgobject depends on: dlsym searches the dependencies too. */
    FIND(glib, g_error_free);
    FIND(glib, g_bytes_new_static);
    FIND(glib, g_bytes_unref);
    FIND(glib, g_object_unref);
    FIND(poppler, poppler_document_new_from_bytes);
    FIND(poppler, poppler_document_get_n_pages);
    FIND(poppler, poppler_document_get_page);
    FIND(poppler, poppler_page_get_size);
    FIND(poppler, poppler_page_render);
    FIND(rsvg, rsvg_handle_new_from_data);
    FIND(rsvg, rsvg_handle_set_dpi);
    FIND(rsvg, rsvg_handle_get_intrinsic_size_in_pixels);
    FIND(rsvg, rsvg_handle_get_intrinsic_dimensions);
    FIND(rsvg, rsvg_handle_render_document);
    FIND(cairo, cairo_surface_status);
    FIND(cairo, cairo_surface_destroy);
    FIND(cairo, cairo_status_to_string);
    FIND(cairo, cairo_create);
    FIND(cairo, cairo_destroy);
    FIND(cairo, cairo_surface_flush);
    FIND(cairo, cairo_status);
    FIND(cairo, cairo_scale);
    FIND(cairo, cairo_image_surface_get_stride);
    FIND(cairo, cairo_image_surface_get_data);
    FIND(cairo, cairo_image_surface_create);
    /* libpoppler, a dependency of libpoppler-glib, exports it with C++ linkage; optional. */
    *(void **)(&api.set_error_callback) = dlsym(poppler, "_Z16setErrorCallbackPFv13ErrorCategoryxPKcE");
    if (api.set_error_callback) api.set_error_callback(ignore_poppler_error);
}

#undef FIND

acvec_status acvec_rasterize(acvec_format format, const uint8_t *bytes, size_t length, double scale, int32_t max_side,
                             int64_t max_area, acvec_raster *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (message && capacity) message[0] = 0;
    if (!bytes || length == 0) {
        copy_message(message, capacity, "the file is empty");
        return ACVEC_UNREADABLE;
    }
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, load_libraries);
    if (load_failure[0]) {
        copy_message(message, capacity, load_failure);
        return ACVEC_LIBRARY_MISSING;
    }
    if (format == ACVEC_SVG) {
        acvec_status status = rasterize_svg(bytes, length, scale, max_side, max_area, out, message, capacity);
        if (status != ACVEC_OK) acvec_free(out);
        return status;
    }
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

int acvec_format_number(double value, char *out, size_t capacity) {
    int count = snprintf(out, capacity, "%g", value);
    return count >= 0 && (size_t)count < capacity ? count : -1;
}
