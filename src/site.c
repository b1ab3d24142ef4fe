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
#include "site.h"
#include "svgview.h"

static const char style_css[] =
	"/* wyrmpost web archive: readable from a phone to a desktop, no script. */\n"
	"*,*::before,*::after{box-sizing:border-box}\n"
	"html{-webkit-text-size-adjust:100%;text-size-adjust:100%}\n"
	"body{margin:0 auto;max-width:56rem;padding:0 1rem 2rem;color:#222;background:#fdfbf7;\n"
	"  font:1rem/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,\"DejaVu Sans\",sans-serif;\n"
	"  overflow-wrap:anywhere}\n"
	"header{border-bottom:2px solid #b8860b;margin-bottom:1rem}\n"
	"nav{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:.6rem 0 .2rem}\n"
	"a{color:#7a3b00}\n"
	"h1{font-size:1.6rem;line-height:1.2;margin:.3rem 0 .6rem}\n"
	"h2{font-size:1.25rem;margin:1.5rem 0 .5rem}\n"
	"h3,h4,h5,h6{font-size:1.05rem;margin:1.2rem 0 .4rem}\n"
	".games{list-style:none;padding:0;margin:0;display:grid;gap:1rem;\n"
	"  grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr))}\n"
	".game{border:1px solid #d8cfc0;border-radius:.5rem;padding:.75rem 1rem;background:#fff}\n"
	".game h2{margin:0 0 .4rem}\n"
	"dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem;margin:0}\n"
	"dt{font-weight:600}\n"
	"dd{margin:0;min-width:0}\n"
	"figure{margin:1rem 0}\n"
	"figcaption{font-weight:600;margin-bottom:.4rem}\n"
	"svg.board{display:block;width:100%;max-width:40rem;height:auto;margin:0 auto}\n"
	"svg.board-grid{max-width:22rem}\n"
	"pre{overflow-x:auto;max-width:100%;background:#f4efe6;padding:.75rem;border-radius:.4rem;\n"
	"  font-size:.85rem;line-height:1.35}\n"
	"/* The board in characters: a face small enough that a phone shows a\n"
	"   whole line (the widest are about 60 characters). */\n"
	"pre.art{font-size:min(.85rem,2.2vw);padding:.5rem}\n"
	"details.art summary{cursor:pointer;color:#7a3b00}\n"
	".report ul{padding-left:1.2rem;margin:.3rem 0 .8rem}\n"
	".report ul ul{margin:.1rem 0}\n"
	".report table{margin:.3rem 0 .8rem}\n"
	".report th{font-weight:600}\n"
	".report h3 + p.note{margin-top:-.3rem}\n"
	".turns{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0}\n"
	".turns a{display:inline-block;padding:.2rem .6rem;border:1px solid #d8cfc0;\n"
	"  border-radius:.3rem;background:#fff;text-decoration:none}\n"
	".pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1rem;\n"
	"  margin:1rem 0}\n"
	".scroll{overflow-x:auto}\n"
	"table{border-collapse:collapse}\n"
	"td,th{border:1px solid #d8cfc0;padding:.2rem .4rem;text-align:left;vertical-align:top}\n"
	".note{color:#666}\n"
	"@media (max-width:30rem){body{padding:0 .6rem 1.5rem}pre{font-size:.72rem}\n"
	"  h1{font-size:1.35rem}}\n";

/* --- pages ------------------------------------------------------------- */

static void page_open(struct sb *o, const char *up, const char *title)
{
	/* Polyglot: HTML5 that is also well-formed XML. */
	sb_adds(o, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
		   "<head>\n<meta charset=\"utf-8\"/>\n"
		   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
		   "<title>");
	sb_add_escaped(o, title);
	sb_addf(o, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\"/>\n</head>\n<body>\n"
		   "<header>\n<nav><a href=\"%sindex.html\">All games</a>", up, up);
}

/* Close the <nav> opened by page_open, and write the page's <h1>. */
static void page_title(struct sb *o, const char *title)
{
	sb_adds(o, "</nav>\n<h1>");
	sb_add_escaped(o, title);
	sb_adds(o, "</h1>\n</header>\n<main>\n");
}

static void page_close(struct sb *o)
{
	sb_adds(o, "</main>\n</body>\n</html>\n");
}

static void link(struct sb *o, const char *href, const char *text)
{
	sb_adds(o, "<a href=\"");
	sb_add_escaped(o, href);
	sb_adds(o, "\">");
	sb_add_escaped(o, text);
	sb_adds(o, "</a>");
}

