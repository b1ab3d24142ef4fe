/* ttf-subset.c - writing a TrueType font that holds only some characters
 * of another.  See ttf.h.
 *
 * Glyphs are renumbered in code point order (composite parts after), so
 * that each run of consecutive characters is one cmap segment: libharu
 * looks a character up by walking the segments one by one, and walks all
 * 65,536 code points once per font per document.  See write_cmap. */
#include "ttf.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_PARTS 64 /* components of one composite glyph */

struct obuf {
	unsigned char *p;
	size_t len, alloc;
};

static void put(struct obuf *b, const void *src, size_t n)
{
	ALLOC_GROW(b->p, b->len + n, b->alloc);
	if (n)
		memcpy(b->p + b->len, src, n);
	b->len += n;
}

static void put16(struct obuf *b, unsigned v)
{
	unsigned char c[2] = { (unsigned char)(v >> 8), (unsigned char)v };
	put(b, c, 2);
}

static void put32(struct obuf *b, uint32_t v)
{
	unsigned char c[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };
	put(b, c, 4);
}

static void set16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

static void set32(unsigned char *p, uint32_t v)
{
	set16(p, v >> 16);
	set16(p + 2, v & 0xffff);
}

static unsigned get16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static void pad4(struct obuf *b)
{
	static const unsigned char zero[3];
	put(b, zero, (4 - b->len % 4) % 4);
}

static int fail(char **err, char *msg)
{
	*err = msg;
	return -1;
}

/* What the subset keeps. */
struct plan {
	uint32_t *newgid;  /* old glyph -> new, UINT32_MAX if dropped */
	unsigned *old;     /* new glyph -> old */
	unsigned n;
	uint16_t *cp, *gid; /* the cmap: code points ascending, new glyphs */
	size_t ncp;
};

static void keep(struct plan *p, unsigned g)
{
	if (p->newgid[g] == UINT32_MAX) {
		p->newgid[g] = p->n;
		p->old[p->n++] = g;
	}
}

static int plan_make(const struct ttf *f, const struct ttf_range *r, size_t nr, struct plan *p,
		     char **err)
{
	unsigned char *want = xcalloc(0x10000 / 8, 1);

	p->newgid = xmalloc(f->nglyphs * sizeof *p->newgid);
	p->old = xmalloc(f->nglyphs * sizeof *p->old);
	p->cp = xmalloc(0x10000 * sizeof *p->cp);
	p->gid = xmalloc(0x10000 * sizeof *p->gid);
	p->n = 0;
	p->ncp = 0;
	for (unsigned g = 0; g < f->nglyphs; g++)
		p->newgid[g] = UINT32_MAX;
	keep(p, 0);
	/* A bitmap, so ranges may come in any order and overlap. */
	for (size_t i = 0; i < nr; i++)
		for (uint32_t c = r[i].first; c <= r[i].last && c < 0xffff; c++)
			want[c / 8] |= (unsigned char)(1u << c % 8);
	for (uint32_t c = 1; c < 0xffff; c++) {
		unsigned g;
		if (!(want[c / 8] & 1u << c % 8) || !(g = ttf_glyph(f, c)))
			continue;
		keep(p, g);
		p->cp[p->ncp] = (uint16_t)c;
		p->gid[p->ncp++] = (uint16_t)p->newgid[g];
	}
	free(want);
	/* Parts of composites, and their parts: the list grows as we go. */
	for (unsigned i = 0; i < p->n; i++) {
		unsigned comp[MAX_PARTS];
		size_t nc;
		if (ttf_components(f, p->old[i], comp, NULL, MAX_PARTS, &nc))
			return fail(err, xasprintf("glyph %u is damaged", p->old[i]));
		for (size_t k = 0; k < nc; k++)
			keep(p, comp[k]);
	}
	return 0;
}

static void plan_free(struct plan *p)
{
	free(p->newgid);
	free(p->old);
	free(p->cp);
	free(p->gid);
}

/* Glyph g (len bytes, nc parts whose glyph numbers are at pos[]) without
 * its instructions, into b.  A simple glyph's follow its contour ends; a
 * composite's follow its last part, flagged WE_HAVE_INSTRUCTIONS (0x100). */
