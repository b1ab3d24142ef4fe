/* site.c - the web archive; see site.h.
 *
 * Pages are plain HTML5 with one style sheet and no script; the boards
 * are inline SVG (print/svgview.c), drawn from the stored states: the
 * board after turn N is the state before turn N + 1 (turns/N+1.xml, or
 * game.xml for the last turn played), shown as the engine shows it to
 * the public.  So a turn whose report was not kept still has its board.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datadir.h"
#include "engine.h"
#include "fsutil.h"
#include "schedule.h"
#include "site-md.h"
#include "site-report.h"
#include "site-int.h"
#include "svgview.h"

/* --- what the index says of a game ------------------------------------- */

/* Places a newcomer may take: seats offered (`offer ID SEAT`) and not yet
 * asked for, and, in a game open to late players, the places left. */
static int open_seats(const struct game *g, int *offered)
{
	int in = 0;
	*offered = 0;
	if (g->status == GAME_OVER)
		return 0;
	for (size_t i = 0; i < g->nplayers; i++) {
		in += !g->players[i].dropped && !g->players[i].open;
		*offered += g->players[i].open && !g->players[i].req_name;
	}
	if (!g->engine->late_players || !option_bool(&g->opts, "open"))
		return *offered;
	return *offered + (g->engine->max_players > in + *offered
				   ? g->engine->max_players - in - *offered
				   : 0);
}

static void player_link(struct sb *o, const char *up, const char *name)
{
	char *slug = site_player_slug(name), *href = xasprintf("%splayers/%s.html", up, slug);
	site_link(o, href, name); /* names only: never an address */
	free(href);
	free(slug);
}

static void winners(struct sb *o, const struct game *g, const struct site_standing *s,
		    const char *up)
{
	int n = 0;
	sb_adds(o, s->nwinners > 1 ? "<dt>Winners</dt><dd>" : "<dt>Winner</dt><dd>");
	for (size_t p = 0; p < g->nplayers; p++) {
		if (s->place[p] != 1)
			continue;
		sb_adds(o, n++ ? ", " : "");
		player_link(o, up, g->players[p].name);
	}
	sb_adds(o, n ? "</dd>\n" : "nobody</dd>\n");
}

static void facts(struct sb *o, const struct game *g, const char *up, bool rules_page)
{
	char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	char *rules = site_rules_title(g);
	struct site_standing s;
	int offered, seats = open_seats(g, &offered), n = 0;

	site_standings(g, &s);
	sb_adds(o, "<dl class=\"facts\">\n<dt>Rules</dt><dd>");
	if (rules_page) {
		char *href = xasprintf("%srules/%s.html", up, g->engine->name);
		site_link(o, href, rules);
		free(href);
	} else {
		sb_add_escaped(o, rules);
	}
	sb_addf(o, "</dd>\n<dt>Turns played</dt><dd>%d, %s</dd>\n", g->turn - 1,
		g->status == GAME_OVER ? "finished" : game_status_name(g->status));
	if (g->status == GAME_OVER)
		winners(o, g, &s, up);
	else {
		sb_adds(o, "<dt>Deadline</dt><dd>");
		sb_add_escaped(o, when);
		sb_adds(o, "</dd>\n");
	}
	sb_adds(o, "<dt>Players</dt><dd>");
	for (size_t i = 0; i < g->nplayers; i++) {
		sb_adds(o, n++ ? ", " : "");
		player_link(o, up, g->players[i].name);
		if (g->players[i].dropped)
			sb_adds(o, " (out)");
		else if (g->players[i].open)
			sb_adds(o, " (seat open)");
	}
	sb_addf(o, "</dd>\n<dt>Open seats</dt><dd>%s", seats ? "" : "none");
	if (offered) /* a player's seat, offered by the game master */
		sb_addf(o, "%d seat%s offered to a newcomer%s", offered, offered == 1 ? "" : "s",
			seats > offered ? "; " : "");
	if (seats > offered) /* places left in the game, not seats at a table (Burglar's) */
		sb_addf(o, "open: %d more player%s may join by mail", seats - offered,
			seats - offered == 1 ? "" : "s");
	if (seats && !*up) { /* the index: the way is on the game's page */
		char *href = xasprintf("%s/index.html#join", g->id);
		sb_adds(o, " (");
		site_link(o, href, "how to join");
		sb_adds(o, ")");
		free(href);
	}
	sb_adds(o, "</dd>\n</dl>\n");
	site_standing_release(&s);
	free(rules);
	free(when);
}

