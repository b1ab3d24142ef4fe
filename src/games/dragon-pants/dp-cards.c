/* dp-cards.c - Dragon Pants: the power cards, hands and decks, every
 * card's effect, and the reactions each target answers from its standing
 * orders (see dp-int.h and docs/rules/dragon-pants.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"

static const char *const words[C_NCARDS + 1] = {
	"pants", "fireball", "shock", "shield", "freeze", "boost", "poison", "amulet",
	"tongue", "banish", "thunderstorm", "teleport", "ducky", "mirror", "unknown",
};
static const char *const titles[C_NCARDS + 1] = {
	"The Pants", "Fireball", "Shock", "Shield", "Freeze", "Boost", "Poison", "Amulet",
	"Tongue", "Banish", "Thunderstorm", "Teleport", "Rubber Ducky", "Mirror",
	"a card not yet seen",
};
const int dp_card_count[C_NCARDS] = { 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1 };
const int dp_default_react[DP_NREACT] = { C_MIRROR, C_SHIELD, C_AMULET, C_POISON, C_DUCKY };
/* What a player gives up when their standing orders do not say: the
 * cards that help least first, The Pants only when nothing else is left. */
static const int default_lose[C_NCARDS] = {
	C_BOOST, C_FREEZE, C_BANISH, C_TELEPORT, C_STORM, C_TONGUE, C_SHOCK,
	C_FIREBALL, C_DUCKY, C_POISON, C_AMULET, C_SHIELD, C_MIRROR, C_PANTS,
};

const char *dp_card_word(int c)
{
	return c >= 0 && c <= C_NCARDS ? words[c] : "?";
}

const char *dp_card_title(int c)
{
	return c >= 0 && c <= C_NCARDS ? titles[c] : "?";
}

int dp_card_parse(const char *word)
{
	for (int c = 0; c < C_NCARDS; c++)
		if (!ascii_casecmp(word, words[c]))
			return c;
	if (!ascii_casecmp(word, "storm") || !ascii_casecmp(word, "thunder"))
		return C_STORM;
	if (!ascii_casecmp(word, "rubber-ducky") || !ascii_casecmp(word, "duck") ||
	    !ascii_casecmp(word, "rubberducky"))
		return C_DUCKY;
	if (!ascii_casecmp(word, "the-pants") || !ascii_casecmp(word, "trousers"))
		return C_PANTS;
	return -1;
}

int dp_destiny_mix(const char *name, int *cards)
{
	/* counts of -1, -2, -3, +1, +2, from the rulebook's three tables */
	static const int values[5] = { -1, -2, -3, 1, 2 };
	static const int mixes[3][5] = { { 13, 1, 0, 3, 1 }, { 10, 3, 1, 3, 3 },
					 { 16, 4, 2, 4, 3 } };
	int m = !strcmp(name, "volatile") ? 1 : !strcmp(name, "long") ? 2 : 0, n = 0;
	for (int v = 0; v < 5; v++)
		for (int k = 0; k < mixes[m][v]; k++)
			cards[n++] = values[v];
	return n;
}

/* --- hands and decks ----------------------------------------------------- */

int dp_hand_find(const struct dp_hand *h, int card, bool ready_only)
{
	int spent = -1;
	for (int i = 0; i < h->n; i++) {
		if (h->card[i] != card)
			continue;
		if (!h->spent[i])
			return i;
		if (spent < 0)
			spent = i;
	}
	return ready_only ? -1 : spent;
}

void dp_hand_add(struct dp_hand *h, int card)
{
	if (h->n >= DP_HOLD)
		BUG("hand overflow");
	h->card[h->n] = card;
	h->spent[h->n] = h->fresh[h->n] = false;
	h->n++;
}

int dp_hand_remove(struct dp_hand *h, int i)
{
	int c = h->card[i];
	for (int k = i; k + 1 < h->n; k++) {
		h->card[k] = h->card[k + 1];
		h->spent[k] = h->spent[k + 1];
		h->fresh[k] = h->fresh[k + 1];
	}
	h->n--;
	return c;
}

bool dp_holds_pants(const struct dp_player *pl)
{
	return !pl->out && dp_hand_find(&pl->hand, C_PANTS, false) >= 0;
}

