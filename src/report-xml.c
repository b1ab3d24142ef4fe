/* report-xml.c - a turn report as XML, for players' own tools; see
 * report-xml.h and wyrmpost-view(5).
 *
 * The same facts as the text and the PDF, as data: the game, the turn, the
 * reader, the events the reader may see (their own marked), the board as
 * the engine describes it for pictures (struct view, unchanged: cells,
 * pieces, lines, tracks), the engine's text view (which holds what a view
 * does not, such as a hand's cards), the deadline and the orders the next
 * turn takes.  Nothing here reads the clock: the same game and events give
 * the same bytes.  The grammar is schema/view.rng, narrowed per game by
 * src/games/NAME/NAME-view.rng.  Written as it is made (xmlwrite.h): a
 * libxml2 tree built, written and freed for each reader was a quarter of
 * a pdf=none run.
 */
#include "report-xml.h"
#include "report.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "schedule.h"
#include "util.h"
#include "xmlwrite.h"

static const char *const kind_names[] = { "grid", "hexes", "map", "tracks" };

static void set_opt(struct xw *w, const char *name, const char *value)
{
	if (value)
		xw_attr(w, name, value);
}

/* A number of the view's units, as short as it is exact enough. */
static void set_num(struct xw *w, const char *name, double v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.6g", v);
	xw_attr(w, name, buf);
}

/* The view as a <board> element, written next, by a walk (lib/view.h) in
 * the order a document lists its parts. */
struct board_xml {
	struct xw *w;
	bool map; /* a cell has a place on a map, a column and row elsewhere */
};

static bool board_begin(void *ctx, const struct view *v)
{
	struct board_xml *b = ctx;
	struct xw *w = b->w;
	xw_open(w, "board");
	xw_attr(w, "kind", kind_names[v->kind]);
	set_opt(w, "title", v->title);
	if (v->kind == VIEW_GRID || v->kind == VIEW_HEXES) {
		xw_attr_int(w, "cols", v->cols);
		xw_attr_int(w, "rows", v->rows);
	}
	if (v->kind == VIEW_MAP) {
		set_num(w, "width", v->w);
		set_num(w, "height", v->h);
		set_opt(w, "unit", v->unit);
	}
	b->map = v->kind == VIEW_MAP;
	return true;
}

static void board_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct board_xml *b = ctx;
	struct xw *w = b->w;
	xw_open(w, "cell");
	xw_attr_int(w, "id", (long long)i);
	if (b->map) {
		set_num(w, "x", c->x);
		set_num(w, "y", c->y);
		set_num(w, "w", c->w);
		set_num(w, "h", c->h);
		if (c->round)
			xw_attr_bool(w, "round", true);
	} else {
		xw_attr_int(w, "col", c->col);
		xw_attr_int(w, "row", c->row);
	}
	set_opt(w, "label", c->label);
	set_opt(w, "caption", c->caption);
	set_opt(w, "fill", c->fill);
	if (c->counters)
		xw_attr_int(w, "counters", c->counters);
	xw_close(w);
}

static void board_piece(void *ctx, const struct view_piece *p, const struct view_cell *on)
{
	struct xw *w = ((struct board_xml *)ctx)->w;
	(void)on;
	xw_open(w, "piece");
	xw_attr_int(w, "cell", p->cell);
	set_opt(w, "label", p->label);
	set_opt(w, "fill", p->fill);
	xw_close(w);
}

static void board_line(void *ctx, const struct view_line *l, const struct view_cell *from,
		       const struct view_cell *to)
{
	struct xw *w = ((struct board_xml *)ctx)->w;
	(void)from, (void)to;
	xw_open(w, "line");
	xw_attr_int(w, "from", l->from);
	xw_attr_int(w, "to", l->to);
	if (l->dashed)
		xw_attr_bool(w, "dashed", true);
	xw_close(w);
}

static void board_track(void *ctx, const struct view_track *t)
{
	struct xw *w = ((struct board_xml *)ctx)->w;
	xw_open(w, "track");
	xw_attr(w, "name", t->name ? t->name : "");
	set_opt(w, "symbol", t->symbol);
	xw_attr_int(w, "min", t->min);
	xw_attr_int(w, "max", t->max);
	xw_attr_int(w, "value", t->value);
	xw_close(w);
}

static void board_end(void *ctx)
{
	xw_close(((struct board_xml *)ctx)->w);
}

static void board_xml(const struct view *v, struct xw *w)
{
	static const struct view_walker board = {
		.begin = board_begin, .cell = board_cell, .piece = board_piece,
		.line = board_line, .track = board_track, .end = board_end,
	};
	struct board_xml b = { w, false };
	view_walk(v, VIEW_LISTED, &board, &b);
}

