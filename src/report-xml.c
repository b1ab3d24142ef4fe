/* report-xml.c - a turn report as XML, for players' own tools; see report.h
 * and wyrmpost-view(5).
 *
 * The same facts as the text and the PDF, as data: the game, the turn, the
 * reader, the events the reader may see (their own marked), the board as
 * the engine describes it for pictures (struct view, unchanged: cells,
 * pieces, lines, tracks), the engine's text view (which holds what a view
 * does not, such as a hand's cards), the deadline and the orders the next
 * turn takes.  Nothing here reads the clock: the same game and events give
 * the same bytes.  The grammar is schema/view.rng, narrowed per game by
 * src/games/NAME/NAME-view.rng.
 */
#include "report.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "schedule.h"
#include "util.h"
#include "xmlutil.h"

static const char *const kind_names[] = { "grid", "hexes", "map", "tracks" };

static void set_opt(xmlNode *n, const char *name, const char *value)
{
	if (value)
		xml_set(n, name, value);
}

/* A number of the view's units, as short as it is exact enough. */
static void set_num(xmlNode *n, const char *name, double v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.6g", v);
	xml_set(n, name, buf);
}

void report_view_xml(const struct view *v, xmlNode *parent)
{
	xmlNode *b = xml_child(parent, "board", NULL);
	xml_set(b, "kind", kind_names[v->kind]);
	set_opt(b, "title", v->title);
	if (v->kind == VIEW_GRID || v->kind == VIEW_HEXES) {
		xml_set_int(b, "cols", v->cols);
		xml_set_int(b, "rows", v->rows);
	}
	if (v->kind == VIEW_MAP) {
		set_num(b, "width", v->w);
		set_num(b, "height", v->h);
		set_opt(b, "unit", v->unit);
	}
	for (size_t i = 0; i < v->ncells; i++) {
		const struct view_cell *c = &v->cells[i];
		xmlNode *n = xml_child(b, "cell", NULL);
		xml_set_int(n, "id", (long long)i);
		if (v->kind == VIEW_MAP) {
			set_num(n, "x", c->x);
			set_num(n, "y", c->y);
			set_num(n, "w", c->w);
			set_num(n, "h", c->h);
			if (c->round)
				xml_set_bool(n, "round", true);
		} else {
			xml_set_int(n, "col", c->col);
			xml_set_int(n, "row", c->row);
		}
		set_opt(n, "label", c->label);
		set_opt(n, "caption", c->caption);
		set_opt(n, "fill", c->fill);
		if (c->counters)
			xml_set_int(n, "counters", c->counters);
	}
	for (size_t i = 0; i < v->npieces; i++) {
		xmlNode *n = xml_child(b, "piece", NULL);
		xml_set_int(n, "cell", v->pieces[i].cell);
		set_opt(n, "label", v->pieces[i].label);
		set_opt(n, "fill", v->pieces[i].fill);
	}
	for (size_t i = 0; i < v->nlines; i++) {
		xmlNode *n = xml_child(b, "line", NULL);
		xml_set_int(n, "from", v->lines[i].from);
		xml_set_int(n, "to", v->lines[i].to);
		if (v->lines[i].dashed)
			xml_set_bool(n, "dashed", true);
	}
	for (size_t i = 0; i < v->ntracks; i++) {
		const struct view_track *t = &v->tracks[i];
		xmlNode *n = xml_child(b, "track", NULL);
		xml_set(n, "name", t->name ? t->name : "");
		set_opt(n, "symbol", t->symbol);
		xml_set_int(n, "min", t->min);
		xml_set_int(n, "max", t->max);
		xml_set_int(n, "value", t->value);
	}
}

