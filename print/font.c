/* font.c - the faces a document embeds: for each DejaVu face the glyphs
 * the document drew and no others, and the standard 14 fonts in small
 * mode.
 *
 * libharu 2.3 embeds a TrueType font with its whole cmap, hmtx and loca
 * tables and a /W width for every code point the font maps: about 86 KB a
 * DejaVu face, however little text uses it, and 40 ms a document to read
 * the TTF and walk its 193 cmap segments for each of 65,536 code points.
 * So libharu is given a subset (ttf.h) of the characters real text uses:
 * Latin, Greek, Cyrillic, punctuation, arrows, box drawing, shapes and the
 * game symbols; a string with a character outside that set which DejaVu
 * has is drawn with the face's other subset, every character of the face,
 * so nothing ever prints as a missing-glyph box that DejaVu could draw.
 * These two are made once per process and kept (a run writes hundreds of
 * reports) and given to libharu from memory, through its internal font
 * loader: HPDF_LoadTTFontFromFile would need a file.
 *
 * Even the compact set costs 20 KB a face in every report.  So when the
 * document is saved, each font is cut down once more, to the characters
 * the document used (libharu marks their glyphs as text is measured or
 * drawn): a new subset goes into the file in place of libharu's copy,
 * with /W, CIDToGIDMap and ToUnicode for those characters only.  The text
 * itself needs no change, as its codes are code points, not glyphs.
 *
 * The ToUnicode map, which lets a reader copy and search the text, is
 * ours too: libharu 2.3 points /ToUnicode at the CMap of its UTF-8
 * encoder, an encoding CMap (begincidrange) where a ToUnicode CMap needs
 * bfrange and bfchar, so poppler warns on every page and stricter readers
 * lose the text. */
#include "pdf-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>


#include "ttf.h"

static const char *const ttf_files[PRINT_NFONTS] = {
	[PRINT_SANS] = "DejaVuSans.ttf",
	[PRINT_SANS_BOLD] = "DejaVuSans-Bold.ttf",
	[PRINT_MONO] = "DejaVuSansMono.ttf",
	[PRINT_SERIF] = "DejaVuSerif.ttf",
};

/* The standard 14 faces: nothing embedded, every viewer has them. */
static const char *const base14[PRINT_NFONTS] = {
	[PRINT_SANS] = "Helvetica",
	[PRINT_SANS_BOLD] = "Helvetica-Bold",
	[PRINT_MONO] = "Courier",
	[PRINT_SERIF] = "Times-Roman",
};

/* The compact set.  Each character costs a few bytes in every document
 * that uses the face (its width in /W, its hmtx and loca entries), used or
 * not; whole runs keep the cmap to few segments. */
static const struct ttf_range compact[] = {
	{ 0x0020, 0x007e }, /* ASCII */
	{ 0x00a0, 0x017f }, /* Latin-1, Latin Extended-A */
	{ 0x0192, 0x0192 }, { 0x01fa, 0x01ff }, { 0x0218, 0x021b }, /* ƒ, Ǻ, Romanian */
	{ 0x0259, 0x0259 }, { 0x02bb, 0x02bc }, { 0x02c6, 0x02c7 }, { 0x02c9, 0x02c9 },
	{ 0x02d8, 0x02dd }, /* schwa, modifier letters */
	{ 0x0384, 0x03ce }, /* Greek */
	{ 0x0400, 0x045f }, { 0x0490, 0x0491 }, /* Cyrillic */
	{ 0x1e80, 0x1e85 }, { 0x1e9e, 0x1e9e }, { 0x1ef2, 0x1ef3 }, /* Welsh, capital sharp s */
	{ 0x2010, 0x2027 }, { 0x2030, 0x203e }, { 0x2044, 0x2044 }, /* punctuation */
	{ 0x2070, 0x2071 }, { 0x2074, 0x208e }, /* super- and subscripts */
	{ 0x20a0, 0x20bf }, /* currency */
	{ 0x2105, 0x2105 }, { 0x2113, 0x2113 }, { 0x2116, 0x2116 }, { 0x2122, 0x2122 },
	{ 0x2126, 0x2126 }, { 0x212e, 0x212e }, { 0x2150, 0x215f }, /* ™, №, fractions */
	{ 0x2190, 0x2199 }, { 0x21d0, 0x21d5 }, /* arrows */
	{ 0x2202, 0x2202 }, { 0x2206, 0x2206 }, { 0x220f, 0x220f }, { 0x2211, 0x2212 },
	{ 0x2215, 0x2215 }, { 0x2219, 0x221a }, { 0x221e, 0x221f }, { 0x2229, 0x2229 },
	{ 0x222b, 0x222b }, { 0x2248, 0x2248 }, { 0x2260, 0x2261 }, { 0x2264, 0x2265 },
	{ 0x2302, 0x2302 }, { 0x2310, 0x2310 }, { 0x2320, 0x2321 },
	{ 0x2500, 0x25cf }, { 0x25e6, 0x25e6 }, /* box drawing, blocks, shapes */
	{ 0x2600, 0x2613 }, { 0x2639, 0x2642 }, { 0x2654, 0x266f }, /* chess, suits */
	{ 0x2680, 0x2685 }, { 0x2690, 0x2691 }, { 0x26a0, 0x26a0 }, /* dice, flags */
	{ 0x2713, 0x2718 }, /* ticks and crosses */
	{ 0xfb01, 0xfb02 }, { 0xfffd, 0xfffd },
};

