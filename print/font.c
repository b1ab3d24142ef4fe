/* font.c - the fonts a document sets text in: each DejaVu face embedded
 * with the glyphs the document drew and no others, or the standard 14
 * fonts in small mode.
 *
 * The standard 14 are libharu's (HPDF_GetFont); text.c draws and measures
 * them through libharu.  The DejaVu faces are ours from end to end, as
 * libharu 2.3's TrueType machinery cost more than the rest of a report
 * together: per document it parsed the font, walked all 65,536 code points
 * through a linear search of its cmap, built a /W array and a 128 KB
 * CIDToGIDMap for all of them, and then measured every string a character
 * at a time through the same search.
 *
 * So, once per process, each face is cut down (ttf.h) to a compact subset
 * of the characters real text uses: Latin, Greek, Cyrillic, punctuation,
 * arrows, box drawing, shapes and the game symbols.  A string with a
 * character outside that set which DejaVu has is drawn with the face's
 * other subset, every character of the face, so nothing ever prints as a
 * missing-glyph box that DejaVu could draw.  For each of the two, the
 * process keeps what a document needs to measure and describe it: the
 * advance of every code point in 1/1000 em, and the descriptor's metrics,
 * all computed with libharu's integer arithmetic, so that text lays out
 * and the font reads exactly as when libharu loaded it.
 *
 * A document's font (struct pdf_font) is one of those subsets: text is
 * measured from the width table and drawn by writing Tf, Tm and Tj
 * ourselves, a character's code being its code point (two bytes,
 * Identity-H), and each character drawn is marked.  The font's PDF
 * objects are made when the document is saved (pdf_fonts_finish): a
 * TrueType subset of exactly the characters drawn, with /W, CIDToGIDMap
 * and ToUnicode for those only, put into the dictionary the pages have
 * named since the font's first use (hpdf-glue.h).  The ToUnicode map,
 * which lets a reader copy and search the text, is a proper one (bfrange,
 * bfchar), where libharu 2.3 wrote its encoder's CMap.
 *
 * Its streams are compressed here, with one zlib state for the process,
 * and the last few compressed font files are kept: the reports of one
 * game often draw the same characters, and subsetting and compressing a
 * font is most of what it costs.
 */
#include "pdf-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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

/* FontDescriptor flags (PDF 1.7, table 123). */
enum {
	FLAG_SERIF = 1 << 1,
	FLAG_SYMBOLIC = 1 << 2,
	FLAG_SCRIPT = 1 << 3,
	FLAG_NONSYMBOLIC = 1 << 5,
	FLAG_ITALIC = 1 << 6,
	FLAG_FORCE_BOLD = 1 << 18,
};

/* One of a face's two subsets as a PDF describes it, in 1/1000 em. */
struct pdf_metrics {
	uint16_t *width;         /* the advance of each BMP code point */
	char name[96];           /* "DejaVuSans,Book": libharu's BaseFont */
	int ascent, descent, cap_height, x_height, italic_angle, flags;
	int bbox[4];
	int missing_width;       /* .notdef's advance */
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
	struct pdf_metrics m[2];
	unsigned char *cover[2];     /* the BMP in each: in_sub, or allocated */
	unsigned char in_sub[8192];  /* bitmaps of the BMP: in the compact set */
	unsigned char in_face[8192]; /* in DejaVu at all */
};

/* A document's font: one subset of a face. */
struct pdf_font {
	const struct pdf_face *face;
	int which;                /* 0 compact, 1 whole */
	HPDF_Font dict;           /* made when it first draws text */
	bool done;                /* its objects made (pdf_fonts_finish) */
	char name[8 + sizeof ((struct pdf_metrics *)0)->name]; /* with its tag */
	uint32_t max;             /* the highest code drawn */
	unsigned char used[8192]; /* the codes drawn: a bitmap of the BMP */
};

static struct pdf_face *faces;

static bool bit(const unsigned char *map, uint32_t c)
{
	return c <= 0xffff && (map[c / 8] & 1u << c % 8);
}

