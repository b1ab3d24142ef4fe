/* site-stats.c - the web archive's pages across games: one for every
 * player name (the games they played and how each ended; never an
 * address), and the campaign's statistics (games per rules, their length,
 * wins by seat with a chi-square hint of whether a seat wins more often
 * than its share, and how often orders were missed); see site-int.h.
 *
 * A turn's missed orders are read from the stored states: a player's
 * count of turns missed in a row is above 0 after a turn exactly when
 * they sent nothing for it.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fsutil.h"
#include "site-int.h"
#include "xmlutil.h"

char *site_player_slug(const char *name)
{
	struct sb o = SB_INIT;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		unsigned char c = *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')
			sb_addc(&o, (char)c);
		else
			sb_addf(&o, "_%02x", c);
	}
	return sb_detach(&o);
}

/* --- what each turn's stored state says ---------------------------------- */

static void turn_facts(const struct game *g, const char *path, struct site_turn *t)
{
	char *text = NULL, *err = NULL, *v;
	size_t len;
	xmlDoc *doc;
	xmlNode *root, *players;

	t->missed = xcalloc(g->nplayers + 1, sizeof *t->missed);
	if (!fs_exists(path) || fs_read_file(path, &text, &len, &err) ||
	    !(doc = xml_parse(text, len, path, &err))) {
		free(text);
		free(err);
		return;
	}
	root = xmlDocGetRootElement(doc);
	if ((v = xml_attr(root, "last-run")) && !time_parse_iso(v, &t->ran))
		t->ran = 0;
	free(v);
	players = xml_first(root, "players");
	for (xmlNode *n = players ? xml_first(players, "player") : NULL; n;
	     n = xmlNextElementSibling(n)) {
		char *name = xml_attr(n, "name");
		long long nmr = 0;
		bool dropped = false;
		int p = name ? game_player_index(g, name) : -1;
		if (p >= 0 && xml_attr_int(n, "nmr", &nmr) &&
		    (!xml_attr_bool(n, "dropped", &dropped) || !dropped))
			t->missed[p] = nmr > 0;
		free(name);
	}
	xmlFreeDoc(doc);
	free(text);
}

void site_game_turns(const struct campaign *c, struct site_game *sg)
{
	const struct game *g = &sg->g;
	sg->nturns = g->turn > 1 ? g->turn - 1 : 0;
	sg->turns = xcalloc((size_t)sg->nturns + 1, sizeof *sg->turns);
	for (int t = 1; t <= sg->nturns; t++) {
		/* The state after turn t: the snapshot before t + 1, or the
		 * game itself after its last turn. */
		char *rest = t < sg->nturns ? xasprintf("turns/%04d.xml", t + 1)
					    : xstrdup("game.xml");
		char *path = campaign_game_path(c, g->id, rest);
		turn_facts(g, path, &sg->turns[t - 1]);
		free(path);
		free(rest);
	}
}

void site_game_release(struct site_game *sg)
{
	for (int t = 0; t < sg->nturns; t++)
		free(sg->turns[t].missed);
	free(sg->turns);
	game_release(&sg->g);
}

/* --- a page for every player name ------------------------------------------ */

/* How game g ended, or stands, for player p. */
static void outcome(struct sb *o, const struct game *g, const struct site_standing *s,
		    size_t p)
{
	if (g->status == GAME_OVER) {
		if (s->place[p] == 1)
			sb_adds(o, s->nwinners > 1 ? "won, with others" : "won");
		else if (s->nwinners)
			sb_adds(o, "lost");
		else
			sb_adds(o, "nobody won");
	} else {
		sb_adds(o, "playing");
		if (s->place[p] > 0)
			sb_addf(o, ", placed %d now", s->place[p]);
	}
	if (g->players[p].dropped)
		sb_adds(o, " (dropped: missed too many turns)");
	else if (g->players[p].open)
		sb_adds(o, " (left; the seat is open)");
}