static void players_xml(const struct game *g, xmlNode *root)
{
	bool awaited[MAX_PLAYERS] = { false };
	xmlNode *ps = xml_child(root, "players", NULL);
	if (g->status != GAME_OVER)
		g->engine->awaited(g, awaited);
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		xmlNode *n = xml_child(ps, "player", NULL);
		xml_set(n, "name", pl->name);
		xml_set_bool(n, "awaited", awaited[i] && !pl->dropped);
		xml_set_bool(n, "dropped", pl->dropped);
		xml_set_int(n, "missed", pl->nmr);
	}
}

static void deadline_xml(const struct game *g, xmlNode *root)
{
	char iso[32];
	time_t t = (time_t)g->deadline;
	struct tm tm;
	char *local;
	xmlNode *n;

	if (g->status == GAME_OVER || !gmtime_r(&t, &tm))
		return;
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
	local = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	n = xml_child(root, "deadline", NULL);
	xml_set_int(n, "turn", g->turn);
	xml_set(n, "at", iso);
	xml_set(n, "local", local);
	xml_set(n, "tz", option_get(&g->opts, "tz"));
	free(local);
}

/* What player p may send for the next turn: every legal line with what it
 * would do, and what sending nothing means. */
static void orders_xml(const struct game *g, int p, xmlNode *root)
{
	struct engine_ctx ctx = { g->deadline, option_get(&g->opts, "tz") };
	struct strlist legal = STRLIST_INIT, nmr = STRLIST_INIT;
	bool awaited[MAX_PLAYERS] = { false };
	xmlNode *o, *none;

	if (g->status == GAME_OVER || p < 0 || g->players[p].dropped)
		return;
	g->engine->awaited(g, awaited);
	o = xml_child(root, "orders", NULL);
	xml_set_int(o, "turn", g->turn);
	xml_set_bool(o, "awaited", awaited[p]);
	g->engine->legal(g, p, &ctx, &legal);
	for (size_t i = 0; i < legal.n; i++) {
		struct order_line l = { 1, legal.v[i], NULL, NULL, NULL, false, NULL };
		xmlNode *n = xml_child(o, "legal", legal.v[i]);
		g->engine->check(g, p, &l, 1, &ctx);
		set_opt(n, "note", l.note);
		free(l.canon);
		free(l.reason);
		free(l.note);
	}
	if (awaited[p]) {
		none = xml_child(o, "if-none", NULL);
		g->engine->nmr(g, p, &nmr);
		for (size_t i = 0; i < nmr.n; i++)
			xml_child(none, "order", nmr.v[i]);
	}
	strlist_clear(&nmr);
	strlist_clear(&legal);
}

char *report_turn_xml(const struct game *g, int turn, const struct events *ev, int p,
		      const struct report_parts *rp, size_t *len)
{
	xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNode *root = xmlNewNode(NULL, BAD_CAST "report"), *evs;
	struct report_parts own;
	char *xml;

	if (!rp) {
		report_parts_make(g, p, &own);
		rp = &own;
	}

	xmlDocSetRootElement(doc, root);
	xml_set(root, "format", "1");
	xml_set(root, "rules", g->engine->name);
	xml_set(root, "title", g->engine->title);
	xml_set(root, "game", g->id);
	xml_set_int(root, "turn", turn);
	xml_set(root, "status", game_status_name(g->status));
	if (p >= 0)
		xml_set(root, "player", g->players[p].name);
	players_xml(g, root);
	evs = xml_child(root, "events", NULL);
	for (size_t i = 0; i < ev->n; i++)
		if (event_visible(&ev->v[i], p)) {
			xmlNode *n = xml_child(evs, "event", ev->v[i].text);
			/* Not everybody's: the reader's own, or told to few. */
			if (ev->v[i].audience != AUD_ALL)
				xml_set_bool(n, "private", true);
		}
	if (rp->has_board)
		report_view_xml(&rp->board, root);
	xml_child(root, "details", sb_str(&rp->details));
	deadline_xml(g, root);
	orders_xml(g, p, root);
	if (rp == &own)
		report_parts_release(&own);
	xml = xml_to_string(doc, len);
	xmlFreeDoc(doc);
	return xml;
}