static int put_unhinted(struct obuf *b, const unsigned char *g, size_t len, size_t nc,
			const size_t *pos)
{
	size_t at = b->len, end;

	if (len < 10)
		return len == 0 ? 0 : -1;
	if (!(g[0] & 0x80)) { /* numberOfContours >= 0: simple */
		size_t ends = 10 + 2 * (size_t)get16(g), ninstr;
		if (ends + 2 > len || ends + 2 + (ninstr = get16(g + ends)) > len)
			return -1;
		put(b, g, ends);
		put16(b, 0);
		put(b, g + ends + 2 + ninstr, len - ends - 2 - ninstr);
		return 0;
	}
	if (nc == 0)
		return -1;
	for (size_t k = 0; k < nc; k++) { /* the flags precede each glyph number */
		unsigned flags = get16(g + pos[k] - 2);
		end = pos[k] + 2 + (flags & 0x1 ? 4 : 2);
		end += flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0;
	}
	if (end > len)
		return -1;
	put(b, g, end);
	for (size_t k = 0; k < nc; k++) {
		unsigned char *fl = b->p + at + pos[k] - 2;
		set16(fl, get16(fl) & ~0x100u);
	}
	return 0;
}

/* glyf and loca; composites get their parts' new numbers. */
static int write_glyphs(const struct ttf *f, const struct plan *p, bool hints,
			struct obuf *glyf, struct obuf *loca, bool *long_loca, char **err)
{
	uint32_t *off = xmalloc((p->n + 1) * sizeof *off);

	for (unsigned i = 0; i < p->n; i++) {
		const unsigned char *g;
		size_t len, nc, pos[MAX_PARTS];
		unsigned comp[MAX_PARTS];
		off[i] = (uint32_t)glyf->len;
		if (ttf_glyph_data(f, p->old[i], &g, &len) ||
		    ttf_components(f, p->old[i], comp, pos, MAX_PARTS, &nc)) {
			free(off);
			return fail(err, xasprintf("glyph %u is damaged", p->old[i]));
		}
		if (hints) {
			put(glyf, g, len);
		} else if (put_unhinted(glyf, g, len, nc, pos)) {
			free(off);
			return fail(err, xasprintf("glyph %u is damaged", p->old[i]));
		}
		for (size_t k = 0; k < nc; k++)
			set16(glyf->p + off[i] + pos[k], p->newgid[comp[k]]);
		pad4(glyf); /* even offsets for the short loca */
	}
	off[p->n] = (uint32_t)glyf->len;
	*long_loca = glyf->len / 2 > 0xffff;
	for (unsigned i = 0; i <= p->n; i++) {
		if (*long_loca)
			put32(loca, off[i]);
		else
			put16(loca, off[i] / 2);
	}
	free(off);
	return 0;
}

/* Code points missing between two runs that still share a segment.  At
 * 32 the compact set took 24 segments and libharu's walk over all 65,536
 * code points looked at 20 of them on average, 6 % of the card benchmark's
 * instructions; at 256 it is 7 segments and 4.6 looks, for about 330
 * bytes more per embedded face (the holes are zeros and compress). */
#define MAX_HOLE 256

/* One format 4 subtable.  A run of consecutive code points with
 * consecutive glyphs is mapped by idDelta alone; runs with small holes
 * between them share a segment with a glyph array (0 in the holes): each
 * character libharu measures walks the segments before its own, and it
 * measures all 65,536 for every font of every document. */
