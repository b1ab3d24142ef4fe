/* report-tpl.c - a turn report drawn from the game's templates/NAME/report.xml.
 *
 * The template never sees the game's state (that holds every player's
 * secrets): its context document is built here from what the report is
 * allowed to show this player, the engine's view of the board and its text,
 * the events the player may see and the orders to send next:
 *
 *   <report game= rules= title= turn= player= seat= deadline=>
 *     <view kind= title= cols= rows= w= h= unit=>
 *       <cell i= col= row= x= y= w= h= label= caption= fill= counters= round=/>
 *       <piece cell= label= fill= col= row= x= y=/>
 *       <line from= to= dashed= x1= y1= x2= y2= cx1= cy1= cx2= cy2=
 *             col1= row1= col2= row2=/> <track name= symbol= min= max= value=/>
 *       <card rank= suit=/>
 *     </view>
 *     <details><line>..</line></details>
 *     <page n= of= kind="board"/>
 *     <page n= of= kind="text"><entry kind= at= lines= mine=>..</entry></page>
 *   </report>
 *
 * The template is a sheet whose items are the pages, so each page draws its
 * own header and number.  Text pages are cut here, by an estimate of the
 * lines each entry takes (at, lines: in lines of the template's leading);
 * a text box that holds more than estimated shrinks instead of overflowing. */
#include "report-pdf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "template.h"
#include "utf8.h"
#include "util.h"
#include "xmlutil.h"

/* Lines on one text page, and characters on one line, for the estimate:
 * the template's text pages draw REPORT_TPL_LINES lines of 4.2 mm of 9 pt
 * sans over 180 mm. */
#define PAGE_LINES 50
#define LINE_CHARS 100

static const char *view_kind_name(enum view_kind k)
{
	switch (k) {
	case VIEW_GRID:
		return "grid";
	case VIEW_HEXES:
		return "hexes";
	case VIEW_MAP:
		return "map";
	case VIEW_TRACKS:
		return "tracks";
	}
	return "grid";
}

/* Attributes of the context document.  Each node gets a name once, so
 * they are added without xmlSetProp's search for an old one, and numbers
 * are written without printf where that is plain: a report's context has
 * hundreds of them, and building it cost as much as a tenth of drawing. */
static void put(xmlNode *n, const char *name, const char *v)
{
	xmlNewProp(n, (const xmlChar *)name, (const xmlChar *)v);
}

static void set_opt(xmlNode *n, const char *name, const char *v)
{
	if (v)
		put(n, name, v);
}

/* The digits of u before end; returns where they start. */
static char *digits(char *end, unsigned long long u)
{
	do
		*--end = (char)('0' + u % 10);
	while (u /= 10);
	return end;
}

/* "%lld" */
static void put_int(xmlNode *n, const char *name, long long v)
{
	char buf[32], *p;
	buf[sizeof buf - 1] = '\0';
	p = digits(buf + sizeof buf - 1, v < 0 ? 0ULL - (unsigned long long)v
					       : (unsigned long long)v);
	if (v < 0)
		*--p = '-';
	put(n, name, p);
}

static void put_bool(xmlNode *n, const char *name, bool v)
{
	put(n, name, v ? "yes" : "no");
}

/* "%.3f", by hand when v * 1000 is clearly not halfway between two
 * integers (a tie or a near one goes to printf, whose rounding of the
 * exact binary value decides it). */
static void set_num(xmlNode *n, const char *name, double v)
{
	char buf[48], *p;
	double m = fabs(v) * 1000.0, k = floor(m + 0.5);

	if (!(m < 1e15) || fabs(m - floor(m) - 0.5) < 1e-6) {
		snprintf(buf, sizeof buf, "%.3f", v);
		put(n, name, buf);
		return;
	}
	buf[sizeof buf - 1] = '\0';
	p = digits(buf + sizeof buf - 1, (unsigned long long)k % 1000 + 1000) + 1;
	*--p = '.';
	p = digits(p, (unsigned long long)k / 1000);
	if (signbit(v))
		*--p = '-';
	put(n, name, p);
}

/* The view as the context's <view>, by a walk (lib/view.h) in the order a
 * document lists its parts. */
