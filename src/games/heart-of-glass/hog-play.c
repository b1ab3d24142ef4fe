/* hog-play.c - Heart of Glass turns: making the Minions and the Dragon, the
 * deal, the two turns of each scene, the checks at the start and end of a
 * scene, and every ending. */
#include <stdlib.h>
#include <string.h>

#include "hog-int.h"

/* The endings of the rulebook's table, in our words. */
static const char *const match_dragon[NTRAITS] = {
	"the Minion has at last fed the Dragon's hunger",
	"the Dragon loves the Minion and will guard them with its life",
	"the Minion has solved the riddle that haunted the Dragon and won its mind",
	"the Minion has found the treasure the Dragon craves above all and bought its "
	"loyalty",
};
static const char *const match_minion[NTRAITS] = {
	"the Dragon swears to defend the Minion with its life",
	"the Minion has mastered fear and every dark feeling, and can face anything",
	"the Dragon has opened the secrets of the world to the Minion",
	"the Dragon has given the Minion riches enough never to work again",
};
static const char *const dragon_zero[NTRAITS] = {
	"the Dragon starves or falls in battle, and every Minion dies with it",
	"the Dragon's Heart of Glass shatters, and every Minion dies with it",
	"the Dragon's mind sinks to a beast's, and every Minion dies with it",
	"the Dragon's hoard is gone; with nothing to live for and nothing to pay its "
	"Minions, it dies, and they die with it",
};

static void end_game(struct game *g, uint64_t winners, struct events *ev)
{
	struct hog *h = HOG(g);
	struct sb w = SB_INIT;
	h->phase = PH_OVER;
	h->winners = winners;
	for (size_t p = 0; p < g->nplayers; p++)
		if (winners & AUD(p))
			sb_addf(&w, "%s%s", w.len ? " and " : "", hog_name(g, (int)p));
	if (w.len)
		events_add(ev, AUD_ALL, "The game is over: %s win%s.", sb_str(&w),
			   __builtin_popcountll(winners) == 1 ? "s" : "");
	else
		events_add(ev, AUD_ALL, "The game is over: everybody loses.");
	sb_release(&w);
}