/* --- how to take part, by mail ------------------------------------------ */

/* "mail ADDRESS", the campaign's own address (wyrmpost.xml's <sender>):
 * the only address a page names. */
static void mail_to(struct sb *o, const struct campaign *c)
{
	if (!c->cfg.sender) {
		sb_adds(o, "mail the campaign's address");
		return;
	}
	sb_adds(o, "mail <a href=\"mailto:");
	sb_add_escaped(o, c->cfg.sender);
	sb_adds(o, "\">");
	sb_add_escaped(o, c->cfg.sender);
	sb_adds(o, "</a>");
}

static void mail_lines(struct sb *o, const char *lines)
{
	sb_adds(o, "<pre class=\"mail\">");
	sb_add_escaped(o, lines);
	sb_adds(o, "</pre>\n");
}

/* The mail that takes each seat offered, or that joins a game open to
 * newcomers (as submit.c reads them; report_how_to_take_over says the
 * same in every report): a name and a password the newcomer chooses,
 * never a player's. */
static void join_section(struct sb *o, const struct campaign *c, const struct game *g)
{
	int offered, seats = open_seats(g, &offered);
	char *lines;
	if (!seats)
		return;
	sb_adds(o, "<h2 id=\"join\">How to join</h2>\n");
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		if (!pl->open || pl->req_name || pl->dropped)
			continue;
		sb_adds(o, "<p>The seat of ");
		sb_add_escaped(o, pl->name);
		sb_adds(o, " is open: anyone may take it over, with everything in it. To ask, ");
		mail_to(o, c);
		sb_adds(o, " these lines, with a name of your own (not one in the game) and a "
			   "password of one word, 6 characters or more:</p>\n");
		lines = xasprintf("game %s\nplayer YOUR-NAME\npassword A-PASSWORD-OF-YOUR-OWN\n"
				  "takeover %s", g->id, pl->name);
		mail_lines(o, lines);
		free(lines);
		sb_adds(o, "<p>A code comes back to the address you wrote from: mail the same "
			   "lines from it with the code after the seat (<code>takeover ");
		sb_add_escaped(o, pl->name);
		sb_addf(o, " CODE</code>). %s</p>\n",
			strcmp(option_get(&g->opts, "takeover"), "auto")
				? "The game master approves each request."
				: "The first to ask takes the seat.");
	}
	if (seats == offered)
		return;
	sb_adds(o, "<p>The game takes newcomers while it runs. To join, ");
	mail_to(o, c);
	sb_adds(o, " these lines, with a name of your own (not one in the game) and a password "
		   "of one word, 6 characters or more:</p>\n");
	lines = xasprintf("game %s\nplayer YOUR-NAME\npassword A-PASSWORD-OF-YOUR-OWN\njoin", g->id);
	mail_lines(o, lines);
	free(lines);
	sb_addf(o, "<p>A code comes back to the address you wrote from: mail the same lines "
		   "from it with one more line, <code>confirm CODE</code>. What else a "
		   "<code>join</code> line may say is in <a href=\"../guide/%s.html\">the "
		   "player guide</a>.</p>\n", g->engine->name);
}

/* Anyone may have a game's public reports mailed to them (submit.c's
 * `observe`). */
static void observe_section(struct sb *o, const struct campaign *c, const struct game *g)
{
	char *lines;
	if (g->status == GAME_OVER)
		return;
	sb_adds(o, "<h2 id=\"observe\">Follow it by mail</h2>\n<p>To have each turn's public "
		   "report mailed to you, ");
	mail_to(o, c);
	sb_adds(o, " these lines:</p>\n");
	lines = xasprintf("game %s\nobserve", g->id);
	mail_lines(o, lines);
	free(lines);
	sb_adds(o, "<p>A code comes back to the address you wrote from: mail the same lines "
		   "from it with the code after <code>observe</code> (<code>observe "
		   "CODE</code>). <code>unobserve</code> in place of <code>observe</code> "
		   "stops the reports. <a href=\"../guide/orders.html\">How to play by "
		   "mail</a> tells the rest.</p>\n");
}