static bool view_begin(void *ctx, const struct view *v)
{
	xmlNode **vn = ctx;
	*vn = xml_child(*vn, "view", NULL);
	put(*vn, "kind", view_kind_name(v->kind));
	set_opt(*vn, "title", v->title);
	put_int(*vn, "cols", v->cols);
	put_int(*vn, "rows", v->rows);
	set_num(*vn, "w", v->w);
	set_num(*vn, "h", v->h);
	set_opt(*vn, "unit", v->unit);
	return true;
}

static void view_cell(void *ctx, size_t i, const struct view_cell *c)
{
	xmlNode *cn = xml_child(*(xmlNode **)ctx, "cell", NULL);
	put_int(cn, "i", (long long)i);
	put_int(cn, "col", c->col);
	put_int(cn, "row", c->row);
	set_num(cn, "x", c->x);
	set_num(cn, "y", c->y);
	set_num(cn, "w", c->w);
	set_num(cn, "h", c->h);
	set_opt(cn, "label", c->label);
	set_opt(cn, "caption", c->caption);
	set_opt(cn, "fill", c->fill);
	put_int(cn, "counters", c->counters);
	put_bool(cn, "round", c->round);
}

static void view_piece(void *ctx, const struct view_piece *p, const struct view_cell *c)
{
	xmlNode *pn = xml_child(*(xmlNode **)ctx, "piece", NULL);
	put_int(pn, "cell", p->cell);
	set_opt(pn, "label", p->label);
	set_opt(pn, "fill", p->fill);
	/* the cell's place, so a template need not look it up */
	put_int(pn, "col", c->col);
	put_int(pn, "row", c->row);
	set_num(pn, "x", c->x);
	set_num(pn, "y", c->y);
}

static void view_line(void *ctx, const struct view_line *l, const struct view_cell *a,
		      const struct view_cell *b)
{
	xmlNode *ln = xml_child(*(xmlNode **)ctx, "line", NULL);
	put_int(ln, "from", l->from);
	put_int(ln, "to", l->to);
	/* both ends' places: XPath 1.0 cannot look them up from here */
	set_num(ln, "x1", a->x);
	set_num(ln, "y1", a->y);
	set_num(ln, "x2", b->x);
	set_num(ln, "y2", b->y);
	/* and their centres, for boxes and circles of a map */
	set_num(ln, "cx1", a->x + a->w / 2);
	set_num(ln, "cy1", a->y + a->h / 2);
	set_num(ln, "cx2", b->x + b->w / 2);
	set_num(ln, "cy2", b->y + b->h / 2);
	put_int(ln, "col1", a->col);
	put_int(ln, "row1", a->row);
	put_int(ln, "col2", b->col);
	put_int(ln, "row2", b->row);
	put_bool(ln, "dashed", l->dashed);
}

static void view_track(void *ctx, const struct view_track *t)
{
	xmlNode *tn = xml_child(*(xmlNode **)ctx, "track", NULL);
	set_opt(tn, "name", t->name);
	set_opt(tn, "symbol", t->symbol);
	put_int(tn, "min", t->min);
	put_int(tn, "max", t->max);
	put_int(tn, "value", t->value);
}

static void view_card(void *ctx, const struct view_card *c)
{
	xmlNode *cn = xml_child(*(xmlNode **)ctx, "card", NULL);
	set_opt(cn, "rank", c->rank);
	set_opt(cn, "suit", c->suit);
}

static void add_view(xmlNode *root, const struct view *v)
{
	static const struct view_walker context_view = {
		.begin = view_begin, .cell = view_cell, .piece = view_piece,
		.line = view_line, .track = view_track, .card = view_card,
	};
	xmlNode *vn = root; /* becomes the <view> */
	view_walk(v, VIEW_LISTED, &context_view, &vn);
}

/* The line of text at *p as a new string, without its newline, and *p
 * moved past it; NULL at the end (a last empty line is no line). */
static char *next_line(const char **p)
{
	const char *nl;
	size_t n;
	char *line;

	if (!*p || !**p)
		return NULL;
	nl = strchr(*p, '\n');
	n = nl ? (size_t)(nl - *p) : strlen(*p);
	line = xstrndup(*p, n);
	*p += n + (nl ? 1 : 0);
	return line;
}

/* Split text at newlines into <line> children of parent (empty lines kept,
 * a last empty one dropped). */
