/* site-page.c - what every page of the web archive shares: its head and
 * foot, the style sheet, links, writing a page only when it changed, and
 * what several pages say of a game (standings, the rules played); see
 * site-int.h. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fsutil.h"
#include "site-int.h"

const char site_style_css[] =
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
	".game h2,.game h3{margin:0 0 .4rem}\n"
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
	"/* A cell's words break only where they must, not a letter a line. */\n"
	"table{overflow-wrap:break-word}\n"
	".note{color:#666}\n"
	"@media (max-width:30rem){body{padding:0 .6rem 1.5rem}pre{font-size:.72rem}\n"
	"  table{font-size:.9rem}td,th{padding:.15rem .25rem}\n"
	"  h1{font-size:1.35rem}}\n";

void site_page_open(struct sb *o, const char *up, const char *title, const char *feed)
{
	/* Polyglot: HTML5 that is also well-formed XML. */
	sb_adds(o, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
		   "<head>\n<meta charset=\"utf-8\"/>\n"
		   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
		   "<title>");
	sb_add_escaped(o, title);
	sb_addf(o, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\"/>\n", up);
	/* Every page offers the campaign's feed, a game's page its own too. */
	if (feed) {
		sb_adds(o, "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"");
		sb_add_escaped(o, title);
		sb_adds(o, "\" href=\"");
		sb_add_escaped(o, feed);
		sb_adds(o, "\"/>\n");
	}
	sb_addf(o, "<link rel=\"alternate\" type=\"application/atom+xml\" "
		   "title=\"Every game, turn by turn\" href=\"%sfeed.atom\"/>\n"
		   "<link rel=\"alternate\" type=\"text/calendar\" title=\"Deadlines\" "
		   "href=\"%sdeadlines.ics\"/>\n</head>\n<body>\n"
		   "<header>\n<nav aria-label=\"site\"><a href=\"%sindex.html\">All games</a>"
		   " <a href=\"%splayers/index.html\">Players</a>"
		   " <a href=\"%sstats.html\">Statistics</a>"
		   " <a href=\"%sguide/orders.html\">How to play by mail</a>",
		up, up, up, up, up, up);
}

/* Close the <nav> opened by site_page_open, and write the page's <h1>. */
void site_page_title(struct sb *o, const char *title)
{
	sb_adds(o, "</nav>\n<h1>");
	sb_add_escaped(o, title);
	sb_adds(o, "</h1>\n</header>\n<main>\n");
}

void site_page_close(struct sb *o)
{
	sb_adds(o, "</main>\n</body>\n</html>\n");
}

void site_link(struct sb *o, const char *href, const char *text)
{
	sb_adds(o, "<a href=\"");
	sb_add_escaped(o, href);
	sb_adds(o, "\">");
	sb_add_escaped(o, text);
	sb_adds(o, "</a>");
}

/* Write path only when its content changes: a run that changes nothing
 * touches nothing. */
int site_put(const char *path, const struct sb *o, char **err)
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
long long site_stamp(const char *path, bool changed)
{
	struct stat st;
	const struct timespec *t = changed ? &st.st_ctim : &st.st_mtim;
	return stat(path, &st) ? -1 : t->tv_sec * 1000000000LL + t->tv_nsec;
}

/* --- what several pages say of a game ------------------------------------- */

void site_standings(const struct game *g, struct site_standing *s)
{
	s->place = xcalloc(g->nplayers + 1, sizeof *s->place);
	s->note = xcalloc(g->nplayers + 1, sizeof *s->note);
	s->n = g->nplayers;
	s->nwinners = 0;
	if (g->engine->standings)
		g->engine->standings(g, s->place, s->note);
	for (size_t p = 0; g->status == GAME_OVER && p < g->nplayers; p++)
		s->nwinners += s->place[p] == 1;
}

void site_standing_release(struct site_standing *s)
{
	for (size_t p = 0; p < s->n; p++)
		free(s->note[p]);
	free(s->note);
	free(s->place);
}

char *site_rules_title(const struct game *g)
{
	char *v = g->engine->variant ? g->engine->variant(g) : NULL;
	char *t = v ? xasprintf("%s, %s", g->engine->title, v) : xstrdup(g->engine->title);
	free(v);
	return t;
}