static int write_cmap(const struct plan *p, struct obuf *b, char **err)
{
	size_t nseg = 0, k, es = 0, narr = 0, arr;
	size_t *first = xmalloc((p->ncp + 1) * sizeof *first); /* of each segment */
	bool *array = xcalloc(p->ncp + 1, sizeof *array);

	for (size_t i = 0; i < p->ncp; i++) {
		bool run = i > 0 && p->cp[i] == p->cp[i - 1] + 1 && p->gid[i] == p->gid[i - 1] + 1;
		if (run)
			continue;
		if (i > 0 && p->cp[i] - p->cp[i - 1] - 1 <= MAX_HOLE) {
			array[nseg - 1] = true;
			continue;
		}
		first[nseg++] = i;
	}
	first[nseg] = p->ncp;
	for (k = 0; k < nseg; k++)
		if (array[k])
			narr += p->cp[first[k + 1] - 1] - p->cp[first[k]] + 1u;
	nseg++; /* the closing 0xFFFF segment */
	if (16 + 8 * nseg + 2 * narr > 0xffff) {
		free(first);
		free(array);
		return fail(err, xstrdup("too many characters for one cmap subtable"));
	}
	while ((2u << es) <= nseg)
		es++;
	put16(b, 0); /* version */
	put16(b, 1);
	put16(b, 3); /* Windows, Unicode BMP */
	put16(b, 1);
	put32(b, 12);
	put16(b, 4);
	put16(b, 16 + 8 * nseg + 2 * narr);
	put16(b, 0); /* language */
	put16(b, 2 * nseg);
	put16(b, 2u << es);
	put16(b, es);
	put16(b, 2 * nseg - (2u << es));
	for (k = 0; k + 1 < nseg; k++)
		put16(b, p->cp[first[k + 1] - 1]);
	put16(b, 0xffff);
	put16(b, 0); /* reservedPad */
	for (k = 0; k + 1 < nseg; k++)
		put16(b, p->cp[first[k]]);
	put16(b, 0xffff);
	for (k = 0; k + 1 < nseg; k++)
		put16(b, array[k] ? 0 : (p->gid[first[k]] - p->cp[first[k]]) & 0xffff);
	put16(b, 1); /* 0xFFFF + 1 = glyph 0 */
	/* idRangeOffset: bytes from the entry itself to the segment's first
	 * glyph in the array after the last entry. */
	arr = 0;
	for (k = 0; k + 1 < nseg; k++) {
		put16(b, array[k] ? 2 * (nseg - k) + 2 * arr : 0);
		if (array[k])
			arr += p->cp[first[k + 1] - 1] - p->cp[first[k]] + 1u;
	}
	put16(b, 0);
	for (k = 0; k + 1 < nseg; k++) {
		uint32_t c = p->cp[first[k]];
		if (!array[k])
			continue;
		for (size_t i = first[k]; i < first[k + 1]; i++, c++) {
			for (; c < p->cp[i]; c++)
				put16(b, 0);
			put16(b, p->gid[i]);
		}
	}
	free(first);
	free(array);
	return 0;
}

/* The Windows English name record id of the source, or NULL. */
static const unsigned char *name_rec(const struct ttf *f, unsigned id, size_t *len)
{
	const unsigned char *t = f->name.p;
	size_t n = get16(t + 2), base = get16(t + 4);

	for (size_t i = 0; i < n && 6 + 12 * (i + 1) <= f->name.len; i++) {
		const unsigned char *r = t + 6 + 12 * i;
		size_t off = base + get16(r + 10), l = get16(r + 8);
		if (get16(r) == 3 && get16(r + 2) == 1 && get16(r + 4) == 0x409 &&
		    get16(r + 6) == id && off <= f->name.len && l <= f->name.len - off) {
			*len = l;
			return t + off;
		}
	}
	return NULL;
}

/* Copyright, family, style, full name, version and the PostScript name with
 * suffix: what libharu and PDF readers look at, without the 15 KB of
 * licence text and translations, which no PDF needs. */
static int write_name(const struct ttf *f, const char *suffix, struct obuf *b, char **err)
{
	static const unsigned ids[] = { 0, 1, 2, 4, 5, 6 };
	struct obuf str = { 0 };
	size_t len[6], n = 0;
	const unsigned char *s[6];

	for (size_t i = 0; i < 6; i++)
		if ((s[i] = name_rec(f, ids[i], &len[i])))
			n++;
	if (!s[1] || !s[2] || !s[5])
		return fail(err, xstrdup("no English Windows family, style or PostScript name"));
	put16(b, 0);
	put16(b, n);
	put16(b, 6 + 12 * n);
	for (size_t i = 0; i < 6; i++) {
		size_t start = str.len;
		if (!s[i])
			continue;
		put(&str, s[i], len[i]);
		if (ids[i] == 6)
			for (const char *c = suffix; *c; c++)
				put16(&str, (unsigned char)*c);
		put16(b, 3);
		put16(b, 1);
		put16(b, 0x409);
		put16(b, ids[i]);
		put16(b, str.len - start);
		put16(b, start);
	}
	put(b, str.p, str.len);
	free(str.p);
	if (b->len > 0xffff)
		return fail(err, xstrdup("names too long"));
	return 0;
}

static uint32_t checksum(const unsigned char *p, size_t len)
{
	uint32_t sum = 0;
	size_t i;
	unsigned char w[4] = { 0 };

	for (i = 0; i + 4 <= len; i += 4)
		sum += (uint32_t)p[i] << 24 | (uint32_t)p[i + 1] << 16 | (uint32_t)p[i + 2] << 8 |
		       p[i + 3];
	if (i < len) { /* the zeros a table is padded with */
		memcpy(w, p + i, len - i);
		sum += (uint32_t)w[0] << 24 | (uint32_t)w[1] << 16 | (uint32_t)w[2] << 8;
	}
	return sum;
}