void site_people_summary(const struct site_game *sg, struct site_summary *s)
{
	const struct game *g = &sg->g;
	struct site_standing st;
	char *href = xasprintf("../%s/index.html", g->id), *rules = site_rules_title(g);

	site_standings(g, &st);
	s->nwinners = st.nwinners;
	s->nplayers = g->nplayers;
	s->names = xcalloc(g->nplayers + 1, sizeof *s->names);
	s->place = xcalloc(g->nplayers + 1, sizeof *s->place);
	s->rows = xcalloc(g->nplayers + 1, sizeof *s->rows);
	for (size_t p = 0; p < g->nplayers; p++) {
		struct sb o = SB_INIT;
		s->names[p] = xstrdup(g->players[p].name);
		s->place[p] = st.place[p];
		sb_adds(&o, "<tr><th scope=\"row\">");
		site_link(&o, href, g->id);
		sb_adds(&o, "</th><td>");
		sb_add_escaped(&o, rules);
		sb_addf(&o, "</td><td>%zu</td><td>%d</td><td>", p + 1, sg->nturns);
		outcome(&o, g, &st, p);
		sb_adds(&o, "</td></tr>\n");
		s->rows[p] = sb_detach(&o);
	}
	s->missed = s->due = 0;
	for (int t = 0; t < sg->nturns; t++)
		for (size_t p = 0; p < g->nplayers; p++)
			s->missed += sg->turns[t].missed[p], s->due++;
	site_standing_release(&st);
	free(rules);
	free(href);
}

/* A seat in a game, for gathering each name's games. */
struct seat_ref {
	const char *name;
	size_t k, p;
};

/* By name, whatever its case (game_player_index's match), then in the
 * order met: a name's first spelling heads its games. */
static int by_name(const void *a, const void *b)
{
	const struct seat_ref *x = a, *y = b;
	int d = ascii_casecmp(x->name, y->name);
	if (d)
		return d;
	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	return x->p < y->p ? -1 : x->p > y->p;
}

/* The page of the player whose seats are refs[0..n), all one name. */
static int player_page(const struct site_summary *games, const struct seat_ref *refs,
		       size_t n, const char *dir, int *won, int *played, char **err)
{
	const char *name = refs[0].name;
	char *slug = site_player_slug(name), *path = xasprintf("%s/players/%s.html", dir, slug);
	char *title = xasprintf("Player %s", name);
	struct sb o = SB_INIT;
	int rc;

	*won = *played = 0;
	site_page_open(&o, "../", title, NULL);
	site_page_title(&o, title);
	sb_adds(&o, "<div class=\"scroll\"><table><thead>\n<tr><th scope=\"col\">Game</th>"
		    "<th scope=\"col\">Rules</th><th scope=\"col\">Seat</th>"
		    "<th scope=\"col\">Turns</th><th scope=\"col\">Outcome</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < n; i++) {
		const struct site_summary *s = &games[refs[i].k];
		/* A name twice in one game (never made so) counts once. */
		if (i && refs[i].k == refs[i - 1].k)
			continue;
		(*played)++;
		*won += s->status == GAME_OVER && s->place[refs[i].p] == 1;
		sb_adds(&o, s->rows[refs[i].p]);
	}
	sb_addf(&o, "</tbody></table></div>\n<p>%d game%s, %d won.</p>\n", *played,
		*played == 1 ? "" : "s", *won);
	site_page_close(&o);
	rc = site_put(path, &o, err);
	sb_release(&o);
	free(title);
	free(path);
	free(slug);
	return rc;
}

