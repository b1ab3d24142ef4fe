/* text.c - UTF-8 text: decoding for the fonts, measuring, our own line
 * wrapping and shrink-to-fit.
 *
 * HPDF_Page_TextRect wraps but cannot tell how much it needed, and breaks
 * only at ASCII spaces; so we lay text out ourselves, measuring with the
 * fonts' widths (widths add up: there is no kerning) and drawing line by
 * line.
 *
 * Text is decoded to code points first.  The embedded DejaVu fonts
 * (font.c) take the Basic Multilingual Plane, so anything beyond it, and
 * broken UTF-8, becomes '?'; they measure and draw a run themselves.  In
 * small mode a line is split into runs for libharu's standard 14 fonts:
 * Windows-1252 bytes for the base-14 face, the characters it lacks
 * spelled in those (translit.h), and the suits through Symbol; libharu
 * measures them (HPDF_Font_TextWidth) and draws them (HPDF_Page_TextOut,
 * its text state kept right where we write the operators). */
#include "pdf-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "translit.h"
#include "utf8.h"


#define ELLIPSIS 0x2026

/* Decode UTF-8 to the code points the fonts can take: controls become
 * spaces, so a tab never reaches the PDF; what is not UTF-8 (one '?' for a
 * bad sequence), C1 controls and characters past U+FFFF become '?'. */
static uint32_t *decode(const char *s, size_t *n)
{
	size_t rest = strlen(s), k = 0, len;
	uint32_t *out = xmalloc((rest + 1) * sizeof *out), c;

	while (rest) {
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f) {
			out[k++] = (unsigned char)*s++; /* most of it: printable ASCII */
			rest--;
			continue;
		}
		len = utf8_next(s, rest, &c);
		if (!len) {
			for (c = '?', len = 1; len < rest && len < 4 && utf8_continues(s[len]); len++)
				;
		} else if (c < 0x80) {
			c = (c < 0x20 && c != '\n') || c == 0x7f ? ' ' : c;
		} else if (c > 0xffff || c < 0xa0) {
			c = '?';
		}
		out[k++] = c;
		s += len, rest -= len;
	}
	*n = k;
	return out;
}

/* The suits in the Symbol font; the white ones fall back to the black. */
static int symbol_byte(uint32_t c)
{
	switch (c) {
	case 0x2660: case 0x2664: return 0xaa; /* spade */
	case 0x2665: case 0x2661: return 0xa9; /* heart */
	case 0x2666: case 0x2662: return 0xa8; /* diamond */
	case 0x2663: case 0x2667: return 0xa7; /* club */
	default: return 0;
	}
}

/* Small mode: encode the longest run of cp[*i .. n) that one standard
 * font can show into sb, advance *i and return that font. */
static HPDF_Font next_run(struct print_doc *d, HPDF_Font base, const uint32_t *cp, size_t n,
			  size_t *i, struct sb *sb)
{
	bool sym = symbol_byte(cp[*i]) != 0;

	sb_reset(sb);
	for (; *i < n && (symbol_byte(cp[*i]) != 0) == sym; (*i)++) {
		char buf[TRANSLIT_MAX];
		if (sym)
			sb_addc(sb, (char)symbol_byte(cp[*i]));
		else
			sb_add(sb, buf, translit_cp1252(cp[*i], buf));
	}
	return sym ? d->symbol : base;
}

/* Work area of the text functions: allocated before the guard, so a jump
 * out of libharu can still free it. */
struct layout {
	uint32_t *cp;
	size_t n;
	size_t *line; /* start, end pairs into cp */
	size_t nlines, alloc;
	bool broke;   /* a word had to be split between characters */
	HPDF_Font font;          /* small mode */
	struct pdf_font *emb;    /* otherwise */
	/* One-face mode (see face_of): bold drawn as outlined Sans; columns,
	 * monospaced text drawn as Sans cells at the mono face's pitch. */
	bool bold, cols;
	double size, lead, asc, desc; /* mm */
	double space, space_size; /* a space's width at space_size (mm) */
	struct sb run;  /* small mode: encoded bytes of one run */
};

/* Width in mm of cp[0 .. n) in L's font and size, as one run of text.
 * Needs a guard. */