/* libharu's arithmetic for a length in font units (INT32 * 1000 / units
 * per em, which truncates toward zero). */
static int per_mille(int v, unsigned upm)
{
	return (int)((int32_t)v * 1000 / (int32_t)upm);
}

/* libharu's BaseFont: the PostScript name, and unless the style is
 * "Regular", a comma and the style up to its first space (where its copy
 * stops); a Bold or Italic style sets those flags. */
static void name_font(struct pdf_metrics *m, const struct ttf_info *in)
{
	size_t len = strcspn(in->style, " ");

	m->flags = FLAG_NONSYMBOLIC;
	if (strncmp(in->style, "Regular", 7) != 0) {
		snprintf(m->name, sizeof m->name, "%s,%.*s", in->psname, (int)len, in->style);
		if (strstr(in->style, "Bold"))
			m->flags |= FLAG_FORCE_BOLD;
		if (strstr(in->style, "Italic"))
			m->flags |= FLAG_ITALIC;
	} else {
		snprintf(m->name, sizeof m->name, "%s", in->psname);
	}
	/* OS/2 sFamilyClass: 1-5 and 7 are serif classes, 10 scripts, 12
	 * symbols. */
	if ((in->family_class > 0 && in->family_class < 6) || in->family_class == 7)
		m->flags |= FLAG_SERIF;
	if (in->family_class == 10)
		m->flags |= FLAG_SCRIPT;
	if (in->family_class == 12)
		m->flags |= FLAG_SYMBOLIC;
}

/* The metrics of subset which of fc, as libharu's TrueType loader
 * computes them (hpdf_fontdef_tt.c): ascent and descent from hhea, the
 * box from head, cap and x-height from the tops of H and x, widths
 * truncated to whole units.  Its StemV is 0, as libharu's: a TrueType
 * font does not say. */
static int measure_face(struct pdf_face *fc, int which, char **err)
{
	const struct ttf *t = &fc->ttf[which];
	const unsigned char *cover = fc->cover[which];
	struct pdf_metrics *m = &fc->m[which];
	unsigned upm = ttf_units_per_em(t);
	struct ttf_info in;
	uint16_t notdef;

	if (ttf_info(t, &in, err))
		return -1;
	name_font(m, &in);
	m->ascent = per_mille(in.ascender, upm);
	m->descent = per_mille(in.descender, upm);
	for (int i = 0; i < 4; i++)
		m->bbox[i] = per_mille(in.bbox[i], upm);
	m->cap_height = per_mille(ttf_glyph_top(t, ttf_glyph(t, 'H')), upm);
	m->x_height = per_mille(ttf_glyph_top(t, ttf_glyph(t, 'x')), upm);
	m->italic_angle = in.italic_angle;
	notdef = (uint16_t)(ttf_advance(t, 0) * 1000u / upm);
	m->missing_width = notdef;
	m->width = xmalloc(65536 * sizeof *m->width);
	for (uint32_t c = 0; c <= 0xffff; c++)
		m->width[c] = notdef;
	for (uint32_t c = 0; c < 0xffff; c++) {
		if (!cover[c / 8]) {
			c |= 7;
			continue;
		}
		if (bit(cover, c))
			m->width[c] = (uint16_t)(ttf_advance(t, ttf_glyph(t, c)) * 1000u / upm);
	}
	return 0;
}

/* The ToUnicode CMap of a font holding the characters in map (a bitmap of
 * the BMP): each character to itself, as a character's code is its code
 * point.  A bfrange line may not cross a multiple of 256 (only a code's
 * last byte may vary within one); within that, one line spans the
 * characters of map and the holes between them, codes the font never
 * draws, so a page of ASCII is one line.  A lone character is a bfchar
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
		if (!map[c / 8]) {
			c |= 7;
			continue;
		}
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
	for (int i = 0; i < 2; i++) {
		free(fc->sub[i]);
		free(fc->m[i].width);
	}
	free(fc->cover[1]);
	free(fc);
}

/* Map the face's TTF and make subset which (0 compact, 1 whole) and its
 * metrics.  Mapped, not read: the subset touches a fraction of its
 * 700 KB. */
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
	    ttf_open(&fc->ttf[which], fc->sub[which], fc->len[which], &e))
		goto bad;
	if (which == 0) {
		ttf_coverage(&src, fc->in_face);
		ttf_coverage(&fc->ttf[0], fc->in_sub);
		fc->cover[0] = fc->in_sub;
	} else {
		fc->cover[1] = xcalloc(1, sizeof fc->in_sub);
		ttf_coverage(&fc->ttf[1], fc->cover[1]);
	}
	if (measure_face(fc, which, &e))
		goto bad;
	rc = 0;
	goto out;
