/* dragon-pants.c - Dragon Pants, as played by mail: the options, setup,
 * the stored state, the invariants and the engine table.  The rules
 * themselves live in dp-board.c, dp-cards.c, dp-orders.c and dp-play.c,
 * the reports in dp-view.c (see dp-int.h); the rules as played here, with
 * every choice made where the rulebook is silent, are in
 * docs/rules/dragon-pants.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"
#include "xmlutil.h"

/* The grammar beside this file (dragon-pants.rng), built in by build-aux/games-c.sh. */
extern const char schema_dragon_pants_rng[];

static const struct option_spec dp_options[] = {
	{ "length", OPT_INT, "10", 1, 99, NULL,
	  "the game length: where the time starts (the destiny deck must be able to bring it "
	  "to 0)", NULL },
	{ "destiny", OPT_ENUM, "standard", 0, 0, "standard|volatile|long",
	  "the mix of the Deck of Destiny (sums: standard -10, volatile -10, long -20)", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

int dp_destiny_sum(const int *v, int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	return sum;
}

/* --- setting up ---------------------------------------------------------- */

static void seat_players(struct dp_state *s)
{
	for (int p = 0; p < s->n; p++) {
		struct dp_player *pl = &s->pl[p];
		pl->den = dp_seat_den(s->n, p);
		pl->at = dp_dens[pl->den];
		memcpy(pl->react, dp_default_react, sizeof dp_default_react);
		pl->nreact = DP_NREACT;
	}
}

static int dp_setup(struct game *g, char **err)
{
	struct dp_state *s;
	int mix[DP_DESTINY], nmix, sum, stack[DP_MAXP], length;

	if (g->nplayers < 2 || g->nplayers > DP_MAXP) {
		*err = xasprintf("Dragon Pants is for 2 to %d players, not %zu", DP_MAXP,
				 g->nplayers);
		return -1;
	}
	length = (int)option_int(&g->opts, "length");
	nmix = dp_destiny_mix(option_get(&g->opts, "destiny"), mix);
	sum = dp_destiny_sum(mix, nmix);
	if (length + sum > 0) {
		*err = xasprintf("the %s Deck of Destiny adds up to %d, so a game of length %d "
				 "might never end: choose a length of at most %d",
				 option_get(&g->opts, "destiny"), sum, length, -sum);
		return -1;
	}
	s = xcalloc(1, sizeof *s);
	s->n = (int)g->nplayers;
	s->length = s->time = length;
	s->winner = -1;
	memcpy(s->destiny, mix, sizeof mix[0] * (size_t)nmix);
	s->ndestiny = nmix;
	dp_shuffle(&g->rng, s->destiny, s->ndestiny);
	/* The Deck of Power without The Pants, shuffled; N - 1 cards from it
	 * and The Pants are shuffled together and dealt one to each. */
	for (int c = 0; c < C_NCARDS; c++)
		for (int k = 0; k < dp_card_count[c]; k++)
			if (c != C_PANTS)
				s->deck[s->ndeck++] = c;
	dp_shuffle(&g->rng, s->deck, s->ndeck);
	for (int i = 0; i < s->n - 1; i++)
		stack[i] = s->deck[--s->ndeck];
	stack[s->n - 1] = C_PANTS;
	dp_shuffle(&g->rng, stack, s->n);
	seat_players(s);
	for (int p = 0; p < s->n; p++) {
		dp_hand_add(&s->pl[p].hand, stack[p]);
		if (stack[p] == C_PANTS)
			s->current = p; /* the player dealt The Pants goes first */
	}
	g->state = s;
	return 0;
}

/* --- loading and saving -------------------------------------------------- */

/* A space-separated list of card words or numbers from attribute name. */
static bool load_list(const xmlNode *n, const char *name, bool numbers, int *v, int *count,
		      int max)
{
	char *text = xml_attr(n, name), *save = NULL;
	bool ok = true;
	*count = 0;
	if (!text)
		return true;
	for (char *t = strtok_r(text, " \t\n", &save); t && ok;
	     t = strtok_r(NULL, " \t\n", &save)) {
		long long x;
		int c;
		if (*count >= max) {
			ok = false;
		} else if (numbers) {
			ok = parse_int(t[0] == '+' ? t + 1 : t, -3, 2, &x) && x;
			v[(*count)++] = (int)x;
		} else {
			c = dp_card_parse(t);
			ok = c >= 0 && !strcmp(t, dp_card_word(c));
			v[(*count)++] = c;
		}
	}
	free(text);
	return ok;
}

static void save_list(xmlNode *n, const char *name, bool numbers, const int *v, int count)
{
	struct sb sb = SB_INIT;
	for (int i = 0; i < count; i++) {
		if (i)
			sb_addc(&sb, ' ');
		if (numbers)
			sb_addf(&sb, "%+d", v[i]);
		else
			sb_adds(&sb, dp_card_word(v[i]));
	}
	xml_set(n, name, sb_str(&sb));
	sb_release(&sb);
}

static int player_attr(const struct game *g, const xmlNode *n, const char *name)
{
	char *who = xml_attr(n, name);
	int p = who ? game_player_index(g, who) : -1;
	free(who);
	return p;
}

static int den_parse(const char *s)
{
	for (int i = 0; s && i < 6; i++)
		if (!strcmp(s, dp_den_names[i]))
			return i;
	return -1;
}

static bool load_dragon(const struct game *g, struct dp_state *s, const xmlNode *n)
{
	struct dp_player *pl;
	long long q, r;
	char *den;
	int p = player_attr(g, n, "player"), tmp[C_NCARDS], nt;

	if (p < 0 || p >= s->n || !xml_attr_int(n, "q", &q) || !xml_attr_int(n, "r", &r) ||
	    q < -4 || q > 4 || r < -4 || r > 4)
		return false;
	pl = &s->pl[p];
	pl->at.q = (int)q;
	pl->at.r = (int)r;
	den = xml_attr(n, "den");
	pl->den = den_parse(den);
	free(den);
	if (pl->den < 0 || dp_terrain(pl->at) == T_OFF ||
	    !xml_attr_bool(n, "frozen", &pl->frozen) || !xml_attr_bool(n, "out", &pl->out))
		return false;
	if (!load_list(n, "react", false, tmp, &nt, DP_NREACT))
		return false;
	memcpy(pl->react, tmp, sizeof tmp[0] * (size_t)nt);
	pl->nreact = nt;
	if (!load_list(n, "lose", false, pl->lose, &pl->nlose, C_NCARDS))
		return false;
	for (const xmlNode *c = n->children; c; c = c->next) {
		char *word;
		int card;
		bool spent = false, fresh = false;
		if (!xml_is(c, "card"))
			continue;
		word = xml_attr(c, "name");
		card = word ? dp_card_parse(word) : -1;
		free(word);
		if (card < 0 || pl->hand.n >= DP_HAND ||
		    (xmlHasProp(c, (const xmlChar *)"spent") && !xml_attr_bool(c, "spent", &spent)) ||
		    (xmlHasProp(c, (const xmlChar *)"fresh") && !xml_attr_bool(c, "fresh", &fresh)))
			return false;
		dp_hand_add(&pl->hand, card);
		pl->hand.spent[pl->hand.n - 1] = spent;
		pl->hand.fresh[pl->hand.n - 1] = fresh && spent;
	}
	return true;
}

static int dp_load(struct game *g, const xmlNode *node, char **err)
{
	struct dp_state *s = xcalloc(1, sizeof *s);
	long long v;
	bool seen[DP_MAXP] = { false };

	g->state = s;
	s->n = (int)g->nplayers;
	s->winner = -1;
	s->length = (int)option_int(&g->opts, "length");
	if (s->n < 2 || s->n > DP_MAXP || !xml_attr_int(node, "time", &v) || v < -99 || v > 99)
		goto bad;
	s->time = (int)v;
	if (!xml_attr_bool(node, "over", &s->over) ||
	    (s->current = player_attr(g, node, "current")) < 0)
		goto bad;
	for (xmlNode *n = node->children; n; n = n->next) {
		if (xml_is(n, "dragon")) {
			int p = player_attr(g, n, "player");
			if (p < 0 || seen[p] || !load_dragon(g, s, n))
				goto bad;
			seen[p] = true;
		} else if (xml_is(n, "deck")) {
			if (!load_list(n, "cards", false, s->deck, &s->ndeck, DP_POWER))
				goto bad;
		} else if (xml_is(n, "discard")) {
			if (!load_list(n, "cards", false, s->discard, &s->ndiscard, DP_POWER))
				goto bad;
		} else if (xml_is(n, "destiny")) {
			if (!load_list(n, "cards", true, s->destiny, &s->ndestiny, DP_DESTINY) ||
			    !load_list(n, "drawn", true, s->drawn, &s->ndrawn, DP_DESTINY))
				goto bad;
		} else if (xml_is(n, "winner")) {
			if ((s->winner = player_attr(g, n, "player")) < 0)
				goto bad;
		}
	}
	for (int p = 0; p < s->n; p++)
		if (!seen[p])
			goto bad;
	return 0;
bad:
	*err = xasprintf("line %ld: the Dragon Pants state does not add up",
			 xmlGetLineNo((xmlNode *)node));
	return -1;
}

static void dp_save(const struct game *g, xmlNode *node)
{
	const struct dp_state *s = DP(g);
	xmlNode *n;

	xml_set_int(node, "time", s->time);
	xml_set(node, "current", g->players[s->current].name);
	xml_set_bool(node, "over", s->over);
	for (int p = 0; p < s->n; p++) {
		const struct dp_player *pl = &s->pl[p];
		n = xml_child(node, "dragon", NULL);
		xml_set(n, "player", g->players[p].name);
		xml_set(n, "den", dp_den_names[pl->den]);
		xml_set_int(n, "q", pl->at.q);
		xml_set_int(n, "r", pl->at.r);
		xml_set_bool(n, "frozen", pl->frozen);
		xml_set_bool(n, "out", pl->out);
		save_list(n, "react", false, pl->react, pl->nreact);
		save_list(n, "lose", false, pl->lose, pl->nlose);
		for (int i = 0; i < pl->hand.n; i++) {
			xmlNode *c = xml_child(n, "card", NULL);
			xml_set(c, "name", dp_card_word(pl->hand.card[i]));
			if (pl->hand.spent[i])
				xml_set_bool(c, "spent", true);
			if (pl->hand.fresh[i])
				xml_set_bool(c, "fresh", true);
		}
	}
	save_list(xml_child(node, "deck", NULL), "cards", false, s->deck, s->ndeck);
	save_list(xml_child(node, "discard", NULL), "cards", false, s->discard, s->ndiscard);
	n = xml_child(node, "destiny", NULL);
	save_list(n, "cards", true, s->destiny, s->ndestiny);
	save_list(n, "drawn", true, s->drawn, s->ndrawn);
	if (s->winner >= 0)
		xml_set(xml_child(node, "winner", NULL), "player", g->players[s->winner].name);
}

static void dp_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

/* --- checks for the tests ------------------------------------------------ */

/* Every hand holds real cards, within the limit, and none of a player out;
 * every dragon in the game stands on the board, sharing a hex only on a
 * den.  The cards held are counted in count, the dragons in *left. */
static char *players_invariant(const struct game *g, int *count, int *left)
{
	const struct dp_state *s = DP(g);

	for (int p = 0; p < s->n; p++) {
		const struct dp_player *pl = &s->pl[p];
		if (pl->hand.n > DP_HAND)
			return xasprintf("%s holds %d cards", g->players[p].name, pl->hand.n);
		if (pl->out && pl->hand.n)
			return xasprintf("%s is out but holds cards", g->players[p].name);
		for (int i = 0; i < pl->hand.n; i++) {
			if (pl->hand.card[i] < 0 || pl->hand.card[i] >= C_NCARDS)
				return xasprintf("%s holds a card that is not one",
						 g->players[p].name);
			if (pl->hand.fresh[i] && !pl->hand.spent[i])
				return xasprintf("%s has a fresh card that is not spent",
						 g->players[p].name);
			count[pl->hand.card[i]]++;
		}
		if (pl->out)
			continue;
		(*left)++;
		if (dp_terrain(pl->at) == T_OFF)
			return xasprintf("%s's dragon is off the board", g->players[p].name);
		for (int q = 0; q < p; q++)
			if (!s->pl[q].out && dp_same(s->pl[q].at, pl->at) &&
			    dp_terrain(pl->at) != T_DEN)
				return xasprintf("%s and %s share a hex", g->players[q].name,
						 g->players[p].name);
	}
	return NULL;
}

/* The power cards in the deck, the discard pile and the hands are the
 * box's, each once; the dragons in the game are counted in *left. */
static char *power_invariant(const struct game *g, int *left)
{
	const struct dp_state *s = DP(g);
	int count[C_NCARDS] = { 0 }, total = 0;
	char *why;

	for (int i = 0; i < s->ndeck; i++)
		count[s->deck[i]]++;
	for (int i = 0; i < s->ndiscard; i++)
		count[s->discard[i]]++;
	if ((why = players_invariant(g, count, left)))
		return why;
	for (int c = 0; c < C_NCARDS; c++) {
		if (count[c] != dp_card_count[c])
			return xasprintf("%d %s cards in play, not %d", count[c], dp_card_word(c),
					 dp_card_count[c]);
		total += count[c];
	}
	if (total != DP_POWER)
		return xasprintf("%d power cards, not %d", total, DP_POWER);
	return NULL;
}

/* The Deck of Destiny, drawn and not, is the chosen mix, and the time is
 * where the cards drawn have brought it. */
static char *destiny_invariant(const struct game *g)
{
	const struct dp_state *s = DP(g);
	int mix[DP_DESTINY], nmix, want[7] = { 0 }, have[7] = { 0 };

	nmix = dp_destiny_mix(option_get(&g->opts, "destiny"), mix);
	for (int i = 0; i < nmix; i++)
		want[mix[i] + 3]++;
	for (int i = 0; i < s->ndestiny; i++)
		have[s->destiny[i] + 3]++;
	for (int i = 0; i < s->ndrawn; i++)
		have[s->drawn[i] + 3]++;
	if (memcmp(want, have, sizeof want))
		return xstrdup("the Deck of Destiny is not the chosen mix");
	if (s->time != s->length + dp_destiny_sum(s->drawn, s->ndrawn))
		return xasprintf("the time is %d, but the cards drawn make it %d", s->time,
				 s->length + dp_destiny_sum(s->drawn, s->ndrawn));
	return NULL;
}

static char *dp_invariant(const struct game *g)
{
	const struct dp_state *s = DP(g);
	int left = 0;
	char *why = power_invariant(g, &left);

	if (!why)
		why = destiny_invariant(g);
	if (why)
		return why;
	if (!s->over && (s->time <= 0 || left < 2))
		return xstrdup("the game should be over");
	if (!s->over && (s->pl[s->current].out || s->pl[s->current].frozen))
		return xstrdup("the turn waits for a dragon that cannot play");
	if (s->over && left >= 2 && (s->winner < 0 || !dp_holds_pants(&s->pl[s->winner])))
		return xstrdup("the winner does not wear The Pants");
	return NULL;
}

/* The orders, for `help ORDER` by mail (docs/dragon-pants.md). */
static const struct order_doc dp_orders[] = {
	{ "move", "move DIR [take CARD]", "move one hex: n, ne, se, s, sw, nw; onto another "
					  "dragon's hex, bite it and take CARD" },
	{ "draw", "draw deck|discard", "draw from the deck or the top of the discard pile; "
				       "only on a power tile" },
	{ "play", "play CARD [at|with NAME] [take CARD]", "play a power card: at a dragon "
							  "(fireball, shock, freeze, "
							  "banish, tongue), with one "
							  "(teleport), or alone "
							  "(thunderstorm, boost)" },
	{ "discard", "discard CARD", "right after an action that takes you to 4 cards: which "
				     "to discard" },
	{ "pass", "pass", "end your turn here" },
	{ "react", "react CARD ...|default|none", "standing order: the reactions to use, best "
						  "first" },
	{ "lose", "lose CARD ...|default", "standing order: the cards to give up first when "
					   "you must lose or discard one" },
	{ NULL, NULL, NULL },
};
static const char *const dp_words[] = {
	"pants", "fireball", "shock", "shield", "freeze", "boost", "poison", "amulet",
	"tongue", "banish", "thunderstorm", "teleport", "ducky", "mirror", "at", "with",
	"take", "deck", "discard", "default", "none", NULL,
};

/* The last dragon on the board wins; before that, who is still on it. */
static void dp_standings(const struct game *g, int *place, char **note)
{
	const struct dp_state *s = DP(g);
	for (size_t p = 0; p < g->nplayers && (int)p < s->n; p++) {
		if (s->over)
			place[p] = s->winner == (int)p ? 1 : s->winner >= 0 ? 2 : 0;
		note[p] = xstrdup(s->pl[p].out ? "off the board" : "on the board");
	}
}

const struct engine dragon_pants_engine = {
	.name = "dragon-pants",
	.title = "Dragon Pants",
	.min_players = 2,
	.max_players = DP_MAXP,
	.late_players = false,
	.options = dp_options,
	.schema = schema_dragon_pants_rng,
	.setup = dp_setup,
	.load = dp_load,
	.save = dp_save,
	.release = dp_release,
	.check = dp_check,
	.awaited = dp_awaited,
	.incomplete = dp_incomplete,
	.nmr = dp_nmr,
	.drop = dp_drop,
	.advance = dp_advance,
	.over = dp_over,
	.standings = dp_standings,
	.view = dp_view,
	.board = dp_board,
	.legal = dp_legal,
	.orders = dp_orders,
	.words = dp_words,
	.invariant = dp_invariant,
	.scramble = dp_scramble,
};
