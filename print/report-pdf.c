/* report-pdf.c - a player's turn report as a PDF: the heading, a picture of
 * the board, what happened, the details and the orders to send next,
 * flowing over as many pages as it needs.  See report-pdf.h. */
#include "report-pdf.h"

#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "util.h"

#define MARGIN 15.0

struct flow {
	struct print_doc *d;
	double w, h;  /* page size, mm */
	double y;     /* top of the free space on the current page */
};

static void new_page(struct flow *f)
{
	print_page_paper(f->d, false);
	f->y = f->h - MARGIN;
}

/* Room for need mm, or a new page. */
static void need(struct flow *f, double mm)
{
	if (f->y - mm < MARGIN)
		new_page(f);
}

static void heading(struct flow *f, const char *text)
{
	need(f, 14);
	f->y -= 7;
	print_fill_rgb(f->d, 0.35, 0.15, 0.05);
	print_text(f->d, PRINT_SANS_BOLD, 12, MARGIN, f->y, PRINT_LEFT, text);
	print_fill_rgb(f->d, 0, 0, 0);
	f->y -= 2.5;
}

/* One paragraph, wrapped to the text width, in font at size. */
static void paragraph(struct flow *f, enum print_font font, double size, const char *text,
		      double indent)
{
	struct print_textbox tb = { font, size, 0, 1.25, PRINT_LEFT, PRINT_TOP };
	struct print_textfit fit;
	double w = f->w - 2 * MARGIN - indent;
	print_text_measure(f->d, &tb, w, 1000, text, &fit);
	need(f, fit.height + 1);
	print_text_box(f->d, &tb, MARGIN + indent, f->y - fit.height - 0.5, w,
		       fit.height + 0.5, text, &fit);
	f->y -= fit.height + 1.2;
}

/* A block of lines in the monospaced face, drawn as they are: spaces
 * matter in text maps, so nothing is wrapped; a long line is made smaller. */
static void mono_block(struct flow *f, const char *text)
{
	const char *p = text;
	double width = f->w - 2 * MARGIN;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, n);
		double size = 8.5, w = print_text_width(f->d, PRINT_MONO, size, line);
		if (w > width)
			size *= width / w;
		need(f, 4);
		f->y -= 3.6;
		if (*line)
			print_text(f->d, PRINT_MONO, size, MARGIN, f->y, PRINT_LEFT, line);
		free(line);
		p += n + (nl ? 1 : 0);
	}
	f->y -= 1.5;
}

int report_pdf_render(const struct report_pdf *r, const struct print_doc_opts *opts,
		      char **buf, size_t *len, char **err)
{
	/* A report goes out every turn: one embedded face, quick compression
	 * (print.h). */
	struct print_doc_opts one = *opts;
	const struct print_doc_opts *o = &one;
	struct print_doc *d;
	struct flow f;
	const struct tpl *tpl;
	int rc;

	one.one_face = true;
	one.quick = true;
	if ((rc = report_tpl_find(r->tpl_dir, r->rules, &tpl, err)))
		return rc;
	if (tpl)
		return report_tpl_render(r, tpl, o, buf, len, err);
	if (print_doc_new(&d, o, err))
		return TPL_ERR_IO;
	f.d = d;
	print_paper_size(o->paper, &f.w, &f.h);
	new_page(&f);
	print_text(d, PRINT_SANS_BOLD, 16, MARGIN, f.y - 6, PRINT_LEFT, r->title);
	f.y -= 12;
	if (r->subtitle)
		paragraph(&f, PRINT_SANS, 11, r->subtitle, 0);
	if (r->deadline)
		paragraph(&f, PRINT_SANS, 9.5, r->deadline, 0);
	if (r->board) {
		double h = f.w - 2 * MARGIN < 120 ? f.w - 2 * MARGIN : 120;
		need(&f, h + 4);
		f.y -= 3;
		f.y -= print_view(d, r->board, MARGIN, f.y - h, f.w - 2 * MARGIN, h) + 3;
	}
	heading(&f, "What happened");
	if (!r->nevents)
		paragraph(&f, PRINT_SANS, 9.5, "Nothing.", 0);
	for (size_t i = 0; i < r->nevents; i++)
		paragraph(&f, PRINT_SANS, 9.5, r->events[i], 3);
	if (r->nmessages)
		heading(&f, "Messages");
	for (size_t i = 0; i < r->nmessages; i++)
		paragraph(&f, PRINT_SANS, 9.5, r->messages[i], 3);
	if (r->details && *r->details) {
		heading(&f, "The table");
		mono_block(&f, r->details);
	}
	if (r->orders && *r->orders) {
		heading(&f, "Your next orders");
		mono_block(&f, r->orders);
	}
	rc = print_doc_save_mem(d, buf, len, err) ? TPL_ERR_IO : TPL_OK;
	print_doc_free(d);
	return rc;
}