bad:
	*err = xasprintf("PDF: font '%s': %s", path, e);
	free(e);
	free(fc->sub[which]);
	fc->sub[which] = NULL;
	if (which == 1) {
		free(fc->cover[1]);
		fc->cover[1] = NULL;
	}
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

HPDF_Font pdf_std_font(struct print_doc *d, enum print_font f)
{
	if ((unsigned)f >= PRINT_NFONTS)
		BUG("font %d", (int)f);
	if (!d->jmp || !d->small)
		BUG("pdf_std_font outside a guard or small mode");
	if (!d->std[f]) {
		d->std[f] = HPDF_GetFont(d->pdf, base14[f], "WinAnsiEncoding");
		if (!d->symbol)
			d->symbol = HPDF_GetFont(d->pdf, "Symbol", NULL);
	}
	return d->std[f];
}

struct pdf_font *pdf_font_for(struct print_doc *d, enum print_font f, const uint32_t *cp,
			      size_t n)
{
	struct pdf_face *fc;
	struct pdf_font *font;
	char *err = NULL;
	int which = 0;

	if ((unsigned)f >= PRINT_NFONTS)
		BUG("font %d", (int)f);
	if (!d->jmp || d->small)
		BUG("pdf_font_for outside a guard or in small mode");
	if (!d->face[f] && !(d->face[f] = face_get(d, f, &err)))
		pdf_throw(d, err);
	fc = d->face[f];
	for (size_t i = 0; i < n && !which; i++)
		which = !bit(fc->in_sub, cp[i]) && bit(fc->in_face, cp[i]);
	if (which && !fc->sub[1] && make_subset(fc, f, 1, &err))
		pdf_throw(d, err);
	if (!(font = d->emb[f][which])) {
		font = d->emb[f][which] = xcalloc(1, sizeof *font);
		font->face = fc;
		font->which = which;
	}
	return font;
}

unsigned long pdf_font_width(const struct pdf_font *font, const uint32_t *cp, size_t n)
{
	const struct pdf_metrics *m = &font->face->m[font->which];
	unsigned long sum = 0;

	/* Past the BMP (which text.c never passes) is .notdef, as for any
	 * character the font lacks. */
	for (size_t i = 0; i < n; i++)
		sum += cp[i] <= 0xffff ? m->width[cp[i]] : (unsigned)m->missing_width;
	return sum;
}

int pdf_font_ascent(const struct pdf_font *font)
{
	return font->face->m[font->which].ascent;
}

int pdf_font_descent(const struct pdf_font *font)
{
	return font->face->m[font->which].descent;
}

/* The six capitals of the document's k-th font's tag: HPDFAA, HPDFAB,
 * ..., as libharu names them. */
static void tag_name(unsigned k, char tag[7])
{
	memcpy(tag, "HPDFAA", 7);
	for (int i = 5; i >= 0 && k; i--) {
		unsigned v = (unsigned)(tag[i] - 'A') + k;
		tag[i] = (char)('A' + v % 26);
		k = v / 26;
	}
}