static double plain_width(struct print_doc *d, struct layout *L, const uint32_t *cp, size_t n)
{
	double w = 0;
	size_t i = 0;

	if (!d->small)
		return (double)pdf_font_width(L->emb, cp, n) * L->size / 1000.0;
	while (i < n) {
		HPDF_Font f = next_run(d, L->font, cp, n, &i, &L->run);
		HPDF_TextWidth tw = HPDF_Font_TextWidth(f, (const HPDF_BYTE *)L->run.buf,
							(HPDF_UINT)L->run.len);
		w += tw.width * L->size / 1000.0;
	}
	return w;
}

/* DejaVu Sans Mono's advance, in ems. */
#define MONO_PITCH 0.602

/* Monospaced text in one-face mode: its columns matter (tables in text
 * reports line up with spaces), its letters' widths do not.  So a line is
 * cut into cells where two or more spaces are, and each cell drawn in
 * proportional Sans where the monospaced face would start it, or a space
 * after the cell before if that one ran longer.  The next cell of
 * cp[0 .. n) from *i: its characters [*a, *b) and its left end *x; *end is
 * where the cell before ended (negative before the first).  False when no
 * cell is left.  Needs a guard. */
static bool next_cell(struct print_doc *d, struct layout *L, const uint32_t *cp, size_t n,
		      size_t *i, size_t *a, size_t *b, double *x, double *end)
{
	size_t k = *i, e;
	double col;

	while (k < n && cp[k] == ' ')
		k++;
	if (k == n)
		return false;
	for (e = k; e < n && !(cp[e] == ' ' && (e + 1 == n || cp[e + 1] == ' ')); e++)
		;
	col = (double)k * MONO_PITCH * L->size;
	if (*end >= 0) {
		double after;
		if (L->space_size != L->size) { /* measured once a size */
			const uint32_t sp = ' ';
			L->space = plain_width(d, L, &sp, 1);
			L->space_size = L->size;
		}
		after = *end + L->space;
		col = col > after ? col : after;
	}
	*a = k, *b = e, *i = e, *x = col;
	*end = col + plain_width(d, L, cp + k, e - k);
	return true;
}

/* Width in mm of cp[0 .. n) as L draws it.  Needs a guard. */
static double width_of(struct print_doc *d, struct layout *L, const uint32_t *cp, size_t n)
{
	size_t i = 0, a, b;
	double x, end = -1;

	if (!L->cols)
		return plain_width(d, L, cp, n);
	while (next_cell(d, L, cp, n, &i, &a, &b, &x, &end))
		;
	return end > 0 ? end : 0;
}

/* Small mode: one run in font f at x, y: the bytes
 * HPDF_Page_SetFontAndSize and HPDF_Page_TextOut would write, at a
 * fraction of their cost (struct pdf_ops in pdf-int.h).  The move (Td) is
 * ours only as the first in its text object, where libharu's text
 * position is still the origin and the move is x, y exactly; later ones
 * are relative to where the last run ended, which is libharu's
 * arithmetic, so they stay libharu's.  Needs a guard, in text mode. */
static void show_run(struct print_doc *d, HPDF_Font f, HPDF_REAL size, HPDF_REAL x,
		     HPDF_REAL y, const char *text)
{
	HPDF_Page p = pdf_page(d);
	const HPDF_TransMatrix m = HPDF_Page_GetTextMatrix(p);
	const HPDF_Point pos = HPDF_Page_GetCurrentTextPos(p);
	const char *name = glue_page_font_name(p, f);
	bool first = m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 && m.x == 0 && m.y == 0 &&
		     pos.x == 0 && pos.y == 0;
	struct pdf_ops o;

	if (!name)
		pdf_throw(d, xstrdup("PDF: cannot use a font on a page"));
	ops_begin_text(&o, d);
	ops_name(&o, name);
	ops_num(&o, size);
	ops_op(&o, "Tf");
	if (first) {
		ops_num(&o, x);
		ops_num(&o, y);
		ops_op(&o, "Td");
	}
	ops_end(&o);
	glue_page_set_font_state(p, f, size);
	if (!first) {
		HPDF_Page_TextOut(p, x, y, text);
		return;
	}
	glue_page_set_text_origin(p, x, y);
	HPDF_Page_ShowText(p, text);
}

