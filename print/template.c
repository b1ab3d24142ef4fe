/* template.c - rendering a template: gather its items, then lay them out by
 * kind with the print layer (card sheets, full pages, hex tiles, posters),
 * drawing each piece from the template's <front> and <back>. */
#include "tpl-int.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/xpathInternals.h>

#include "util.h"
#include "xmlutil.h"

static void add_item(struct tpl_run *r, xmlNode *n, size_t copies)
{
	if (!copies)
		return;
	r->items = xrealloc(r->items, (r->nitems + copies) * sizeof *r->items);
	for (size_t i = 0; i < copies; i++)
		r->items[r->nitems++] = n;
}

/* One piece per copy of every literal <item>, per node selected by
 * <items select>, or one whose item is the context document's root. */
static int gather_items(struct tpl_run *r, xmlDoc *ctxdoc)
{
	const xmlNode *root = xmlDocGetRootElement(r->t->doc);
	bool literal = false;

	if (r->t->select) {
		xmlXPathObject *obj = tpl_eval_attr(r, r->t->select, (xmlNode *)ctxdoc, "select");
		if (!obj)
			return -1;
		if (obj->type != XPATH_NODESET)
			tpl_fail(r, r->t->select, "select does not give nodes");
		for (int i = 0; !r->err && obj->nodesetval && i < obj->nodesetval->nodeNr; i++)
			add_item(r, obj->nodesetval->nodeTab[i], 1);
		xmlXPathFreeObject(obj);
		return r->err ? -1 : 0;
	}
	for (xmlNode *c = root->children; c; c = c->next) {
		long long count = 1;
		if (!xml_is(c, "item"))
			continue;
		literal = true;
		if (xmlHasProp(c, BAD_CAST "count") && !xml_attr_int(c, "count", &count))
			count = 0; /* the schema allows only digits: too many of them */
		if (count > 10000) {
			tpl_fail(r, c, "count='%lld' is more than 10000", count);
			return -1;
		}
		add_item(r, c, (size_t)count);
	}
	if (!literal)
		add_item(r, xmlDocGetRootElement(ctxdoc), 1);
	return 0;
}

/* Draw piece i (its front, or its back) at the current origin. */
static int draw_piece(struct tpl_run *r, size_t i, bool back)
{
	const xmlNode *side = back ? r->t->back : r->t->front;
	tpl_setvar(r, "item", (double)i + 1);
	if (!side)
		return 0;
	return tpl_draw(r, side, r->items[i]);
}

static int piece_cb(struct print_doc *d, void *ctx, const struct print_piece *p, char **err)
{
	struct tpl_run *r = ctx;
	(void)d;
	if (draw_piece(r, p->index, p->back)) {
		*err = xstrdup(r->err);
		return -1;
	}
	return 0;
}

static int render_cards(struct tpl_run *r, const struct tpl_opts *o, char **err)
{
	struct print_sheet_opts so;
	memset(&so, 0, sizeof so);
	so.card_w = r->t->w;
	so.card_h = r->t->h;
	so.bleed = o->bleed;
	so.gap = r->t->gap;
	so.backs = r->t->back ? o->backs : PRINT_BACKS_NONE;
	so.offset_x = o->offset_x;
	so.offset_y = o->offset_y;
	return print_sheet(r->d, &so, r->nitems, piece_cb, r, err);
}

static int render_tiles(struct tpl_run *r, const struct tpl_opts *o, char **err)
{
	struct print_tiles_opts to;
	memset(&to, 0, sizeof to);
	to.hex = r->t->hex;
	to.backs = r->t->back ? o->backs : PRINT_BACKS_NONE;
	to.offset_x = o->offset_x;
	to.offset_y = o->offset_y;
	return print_tiles(r->d, &to, r->nitems, piece_cb, r, err);
}

/* Full pages: the template's area centred on the paper, one per item. */
static int render_sheets(struct tpl_run *r, char **err)
{
	double pw, ph;
	int rc;

	print_paper_size(print_doc_paper(r->d), &pw, &ph);
	if (r->t->landscape) {
		double t = pw;
		pw = ph;
		ph = t;
	}
	if (r->t->w > pw - 10 || r->t->h > ph - 10) {
		tpl_fail(r, xmlDocGetRootElement(r->t->doc),
			 "a sheet of %g x %g mm does not fit on the paper (%g x %g mm with "
			 "5 mm margins)", r->t->w, r->t->h, pw - 10, ph - 10);
		*err = xstrdup(r->err);
		return -1;
	}
	for (size_t i = 0; i < r->nitems; i++) {
		print_page_paper(r->d, r->t->landscape);
		print_save(r->d);
		print_translate(r->d, (pw - r->t->w) / 2, (ph - r->t->h) / 2);
		rc = draw_piece(r, i, false);
		/* balanced even on failure: libharu leaks a page's unclosed q */
		print_restore(r->d);
		if (rc) {
			*err = xstrdup(r->err);
			return -1;
		}
	}
	return print_doc_status(r->d, err);
}

