/* pdf.c - the document: libharu set up once, error handler, pages, trim
 * and bleed boxes, saving.  Fonts are in font.c.  See print.h and
 * pdf-int.h. */
#include "pdf-int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "fsutil.h"
#include "utf8.h"

#define DEFAULT_FONTDIR "/usr/share/fonts/truetype/dejavu"

/* libharu calls this on every error.  Keep the first, then jump to the
 * innermost guard so the failed call's caller goes no further. */
static void on_error(HPDF_STATUS no, HPDF_STATUS detail, void *data)
{
	struct print_doc *d = data;
	pdf_fail(d, xasprintf("PDF: %s (libharu error 0x%04lX, detail %lu)", glue_error_reason(no),
			      (unsigned long)no, (unsigned long)detail));
	if (d->jmp)
		longjmp(*d->jmp, 1);
}

void pdf_fail(struct print_doc *d, char *msg)
{
	if (d->error)
		free(msg);
	else
		d->error = msg;
}

_Noreturn void pdf_throw(struct print_doc *d, char *msg)
{
	pdf_fail(d, msg);
	if (!d->jmp)
		BUG("libharu called outside a guard");
	longjmp(*d->jmp, 1);
}

bool pdf_guard_open(struct print_doc *d, struct pdf_guard *g)
{
	if (d->error)
		return false;
	g->outer = d->jmp;
	d->jmp = &g->env;
	return true;
}

void pdf_guard_fail(struct print_doc *d, struct pdf_guard *g)
{
	d->jmp = g->outer;
}

void pdf_unguard(struct print_doc *d, struct pdf_guard *g)
{
	if (d->jmp != &g->env)
		BUG("PDF guards closed out of order");
	d->jmp = g->outer;
}

int pdf_status(const struct print_doc *d, char **err)
{
	if (!d->error)
		return 0;
	*err = xstrdup(d->error);
	return -1;
}

int pdf_drawn(struct print_doc *d, int rc, char **err, const char *fmt, ...)
{
	va_list ap;
	if (!rc)
		return 0;
	if (!*err) {
		va_start(ap, fmt);
		*err = xvasprintf(fmt, ap);
		va_end(ap);
	}
	/* Whatever was drawn is half a sheet: keep the document from being
	 * saved as if it were whole. */
	pdf_fail(d, xstrdup(*err));
	return -1;
}

int print_doc_status(const struct print_doc *d, char **err)
{
	return pdf_status(d, err);
}

/* One Info entry: a text string as PDFDocEncoding where the text is
 * ASCII, else UTF-16BE (BMP characters; the rest as U+FFFD). */
static void set_info(struct print_doc *d, const char *key, const char *utf8)
{
	size_t rest = strlen(utf8), len;
	struct sb sb = SB_INIT;
	bool ascii = true;
	uint32_t c;

	for (const char *p = utf8; *p; p++)
		ascii = ascii && (unsigned char)*p < 0x80;
	if (ascii) {
		sb_add(&sb, utf8, rest);
	} else {
		sb_add(&sb, "\xfe\xff", 2);
		for (const char *p = utf8; rest; p += len, rest -= len) {
			if (!(len = utf8_next(p, rest, &c)))
				len = 1, c = 0xfffd;
			if (c > 0xffff || c < 0x20)
				c = c < 0x20 ? ' ' : 0xfffd;
			sb_addc(&sb, (char)(c >> 8));
			sb_addc(&sb, (char)(c & 0xff));
		}
	}
	if (!glue_doc_set_info(d->pdf, key, (const unsigned char *)sb.buf, sb.len)) {
		sb_release(&sb);
		pdf_throw(d, xasprintf("PDF: cannot set the document's %s", key));
	}
	sb_release(&sb);
}