enum { OS2, CMAP, CVT, FPGM, GLYF, HEAD, HHEA, HMTX, LOCA, MAXP, NAME, POST, PREP, NTABLES };
/* In the tag order the table directory must have. */
static const char tags[NTABLES][5] = { "OS/2", "cmap", "cvt ", "fpgm", "glyf", "head", "hhea",
				       "hmtx", "loca", "maxp", "name", "post", "prep" };

static void copy(struct obuf *b, const struct ttf_table *t)
{
	put(b, t->p, t->len);
}

/* Directory, then the tables 4-byte aligned; then the whole-file checksum
 * into head. */
static void assemble(struct obuf *t, struct obuf *out)
{
	size_t n = 0, es = 0, at, head_at = 0;
	uint32_t sum[NTABLES], total = 0;

	for (int i = 0; i < NTABLES; i++)
		n += t[i].len > 0;
	while ((2u << es) <= n)
		es++;
	put32(out, 0x00010000);
	put16(out, n);
	put16(out, 16u << es);
	put16(out, es);
	put16(out, 16 * n - (16u << es));
	at = 12 + 16 * n;
	for (int i = 0; i < NTABLES; i++) {
		if (!t[i].len)
			continue;
		sum[i] = checksum(t[i].p, t[i].len);
		total += sum[i];
		put(out, tags[i], 4);
		put32(out, sum[i]);
		put32(out, (uint32_t)at);
		put32(out, (uint32_t)t[i].len);
		at += (t[i].len + 3) / 4 * 4;
	}
	for (int i = 0; i < NTABLES; i++) {
		if (!t[i].len)
			continue;
		if (i == HEAD)
			head_at = out->len;
		put(out, t[i].p, t[i].len);
		pad4(out);
	}
	/* The whole file's sum, without reading it all again: the tables
	 * start on 4-byte boundaries and are padded with zeros, so it is the
	 * directory's sum plus the tables'. */
	total += checksum(out->p, 12 + 16 * n);
	set32(out->p + head_at + 8, 0xb1b0afbau - total);
}

int ttf_subset(const struct ttf *f, const struct ttf_range *r, size_t nr, const char *suffix,
	       bool hints, unsigned char **out, size_t *outlen, char **err)
{
	struct obuf t[NTABLES], o = { 0 };
	struct plan p;
	bool long_loca;
	unsigned nh;
	int rc = -1;

	memset(t, 0, sizeof t);
	if (plan_make(f, r, nr, &p, err) ||
	    write_glyphs(f, &p, hints, &t[GLYF], &t[LOCA], &long_loca, err) ||
	    write_cmap(&p, &t[CMAP], err) || write_name(f, suffix, &t[NAME], err))
		goto out;
	nh = p.n;
	/* Glyphs at the end with the last one's advance need only their
	 * side bearing (all of a monospaced face's). */
	while (nh > 1 && ttf_advance(f, p.old[nh - 1]) == ttf_advance(f, p.old[nh - 2]))
		nh--;
	for (unsigned i = 0; i < p.n; i++) {
		if (i < nh)
			put16(&t[HMTX], ttf_advance(f, p.old[i]));
		put16(&t[HMTX], (unsigned)ttf_lsb(f, p.old[i]) & 0xffff);
	}
	copy(&t[HEAD], &f->head);
	set32(t[HEAD].p + 8, 0); /* checkSumAdjustment, set last */
	set16(t[HEAD].p + 50, long_loca);
	copy(&t[HHEA], &f->hhea);
	set16(t[HHEA].p + 34, nh);
	copy(&t[MAXP], &f->maxp);
	set16(t[MAXP].p + 4, p.n);
	copy(&t[OS2], &f->os2);
	set16(t[OS2].p + 64, p.ncp ? p.cp[0] : 0);
	set16(t[OS2].p + 66, p.ncp ? p.cp[p.ncp - 1] : 0);
	put(&t[POST], f->post.p, 32);
	set32(t[POST].p, 0x00030000); /* no glyph names */
	/* Glyph programs call the font's functions and read its control
	 * values: the hinting tables go along unchanged, or not at all. */
	if (hints) {
		copy(&t[CVT], &f->cvt);
		copy(&t[FPGM], &f->fpgm);
		copy(&t[PREP], &f->prep);
	}
	assemble(t, &o);
	*out = o.p;
	*outlen = o.len;
	rc = 0;
out:
	for (int i = 0; i < NTABLES; i++)
		free(t[i].p);
	plan_free(&p);
	return rc;
}
