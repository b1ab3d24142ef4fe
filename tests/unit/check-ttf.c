/* check-ttf.c - the TrueType subsetter (print/ttf.h) against the DejaVu
 * fonts the print layer embeds: what it keeps and drops, widths and
 * outlines copied exactly, the same bytes every time, and damaged fonts
 * refused without a crash; then the text readers copy out of the PDFs. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "print.h"
#include "report-pdf.h"
#include "template.h"
#include "testutil.h"
#include "ttf.h"
#include "util.h"

#define FONTS "/usr/share/fonts/truetype/dejavu/"

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf;
	long n;

	ck_assert_msg(fp != NULL, "cannot open %s", path);
	ck_assert(fseek(fp, 0, SEEK_END) == 0);
	n = ftell(fp);
	ck_assert(n > 0);
	rewind(fp);
	buf = xmalloc((size_t)n);
	ck_assert(fread(buf, 1, (size_t)n, fp) == (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/* Subset the font at path to r, and check the result opens. */
static unsigned char *subset(const char *path, const struct ttf_range *r, size_t nr,
			     struct ttf *src, unsigned char **srcbuf, struct ttf *sub,
			     size_t *sublen)
{
	size_t len;
	unsigned char *out;
	char *err = NULL;

	*srcbuf = slurp(path, &len);
	ck_assert_msg(ttf_open(src, *srcbuf, len, &err) == 0, "%s", err);
	ck_assert_msg(ttf_subset(src, r, nr, "", true, &out, sublen, &err) == 0, "%s", err);
	ck_assert_msg(ttf_open(sub, out, *sublen, &err) == 0, "%s", err);
	return out;
}

static uint32_t sum32(const unsigned char *p, size_t len)
{
	uint32_t s = 0;
	for (size_t i = 0; i + 4 <= len; i += 4)
		s += (uint32_t)p[i] << 24 | (uint32_t)p[i + 1] << 16 | (uint32_t)p[i + 2] << 8 |
		     p[i + 3];
	return s;
}

START_TEST(keeps_and_drops)
{
	const struct ttf_range r[] = { { 0x2660, 0x2667 }, { 0x20, 0x7e } };
	struct ttf src, sub;
	unsigned char *sbuf, *out;
	size_t len;

	out = subset(FONTS "DejaVuSans.ttf", r, 2, &src, &sbuf, &sub, &len);
	/* .notdef, 95 ASCII, 8 suits; no composites among them. */
	ck_assert_uint_eq(sub.nglyphs, 1 + 95 + 8);
	/* The suits, last, share one advance: the first keeps it. */
	ck_assert_uint_eq(sub.nhmetrics, 1 + 95 + 1);
	ck_assert(!sub.long_loca);
	ck_assert_uint_eq(ttf_glyph(&sub, 'A'), 1 + 'A' - 0x20);
	ck_assert_uint_ne(ttf_glyph(&sub, 0x2660), 0);
	ck_assert_uint_ne(ttf_glyph(&sub, 0x2667), 0);
	ck_assert_uint_eq(ttf_glyph(&sub, 0xe9), 0);    /* é: dropped */
	ck_assert_uint_eq(ttf_glyph(&sub, 0x0561), 0);  /* Armenian: dropped */
	ck_assert_uint_ne(ttf_glyph(&src, 0x0561), 0);
	ck_assert_uint_eq(ttf_glyph(&sub, 0x10000), 0);
	ck_assert_uint_eq(ttf_glyph(&sub, 0xffff), 0);
	/* Widths, side bearings and outlines exactly as in the source. */
	for (uint32_t c = 0x20; c < 0x2668; c = c == 0x7e ? 0x2660 : c + 1) {
		unsigned a = ttf_glyph(&src, c), b = ttf_glyph(&sub, c);
		const unsigned char *pa, *pb;
		size_t la, lb;
		ck_assert_uint_ne(b, 0);
		ck_assert_uint_eq(ttf_advance(&sub, b), ttf_advance(&src, a));
		ck_assert_int_eq(ttf_lsb(&sub, b), ttf_lsb(&src, a));
		ck_assert(ttf_glyph_data(&src, a, &pa, &la) == 0);
		ck_assert(ttf_glyph_data(&sub, b, &pb, &lb) == 0);
		ck_assert_uint_eq(la, lb);
		ck_assert(la == 0 || memcmp(pa, pb, la) == 0);
	}
	ck_assert_uint_eq(ttf_advance(&sub, 0), ttf_advance(&src, 0));
	ck_assert_uint_eq(ttf_units_per_em(&sub), ttf_units_per_em(&src));
	/* Hinting goes along; glyph names and GPOS do not. */
	ck_assert_uint_eq(sub.fpgm.len, src.fpgm.len);
	ck_assert_uint_eq(sub.prep.len, src.prep.len);
	ck_assert_uint_eq(sub.post.len, 32);
	/* The whole file sums to the magic number through head. */
	ck_assert_uint_eq(sum32(out, len), 0xb1b0afba);
	ck_assert_uint_lt(len, 30000);
	free(out);
	free(sbuf);
}
END_TEST