/* One face from one directory, for the whole process: never freed, as a
 * document may still use it (tests use a few font directories, a run
 * one). */
struct pdf_face {
	struct pdf_face *next;
	enum print_font font;
	char *dir;                   /* the font directory it came from */
	unsigned char *sub[2];       /* the compact subset, the whole face */
	size_t len[2];
	struct ttf ttf[2];           /* over sub[] */
	unsigned char *cover[2];     /* the BMP in each: in_sub, or allocated */
	unsigned char in_sub[8192];  /* bitmaps of the BMP: in the compact set */
	unsigned char in_face[8192]; /* in DejaVu at all */
};

static struct pdf_face *faces;

static bool bit(const unsigned char *map, uint32_t c)
{
	return c <= 0xffff && (map[c / 8] & 1u << c % 8);
}

/* The ToUnicode CMap of a font holding the characters in map (a coverage
 * bitmap): each character to itself, as libharu's UTF-8 encoder makes a
 * character's code point its CID and finds the glyph through the
 * CIDToGIDMap.  A bfrange line may not cross a multiple of 256 (only a
 * code's last byte may vary within one); within that, one line spans the
 * characters of map and the holes between them, codes the document never
 * uses, so a page of ASCII is one line.  A lone character is a bfchar
 * line; at most 100 lines a block, as the CMap specification asks.
 * Controls and surrogates are left out: they are never drawn as text. */
static uint32_t block(uint32_t c)
{
	return c < 0x7f ? 0 : c < 0x100 ? 1 : c / 256 + 1;
}

static char *tounicode(const unsigned char *map, size_t *len)
{
	struct sb sb = SB_INIT;
	struct ttf_range *runs = NULL;
	size_t n = 0, cap = 0;

	for (uint32_t c = 0x20; c <= 0xffff; c++) {
		if (!bit(map, c) || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff))
			continue;
		if (n > 0 && block(runs[n - 1].last) == block(c)) {
			runs[n - 1].last = c;
			continue;
		}
		if (n == cap)
			runs = xrealloc(runs, (cap = cap ? 2 * cap : 256) * sizeof *runs);
		runs[n++] = (struct ttf_range){ c, c };
	}
	sb_adds(&sb, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
		     "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		     "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
		     "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	for (int single = 0; single < 2; single++) { /* the ranges, then the rest */
		const char *op = single ? "bfchar" : "bfrange";
		size_t total = 0, done = 0;
		for (size_t i = 0; i < n; i++)
			total += (runs[i].first == runs[i].last) == single;
		for (size_t i = 0; i < n; i++) {
			unsigned a = (unsigned)runs[i].first, b = (unsigned)runs[i].last;
			if ((a == b) != single)
				continue;
			if (done % 100 == 0)
				sb_addf(&sb, "%zu begin%s\n", total - done < 100 ? total - done : 100, op);
			if (single)
				sb_addf(&sb, "<%04X> <%04X>\n", a, a);
			else
				sb_addf(&sb, "<%04X> <%04X> <%04X>\n", a, b, a);
			if (++done % 100 == 0 || done == total)
				sb_addf(&sb, "end%s\n", op);
		}
	}
	sb_adds(&sb, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
	free(runs);
	*len = sb.len;
	return sb_detach(&sb);
}