struct board_ctx {
	struct tpl_run *r;
	size_t i;
};

static int board_cb(struct print_doc *d, void *ctx, char **err)
{
	struct board_ctx *b = ctx;
	(void)d;
	if (draw_piece(b->r, b->i, false)) {
		*err = xstrdup(b->r->err);
		return -1;
	}
	return 0;
}

static int render_posters(struct tpl_run *r, const struct tpl_opts *o, char **err)
{
	struct print_poster_opts po;
	struct board_ctx bc = { r, 0 };
	struct print_board b;

	memset(&po, 0, sizeof po);
	b.w = r->t->w;
	b.h = r->t->h;
	b.draw = board_cb;
	b.ctx = &bc;
	b.title = r->t->title;
	for (bc.i = 0; bc.i < r->nitems; bc.i++) {
		bool poster = r->t->poster, page = r->t->overview;
		if (o->boards != TPL_BOARDS_BOTH) {
			/* Asked for one of the two: print that one, whatever
			 * the template would print by default. */
			poster = o->boards == TPL_BOARDS_POSTER;
			page = !poster;
		}
		if (poster && print_poster(r->d, &po, &b, err))
			return -1;
		if (page && print_overview(r->d, &po, &b, err))
			return -1;
	}
	return 0;
}

int tpl_render(const struct tpl *t, struct print_doc *d, xmlDoc *state,
	       const struct tpl_opts *o, char **err)
{
	struct tpl_run r;
	xmlDoc *blank = NULL, *ctxdoc = state;
	char *lerr = NULL;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.t = t;
	r.d = d;
	if (!ctxdoc) {
		blank = xmlNewDoc(BAD_CAST "1.0");
		xmlDocSetRootElement(blank, xmlNewDocNode(blank, NULL, BAD_CAST "blank", NULL));
		ctxdoc = blank;
	}
	r.xp = xmlXPathNewContext(ctxdoc);
	if (!r.xp)
		BUG("xmlXPathNewContext failed");
	/* libxml2 reuses the XPath objects of a context that has a cache
	 * (off by default) instead of a malloc and free for each. */
	xmlXPathContextSetCache(r.xp, 1, -1, 0);
	tpl_xpath_errors(r.xp, &r);
	tpl_setvar(&r, "i", 0);
	tpl_setvar(&r, "n", 0);
	tpl_setvar(&r, "item", 0);
	if (gather_items(&r, ctxdoc) == 0 && r.nitems > 0) {
		tpl_setvar(&r, "items", (double)r.nitems);
		switch (t->kind) {
		case TPL_CARDS:
			rc = render_cards(&r, o, &lerr);
			break;
		case TPL_SHEET:
			rc = render_sheets(&r, &lerr);
			break;
		case TPL_TILES:
			rc = render_tiles(&r, o, &lerr);
			break;
		case TPL_POSTER:
			rc = render_posters(&r, o, &lerr);
			break;
		}
	}
	tpl_images_release(&r);
	xmlXPathFreeContext(r.xp);
	xmlFreeDoc(blank);
	free(r.items);
	free(r.xperr);
	if (r.err) { /* the template's fault, whatever the layout said */
		free(lerr);
		*err = r.err;
		return TPL_ERR_DATA;
	}
	if (rc) {
		*err = lerr;
		return TPL_ERR_IO;
	}
	return TPL_OK;
}

int kit_print(const struct kit_job *job, char **pdf, size_t *len, char **err)
{
	struct print_doc_opts dopts;
	struct print_doc *d;
	struct kit *k;
	int rc;

	rc = kit_load(&k, job->dir, job->game, job->state != NULL, err);
	if (rc)
		return rc;
	memset(&dopts, 0, sizeof dopts);
	dopts.paper = job->paper;
	dopts.small = job->small;
	dopts.title = job->title ? job->title : kit_title(k);
	dopts.author = "wyrmpost";
	dopts.subject = job->subject ? job->subject : "print and play kit";
	if (print_doc_new(&d, &dopts, err)) {
		kit_free(k);
		return TPL_ERR_IO;
	}
	rc = kit_render(k, d, job->state, &job->opts, err);
	if (!rc && print_doc_save_mem(d, pdf, len, err))
		rc = TPL_ERR_IO;
	print_doc_free(d);
	kit_free(k);
	return rc;
}