/* Draw cp[0 .. n) with its left end at x.  Needs a guard, in text mode. */
static void show_plain(struct print_doc *d, struct layout *L, double x, double y, const uint32_t *cp,
		 size_t n)
{
	size_t i = 0;

	if (!d->small) {
		pdf_font_show(d, L->emb, L->size, x, y, cp, n);
		return;
	}
	while (i < n) {
		HPDF_Font f = next_run(d, L->font, cp, n, &i, &L->run);
		show_run(d, f, (HPDF_REAL)L->size, (HPDF_REAL)x, (HPDF_REAL)y, L->run.buf);
		/* Measured only when another run follows: a line is mostly one
		 * run, and libharu measures it again to show it. */
		if (i < n)
			x += HPDF_Font_TextWidth(f, (const HPDF_BYTE *)L->run.buf,
						 (HPDF_UINT)L->run.len).width *
			     L->size / 1000.0;
	}
}

/* The same, a cell at a time in one-face monospaced text. */
static void show(struct print_doc *d, struct layout *L, double x, double y, const uint32_t *cp,
		 size_t n)
{
	size_t i = 0, a, b;
	double cx, end = -1;

	if (!L->cols) {
		show_plain(d, L, x, y, cp, n);
		return;
	}
	while (next_cell(d, L, cp, n, &i, &a, &b, &cx, &end))
		show_plain(d, L, x + cx, y, cp + a, b - a);
}

/* The face that draws f: in one-face mode always Sans, bold and
 * monospaced text marked in L to be drawn as such. */
static enum print_font face_of(struct print_doc *d, struct layout *L, enum print_font f)
{
	L->bold = d->one_face && f == PRINT_SANS_BOLD;
	L->cols = d->one_face && f == PRINT_MONO;
	return L->bold || L->cols ? PRINT_SANS : f;
}

/* Open and close a text object; one-face bold is filled and outlined
 * (text rendering mode 2) in the fill colour, 0.05 em wide, which
 * thickens the stems about as much as DejaVu Sans Bold's, inside its own
 * q .. Q so that the stroke colour and width go back. */
static void text_begin(struct print_doc *d, struct layout *L, HPDF_Page p)
{
	if (L->bold) {
		struct pdf_ops o;
		ops_begin(&o, d);
		ops_op(&o, "q");
		for (int k = 0; k < 3; k++)
			ops_num(&o, d->fill[k]);
		ops_op(&o, "RG");
		ops_num(&o, 0.07 * L->size);
		ops_op(&o, "w");
		ops_num(&o, 2);
		ops_op(&o, "Tr");
		ops_end(&o);
	}
	HPDF_Page_BeginText(p);
}

static void text_end(struct print_doc *d, struct layout *L, HPDF_Page p)
{
	HPDF_Page_EndText(p);
	if (L->bold) {
		struct pdf_ops o;
		ops_begin(&o, d);
		ops_op(&o, "Q");
		ops_end(&o);
	}
}

/* The font for L's text in face f, and its ascent and descent in ems.
 * Needs a guard. */
static void set_font(struct print_doc *d, struct layout *L, enum print_font f)
{
	f = face_of(d, L, f);
	L->space_size = 0; /* a new font: its space not yet measured */
	if (d->small) {
		L->font = pdf_std_font(d, f);
		L->asc = HPDF_Font_GetAscent(L->font) / 1000.0;
		L->desc = HPDF_Font_GetDescent(L->font) / 1000.0;
	} else {
		L->emb = pdf_font_for(d, f, L->cp, L->n);
		L->asc = pdf_font_ascent(L->emb) / 1000.0;
		L->desc = pdf_font_descent(L->emb) / 1000.0;
	}
}

static double pt_to_mm(double pt)
{
	if (!(pt > 0 && pt < PRINT_MAX_PT))
		BUG("font size %g pt", pt);
	return pt / MM_TO_PT;
}

static void layout_free(struct layout *L)
{
	free(L->cp);
	free(L->line);
	sb_release(&L->run);
	free(L);
}

static void add_line(struct layout *L, size_t a, size_t b)
{
	ALLOC_GROW(L->line, 2 * (L->nlines + 1), L->alloc);
	L->line[2 * L->nlines] = a;
	L->line[2 * L->nlines + 1] = b;
	L->nlines++;
}