void pdf_font_show(struct print_doc *d, struct pdf_font *font, double size, double x, double y,
		   const uint32_t *cp, size_t n)
{
	HPDF_Page p = pdf_page(d);
	const char *name;
	struct pdf_ops o;

	if (!font->dict) {
		char tag[7];
		if (!(font->dict = glue_font_new(d->pdf)))
			pdf_throw(d, xstrdup("PDF: cannot add a font"));
		tag_name(d->ntags++, tag);
		snprintf(font->name, sizeof font->name, "%s+%s", tag,
			 font->face->m[font->which].name);
	}
	if (!(name = glue_page_font_name(p, font->dict)))
		pdf_throw(d, xstrdup("PDF: cannot use a font on a page"));
	ops_begin_text(&o, d);
	ops_name(&o, name);
	ops_num(&o, size);
	ops_op(&o, "Tf");
	ops_num(&o, 1);
	ops_num(&o, 0);
	ops_num(&o, 0);
	ops_num(&o, 1);
	ops_num(&o, x);
	ops_num(&o, y);
	ops_op(&o, "Tm");
	ops_codes(&o, cp, n);
	ops_op(&o, "Tj");
	ops_end(&o);
	for (size_t i = 0; i < n; i++) {
		font->used[cp[i] / 8] |= (unsigned char)(1u << cp[i] % 8);
		if (cp[i] > font->max)
			font->max = cp[i];
	}
}

/* What embed() makes of the characters a document drew in one face,
 * everything but libharu's objects: kept for the next documents that draw
 * the very same characters (a run's reports of one game mostly do: 1,500
 * Burglar reports draw two sets; making them, the subset above all, cost
 * a report 0.3 ms).  The last few are kept, whichever they are. */
struct font_objects {
	const struct pdf_face *face;
	int which;
	uint32_t max;              /* the highest code drawn */
	unsigned char used[8192];  /* the codes drawn, as pdf_font's */
	uint16_t *cid, *width;     /* the codes in the subset, and their widths */
	size_t n;
	unsigned char *file, *map, *tounicode; /* compressed */
	size_t file_len, file_len1, map_len, tounicode_len;
};

static struct font_objects objects[8];
static unsigned objects_next;

static void objects_release(struct font_objects *o)
{
	free(o->cid);
	free(o->width);
	free(o->file);
	free(o->map);
	free(o->tounicode);
	memset(o, 0, sizeof *o);
}

/* The TrueType subset of fc's subset `which` holding the characters
 * o->cid, compressed into o->file; and the glyph of each character in it,
 * big-endian, at its code in map. */
static int subset_file(const struct pdf_face *fc, int which, struct font_objects *o,
		       unsigned char *map, char **err)
{
	struct ttf_range *r = xmalloc((o->n + 1) * sizeof *r);
	unsigned char *ttf = NULL;
	struct ttf sub;
	size_t nr = 0, len = 0;
	int rc;

	for (size_t i = 0; i < o->n; i++)
		if (nr > 0 && r[nr - 1].last + 1 == o->cid[i])
			r[nr - 1].last = o->cid[i];
		else
			r[nr++] = (struct ttf_range){ o->cid[i], o->cid[i] };
	rc = ttf_subset(&fc->ttf[which], r, nr, "", false, &ttf, &len, err) ||
	     ttf_open(&sub, ttf, len, err);
	free(r);
	if (!rc && pdf_flate(ttf, len, &o->file, &o->file_len)) {
		*err = xstrdup("zlib cannot compress the font");
		rc = -1;
	}
	if (!rc) {
		o->file_len1 = len;
		for (size_t i = 0; i < o->n; i++) {
			unsigned gid = ttf_glyph(&sub, o->cid[i]);
			map[2 * o->cid[i]] = (unsigned char)(gid >> 8);
			map[2 * o->cid[i] + 1] = (unsigned char)gid;
		}
	}
	free(ttf);
	return rc ? -1 : 0;
}

/* Make o of font's characters: a TrueType subset of those its face has
 * (the rest draw .notdef), their widths, the CIDToGIDMap from each code to
 * its glyph, reaching the highest code drawn (past its end poppler reports
 * an error), and a ToUnicode map of every character drawn, so a reader
 * still copies those DejaVu lacks. */