static void add_lines(xmlNode *parent, const char *text)
{
	char *line;
	while ((line = next_line(&text)) != NULL) {
		xml_child(parent, "line", line);
		free(line);
	}
}

struct pager {
	xmlNode *root, *page;
	int at; /* lines used on the current text page */
	int pages;
};

static xmlNode *entry(struct pager *pg, const char *kind, const char *text, int lines)
{
	xmlNode *e;
	if (!pg->page || pg->at + lines > PAGE_LINES) {
		pg->page = xml_child(pg->root, "page", NULL);
		put(pg->page, "kind", "text");
		pg->at = 0;
	}
	e = xml_child(pg->page, "entry", text);
	put(e, "kind", kind);
	put_int(e, "at", pg->at);
	put_int(e, "lines", lines);
	pg->at += lines;
	return e;
}

/* Lines a paragraph of sans text is expected to take. */
static int para_lines(const char *s)
{
	return (int)(utf8_count(s) / LINE_CHARS) + 1;
}

/* A paragraph as pieces that each fit on a text page (an entry is never
 * cut by the pager): cut at the last space before a page's worth of
 * characters, or, in a run without one, between two characters.  Most
 * paragraphs are one piece. */
static void page_pieces(const char *s, struct strlist *out)
{
	const size_t most = (PAGE_LINES - 2) * LINE_CHARS;
	size_t left = utf8_count(s);

	while (left > most) {
		size_t end = 0, cut, k;
		for (k = 0; k < most; k++) /* the byte after `most` characters */
			do
				end++;
			while (utf8_continues(s[end]));
		for (cut = end; cut > end / 2 && s[cut] != ' ';)
			cut--;
		if (s[cut] != ' ')
			cut = end;
		strlist_take(out, xstrndup(s, cut));
		while (s[cut] == ' ')
			cut++;
		for (k = 0; k < cut; k++)
			left -= !utf8_continues(s[k]);
		s += cut;
	}
	if (*s || !out->n)
		strlist_add(out, s);
}

/* The sections of the engine's text view (a heading line at the margin,
 * then the indented lines under it, up to a blank line or the next line at
 * the margin) that template t asks for, as entries of the text pages: the
 * heading, then each line with its indent. */
static void flow_sections(struct pager *pg, const struct tpl *t, const char *text)
{
	bool on = false;
	char *line;

	while ((line = next_line(&text)) != NULL) {
		size_t lead = strspn(line, " ");
		if (!*line) {
			on = false;
		} else if (!lead) {
			on = tpl_flows(t, line);
			if (on)
				entry(pg, "heading", line, 2);
		} else if (on) {
			struct strlist pieces = STRLIST_INIT;
			page_pieces(line + lead, &pieces);
			for (size_t i = 0; i < pieces.n; i++) {
				xmlNode *e = entry(pg, "detail", pieces.v[i],
						   para_lines(pieces.v[i]));
				put_int(e, "indent", (long long)lead);
			}
			strlist_clear(&pieces);
		}
		free(line);
	}
}

/* The names of the context's elements and attributes, the same few
 * dozen in every report: kept once for the process, where each element
 * and attribute had its own copy of its name to make and free. */
static xmlDict *names;