/* The players in the order they stand: place, then as listed. */
static void standings_table(struct sb *o, const struct game *g)
{
	struct site_standing s;
	site_standings(g, &s);
	sb_addf(o, "<h2>%s</h2>\n<div class=\"scroll\"><table class=\"standings\"><thead>\n"
		   "<tr><th scope=\"col\">Place</th><th scope=\"col\">Player</th>"
		   "<th scope=\"col\">Standing</th></tr></thead><tbody>\n",
		g->status == GAME_OVER ? "Final standings" : "Standings");
	for (int place = 1; place <= (int)g->nplayers + 1; place++)
		for (size_t p = 0; p < g->nplayers; p++) {
			int at = s.place[p] > 0 ? s.place[p] : (int)g->nplayers + 1;
			if (at != place)
				continue;
			sb_adds(o, "<tr><td>");
			if (s.place[p] > 0)
				sb_addf(o, "%d", s.place[p]);
			else
				sb_adds(o, "\u2013");
			sb_adds(o, "</td><th scope=\"row\">");
			player_link(o, "../", g->players[p].name);
			sb_adds(o, "</th><td>");
			if (g->status == GAME_OVER && s.place[p] == 1)
				sb_adds(o, s.nwinners > 1 ? "a winner" : "the winner");
			if (s.note[p]) {
				sb_adds(o, g->status == GAME_OVER && s.place[p] == 1 ? "; " : "");
				sb_add_escaped(o, s.note[p]);
			}
			if (g->players[p].dropped)
				sb_adds(o, " (out: missed too many turns)");
			else if (g->players[p].open)
				sb_adds(o, " (seat open)");
			sb_adds(o, "</td></tr>\n");
		}
	sb_adds(o, "</tbody></table></div>\n");
	site_standing_release(&s);
}

/* --- a game's turns ---------------------------------------------------- */

/* The state after turn t: the game itself after its last turn, else the
 * snapshot taken before turn t + 1.  1 when loaded into *after (release
 * it), 0 when g is it, -1 when there is none. */
static int state_after(const struct campaign *c, const struct game *g, int t,
		       struct game *after)
{
	char *rest, *path, *err = NULL;
	int rc;
	if (t + 1 >= g->turn)
		return 0;
	rest = xasprintf("turns/%04d.xml", t + 1);
	path = campaign_game_path(c, g->id, rest);
	rc = fs_exists(path) && !game_load_file(after, path, &err) ? 1 : -1;
	free(err);
	free(path);
	free(rest);
	return rc;
}

static void board_svg(struct sb *o, const struct game *g)
{
	struct view v;
	if (!g->engine->board)
		return;
	view_init(&v, VIEW_GRID, NULL);
	g->engine->board(g, -1, &v);
	sb_adds(o, "<figure class=\"picture\">\n<figcaption>");
	sb_add_escaped(o, v.title ? v.title : "The board");
	sb_adds(o, "</figcaption>\n");
	print_view_svg(&v, o);
	sb_adds(o, "</figure>\n");
	view_release(&v);
}

/* The way to the turns before and after; where names it for readers of
 * the page's landmarks (it comes above the report and below it). */
static void pager(struct sb *o, int t, int last, const char *where)
{
	char href[32], label[48];
	sb_addf(o, "<nav class=\"pager\" aria-label=\"turns, %s\"><span>", where);
	if (t > 1) {
		snprintf(href, sizeof href, "%04d.html", t - 1);
		snprintf(label, sizeof label, "\u2190 Turn %d", t - 1);
		site_link(o, href, label);
	}
	sb_adds(o, "</span><span>");
	if (t < last) {
		snprintf(href, sizeof href, "%04d.html", t + 1);
		snprintf(label, sizeof label, "Turn %d \u2192", t + 1);
		site_link(o, href, label);
	}
	sb_adds(o, "</span></nav>\n");
}

