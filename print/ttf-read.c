/* ttf-read.c - finding and checking a TrueType font's tables, and the
 * look-ups the subsetter needs: cmap, metrics, glyph data, components.
 * See ttf.h.  Every read is checked against the table it is in, once in
 * ttf_open for the fixed-size parts and at each look-up for the rest. */
#include "ttf.h"

#include <string.h>

#include "util.h"

static unsigned rd16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static int rds16(const unsigned char *p)
{
	unsigned v = rd16(p);
	return v >= 0x8000 ? (int)v - 0x10000 : (int)v;
}

static uint32_t rd32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int fail(char **err, char *msg)
{
	*err = msg;
	return -1;
}

/* The table tag, or NULL.  The hinting tables are optional. */
static struct ttf_table *slot(struct ttf *f, const unsigned char *tag)
{
	static const char tags[][5] = { "head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap",
					"name", "OS/2", "post", "cvt ", "fpgm", "prep" };
	struct ttf_table *const slots[] = { &f->head, &f->hhea, &f->maxp, &f->hmtx, &f->loca,
					    &f->glyf, &f->cmap, &f->name, &f->os2,  &f->post,
					    &f->cvt,  &f->fpgm, &f->prep };

	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (!memcmp(tag, tags[i], 4))
			return slots[i];
	return NULL;
}

static int need(const struct ttf_table *t, const char *tag, size_t min, char **err)
{
	if (!t->p)
		return fail(err, xasprintf("no '%s' table", tag));
	if (t->len < min)
		return fail(err, xasprintf("'%s' table too short (%zu bytes)", tag, t->len));
	return 0;
}

/* The Windows Unicode BMP cmap (platform 3, encoding 1), else a Unicode
 * platform one, in format 4. */
static int find_cmap4(struct ttf *f, char **err)
{
	const struct ttf_table *c = &f->cmap;
	unsigned n = rd16(c->p + 2);
	int best = 0;

	if (4 + 8 * (size_t)n > c->len)
		return fail(err, xstrdup("'cmap' table cut short"));
	for (unsigned i = 0; i < n; i++) {
		const unsigned char *r = c->p + 4 + 8 * i;
		unsigned plat = rd16(r), enc = rd16(r + 2);
		uint32_t off = rd32(r + 4);
		size_t len;
		int rank = plat == 3 && enc == 1 ? 2 : plat == 0 && enc <= 3 ? 1 : 0;
		if (rank <= best || off > c->len || c->len - off < 16 || rd16(c->p + off) != 4)
			continue;
		len = rd16(c->p + off + 2);
		if (len > c->len - off || len < 16 + 4 * (size_t)rd16(c->p + off + 6))
			return fail(err, xstrdup("'cmap' format 4 subtable cut short"));
		if (rd16(c->p + off + 6) == 0 || rd16(c->p + off + 6) % 2)
			return fail(err, xstrdup("'cmap' format 4 subtable has a bad segment count"));
		f->cmap4.p = c->p + off;
		f->cmap4.len = len;
		best = rank;
	}
	if (!best)
		return fail(err, xstrdup("no Unicode 'cmap' subtable in format 4"));
	return 0;
}