/* Write path only when its content changes: a run that changes nothing
 * touches nothing. */
static int put(const char *path, const struct sb *o, char **err)
{
	char *old = NULL, *e = NULL;
	size_t len;
	bool same = fs_exists(path) && !fs_read_file(path, &old, &len, &e) && len == o->len &&
		    !memcmp(old, sb_str(o), len);
	free(old);
	free(e);
	if (same)
		return WP_OK;
	return fs_write_atomic(path, sb_str(o), o->len, err) ? WP_ERR_IO : WP_OK;
}

/* When path was written (its mtime), or when it last changed in any way
 * (its ctime, which also moves when a link to it is made or dropped: a
 * snapshot is the old game.xml given a second name as the turn is played,
 * see fs_link_private), in nanoseconds; -1 when there is none. */
static long long stamp(const char *path, bool changed)
{
	struct stat st;
	const struct timespec *t = changed ? &st.st_ctim : &st.st_mtim;
	return stat(path, &st) ? -1 : t->tv_sec * 1000000000LL + t->tv_nsec;
}

/* --- what the index says of a game ------------------------------------- */

static int open_seats(const struct game *g)
{
	int in = 0;
	if (!g->engine->late_players || !option_bool(&g->opts, "open") || g->status == GAME_OVER)
		return 0;
	for (size_t i = 0; i < g->nplayers; i++)
		in += !g->players[i].dropped;
	return g->engine->max_players > in ? g->engine->max_players - in : 0;
}

