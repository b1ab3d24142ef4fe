/* check-print.c - the print/ layer, checked with the real PDF tools: qpdf
 * for structure and for the uncompressed content streams whose coordinates
 * we measure, poppler's pdfinfo, pdffonts and pdftotext for what a reader
 * sees.  A test whose tool is missing says so and passes. */
#include <math.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/asan_interface.h>
#endif

#include "pdf-int.h"
#include "print.h"
#include "report-pdf.h"
#include "testutil.h"
#include "util.h"

#define SPADE "\xe2\x99\xa0"
#define HEART "\xe2\x99\xa5"
#define DIAMOND "\xe2\x99\xa6"
#define CLUB "\xe2\x99\xa3"
#define SUITS SPADE HEART DIAMOND CLUB

static char tmpdir[] = "/tmp/check_print.XXXXXX";

/* --- running the tools ----------------------------------------------------- */

static bool have(const char *tool)
{
	char *cmd = xasprintf("command -v %s >/dev/null 2>&1", tool);
	int rc = system(cmd);
	free(cmd);
	if (rc != 0)
		fprintf(stderr, "check_print: %s missing, part of a test skipped\n", tool);
	return rc == 0;
}

/* Run a shell command; its stdout, and its exit status in *status. */
static char *run(const char *cmd, int *status)
{
	struct sb sb = SB_INIT;
	char buf[4096];
	size_t n;
	FILE *p = popen(cmd, "r");
	int st;

	ck_assert_ptr_nonnull(p);
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		sb_add(&sb, buf, n);
	st = pclose(p);
	if (status)
		*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

static char *path_for(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

static void qpdf_clean(const char *pdf)
{
	char *cmd, *out;
	int st;
	if (!have("qpdf"))
		return;
	cmd = xasprintf("qpdf --check '%s' 2>&1", pdf);
	out = run(cmd, &st);
	ck_assert_msg(st == 0 && strstr(out, "No syntax or stream encoding errors") &&
			      !strstr(out, "WARNING"),
		      "qpdf --check %s: %s", pdf, out);
	free(cmd);
	free(out);
}

/* pdfinfo: number of pages, and the size of page `page` in points. */
static void pdf_pages(const char *pdf, int page, long *pages, double *w, double *h)
{
	char *cmd = xasprintf("pdfinfo -f %d -l %d '%s' 2>/dev/null", page, page, pdf);
	char *out = run(cmd, NULL), *p;
	char key[32];

	p = strstr(out, "Pages:");
	ck_assert_ptr_nonnull(p);
	*pages = strtol(p + 6, NULL, 10);
	snprintf(key, sizeof key, "Page %4d size:", page);
	p = strstr(out, key);
	ck_assert_msg(p != NULL, "no '%s' in %s", key, out);
	ck_assert_int_eq(sscanf(p + strlen(key), "%lf x %lf", w, h), 2);
	free(cmd);
	free(out);
}

static void check_size(const char *pdf, long want_pages, double wpt, double hpt)
{
	long pages;
	double w, h;
	if (!have("pdfinfo"))
		return;
	pdf_pages(pdf, 1, &pages, &w, &h);
	ck_assert_int_eq(pages, want_pages);
	ck_assert_msg(fabs(w - wpt) < 0.01 && fabs(h - hpt) < 0.01, "page %g x %g, want %g x %g",
		      w, h, wpt, hpt);
}

/* Every font embedded (embedded = true) or none (false). */
static void check_fonts(const char *pdf, bool embedded, int min_fonts)
{
	char *cmd, *out, *line, *save = NULL;
	int n = 0, lineno = 0;
	if (!have("pdffonts"))
		return;
	cmd = xasprintf("pdffonts '%s' 2>/dev/null", pdf);
	out = run(cmd, NULL);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *tok[16];
		int nt = 0;
		char *s2 = NULL;
		if (lineno++ < 2)
			continue; /* the header */
		for (char *t = strtok_r(line, " ", &s2); t && nt < 16; t = strtok_r(NULL, " ", &s2))
			tok[nt++] = t;
		ck_assert_int_ge(nt, 7);
		/* ... emb sub uni object ID */
		ck_assert_str_eq(tok[nt - 5], embedded ? "yes" : "no");
		n++;
	}
	ck_assert_int_ge(n, min_fonts);
	free(cmd);
	free(out);
}

static char *pdf_text(const char *pdf)
{
	char *cmd = xasprintf("pdftotext -enc UTF-8 '%s' - 2>/dev/null", pdf);
	char *out = run(cmd, NULL);
	free(cmd);
	return out;
}

static void check_text(const char *pdf, const char *const *want, size_t n)
{
	char *out;
	if (!have("pdftotext"))
		return;
	out = pdf_text(pdf);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(strstr(out, want[i]) != NULL, "'%s' not in the text of %s", want[i],
			      pdf);
	free(out);
}

/* --- reading the content stream back ---------------------------------------- */

/* What a page draws, with coordinates in the units of the content stream
 * (millimetres: the layer scales the page once, and the test checks that). */
struct path {
	double xy[64];
	size_t n;     /* points */
	int depth;    /* q nesting */
	char op;      /* S, f, B, n (clip) */
};
struct xform {
	double m[6];
	int depth;
};
struct page {
	struct path *paths;
	size_t npaths, apaths;
	struct xform *cms;
	size_t ncms, acms;
};

static void page_release(struct page *pg)
{
	free(pg->paths);
	free(pg->cms);
}

/* Page `page` of pdf, through qpdf's QDF form, which labels each page's
 * content stream and leaves it uncompressed. */
static bool page_read(const char *pdf, int page, struct page *pg)
{
	char *qdf = path_for("page.qdf"), *cmd, *data, *p, *end, *tok, *save = NULL;
	char label[64];
	double num[16];
	int nnum = 0, depth = 0;
	bool in_text = false;
	struct path cur = { .n = 0 };
	size_t len;
	FILE *f;

	memset(pg, 0, sizeof *pg);
	if (!have("qpdf")) {
		free(qdf);
		return false;
	}
	cmd = xasprintf("qpdf --qdf --object-streams=disable '%s' '%s'", pdf, qdf);
	ck_assert_int_eq(system(cmd), 0);
	f = fopen(qdf, "rb");
	ck_assert_ptr_nonnull(f);
	data = xmalloc(4 << 20);
	len = fread(data, 1, (4 << 20) - 1, f);
	data[len] = '\0';
	fclose(f);
	snprintf(label, sizeof label, "%%%% Contents for page %d\n", page);
	p = strstr(data, label);
	ck_assert_msg(p != NULL, "no page %d in %s", page, pdf);
	p = strstr(p, "stream\n");
	ck_assert_ptr_nonnull(p);
	p += 7;
	end = strstr(p, "endstream");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	for (tok = strtok_r(p, " \n\r", &save); tok; tok = strtok_r(NULL, " \n\r", &save)) {
		char *e;
		double v = strtod(tok, &e);
		if (in_text) {
			in_text = strcmp(tok, "ET") != 0;
			continue;
		}
		if (*e == '\0' && e != tok) {
			if (nnum < 16)
				num[nnum++] = v;
			continue;
		}
		if (!strcmp(tok, "BT")) {
			in_text = true;
		} else if (!strcmp(tok, "q")) {
			depth++;
		} else if (!strcmp(tok, "Q")) {
			depth--;
		} else if (!strcmp(tok, "cm") && nnum == 6) {
			ALLOC_GROW(pg->cms, pg->ncms + 1, pg->acms);
			memcpy(pg->cms[pg->ncms].m, num, sizeof pg->cms[0].m);
			pg->cms[pg->ncms++].depth = depth;
		} else if ((!strcmp(tok, "m") || !strcmp(tok, "l")) && nnum == 2) {
			if (tok[0] == 'm')
				cur.n = 0;
			if (cur.n < 32) {
				cur.xy[2 * cur.n] = num[0];
				cur.xy[2 * cur.n + 1] = num[1];
				cur.n++;
			}
		} else if (!strcmp(tok, "re") && nnum == 4) {
			const double r[8] = { num[0], num[1], num[0] + num[2], num[1],
					      num[0] + num[2], num[1] + num[3], num[0], num[1] + num[3] };
			memcpy(cur.xy, r, sizeof r);
			cur.n = 4;
		} else if (strchr("SsfFBbn", tok[0]) && tok[1] == '\0') {
			cur.op = tok[0];
			cur.depth = depth;
			ALLOC_GROW(pg->paths, pg->npaths + 1, pg->apaths);
			pg->paths[pg->npaths++] = cur;
			cur.n = 0;
		}
		nnum = 0;
	}
	free(data);
	free(cmd);
	unlink(qdf);
	free(qdf);
	/* The page's first operator sets user space to millimetres. */
	ck_assert_int_ge(pg->ncms, 1);
	ck_assert(fabs(pg->cms[0].m[0] - 72 / 25.4) < 1e-4 && pg->cms[0].depth == 0);
	return true;
}

/* Translations applied at depth 1: where each piece was put. */
static size_t piece_origins(const struct page *pg, double *xy, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < pg->ncms && n < max; i++)
		if (pg->cms[i].depth == 1 && pg->cms[i].m[0] == 1 && pg->cms[i].m[3] == 1) {
			xy[2 * n] = pg->cms[i].m[4];
			xy[2 * n + 1] = pg->cms[i].m[5];
			n++;
		}
	return n;
}