/* Greedy wrap of cp at the current size into width w. */
static void wrap(struct print_doc *d, struct layout *L, double w)
{
	const uint32_t sp = ' ';
	double space = width_of(d, L, &sp, 1);
	size_t i = 0;

	L->nlines = 0;
	L->broke = false;
	while (L->n > 0 && i <= L->n) {
		/* One paragraph: cp[i .. end). */
		size_t end = i, start = SIZE_MAX, last = 0;
		double lw = 0;
		while (end < L->n && L->cp[end] != '\n')
			end++;
		for (size_t k = i; k < end;) {
			size_t e = k;
			double ww, cand;
			if (L->cp[k] == ' ') {
				k++;
				continue;
			}
			while (e < end && L->cp[e] != ' ')
				e++;
			ww = width_of(d, L, L->cp + k, e - k);
			/* Cells are placed by column: measure the whole line. */
			if (start != SIZE_MAX && L->cols)
				cand = width_of(d, L, L->cp + start, e - start);
			else
				cand = lw + space + ww;
			if (start != SIZE_MAX && cand <= w) {
				lw = cand;
				last = e;
			} else {
				if (start != SIZE_MAX)
					add_line(L, start, last);
				/* A word wider than the line: split it where it
				 * stops fitting, one character at least. */
				while (ww > w && e - k > 1) {
					size_t c = k + 1;
					while (c < e && width_of(d, L, L->cp + k,
								 c + 1 - k) <= w)
						c++;
					add_line(L, k, c);
					L->broke = true;
					k = c;
					ww = width_of(d, L, L->cp + k, e - k);
				}
				start = k;
				last = e;
				lw = ww;
			}
			k = e;
		}
		if (start == SIZE_MAX)
			add_line(L, i, i); /* empty paragraph: a blank line */
		else
			add_line(L, start, last);
		i = end + 1;
	}
}

static void set_size(struct layout *L, const struct print_textbox *tb, double pt)
{
	L->size = pt_to_mm(pt);
	L->lead = L->size * (tb->leading > 0 ? tb->leading : 1.2);
}

/* Lay out at the largest size that fits in w x h; fill *fit. */
static void fit_text(struct print_doc *d, struct layout *L, const struct print_textbox *tb,
		     double w, double h, struct print_textfit *fit)
{
	double pt = tb->size;
	double min = tb->min_size > 0 && tb->min_size < tb->size ? tb->min_size : tb->size;
	const double eps = 1e-6;

	set_font(d, L, tb->font);
	for (;;) {
		set_size(L, tb, pt);
		wrap(d, L, w);
		if ((L->nlines * L->lead <= h + eps && !L->broke) || pt - 0.25 < min - eps)
			break;
		pt -= 0.25;
	}
	fit->overflow = L->nlines * L->lead > h + eps;
	if (fit->overflow) {
		/* Keep what fits; the last kept line ends in an ellipsis,
		 * dropping characters until that fits too. */
		size_t keep = (size_t)floor((h + eps) / L->lead);
		if (keep > 0) {
			size_t a = L->line[2 * (keep - 1)], b = L->line[2 * (keep - 1) + 1];
			const uint32_t ell = ELLIPSIS;
			double ew = width_of(d, L, &ell, 1);
			while (b > a && width_of(d, L, L->cp + a, b - a) + ew > w)
				b--;
			while (b > a && L->cp[b - 1] == ' ')
				b--;
			/* The slot after the line's end is ours to overwrite:
			 * lines are drawn from cp and nothing after keep is. */
			L->cp = xrealloc(L->cp, (L->n + 2) * sizeof *L->cp);
			memmove(L->cp + b + 1, L->cp + b, (L->n - b) * sizeof *L->cp);
			L->cp[b] = ELLIPSIS;
			L->n++;
			L->line[2 * (keep - 1) + 1] = b + 1;
		}
		L->nlines = keep;
	}
	fit->size = pt; /* not from L->size: no rounding on the way back */
	fit->lines = L->nlines;
	fit->height = L->nlines * L->lead;
}