static void players_xml(const struct game *g, struct xw *w)
{
	bool awaited[MAX_PLAYERS] = { false };
	if (g->status != GAME_OVER)
		g->engine->awaited(g, awaited);
	xw_open(w, "players");
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		xw_open(w, "player");
		xw_attr(w, "name", pl->name);
		xw_attr_bool(w, "awaited", awaited[i] && !pl->dropped);
		xw_attr_bool(w, "dropped", pl->dropped);
		xw_attr_int(w, "missed", pl->nmr);
		xw_close(w);
	}
	xw_close(w);
}

static void deadline_xml(const struct game *g, struct xw *w)
{
	char iso[32];
	time_t t = (time_t)g->deadline;
	struct tm tm;
	char *local;

	if (g->status == GAME_OVER || !gmtime_r(&t, &tm))
		return;
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
	local = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	xw_open(w, "deadline");
	xw_attr_int(w, "turn", g->turn);
	xw_attr(w, "at", iso);
	xw_attr(w, "local", local);
	xw_attr(w, "tz", option_get(&g->opts, "tz"));
	xw_close(w);
	free(local);
}

/* What player p may send for the next turn: the list the text and the
 * PDF show (report_orders_list), and what sending nothing means. */
static void orders_xml(const struct game *g, int p, struct xw *w)
{
	struct strlist nmr = STRLIST_INIT;
	struct orders_list ol;
	bool awaited[MAX_PLAYERS] = { false };

	if (g->status == GAME_OVER || p < 0 || g->players[p].dropped)
		return;
	g->engine->awaited(g, awaited);
	report_orders_list(g, p, &ol);
	xw_open(w, "orders");
	xw_attr_int(w, "turn", g->turn);
	xw_attr_bool(w, "awaited", awaited[p]);
	set_opt(w, "needs", ol.needs);
	if (ol.more)
		xw_attr_int(w, "more", (long long)ol.more);
	for (size_t i = 0; i < ol.n; i++) {
		xw_open(w, "legal");
		set_opt(w, "note", ol.v[i].note);
		xw_text(w, ol.v[i].line);
		xw_close(w);
	}
	if (ol.nfailing) {
		xw_open(w, "failing");
		xw_attr_int(w, "count", (long long)ol.nfailing);
		for (size_t i = 0; i < ol.failing.n; i++)
			xw_leaf(w, "reason", ol.failing.v[i]);
		xw_close(w);
	}
	if (awaited[p]) {
		xw_open(w, "if-none");
		g->engine->nmr(g, p, &nmr);
		for (size_t i = 0; i < nmr.n; i++)
			xw_leaf(w, "order", nmr.v[i]);
		xw_close(w);
	}
	xw_close(w);
	strlist_clear(&nmr);
	report_orders_list_release(&ol);
}

char *report_turn_xml(const struct game *g, int turn, const struct events *ev, int p,
		      const struct report_parts *rp, size_t *len)
{
	struct report_parts own;
	struct xw w;

	if (!rp) {
		report_parts_make(g, p, &own);
		rp = &own;
	}
	xw_begin(&w);
	xw_open(&w, "report");
	xw_attr(&w, "format", "1");
	xw_attr(&w, "rules", g->engine->name);
	xw_attr(&w, "title", g->engine->title);
	xw_attr(&w, "game", g->id);
	xw_attr_int(&w, "turn", turn);
	xw_attr(&w, "status", game_status_name(g->status));
	if (p >= 0)
		xw_attr(&w, "player", g->players[p].name);
	players_xml(g, &w);
	xw_open(&w, "events");
	for (size_t i = 0; i < ev->n; i++)
		if (event_visible(&ev->v[i], p)) {
			xw_open(&w, "event");
			/* Not everybody's: the reader's own, or told to few. */
			if (ev->v[i].audience != AUD_ALL)
				xw_attr_bool(&w, "private", true);
			xw_text(&w, ev->v[i].text);
			xw_close(&w);
		}
	xw_close(&w);
	if (rp->messages.n) {
		xw_open(&w, "messages");
		for (size_t i = 0; i < rp->messages.n; i++)
			xw_leaf(&w, "message", rp->messages.v[i]);
		xw_close(&w);
	}
	if (rp->has_board)
		board_xml(&rp->board, &w);
	xw_leaf(&w, "details", sb_str(&rp->details));
	deadline_xml(g, &w);
	orders_xml(g, p, &w);
	xw_close(&w);
	if (rp == &own)
		report_parts_release(&own);
	return xw_end(&w, len);
}