static int players_pages(const struct site_summary *games, size_t n, const char *dir,
			 char **err)
{
	struct sb o = SB_INIT;
	struct seat_ref *refs = NULL;
	size_t nrefs = 0, alloc = 0;
	char *pdir = xasprintf("%s/players", dir), *path = xasprintf("%s/index.html", pdir);
	int rc = fs_mkdirs(pdir, err) ? WP_ERR_IO : WP_OK;

	for (size_t k = 0; k < n; k++)
		for (size_t p = 0; p < games[k].nplayers; p++) {
			ALLOC_GROW(refs, nrefs + 1, alloc);
			refs[nrefs++] = (struct seat_ref){ games[k].names[p], k, p };
		}
	if (nrefs)
		qsort(refs, nrefs, sizeof *refs, by_name);
	site_page_open(&o, "../", "Players", NULL);
	site_page_title(&o, "Players");
	sb_adds(&o, "<div class=\"scroll\"><table><thead>\n<tr><th scope=\"col\">Player</th>"
		    "<th scope=\"col\">Games</th><th scope=\"col\">Won</th></tr></thead><tbody>\n");
	for (size_t i = 0, j; !rc && i < nrefs; i = j) {
		int won, played;
		char *slug = site_player_slug(refs[i].name), *href = xasprintf("%s.html", slug);
		for (j = i + 1; j < nrefs && !ascii_casecmp(refs[j].name, refs[i].name); j++)
			;
		rc = player_page(games, refs + i, j - i, dir, &won, &played, err);
		sb_adds(&o, "<tr><th scope=\"row\">");
		site_link(&o, href, refs[i].name);
		sb_addf(&o, "</th><td>%d</td><td>%d</td></tr>\n", played, won);
		free(href);
		free(slug);
	}
	sb_adds(&o, "</tbody></table></div>\n");
	site_page_close(&o);
	if (!rc)
		rc = site_put(path, &o, err);
	sb_release(&o);
	free(refs);
	free(path);
	free(pdir);
	return rc;
}

/* --- the campaign's statistics ---------------------------------------------- */

static void per_rules(struct sb *o, const struct site_summary *games, size_t n)
{
	const struct engine *const *engines = engine_list();
	sb_adds(o, "<h2>Games per rules</h2>\n<p class=\"note\">Turns: the shortest and the "
		   "longest finished game, and the mean. NMR: the orders missed of those due.</p>\n"
		   "<div class=\"scroll\"><table><thead>\n"
		   "<tr><th scope=\"col\">Rules</th><th scope=\"col\">Games</th>"
		   "<th scope=\"col\">Finished</th><th scope=\"col\">Turns</th>"
		   "<th scope=\"col\">NMR</th></tr></thead><tbody>\n");
	for (size_t e = 0; engines[e]; e++) {
		int games_n = 0, done = 0, shortest = 0, longest = 0, sum = 0;
		long missed = 0, due = 0;
		for (size_t k = 0; k < n; k++) {
			const struct site_summary *sg = &games[k];
			if (sg->engine != engines[e])
				continue;
			games_n++;
			missed += sg->missed;
			due += sg->due;
			if (sg->status != GAME_OVER)
				continue;
			shortest = !done || sg->nturns < shortest ? sg->nturns : shortest;
			longest = sg->nturns > longest ? sg->nturns : longest;
			sum += sg->nturns;
			done++;
		}
		if (!games_n)
			continue;
		sb_adds(o, "<tr><th scope=\"row\">");
		sb_add_escaped(o, engines[e]->title);
		sb_addf(o, "</th><td>%d</td><td>%d</td><td>", games_n, done);
		if (done)
			sb_addf(o, "%d\u2013%d, %.1f", shortest, longest, (double)sum / done);
		else
			sb_adds(o, "\u2013");
		sb_addf(o, "</td><td>%.0f%% (%ld/%ld)</td></tr>\n", due ? 100.0 * missed / due : 0.0,
			missed, due);
	}
	sb_adds(o, "</tbody></table></div>\n");
}

/* The chi-square value that chance exceeds one time in twenty, by degrees
 * of freedom (1 to 10). */
static const double chi2_05[] = { 3.841, 5.991, 7.815, 9.488, 11.070,
				  12.592, 14.067, 15.507, 16.919, 18.307 };

/* Wins by seat (a player's place in the game's list: seat 1 is the first
 * to join, who often moves first), against what each seat would win if
 * seats did not matter: in a game of n players with w winners, w / n for
 * each seat. */