static int turn_page(const struct campaign *c, const struct game *g, const char *gdir,
		     int t, unsigned flags, char **err)
{
	char *rest = xasprintf("reports/%04d/public.txt", t);
	char *report = campaign_game_path(c, g->id, rest), *snap, *path, *title, *text = NULL;
	char *e = NULL;
	struct game after;
	struct sb o = SB_INIT;
	size_t len;
	long long page;
	int have, rc;

	free(rest);
	rest = xasprintf("turns/%04d.xml", t + 1);
	snap = campaign_game_path(c, g->id, rest);
	path = xasprintf("%s/%04d.html", gdir, t);
	/* An older turn's page changes only when its report or its state
	 * does (a rollback and a replay write both anew). */
	if ((flags & SITE_QUICK) && t + 1 < g->turn && (page = site_stamp(path, false)) >= 0 &&
	    page >= site_stamp(report, true) && page >= site_stamp(snap, true)) {
		rc = WP_OK;
		goto out;
	}
	title = xasprintf("%s, turn %d", g->id, t);
	site_page_open(&o, "../", title, "feed.atom");
	sb_adds(&o, " <a href=\"index.html\">");
	sb_add_escaped(&o, g->id);
	sb_adds(&o, "</a>");
	site_page_title(&o, title);
	free(title);
	pager(&o, t, g->turn - 1, "above");
	have = state_after(c, g, t, &after);
	if (have >= 0)
		board_svg(&o, have ? &after : g);
	if (have > 0)
		game_release(&after);
	sb_adds(&o, "<section class=\"report\">\n");
	if (fs_exists(report) && !fs_read_file(report, &text, &len, &e)) {
		site_report_html(text, &o);
	} else {
		sb_adds(&o, "<h2>Public report</h2>\n"
			    "<p class=\"note\">The report of this turn was not kept.</p>\n");
	}
	sb_adds(&o, "</section>\n");
	pager(&o, t, g->turn - 1, "below");
	site_page_close(&o);
	rc = site_put(path, &o, err);
out:
	free(text);
	free(e);
	sb_release(&o);
	free(path);
	free(snap);
	free(rest);
	free(report);
	return rc;
}

static int game_pages(const struct campaign *c, const struct game *g, const char *dir,
		      bool rules_page, unsigned flags, char **err)
{
	char *gdir = xasprintf("%s/%s", dir, g->id), *path = xasprintf("%s/index.html", gdir);
	struct sb o = SB_INIT;
	int rc = fs_mkdirs(gdir, err) ? WP_ERR_IO : WP_OK;

	for (int t = 1; !rc && t < g->turn; t++)
		rc = turn_page(c, g, gdir, t, flags, err);
	site_page_open(&o, "../", g->id, "feed.atom");
	site_page_title(&o, g->id);
	facts(&o, g, "../", rules_page);
	join_section(&o, c, g);
	standings_table(&o, g);
	sb_adds(&o, "<h2>Turns</h2>\n");
	if (g->turn <= 1)
		sb_adds(&o, "<p class=\"note\">No turn has been played yet.</p>\n");
	else
		sb_adds(&o, "<ul class=\"turns\">\n");
	for (int t = g->turn - 1; t >= 1; t--)
		sb_addf(&o, "<li><a href=\"%04d.html\">Turn %d</a></li>\n", t, t);
	sb_adds(&o, g->turn > 1 ? "</ul>\n<h2>Now</h2>\n" : "<h2>Now</h2>\n");
	board_svg(&o, g);
	observe_section(&o, c, g);
	site_page_close(&o);
	if (!rc)
		rc = site_put(path, &o, err);
	sb_release(&o);
	free(path);
	free(gdir);
	return rc;
}

/* --- the pages of docs/ ------------------------------------------------ */

/* The Markdown files of docs/ that the site shows, as site_markdown names
 * them: each game's rules as played (rules/NAME, docs/rules/NAME.md) and
 * player guide (NAME, docs/NAME.md), and the order guide (orders), where
 * installed. */
static void doc_pages(struct strlist *pages)
{
	const struct engine *const *engines = engine_list();
	char *md = xasprintf("%s/orders.md", datadir_guides());
	if (fs_exists(md))
		strlist_add(pages, "orders");
	free(md);
	for (size_t i = 0; engines[i]; i++) {
		md = xasprintf("%s/%s.md", datadir_rules(), engines[i]->name);
		if (fs_exists(md))
			strlist_addf(pages, "rules/%s", engines[i]->name);
		free(md);
		md = xasprintf("%s/%s.md", datadir_guides(), engines[i]->name);
		if (fs_exists(md))
			strlist_add(pages, engines[i]->name);
		free(md);
	}
}

/* The page of docs/DOC.md (a name of doc_pages): rules/NAME.html or
 * guide/NAME.html, titled title.  0, or a wp_rc with *err. */