/* --- a test deck ------------------------------------------------------------ */

static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7",
				     "8", "9", "10", "J", "Q", "K" };
static const char *const suits[] = { SPADE, HEART, DIAMOND, CLUB };

static int draw_card(struct print_doc *d, void *ctx, const struct print_piece *p, char **err)
{
	struct print_textbox tb = { .font = PRINT_SANS, .size = 11, .min_size = 5,
				    .align = PRINT_CENTER, .valign = PRINT_MIDDLE };
	char *label = xasprintf("%s%s", ranks[p->index % 13], suits[p->index / 13 % 4]);
	char *name = xasprintf("%s %zu", p->back ? "back" : "card", p->index);

	(void)ctx;
	(void)err;
	print_fill_rgb(d, p->back ? 0.8 : 0.95, 0.9, 1);
	print_rect(d, -p->bleed, -p->bleed, p->w + 2 * p->bleed, p->h + 2 * p->bleed, 0,
		   PRINT_FILL);
	print_stroke_rgb(d, 0.1, 0.1, 0.5);
	print_line_width(d, 0.3);
	print_rect(d, 3, 3, p->w - 6, p->h - 6, 3, PRINT_STROKE);
	print_fill_rgb(d, 0, 0, 0);
	if (!p->back) {
		print_text(d, PRINT_SANS_BOLD, 14, 5, p->h - 10, PRINT_LEFT, label);
		print_text_box(d, &tb, 6, 8, p->w - 12, 30,
			       "Steal a card from the dragon's hoard, unless the dragon is "
			       "awake, in which case run.", NULL);
	}
	print_text(d, PRINT_SANS, 9, p->w / 2, p->h / 2, PRINT_CENTER, name);
	free(label);
	free(name);
	return 0;
}

static struct print_doc *doc(enum print_paper paper, bool small)
{
	struct print_doc_opts o = { .paper = paper, .small = small };
	struct print_doc *d;
	char *err = NULL;
	ck_assert_msg(print_doc_new(&d, &o, &err) == 0, "%s", err);
	return d;
}

static void save(struct print_doc *d, const char *path)
{
	char *err = NULL;
	ck_assert_msg(print_doc_save(d, path, &err) == 0, "%s", err);
	print_doc_free(d);
}

static char *deck(const char *name, enum print_paper paper, bool small,
		  const struct print_sheet_opts *so, size_t n)
{
	struct print_doc *d = doc(paper, small);
	char *err = NULL, *path = path_for(name);
	ck_assert_msg(print_sheet(d, so, n, draw_card, NULL, &err) == 0, "%s", err);
	save(d, path);
	return path;
}

#define A4_W 595.2756
#define A4_H 841.8898
#define LETTER_W 612.0
#define LETTER_H 792.0

/* True if the point is inside (or on the edge of, less tol) a card. */
static bool on_a_card(const double *cards, size_t n, double w, double h, double x, double y)
{
	for (size_t i = 0; i < n; i++)
		if (x > cards[2 * i] + 1e-3 && x < cards[2 * i] + w - 1e-3 &&
		    y > cards[2 * i + 1] + 1e-3 && y < cards[2 * i + 1] + h - 1e-3)
			return true;
	return false;
}

/* --- tests ------------------------------------------------------------------ */