int ttf_open(struct ttf *f, const unsigned char *data, size_t len, char **err)
{
	uint32_t version;
	unsigned ntables;

	memset(f, 0, sizeof *f);
	f->data = data;
	f->len = len;
	if (len < 12)
		return fail(err, xstrdup("not a font: too short"));
	version = rd32(data);
	if (version == 0x4f54544f) /* "OTTO" */
		return fail(err, xstrdup("PostScript (CFF) outlines, not TrueType"));
	if (version != 0x00010000 && version != 0x74727565) /* "true" */
		return fail(err, xstrdup("not a TrueType font"));
	ntables = rd16(data + 4);
	if (12 + 16 * (size_t)ntables > len)
		return fail(err, xstrdup("table directory cut short"));
	for (unsigned i = 0; i < ntables; i++) {
		const unsigned char *r = data + 12 + 16 * i;
		uint32_t off = rd32(r + 8), tlen = rd32(r + 12);
		struct ttf_table *t = slot(f, r);
		if (!t)
			continue;
		if (off > len || tlen > len - off)
			return fail(err, xasprintf("table '%.4s' runs past the end of the file", r));
		t->p = data + off;
		t->len = tlen;
	}
	if (need(&f->head, "head", 54, err) || need(&f->hhea, "hhea", 36, err) ||
	    need(&f->maxp, "maxp", 6, err) || need(&f->hmtx, "hmtx", 0, err) ||
	    need(&f->loca, "loca", 0, err) || need(&f->glyf, "glyf", 0, err) ||
	    need(&f->cmap, "cmap", 4, err) || need(&f->name, "name", 6, err) ||
	    need(&f->os2, "OS/2", 78, err) || need(&f->post, "post", 32, err))
		return -1;
	if (rd32(f->head.p + 12) != 0x5f0f3cf5)
		return fail(err, xstrdup("'head' table has the wrong magic number"));
	if (rd16(f->head.p + 18) == 0)
		return fail(err, xstrdup("'head' table gives 0 units per em"));
	if (rd16(f->head.p + 50) > 1)
		return fail(err, xstrdup("'head' table has an unknown loca format"));
	f->long_loca = rd16(f->head.p + 50) == 1;
	f->nglyphs = rd16(f->maxp.p + 4);
	f->nhmetrics = rd16(f->hhea.p + 34);
	if (f->nglyphs == 0 || f->nhmetrics == 0 || f->nhmetrics > f->nglyphs)
		return fail(err, xasprintf("bad glyph counts (%u glyphs, %u metrics)", f->nglyphs,
					   f->nhmetrics));
	if (f->hmtx.len < 4 * (size_t)f->nhmetrics + 2 * (size_t)(f->nglyphs - f->nhmetrics))
		return fail(err, xstrdup("'hmtx' table too short"));
	if (f->loca.len < (f->long_loca ? 4 : 2) * ((size_t)f->nglyphs + 1))
		return fail(err, xstrdup("'loca' table too short"));
	return find_cmap4(f, err);
}

/* The glyph of c in format 4 segment i, which holds it. */
static unsigned seg_glyph(const struct ttf *f, size_t i, uint32_t c)
{
	const unsigned char *t = f->cmap4.p;
	size_t segs = rd16(t + 6) / 2;
	const unsigned char *start = t + 14 + 2 * segs + 2;
	const unsigned char *delta = start + 2 * segs, *range = delta + 2 * segs;
	unsigned g, ro = rd16(range + 2 * i);

	if (ro == 0) {
		g = (c + rd16(delta + 2 * i)) & 0xffff;
	} else {
		size_t at = (size_t)(range + 2 * i - t) + ro + 2 * (c - rd16(start + 2 * i));
		if (at + 2 > f->cmap4.len)
			return 0;
		g = rd16(t + at);
		if (g)
			g = (g + rd16(delta + 2 * i)) & 0xffff;
	}
	return g < f->nglyphs ? g : 0;
}

unsigned ttf_glyph(const struct ttf *f, uint32_t c)
{
	const unsigned char *t = f->cmap4.p;
	size_t segs = rd16(t + 6) / 2, lo = 0, hi = segs;
	const unsigned char *end = t + 14, *start = end + 2 * segs + 2;

	if (c > 0xffff)
		return 0;
	/* The first segment whose end is at or past c. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rd16(end + 2 * mid) < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == segs || rd16(start + 2 * lo) > c)
		return 0;
	return seg_glyph(f, lo, c);
}

void ttf_coverage(const struct ttf *f, unsigned char *map)
{
	const unsigned char *t = f->cmap4.p;
	size_t segs = rd16(t + 6) / 2;
	const unsigned char *end = t + 14, *start = end + 2 * segs + 2;
	uint32_t from = 0;

	/* Only the code points inside segments need a look-up, and with the
	 * ends ascending, as they must be, segment i is the one ttf_glyph
	 * finds for the code points after the previous end: no search. */
	for (size_t i = 0; i < segs; i++) {
		uint32_t e = rd16(end + 2 * i), c = rd16(start + 2 * i);
		bool sorted = i == 0 || e > rd16(end + 2 * (i - 1));
		if (c < from)
			c = from;
		for (; c <= e && c < 0xffff; c++)
			if (sorted ? seg_glyph(f, i, c) : ttf_glyph(f, c))
				map[c / 8] |= (unsigned char)(1u << c % 8);
		if (e + 1 > from)
			from = e + 1;
	}
}

unsigned ttf_advance(const struct ttf *f, unsigned gid)
{
	if (gid >= f->nglyphs)
		return 0;
	if (gid >= f->nhmetrics)
		gid = f->nhmetrics - 1; /* the last advance repeats */
	return rd16(f->hmtx.p + 4 * (size_t)gid);
}