static int md_page(const char *dir, const char *doc, const char *title,
		   const struct strlist *pages, char **err)
{
	bool rules = !strncmp(doc, "rules/", 6);
	const char *name = rules ? doc + 6 : doc;
	char *md = xasprintf("%s/%s.md", rules ? datadir_rules() : datadir_guides(), name);
	char *pdir = xasprintf("%s/%s", dir, rules ? "rules" : "guide");
	char *path = xasprintf("%s/%s.html", pdir, name), *text = NULL;
	struct sb o = SB_INIT;
	size_t len;
	int rc = fs_read_file(md, &text, &len, err) ? WP_ERR_IO : WP_OK;

	if (!rc) {
		site_page_open(&o, "../", title, NULL);
		site_page_title(&o, title);
		/* The file's own first heading repeats the title. */
		site_markdown(text[0] == '#' ? text + strcspn(text, "\n") : text,
			      rules ? "rules" : "", pages, &o);
		site_page_close(&o);
		rc = fs_mkdirs(pdir, err) ? WP_ERR_IO : site_put(path, &o, err);
	}
	sb_release(&o);
	free(text);
	free(path);
	free(pdir);
	free(md);
	return rc;
}

/* rules/NAME.html from docs/rules/NAME.md, guide/NAME.html from the
 * player guide docs/NAME.md (the page every mail to a player names when
 * wyrmpost.xml gives the site's url), and guide/orders.html, how to play
 * by mail (docs/orders.md).  has_rules[k]: the k-th engine has its rules
 * page.  0, or a wp_rc with *err. */
static int doc_site(const char *dir, bool *has_rules, size_t max, char **err)
{
	const struct engine *const *engines = engine_list();
	struct strlist pages = STRLIST_INIT;
	int rc = WP_OK;

	doc_pages(&pages);
	for (size_t i = 0; !rc && i < pages.n; i++) {
		const char *doc = pages.v[i], *name = strchr(doc, '/') ? strchr(doc, '/') + 1 : doc;
		const struct engine *e = engine_find(name);
		char *title = !e ? xstrdup("How to play by mail")
				 : xasprintf("%s: %s", e->title, name == doc ? "the player guide"
									      : "the rules as played");
		rc = md_page(dir, doc, title, &pages, err);
		free(title);
	}
	for (size_t k = 0; engines[k] && k < max; k++) {
		char *doc = xasprintf("rules/%s", engines[k]->name);
		has_rules[k] = strlist_has(&pages, doc);
		free(doc);
	}
	strlist_clear(&pages);
	return rc;
}

/* --- the whole site ---------------------------------------------------- */

static char *index_entry(const struct game *g, bool rules_page)
{
	struct sb o = SB_INIT;
	char *href = xasprintf("%s/index.html", g->id);
	sb_adds(&o, "<li class=\"game\">\n<h3>");
	site_link(&o, href, g->id);
	sb_adds(&o, "</h3>\n");
	facts(&o, g, "", rules_page);
	sb_adds(&o, "</li>\n");
	free(href);
	return sb_detach(&o);
}

/* The games being played, then the finished ones with their winners. */
static void index_page(struct sb *o, const struct campaign *c, const struct site_summary *games,
		       size_t n, const struct strlist *unreadable)
{
	char *title = xasprintf("The games of %s", c->cfg.sender_name);
	size_t done = 0;
	for (size_t k = 0; k < n; k++)
		done += games[k].status == GAME_OVER;
	site_page_open(o, "", title, NULL);
	site_page_title(o, title);
	free(title);
	sb_addf(o, "<p>%zu game%s, %zu finished. Each game's page has its standings and its "
		   "public reports, turn by turn, and a feed; <a href=\"deadlines.ics\">the "
		   "deadlines</a> are a calendar, <a href=\"feed.atom\">every turn</a> a feed; "
		   "<a href=\"players/index.html\">the players</a> and "
		   "<a href=\"stats.html\">the statistics</a> have pages of their own. "
		   "<a href=\"guide/orders.html\">How to play by mail</a> tells how to "
		   "join a game, follow one and send orders.</p>\n",
		n + unreadable->n, n + unreadable->n == 1 ? "" : "s", done);
	sb_adds(o, "<h2>Being played</h2>\n<ul class=\"games\">\n");
	for (size_t k = 0; k < n; k++)
		if (games[k].status != GAME_OVER)
			sb_adds(o, games[k].index_entry);
	for (size_t i = 0; i < unreadable->n; i++) {
		/* Named, not shown: the message may hold a path. */
		sb_adds(o, "<li class=\"game\">\n<h3>");
		sb_add_escaped(o, unreadable->v[i]);
		sb_adds(o, "</h3>\n<p class=\"note\">Not readable now.</p>\n</li>\n");
	}
	sb_adds(o, "</ul>\n<h2>Finished</h2>\n");
	if (!done)
		sb_adds(o, "<p class=\"note\">No game has finished yet.</p>\n");
	else
		sb_adds(o, "<ul class=\"games\">\n");
	for (size_t k = 0; k < n; k++)
		if (games[k].status == GAME_OVER)
			sb_adds(o, games[k].index_entry);
	if (done)
		sb_adds(o, "</ul>\n");
	site_page_close(o);
}