START_TEST(deck_a4_checks_out)
{
	struct print_sheet_opts so = { 0 };
	char *pdf = deck("a4.pdf", PRINT_A4, false, &so, 54);
	const char *want[] = { "A" SPADE, "K" CLUB, "Q" HEART, "10" DIAMOND, "card 53",
			       "dragon" };
	struct page pg;
	double cards[18], xs[] = { 10.5, 73.5, 136.5 }, ys[] = { 192.5, 104.5, 16.5 };
	size_t marks = 0;

	qpdf_clean(pdf);
	check_size(pdf, 6, A4_W, A4_H);
	check_fonts(pdf, true, 2);
	check_text(pdf, want, ARRAY_SIZE(want));
	/* Viewers must not "fit to page". */
	{
		char *cmd = xasprintf("grep -c -a '/PrintScaling /None' '%s'", pdf);
		int st;
		free(run(cmd, &st));
		ck_assert_int_eq(st, 0);
		free(cmd);
	}
	if (page_read(pdf, 1, &pg)) {
		/* 63 x 88 mm cards 3 x 3, centred: (210 - 189) / 2 and
		 * (297 - 264) / 2, in reading order. */
		ck_assert_uint_eq(piece_origins(&pg, cards, 9), 9);
		for (size_t i = 0; i < 9; i++) {
			ck_assert_msg(fabs(cards[2 * i] - xs[i % 3]) < 0.1 &&
					      fabs(cards[2 * i + 1] - ys[i / 3]) < 0.1,
				      "card %zu at %g,%g", i, cards[2 * i], cards[2 * i + 1]);
		}
		/* Crop marks: page-level strokes of two points, on a cut
		 * line, in the margin, never on a card. */
		for (size_t i = 0; i < pg.npaths; i++) {
			const struct path *p = &pg.paths[i];
			bool on_x = false, on_y = false;
			if (p->depth != 0 || p->op != 'S' || p->n != 2)
				continue;
			marks++;
			for (int k = 0; k < 4; k++) {
				double cx = 10.5 + 63 * k, cy = 16.5 + 88 * k;
				on_x |= fabs(p->xy[0] - cx) < 0.1 && fabs(p->xy[2] - cx) < 0.1;
				on_y |= fabs(p->xy[1] - cy) < 0.1 && fabs(p->xy[3] - cy) < 0.1;
			}
			ck_assert_msg(on_x || on_y, "mark off the cut lines");
			ck_assert(!on_a_card(cards, 9, 63, 88, p->xy[0], p->xy[1]));
			ck_assert(!on_a_card(cards, 9, 63, 88, p->xy[2], p->xy[3]));
			ck_assert(p->xy[0] > 0 && p->xy[2] < 210 && p->xy[1] > 0 && p->xy[3] < 297);
		}
		/* Four vertical cut lines top and bottom, four horizontal
		 * ones left and right. */
		ck_assert_uint_eq(marks, 16);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

/* Both documents' bytes the same; frees them. */
static void assert_same_pdfs(char *buf[2], const size_t len[2])
{
	ck_assert_uint_eq(len[0], len[1]);
	ck_assert(memcmp(buf[0], buf[1], len[0]) == 0);
	free(buf[0]);
	free(buf[1]);
}

START_TEST(same_input_same_bytes)
{
	struct print_sheet_opts so = { .bleed = 2, .backs = PRINT_BACKS_DUPLEX };
	char *buf[2], *err = NULL;
	size_t len[2];

	for (int i = 0; i < 2; i++) {
		struct print_doc *d = doc(PRINT_LETTER, false);
		ck_assert_int_eq(print_sheet(d, &so, 20, draw_card, NULL, &err), 0);
		ck_assert_msg(print_doc_save_mem(d, &buf[i], &len[i], &err) == 0, "%s", err);
		print_doc_free(d);
	}
	ck_assert(strstr(buf[0], "CreationDate") == NULL);
	assert_same_pdfs(buf, len);
}
END_TEST

/* A quick document (a turn report) is compressed for speed, any other
 * for size: the same sheet comes out smaller, and both read back. */
START_TEST(quick_documents_trade_size_for_speed)
{
	struct print_sheet_opts so = { .bleed = 2, .backs = PRINT_BACKS_DUPLEX };
	char *err = NULL;
	off_t len[2];

	for (int quick = 0; quick < 2; quick++) {
		struct print_doc_opts o = { .paper = PRINT_A4, .quick = quick };
		char *path = path_for(quick ? "quick.pdf" : "small.pdf");
		struct print_doc *d;
		struct stat st;
		ck_assert_msg(print_doc_new(&d, &o, &err) == 0, "%s", err);
		ck_assert_int_eq(print_sheet(d, &so, 20, draw_card, NULL, &err), 0);
		save(d, path);
		qpdf_clean(path);
		ck_assert_int_eq(stat(path, &st), 0);
		len[quick] = st.st_size;
		free(path);
	}
	ck_assert_msg(len[0] < len[1], "for size %lld bytes, quick %lld", (long long)len[0],
		      (long long)len[1]);
}
END_TEST

/* print_circle writes what libharu's HPDF_Page_Circle and its painting
 * operators write, byte for byte, over circles of every size and place a
 * sheet has (whole, fractional, negative, tiny). */
START_TEST(circles_as_libharu_draws_them)
{
	static const enum print_paint paints[] = { PRINT_STROKE, PRINT_FILL, PRINT_FILL_STROKE };
	char *buf[2], *err = NULL;
	size_t len[2];

	for (int way = 0; way < 2; way++) {
		struct print_doc *d = doc(PRINT_A4, true);
		print_page_paper(d, false);
		for (int i = 0; i < 3000; i++) {
			double cx = i * 0.37 - 100, cy = 300 - i * 0.113, r = 0.01 + (i % 97) * 0.731;
			enum print_paint paint = paints[i % 3];
			if (way == 0) {
				print_circle(d, cx, cy, r, paint);
			} else {
				HPDF_Page p = pdf_page(d);
				HPDF_Page_Circle(p, (HPDF_REAL)cx, (HPDF_REAL)cy, (HPDF_REAL)r);
				if (paint == PRINT_STROKE)
					HPDF_Page_Stroke(p);
				else if (paint == PRINT_FILL)
					HPDF_Page_Fill(p);
				else
					HPDF_Page_FillStroke(p);
			}
		}
		ck_assert_msg(print_doc_save_mem(d, &buf[way], &len[way], &err) == 0, "%s", err);
		print_doc_free(d);
	}
	assert_same_pdfs(buf, len);
}
END_TEST

/* libharu's objects come from one arena (pdf-mem.c): aligned for any
 * type, never overlapping, a large one in a block of its own, and,
 * under AddressSanitizer, poisoned once freed. */
START_TEST(libharu_memory_is_one_arena)
{
	static const HPDF_UINT sizes[] = { 1, 7, 16, 100, 20000, 70000, 3, 4096, 200000, 5 };
	unsigned char *p[ARRAY_SIZE(sizes)];

	pdf_mem_hold();
	for (int round = 0; round < 2; round++) {
		pdf_mem_hold(); /* a second document, opened and freed inside the first */
		for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
			p[i] = pdf_mem_alloc(sizes[i]);
			ck_assert_ptr_nonnull(p[i]);
			ck_assert_uint_eq((uintptr_t)p[i] % alignof(max_align_t), 0);
			memset(p[i], (int)i + 1, sizes[i]);
		}
		for (size_t i = 0; i < ARRAY_SIZE(sizes); i++)
			for (size_t k = 0; k < sizes[i]; k++)
				ck_assert_uint_eq(p[i][k], i + 1);
		pdf_mem_free(p[2]);
		pdf_mem_free(NULL);
#ifdef __SANITIZE_ADDRESS__
		ck_assert(__asan_address_is_poisoned(p[2]));
		ck_assert(__asan_address_is_poisoned(p[2] + sizes[2] - 1));
		ck_assert(!__asan_address_is_poisoned(p[3]));
#endif
		pdf_mem_release(); /* the first is still open: all of it stays */
		ck_assert_uint_eq(p[8][199999], 9);
	}
	/* A freed object of 1 KB or more is the next of its size (a page's
	 * stream buffers), except under AddressSanitizer, which is to see
	 * a use after free. */
	pdf_mem_free(p[7]);
	pdf_mem_free(p[4]);
#ifdef __SANITIZE_ADDRESS__
	ck_assert_ptr_ne(pdf_mem_alloc(4096), p[7]);
	ck_assert_ptr_ne(pdf_mem_alloc(20000), p[4]);
#else
	ck_assert_ptr_eq(pdf_mem_alloc(4096), p[7]);
	ck_assert_ptr_eq(pdf_mem_alloc(20000), p[4]);
	ck_assert_ptr_ne(pdf_mem_alloc(4096), p[7]);
#endif
	pdf_mem_release();
}
END_TEST

/* Documents made one inside another (the arena is given back only when
 * the last is freed) come out as they do alone. */
START_TEST(nested_documents_same_bytes)
{
	struct print_sheet_opts so = { .bleed = 2, .backs = PRINT_BACKS_DUPLEX };
	struct print_doc *outer = doc(PRINT_A4, false), *inner;
	char *buf[2], *err = NULL;
	size_t len[2];

	ck_assert_int_eq(print_sheet(outer, &so, 5, draw_card, NULL, &err), 0);
	for (int i = 0; i < 2; i++) {
		inner = doc(PRINT_LETTER, false);
		ck_assert_int_eq(print_sheet(inner, &so, 20, draw_card, NULL, &err), 0);
		ck_assert_msg(print_doc_save_mem(inner, &buf[i], &len[i], &err) == 0, "%s", err);
		print_doc_free(inner);
		if (i == 0) { /* the second alone, the arena emptied in between */
			char *ob;
			size_t olen;
			ck_assert_msg(print_doc_save_mem(outer, &ob, &olen, &err) == 0, "%s", err);
			free(ob);
			print_doc_free(outer);
		}
	}
	assert_same_pdfs(buf, len);
}
END_TEST

/* A turn report from templates/burglar/report.xml with more events than a
 * page holds: the events go on over pages, each numbered "Page N of M",
 * and the same report twice is the same bytes. */
START_TEST(report_template_pages)
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/templates", top ? top : "..");
	const char *ev[120];
	char *text[120], *buf[2], *err = NULL, *last, *out;
	int mine[120];
	size_t len[2];
	struct view v;
	struct report_pdf r;
	struct print_doc_opts o = { .paper = PRINT_A4, .small = true };

	view_init(&v, VIEW_GRID, NULL);
	for (int i = 0; i < 9; i++)
		view_add_cell(&v, i % 3, i / 3, "5", "coffer");
	for (int i = 0; i < 120; i++) {
		text[i] = xasprintf("Event number %d of a long turn, told to %s.", i + 1,
				    i % 3 ? "everyone" : "ann");
		ev[i] = text[i];
		mine[i] = i % 3 ? 0 : 1;
	}
	memset(&r, 0, sizeof r);
	r.title = "Burglar & the Dragon: game t, turn 3";
	r.deadline = "Turn 4 runs at noon.\n";
	r.events = ev;
	r.nevents = 120;
	r.event_mine = mine;
	r.board = &v;
	r.details = "Seats\n  1  ann  19 tokens\n";
	r.orders = "Your orders for turn 4\n  leave\n";
	r.tpl_dir = dir;
	r.rules = "burglar";
	r.game_title = "Burglar & the Dragon";
	r.game = "t";
	r.turn = 3;
	r.player = "ann";
	for (int i = 0; i < 2; i++)
		ck_assert_msg(report_pdf_render(&r, &o, &buf[i], &len[i], &err) == 0, "%s", err);
	ck_assert_uint_eq(len[0], len[1]);
	ck_assert(memcmp(buf[0], buf[1], len[0]) == 0);
	/* 120 one-line events at 50 lines a page after the board: 4 pages,
	 * each numbered, the last event on the last */
	if (have("pdftotext")) {
		FILE *f = fopen("report-pages.pdf", "wb");
		ck_assert_ptr_nonnull(f);
		ck_assert_uint_eq(fwrite(buf[0], 1, len[0], f), len[0]);
		ck_assert_int_eq(fclose(f), 0);
		qpdf_clean("report-pages.pdf");
		out = run("pdftotext -layout report-pages.pdf - 2>/dev/null", NULL);
		for (int i = 1; i <= 4; i++) {
			char want[32];
			snprintf(want, sizeof want, "Page %d of 4", i);
			ck_assert_msg(strstr(out, want) != NULL, "no '%s'", want);
		}
		ck_assert(strstr(out, "Page 5 of") == NULL);
		last = strstr(out, "Page 4 of 4");
		ck_assert(strstr(out, "Event number 120 of") != NULL);
		ck_assert(strstr(out, "Event number 120 of") < last);
		ck_assert(strstr(out, "Event number 1 of") != NULL);
		free(out);
		unlink("report-pages.pdf");
	}
	for (int i = 0; i < 120; i++)
		free(text[i]);
	free(buf[0]);
	free(buf[1]);
	view_release(&v);
	free(dir);
}
END_TEST