int ttf_lsb(const struct ttf *f, unsigned gid)
{
	if (gid >= f->nglyphs)
		return 0;
	if (gid < f->nhmetrics)
		return rds16(f->hmtx.p + 4 * (size_t)gid + 2);
	return rds16(f->hmtx.p + 4 * (size_t)f->nhmetrics + 2 * (size_t)(gid - f->nhmetrics));
}

unsigned ttf_units_per_em(const struct ttf *f)
{
	return rd16(f->head.p + 18);
}

static size_t loca_at(const struct ttf *f, unsigned i)
{
	if (f->long_loca)
		return rd32(f->loca.p + 4 * (size_t)i);
	return 2 * (size_t)rd16(f->loca.p + 2 * (size_t)i);
}

int ttf_glyph_data(const struct ttf *f, unsigned gid, const unsigned char **p, size_t *len)
{
	size_t a, b;

	if (gid >= f->nglyphs)
		return -1;
	a = loca_at(f, gid);
	b = loca_at(f, gid + 1);
	if (a > b || b > f->glyf.len)
		return -1;
	*p = f->glyf.p + a;
	*len = b - a;
	return 0;
}

int ttf_components(const struct ttf *f, unsigned gid, unsigned *comp, size_t *pos, size_t max,
		   size_t *n)
{
	const unsigned char *g;
	size_t len, at = 10;
	unsigned flags;

	*n = 0;
	if (ttf_glyph_data(f, gid, &g, &len))
		return -1;
	if (len == 0)
		return 0;
	if (len < 10)
		return -1;
	if (rds16(g) >= 0)
		return 0; /* a simple glyph: contours of its own */
	do {
		size_t skip;
		if (at + 4 > len || *n == max)
			return -1;
		flags = rd16(g + at);
		if (pos)
			pos[*n] = at + 2;
		comp[(*n)++] = rd16(g + at + 2);
		if (comp[*n - 1] >= f->nglyphs)
			return -1;
		/* Arguments: words or bytes; then a scale, x and y scales,
		 * or a 2 x 2 matrix (F2Dot14 each). */
		skip = 4 + (flags & 0x1 ? 4 : 2);
		skip += flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0;
		at += skip;
	} while (flags & 0x20);
	return at <= len ? 0 : -1;
}

/* Name id of the Windows English names into out (size bytes), a UTF-16
 * unit's low byte a character; false if there is none or it is too
 * long. */
static bool name_ascii(const struct ttf *f, unsigned id, char *out, size_t size)
{
	const unsigned char *t = f->name.p;
	size_t n = rd16(t + 2), base = rd16(t + 4);

	for (size_t i = 0; i < n && 6 + 12 * (i + 1) <= f->name.len; i++) {
		const unsigned char *r = t + 6 + 12 * i;
		size_t off = base + rd16(r + 10), len = rd16(r + 8);
		if (rd16(r) != 3 || rd16(r + 2) != 1 || rd16(r + 4) != 0x409 || rd16(r + 6) != id)
			continue;
		if (off > f->name.len || len > f->name.len - off || len / 2 >= size)
			return false;
		for (size_t k = 0; k < len / 2; k++)
			out[k] = (char)t[off + 2 * k + 1];
		out[len / 2] = '\0';
		return true;
	}
	return false;
}

int ttf_info(const struct ttf *f, struct ttf_info *info, char **err)
{
	memset(info, 0, sizeof *info);
	info->ascender = rds16(f->hhea.p + 4);
	info->descender = rds16(f->hhea.p + 6);
	for (int i = 0; i < 4; i++)
		info->bbox[i] = rds16(f->head.p + 36 + 2 * i);
	info->family_class = f->os2.p[30];
	info->italic_angle = (int32_t)rd32(f->post.p + 4) / 65536;
	if (!name_ascii(f, 6, info->psname, sizeof info->psname) ||
	    !name_ascii(f, 2, info->style, sizeof info->style))
		return fail(err, xstrdup("no English Windows PostScript name or style"));
	return 0;
}

int ttf_glyph_top(const struct ttf *f, unsigned gid)
{
	const unsigned char *g;
	size_t len;

	if (ttf_glyph_data(f, gid, &g, &len) || len < 10)
		return 0;
	return rds16(g + 8);
}