START_TEST(composites_renumbered)
{
	const struct ttf_range r[] = { { 0xe9, 0xe9 }, { 0x01d5, 0x01d5 } }; /* é, Ǖ */
	struct ttf src, sub;
	unsigned char *sbuf, *out;
	unsigned comp[8], scomp[8];
	size_t len, n, sn;

	out = subset(FONTS "DejaVuSans.ttf", r, 2, &src, &sbuf, &sub, &len);
	ck_assert_uint_eq(ttf_glyph(&sub, 0xe9), 1);
	ck_assert_uint_eq(ttf_glyph(&sub, 0x01d5), 2);
	for (uint32_t c = 0xe9; c; c = c == 0xe9 ? 0x01d5 : 0) {
		ck_assert(ttf_components(&src, ttf_glyph(&src, c), scomp, NULL, 8, &sn) == 0);
		ck_assert(ttf_components(&sub, ttf_glyph(&sub, c), comp, NULL, 8, &n) == 0);
		ck_assert_uint_gt(n, 1);
		ck_assert_uint_eq(n, sn);
		for (size_t k = 0; k < n; k++) {
			ck_assert_uint_gt(comp[k], 2);
			ck_assert_uint_lt(comp[k], sub.nglyphs);
			ck_assert_uint_eq(ttf_advance(&sub, comp[k]), ttf_advance(&src, scomp[k]));
		}
	}
	/* Ǖ is Ü and a macron, Ü is U and a dieresis: the parts of parts
	 * are kept too, and nothing else. */
	for (unsigned g = 1; g < sub.nglyphs; g++) {
		const unsigned char *p;
		size_t l;
		ck_assert(ttf_components(&sub, g, comp, NULL, 8, &n) == 0);
		ck_assert(ttf_glyph_data(&sub, g, &p, &l) == 0);
		ck_assert_uint_gt(l, 0);
	}
	ck_assert_uint_le(sub.nglyphs, 10);
	free(out);
	free(sbuf);
}
END_TEST

static unsigned be16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

/* Without hints: no cvt, fpgm or prep; a simple glyph keeps its contours
 * and points byte for byte with no instructions between them; a composite
 * keeps its parts without WE_HAVE_INSTRUCTIONS and ends after the last. */