static void by_seat(struct sb *o, const struct site_summary *games, size_t n)
{
	enum { SEATS = 8 };
	int won[SEATS] = { 0 }, in[SEATS] = { 0 }, seats = 0, finished = 0;
	double expect[SEATS] = { 0 }, chi2 = 0;
	bool weak = false;

	for (size_t k = 0; k < n; k++) {
		const struct site_summary *g = &games[k];
		if (g->status != GAME_OVER || !g->nwinners)
			continue;
		finished++;
		for (size_t p = 0; p < g->nplayers && p < SEATS; p++) {
			in[p]++;
			won[p] += g->place[p] == 1;
			expect[p] += (double)g->nwinners / (double)g->nplayers;
			seats = (int)p + 1 > seats ? (int)p + 1 : seats;
		}
	}
	sb_adds(o, "<h2>Wins by seat</h2>\n<p class=\"note\">Games: the finished games with a "
		   "winner that had the seat. Fair share: the wins the seat would have if seats did "
		   "not matter (in a game of n players and w winners, w/n).</p>\n");
	if (!finished) {
		sb_adds(o, "<p>No game has finished with a winner yet.</p>\n");
		return;
	}
	sb_adds(o, "<div class=\"scroll\"><table><thead>\n<tr><th scope=\"col\">Seat</th>"
		   "<th scope=\"col\">Games</th><th scope=\"col\">Wins</th>"
		   "<th scope=\"col\">Fair share</th></tr></thead><tbody>\n");
	for (int p = 0; p < seats; p++) {
		sb_addf(o, "<tr><th scope=\"row\">%d</th><td>%d</td><td>%d</td><td>%.1f</td></tr>\n",
			p + 1, in[p], won[p], expect[p]);
		if (expect[p] > 0)
			chi2 += (won[p] - expect[p]) * (won[p] - expect[p]) / expect[p];
		weak |= expect[p] < 5;
	}
	sb_adds(o, "</tbody></table></div>\n");
	sb_addf(o, "<p class=\"chi2\">Chi-square over %d seat%s: %.2f on %d degree%s of freedom",
		seats, seats == 1 ? "" : "s", chi2, seats - 1, seats == 2 ? "" : "s");
	if (seats < 2 || seats - 1 > (int)ARRAY_SIZE(chi2_05)) {
		sb_adds(o, ".</p>\n");
		return;
	}
	sb_addf(o, " (chance alone passes %.2f one time in twenty): ", chi2_05[seats - 2]);
	if (chi2 > chi2_05[seats - 2])
		sb_adds(o, "<strong>a seat wins more often than its share</strong>");
	else
		sb_adds(o, "no seat wins more often than chance explains");
	sb_addf(o, "%s.</p>\n", weak ? "; with under 5 wins expected of a seat the test "
				       "is rough, and more finished games will tell better" : "");
}

static int stats_page(const struct site_summary *games, size_t n, const char *dir, char **err)
{
	struct sb o = SB_INIT;
	char *path = xasprintf("%s/stats.html", dir);
	long missed = 0, due = 0;
	int rc;

	for (size_t k = 0; k < n; k++)
		missed += games[k].missed, due += games[k].due;
	site_page_open(&o, "", "Statistics of the campaign", NULL);
	site_page_title(&o, "Statistics of the campaign");
	sb_addf(&o, "<p>%zu game%s; orders were missed for %ld of %ld player-turns "
		    "(the NMR rate: %.1f%%). <a href=\"players/index.html\">Every player</a>.</p>\n",
		n, n == 1 ? "" : "s", missed, due, due ? 100.0 * missed / due : 0.0);
	per_rules(&o, games, n);
	by_seat(&o, games, n);
	site_page_close(&o);
	rc = site_put(path, &o, err);
	sb_release(&o);
	free(path);
	return rc;
}

int site_people(const struct site_summary *games, size_t n, const char *dir, char **err)
{
	int rc = players_pages(games, n, dir, err);
	return rc ? rc : stats_page(games, n, dir, err);
}
