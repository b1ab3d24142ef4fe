/* pdf-int.h - inside the print/ layer only: the document and the guard
 * that turns libharu's error callback into a sticky document error.
 *
 * libharu reports an error twice: through the handler given to HPDF_New and
 * through the status each call returns.  Rather than test every status, the
 * handler longjmp()s to the innermost guard.  Every function that calls
 * libharu opens its own guard, so a jump never crosses a caller's frame (a
 * card callback's, say) and never skips anyone's cleanup.
 */
#ifndef WP_PDF_INT_H
#define WP_PDF_INT_H

#include <setjmp.h>
#include <stdint.h>

/* libharu's public view only: its handles are opaque here, and what it
 * keeps private is reached through hpdf-glue.h. */
#define HPDF_SHARED
#include <hpdf.h>

#include "hpdf-glue.h"

#include "print.h"
#include "util.h"

#define MM_TO_PT (72.0 / 25.4)

struct pdf_face; /* font.c */
struct pdf_font; /* font.c */

struct print_doc {
	HPDF_Doc pdf;
	bool held;                /* pdf_mem_hold() called for it */
	HPDF_Page page;           /* current page, NULL before the first */
	size_t npages;
	enum print_paper paper;
	bool small;
	bool one_face;            /* print_doc_opts.one_face, never in small mode */
	bool quick;               /* print_doc_opts.quick */
	/* The fill colour in force, and those print_save kept: one-face bold
	 * outlines its glyphs in it (text.c). */
	double fill[3];
	double (*fills)[3];
	size_t nfills, fills_alloc;
	char *fontdir;
	/* Small mode: the standard 14 fonts, loaded on first use, and
	 * Symbol for the suits. */
	HPDF_Font std[PRINT_NFONTS];
	HPDF_Font symbol;
	/* Otherwise each face's compact subset [0] and whole face [1], made
	 * on first use, and the process's copy of the face. */
	struct pdf_font *emb[PRINT_NFONTS][2];
	struct pdf_face *face[PRINT_NFONTS];
	unsigned ntags;            /* embedded fonts drawn with so far */
	/* ops_num's memo of numbers already formatted, by their float's bits:
	 * sheets repeat the same coordinates on every page. */
	struct pdf_num {
		uint32_t bits;
		unsigned char len;   /* 0: empty */
		char s[16];
	} nums[256];
	struct sb saved;           /* the document's bytes, while saving */
	jmp_buf *jmp;              /* innermost guard, NULL outside */
	char *error;               /* first failure; sticky */
};

struct pdf_guard {
	jmp_buf env;
	jmp_buf *outer;
};

/* Open a guard at the top of a function that calls libharu:
 *
 *	struct pdf_guard g;
 *	PDF_GUARD(d, &g, return);
 *	... libharu calls ...
 *	pdf_unguard(d, &g);
 *
 * If the document has already failed, or when a libharu call fails later,
 * the guard is closed and onfail runs (return, return -1, ...).  setjmp()
 * must be a whole controlling expression, hence a macro; nothing assigned
 * after the guard may be read on the failure path. */
#define PDF_GUARD(d, g, onfail)                            \
	do {                                               \
		if (!pdf_guard_open((d), (g)))             \
			onfail;                            \
		if (setjmp((g)->env)) {                    \
			pdf_guard_fail((d), (g));          \
			onfail;                            \
		}                                          \
	} while (0)

bool pdf_guard_open(struct print_doc *d, struct pdf_guard *g);
void pdf_guard_fail(struct print_doc *d, struct pdf_guard *g);
void pdf_unguard(struct print_doc *d, struct pdf_guard *g);

/* Keep the first failure (message takes ownership of msg). */
void pdf_fail(struct print_doc *d, char *msg);
/* The same, then jump to the innermost guard. */
_Noreturn void pdf_throw(struct print_doc *d, char *msg);
/* -1 and a copy of the document's failure in *err, or 0. */
int pdf_status(const struct print_doc *d, char **err);
/* After a caller's drawing function returned rc: 0 when it succeeded;
 * else -1, *err the function's message (or fmt's when it gave none), and
 * the document failed with it. */