START_TEST(unhinted)
{
	struct ttf_range r[2] = { { 'A', 'A' }, { 0, 0 } };
	struct ttf src, sub;
	unsigned char *sbuf, *out;
	const unsigned char *a, *b;
	size_t la, lb, len, n, pos[8];
	unsigned comp[8], flags = 0;
	char *err = NULL;
	uint32_t c;

	sbuf = slurp(FONTS "DejaVuSans.ttf", &len);
	ck_assert(ttf_open(&src, sbuf, len, &err) == 0);
	ck_assert(src.cvt.p && src.fpgm.p && src.prep.p);
	/* The first composite character with instructions after its parts
	 * (DejaVu Sans has 123). */
	for (c = 0xa0; c < 0x2000; c++) {
		flags = 0;
		if (ttf_glyph(&src, c) == 0 ||
		    ttf_glyph_data(&src, ttf_glyph(&src, c), &a, &la) != 0 ||
		    ttf_components(&src, ttf_glyph(&src, c), comp, pos, 8, &n) != 0 || n == 0)
			continue;
		for (size_t k = 0; k < n; k++)
			flags |= be16(a + pos[k] - 2);
		if (flags & 0x100)
			break;
	}
	ck_assert_uint_lt(c, 0x2000);
	r[1].first = r[1].last = c;
	ck_assert_msg(ttf_subset(&src, r, 2, "", false, &out, &len, &err) == 0, "%s", err);
	ck_assert_msg(ttf_open(&sub, out, len, &err) == 0, "%s", err);
	ck_assert(!sub.cvt.p && !sub.fpgm.p && !sub.prep.p);
	/* A: header, contour ends, then the instruction count. */
	ck_assert(ttf_glyph_data(&src, ttf_glyph(&src, 'A'), &a, &la) == 0);
	ck_assert(ttf_glyph_data(&sub, ttf_glyph(&sub, 'A'), &b, &lb) == 0);
	size_t ends = 10 + 2 * be16(a), ninstr = be16(a + ends);
	ck_assert_uint_gt(ninstr, 0);
	ck_assert(memcmp(a, b, ends) == 0);
	ck_assert_uint_eq(be16(b + ends), 0);
	ck_assert_uint_ge(lb, la - ninstr);
	ck_assert_uint_le(lb, la - ninstr + 3); /* padding */
	ck_assert(memcmp(a + ends + 2 + ninstr, b + ends + 2, la - ends - 2 - ninstr) == 0);
	/* The composite: its parts, flagged as followed by no instructions,
	 * and nothing after the last but padding. */
	ck_assert(ttf_glyph_data(&src, ttf_glyph(&src, c), &a, &la) == 0);
	ck_assert(ttf_glyph_data(&sub, ttf_glyph(&sub, c), &b, &lb) == 0);
	ck_assert(ttf_components(&sub, ttf_glyph(&sub, c), comp, pos, 8, &n) == 0);
	ck_assert_uint_gt(n, 0);
	flags = 0;
	for (size_t k = 0; k < n; k++)
		flags |= be16(b + pos[k] - 2);
	ck_assert_uint_eq(flags & 0x100, 0);
	ck_assert_uint_le(lb, pos[n - 1] + 2 + 4 + 8 + 3); /* args, a transform, padding */
	ck_assert_uint_lt(lb, la);
	ck_assert_uint_eq(ttf_advance(&sub, ttf_glyph(&sub, c)),
			  ttf_advance(&src, ttf_glyph(&src, c)));
	free(out);
	free(sbuf);
}
END_TEST

START_TEST(same_bytes_and_names)
{
	const struct ttf_range r[] = { { 0x20, 0x17f }, { 0x2000, 0x206f } };
	struct ttf src;
	unsigned char *buf = NULL, *a, *b, *c;
	size_t len, la, lb, lc;
	char *err = NULL;
	/* "DejaVuSans-BoldZ" in UTF-16BE. */
	const char *want = "DejaVuSans-BoldZ";
	unsigned char w16[64];
	bool found = false;

	buf = slurp(FONTS "DejaVuSans-Bold.ttf", &len);
	ck_assert(ttf_open(&src, buf, len, &err) == 0);
	ck_assert(ttf_subset(&src, r, 2, "", true, &a, &la, &err) == 0);
	ck_assert(ttf_subset(&src, r, 2, "", true, &b, &lb, &err) == 0);
	ck_assert_uint_eq(la, lb);
	ck_assert(memcmp(a, b, la) == 0);
	ck_assert(ttf_subset(&src, r, 2, "Z", true, &c, &lc, &err) == 0);
	for (size_t i = 0; want[i]; i++)
		w16[2 * i] = 0, w16[2 * i + 1] = (unsigned char)want[i];
	for (size_t i = 0; i + 2 * strlen(want) <= lc && !found; i++)
		found = !memcmp(c + i, w16, 2 * strlen(want));
	ck_assert(found);
	free(a);
	free(b);
	free(c);
	free(buf);
}
END_TEST

