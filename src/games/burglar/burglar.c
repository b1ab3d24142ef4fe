/* burglar.c - Burglar & the Dragon, as played by mail: the options, the
 * table and its helpers, setup, load and save, the invariants and the
 * engine table.  Orders are in burglar-orders.c, rounds in burglar-play.c,
 * reports in burglar-view.c (see burglar-int.h).
 *
 * A table of up to eight seats around a 3x3 board: eight coffers numbered
 * 3-6 and 8-11 that hold at most one token each, and the Dragon's Hoard (7)
 * in the middle, which holds any number.  One processor turn plays
 * `rounds` rounds; in a round every seated player, in seat order, rolls 2d6
 * and acts.  Nobody has to send orders to keep playing: the only orders are
 * `leave` and `join`.  See docs/rules/burglar.md for the rules as played
 * here and every choice made where the rulebook is silent.
 */
#include <stdlib.h>

#include "burglar-int.h"
#include "xmlutil.h"

/* The grammar beside this file (burglar.rng), built in by build-aux/games-c.sh. */
extern const char schema_burglar_rng[];

static const struct option_spec burglar_options[] = {
	{ "seats", OPT_INT, "6", 2, MAX_SEATS, NULL, "seats at the table", NULL },
	{ "tokens", OPT_INT, "20", 1, 1000, NULL,
	  "tokens each player starts with, and the most a joiner may bring", NULL },
	{ "rounds", OPT_INT, "1", 1, 100, NULL, "rounds played in each turn", NULL },
	{ "sunrise", OPT_CLOCK, "06:00", 0, 0, NULL,
	  "a player who left may join again only after this time of day", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

int burglar_seats(const struct game *g)
{
	return (int)option_int(&g->opts, "seats");
}

bool burglar_is_coffer(int n)
{
	return n >= 3 && n <= 11 && n != 7;
}

int burglar_seat_of(const struct burglar *b, int p)
{
	for (int s = 0; s < MAX_SEATS; s++)
		if (b->seat[s] == p)
			return s;
	return NO_SEAT;
}

int burglar_seated(const struct game *g)
{
	int n = 0;
	for (int s = 0; s < burglar_seats(g); s++)
		n += B(g)->seat[s] != NO_SEAT;
	return n;
}

int burglar_seat_from(const struct game *g, int s)
{
	for (int i = 0; i < burglar_seats(g); i++) {
		int t = (s + i) % burglar_seats(g);
		if (B(g)->seat[t] != NO_SEAT)
			return t;
	}
	return NO_SEAT;
}

int burglar_on_board(const struct burglar *b)
{
	int n = b->hoard;
	for (int c = 3; c <= 11; c++)
		n += b->coffer[c];
	return n;
}

const char *burglar_name(const struct game *g, int p)
{
	return g->players[p].name;
}

static struct burglar *burglar_new(void)
{
	struct burglar *b = xcalloc(1, sizeof *b);
	for (int s = 0; s < MAX_SEATS; s++)
		b->seat[s] = NO_SEAT;
	b->winner = -1;
	return b;
}

static int burglar_setup(struct game *g, char **err)
{
	struct burglar *b;
	int tokens = (int)option_int(&g->opts, "tokens");
	size_t n = g->nplayers < (size_t)burglar_seats(g) ? g->nplayers : (size_t)burglar_seats(g);

	if (g->nplayers < 2) {
		*err = xstrdup("Burglar needs at least two players");
		return -1;
	}
	b = burglar_new();
	for (size_t p = 0; p < n; p++) {
		b->seat[p] = (int)p;
		b->tokens[p] = tokens;
		b->supplied += tokens;
	}
	g->state = b;
	return 0;
}

/* The most tokens any count may reach when read back: far above any real
 * game, and small enough that sums of counts stay inside an int. */
#define MAX_COUNT 10000000

static bool load_player_attr(const xmlNode *n, const struct game *g, int *p)
{
	char *who = xml_attr(n, "player");
	*p = who ? game_player_index(g, who) : -1;
	free(who);
	return *p >= 0;
}

static bool load_count(const xmlNode *n, const char *attr, int *out)
{
	long long v;
	if (!xml_attr_int(n, attr, &v) || v < 0 || v > MAX_COUNT)
		return false;
	*out = (int)v;
	return true;
}

static bool load_seat(struct game *g, const xmlNode *n)
{
	struct burglar *b = B(g);
	long long v;
	int p;
	if (!xml_attr_int(n, "number", &v) || v < 1 || v > burglar_seats(g) ||
	    !load_player_attr(n, g, &p) || b->seat[v - 1] != NO_SEAT ||
	    burglar_seat_of(b, p) != NO_SEAT || !load_count(n, "tokens", &b->tokens[p]))
		return false;
	b->seat[v - 1] = p;
	return true;
}

/* An <away> element per player at most, and only with something in it:
 * save() writes nothing else, so that load and save round-trip exactly. */
static bool load_away(struct game *g, const xmlNode *n, bool *seen)
{
	struct burglar *b = B(g);
	char *t;
	bool ok = true;
	int p;
	if (!load_player_attr(n, g, &p) || seen[p] || !load_count(n, "carried", &b->carried[p]))
		return false;
	seen[p] = true;
	t = xml_attr(n, "rejoin");
	if (t)
		ok = time_parse_iso(t, &b->rejoin[p]) && b->rejoin[p] > 0;
	free(t);
	return ok && (b->carried[p] || b->rejoin[p]);
}

static bool load_children(struct game *g, const xmlNode *node)
{
	struct burglar *b = B(g);
	bool seen[MAX_PLAYERS] = { false };
	long long v;
	for (const xmlNode *n = node->children; n; n = n->next) {
		if (xml_is(n, "coffer")) {
			if (!xml_attr_int(n, "number", &v) || !burglar_is_coffer((int)v) || b->coffer[v])
				return false;
			b->coffer[v] = 1;
		} else if (xml_is(n, "seat")) {
			if (!load_seat(g, n))
				return false;
		} else if (xml_is(n, "away")) {
			if (!load_away(g, n, seen))
				return false;
		} else if (xml_is(n, "winner")) {
			if (!load_player_attr(n, g, &b->winner))
				return false;
		}
	}
	return true;
}

static char *burglar_invariant(const struct game *g);

static int burglar_load(struct game *g, const xmlNode *node, char **err)
{
	struct burglar *b = burglar_new();
	long long v;
	char *why = NULL;

	g->state = b;
	if (!xml_attr_bool(node, "started", &b->started) ||
	    !xml_attr_bool(node, "over", &b->over) ||
	    !xml_attr_int(node, "next", &v) || v < 1 || v > burglar_seats(g))
		goto bad;
	b->next = (int)v - 1;
	if (!load_count(node, "hoard", &b->hoard) ||
	    !xml_attr_int(node, "supplied", &b->supplied) || b->supplied < 0 ||
	    b->supplied > (long long)MAX_COUNT * MAX_PLAYERS || !load_children(g, node))
		goto bad;
	why = burglar_invariant(g);
	if (!why)
		return 0;
bad:
	*err = xasprintf("line %ld: the Burglar table does not add up%s%s",
			 xmlGetLineNo((xmlNode *)node), why ? ": " : "", why ? why : "");
	free(why);
	return -1;
}

static void burglar_save(const struct game *g, xmlNode *node)
{
	const struct burglar *b = B(g);
	xml_set_bool(node, "started", b->started);
	xml_set_bool(node, "over", b->over);
	xml_set_int(node, "next", b->next + 1);
	xml_set_int(node, "hoard", b->hoard);
	xml_set_int(node, "supplied", b->supplied);
	for (int c = 3; c <= 11; c++)
		if (b->coffer[c])
			xml_set_int(xml_child(node, "coffer", NULL), "number", c);
	for (int s = 0; s < burglar_seats(g); s++) {
		xmlNode *n;
		if (b->seat[s] == NO_SEAT)
			continue;
		n = xml_child(node, "seat", NULL);
		xml_set_int(n, "number", s + 1);
		xml_set(n, "player", burglar_name(g, b->seat[s]));
		xml_set_int(n, "tokens", b->tokens[b->seat[s]]);
	}
	for (size_t p = 0; p < g->nplayers; p++) {
		xmlNode *n;
		if (!b->carried[p] && !b->rejoin[p])
			continue;
		n = xml_child(node, "away", NULL);
		xml_set(n, "player", burglar_name(g, (int)p));
		xml_set_int(n, "carried", b->carried[p]);
		if (b->rejoin[p]) {
			char *t = time_format_iso(b->rejoin[p]);
			xml_set(n, "rejoin", t);
			free(t);
		}
	}
	if (b->winner >= 0)
		xml_set(xml_child(node, "winner", NULL), "player", burglar_name(g, b->winner));
}

static void burglar_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

/* Every seat in range holds a distinct player; seats beyond the table's
 * size are empty. */
static char *seats_invariant(const struct game *g)
{
	const struct burglar *b = B(g);
	bool sits[MAX_PLAYERS] = { false };
	for (int s = 0; s < MAX_SEATS; s++) {
		int p = b->seat[s];
		if (p == NO_SEAT)
			continue;
		if (s >= burglar_seats(g) || p < 0 || (size_t)p >= g->nplayers)
			return xasprintf("seat %d holds player %d", s + 1, p);
		if (sits[p])
			return xasprintf("%s sits in two seats", burglar_name(g, p));
		sits[p] = true;
	}
	if (b->next < 0 || b->next >= burglar_seats(g))
		return xasprintf("seat %d rolls next", b->next + 1);
	if (b->winner >= 0 && burglar_seat_of(b, b->winner) == NO_SEAT)
		return xasprintf("the winner %s has no seat", burglar_name(g, b->winner));
	return NULL;
}

static char *burglar_invariant(const struct game *g)
{
	const struct burglar *b = B(g);
	long long total = burglar_on_board(b);
	char *why = seats_invariant(g);
	if (why)
		return why;
	for (int c = 0; c <= 12; c++)
		if (b->coffer[c] < 0 || b->coffer[c] > 1 || (b->coffer[c] && !burglar_is_coffer(c)))
			return xasprintf("coffer %d holds %d", c, b->coffer[c]);
	for (size_t p = 0; p < g->nplayers; p++) {
		bool seated = burglar_seat_of(b, (int)p) != NO_SEAT;
		if (b->tokens[p] < 0 || b->carried[p] < 0)
			return xasprintf("%s has a negative count", burglar_name(g, (int)p));
		if (seated && !b->tokens[p] && !b->over)
			return xasprintf("%s sits with no tokens", burglar_name(g, (int)p));
		if (!seated && b->tokens[p])
			return xasprintf("%s holds tokens without a seat", burglar_name(g, (int)p));
		total += b->tokens[p] + b->carried[p];
	}
	/* What came to the table is still there, or was carried off. */
	if (b->hoard < 0 || total != b->supplied)
		return xasprintf("tokens held, on the board and carried off make %lld, but %lld "
				 "were brought to the table", total, b->supplied);
	return NULL;
}

/* The orders, for `help ORDER` by mail (docs/burglar.md). */
static const struct order_doc burglar_orders[] = {
	{ "leave", "leave", "get up from the table before this turn's dice, carrying off "
			    "every token you hold" },
	{ "join", "join [N] [seat S]", "take a free seat, bringing the game's full token "
				       "count or N tokens; ask for seat S (if it is taken "
				       "when the turn runs, the lowest free seat)" },
	{ NULL, NULL, NULL },
};
static const char *const burglar_words[] = { "seat", NULL };

const struct engine burglar_engine = {
	.name = "burglar",
	.title = "Burglar & the Dragon",
	.min_players = 2,
	.max_players = MAX_PLAYERS,
	.late_players = true,
	.options = burglar_options,
	.schema = schema_burglar_rng,
	.setup = burglar_setup,
	.load = burglar_load,
	.save = burglar_save,
	.release = burglar_release,
	.check = burglar_check,
	.awaited = burglar_awaited,
	.incomplete = burglar_incomplete,
	.nmr = burglar_nmr,
	.drop = burglar_drop,
	.advance = burglar_advance,
	.over = burglar_over,
	.standings = burglar_standings,
	.view = burglar_view,
	.board = burglar_board,
	.legal = burglar_legal,
	.orders = burglar_orders,
	.words = burglar_words,
	.invariant = burglar_invariant,
	.scramble = NULL,
};