START_TEST(deck_letter)
{
	struct print_sheet_opts so = { 0 };
	char *pdf = deck("letter.pdf", PRINT_LETTER, false, &so, 18);
	struct page pg;
	double cards[18];

	qpdf_clean(pdf);
	check_size(pdf, 2, LETTER_W, LETTER_H);
	if (page_read(pdf, 2, &pg)) {
		ck_assert_uint_eq(piece_origins(&pg, cards, 9), 9);
		/* (215.9 - 189) / 2 = 13.45, (279.4 - 264) / 2 = 7.7 */
		ck_assert(fabs(cards[0] - 13.45) < 0.1 && fabs(cards[1] - 183.7) < 0.1);
		ck_assert(fabs(cards[16] - 139.45) < 0.1 && fabs(cards[17] - 7.7) < 0.1);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

START_TEST(bleed_sets_trim_box)
{
	struct print_sheet_opts so = { .bleed = 2 };
	char *pdf = deck("bleed.pdf", PRINT_A4, false, &so, 9), *cmd, *out, *p;
	double box[4], cards[18];
	struct page pg;

	qpdf_clean(pdf);
	check_size(pdf, 1, A4_W, A4_H);
	if (have("pdfinfo")) {
		cmd = xasprintf("pdfinfo -box '%s'", pdf);
		out = run(cmd, NULL);
		p = strstr(out, "TrimBox:");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p + 8, "%lf %lf %lf %lf", &box[0], &box[1], &box[2], &box[3]),
				 4);
		/* 3 x 63 + 2 gaps of twice the bleed; 3 x 88 + 2 x 4 */
		ck_assert(fabs((box[2] - box[0]) / (72 / 25.4) - 197) < 0.1);
		ck_assert(fabs((box[3] - box[1]) / (72 / 25.4) - 272) < 0.1);
		ck_assert_ptr_nonnull(strstr(out, "BleedBox:"));
		free(cmd);
		free(out);
	}
	if (page_read(pdf, 1, &pg)) {
		ck_assert_uint_eq(piece_origins(&pg, cards, 9), 9);
		ck_assert(fabs(cards[2] - cards[0] - 67) < 0.1);
		ck_assert(fabs(cards[1] - cards[7] - 92) < 0.1);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

START_TEST(duplex_backs_are_mirrored)
{
	struct print_sheet_opts so = { .backs = PRINT_BACKS_DUPLEX, .offset_x = 1.5,
				       .offset_y = -0.5 };
	char *pdf = deck("duplex.pdf", PRINT_A4, false, &so, 12);
	const char *want[] = { "back 11", "card 11" };
	struct page f, b;
	double fc[18], bc[18];

	qpdf_clean(pdf);
	check_size(pdf, 4, A4_W, A4_H);
	check_text(pdf, want, 2);
	if (page_read(pdf, 1, &f) && page_read(pdf, 2, &b)) {
		ck_assert_uint_eq(piece_origins(&f, fc, 9), 9);
		ck_assert_uint_eq(piece_origins(&b, bc, 9), 9);
		for (size_t i = 0; i < 9; i++) {
			/* Long-edge flip: x mirrored about the page's middle. */
			ck_assert(fabs(bc[2 * i] - (210 - fc[2 * i] - 63 + 1.5)) < 0.01);
			ck_assert(fabs(bc[2 * i + 1] - (fc[2 * i + 1] - 0.5)) < 0.01);
		}
		/* The back of the top-left card is top right. */
		ck_assert(bc[0] > fc[0] + 100);
		page_release(&f);
		page_release(&b);
	}
	free(pdf);
}
END_TEST

START_TEST(fold_puts_backs_behind_fronts)
{
	struct print_sheet_opts so = { .backs = PRINT_BACKS_FOLD };
	char *pdf = deck("fold.pdf", PRINT_A4, false, &so, 8);
	struct page pg;
	bool fold_line = false;

	qpdf_clean(pdf);
	/* Four poker cards side by side fit only across a landscape page. */
	check_size(pdf, 2, A4_H, A4_W);
	if (page_read(pdf, 1, &pg)) {
		double t[16];
		size_t n = 0;
		for (size_t i = 0; i < pg.ncms && n < 8; i++)
			if (pg.cms[i].depth == 1 && pg.cms[i].m[0] == 1) {
				t[2 * n] = pg.cms[i].m[4];
				t[2 * n + 1] = pg.cms[i].m[5];
				n++;
				/* A back is turned half round after its move. */
				if (n > 4) {
					ck_assert(i + 1 < pg.ncms && pg.cms[i + 1].m[0] == -1 &&
						  pg.cms[i + 1].m[3] == -1);
				}
			}
		ck_assert_uint_eq(n, 8);
		for (size_t i = 0; i < 4; i++) {
			/* The back's far corner is the front mirrored about
			 * the fold at 105 mm. */
			ck_assert(fabs(t[8 + 2 * i] - (t[2 * i] + 63)) < 0.01);
			ck_assert(fabs(t[8 + 2 * i + 1] - (210 - t[2 * i + 1])) < 0.01);
			ck_assert(t[2 * i + 1] >= 105);
		}
		for (size_t i = 0; i < pg.npaths; i++)
			if (pg.paths[i].n == 2 && fabs(pg.paths[i].xy[1] - 105) < 0.01 &&
			    fabs(pg.paths[i].xy[3] - 105) < 0.01)
				fold_line = true;
		ck_assert(fold_line);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

START_TEST(one_card_per_page_for_print_shops)
{
	struct print_sheet_opts so = { .bleed = 3, .one_per_page = true,
				       .backs = PRINT_BACKS_DUPLEX };
	char *pdf = deck("shop.pdf", PRINT_A4, false, &so, 3), *cmd, *out;

	qpdf_clean(pdf);
	check_size(pdf, 6, 69 * 72 / 25.4, 94 * 72 / 25.4);
	if (have("pdfinfo")) {
		cmd = xasprintf("pdfinfo -box '%s'", pdf);
		out = run(cmd, NULL);
		/* 3 mm = 8.50 pt in; 66 mm = 187.09 pt */
		ck_assert_msg(strstr(out, "TrimBox:             8.50     8.50   187.09   257.95"),
			      "%s", out);
		free(cmd);
		free(out);
	}
	free(pdf);
}
END_TEST

START_TEST(small_mode_embeds_nothing)
{
	struct print_sheet_opts so = { 0 };
	char *pdf = deck("small.pdf", PRINT_A4, true, &so, 54);
	const char *want[] = { "A" SPADE, "K" CLUB, "Q" HEART, "10" DIAMOND, "card 53" };
	FILE *f = fopen(pdf, "rb");
	long size;

	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	ck_assert_int_lt(size, 20000);
	qpdf_clean(pdf);
	check_size(pdf, 6, A4_W, A4_H);
	check_fonts(pdf, false, 2);
	check_text(pdf, want, ARRAY_SIZE(want));
	free(pdf);
}
END_TEST

START_TEST(text_wraps_and_shrinks)
{
	struct print_doc *d = doc(PRINT_A4, false);
	struct print_textbox tb = { .font = PRINT_SANS, .size = 12, .min_size = 6 };
	struct print_textfit fit;
	const char *lorem = "Every dragon keeps a hoard, and every hoard keeps a dragon; "
			    "the burglar keeps neither, and runs.";
	char *pdf = path_for("text.pdf");
	double wa;

	print_page_paper(d, false);
	wa = print_text_width(d, PRINT_SANS, 12, "A");
	ck_assert(wa > 2 && wa < 4.5); /* 0.684 em of 4.23 mm */
	ck_assert(fabs(print_text_width(d, PRINT_SANS, 12, "AAAA") - 4 * wa) < 1e-6);
	ck_assert(fabs(print_text_width(d, PRINT_SANS, 24, SPADE) -
		       2 * print_text_width(d, PRINT_SANS, 12, SPADE)) < 1e-6);
	/* Plenty of room: full size, several lines. */
	print_text_measure(d, &tb, 50, 100, lorem, &fit);
	ck_assert(fit.size == 12 && fit.lines > 2 && !fit.overflow && fit.height <= 100);
	/* Two lines' room: shrinks, still fits. */
	print_text_measure(d, &tb, 50, 12, lorem, &fit);
	ck_assert_msg(fit.size < 12 && fit.size >= 6 && !fit.overflow && fit.height <= 12,
		      "size %g lines %zu", fit.size, fit.lines);
	/* No room: the smallest size, cut with an ellipsis. */
	print_text_measure(d, &tb, 20, 5, lorem, &fit);
	ck_assert(fit.overflow && fit.size == 6 && fit.lines >= 1 && fit.height <= 5);
	/* Paragraphs are kept. */
	tb.min_size = 0;
	print_text_measure(d, &tb, 150, 100, "one\ntwo\n\nfour", &fit);
	ck_assert_uint_eq(fit.lines, 4);
	/* A word wider than the box is broken, not lost. */
	print_text_measure(d, &tb, 10, 100, "Dracoburglarhoardkeeper", &fit);
	ck_assert_uint_gt(fit.lines, 1);
	print_rect(d, 20, 200, 50, 12, 0, PRINT_STROKE);
	tb.min_size = 6;
	print_text_box(d, &tb, 20, 200, 50, 12, lorem, NULL);
	print_rect(d, 20, 150, 20, 5, 0, PRINT_STROKE);
	print_text_box(d, &tb, 20, 150, 20, 5, lorem, &fit);
	print_text(d, PRINT_SERIF, 10, 105, 100, PRINT_CENTER, "serif \xc3\xa9t\xc3\xa9");
	print_text(d, PRINT_MONO, 10, 105, 90, PRINT_RIGHT, "mono " SUITS);
	/* Broken UTF-8 and characters outside the BMP become '?'. */
	print_text(d, PRINT_SANS, 10, 20, 80, PRINT_LEFT, "bad \xff \xf0\x9f\x82\xa1 end");
	save(d, pdf);
	qpdf_clean(pdf);
	if (have("pdftotext")) {
		char *out = pdf_text(pdf);
		ck_assert_ptr_nonnull(strstr(out, "runs."));
		ck_assert_ptr_nonnull(strstr(out, "\xe2\x80\xa6")); /* the ellipsis */
		ck_assert_ptr_nonnull(strstr(out, "bad ? ? end"));
		ck_assert_ptr_nonnull(strstr(out, "mono " SUITS));
		free(out);
	}
	free(pdf);
}
END_TEST

/* Documents made one after the other in a process share the objects of
 * a font only when they drew the very same characters: "fez" after "zap"
 * (the same highest character, other letters) has the widths of e and f
 * (codes 101 and 102, the first of a run in /W), and "zap" again those of
 * a (97). */
START_TEST(font_objects_follow_the_characters)
{
	static const char *const words[] = { "zap zap", "fez fez", "zap zap" };
	static const char *const first[] = { "97", "101", "97" };
	for (size_t i = 0; i < 3; i++) {
		struct print_doc *d = doc(PRINT_A4, false);
		char name[32], *pdf;
		snprintf(name, sizeof name, "chars-%zu.pdf", i);
		pdf = path_for(name);
		print_page_paper(d, false);
		print_text(d, PRINT_SANS, 12, 20, 200, PRINT_LEFT, words[i]);
		save(d, pdf);
		qpdf_clean(pdf);
		check_text(pdf, &words[i], 1);
		if (have("qpdf")) {
			char *cmd = xasprintf("qpdf --qdf --object-streams=disable '%s' - | "
					      "grep -a -c -x ' *%s'", pdf, first[i]);
			char *out = run(cmd, NULL);
			ck_assert_msg(atoi(out) >= 1, "%s: no width for code %s", name, first[i]);
			free(out);
			free(cmd);
		}
		free(pdf);
	}
}
END_TEST

/* --- hexes -------------------------------------------------------------------- */

static int draw_hex(struct print_doc *d, void *ctx, const struct print_piece *p, char **err)
{
	char *n = xasprintf("%s%zu", p->back ? "B" : "T", p->index + 1);
	(void)ctx;
	(void)err;
	print_fill_rgb(d, 0.85, 0.95, 0.85);
	print_rect(d, 0, 0, p->w, p->h, 0, PRINT_FILL);
	print_fill_rgb(d, 0, 0, 0);
	print_text(d, PRINT_SANS_BOLD, 20, p->w / 2, p->h / 2, PRINT_CENTER, n);
	free(n);
	return 0;
}

static double dist(double x1, double y1, double x2, double y2)
{
	return hypot(x2 - x1, y2 - y1);
}

START_TEST(hex_tiles_are_the_size_asked)
{
	struct print_tiles_opts o = { .hex = { PRINT_HEX_POINTY, 83, 95 } };
	struct print_doc *d = doc(PRINT_A4, false);
	char *err = NULL, *pdf = path_for("tiles.pdf");
	size_t per = print_tiles_per_page(d, &o, NULL, NULL);
	struct page pg;
	const char *want[] = { "T1", "T43" };

	ck_assert_uint_eq(per, 5);
	ck_assert_int_eq(print_tiles(d, &o, 43, draw_hex, NULL, &err), 0);
	save(d, pdf);
	qpdf_clean(pdf);
	check_size(pdf, 9, A4_W, A4_H);
	check_text(pdf, want, 2);
	if (page_read(pdf, 1, &pg)) {
		size_t hexes = 0, shared = 0;
		for (size_t i = 0; i < pg.npaths; i++) {
			const struct path *p = &pg.paths[i];
			double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
			if (p->depth != 0 || p->n != 6)
				continue;
			hexes++;
			for (size_t k = 0; k < 6; k++) {
				x0 = fmin(x0, p->xy[2 * k]), x1 = fmax(x1, p->xy[2 * k]);
				y0 = fmin(y0, p->xy[2 * k + 1]), y1 = fmax(y1, p->xy[2 * k + 1]);
			}
			/* Flat to flat and point to point, as asked. */
			ck_assert_msg(fabs(x1 - x0 - 83) < 0.1 && fabs(y1 - y0 - 95) < 0.1,
				      "hex %g x %g", x1 - x0, y1 - y0);
			ck_assert(x0 > 0 && x1 < 210 && y0 > 0 && y1 < 297);
			/* Neighbours share an edge: the cut lines meet. */
			for (size_t j = 0; j < i; j++) {
				const struct path *q = &pg.paths[j];
				int common = 0;
				if (q->depth != 0 || q->n != 6)
					continue;
				for (size_t a = 0; a < 6; a++)
					for (size_t b = 0; b < 6; b++)
						common += dist(p->xy[2 * a], p->xy[2 * a + 1],
							       q->xy[2 * b], q->xy[2 * b + 1]) < 0.01;
				ck_assert_int_ne(common, 1);
				ck_assert_int_le(common, 2);
				shared += common == 2;
			}
		}
		ck_assert_uint_eq(hexes, 5);
		/* Two rows of two and one between: six shared edges. */
		ck_assert_uint_eq(shared, 6);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

/* The outlines (cut lines) of page pg: six-cornered page-level paths, as
 * boxes x0, y0, x1, y1; how many in *n. */
static double *hex_outlines(const struct page *pg, size_t *n)
{
	double *box = xmalloc((pg->npaths + 1) * 4 * sizeof *box);
	*n = 0;
	for (size_t i = 0; i < pg->npaths; i++) {
		const struct path *p = &pg->paths[i];
		double *b = box + 4 * *n;
		if (p->depth != 0 || p->n != 6)
			continue;
		b[0] = b[1] = INFINITY;
		b[2] = b[3] = -INFINITY;
		for (size_t k = 0; k < 6; k++) {
			b[0] = fmin(b[0], p->xy[2 * k]), b[2] = fmax(b[2], p->xy[2 * k]);
			b[1] = fmin(b[1], p->xy[2 * k + 1]), b[3] = fmax(b[3], p->xy[2 * k + 1]);
		}
		(*n)++;
	}
	return box;
}

START_TEST(hex_tiles_fold)
{
	/* Pointy 83 x 95 mm tiles: three side by side fit only across a
	 * turned A4 page, above a fold line across it; the backs below,
	 * mirrored and turned half round. */
	struct print_tiles_opts o = { .hex = { PRINT_HEX_POINTY, 83, 95 },
				      .backs = PRINT_BACKS_FOLD };
	struct print_doc *d = doc(PRINT_A4, false);
	char *err = NULL, *pdf = path_for("tiles-fold.pdf");
	const char *want[] = { "T1", "B1", "T7", "B7" };
	struct page pg;
	size_t n;
	double *box, o6[12];

	ck_assert_uint_eq(print_tiles_per_page(d, &o, NULL, NULL), 3);
	ck_assert_int_eq(print_tiles(d, &o, 7, draw_hex, NULL, &err), 0);
	save(d, pdf);
	qpdf_clean(pdf);
	check_size(pdf, 3, A4_H, A4_W);
	check_text(pdf, want, 4);
	if (page_read(pdf, 1, &pg)) {
		bool fold_line = false;
		box = hex_outlines(&pg, &n);
		/* cut lines on the fronts only, the size asked, above the fold */
		ck_assert_uint_eq(n, 3);
		for (size_t i = 0; i < n; i++) {
			ck_assert_msg(fabs(box[4 * i + 2] - box[4 * i] - 83) < 0.1 &&
					      fabs(box[4 * i + 3] - box[4 * i + 1] - 95) < 0.1,
				      "hex %g x %g", box[4 * i + 2] - box[4 * i],
				      box[4 * i + 3] - box[4 * i + 1]);
			ck_assert(box[4 * i + 1] >= 105 + 5 - 0.01 && box[4 * i + 3] <= 210 - 5 + 0.01);
			ck_assert(box[4 * i] >= 5 - 0.01 && box[4 * i + 2] <= 297 - 5 + 0.01);
		}
		/* side by side, sharing their cut lines */
		ck_assert(fabs(box[4] - box[2]) < 0.01 && fabs(box[8] - box[6]) < 0.01);
		free(box);
		/* fronts moved to x, y; backs to the far corner of the box
		 * mirrored across y = 105, then turned */
		ck_assert_uint_eq(piece_origins(&pg, o6, 6), 6);
		for (size_t i = 0; i < 3; i++) {
			ck_assert_msg(fabs(o6[6 + 2 * i] - (o6[2 * i] + 83)) < 0.01 &&
					      fabs(o6[6 + 2 * i + 1] - (210 - o6[2 * i + 1])) < 0.01,
				      "back %zu at %g,%g, front at %g,%g", i, o6[6 + 2 * i],
				      o6[7 + 2 * i], o6[2 * i], o6[2 * i + 1]);
		}
		for (size_t i = 0; i < pg.ncms; i++)
			if (pg.cms[i].m[0] == -1)
				ck_assert(pg.cms[i].m[3] == -1);
		for (size_t i = 0; i < pg.npaths; i++)
			if (pg.paths[i].n == 2 && fabs(pg.paths[i].xy[1] - 105) < 0.01 &&
			    fabs(pg.paths[i].xy[3] - 105) < 0.01 &&
			    fabs(pg.paths[i].xy[2] - pg.paths[i].xy[0]) > 290)
				fold_line = true;
		ck_assert(fold_line);
		page_release(&pg);
	}
	free(pdf);

	/* Flat-topped 95 x 83 mm (Dragon Pants): a column of three left of a
	 * fold down an upright page, the backs mirrored across x = 105 */
	o.hex.orient = PRINT_HEX_FLAT;
	d = doc(PRINT_A4, false);
	pdf = path_for("tiles-fold-flat.pdf");
	ck_assert_uint_eq(print_tiles_per_page(d, &o, NULL, NULL), 3);
	ck_assert_int_eq(print_tiles(d, &o, 4, draw_hex, NULL, &err), 0);
	save(d, pdf);
	qpdf_clean(pdf);
	check_size(pdf, 2, A4_W, A4_H);
	if (page_read(pdf, 1, &pg)) {
		bool fold_line = false;
		box = hex_outlines(&pg, &n);
		ck_assert_uint_eq(n, 3);
		for (size_t i = 0; i < n; i++) {
			ck_assert(fabs(box[4 * i + 2] - box[4 * i] - 95) < 0.1 &&
				  fabs(box[4 * i + 3] - box[4 * i + 1] - 83) < 0.1);
			ck_assert(box[4 * i] >= 5 - 0.01 && box[4 * i + 2] <= 105 - 5 + 0.01);
			/* stacked flat to flat: each sits on the one below */
			if (i > 0)
				ck_assert(fabs(box[4 * i + 3] - box[4 * (i - 1) + 1]) < 0.01);
		}
		free(box);
		ck_assert_uint_eq(piece_origins(&pg, o6, 6), 6);
		for (size_t i = 0; i < 3; i++)
			ck_assert(fabs(o6[6 + 2 * i] - (210 - o6[2 * i] - 95)) < 0.01 &&
				  fabs(o6[7 + 2 * i] - o6[2 * i + 1]) < 0.01);
		for (size_t i = 0; i < pg.npaths; i++)
			if (pg.paths[i].n == 2 && fabs(pg.paths[i].xy[0] - 105) < 0.01 &&
			    fabs(pg.paths[i].xy[2] - 105) < 0.01 &&
			    fabs(pg.paths[i].xy[3] - pg.paths[i].xy[1]) > 290)
				fold_line = true;
		ck_assert(fold_line);
		page_release(&pg);
	}
	/* the last sheet holds the one tile left, and its back */
	if (page_read(pdf, 2, &pg)) {
		ck_assert_uint_eq(piece_origins(&pg, o6, 6), 2);
		page_release(&pg);
	}
	free(pdf);
}
END_TEST

START_TEST(hex_geometry)
{
	struct print_hex reg = { PRINT_HEX_FLAT, 30, 0 };
	double w, h, xy[12], x, y;

	print_hex_box(&reg, &w, &h);
	ck_assert(fabs(w - 60 / sqrt(3)) < 1e-9 && h == 30);
	print_hex_corners(&reg, xy);
	/* A regular hex: all six sides equal. */
	for (int k = 0; k < 6; k++)
		ck_assert(fabs(dist(xy[2 * k], xy[2 * k + 1], xy[(2 * k + 2) % 12],
				    xy[(2 * k + 3) % 12]) - w / 2) < 1e-9);
	print_hex_pos(&reg, 1, 0, &x, &y);
	ck_assert(fabs(x - 0.75 * w) < 1e-9 && fabs(y - 15) < 1e-9);
	print_hex_grid_size(&reg, 3, 2, &w, &h);
	ck_assert(fabs(h - 75) < 1e-9);
}
END_TEST

/* A board of 43 hexes: rows of 7, 6, 7, 6, 7, 6, and 4 on top. */
static int board_cells[2 * 43];

static struct print_hexboard board(void)
{
	struct print_hexboard hb = { .hex = { PRINT_HEX_POINTY, 83, 95 }, .cells = board_cells,
				     .n = 0, .draw = draw_hex };
	for (int r = 0; r < 6; r++)
		for (int c = 0; c < 7 - (r & 1); c++) {
			board_cells[2 * hb.n] = c;
			board_cells[2 * hb.n + 1] = r;
			hb.n++;
		}
	for (int c = 1; c < 5; c++) {
		board_cells[2 * hb.n] = c;
		board_cells[2 * hb.n + 1] = 6;
		hb.n++;
	}
	ck_assert_uint_eq(hb.n, 43);
	return hb;
}

START_TEST(poster_pages_overlap)
{
	struct print_hexboard hb = board();
	struct print_board b = { .title = "Dragon Pants" };
	struct print_poster_opts o = { 0 };
	struct print_poster_plan plan;
	struct print_doc *d = doc(PRINT_A4, false);
	char *err = NULL, *pdf = path_for("poster.pdf");
	struct page p1, p2;

	print_hexboard(&hb, &b);
	ck_assert(fabs(b.w - 7 * 83) < 1e-6 && fabs(b.h - (95 + 6 * 71.25)) < 1e-6);
	print_poster_plan(d, &o, &b, &plan);
	/* The pages together cover the board. */
	ck_assert(plan.off_x <= 0 && plan.off_x + (plan.cols - 1) * plan.step_x + plan.win_w >= b.w);
	ck_assert(plan.off_y <= 0 && plan.off_y + (plan.rows - 1) * plan.step_y + plan.win_h >= b.h);
	ck_assert_int_eq(print_poster(d, &o, &b, &err), 0);
	ck_assert_int_eq(print_overview(d, &o, &b, &err), 0);
	save(d, pdf);
	qpdf_clean(pdf);
	check_size(pdf, plan.cols * plan.rows + 1, A4_W, A4_H);
	{
		const char *want[] = { "T43", "Dragon Pants", "page 1 of" };
		check_text(pdf, want, 3);
	}
	/* Neighbours show the board 10 mm overlapped: their board
	 * translations differ by the window less the overlap. */
	if (page_read(pdf, 1, &p1) && page_read(pdf, 2, &p2)) {
		double a[2], c[2];
		ck_assert_uint_ge(piece_origins(&p1, a, 1), 1);
		ck_assert_uint_ge(piece_origins(&p2, c, 1), 1);
		ck_assert(fabs(a[0] - c[0] - (190 - 10)) < 0.01 && fabs(a[1] - c[1]) < 0.01);
		page_release(&p1);
		page_release(&p2);
	}
	free(pdf);
}
END_TEST

START_TEST(letter_tiles_duplex_and_one_page_poster)
{
	struct print_tiles_opts o = { .hex = { PRINT_HEX_FLAT, 40, 0 },
				      .backs = PRINT_BACKS_DUPLEX };
	struct print_doc *d = doc(PRINT_LETTER, true);
	static const int cells[] = { 0, 0, 1, 0, 2, 0, 1, 1 };
	struct print_hexboard hb = { .hex = { PRINT_HEX_POINTY, 30, 0 }, .cells = cells,
				     .n = 4, .draw = draw_hex };
	struct print_board b = { 0 };
	struct print_poster_opts po = { 0 };
	char *err = NULL, *pdf = path_for("tiles-letter.pdf");
	size_t per = print_tiles_per_page(d, &o, NULL, NULL);
	const char *want[] = { "T1", "B30" };

	ck_assert_uint_ge(per, 20);
	ck_assert_int_eq(print_tiles(d, &o, 30, draw_hex, NULL, &err), 0);
	print_hexboard(&hb, &b);
	ck_assert_int_eq(print_poster(d, &po, &b, &err), 0);
	ck_assert_int_eq(print_overview(d, &po, &b, &err), 0);
	save(d, pdf);
	qpdf_clean(pdf);
	check_size(pdf, 2 * (long)((30 + per - 1) / per) + 2, LETTER_W, LETTER_H);
	check_text(pdf, want, 2);
	check_fonts(pdf, false, 1);
	free(pdf);
}
END_TEST

/* --- failures ------------------------------------------------------------------ */

static int failing_card(struct print_doc *d, void *ctx, const struct print_piece *p,
			char **err)
{
	(void)d;
	(void)ctx;
	if (p->index == 4) {
		*err = xstrdup("no template for card 4");
		return -1;
	}
	return 0;
}

START_TEST(failures_are_reported_not_printed)
{
	struct print_doc_opts o = { .paper = PRINT_A4, .fontdir = "/nonexistent" };
	struct print_sheet_opts so = { 0 }, huge = { .card_w = 300, .card_h = 400 };
	struct print_doc *d;
	char *err = NULL, *buf, *pdf = path_for("never.pdf");
	size_t len;

	/* A missing font file is named. */
	ck_assert_int_eq(print_doc_new(&d, &o, &err), 0);
	print_page_paper(d, false);
	print_text(d, PRINT_SANS, 10, 10, 10, PRINT_LEFT, "x");
	print_rect(d, 1, 1, 1, 1, 0, PRINT_STROKE); /* ignored from now on */
	ck_assert_int_eq(print_doc_save(d, pdf, &err), -1);
	ck_assert_msg(strstr(err, "cannot read font '/nonexistent/DejaVuSans.ttf'"), "%s", err);
	free(err);
	err = NULL;
	ck_assert_int_eq(print_sheet(d, &so, 3, draw_card, NULL, &err), -1);
	free(err);
	print_doc_free(d);
	/* A callback's failure stops the sheet and the save. */
	d = doc(PRINT_A4, false);
	ck_assert_int_eq(print_sheet(d, &so, 9, failing_card, NULL, &err), -1);
	ck_assert_str_eq(err, "no template for card 4");
	free(err);
	ck_assert_int_eq(print_doc_save_mem(d, &buf, &len, &err), -1);
	free(err);
	print_doc_free(d);
	/* A card larger than the paper, a nonsense bleed. */
	d = doc(PRINT_LETTER, false);
	ck_assert_int_eq(print_sheet(d, &huge, 1, draw_card, NULL, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "does not fit"));
	free(err);
	huge.card_w = 63, huge.card_h = 88, huge.bleed = -1;
	ck_assert_int_eq(print_sheet(d, &huge, 1, draw_card, NULL, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "bleed"));
	free(err);
	/* Nothing drawn: nothing to save. */
	ck_assert_int_eq(print_doc_save(d, pdf, &err), -1);
	free(err);
	print_doc_free(d);
	ck_assert_int_ne(access(pdf, F_OK), 0);
	free(pdf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("print");
	TCase *tc = tcase_create("print");
	int rc;
	char *cmd;

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return EXIT_FAILURE;
	}
	tcase_add_test(tc, deck_a4_checks_out);
	tcase_add_test(tc, same_input_same_bytes);
	tcase_add_test(tc, libharu_memory_is_one_arena);
	tcase_add_test(tc, circles_as_libharu_draws_them);
	tcase_add_test(tc, quick_documents_trade_size_for_speed);
	tcase_add_test(tc, nested_documents_same_bytes);
	tcase_add_test(tc, report_template_pages);
	tcase_add_test(tc, deck_letter);
	tcase_add_test(tc, bleed_sets_trim_box);
	tcase_add_test(tc, duplex_backs_are_mirrored);
	tcase_add_test(tc, fold_puts_backs_behind_fronts);
	tcase_add_test(tc, one_card_per_page_for_print_shops);
	tcase_add_test(tc, small_mode_embeds_nothing);
	tcase_add_test(tc, text_wraps_and_shrinks);
	tcase_add_test(tc, font_objects_follow_the_characters);
	tcase_add_test(tc, hex_geometry);
	tcase_add_test(tc, hex_tiles_are_the_size_asked);
	tcase_add_test(tc, hex_tiles_fold);
	tcase_add_test(tc, poster_pages_overlap);
	tcase_add_test(tc, letter_tiles_duplex_and_one_page_poster);
	tcase_add_test(tc, failures_are_reported_not_printed);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	rc = run_suite(s);
	/* Keep the PDFs of a failed run to look at. */
	if (rc == EXIT_SUCCESS && !getenv("KEEP_PDF")) {
		cmd = xasprintf("rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			fprintf(stderr, "check_print: cannot remove %s\n", tmpdir);
		free(cmd);
	} else {
		fprintf(stderr, "check_print: PDFs kept in %s\n", tmpdir);
	}
	return rc;
}