START_TEST(everything_in_the_bmp)
{
	const struct ttf_range r[] = { { 0, 0x10ffff } };
	struct ttf src, sub;
	unsigned char *sbuf, *out;
	size_t len, mapped = 0;

	out = subset(FONTS "DejaVuSansMono.ttf", r, 1, &src, &sbuf, &sub, &len);
	for (uint32_t c = 0; c < 0xffff; c++) {
		unsigned a = ttf_glyph(&src, c), b = ttf_glyph(&sub, c);
		ck_assert_msg((a == 0) == (b == 0), "U+%04X", (unsigned)c);
		if (a) {
			mapped++;
			ck_assert_uint_eq(ttf_advance(&sub, b), ttf_advance(&src, a));
		}
	}
	ck_assert_uint_gt(mapped, 3000);
	ck_assert_uint_le(sub.nglyphs, src.nglyphs);
	ck_assert_uint_lt(len, src.len);
	free(out);
	free(sbuf);
}
END_TEST

/* Open, and if that works subset, whatever the bytes; never crash. */
static int try_font(const unsigned char *p, size_t len)
{
	const struct ttf_range r[] = { { 0, 0xffff } };
	struct ttf f;
	unsigned char *out;
	size_t olen;
	char *err = NULL;
	int rc = ttf_open(&f, p, len, &err);

	if (rc == 0)
		rc = ttf_subset(&f, r, 1, "", true, &out, &olen, &err);
	if (rc == 0)
		free(out);
	else
		ck_assert(err && *err);
	free(err);
	return rc;
}

START_TEST(damaged_fonts)
{
	const struct ttf_range r[] = { { 0x20, 0x7e }, { 0xe0, 0xff } };
	struct ttf src, sub;
	unsigned char *sbuf, *out, *copy;
	size_t len;
	uint64_t x = 88172645463325252ull;
	static const unsigned char otto[16] = "OTTO\0\x01";
	char *err = NULL;

	out = subset(FONTS "DejaVuSans.ttf", r, 2, &src, &sbuf, &sub, &len);
	ck_assert_int_eq(try_font(out, len), 0);
	/* Every prefix that cuts off a table is refused. */
	for (size_t n = 0; n + 4 < len; n += n < 400 ? 1 : 97)
		ck_assert_int_eq(try_font(out, n), -1);
	ck_assert_int_eq(ttf_open(&sub, otto, sizeof otto, &err), -1);
	ck_assert_msg(strstr(err, "CFF"), "%s", err);
	free(err);
	/* Random bytes changed anywhere: an error or a font, nothing else. */
	copy = xmalloc(len);
	for (int round = 0; round < playout_count(300); round++) {
		memcpy(copy, out, len);
		for (int k = 0; k < 8; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			copy[x % len] = (unsigned char)(x >> 32);
		}
		try_font(copy, len);
	}
	free(copy);
	free(out);
	free(sbuf);
}
END_TEST

/* A page through the print layer: names with accents, the suits, nested
 * composites (U+0149 in the compact set, U+01D5 beyond it), Armenian (only
 * in the whole face) and a CJK character DejaVu lacks. */