int pdf_drawn(struct print_doc *d, int rc, char **err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Fonts (font.c), inside a guard.  In small mode, libharu's standard 14
 * font for f (and d->symbol loaded). */
HPDF_Font pdf_std_font(struct print_doc *d, enum print_font f);
/* Otherwise the embedded font to draw the characters cp[0 .. n) in face
 * f: its compact subset, unless one of them is only in the whole face. */
struct pdf_font *pdf_font_for(struct print_doc *d, enum print_font f, const uint32_t *cp,
			      size_t n);
/* The advance of cp[0 .. n) in font, in 1/1000 em: the sum of whole
 * widths, as libharu measured it. */
unsigned long pdf_font_width(const struct pdf_font *font, const uint32_t *cp, size_t n);
/* The font's ascent and descent (negative), in 1/1000 em. */
int pdf_font_ascent(const struct pdf_font *font);
int pdf_font_descent(const struct pdf_font *font);
/* Draw cp[0 .. n) (code points, at most U+FFFF) in font at size (mm, the
 * page's units), its origin at x, y: in the page's text object, with its
 * own text matrix. */
void pdf_font_show(struct print_doc *d, struct pdf_font *font, double size, double x, double y,
		   const uint32_t *cp, size_t n);
/* Before saving: each embedded font's objects, from what it drew. */
void pdf_fonts_finish(struct print_doc *d);
/* buf[0 .. len) Flate-compressed into *out (malloc'ed, *outlen bytes);
 * 0, or -1 when the compressor fails.  pdf_flate for speed (the fonts,
 * a quick document's pages), pdf_flate_small for size (other pages). */
int pdf_flate(const unsigned char *buf, size_t len, unsigned char **out, size_t *outlen);
int pdf_flate_small(const unsigned char *buf, size_t len, unsigned char **out, size_t *outlen);
/* With the document: its embedded fonts (their objects are libharu's). */
void pdf_fonts_free(struct print_doc *d);
HPDF_Page pdf_page(struct print_doc *d); /* BUG() before the first page */

/* libharu's memory (pdf-mem.c): every object of a document comes from
 * one arena, given back whole when the last document of the process is
 * freed.  pdf_mem_hold() before HPDF_NewEx(.., pdf_mem_alloc,
 * pdf_mem_free, 0, ..), pdf_mem_release() after HPDF_Free.  For one
 * thread: libharu's allocator takes no context. */
void pdf_mem_hold(void);
void pdf_mem_release(void);
void *pdf_mem_alloc(HPDF_UINT size);
void pdf_mem_free(void *p);

/* Content-stream operators written by us (draw.c).  Each of libharu 2.3's
 * page operators clears a 512-byte buffer a byte at a time before
 * formatting its numbers, which made them most of the time a card sheet
 * took; these write the same bytes, numbers formatted exactly as libharu
 * formats them, into a buffer that goes to the page's stream in one write.
 * Only whole operations are written (a path with its painting operator),
 * so libharu's own bookkeeping of the graphics mode stays right.  Usage,
 * inside a guard:
 *
 *	struct pdf_ops o;
 *	ops_begin(&o, d);
 *	ops_num(&o, x); ops_num(&o, y); ops_op(&o, "m");
 *	...
 *	ops_end(&o);
 */
struct pdf_ops {
	struct print_doc *d;
	size_t n;
	char buf[1024];
};
void ops_begin(struct pdf_ops *o, struct print_doc *d);
/* The same inside a text object (between BT and ET). */
void ops_begin_text(struct pdf_ops *o, struct print_doc *d);
/* A resource name such as a font's "F1": a slash, the name, a space. */
void ops_name(struct pdf_ops *o, const char *name);
/* A number, as libharu 2.3's HPDF_FToA writes the float v, and a space. */
void ops_num(struct pdf_ops *o, double v);
/* An operator and the line feed that ends it. */
void ops_op(struct pdf_ops *o, const char *op);
/* Codes cp[0 .. n) (each at most 0xFFFF) as a literal string of two
 * bytes each, and a space: a string for Tj in a font with Identity-H.
 * Binary, not hex, which would double the bytes the page's stream has
 * to compress. */
void ops_codes(struct pdf_ops *o, const uint32_t *cp, size_t n);
void ops_end(struct pdf_ops *o);

/* Marks shared by sheets, tiles and posters (marks.c). */

/* Crop marks for a grid of trimmed rectangles: xs[] and ys[] are the
 * distinct cut positions (mm); the grid with its bleed spans gx0..gx1,
 * gy0..gy1; marks are drawn only outside it, from 1 mm beyond to len mm
 * further, and never past the region rx0..rx1, ry0..ry1 less 1 mm. */
struct marks {
	const double *xs, *ys;
	size_t nx, ny;
	double gx0, gy0, gx1, gy1;
	double rx0, ry0, rx1, ry1;
	double len;
};
void marks_crop(struct print_doc *d, const struct marks *m);
/* A registration target: circle and cross, 4 mm across, centred at x, y. */
void marks_target(struct print_doc *d, double x, double y);
/* Thin dashed fold line. */
void marks_fold(struct print_doc *d, double x1, double y1, double x2, double y2);
/* Set up the crop-mark pen: black, 0.15 mm, solid. */
void marks_pen(struct print_doc *d);

/* Call a piece callback at x, y, clipped to the polygon clip (n corners,
 * in the piece's coordinates); rotate180 turns the piece about its centre.
 * Returns the callback's result. */
int piece_draw(struct print_doc *d, print_piece_fn *draw, void *ctx,
	       const struct print_piece *p, double x, double y, bool rotate180,
	       const double *clip, size_t nclip, char **err);

#endif