/* Game id's pages, and its summary *s for the pages across games: from
 * its summary when that is still true and flags say SITE_QUICK, else from
 * the game and its turns, writing its pages and summary.  *unreadable
 * when the game cannot be read.  0, or a wp_rc with *err. */
static int one_game(const struct campaign *c, const char *id, const char *dir,
		    const bool *has_rules, unsigned flags, struct site_summary *s,
		    bool *unreadable, char **err)
{
	const struct engine *const *engines = engine_list();
	char *key = site_summary_key(c, id), *e = NULL;
	struct site_game sg = { 0 };
	int rc;

	*unreadable = false;
	if ((flags & SITE_QUICK) && site_summary_load(dir, id, key, s)) {
		bool rules_page = false;
		for (size_t k = 0; engines[k] && k < 64; k++)
			rules_page |= engines[k] == s->engine && has_rules[k];
		if (rules_page == s->rules_page) {
			free(key);
			return WP_OK;
		}
		site_summary_release(s); /* the rules page came or went */
	}
	if (campaign_load_game(c, id, &sg.g, &e)) {
		*unreadable = true;
		free(e);
		free(key);
		return WP_OK;
	}
	for (size_t k = 0; engines[k] && k < 64; k++)
		sg.rules_page |= engines[k] == sg.g.engine && has_rules[k];
	site_game_turns(c, &sg);
	memset(s, 0, sizeof *s);
	s->id = xstrdup(id);
	s->engine = sg.g.engine;
	s->rules_page = sg.rules_page;
	s->status = sg.g.status;
	s->nturns = sg.nturns;
	s->created = sg.g.created;
	s->index_entry = index_entry(&sg.g, sg.rules_page);
	site_people_summary(&sg, s);
	rc = game_pages(c, &sg.g, dir, sg.rules_page, flags, err);
	if (!rc)
		rc = site_game_feed(c, &sg, dir, s, err);
	/* Last: a summary says the game's pages are written. */
	if (!rc)
		rc = site_summary_save(dir, key, s, err);
	site_game_release(&sg);
	free(key);
	return rc;
}

int campaign_site(const struct campaign *c, const char *dir, unsigned flags, char **err)
{
	struct strlist ids = STRLIST_INIT, unreadable = STRLIST_INIT;
	bool has_rules[64] = { false };
	struct site_summary *games = NULL;
	struct sb o = SB_INIT, css = SB_INIT;
	size_t n = 0, entries = 0;
	char *path;
	int rc = fs_mkdirs(dir, err) ? WP_ERR_IO : WP_OK;

	if (!rc)
		rc = doc_site(dir, has_rules, ARRAY_SIZE(has_rules), err);
	if (!rc)
		rc = campaign_list_games(c, &ids, err);
	games = xcalloc(ids.n + 1, sizeof *games);
	for (size_t i = 0; !rc && i < ids.n; i++) {
		bool bad;
		rc = one_game(c, ids.v[i], dir, has_rules, flags, &games[n], &bad, err);
		if (bad)
			strlist_add(&unreadable, ids.v[i]);
		else
			entries += games[n++].nentries;
		site_feed_trim(games, n, &entries);
	}
	if (!rc)
		rc = site_people(games, n, dir, err);
	if (!rc)
		rc = site_feeds(c, games, n, dir, err);
	index_page(&o, c, games, n, &unreadable);
	sb_adds(&css, site_style_css);
	path = xasprintf("%s/style.css", dir);
	if (!rc)
		rc = site_put(path, &css, err);
	free(path);
	path = xasprintf("%s/index.html", dir);
	if (!rc)
		rc = site_put(path, &o, err);
	free(path);
	for (size_t k = 0; k <= n && k < ids.n; k++)
		site_summary_release(&games[k]);
	free(games);
	sb_release(&css);
	sb_release(&o);
	strlist_clear(&unreadable);
	strlist_clear(&ids);
	return rc;
}