static void text_page(char **buf, size_t *len)
{
	struct print_doc_opts o = { .paper = PRINT_A4 };
	struct print_textbox tb = { PRINT_SANS_BOLD, 12, 8, 0, PRINT_LEFT, PRINT_TOP };
	struct print_doc *d;
	char *err = NULL;

	ck_assert_msg(print_doc_new(&d, &o, &err) == 0, "%s", err);
	print_page_paper(d, false);
	print_text(d, PRINT_SANS, 14, 20, 270, PRINT_LEFT,
		   "Zo\xc3\xab \xc3\x91\xc3\xba\xc3\xb1" "ez \xe2\x99\xa0\xe2\x99\xa5\xe2\x99\xa6"
		   "\xe2\x99\xa3 \xc5\x89");
	print_text(d, PRINT_SANS, 14, 20, 250, PRINT_LEFT,
		   "Armenian \xd4\xb1\xd5\xa2 and \xc7\x95 and \xe4\xb8\x80");
	print_text_box(d, &tb, 20, 150, 60, 80,
		       "Ren\xc3\xa9" "e wins the trick with the K\xe2\x99\xa3 \xe2\x80\x94 twice", NULL);
	ck_assert_msg(print_doc_save_mem(d, buf, len, &err) == 0, "%s", err);
	print_doc_free(d);
}