static int make_objects(const struct pdf_font *font, struct font_objects *o, char **err)
{
	const struct pdf_face *fc = font->face;
	const struct pdf_metrics *m = &fc->m[font->which];
	const unsigned char *cover = fc->cover[font->which];
	unsigned char *map;
	char *tu;
	size_t tulen, max = font->max;
	int rc;

	o->face = fc;
	o->which = font->which;
	o->max = font->max;
	memcpy(o->used, font->used, sizeof o->used);
	o->cid = xmalloc((max + 1) * sizeof *o->cid);
	for (uint32_t c = 0x20; c <= font->max; c++) {
		if (!font->used[c / 8]) {
			c |= 7;
			continue;
		}
		if (bit(font->used, c) && bit(cover, c))
			o->cid[o->n++] = (uint16_t)c;
	}
	map = xcalloc(max + 1, 2);
	if (subset_file(fc, font->which, o, map, err)) {
		free(map);
		return -1;
	}
	o->width = xmalloc((o->n + 1) * sizeof *o->width);
	for (size_t i = 0; i < o->n; i++)
		o->width[i] = m->width[o->cid[i]];
	tu = tounicode(font->used, &tulen);
	rc = pdf_flate(map, 2 * (max + 1), &o->map, &o->map_len) ||
	     pdf_flate((unsigned char *)tu, tulen, &o->tounicode, &o->tounicode_len);
	free(map);
	free(tu);
	if (rc)
		*err = xstrdup("zlib cannot compress the font");
	return rc ? -1 : 0;
}

/* font's objects: those made for a document before, or new ones. */
static const struct font_objects *font_objects(const struct pdf_font *font, char **err)
{
	struct font_objects *o;

	for (size_t i = 0; i < sizeof objects / sizeof objects[0]; i++) {
		o = &objects[i];
		if (o->face == font->face && o->which == font->which && o->max == font->max &&
		    !memcmp(o->used, font->used, font->max / 8 + 1))
			return o;
	}
	o = &objects[objects_next++ % (sizeof objects / sizeof objects[0])];
	objects_release(o);
	if (make_objects(font, o, err)) {
		objects_release(o);
		return NULL;
	}
	return o;
}

/* The PDF objects of font (font_objects) in the document. */
static void embed(struct print_doc *d, struct pdf_font *font)
{
	const struct pdf_face *fc = font->face;
	const struct pdf_metrics *m = &fc->m[font->which];
	struct glue_font gf = { .name = font->name, .ascent = m->ascent, .descent = m->descent,
				.cap_height = m->cap_height, .x_height = m->x_height,
				.italic_angle = m->italic_angle, .flags = m->flags,
				.missing_width = m->missing_width };
	const struct font_objects *o;
	char *e = NULL;

	memcpy(gf.bbox, m->bbox, sizeof gf.bbox);
	if ((o = font_objects(font, &e)) != NULL) {
		gf.file = o->file, gf.file_len = o->file_len, gf.file_len1 = o->file_len1;
		gf.map = o->map, gf.map_len = o->map_len;
		gf.tounicode = o->tounicode, gf.tounicode_len = o->tounicode_len;
		gf.cid = o->cid, gf.width = o->width, gf.n = o->n;
		if (!glue_font_fill(d->pdf, font->dict, &gf))
			e = xstrdup("libharu cannot take the document's font subset");
	}
	if (e) {
		char *msg = xasprintf("PDF: font '%s': %s", ttf_files[fc->font], e);
		free(e);
		pdf_throw(d, msg);
	}
}

void pdf_fonts_finish(struct print_doc *d)
{
	for (int f = 0; f < PRINT_NFONTS; f++)
		for (int which = 0; which < 2; which++)
			if (d->emb[f][which] && d->emb[f][which]->dict && !d->emb[f][which]->done) {
				embed(d, d->emb[f][which]);
				d->emb[f][which]->done = true;
			}
}

void pdf_fonts_free(struct print_doc *d)
{
	for (int f = 0; f < PRINT_NFONTS; f++)
		for (int which = 0; which < 2; which++)
			free(d->emb[f][which]);
}