static xmlDoc *context(const struct report_pdf *r, const struct tpl *t)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root;
	struct pager pg = { NULL, NULL, 0, 0 };
	xmlNode *page;
	int n = 0, total;

	if (!names)
		names = xmlDictCreate(); /* NULL (no memory): copies, as before */
	if (names && xmlDictReference(names) == 0)
		doc->dict = names; /* xmlFreeDoc lets go of it */
	root = xmlNewDocNode(doc, NULL, (const xmlChar *)"report", NULL);
	pg.root = root;
	xmlDocSetRootElement(doc, root);
	set_opt(root, "title", r->game_title);
	set_opt(root, "game", r->game);
	set_opt(root, "rules", r->rules);
	put_int(root, "turn", r->turn);
	set_opt(root, "player", r->player);
	put_int(root, "seat", r->seat);
	if (r->deadline) {
		/* one line, without its newline */
		size_t dn = strcspn(r->deadline, "\n");
		char *dl = xstrndup(r->deadline, dn);
		put(root, "deadline", dl);
		free(dl);
	}
	if (r->board)
		add_view(root, r->board);
	add_lines(xml_child(root, "details", NULL), r->details);
	page = xml_child(root, "page", NULL);
	put(page, "kind", "board");

	entry(&pg, "heading", "What happened", 2);
	if (!r->nevents)
		entry(&pg, "event", "Nothing.", 1);
	for (size_t i = 0; i < r->nevents; i++) {
		struct strlist pieces = STRLIST_INIT;
		int m = r->event_mine ? r->event_mine[i] : 0;
		page_pieces(r->events[i], &pieces);
		for (size_t k = 0; k < pieces.n; k++) {
			xmlNode *e = entry(&pg, "event", pieces.v[k], para_lines(pieces.v[k]));
			put(e, "mine", m == 2 ? "private" : m == 1 ? "yes" : "no");
		}
		strlist_clear(&pieces);
	}
	/* The press: what other players said, drawn as events are. */
	if (r->nmessages)
		entry(&pg, "heading", "Messages", 2);
	for (size_t i = 0; i < r->nmessages; i++) {
		struct strlist pieces = STRLIST_INIT;
		page_pieces(r->messages[i], &pieces);
		for (size_t k = 0; k < pieces.n; k++)
			entry(&pg, "event", pieces.v[k], para_lines(pieces.v[k]));
		strlist_clear(&pieces);
	}
	flow_sections(&pg, t, r->details);
	if (r->orders && *r->orders) {
		const char *p = r->orders;
		char *line;
		entry(&pg, "heading", "Your next orders", 2);
		while ((line = next_line(&p)) != NULL) {
			/* text boxes fold runs of spaces: keep the indent apart */
			size_t lead = strspn(line, " ");
			put_int(entry(&pg, "orders", line + lead, 1), "indent", (long long)lead);
			free(line);
		}
	}
	/* number the pages */
	total = 0;
	for (xmlNode *c = root->children; c; c = c->next)
		if (xml_is(c, "page"))
			total++;
	for (xmlNode *c = root->children; c; c = c->next)
		if (xml_is(c, "page")) {
			put_int(c, "n", ++n);
			put_int(c, "of", total);
		}
	return doc;
}

/* The report template of each (templates folder, rules) asked for, or
 * that there is none, for the whole process: finding one costs a stat,
 * reading and validating it more than drawing a report, and a run draws
 * hundreds of reports from each.  A run is short, and the templates do
 * not change under it.  A template that fails to load is not kept: each
 * report asks again and reports the error. */
struct known_tpl {
	struct known_tpl *next;
	char *dir, *rules;
	struct tpl *t; /* NULL: there is none */
};

static struct known_tpl *known;

int report_tpl_find(const char *dir, const char *rules, const struct tpl **out, char **err)
{
	struct known_tpl *k;
	struct tpl *t = NULL;
	char *path;
	int rc;

	*out = NULL;
	if (!dir || !rules)
		return 0;
	for (k = known; k; k = k->next)
		if (!strcmp(k->dir, dir) && !strcmp(k->rules, rules)) {
			*out = k->t;
			return 0;
		}
	path = xasprintf("%s/%s/report.xml", dir, rules);
	if (fs_exists(path) && (rc = tpl_load_file(&t, path, err))) {
		free(path);
		return rc;
	}
	free(path);
	k = xmalloc(sizeof *k);
	k->dir = xstrdup(dir);
	k->rules = xstrdup(rules);
	k->t = t;
	k->next = known;
	known = k;
	*out = t;
	return 0;
}

int report_tpl_render(const struct report_pdf *r, const struct tpl *t,
		      const struct print_doc_opts *o, char **buf, size_t *len, char **err)
{
	struct tpl_opts topts;
	struct print_doc *d;
	xmlDoc *ctx;
	int rc;

	if (print_doc_new(&d, o, err))
		return TPL_ERR_IO;
	memset(&topts, 0, sizeof topts);
	ctx = context(r, t);
	rc = tpl_render(t, d, ctx, &topts, err);
	if (!rc && print_doc_save_mem(d, buf, len, err))
		rc = TPL_ERR_IO;
	xmlFreeDoc(ctx);
	print_doc_free(d);
	return rc;
}