/* Record one event of the ending, for the story and for the report. */
static void ending(struct game *g, struct events *ev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void ending(struct game *g, struct events *ev, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strlist_add(&HOG(g)->ending, events_vadd(ev, AUD_ALL, fmt, ap));
	va_end(ap);
}

static void old_age(struct game *g, struct events *ev)
{
	ending(g, ev, "The deck is empty when a card must be drawn: the Dragon dies of old "
		      "age, and every Minion dies with it.");
	end_game(g, 0, ev);
}

/* Player p draws the top card; false (and the game ends) when there is none. */
static bool draw(struct game *g, int p, struct events *ev)
{
	struct hog *h = HOG(g);
	char pretty[8];
	int c;
	if (!h->ndeck) {
		old_age(g, ev);
		return false;
	}
	c = h->deck[0];
	memmove(h->deck, h->deck + 1, (size_t)--h->ndeck * sizeof *h->deck);
	h->where[c] = W_HAND + p;
	card_pretty(c, pretty);
	events_add(ev, AUD_ALL, "%s draws a card (%d left in the deck).",
		   hog_name(g, p), h->ndeck);
	events_add(ev, AUD(p), "You drew the %s.", pretty);
	return true;
}

static void set_aside_hand(struct game *g, int p)
{
	struct hog *h = HOG(g);
	for (int c = 0; c < NCARDS; c++)
		if (h->where[c] == W_HAND + p)
			h->where[c] = W_ASIDE;
}

/* The check at the start and end of a scene: a Minion holding one card
 * wins if it matches a trait of theirs or of the Dragon, else draws.
 * True when the game ended. */
static bool last_card(struct game *g, int p, const char *when, struct events *ev)
{
	struct hog *h = HOG(g);
	int cards[NCARDS], c, t, f;
	bool mm, dm;
	char pretty[8];

	if (hog_hand(h, p, cards) != 1)
		return false;
	c = cards[0];
	t = card_trait(c);
	f = card_face(c);
	card_pretty(c, pretty);
	mm = h->m[p].trait[t] == f;
	dm = h->dtrait[t] == f;
	if (!mm && !dm) {
		events_add(ev, AUD_ALL, "At the %s of the scene %s holds one card, "
			   "which matches neither trait of its suit, and draws.",
			   when, hog_name(g, p));
		events_add(ev, AUD(p), "Your one card was the %s: it matches neither your %s "
			   "(%d) nor the Dragon's (%d).", pretty,
			   hog_trait_name[t], h->m[p].trait[t], h->dtrait[t]);
		return !draw(g, p, ev);
	}
	ending(g, ev, "At the %s of the scene %s's last card is the %s, face value %d.", when,
	       hog_name(g, p), pretty, f);
	if (dm)
		ending(g, ev, "It matches the Dragon's %s (%d): %s.", hog_trait_name[t],
		       h->dtrait[t], match_dragon[t]);
	if (mm)
		ending(g, ev, "It matches %s's %s (%d): %s.", h->m[p].name, hog_trait_name[t],
		       h->m[p].trait[t], match_minion[t]);
	end_game(g, AUD(p), ev);
	return true;
}

/* Begin a scene with from (or the next living player) as the Dragon. */
static void setup_scene(struct game *g, int from, struct events *ev)
{
	struct hog *h = HOG(g);
	struct hog_scene *s;
	int dragon = h->m[from].life == L_ALIVE ? from : hog_next_alive(g, from), minion;

	minion = hog_next_alive(g, dragon);
	if (minion < 0 || minion == dragon)
		BUG("a scene with fewer than two Minions");
	events_add(ev, AUD_ALL, "Scene %zu begins: %s is the Dragon, %s the Minion.",
		   h->nscenes + 1, hog_name(g, dragon), hog_name(g, minion));
	if (last_card(g, minion, "start", ev))
		return;
	/* A player who must play a card and holds none draws one first, in
	 * the turn the card is due: the Dragon's now, for the Conflict turn
	 * beginning; the Minion's when the Resolution turn begins. */
	if (!hog_hand_count(h, dragon)) {
		events_add(ev, AUD_ALL, "%s, the Dragon, holds no card and draws one to play.",
			   hog_name(g, dragon));
		if (!draw(g, dragon, ev))
			return;
	}
	ALLOC_GROW(h->scenes, h->nscenes + 1, h->scenes_alloc);
	s = &h->scenes[h->nscenes++];
	memset(s, 0, sizeof *s);
	s->number = (int)h->nscenes;
	s->dragon = dragon;
	s->minion = minion;
	s->dcard = s->mcard = -1;
	h->phase = PH_CONFLICT;
}

/* --- making the Minions and the Dragon ----------------------------------- */

static void make_minion(struct game *g, int p, const struct hog_orders *o,
			struct events *ev)
{
	struct hog_minion *m = &HOG(g)->m[p];
	int pick = o->pick, tok[2] = { -1, -1 };
	bool chosen = pick >= 0 && o->ntok == 2;

	if (o->ntok == 2 && o->tok[0] != pick && o->tok[1] != pick) {
		tok[0] = o->tok[0];
		tok[1] = o->tok[1];
	}
	if (pick < 0) {
		/* Random, but never where the player put their two tokens. */
		do
			pick = rng_range(&g->rng, 0, NTRAITS - 1);
		while (pick == tok[0] || pick == tok[1]);
	}
	for (int i = 0; i < 2; i++)
		if (tok[i] < 0) {
			tok[i] = rng_range(&g->rng, 0, NTRAITS - 2);
			if (tok[i] >= pick)
				tok[i]++;
		}
	free(m->name);
	free(m->nature);
	free(m->desc);
	m->name = xstrdup(o->name ? o->name : hog_name(g, p));
	m->nature = o->nature ? xstrdup(o->nature) : NULL;
	m->desc = o->desc ? xstrdup(o->desc) : NULL;
	m->pick = pick;
	for (int t = 0; t < NTRAITS; t++)
		m->trait[t] = 1;
	m->trait[pick] += 3;
	m->trait[tok[0]]++;
	m->trait[tok[1]]++;
	m->life = L_ALIVE;
	if (tok[0] > tok[1]) {
		int t = tok[0];
		tok[0] = tok[1];
		tok[1] = t;
	}
	events_add(ev, AUD_ALL, "%s makes %s%s%s: +3 on %s, %s%s%s%s%s; "
		   "Body %d, Heart %d, Mind %d, Wealth %d.", hog_name(g, p), m->name,
		   m->nature ? ", " : "", m->nature ? m->nature : "", hog_trait_name[pick],
		   tok[0] == tok[1] ? "both tokens on " : "one token each on ",
		   hog_trait_name[tok[0]], tok[0] == tok[1] ? "" : " and ",
		   tok[0] == tok[1] ? "" : hog_trait_name[tok[1]],
		   chosen ? "" : " (what was not sent was chosen at random)",
		   m->trait[T_BODY], m->trait[T_HEART], m->trait[T_MIND], m->trait[T_WEALTH]);
}

/* Every player still to make a Minion makes it from their orders. */
static void make_new_minions(struct game *g, const struct turn_orders *orders,
			     struct events *ev)
{
	for (size_t p = 0; p < g->nplayers; p++) {
		struct hog_orders o;
		if (HOG(g)->m[p].life != L_NEW || g->players[p].dropped)
			continue;
		hog_orders_read(g, (int)p, orders->has[p] ? &orders->lines[p] : NULL, &o);
		make_minion(g, (int)p, &o, ev);
		hog_orders_release(&o);
	}
}

/* After the first Minions: the Dragon's sums and the draw for its type. */
static void generation_draw(struct game *g, struct events *ev)
{
	struct hog *h = HOG(g);
	struct sb line = SB_INIT;
	int best = -1;

	for (int t = 0; t < NTRAITS; t++) {
		h->dtrait[t] = 0;
		for (size_t p = 0; p < g->nplayers; p++)
			if (h->m[p].life == L_ALIVE)
				h->dtrait[t] += h->m[p].trait[t];
	}
	events_add(ev, AUD_ALL, "The Dragon begins with the sums of the Minions' traits: "
		   "Body %d, Heart %d, Mind %d, Wealth %d.", h->dtrait[T_BODY],
		   h->dtrait[T_HEART], h->dtrait[T_MIND], h->dtrait[T_WEALTH]);
	sb_adds(&line, "Each player draws a card for the Dragon's type:");
	for (size_t p = 0; p < g->nplayers; p++) {
		char pretty[8];
		int c;
		if (h->m[p].life != L_ALIVE)
			continue;
		c = h->deck[0];
		memmove(h->deck, h->deck + 1, (size_t)--h->ndeck * sizeof *h->deck);
		h->where[c] = W_DRAWN + (int)p;
		card_pretty(c, pretty);
		sb_addf(&line, "%s %s %s", best < 0 ? "" : ",", hog_name(g, (int)p), pretty);
		if (best < 0 || card_rank(c) > card_rank(best)) {
			best = c;
			h->chooser = (int)p;
		}
	}
	sb_addc(&line, '.');
	events_add(ev, AUD_ALL, "%s", sb_str(&line));
	events_add(ev, AUD_ALL, "%s draws highest and chooses the Dragon's type, name and "
		   "description.", hog_name(g, h->chooser));
	sb_release(&line);
	h->phase = PH_TYPE;
}

static void choose_type(struct game *g, const struct turn_orders *orders,
			struct events *ev)
{
	struct hog *h = HOG(g);
	int p = h->chooser;
	bool in = !g->players[p].dropped && h->m[p].life == L_ALIVE;
	struct hog_orders o;

	hog_orders_read(g, p, in && orders->has[p] ? &orders->lines[p] : NULL, &o);
	h->dtype = o.type >= 0 ? o.type : rng_range(&g->rng, 0, NTRAITS - 1);
	h->dtrait[h->dtype] += 3;
	free(h->dname);
	free(h->ddesc);
	h->dname = xstrdup(o.name ? o.name : "the Dragon");
	h->ddesc = o.desc ? xstrdup(o.desc) : NULL;
	events_add(ev, AUD_ALL, "%s makes the Dragon %s, a %s dragon (+3 %s%s): Body %d, "
		   "Heart %d, Mind %d, Wealth %d.", hog_name(g, p), h->dname,
		   hog_type_word[h->dtype], hog_trait_name[h->dtype],
		   o.type >= 0 ? "" : ", the type chosen at random", h->dtrait[T_BODY],
		   h->dtrait[T_HEART], h->dtrait[T_MIND], h->dtrait[T_WEALTH]);
	hog_orders_release(&o);
	h->phase = PH_RAISE;
}

static const int deal_size[HOG_MAX + 1] = { 0, 0, 11, 8, 6, 5, 4 };

static void raise_and_deal(struct game *g, const struct turn_orders *orders,
			   struct events *ev)
{
	struct hog *h = HOG(g);
	int n = hog_alive_count(g), k;

	for (size_t p = 0; p < g->nplayers; p++) {
		struct hog_orders o;
		int t;
		if ((int)p == h->chooser || h->m[p].life != L_ALIVE || g->players[p].dropped)
			continue;
		hog_orders_read(g, (int)p, orders->has[p] ? &orders->lines[p] : NULL, &o);
		t = o.raise >= 0 ? o.raise : rng_range(&g->rng, 0, NTRAITS - 1);
		h->dtrait[t]++;
		events_add(ev, AUD_ALL, "%s adds +1 to the Dragon's %s%s (now %d).",
			   hog_name(g, (int)p), hog_trait_name[t],
			   o.raise >= 0 ? "" : ", chosen at random", h->dtrait[t]);
		hog_orders_release(&o);
	}
	events_add(ev, AUD_ALL, "The Dragon: Body %d, Heart %d, Mind %d, Wealth %d.",
		   h->dtrait[T_BODY], h->dtrait[T_HEART], h->dtrait[T_MIND],
		   h->dtrait[T_WEALTH]);
	/* The drawn cards go back, and the whole deck is shuffled. */
	for (int c = 0; c < NCARDS; c++)
		if (h->where[c] >= W_DRAWN) {
			h->where[c] = W_DECK;
			h->deck[h->ndeck++] = c;
		}
	rng_shuffle(&g->rng, h->deck, (size_t)h->ndeck, sizeof *h->deck);
	k = deal_size[n < 2 ? 2 : n > HOG_MAX ? HOG_MAX : n];
	for (int i = 0; i < k; i++)
		for (size_t p = 0; p < g->nplayers; p++)
			if (h->m[p].life == L_ALIVE) {
				int c = h->deck[0];
				memmove(h->deck, h->deck + 1, (size_t)--h->ndeck * sizeof *h->deck);
				h->where[c] = W_HAND + (int)p;
			}
	events_add(ev, AUD_ALL, "The deck is shuffled and dealt: %d cards to each of the %d "
		   "players, %d left in the deck.", k, n, h->ndeck);
	for (size_t p = 0; p < g->nplayers; p++) {
		int cards[NCARDS], m = hog_hand(h, (int)p, cards);
		struct sb line = SB_INIT;
		if (!m)
			continue;
		for (int i = 0; i < m; i++) {
			char pretty[8];
			card_pretty(cards[i], pretty);
			sb_addf(&line, "%s%s", i ? " " : "", pretty);
		}
		events_add(ev, AUD(p), "You are dealt: %s.", sb_str(&line));
		sb_release(&line);
	}
	setup_scene(g, h->chooser, ev);
}

/* --- the two turns of a scene ---------------------------------------------- */

/* The card a player's orders name if they hold it, else their lowest. */
static int card_to_play(const struct hog *h, int p, int wanted)
{
	int cards[NCARDS];
	if (wanted >= 0 && h->where[wanted] == W_HAND + p)
		return wanted;
	if (!hog_hand(h, p, cards))
		BUG("player %d must play and holds nothing", p);
	return cards[0];
}

static char *text_or_none(char **t)
{
	char *r = *t ? *t : xstrdup("(none)");
	*t = NULL;
	return r;
}

static void conflict_turn(struct game *g, const struct turn_orders *orders,
			  struct events *ev)
{
	struct hog *h = HOG(g);
	struct hog_scene *s = hog_scene_now(h);
	struct hog_orders o;
	char pretty[8];

	hog_orders_read(g, s->dragon, orders->has[s->dragon] ? &orders->lines[s->dragon] : NULL,
			&o);
	s->dcard = card_to_play(h, s->dragon, o.card);
	h->where[s->dcard] = W_PLAYED;
	s->frame = text_or_none(&o.frame);
	card_pretty(s->dcard, pretty);
	events_add(ev, AUD_ALL, "%s, the Dragon, plays the %s%s: Conflict %d, theme %s (%s's "
		   "%s is at stake), and frames the scene (see the story below).",
		   hog_name(g, s->dragon), pretty, o.card == s->dcard ? "" : " (the lowest card)",
		   card_face(s->dcard), hog_trait_name[card_trait(s->dcard)],
		   h->m[s->minion].name, hog_trait_name[card_trait(s->dcard)]);
	hog_orders_release(&o);
	h->phase = PH_RESOLVE;
	if (!hog_hand_count(h, s->minion)) {
		events_add(ev, AUD_ALL, "%s, the Minion, holds no card and draws one to play.",
			   hog_name(g, s->minion));
		draw(g, s->minion, ev); /* an empty deck ends the game here */
	}
}

/* Read the votes: a vote for one's opponent's card counts only when
 * somebody who is neither Dragon nor Minion voted the same way. */
static void read_votes(struct game *g, const struct turn_orders *orders,
		       struct hog_scene *s, struct events *ev)
{
	struct hog *h = HOG(g);
	int others[2] = { 0, 0 };

	for (size_t p = 0; p < g->nplayers; p++) {
		struct hog_orders o;
		if (!orders->has[p] || h->m[p].life != L_ALIVE || g->players[p].dropped)
			continue;
		hog_orders_read(g, (int)p, &orders->lines[p], &o);
		if (o.vote >= 0 && !((o.vote == 0 && s->dragon == (int)p) ||
				     (o.vote == 1 && s->minion == (int)p))) {
			struct hog_vote *v = &s->votes[s->nvotes++];
			v->player = (int)p;
			v->stakes = o.vote == 1;
			if ((int)p != s->dragon && (int)p != s->minion)
				others[o.vote]++;
		}
		hog_orders_release(&o);
	}
	for (int i = 0; i < s->nvotes; i++) {
		struct hog_vote *v = &s->votes[i];
		v->counted = (v->player != s->dragon && v->player != s->minion) ||
			     others[v->stakes];
		events_add(ev, AUD_ALL, "%s votes +1 to the %s%s.", hog_name(g, v->player),
			   v->stakes ? "Stakes" : "Conflict",
			   v->counted ? "" : ", which does not count: nobody else voted so");
		if (v->counted && v->stakes)
			s->stakes++;
		else if (v->counted)
			s->conflict++;
	}
}

static void minion_dies(struct game *g, int p, struct events *ev)
{
	struct hog *h = HOG(g);
	if (option_bool(&g->opts, "respawn")) {
		h->m[p].life = L_NEW;
		events_add(ev, AUD_ALL, "%s dies; %s keeps their cards and will make a new "
			   "Minion.", h->m[p].name, hog_name(g, p));
		return;
	}
	h->m[p].life = L_DEAD;
	set_aside_hand(g, p);
	events_add(ev, AUD_ALL, "%s dies, and %s is out of the game; their cards are set "
		   "aside.", h->m[p].name, hog_name(g, p));
}

/* The last Minion alive wins.  True when that ended the game. */
static bool last_alive(struct game *g, struct events *ev)
{
	struct hog *h = HOG(g);
	int in = 0, last = -1;
	for (size_t p = 0; p < g->nplayers; p++)
		if (h->m[p].life != L_DEAD && !g->players[p].dropped) {
			in++;
			last = (int)p;
		}
	if (in > 1)
		return false;
	if (in == 1)
		ending(g, ev, "%s is the last Minion alive and wins by default.",
		       h->m[last].name ? h->m[last].name : hog_name(g, last));
	else
		ending(g, ev, "No Minion is left alive.");
	end_game(g, in == 1 ? AUD(last) : 0, ev);
	return true;
}

/* The next scene, or a turn for making new Minions when too few live. */
static void next_scene(struct game *g, int from, struct events *ev)
{
	struct hog *h = HOG(g);
	if (hog_alive_count(g) < 2) {
		/* Only with respawn: the others are making new Minions. */
		h->phase = PH_CREATE;
		h->next_dragon = from;
		return;
	}
	setup_scene(g, from, ev);
}

static void resolution_turn(struct game *g, const struct turn_orders *orders,
			    struct events *ev)
{
	struct hog *h = HOG(g);
	struct hog_scene *s = hog_scene_now(h);
	struct hog_minion *m = &h->m[s->minion];
	struct hog_orders o;
	char dp[8], mp[8];
	int next;

	hog_orders_read(g, s->minion, orders->has[s->minion] ? &orders->lines[s->minion] : NULL,
			&o);
	s->react = text_or_none(&o.react);
	s->mcard = card_to_play(h, s->minion, o.card);
	h->where[s->mcard] = W_PLAYED;
	s->resolve = text_or_none(&o.resolve);
	s->conflict = card_face(s->dcard);
	s->stakes = card_face(s->mcard);
	read_votes(g, orders, s, ev);
	card_pretty(s->dcard, dp);
	card_pretty(s->mcard, mp);
	events_add(ev, AUD_ALL, "%s, the Minion, reacts, plays the %s%s: Stakes %d, "
		   "resolution by %s, and resolves the scene (see the story below).",
		   hog_name(g, s->minion), mp, o.card == s->mcard ? "" : " (the lowest card)",
		   card_face(s->mcard), hog_trait_name[card_trait(s->mcard)]);
	hog_orders_release(&o);

	/* The formula: the Dragon's trait of the Minion's suit rises when the
	 * Stakes reach the Conflict; the Minion's trait of the Dragon's suit
	 * rises when the two add up to an even number. */
	s->dtrait = card_trait(s->mcard);
	s->ddelta = s->stakes >= s->conflict ? 1 : -1;
	s->mtrait = card_trait(s->dcard);
	s->mdelta = (s->conflict + s->stakes) % 2 == 0 ? 1 : -1;
	h->dtrait[s->dtrait] += s->ddelta;
	m->trait[s->mtrait] += s->mdelta;
	events_add(ev, AUD_ALL, "Conflict %d (%s) against Stakes %d (%s): the Dragon's %s "
		   "%+d (now %d), %s's %s %+d (now %d).", s->conflict, dp, s->stakes, mp,
		   hog_trait_name[s->dtrait], s->ddelta, h->dtrait[s->dtrait], m->name,
		   hog_trait_name[s->mtrait], s->mdelta, m->trait[s->mtrait]);

	if (h->dtrait[s->dtrait] <= 0) {
		ending(g, ev, "The Dragon's %s reaches zero: %s.", hog_trait_name[s->dtrait],
		       dragon_zero[s->dtrait]);
		end_game(g, 0, ev);
		return;
	}
	if (m->trait[s->mtrait] <= 0) {
		events_add(ev, AUD_ALL, "%s's %s reaches zero.", m->name,
			   hog_trait_name[s->mtrait]);
		minion_dies(g, s->minion, ev);
		if (last_alive(g, ev))
			return;
	} else if (last_card(g, s->minion, "end", ev)) {
		return;
	}
	/* The Minion becomes the Dragon; a dead one passes it to the left. */
	next = h->m[s->minion].life == L_ALIVE ? s->minion : hog_next_alive(g, s->minion);
	next_scene(g, next, ev);
}

int hog_advance(struct game *g, const struct turn_orders *orders,
		const struct engine_ctx *ctx, struct events *ev, char **err)
{
	struct hog *h = HOG(g);
	(void)ctx, (void)err;

	if (h->skip_turn) {
		h->skip_turn = false;
		return 0;
	}
	switch (h->phase) {
	case PH_CREATE:
		make_new_minions(g, orders, ev);
		if (last_alive(g, ev))
			break;
		if (h->dtype < 0)
			generation_draw(g, ev);
		else
			setup_scene(g, h->next_dragon, ev);
		h->next_dragon = -1;
		break;
	case PH_TYPE:
		choose_type(g, orders, ev);
		break;
	case PH_RAISE:
		raise_and_deal(g, orders, ev);
		break;
	case PH_CONFLICT:
		make_new_minions(g, orders, ev);
		conflict_turn(g, orders, ev);
		break;
	case PH_RESOLVE:
		make_new_minions(g, orders, ev);
		resolution_turn(g, orders, ev);
		break;
	case PH_OVER:
		break;
	}
	return 0;
}

void hog_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	struct hog *h = HOG(g);
	struct hog_scene *s = hog_scene_now(h);
	bool role;
	(void)ctx;

	if (h->phase == PH_OVER || h->m[p].life == L_DEAD)
		return;
	role = (h->phase == PH_CONFLICT || h->phase == PH_RESOLVE) &&
	       (s->dragon == p || s->minion == p);
	h->m[p].life = L_DEAD;
	set_aside_hand(g, p);
	events_add(ev, AUD_ALL, "%s leaves the game; their cards are set aside.",
		   hog_name(g, p));
	if (last_alive(g, ev)) {
		h->skip_turn = true;
		return;
	}
	if (!role)
		return;
	/* The scene in play starts again with who is left: its card goes back
	 * to a Dragon still in the game, else aside. */
	if (s->dcard >= 0)
		h->where[s->dcard] = s->dragon == p ? W_ASIDE : W_HAND + s->dragon;
	free(s->frame);
	h->nscenes--;
	events_add(ev, AUD_ALL, "Scene %d starts again.", s->number);
	next_scene(g, s->dragon == p ? hog_next_alive(g, p) : s->dragon, ev);
	h->skip_turn = true;
}

bool hog_over(const struct game *g)
{
	return HOG(g)->phase == PH_OVER;
}