static void check_box(const struct print_textbox *tb, double w, double h)
{
	if (!(w > 0 && h > 0) || (unsigned)tb->align > PRINT_RIGHT ||
	    (unsigned)tb->valign > PRINT_BOTTOM)
		BUG("text box %g x %g", w, h);
	pt_to_mm(tb->size);
}

void print_text_measure(struct print_doc *d, const struct print_textbox *tb, double w,
			double h, const char *utf8, struct print_textfit *fit)
{
	struct layout *L = xcalloc(1, sizeof *L);
	struct pdf_guard g;

	check_box(tb, w, h);
	memset(fit, 0, sizeof *fit);
	L->cp = decode(utf8, &L->n);
	PDF_GUARD(d, &g, goto out);
	fit_text(d, L, tb, w, h, fit);
	pdf_unguard(d, &g);
out:
	layout_free(L);
}

static double align_x(enum print_align a, double x, double w, double lw)
{
	switch (a) {
	case PRINT_LEFT: return x;
	case PRINT_CENTER: return x + (w - lw) / 2;
	case PRINT_RIGHT: return x + w - lw;
	}
	BUG("align %d", (int)a);
}

/* Lay out and draw; in its own function so that nothing it computes lives
 * across the guard's setjmp in print_text_box. */
static void text_box(struct print_doc *d, struct layout *L, const struct print_textbox *tb,
		     double x, double y, double w, double h, struct print_textfit *fit)
{
	HPDF_Page p = pdf_page(d);
	double top;

	fit_text(d, L, tb, w, h, fit);
	switch (tb->valign) {
	case PRINT_TOP: top = y + h; break;
	case PRINT_MIDDLE: top = y + (h + fit->height) / 2; break;
	default: top = y + fit->height; break;
	}
	text_begin(d, L, p);
	for (size_t i = 0; i < L->nlines; i++) {
		size_t a = L->line[2 * i], b = L->line[2 * i + 1];
		/* The glyphs' own height sits centred in the line's slot. */
		double base = top - i * L->lead - (L->lead - (L->asc - L->desc) * L->size) / 2 -
			      L->asc * L->size;
		double lw = width_of(d, L, L->cp + a, b - a);
		if (b > a)
			show(d, L, align_x(tb->align, x, w, lw), base, L->cp + a, b - a);
	}
	text_end(d, L, p);
}

void print_text_box(struct print_doc *d, const struct print_textbox *tb, double x, double y,
		    double w, double h, const char *utf8, struct print_textfit *fit)
{
	struct layout *L = xcalloc(1, sizeof *L);
	struct print_textfit dummy;
	struct pdf_guard g;

	check_box(tb, w, h);
	L->cp = decode(utf8, &L->n);
	memset(&dummy, 0, sizeof dummy);
	if (fit)
		*fit = dummy;
	PDF_GUARD(d, &g, goto out);
	text_box(d, L, tb, x, y, w, h, fit ? fit : &dummy);
	pdf_unguard(d, &g);
out:
	layout_free(L);
}

double print_text_width(struct print_doc *d, enum print_font f, double size_pt,
			const char *utf8)
{
	struct layout *L = xcalloc(1, sizeof *L);
	struct pdf_guard g;
	volatile double w = 0;

	L->size = pt_to_mm(size_pt);
	L->cp = decode(utf8, &L->n);
	PDF_GUARD(d, &g, goto out);
	set_font(d, L, f);
	w = width_of(d, L, L->cp, L->n);
	pdf_unguard(d, &g);
out:
	layout_free(L);
	return w;
}

void print_text(struct print_doc *d, enum print_font f, double size_pt, double x, double y,
		enum print_align align, const char *utf8)
{
	struct layout *L = xcalloc(1, sizeof *L);
	struct pdf_guard g;
	HPDF_Page p;

	L->size = pt_to_mm(size_pt);
	L->cp = decode(utf8, &L->n);
	PDF_GUARD(d, &g, goto out);
	p = pdf_page(d);
	set_font(d, L, f);
	if (L->n > 0) {
		text_begin(d, L, p);
		/* Left-aligned text needs no measuring. */
		double w = align == PRINT_LEFT ? 0 : width_of(d, L, L->cp, L->n);
		show(d, L, align_x(align, x, 0, w), y, L->cp, L->n);
		text_end(d, L, p);
	}
	pdf_unguard(d, &g);
out:
	layout_free(L);
}
