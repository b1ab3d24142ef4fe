/* ttf.h - reading TrueType fonts and writing subsets of them, so that a
 * PDF embeds a small font instead of all of DejaVu.
 *
 * libharu 2.3 embeds every TrueType font with its whole cmap, hmtx and
 * loca tables, its glyph names and a width for every code point it maps;
 * for DejaVu Sans that is about 86 KB a face.  Handing it a font that only
 * holds the characters we want makes all of those small.
 *
 * Written from the OpenType specification (tables head, hhea, maxp, hmtx,
 * loca, glyf, cmap, name, OS/2, post).  Only TrueType outlines, only the
 * Basic Multilingual Plane (libharu's UTF-8 stops there too).
 *
 * Everything here works on bytes in memory, checks every offset against
 * the table it reads, and returns -1 with a message in *err (the caller
 * frees it) for a font it cannot read: a font file is input, never
 * trusted.
 */
#ifndef WP_TTF_H
#define WP_TTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ttf_table {
	const unsigned char *p; /* NULL if the font has no such table */
	size_t len;
};

/* A font whose tables have been found and checked; it borrows the bytes
 * given to ttf_open, which must outlive it. */
struct ttf {
	const unsigned char *data;
	size_t len;
	struct ttf_table head, hhea, maxp, hmtx, loca, glyf, cmap, name, os2, post;
	struct ttf_table cvt, fpgm, prep; /* hinting; any may be missing */
	unsigned nglyphs;
	unsigned nhmetrics;
	bool long_loca;
	struct ttf_table cmap4; /* the Windows Unicode BMP subtable, format 4 */
};

/* Find and check the tables of the TrueType font in data[0 .. len). */
int ttf_open(struct ttf *f, const unsigned char *data, size_t len, char **err);

/* The glyph of code point c, 0 (.notdef) if the font has none. */
unsigned ttf_glyph(const struct ttf *f, uint32_t c);

/* Set the bit of every code point below U+FFFF that has a glyph in map, a
 * bitmap of 8,192 bytes (bit c % 8 of byte c / 8). */
void ttf_coverage(const struct ttf *f, unsigned char *map);

/* Advance width and left side bearing of glyph gid, in font units. */
unsigned ttf_advance(const struct ttf *f, unsigned gid);
int ttf_lsb(const struct ttf *f, unsigned gid);
/* Font units per em, from head. */
unsigned ttf_units_per_em(const struct ttf *f);

/* What a PDF's font descriptor says of a font, in font units. */
struct ttf_info {
	int ascender, descender;  /* hhea */
	int bbox[4];              /* head: xMin, yMin, xMax, yMax */
	unsigned family_class;    /* OS/2 sFamilyClass, its class (high byte) */
	int italic_angle;         /* post, in whole degrees */
	/* The PostScript name and the style (name ids 6 and 2, Windows
	 * English), each UTF-16 unit's low byte as libharu reads them. */
	char psname[64], style[64];
};
int ttf_info(const struct ttf *f, struct ttf_info *info, char **err);

/* The top (yMax) of glyph gid's bounding box, 0 for an empty glyph. */
int ttf_glyph_top(const struct ttf *f, unsigned gid);

/* The outline bytes of glyph gid (*len 0 for an empty glyph such as the
 * space); -1 if loca points outside glyf. */
int ttf_glyph_data(const struct ttf *f, unsigned gid, const unsigned char **p, size_t *len);

/* The glyphs a composite glyph is built from, in order, into comp[0 ..
 * max), and if pos is not NULL where each one's glyph index is in the
 * glyph's data, into pos[0 .. max); *n is how many there are (0 for a
 * simple glyph).  -1 if the glyph data is cut short, names a glyph the
 * font lacks, or has more than max components. */
int ttf_components(const struct ttf *f, unsigned gid, unsigned *comp, size_t *pos, size_t max,
		   size_t *n);

/* An inclusive range of code points. */
struct ttf_range {
	uint32_t first, last;
};

/* A new TrueType font, in *out (malloc'ed, *outlen bytes), holding .notdef
 * and the glyphs of every code point of f in the ranges r[0 .. nr) below
 * U+FFFF, with the glyphs composites are built from: glyphs renumbered in
 * code point order, widths, outlines and hinting copied unchanged, a
 * format 4 cmap, post format 3 (no glyph names), and a name table of the
 * family, style and version whose PostScript name is f's with suffix
 * appended, so two subsets of one font can sit in one PDF.  Without hints,
 * the glyphs lose their instructions and the font its cvt, fpgm and prep:
 * a third of a small subset's bytes, which PDF readers mostly ignore
 * (they scale outlines for the screen, and print at 600 dpi and more where
 * hinting makes no difference).  The same input always gives the same
 * bytes. */
int ttf_subset(const struct ttf *f, const struct ttf_range *r, size_t nr, const char *suffix,
	       bool hints, unsigned char **out, size_t *outlen, char **err);

#endif