int print_doc_new(struct print_doc **out, const struct print_doc_opts *o, char **err)
{
	struct print_doc *d = xcalloc(1, sizeof *d);
	struct pdf_guard g;

	d->paper = o->paper;
	d->small = o->small;
	d->one_face = o->one_face && !o->small;
	d->quick = o->quick;
	d->fontdir = xstrdup(o->fontdir ? o->fontdir : DEFAULT_FONTDIR);
	pdf_mem_hold();
	d->held = true;
	d->pdf = HPDF_NewEx(on_error, pdf_mem_alloc, pdf_mem_free, 0, d);
	if (!d->pdf) {
		print_doc_free(d);
		*err = xstrdup("PDF: libharu cannot start (out of memory)");
		return -1;
	}
	PDF_GUARD(d, &g, goto fail);
	/* Compression is chosen per object when it is created (page content
	 * in AddPage, the standard fonts' in GetFont), so it has to come
	 * first.  The embedded fonts compress their own streams (font.c). */
	HPDF_SetCompressionMode(d->pdf, HPDF_COMP_ALL);
	/* Readers otherwise "fit to page" and cards come out a few per cent
	 * small. */
	HPDF_SetViewerPreference(d->pdf, HPDF_PRINT_SCALING_NONE);
	set_info(d, "Creator", "wyrmpost");
	if (o->title)
		set_info(d, "Title", o->title);
	if (o->author)
		set_info(d, "Author", o->author);
	if (o->subject)
		set_info(d, "Subject", o->subject);
	pdf_unguard(d, &g);
	*out = d;
	return 0;
fail:
	pdf_status(d, err);
	print_doc_free(d);
	return -1;
}

void print_doc_free(struct print_doc *d)
{
	if (!d)
		return;
	if (d->pdf)
		HPDF_Free(d->pdf);
	pdf_fonts_free(d);
	if (d->held)
		pdf_mem_release();
	free(d->fontdir);
	free(d->fills);
	sb_release(&d->saved);
	free(d->error);
	free(d);
}

enum print_paper print_doc_paper(const struct print_doc *d)
{
	return d->paper;
}

bool print_doc_small(const struct print_doc *d)
{
	return d->small;
}

void print_paper_size(enum print_paper p, double *w, double *h)
{
	switch (p) {
	case PRINT_A4:
		*w = 210.0, *h = 297.0;
		return;
	case PRINT_LETTER:
		*w = 215.9, *h = 279.4;
		return;
	}
	BUG("paper %d", (int)p);
}

/* buf[0 .. len) Flate-compressed (zlib format) into *out (malloc'ed,
 * *outlen bytes), for the fonts' streams and the pages' contents.  One
 * compressor for the process: libharu sets up and frees 256 KB of zlib
 * state for every stream it compresses, which for a report's few small
 * streams cost more than compressing them.
 *
 * libdeflate, not zlib: it compresses whole buffers, which is all we
 * have.  At its level 1, on the pages of the Burglar reports of `make
 * bench`, it took 12 us a page where zlib took 21 us at level 3 (the level
 * we used: 14 % less CPU a report than zlib's default 6 for 3.7 % more
 * bytes), and its output is 3 % smaller still; at its level 6, 23 us and
 * 7 % smaller again.  A card sheet's pages at level 1 are 8 % larger than
 * zlib 3's, at level 6 9 % smaller (docs/benchmarks.md). */
#define FLATE_QUICK 1
#define FLATE_SMALL 6

