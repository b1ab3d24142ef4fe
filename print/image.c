/* image.c - PNG and JPEG pictures in a document.
 *
 * PNG is decoded here with libpng rather than by libharu: libharu 2.3 writes
 * the alpha channel of a PNG as an uncompressed soft mask whatever the
 * compression mode (a 300 x 300 icon gives a 90,000-byte stream), and it
 * has crashed on broken PNGs (libharu issue #71).  libpng's simplified API
 * turns every kind of PNG (palette, grey, 16-bit, interlaced, tRNS) into
 * 8-bit grey or RGB with or without alpha; the colour goes in as a raw
 * image and the alpha as a separate DeviceGray image made its /SMask, both
 * compressed with Flate.  An alpha channel that is opaque everywhere is
 * dropped.
 *
 * JPEG is passed through as it is (DCTDecode): libharu only reads its
 * header, which is first checked here, since libharu's own check takes a
 * zero-sized or 12-bit picture without complaint. */
#include "pdf-int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "fsutil.h"

/* Enough for a poster-sized picture at print resolution (5000 x 4000),
 * and a bound on what a broken header can make us allocate. */
#define MAX_PIXELS (20u * 1000 * 1000)
#define MAX_SIDE 20000u

struct print_image {
	HPDF_Image img;
	unsigned w, h;
	bool mask;
};

/* --- decoding ------------------------------------------------------------ */

struct raster {
	unsigned w, h;
	bool colour;
	unsigned char *pix;   /* w * h * (colour ? 3 : 1) */
	unsigned char *alpha; /* w * h, or NULL when opaque */
};

static void raster_release(struct raster *r)
{
	free(r->pix);
	free(r->alpha);
	memset(r, 0, sizeof *r);
}

static bool size_ok(unsigned w, unsigned h)
{
	return w > 0 && h > 0 && w <= MAX_SIDE && h <= MAX_SIDE &&
	       (uint64_t)w * h <= MAX_PIXELS;
}

static int png_decode(const char *path, const unsigned char *buf, size_t len,
		      struct raster *r, char **err)
{
	png_image pi;
	unsigned char *px;
	size_t chans, n;
	bool alpha;

	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, buf, len)) {
		*err = xasprintf("%s: broken PNG: %s", path, pi.message);
		png_image_free(&pi);
		return -1;
	}
	if (!size_ok(pi.width, pi.height)) {
		*err = xasprintf("%s: a PNG of %u x %u pixels is too large (at most %u pixels)",
				 path, pi.width, pi.height, MAX_PIXELS);
		png_image_free(&pi);
		return -1;
	}
	r->w = pi.width;
	r->h = pi.height;
	r->colour = (pi.format & PNG_FORMAT_FLAG_COLOR) != 0;
	alpha = (pi.format & PNG_FORMAT_FLAG_ALPHA) != 0; /* tRNS counts too */
	/* 8-bit sRGB output, not premultiplied: what a PDF image holds. */
	pi.format = r->colour ? (alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB)
			      : (alpha ? PNG_FORMAT_GA : PNG_FORMAT_GRAY);
	chans = PNG_IMAGE_PIXEL_CHANNELS(pi.format);
	n = (size_t)r->w * r->h;
	px = xmalloc(n * chans);
	if (!png_image_finish_read(&pi, NULL, px, 0, NULL)) {
		*err = xasprintf("%s: broken PNG: %s", path, pi.message);
		png_image_free(&pi);
		free(px);
		return -1;
	}
	if (!alpha) {
		r->pix = px;
		return 0;
	}
	/* Split the interleaved alpha off into its own plane. */
	{
		size_t cc = chans - 1;
		bool opaque = true;
		r->pix = xmalloc(n * cc);
		r->alpha = xmalloc(n);
		for (size_t i = 0; i < n; i++) {
			memcpy(r->pix + i * cc, px + i * chans, cc);
			r->alpha[i] = px[i * chans + cc];
			opaque = opaque && r->alpha[i] == 255;
		}
		if (opaque) {
			free(r->alpha);
			r->alpha = NULL;
		}
	}
	free(px);
	return 0;
}