/* The output of "tool path rest" (stderr dropped). */
static char *run(const char *tool, const char *path, const char *rest)
{
	struct sb sb = SB_INIT;
	char chunk[4096], *cmd = xasprintf("%s '%s' %s 2>/dev/null", tool, path, rest);
	size_t n;
	FILE *p = popen(cmd, "r");

	ck_assert_ptr_nonnull(p);
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
		sb_add(&sb, chunk, n);
	ck_assert_int_eq(pclose(p), 0);
	free(cmd);
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

START_TEST(pdf_text)
{
	char *a, *b, *out, *cmd, path[] = "/tmp/check_ttf.XXXXXX", word[256];
	size_t la, lb, said;
	int fd;
	FILE *fp;

	text_page(&a, &la);
	text_page(&b, &lb);
	ck_assert_uint_eq(la, lb);
	ck_assert(memcmp(a, b, la) == 0);
	/* Sans and Sans Bold compact, Sans whole for the Armenian: whole
	 * DejaVu faces were 86 KB each. */
	ck_assert_uint_lt(la, 100000);
	if (system("command -v pdftotext >/dev/null && command -v pdffonts >/dev/null") != 0) {
		fprintf(stderr, "check_ttf: poppler-utils missing, part of a test skipped\n");
		goto out;
	}
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert(fwrite(a, 1, la, fp) == la);
	ck_assert(fclose(fp) == 0);
	out = run("pdftotext -enc UTF-8", path, "-");
	ck_assert_msg(strstr(out, "Zo\xc3\xab \xc3\x91\xc3\xba\xc3\xb1" "ez \xe2\x99\xa0\xe2\x99\xa5\xe2\x99\xa6"
				  "\xe2\x99\xa3 \xc5\x89"), "%s", out);
	/* 一, which DejaVu lacks, is a box on the page but copies as itself. */
	ck_assert_msg(strstr(out, "Armenian \xd4\xb1\xd5\xa2 and \xc7\x95 and \xe4\xb8\x80"), "%s",
		      out);
	ck_assert_msg(strstr(out, "K\xe2\x99\xa3"), "%s", out);
	free(out);
	/* ... and poppler has nothing to say about it. */
	cmd = xasprintf("pdftotext '%s' /dev/null 2>&1", path);
	fp = popen(cmd, "r");
	ck_assert_ptr_nonnull(fp);
	said = fread(word, 1, sizeof word - 1, fp);
	word[said] = '\0';
	ck_assert_int_eq(pclose(fp), 0);
	ck_assert_msg(said == 0, "pdftotext complains: %s", word);
	free(cmd);
	out = run("pdffonts", path, "");
	ck_assert_msg(strstr(out, "+DejaVuSans,Book ") && strstr(out, "+DejaVuSans_Full,Book ") &&
			      strstr(out, "+DejaVuSans-Bold,Bold ") && !strstr(out, " no "),
		      "%s", out);
	free(out);
	unlink(path);
out:
	free(a);
	free(b);
}
END_TEST

/* The output of the shell command cmd, *len bytes (it may hold NULs);
 * the command must succeed. */
static char *sh_out(const char *cmd, size_t *len)
{
	struct sb sb = SB_INIT;
	char chunk[4096];
	size_t n;
	FILE *p = popen(cmd, "r");

	ck_assert_ptr_nonnull(p);
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
		sb_add(&sb, chunk, n);
	ck_assert_msg(pclose(p) == 0, "failed: %s", cmd);
	*len = sb.len;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

static size_t count_in(const char *buf, size_t len, const char *what)
{
	size_t n = 0, wl = strlen(what);
	for (const char *p = buf; (p = memmem(p, len - (size_t)(p - buf), what, wl)); p += wl)
		n++;
	return n;
}

/* What a reader gets out of the PDF buf[0 .. len): poppler's text, with
 * not a word on stderr, holding every line of want; qpdf's verdict; each
 * font's ToUnicode map (uncompressed by qpdf) holding every entry of
 * cmap and none of libharu's begincidrange; MuPDF's text if installed. */
static void reads_back(const char *buf, size_t len, const char *const *want, size_t nwant,
		       const char *const *cmap, size_t ncmap)
{
	char path[] = "/tmp/check_ttf.XXXXXX", *cmd, *out;
	int fd = mkstemp(path);
	size_t n, nfonts;
	FILE *fp;

	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert(fwrite(buf, 1, len, fp) == len);
	ck_assert(fclose(fp) == 0);

	cmd = xasprintf("pdftotext -enc UTF-8 '%s' /dev/null 2>&1", path);
	out = sh_out(cmd, &n);
	ck_assert_msg(n == 0, "pdftotext complains: %s", out);
	free(out);
	free(cmd);
	cmd = xasprintf("pdftotext -enc UTF-8 '%s' - 2>/dev/null", path);
	out = sh_out(cmd, &n);
	for (size_t i = 0; i < nwant; i++)
		ck_assert_msg(strstr(out, want[i]), "poppler lacks '%s' in:\n%s", want[i], out);
	free(out);
	free(cmd);

	cmd = xasprintf("qpdf --check '%s' 2>&1", path);
	out = sh_out(cmd, &n);
	ck_assert_msg(strstr(out, "No syntax or stream encoding errors found"), "%s", out);
	free(out);
	free(cmd);
	cmd = xasprintf("qpdf --qdf --object-streams=disable '%s' - 2>/dev/null", path);
	out = sh_out(cmd, &n);
	nfonts = count_in(out, n, "/Subtype /Type0");
	ck_assert_uint_gt(nfonts, 0);
	ck_assert_uint_eq(count_in(out, n, "/ToUnicode "), nfonts);
	ck_assert_uint_eq(count_in(out, n, "/CMapName /Adobe-Identity-UCS def"), nfonts);
	ck_assert_uint_eq(count_in(out, n, "begincidrange"), 0);
	ck_assert_uint_eq(count_in(out, n, "beginbfrange"), count_in(out, n, "endbfrange"));
	ck_assert_uint_eq(count_in(out, n, "beginbfchar"), count_in(out, n, "endbfchar"));
	for (size_t i = 0; i < ncmap; i++)
		ck_assert_msg(count_in(out, n, cmap[i]) > 0, "no '%s' in a ToUnicode map", cmap[i]);
	free(out);
	free(cmd);

	if (system("command -v mutool >/dev/null") == 0) {
		cmd = xasprintf("mutool draw -F txt -o - '%s' 2>/dev/null", path);
		out = sh_out(cmd, &n);
		for (size_t i = 0; i < nwant; i++)
			ck_assert_msg(strstr(out, want[i]), "MuPDF lacks '%s' in:\n%s", want[i], out);
		free(out);
		free(cmd);
	} else {
		fprintf(stderr, "check_ttf: mutool (mupdf-tools) missing, part of a test skipped\n");
	}
	unlink(path);
}

/* Readers get the text of a turn report and of a kit through the
 * ToUnicode maps font.c writes in place of libharu's. */
START_TEST(tounicode)
{
	/* A turn report: accents, the suits, the monospaced face, and
	 * Armenian, which only the whole face has. */
	static const char *const events[] = {
		"Zo\xc3\xab plays K\xe2\x99\xa3 Q\xe2\x99\xa5 10\xe2\x99\xa6 A\xe2\x99\xa0",
		"Ren\xc3\xa9" "e \xc3\x91\xc3\xba\xc3\xb1" "ez meets \xd4\xb1\xd6\x80\xd5\xa1\xd5\xb4",
	};
	static const char *const report_text[] = {
		"Heart of Glass: game caf\xc3\xa9, turn 4", "Report for Zo\xc3\xab",
		"Zo\xc3\xab plays K\xe2\x99\xa3 Q\xe2\x99\xa5 10\xe2\x99\xa6 A\xe2\x99\xa0",
		"Ren\xc3\xa9" "e \xc3\x91\xc3\xba\xc3\xb1" "ez meets \xd4\xb1\xd6\x80\xd5\xa1\xd5\xb4",
		"\xc3\x85sa \xe2\x99\xa0 3 \xe2\x99\xa5 2", "ORDERS \xc5\x81\xc3\xb3" "d\xc5\xba",
	};
	/* Only the characters used, a line from the first to the last of
	 * each block of 256: the suits ♠ to ♦, Armenian Ա to ր (from the
	 * whole face). */
	static const char *const report_cmap[] = {
		"<2660> <2666> <2660>", "<0531> <0580> <0531>",
	};
	static const char *const kit_text[] = {
		"Heart of Glass", "Minion", "\xe2\x99\xa3 Body", "\xe2\x99\xa0", "\xe2\x99\xa5",
		"\xe2\x99\xa6",
	};
	struct report_pdf r = {
		.title = "Heart of Glass: game caf\xc3\xa9, turn 4",
		.subtitle = "Report for Zo\xc3\xab",
		.deadline = "Turn 5 runs at noon",
		.events = events,
		.nevents = 2,
		.details = "\xc3\x85sa \xe2\x99\xa0 3 \xe2\x99\xa5 2\n",
		.orders = "ORDERS \xc5\x81\xc3\xb3" "d\xc5\xba\n",
	};
	struct print_doc_opts o = { .paper = PRINT_A4 };
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/templates", top ? top : "..");
	struct kit_job job = { .dir = dir, .game = "heart-of-glass", .paper = PRINT_A4 };
	char *buf, *err = NULL;
	size_t len;

	if (system("command -v pdftotext >/dev/null && command -v qpdf >/dev/null") != 0) {
		fprintf(stderr, "check_ttf: poppler-utils or qpdf missing, test skipped\n");
		free(dir);
		return;
	}
	ck_assert_msg(report_pdf_render(&r, &o, &buf, &len, &err) == 0, "%s", err);
	reads_back(buf, len, report_text, sizeof report_text / sizeof report_text[0], report_cmap,
		   sizeof report_cmap / sizeof report_cmap[0]);
	free(buf);
	ck_assert_msg(kit_print(&job, &buf, &len, &err) == 0, "%s", err);
	reads_back(buf, len, kit_text, sizeof kit_text / sizeof kit_text[0], report_cmap, 1);
	free(buf);
	free(dir);
}
END_TEST

/* A turn report in Polish, Russian and Greek, as players get it: small
 * enough to mail every turn (each font holds only the characters used),
 * every word readable by a reader, every font an embedded subset. */
START_TEST(small_report)
{
	/* Żółw, Жук, Ωμέγα */
	static const char *const events[] = {
		"\xc5\xbb\xc3\xb3\xc5\x82w moves to the cellar and finds 3 gold.",
		"\xd0\x96\xd1\x83\xd0\xba plays the Red keeper; the dragon loses 1 life.",
		"\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1 sent no orders (1 turn missed).",
	};
	static const char *const want[] = {
		"\xc5\xbb\xc3\xb3\xc5\x82w moves to the cellar",
		"\xd0\x96\xd1\x83\xd0\xba plays the Red keeper",
		"\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1 sent no orders",
		"Report for \xc5\xbb\xc3\xb3\xc5\x82w",
		"\xc5\xbb\xc3\xb3\xc5\x82w 3 gold, \xd0\x96\xd1\x83\xd0\xba 1 gold",
	};
	struct report_pdf r = {
		.title = "Dragon Keepers: game keep, turn 5",
		.subtitle = "Report for \xc5\xbb\xc3\xb3\xc5\x82w",
		.deadline = "Turn 6 runs at 2026-11-26 12:00 UTC.",
		.events = events,
		.nevents = 3,
		.details = "\xc5\xbb\xc3\xb3\xc5\x82w 3 gold, \xd0\x96\xd1\x83\xd0\xba 1 gold\n",
		.orders = "game keep\nplayer zolw\npassword ...\nplay red\n",
	};
	struct print_doc_opts o = { .paper = PRINT_A4, .title = "Dragon Keepers: game keep, turn 5",
				    .author = "wyrmpost", .subject = "turn report" };
	char path[] = "/tmp/check_ttf.XXXXXX", *buf, *err = NULL, *out, *cmd;
	size_t len, n;
	FILE *fp;
	int fd;

	if (system("command -v pdftotext >/dev/null && command -v pdffonts >/dev/null && "
		   "command -v qpdf >/dev/null") != 0) {
		fprintf(stderr, "check_ttf: poppler-utils or qpdf missing, test skipped\n");
		return;
	}
	ck_assert_msg(report_pdf_render(&r, &o, &buf, &len, &err) == 0, "%s", err);
	fprintf(stderr, "check_ttf: the report is %zu bytes\n", len);
	ck_assert_uint_le(len, 15 * 1024);
	reads_back(buf, len, want, sizeof want / sizeof want[0], NULL, 0);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert(fwrite(buf, 1, len, fp) == len);
	ck_assert(fclose(fp) == 0);
	/* Every font embedded, a subset, with a ToUnicode map. */
	cmd = xasprintf("pdffonts '%s' | tail -n +3", path);
	out = sh_out(cmd, &n);
	ck_assert_uint_gt(n, 0);
	for (char *line = out, *nl; *line; line = nl + 1) {
		ck_assert_ptr_nonnull(nl = strchr(line, '\n'));
		*nl = '\0';
		ck_assert_msg(strstr(line, "+DejaVuSans") && strstr(line, " yes yes yes "),
			      "not an embedded subset: %s", line);
	}
	free(out);
	free(cmd);
	cmd = xasprintf("pdfinfo '%s'", path);
	out = sh_out(cmd, &n);
	ck_assert_msg(strstr(out, "Title:           Dragon Keepers: game keep, turn 5\n") &&
			      strstr(out, "Author:          wyrmpost\n") &&
			      strstr(out, "Creator:         wyrmpost\n") &&
			      !strstr(out, "CreationDate"),
		      "%s", out);
	free(out);
	free(cmd);
	unlink(path);
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ttf");
	TCase *tc = tcase_create("subset");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, keeps_and_drops);
	tcase_add_test(tc, composites_renumbered);
	tcase_add_test(tc, unhinted);
	tcase_add_test(tc, same_bytes_and_names);
	tcase_add_test(tc, everything_in_the_bmp);
	tcase_add_test(tc, damaged_fonts);
	suite_add_tcase(s, tc);
	tc = tcase_create("pdf");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, pdf_text);
	tcase_add_test(tc, tounicode);
	tcase_add_test(tc, small_report);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