static int flate_at(int level, const unsigned char *buf, size_t len, unsigned char **out,
		    size_t *outlen)
{
	static struct libdeflate_compressor *quick, *small;
	struct libdeflate_compressor **cp = level == FLATE_QUICK ? &quick : &small, *c;
	size_t cap, n;

	if (!*cp && !(*cp = libdeflate_alloc_compressor(level)))
		return -1;
	c = *cp;
	cap = libdeflate_zlib_compress_bound(c, len);
	*out = xmalloc(cap);
	n = libdeflate_zlib_compress(c, buf, len, *out, cap);
	if (n == 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	*outlen = n;
	return 0;
}

int pdf_flate(const unsigned char *buf, size_t len, unsigned char **out, size_t *outlen)
{
	return flate_at(FLATE_QUICK, buf, len, out, outlen);
}

int pdf_flate_small(const unsigned char *buf, size_t len, unsigned char **out, size_t *outlen)
{
	return flate_at(FLATE_SMALL, buf, len, out, outlen);
}

static bool append_saved(void *saved, const void *buf, size_t len)
{
	sb_add(saved, buf, len);
	return true;
}

/* The whole document in memory (d->saved, where a failure midway leaves
 * nothing that a longjmp would lose), so the file itself is written by
 * fs_write_atomic and a crash never leaves half a PDF under the final
 * name. */
static int doc_bytes(struct print_doc *d, char **buf, size_t *len, char **err)
{
	struct pdf_guard g;

	PDF_GUARD(d, &g, goto fail);
	if (d->npages == 0)
		pdf_throw(d, xstrdup("PDF: the document has no pages"));
	pdf_fonts_finish(d);
	if (!glue_doc_flate_pages(d->pdf, d->quick ? pdf_flate : pdf_flate_small))
		pdf_throw(d, xstrdup("PDF: cannot compress the pages"));
	sb_reset(&d->saved);
	if (!glue_doc_save(d->pdf, append_saved, &d->saved))
		pdf_throw(d, xstrdup("PDF: cannot write the document"));
	pdf_unguard(d, &g);
	*len = d->saved.len;
	*buf = sb_detach(&d->saved);
	return 0;
fail:
	sb_release(&d->saved);
	return pdf_status(d, err);
}

int print_doc_save(struct print_doc *d, const char *path, char **err)
{
	char *buf, *e = NULL;
	size_t len;
	int rc;

	if (doc_bytes(d, &buf, &len, err))
		return -1;
	rc = fs_write_atomic(path, buf, len, &e);
	free(buf);
	if (rc) {
		*err = xasprintf("PDF: %s", e);
		free(e);
		return -1;
	}
	return 0;
}

int print_doc_save_mem(struct print_doc *d, char **buf, size_t *len, char **err)
{
	return doc_bytes(d, buf, len, err);
}

HPDF_Page pdf_page(struct print_doc *d)
{
	if (!d->page)
		BUG("drawing before the first page");
	return d->page;
}

void print_page_new(struct print_doc *d, double w, double h)
{
	struct pdf_guard g;

	if (!(w > 0 && h > 0 && w < 5000 && h < 5000))
		BUG("page size %g x %g mm", w, h);
	PDF_GUARD(d, &g, return);
	d->page = HPDF_AddPage(d->pdf);
	d->npages++;
	d->fill[0] = d->fill[1] = d->fill[2] = 0; /* a page starts black */
	d->nfills = 0;
	HPDF_Page_SetWidth(d->page, (HPDF_REAL)(w * MM_TO_PT));
	HPDF_Page_SetHeight(d->page, (HPDF_REAL)(h * MM_TO_PT));
	/* From here on the page's user space is in millimetres, so every
	 * coordinate we write is the one the API was given. */
	HPDF_Page_Concat(d->page, (HPDF_REAL)MM_TO_PT, 0, 0, (HPDF_REAL)MM_TO_PT, 0, 0);
	pdf_unguard(d, &g);
}

void print_page_paper(struct print_doc *d, bool landscape)
{
	double w, h;
	print_paper_size(d->paper, &w, &h);
	if (landscape)
		print_page_new(d, h, w);
	else
		print_page_new(d, w, h);
}

size_t print_page_count(const struct print_doc *d)
{
	return d->npages;
}

static bool add_box(struct print_doc *d, const char *key, double x, double y, double w,
		    double h)
{
	const double mm[4] = { x, y, x + w, y + h };
	HPDF_REAL v[4];

	for (size_t i = 0; i < 4; i++)
		v[i] = (HPDF_REAL)(mm[i] * MM_TO_PT);
	return glue_page_add_box(d->page, key, v);
}

/* libharu 2.3 has no API for these boxes (HPDF_Page_SetBoundary came in
 * 2.4), but a page is a plain dictionary we may add entries to. */
void print_page_boxes(struct print_doc *d, double tx, double ty, double tw, double th,
		      double bx, double by, double bw, double bh)
{
	struct pdf_guard g;

	PDF_GUARD(d, &g, return);
	pdf_page(d);
	if (!add_box(d, "BleedBox", bx, by, bw, bh) || !add_box(d, "TrimBox", tx, ty, tw, th))
		pdf_throw(d, xstrdup("PDF: cannot add a page box"));
	pdf_unguard(d, &g);
}