void dp_shuffle(struct rng *r, int *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = rng_range(r, 0, i), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

const char *dp_name(const struct dp_run *run, int p)
{
	return run->g->players[p].name;
}

void dp_say(const struct dp_run *run, const char *fmt, ...)
{
	va_list ap;
	if (!run->ev)
		return;
	va_start(ap, fmt);
	events_vadd(run->ev, AUD_ALL, fmt, ap);
	va_end(ap);
}

static void to_discard(struct dp_state *s, int c)
{
	if (s->ndiscard >= DP_POWER)
		BUG("discard overflow");
	s->discard[s->ndiscard++] = c;
}

/* The hand index player p gives up: a named card, else their standing
 * order, else the default order; of two copies, the spent one. */
static int choose_loss(const struct dp_run *run, int p, int named)
{
	const struct dp_player *pl = &run->s->pl[p];
	int i;
	/* In check() other players' standing orders are their secret. */
	bool own = !run->sim || p == run->s->current;

	if (named >= 0 && (i = dp_hand_find(&pl->hand, named, false)) >= 0) {
		if (pl->hand.spent[i] || dp_hand_find(&pl->hand, named, true) < 0)
			return i;
		for (int k = 0; k < pl->hand.n; k++)
			if (pl->hand.card[k] == named && pl->hand.spent[k])
				return k;
		return i;
	}
	for (int k = 0; own && k < pl->nlose; k++)
		if ((i = dp_hand_find(&pl->hand, pl->lose[k], false)) >= 0)
			return i;
	for (int k = 0; k < C_NCARDS; k++)
		if ((i = dp_hand_find(&pl->hand, default_lose[k], false)) >= 0)
			return i;
	return pl->hand.n ? 0 : -1; /* only unknown cards in check() */
}

static void lose_at(struct dp_run *run, int p, int i, const char *how)
{
	int c = dp_hand_remove(&run->s->pl[p].hand, i);
	to_discard(run->s, c);
	dp_say(run, "%s %s %s.", dp_name(run, p), how, dp_card_title(c));
}

void dp_lose_card(struct dp_run *run, int p, const char *why)
{
	int i = choose_loss(run, p, -1);
	if (i < 0) {
		dp_say(run, "%s has no card to lose (%s).", dp_name(run, p), why);
		return;
	}
	lose_at(run, p, i, "gives up");
}

void dp_gain(struct dp_run *run, int p, int c)
{
	struct dp_hand *h = &run->s->pl[p].hand;
	int pick = p == run->s->current ? run->discard_pick : -1;
	int i;
	dp_hand_add(h, c);
	if (h->n <= DP_HAND)
		return;
	i = -1;
	/* In check() the card drawn face down may be the one named. */
	if (run->sim && pick >= 0 && dp_hand_find(h, pick, false) < 0)
		i = dp_hand_find(h, C_UNKNOWN, false);
	if (i < 0)
		i = choose_loss(run, p, pick);
	if (p == run->s->current)
		run->discarded = h->card[i];
	lose_at(run, p, i, "is over the hand limit of 3 and discards");
}

void dp_send_home(struct dp_run *run, int p)
{
	struct dp_player *pl = &run->s->pl[p];
	if (dp_same(pl->at, dp_dens[pl->den]))
		return;
	pl->at = dp_dens[pl->den];
	dp_say(run, "%s is sent home to the %s den.", dp_name(run, p), dp_den_names[pl->den]);
}

/* Thief p takes a card from victim t: the card named, else The Pants,
 * else one at random.  It arrives ready. */
static void steal(struct dp_run *run, int p, int t, int want)
{
	struct dp_hand *h = &run->s->pl[t].hand;
	int i = -1, c;
	if (!h->n) {
		dp_say(run, "%s has no card for %s to take.", dp_name(run, t), dp_name(run, p));
		return;
	}
	if (want >= 0)
		i = dp_hand_find(h, want, false);
	if (i < 0)
		i = dp_hand_find(h, C_PANTS, false);
	if (i < 0) {
		i = rng_range(run->rng, 0, h->n - 1);
		dp_say(run, "%s takes a card at random from %s.", dp_name(run, p), dp_name(run, t));
	}
	c = dp_hand_remove(h, i);
	dp_say(run, "%s takes %s from %s.", dp_name(run, p), dp_card_title(c), dp_name(run, t));
	dp_gain(run, p, c);
}

/* --- reactions ----------------------------------------------------------- */

static bool answers(int reaction, int trig)
{
	switch (reaction) {
	case C_MIRROR: /* cards only: a bite is not a card to turn back */
		return trig == C_FIREBALL || trig == C_SHOCK || trig == C_FREEZE ||
		       trig == C_BANISH || trig == C_STORM || trig == C_TELEPORT ||
		       trig == C_TONGUE;
	case C_SHIELD: /* attacks */
		return trig == C_FIREBALL || trig == C_SHOCK || trig == TRIG_BITE;
	case C_AMULET: /* curses */
		return trig == C_SHOCK || trig == C_FREEZE || trig == C_BANISH ||
		       trig == C_STORM || trig == C_TELEPORT;
	case C_POISON:
	case C_DUCKY: /* thefts */
		return trig == C_TONGUE || trig == TRIG_BITE;
	default:
		return false;
	}
}

/* Does t answer trig (played by p)?  The first reaction in t's standing
 * order that t holds ready and that answers trig, spent now; -1: none. */
static int react(struct dp_run *run, int t, int trig, int p)
{
	struct dp_player *pl = &run->s->pl[t];
	if (run->sim)
		return -1; /* nobody knows another player's reactions in advance */
	if (dp_terrain(pl->at) == T_DEN) {
		for (int k = 0; k < pl->nreact; k++)
			if (answers(pl->react[k], trig) &&
			    dp_hand_find(&pl->hand, pl->react[k], true) >= 0) {
				dp_say(run, "%s stands on a den and may not use %s.", dp_name(run, t),
				       dp_card_title(pl->react[k]));
				break;
			}
		return -1;
	}
	for (int k = 0; k < pl->nreact; k++) {
		int c = pl->react[k], i;
		if (!answers(c, trig) || (i = dp_hand_find(&pl->hand, c, true)) < 0)
			continue;
		pl->hand.spent[i] = true;
		pl->hand.fresh[i] = false; /* ready at the end of t's next turn */
		dp_say(run, "%s answers %s with %s.", dp_name(run, t), dp_name(run, p),
		       dp_card_title(c));
		return c;
	}
	return -1;
}

/* --- playing cards ------------------------------------------------------- */

static bool needs_target(int c)
{
	return c == C_FIREBALL || c == C_SHOCK || c == C_FREEZE || c == C_BANISH ||
	       c == C_TONGUE || c == C_TELEPORT;
}

/* Why player p may not play card c at all now (NULL: they may). */
static const char *card_refusal(const struct dp_player *pl, int c, char **reason)
{
	if (c == C_PANTS) {
		*reason = xstrdup("The Pants are worn, not played");
		return "not-playable";
	}
	if (c == C_SHIELD || c == C_AMULET || c == C_POISON || c == C_DUCKY || c == C_MIRROR) {
		*reason = xasprintf("%s is a reaction: it is used from your standing orders "
				    "('react ...') when another dragon acts against you",
				    dp_card_title(c));
		return "reaction-only";
	}
	if (dp_hand_find(&pl->hand, c, false) < 0) {
		*reason = xasprintf("you hold no %s", dp_card_title(c));
		return "no-card";
	}
	if (dp_hand_find(&pl->hand, c, true) < 0) {
		*reason = xasprintf("your %s is spent until the end of your next turn",
				    dp_card_title(c));
		return "card-spent";
	}
	if (dp_terrain(pl->at) == T_DEN) {
		*reason = xstrdup("a dragon on a den may not use power cards; move out first");
		return "on-den";
	}
	return NULL;
}

/* Why player p's card c cannot reach the dragon of player t, which is in
 * the game and not under water (NULL: it can). */
static const char *sight_refusal(const struct dp_state *s, const struct game *g, int p,
				 int c, int t, char **reason)
{
	enum dp_sight kind, want = c == C_SHOCK ? SIGHT_DIAG : SIGHT_FLAT;
	struct dp_hex block;
	char where[24];

	if (!dp_sight(s, p, t, &kind, &block)) {
		if (kind == want) {
			char mine[24], theirs[24], what[64];
			int d = dp_dragon_at(s, block);
			dp_hex_name(s->pl[p].at, mine, sizeof mine);
			dp_hex_name(s->pl[t].at, theirs, sizeof theirs);
			dp_hex_name(block, where, sizeof where);
			if (dp_terrain(block) == T_MOUNTAIN)
				snprintf(what, sizeof what, "the mountain at %s", where);
			else
				snprintf(what, sizeof what, "%s's dragon at %s",
					 g->players[d].name, where);
			*reason = xasprintf("no line of sight: %s blocks the %s line from %s to %s",
					    what, want == SIGHT_FLAT ? "flat" : "diagonal", mine,
					    theirs);
			return "blocked";
		}
	} else if (kind == want) {
		return NULL;
	}
	*reason = xasprintf("%s needs a %s line of sight (%s), and %s's dragon is not on one",
			    dp_card_title(c), want == SIGHT_FLAT ? "flat" : "diagonal",
			    want == SIGHT_FLAT ? "straight through the sides of the hexes"
					       : "straight through the corners of the hexes",
			    g->players[t].name);
	return "no-line";
}

const char *dp_play_refusal(const struct dp_state *s, const struct game *g, int p, int c,
			    int t, char **reason)
{
	const char *code = card_refusal(&s->pl[p], c, reason);
	char where[24];

	if (code)
		return code;
	if (!needs_target(c)) {
		if (t >= 0) {
			*reason = xasprintf("%s takes no target", dp_card_title(c));
			return "no-target";
		}
		return NULL;
	}
	if (t < 0) {
		*reason = xasprintf("say whom: 'play %s %s NAME'", dp_card_word(c),
				    c == C_TELEPORT ? "with" : "at");
		return "need-target";
	}
	if (t == p) {
		*reason = xasprintf("%s is played on another dragon", dp_card_title(c));
		return "not-yourself";
	}
	if (s->pl[t].out) {
		*reason = xasprintf("%s is out of the game", g->players[t].name);
		return "no-such-player";
	}
	if (c == C_BANISH || c == C_TELEPORT)
		return NULL; /* any dragon, wherever it is */
	if (dp_terrain(s->pl[t].at) == T_WATER) {
		dp_hex_name(s->pl[t].at, where, sizeof where);
		*reason = xasprintf("%s's dragon is under water at %s, out of reach of %s",
				    g->players[t].name, where, dp_card_title(c));
		return "under-water";
	}
	return sight_refusal(s, g, p, c, t, reason);
}

static void spend(struct dp_run *run, int p, int c)
{
	struct dp_hand *h = &run->s->pl[p].hand;
	int i = dp_hand_find(h, c, true);
	if (i < 0)
		BUG("%s holds no ready %s", dp_name(run, p), dp_card_word(c));
	h->spent[i] = true;
	h->fresh[i] = true; /* survives the end of this turn */
}

static void storm(struct dp_run *run, int p)
{
	bool back = false;
	for (int k = 1; k < run->s->n; k++) {
		int q = (p + k) % run->s->n, r;
		if (run->s->pl[q].out)
			continue;
		r = react(run, q, C_STORM, p);
		if (r == C_MIRROR)
			back = true;
		else if (r < 0)
			dp_send_home(run, q);
	}
	if (back) {
		dp_say(run, "The storm turned back by Mirror blows %s home.", dp_name(run, p));
		dp_send_home(run, p);
	}
}

/* Teleport: p and t trade places, unless t reacts.  Mirror would make the
 * same swap the other way round, which is no swap at all: it cancels
 * Teleport, as Amulet does. */
static void teleport(struct dp_run *run, int p, int t)
{
	struct dp_state *s = run->s;
	int r = react(run, t, C_TELEPORT, p);
	if (r < 0) {
		struct dp_hex a = s->pl[p].at;
		char na[24], nb[24];
		s->pl[p].at = s->pl[t].at;
		s->pl[t].at = a;
		dp_hex_name(s->pl[p].at, na, sizeof na);
		dp_hex_name(s->pl[t].at, nb, sizeof nb);
		dp_say(run, "%s and %s trade places: %s is now at %s, %s at %s.",
		       dp_name(run, p), dp_name(run, t), dp_name(run, p), na,
		       dp_name(run, t), nb);
	}
}

/* Tongue: p takes a card from t (take, or the default), as t's reaction
 * allows. */
static void tongue(struct dp_run *run, int p, int t, int take)
{
	int r = react(run, t, C_TONGUE, p);
	if (r == C_MIRROR) {
		steal(run, t, p, -1);
	} else if (r == C_POISON) {
		dp_say(run, "%s takes nothing and is poisoned.", dp_name(run, p));
		dp_lose_card(run, p, "poison");
	} else if (r == C_DUCKY) {
		dp_say(run, "%s's tongue cannot resist the Rubber Ducky.", dp_name(run, p));
		steal(run, p, t, C_DUCKY);
	} else {
		steal(run, p, t, take);
	}
}

void dp_play(struct dp_run *run, int p, int c, int t, int take)
{
	struct dp_state *s = run->s;
	int r;

	spend(run, p, c);
	if (t >= 0)
		dp_say(run, "%s plays %s %s %s.", dp_name(run, p), dp_card_title(c),
		       c == C_TELEPORT ? "with" : "at", dp_name(run, t));
	else
		dp_say(run, "%s plays %s.", dp_name(run, p), dp_card_title(c));
	switch (c) {
	case C_BOOST:
		dp_say(run, "%s may take one more action this turn.", dp_name(run, p));
		break;
	case C_STORM:
		storm(run, p);
		break;
	case C_FIREBALL:
	case C_SHOCK:
		r = react(run, t, c, p);
		if (r == C_MIRROR) {
			dp_lose_card(run, p, "the mirrored blast");
			if (c == C_SHOCK)
				dp_send_home(run, p);
		} else if (r < 0) {
			dp_lose_card(run, t, "the blast");
			if (c == C_SHOCK)
				dp_send_home(run, t);
		}
		break;
	case C_FREEZE:
		r = react(run, t, c, p);
		if (r == C_MIRROR || r < 0) {
			int who = r < 0 ? t : p;
			s->pl[who].frozen = true;
			dp_say(run, "%s is frozen and will miss their next turn.", dp_name(run, who));
		}
		break;
	case C_BANISH:
		r = react(run, t, c, p);
		if (r == C_MIRROR)
			dp_send_home(run, p);
		else if (r < 0)
			dp_send_home(run, t);
		break;
	case C_TELEPORT:
		teleport(run, p, t);
		break;
	case C_TONGUE:
		tongue(run, p, t, take);
		break;
	default:
		BUG("play %s", dp_card_word(c));
	}
}

void dp_bite(struct dp_run *run, int p, int t, struct dp_hex to, int take)
{
	struct dp_state *s = run->s;
	char where[24];
	int r;

	dp_hex_name(to, where, sizeof where);
	dp_say(run, "%s moves onto %s at %s and bites.", dp_name(run, p), dp_name(run, t),
	       where);
	r = react(run, t, TRIG_BITE, p);
	if (r == C_SHIELD) {
		dp_say(run, "The bite glances off; %s's dragon stays where it was.", dp_name(run, p));
		return;
	}
	if (r == C_POISON) {
		dp_say(run, "%s is poisoned and takes nothing.", dp_name(run, p));
		dp_send_home(run, p);
		dp_lose_card(run, p, "poison");
		return;
	}
	dp_send_home(run, t);
	s->pl[p].at = to;
	if (r == C_DUCKY) {
		dp_say(run, "%s's jaws cannot resist the Rubber Ducky.", dp_name(run, p));
		take = C_DUCKY;
	}
	steal(run, p, t, take);
}

bool dp_draw_deck(struct dp_run *run, int p)
{
	struct dp_state *s = run->s;
	int c;
	if (!s->ndeck) {
		if (!s->ndiscard)
			return false;
		memcpy(s->deck, s->discard, sizeof s->deck[0] * (size_t)s->ndiscard);
		s->ndeck = s->ndiscard;
		s->ndiscard = 0;
		dp_shuffle(run->rng, s->deck, s->ndeck);
		dp_say(run, "The deck is empty: %s shuffles the %d discarded cards into a new deck.",
		       dp_name(run, p), s->ndeck);
	}
	c = s->deck[--s->ndeck];
	if (run->sim)
		c = C_UNKNOWN;
	dp_say(run, "%s draws %s from the deck.", dp_name(run, p), dp_card_title(c));
	dp_gain(run, p, c);
	return true;
}