/* Walk the JPEG markers to the frame header (SOFn), bounded by len. */
static int jpeg_check(const char *path, const unsigned char *b, size_t len, unsigned *w,
		      unsigned *h, char **err)
{
	size_t i = 2;

	while (i + 4 <= len) {
		unsigned m, seg;
		if (b[i] != 0xFF)
			break;
		m = b[i + 1];
		if (m == 0xFF) { /* fill byte */
			i++;
			continue;
		}
		if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
			i += 2; /* markers without a length */
			continue;
		}
		if (m == 0xD9 || m == 0xDA)
			break; /* end of image, or scan data before any frame */
		seg = (unsigned)b[i + 2] << 8 | b[i + 3];
		if (seg < 2 || i + 2 + seg > len)
			break;
		/* SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC) */
		if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
			unsigned nc;
			if (seg < 8)
				break;
			*h = (unsigned)b[i + 5] << 8 | b[i + 6];
			*w = (unsigned)b[i + 7] << 8 | b[i + 8];
			nc = b[i + 9];
			if (b[i + 4] != 8 || (nc != 1 && nc != 3 && nc != 4)) {
				*err = xasprintf("%s: only 8-bit grey, RGB or CMYK JPEGs can be "
						 "printed", path);
				return -1;
			}
			if (!size_ok(*w, *h)) {
				*err = xasprintf("%s: a JPEG of %u x %u pixels cannot be printed",
						 path, *w, *h);
				return -1;
			}
			return 0;
		}
		i += 2 + seg;
	}
	*err = xasprintf("%s: broken JPEG: no frame header", path);
	return -1;
}

/* --- into the document ----------------------------------------------------- */

/* The libharu part, in its own frame: nothing it assigns is read after a
 * failure (see PDF_GUARD). */
static HPDF_Image embed_raster(struct print_doc *d, const struct raster *r)
{
	struct pdf_guard g;
	HPDF_Image img, mask;

	PDF_GUARD(d, &g, return NULL);
	img = HPDF_LoadRawImageFromMem(d->pdf, r->pix, r->w, r->h,
				       r->colour ? HPDF_CS_DEVICE_RGB : HPDF_CS_DEVICE_GRAY, 8);
	if (r->alpha) {
		mask = HPDF_LoadRawImageFromMem(d->pdf, r->alpha, r->w, r->h,
						HPDF_CS_DEVICE_GRAY, 8);
		HPDF_Image_AddSMask(img, mask);
	}
	pdf_unguard(d, &g);
	return img;
}

static HPDF_Image embed_jpeg(struct print_doc *d, const unsigned char *buf, size_t len)
{
	struct pdf_guard g;
	HPDF_Image img;

	PDF_GUARD(d, &g, return NULL);
	/* From memory: the bytes checked are the bytes embedded.  libharu
	 * returns NULL without calling the handler for some bad headers. */
	img = HPDF_LoadJpegImageFromMem(d->pdf, buf, (HPDF_UINT)len);
	pdf_unguard(d, &g);
	if (!img)
		pdf_fail(d, xstrdup("PDF: libharu refused the JPEG"));
	return img;
}

int print_image_load(struct print_doc *d, const char *path, struct print_image **out,
		     char **err)
{
	static const unsigned char png_sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
	struct print_image *im;
	struct raster r;
	char *buf;
	size_t len;
	unsigned w = 0, h = 0;
	HPDF_Image img;

	if (pdf_status(d, err))
		return -1;
	if (!fs_exists(path)) {
		*err = xasprintf("%s: no such file", path);
		return -1;
	}
	if (fs_read_file(path, &buf, &len, err))
		return -1;
	memset(&r, 0, sizeof r);
	if (len >= 8 && !memcmp(buf, png_sig, 8)) {
		if (png_decode(path, (const unsigned char *)buf, len, &r, err)) {
			free(buf);
			return -1;
		}
		img = embed_raster(d, &r);
		w = r.w;
		h = r.h;
	} else if (len >= 3 && (unsigned char)buf[0] == 0xFF && (unsigned char)buf[1] == 0xD8 &&
		   (unsigned char)buf[2] == 0xFF) {
		if (jpeg_check(path, (const unsigned char *)buf, len, &w, &h, err)) {
			free(buf);
			return -1;
		}
		img = embed_jpeg(d, (const unsigned char *)buf, len);
	} else {
		*err = xasprintf("%s: not a PNG or JPEG image", path);
		free(buf);
		return -1;
	}
	free(buf);
	if (!img) {
		char *why = NULL;
		pdf_status(d, &why);
		*err = xasprintf("%s: %s", path, why ? why : "cannot be embedded");
		free(why);
		raster_release(&r);
		return -1;
	}
	im = xcalloc(1, sizeof *im);
	im->img = img;
	im->w = w;
	im->h = h;
	im->mask = r.alpha != NULL;
	raster_release(&r);
	*out = im;
	return 0;
}

void print_image_size(const struct print_image *im, unsigned *w, unsigned *h)
{
	*w = im->w;
	*h = im->h;
}

bool print_image_masked(const struct print_image *im)
{
	return im->mask;
}

void print_image_draw(struct print_doc *d, const struct print_image *im, double x, double y,
		      double w, double h)
{
	struct pdf_guard g;

	if (!(w > 0 && h > 0))
		BUG("image %g x %g", w, h);
	PDF_GUARD(d, &g, return);
	HPDF_Page_DrawImage(pdf_page(d), im->img, (HPDF_REAL)x, (HPDF_REAL)y, (HPDF_REAL)w,
			    (HPDF_REAL)h);
	pdf_unguard(d, &g);
}

void print_image_free(struct print_image *im)
{
	free(im);
}