static void facts(struct sb *o, const struct game *g, const char *up, bool rules_page)
{
	char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	int seats = open_seats(g), n = 0;

	sb_adds(o, "<dl class=\"facts\">\n<dt>Rules</dt><dd>");
	if (rules_page) {
		char *href = xasprintf("%srules/%s.html", up, g->engine->name);
		link(o, href, g->engine->title);
		free(href);
	} else {
		sb_add_escaped(o, g->engine->title);
	}
	sb_addf(o, "</dd>\n<dt>Turns played</dt><dd>%d, %s</dd>\n", g->turn - 1,
		game_status_name(g->status));
	if (g->status != GAME_OVER) {
		sb_adds(o, "<dt>Deadline</dt><dd>");
		sb_add_escaped(o, when);
		sb_adds(o, "</dd>\n");
	}
	sb_adds(o, "<dt>Players</dt><dd>");
	for (size_t i = 0; i < g->nplayers; i++) {
		sb_adds(o, n++ ? ", " : "");
		sb_add_escaped(o, g->players[i].name); /* names only: never an address */
		if (g->players[i].dropped)
			sb_adds(o, " (out)");
	}
	sb_addf(o, "</dd>\n<dt>Open seats</dt><dd>%s", seats ? "" : "none");
	if (seats) /* places left in the game, not seats at a table (Burglar's) */
		sb_addf(o, "open: %d more player%s may join by mail", seats, seats == 1 ? "" : "s");
	sb_adds(o, "</dd>\n</dl>\n");
	free(when);
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

static void pager(struct sb *o, int t, int last)
{
	char href[32], label[48];
	sb_adds(o, "<nav class=\"pager\" aria-label=\"turns\"><span>");
	if (t > 1) {
		snprintf(href, sizeof href, "%04d.html", t - 1);
		snprintf(label, sizeof label, "\u2190 Turn %d", t - 1);
		link(o, href, label);
	}
	sb_adds(o, "</span><span>");
	if (t < last) {
		snprintf(href, sizeof href, "%04d.html", t + 1);
		snprintf(label, sizeof label, "Turn %d \u2192", t + 1);
		link(o, href, label);
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
	if ((flags & SITE_QUICK) && t + 1 < g->turn && (page = stamp(path, false)) >= 0 &&
	    page >= stamp(report, true) && page >= stamp(snap, true)) {
		rc = WP_OK;
		goto out;
	}
	title = xasprintf("%s, turn %d", g->id, t);
	page_open(&o, "../", title);
	sb_adds(&o, " <a href=\"index.html\">");
	sb_add_escaped(&o, g->id);
	sb_adds(&o, "</a>");
	page_title(&o, title);
	free(title);
	pager(&o, t, g->turn - 1);
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
	pager(&o, t, g->turn - 1);
	page_close(&o);
	rc = put(path, &o, err);
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
	page_open(&o, "../", g->id);
	page_title(&o, g->id);
	facts(&o, g, "../", rules_page);
	sb_adds(&o, "<h2>Turns</h2>\n");
	if (g->turn <= 1)
		sb_adds(&o, "<p class=\"note\">No turn has been played yet.</p>\n");
	sb_adds(&o, "<ul class=\"turns\">\n");
	for (int t = g->turn - 1; t >= 1; t--)
		sb_addf(&o, "<li><a href=\"%04d.html\">Turn %d</a></li>\n", t, t);
	sb_adds(&o, "</ul>\n<h2>Now</h2>\n");
	board_svg(&o, g);
	page_close(&o);
	if (!rc)
		rc = put(path, &o, err);
	sb_release(&o);
	free(path);
	free(gdir);
	return rc;
}

/* --- the rules pages --------------------------------------------------- */

/* rules/NAME.html from the installed docs/rules/NAME.md; false when there
 * is none to write from. */
static bool rules_page(const char *dir, const struct engine *e, int *rc, char **err)
{
	char *md = xasprintf("%s/%s.md", datadir_rules(), e->name), *text = NULL, *er = NULL;
	char *rdir = xasprintf("%s/rules", dir), *path = xasprintf("%s/%s.html", rdir, e->name);
	size_t len;
	struct sb o = SB_INIT;
	bool ok = fs_exists(md) && !fs_read_file(md, &text, &len, &er);

	if (ok) {
		char *title = xasprintf("%s: the rules as played", e->title);
		page_open(&o, "../", title);
		page_title(&o, title);
		free(title);
		/* The file's own first heading repeats the title. */
		site_markdown(text[0] == '#' ? text + strcspn(text, "\n") : text, &o);
		page_close(&o);
		*rc = fs_mkdirs(rdir, err) ? WP_ERR_IO : put(path, &o, err);
	}
	sb_release(&o);
	free(text);
	free(er);
	free(path);
	free(rdir);
	free(md);
	return ok;
}

/* --- the whole site ---------------------------------------------------- */

int campaign_site(const struct campaign *c, const char *dir, unsigned flags, char **err)
{
	struct strlist ids = STRLIST_INIT;
	const struct engine *const *engines = engine_list();
	bool has_rules[64] = { false };
	struct sb o = SB_INIT, css = SB_INIT;
	char *path, *title;
	int rc = fs_mkdirs(dir, err) ? WP_ERR_IO : WP_OK;

	for (size_t i = 0; !rc && engines[i] && i < ARRAY_SIZE(has_rules); i++)
		has_rules[i] = rules_page(dir, engines[i], &rc, err);
	if (!rc)
		rc = campaign_list_games(c, &ids, err);
	title = xasprintf("The games of %s", c->cfg.sender_name);
	page_open(&o, "", title);
	page_title(&o, title);
	free(title);
	sb_addf(&o, "<p>%zu game%s. Each game's page has its public reports, turn by turn; "
		    "the rules as played are linked from each.</p>\n<ul class=\"games\">\n",
		ids.n, ids.n == 1 ? "" : "s");
	for (size_t i = 0; !rc && i < ids.n; i++) {
		struct game g;
		char *e = NULL, *href;
		bool rp = false;
		sb_adds(&o, "<li class=\"game\">\n<h2>");
		if (campaign_load_game(c, ids.v[i], &g, &e)) {
			/* Named, not shown: the message may hold a path. */
			sb_add_escaped(&o, ids.v[i]);
			sb_adds(&o, "</h2>\n<p class=\"note\">Not readable now.</p>\n</li>\n");
			free(e);
			continue;
		}
		for (size_t k = 0; engines[k] && k < ARRAY_SIZE(has_rules); k++)
			rp |= engines[k] == g.engine && has_rules[k];
		href = xasprintf("%s/index.html", g.id);
		link(&o, href, g.id);
		free(href);
		sb_adds(&o, "</h2>\n");
		facts(&o, &g, "", rp);
		sb_adds(&o, "</li>\n");
		rc = game_pages(c, &g, dir, rp, flags, err);
		game_release(&g);
	}
	sb_adds(&o, "</ul>\n");
	page_close(&o);
	sb_adds(&css, style_css);
	path = xasprintf("%s/style.css", dir);
	if (!rc)
		rc = put(path, &css, err);
	free(path);
	path = xasprintf("%s/index.html", dir);
	if (!rc)
		rc = put(path, &o, err);
	free(path);
	sb_release(&css);
	sb_release(&o);
	strlist_clear(&ids);
	return rc;
}