static void face_free(struct pdf_face *fc)
{
	free(fc->dir);
	free(fc->sub[0]);
	free(fc->sub[1]);
	free(fc->cover[1]);
	free(fc);
}

/* Map the face's TTF and make subset which (0 compact, 1 whole).  Mapped,
 * not read: the subset touches a fraction of its 700 KB. */
static int make_subset(struct pdf_face *fc, enum print_font f, int which, char **err)
{
	static const struct ttf_range all[] = { { 0, 0xffff } };
	char *path = xasprintf("%s/%s", fc->dir, ttf_files[f]), *e = NULL;
	void *map = MAP_FAILED;
	struct stat st;
	struct ttf src;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = -1;

	if (fd < 0 || fstat(fd, &st) || st.st_size <= 0 ||
	    (map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
		*err = xasprintf("PDF: cannot read font '%s': %s", path,
				 fd >= 0 && st.st_size <= 0 ? "empty file" : strerror(errno));
		goto out;
	}
	if (ttf_open(&src, map, (size_t)st.st_size, &e) ||
	    ttf_subset(&src, which ? all : compact, which ? 1 : sizeof compact / sizeof compact[0],
		       which ? "_Full" : "", false, &fc->sub[which], &fc->len[which], &e) ||
	    ttf_open(&fc->ttf[which], fc->sub[which], fc->len[which], &e)) {
		*err = xasprintf("PDF: font '%s': %s", path, e);
		free(e);
		free(fc->sub[which]);
		fc->sub[which] = NULL;
		goto out;
	}
	if (which == 0) {
		ttf_coverage(&src, fc->in_face);
		ttf_coverage(&fc->ttf[0], fc->in_sub);
		fc->cover[0] = fc->in_sub;
	} else {
		fc->cover[1] = xcalloc(1, sizeof fc->in_sub);
		ttf_coverage(&fc->ttf[1], fc->cover[1]);
	}
	rc = 0;
out:
	if (map != MAP_FAILED)
		munmap(map, (size_t)st.st_size);
	if (fd >= 0)
		close(fd);
	free(path);
	return rc;
}

/* The face f from the document's font directory, made on first use. */
static struct pdf_face *face_get(struct print_doc *d, enum print_font f, char **err)
{
	struct pdf_face *fc;

	for (fc = faces; fc; fc = fc->next)
		if (fc->font == f && !strcmp(fc->dir, d->fontdir))
			return fc;
	fc = xcalloc(1, sizeof *fc);
	fc->font = f;
	fc->dir = xstrdup(d->fontdir);
	if (make_subset(fc, f, 0, err)) {
		face_free(fc);
		return NULL;
	}
	fc->next = faces;
	faces = fc;
	return fc;
}

/* A font of the face's compact subset (which 0) or whole (1). */
static HPDF_Font load_mem(struct print_doc *d, const struct pdf_face *fc, int which)
{
	HPDF_Font font = glue_load_ttf_mem(d->pdf, fc->sub[which], fc->len[which]);

	if (!font)
		pdf_throw(d, xasprintf("PDF: libharu cannot load a font (error 0x%04lX)",
				       (unsigned long)HPDF_GetError(d->pdf)));
	return font;
}

HPDF_Font pdf_font(struct print_doc *d, enum print_font f)
{
	if ((unsigned)f >= PRINT_NFONTS)
		BUG("font %d", (int)f);
	if (!d->jmp)
		BUG("pdf_font outside a guard");
	if (d->fonts[f])
		return d->fonts[f];
	if (d->small) {
		d->fonts[f] = HPDF_GetFont(d->pdf, base14[f], "WinAnsiEncoding");
		if (!d->symbol)
			d->symbol = HPDF_GetFont(d->pdf, "Symbol", NULL);
	} else {
		char *err = NULL;
		if (!(d->face[f] = face_get(d, f, &err)))
			pdf_throw(d, err);
		d->fonts[f] = load_mem(d, d->face[f], 0);
	}
	return d->fonts[f];
}

HPDF_Font pdf_font_for(struct print_doc *d, enum print_font f, const uint32_t *cp, size_t n)
{
	HPDF_Font compact_font = pdf_font(d, f);
	struct pdf_face *fc;
	char *err = NULL;
	size_t i;

	if (d->small)
		return compact_font;
	fc = d->face[f];
	for (i = 0; i < n; i++) {
		if (cp[i] > 0xffff || cp[i] < 0x20)
			continue;
		if (cp[i] > d->max_cp)
			d->max_cp = cp[i];
		if (!bit(fc->in_face, cp[i])) {
			if (!d->missing)
				d->missing = xcalloc(1, sizeof fc->in_face);
			d->missing[cp[i] / 8] |= (unsigned char)(1u << cp[i] % 8);
		}
	}
	for (i = 0; i < n; i++)
		if (!bit(fc->in_sub, cp[i]) && bit(fc->in_face, cp[i]))
			break;
	if (i == n)
		return compact_font;
	if (d->full[f])
		return d->full[f];
	if (!fc->sub[1] && make_subset(fc, f, 1, &err))
		pdf_throw(d, err);
	d->full[f] = load_mem(d, fc, 1);
	return d->full[f];
}

/* The characters of fc's subset which that font drew or measured, into
 * cid[] (ascending, *n of them) and the bitmap used; libharu marks the
 * glyphs, so a glyph two characters share counts for both. */
static void used_chars(HPDF_Font font, const struct pdf_face *fc, int which, uint16_t *cid,
		       size_t *n, unsigned char *used)
{
	unsigned nglyphs;
	const unsigned char *flag = glue_font_glyph_flags(font, &nglyphs);
	const unsigned char *cover = fc->cover[which];

	*n = 0;
	for (uint32_t c = 0x20; c <= 0xffff; c++) {
		unsigned g;
		if (!cover[c / 8]) {
			c |= 7;
			continue;
		}
		if (!bit(cover, c) || (g = ttf_glyph(&fc->ttf[which], c)) == 0 || g >= nglyphs ||
		    !flag[g])
			continue;
		cid[(*n)++] = (uint16_t)c;
		used[c / 8] |= (unsigned char)(1u << c % 8);
	}
}

/* Replace what libharu would embed for font with a subset of exactly the
 * characters the document used. */
static void shrink(struct print_doc *d, HPDF_Font font, const struct pdf_face *fc, int which)
{
	unsigned char *used = xcalloc(1, 8192), *ttf = NULL;
	uint16_t *cid = xmalloc(65536 * sizeof *cid), *gid = NULL;
	struct ttf_range *r = NULL;
	char *tu = NULL, *e = NULL;
	size_t n, nr = 0, len = 0, tulen;
	struct ttf sub;
	bool ok;

	used_chars(font, fc, which, cid, &n, used);
	r = xmalloc((n + 1) * sizeof *r);
	for (size_t i = 0; i < n; i++)
		if (nr > 0 && r[nr - 1].last + 1 == cid[i])
			r[nr - 1].last = cid[i];
		else
			r[nr++] = (struct ttf_range){ cid[i], cid[i] };
	ok = !ttf_subset(&fc->ttf[which], r, nr, "", false, &ttf, &len, &e) &&
	     !ttf_open(&sub, ttf, len, &e);
	if (ok) {
		gid = xmalloc((n + 1) * sizeof *gid);
		for (size_t i = 0; i < n; i++)
			gid[i] = (uint16_t)ttf_glyph(&sub, cid[i]);
		for (size_t k = 0; d->missing && k < 8192; k++)
			used[k] |= d->missing[k];
		tu = tounicode(used, &tulen);
		ok = glue_font_replace(font, ttf, len, cid, gid, n, d->max_cp) &&
		     glue_font_set_tounicode(font, tu, tulen);
		if (!ok)
			e = xstrdup("libharu cannot take the document's font subset");
	}
	free(used);
	free(cid);
	free(gid);
	free(r);
	free(ttf);
	free(tu);
	if (!ok) {
		char *msg = xasprintf("PDF: font '%s': %s", ttf_files[fc->font], e);
		free(e);
		pdf_throw(d, msg);
	}
}

void pdf_fonts_finish(struct print_doc *d)
{
	if (d->small)
		return;
	for (int f = 0; f < PRINT_NFONTS; f++) {
		if (d->fonts[f])
			shrink(d, d->fonts[f], d->face[f], 0);
		if (d->full[f])
			shrink(d, d->full[f], d->face[f], 1);
	}
}
