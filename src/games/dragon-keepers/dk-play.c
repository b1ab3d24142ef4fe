/* dk-play.c - Dragon Keepers rounds: the hunter phase, the keepers' orders
 * resolved in turn order, the dragon phase, every ending and a player
 * leaving, for both games.  Every die is rolled with rng_range() so that a rule case can
 * state the dice it needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dk-int.h"

static const char *const face_word[3] = { "miss", "weak flame", "flame" };

static int roll(struct game *g)
{
	return rng_range(&g->rng, 1, 6);
}

/* Record one event of the ending, for the report and the stored state. */
static void ending(struct game *g, struct events *ev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void ending(struct game *g, struct events *ev, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strlist_add(&DK(g)->ending, events_vadd(ev, AUD_ALL, fmt, ap));
	va_end(ap);
}

static int next_player(const struct game *g, int p)
{
	int n = (int)g->nplayers;
	for (int i = 1; i <= n; i++)
		if (!g->players[(p + i) % n].dropped)
			return (p + i) % n;
	return p;
}

/* --- the magic deck ------------------------------------------------------- */

/* Turn up the deck's top card at the left of the hunter card; each hunter
 * card turned up adds a hunter die to the pool and is removed. */
static void reveal_left(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	while (s->ndeck) {
		int c = s->deck[0];
		char pretty[48];
		memmove(s->deck, s->deck + 1, (size_t)--s->ndeck * sizeof *s->deck);
		if (!s->ndeck && !s->last_drawn) {
			s->last_drawn = true;
			events_add(ev, AUD_ALL, "The last card of the magic deck is drawn: this "
						"round is the last unless the dragons win it.");
		}
		if (c < NMAGIC) {
			s->where[c] = W_LEFT;
			dk_card_pretty(c, pretty, sizeof pretty);
			events_add(ev, AUD_ALL, "%s is turned up at the left of the hunter card.",
				   pretty);
			return;
		}
		s->where[c] = W_BOX;
		if (s->dice_supply) {
			s->dice_supply--;
			s->dice_card++;
			events_add(ev, AUD_ALL, "A hunter card is turned up: one more hunter die "
						"joins the pool (%d now).", s->dice_card);
		} else {
			events_add(ev, AUD_ALL, "A hunter card is turned up, but no hunter die is "
						"left to add.");
		}
	}
}

static int left_card(const struct dk *s)
{
	for (int c = 0; c < NMAGIC; c++)
		if (s->where[c] == W_LEFT)
			return c;
	return -1;
}

/* The reward of a successful Defend or Heal: a face-up magic card. */
static void take_magic(struct game *g, int p, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	int left = left_card(s), c;
	bool from_left;
	char pretty[48];

	if (dk_magic_count(s, p) >= MAX_MAGIC_HELD) {
		events_add(ev, AUD_ALL, "%s already holds %d magic cards and takes none.",
			   dk_name(g, p), MAX_MAGIC_HELD);
		return;
	}
	if (left < 0 && !s->ndiscard) {
		events_add(ev, AUD_ALL, "No magic card lies face up for %s to take.", dk_name(g, p));
		return;
	}
	from_left = o->take == 0 ? left >= 0 : !s->ndiscard;
	c = from_left ? left : s->discard[--s->ndiscard];
	s->where[c] = W_HAND + p;
	dk_card_pretty(c, pretty, sizeof pretty);
	events_add(ev, AUD_ALL, "%s takes %s from the %s.", dk_name(g, p), pretty,
		   from_left ? "left of the hunter card" : "discard pile");
	if (from_left)
		reveal_left(g, ev);
}

/* --- the hunter phase ------------------------------------------------------ */

static void keeper_roll(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	int n = s->dice_card, face[HUNTER_DICE];
	struct sb sb = SB_INIT, t = SB_INIT;
	bool same;

	do {
		same = n > 1;
		sb_reset(&sb);
		for (int i = 0; i < n; i++) {
			face[i] = roll(g) - 1;
			same &= face[i] == face[0];
			sb_addf(&sb, "%s%s", i ? ", " : "", dk_colour_word[face[i]]);
		}
		if (same)
			events_add(ev, AUD_ALL, "%s rolls the hunter dice: %s; all alike, so all "
						"are rolled again.", dk_name(g, s->holder), sb_str(&sb));
	} while (same);
	for (int i = 0; i < n; i++)
		if (!s->d[face[i]].hunter) {
			s->d[face[i]].hunter = 1;
			s->dice_card--;
			sb_addf(&t, "%s%s", t.len ? ", " : "", dk_colour_word[face[i]]);
		}
	if (s->dice_card)
		events_add(ev, AUD_ALL, "Round %d: %s rolls the hunter dice: %s. Targeted: %s; "
					"%d %s repeating a dragon wait%s on the hunter card.",
			   s->round, dk_name(g, s->holder), sb_str(&sb), sb_str(&t), s->dice_card,
			   s->dice_card == 1 ? "die" : "dice", s->dice_card == 1 ? "s" : "");
	else
		events_add(ev, AUD_ALL, "Round %d: %s rolls the hunter dice: %s. Targeted: %s.",
			   s->round, dk_name(g, s->holder), sb_str(&sb), sb_str(&t));
	sb_release(&sb);
	sb_release(&t);
}

static void dragon_roll(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	int n = s->dice_card;
	struct sb sb = SB_INIT;

	for (int i = 0; i < n; i++) {
		int c = roll(g) - 1;
		s->d[c].hunter++;
		s->dice_card--;
		sb_addf(&sb, "%s%s", i ? ", " : "", dk_colour_word[c]);
	}
	if (n)
		events_add(ev, AUD_ALL, "Round %d: %s rolls %d hunter %s: %s.", s->round,
			   dk_name(g, s->holder), n, n == 1 ? "die" : "dice", sb_str(&sb));
	else
		events_add(ev, AUD_ALL, "Round %d: no hunter die is left on the hunter card to "
					"roll.", s->round);
	sb_release(&sb);
	if (s->d[C_BLUE].hunter > 1) {
		s->d[C_BLUE].hunter--;
		s->dice_card++;
		events_add(ev, AUD_ALL, "The blue dragon is targeted by more than one die: one "
					"goes back to the hunter card.");
	}
}

void dk_hunter_phase(struct game *g, bool first, struct events *ev)
{
	struct dk *s = DK(g);

	if (!first)
		s->holder = next_player(g, s->holder);
	if (s->mode == M_KEEPER) {
		keeper_roll(g, ev);
		return;
	}
	/* The first round's cards were laid out by the setup. */
	if (!first) {
		int left = left_card(s);
		if (left >= 0) {
			char pretty[48];
			s->where[left] = W_DISCARD;
			s->discard[s->ndiscard++] = left;
			dk_card_pretty(left, pretty, sizeof pretty);
			events_add(ev, AUD_ALL, "%s goes from the left of the hunter card to the "
						"discard pile.", pretty);
		}
		reveal_left(g, ev);
	}
	while (s->flames >= 3) {
		s->flames -= 3;
		if (s->dice_card) {
			s->dice_card--;
			s->dice_supply++;
			events_add(ev, AUD_ALL, "Three flames on the hunter card send a hunter die "
						"back to the supply (%d left in the pool).",
				   s->dice_card);
		} else {
			events_add(ev, AUD_ALL, "Three flames burn out on the hunter card, which "
						"holds no die to send back.");
		}
	}
	dragon_roll(g, ev);
}

/* --- the keeper game ------------------------------------------------------- */

/* A keeper for a targeted dragon, at random. */
static int random_keeper(struct game *g)
{
	const struct dk *s = DK(g);
	int targets[NDRAGONS], n = 0;
	for (int c = 0; c < NDRAGONS; c++)
		if (s->d[c].hunter)
			targets[n++] = c;
	if (!n)
		BUG("no dragon is targeted");
	return targets[rng_range(&g->rng, 1, n) - 1];
}

/* Winners: most shields on dragons in play; then fewest arrows on the
 * favourite (3 for a defeated one); then all who are tied. */
static void keeper_winners(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	int best = -1, best_arrows = 0;
	struct sb w = SB_INIT;

	for (size_t p = 0; p < g->nplayers; p++) {
		int n = __builtin_popcount(s->pl[p].shields), t = s->pl[p].tribe;
		int arrows = s->d[t].defeated ? KEEPER_DEFEAT : s->d[t].arrows;
		if (g->players[p].dropped)
			continue;
		if (n > best || (n == best && arrows < best_arrows)) {
			best = n;
			best_arrows = arrows;
			s->winners = 0;
		}
		if (n == best && arrows == best_arrows)
			s->winners |= AUD(p);
	}
	for (size_t p = 0, k = 0, n = (size_t)__builtin_popcountll(s->winners); p < g->nplayers; p++)
		if (s->winners & AUD(p))
			sb_addf(&w, "%s%s", !k++ ? "" : k == n ? " and " : ", ", dk_name(g, (int)p));
	if (!w.len)
		ending(g, ev, "The game is over: nobody is left to win it.");
	else
		ending(g, ev, "The game is over: %s win%s, with %d shield%s on dragons in play "
			      "and %d arrow%s on %s favourite.", sb_str(&w),
		       __builtin_popcountll(s->winners) == 1 ? "s" : "", best,
		       best == 1 ? "" : "s", best_arrows, best_arrows == 1 ? "" : "s",
		       __builtin_popcountll(s->winners) == 1 ? "the" : "each");
	sb_release(&w);
	s->over = true;
}

static void keeper_heal(struct game *g, int p, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	int c;
	if (o->mend == NDRAGONS) {
		events_add(ev, AUD_ALL, "%s guarded their favourite alone and chooses to heal no "
					"arrow.", dk_name(g, p));
		return;
	}
	c = o->mend >= 0 && s->d[o->mend].arrows ? o->mend : dk_most_wounded(s);
	if (c < 0) {
		events_add(ev, AUD_ALL, "%s guarded their favourite alone; no dragon has an arrow "
					"to heal.", dk_name(g, p));
		return;
	}
	s->d[c].arrows--;
	events_add(ev, AUD_ALL, "%s guarded their favourite alone and heals an arrow from the "
				"%s dragon (%d left).", dk_name(g, p), dk_colour_word[c],
		   s->d[c].arrows);
}

/* Heroic protection for player p, alone on dragon c: a shield, and the
 * favourite's heal. */
static void heroic(struct game *g, int p, int c, const struct dk_orders *o, struct events *ev)
{
	struct dk_player *pl = &DK(g)->pl[p];
	if (pl->shields & (1u << c)) {
		events_add(ev, AUD_ALL, "%s guards the %s dragon alone; their shield is already "
					"on it.", dk_name(g, p), dk_colour_word[c]);
	} else if (__builtin_popcount(pl->shields) >= KEEPER_SHIELDS) {
		events_add(ev, AUD_ALL, "%s guards the %s dragon alone, with no shield left.",
			   dk_name(g, p), dk_colour_word[c]);
	} else {
		pl->shields |= 1u << c;
		events_add(ev, AUD_ALL, "%s guards the %s dragon alone: heroic protection, %s's "
					"shield goes on it.", dk_name(g, p), dk_colour_word[c],
			   dk_name(g, p));
	}
	if (c == pl->tribe)
		keeper_heal(g, p, o, ev);
}

/* The end of a keeper round: defeats, then goals; true if the game ends. */
static bool keeper_end(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	bool end = false;
	for (int c = 0; c < NDRAGONS; c++) {
		if (s->d[c].arrows < KEEPER_DEFEAT)
			continue;
		s->d[c].defeated = true;
		end = true;
		ending(g, ev, "The %s dragon has %d arrows: it is defeated and leaves the game, "
			      "with every shield on it.", dk_colour_word[c], s->d[c].arrows);
		for (size_t p = 0; p < g->nplayers; p++)
			s->pl[p].shields &= ~(1u << c);
	}
	for (size_t p = 0; p < g->nplayers; p++)
		if (!g->players[p].dropped &&
		    __builtin_popcount(s->pl[p].shields) == KEEPER_SHIELDS) {
			ending(g, ev, "%s has all 3 shields on dragons.", dk_name(g, (int)p));
			end = true;
		}
	return end;
}

static void keeper_round(struct game *g, const struct turn_orders *orders, struct events *ev)
{
	struct dk *s = DK(g);
	int order[DK_MAXP], n = dk_turn_order(g, order), keeper[DK_MAXP], guards[NDRAGONS] = { 0 };
	struct dk_orders o[DK_MAXP];

	/* The keepers, revealed together. */
	for (int i = 0; i < n; i++) {
		int p = order[i];
		bool chance;
		dk_orders_read(g, p, orders->has[p] ? &orders->lines[p] : NULL, &o[p]);
		keeper[p] = o[p].keeper;
		chance = keeper[p] < 0 || !s->d[keeper[p]].hunter;
		if (chance)
			keeper[p] = random_keeper(g);
		events_add(ev, AUD_ALL, "%s plays the %s keeper%s.", dk_name(g, p),
			   dk_colour_name[keeper[p]], chance ? " (at random)" : "");
		guards[keeper[p]]++;
	}
	/* The hunter's attacks, then heroic protection in turn order. */
	for (int c = 0; c < NDRAGONS; c++) {
		if (s->d[c].hunter && !guards[c]) {
			s->d[c].arrows++;
			events_add(ev, AUD_ALL, "Nobody guards the %s dragon: it takes an arrow (%d).",
				   dk_colour_word[c], s->d[c].arrows);
		} else if (s->d[c].hunter && guards[c] > 1) {
			events_add(ev, AUD_ALL, "%d keepers guard the %s dragon: nobody earns a "
						"shield.", guards[c], dk_colour_word[c]);
		}
	}
	for (int i = 0; i < n; i++)
		if (guards[keeper[order[i]]] == 1)
			heroic(g, order[i], keeper[order[i]], &o[order[i]], ev);
	for (int c = 0; c < NDRAGONS; c++) {
		s->dice_card += s->d[c].hunter;
		s->d[c].hunter = 0;
	}
	if (keeper_end(g, ev))
		keeper_winners(g, ev);
}

/* --- the dragon game: actions ---------------------------------------------- */

static void win(struct game *g, struct events *ev)
{
	struct dk *s = DK(g);
	ending(g, ev, "All six dragons have struck the hunter: the keepers win!");
	s->over = s->won = true;
	s->winners = 0;
	for (size_t p = 0; p < g->nplayers; p++)
		if (!g->players[p].dropped)
			s->winners |= AUD(p);
}

static void lose(struct game *g, struct events *ev, const char *why)
{
	struct dk *s = DK(g);
	ending(g, ev, "%s: the hunters win and the keepers lose.", why);
	s->over = true;
	s->won = false;
	s->winners = 0;
}

static bool all_shields(const struct dk *s)
{
	for (int c = 0; c < NDRAGONS; c++)
		if (!s->d[c].shield)
			return false;
	return true;
}

/* The dragon an arrow is taken from: the order's, if it has one, else the
 * most wounded; -1 when none has an arrow. */
static int mend_target(const struct dk *s, const struct dk_orders *o)
{
	if (o->mend >= 0 && o->mend < NDRAGONS && s->d[o->mend].arrows && !s->d[o->mend].defeated)
		return o->mend;
	return dk_most_wounded(s);
}

static void mend_one(struct game *g, const struct dk_orders *o, const char *by,
		     struct events *ev)
{
	struct dk *s = DK(g);
	int c = mend_target(s, o);
	if (c < 0) {
		events_add(ev, AUD_ALL, "%s would heal an arrow, but no dragon has one.", by);
		return;
	}
	s->d[c].arrows--;
	events_add(ev, AUD_ALL, "%s heals an arrow from the %s dragon (%d left).", by,
		   dk_colour_word[c], s->d[c].arrows);
}

static void add_flames(struct game *g, int n, const char *by, struct events *ev)
{
	struct dk *s = DK(g);
	int put = n < MAX_FLAMES - s->flames ? n : MAX_FLAMES - s->flames;
	s->flames += put;
	if (put < n)
		events_add(ev, AUD_ALL, "%s puts %d flame%s on the hunter card (%d now; the box "
					"holds no more).", by, put, put == 1 ? "" : "s", s->flames);
	else
		events_add(ev, AUD_ALL, "%s puts %d flame%s on the hunter card (%d now).", by, put,
			   put == 1 ? "" : "s", s->flames);
}

static bool do_defend(struct game *g, int p, int c, const struct dk_orders *o,
		      struct events *ev)
{
	struct dk *s = DK(g);
	int n = s->d[c].hunter;
	if (!n) {
		events_add(ev, AUD_ALL, "The defence fails: no hunter die is on the %s dragon.",
			   dk_colour_word[c]);
		return false;
	}
	s->d[c].hunter = 0;
	s->dice_card += n;
	events_add(ev, AUD_ALL, "The %s dragon is defended: %d hunter %s back to the hunter "
				"card.", dk_colour_word[c], n, n == 1 ? "die goes" : "dice go");
	take_magic(g, p, o, ev);
	return true;
}

static bool do_heal(struct game *g, int p, int c, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	int n = s->d[c].arrows;
	if (!n) {
		events_add(ev, AUD_ALL, "The healing fails: no arrow is on the %s dragon.",
			   dk_colour_word[c]);
		return false;
	}
	s->d[c].arrows = 0;
	events_add(ev, AUD_ALL, "The %s dragon is healed of %d arrow%s.", dk_colour_word[c], n,
		   n == 1 ? "" : "s");
	take_magic(g, p, o, ev);
	return true;
}

static bool do_train(struct game *g, int p, int c, const struct dk_orders *o,
		     struct events *ev)
{
	static const int fallback[NACTIONS] = { A_ATTACK, A_DEFEND, A_HEAL, A_TRAIN };
	struct dk *s = DK(g);
	struct dk_dragon *d = &s->d[c];
	const char *why = NULL;
	struct sb sb = SB_INIT;
	int want = o->reward >= 0 ? o->reward : A_ATTACK, got = -1;

	if (d->trainings >= dk_max_trainings[c])
		why = "it is fully trained";
	else if (d->arrows)
		why = "it has an arrow on it";
	else if (d->hunter)
		why = "a hunter die is on it";
	else if (s->bag_white + s->bag_red == 0)
		why = "the training bag is empty";
	if (why) {
		events_add(ev, AUD_ALL, "The %s dragon's training fails: %s.", dk_colour_word[c],
			   why);
		return false;
	}
	d->trainings++;
	/* Purple takes two dice; with one left it takes that one and is
	 * trained all the same (RULINGS: only an empty bag fails). */
	for (int i = 0; i < dk_train_dice(c) && s->bag_white + s->bag_red; i++) {
		bool white = rng_range(&g->rng, 1, s->bag_white + s->bag_red) <= s->bag_white;
		if (white) {
			s->bag_white--;
			d->white++;
		} else {
			s->bag_red--;
			d->red++;
		}
		sb_addf(&sb, "%s%s", i ? " and a " : "a ", white ? "white" : "red");
	}
	events_add(ev, AUD_ALL, "The %s dragon is trained (%d of %d) and takes %s battle die "
				"from the bag.", dk_colour_word[c], d->trainings,
		   dk_max_trainings[c], sb_str(&sb));
	sb_release(&sb);
	if (s->supply[want])
		got = want;
	for (int k = 0; got < 0 && k < NACTIONS; k++)
		if (s->supply[fallback[k]])
			got = fallback[k];
	if (got < 0) {
		events_add(ev, AUD_ALL, "No action token is left in the supply for %s.",
			   dk_name(g, p));
	} else {
		s->supply[got]--;
		s->pl[p].tokens[got]++;
		events_add(ev, AUD_ALL, "%s takes %s %s token from the supply.", dk_name(g, p),
			   got == A_ATTACK ? "an" : "a", dk_action_word[got]);
	}
	return true;
}

/* Roll the dragon's battle dice (white first); Blue may reroll one missed
 * die by the order's choice. */
static int attack_roll(struct game *g, int c, const struct dk_orders *o, struct sb *out)
{
	struct dk *s = DK(g);
	const struct dk_dragon *d = &s->d[c];
	int n = dk_dice_on(d), pip[DK_MAX_DICE], hits = 0, again = -1;
	enum dk_die col[DK_MAX_DICE];

	for (int i = 0; i < n; i++) {
		col[i] = i < d->white ? DK_WHITE : DK_RED;
		pip[i] = roll(g);
		sb_addf(out, "%s%s %s", i ? ", " : "", col[i] == DK_WHITE ? "white" : "red",
			face_word[dk_face_of(col[i], pip[i])]);
	}
	if (c == C_BLUE && o->reroll != 2) {
		/* Red first by default, white first when asked. */
		enum dk_die first = o->reroll == 0 ? DK_WHITE : DK_RED;
		for (int pass = 0; pass < 2 && again < 0; pass++)
			for (int i = 0; i < n && again < 0; i++)
				if (col[i] == (pass ? (first == DK_RED ? DK_WHITE : DK_RED) : first) &&
				    !dk_is_hit(dk_face_of(col[i], pip[i]), s->diff))
					again = i;
	}
	if (again >= 0) {
		pip[again] = roll(g);
		sb_addf(out, "; the %s die is rolled again: %s",
			col[again] == DK_WHITE ? "white" : "red",
			face_word[dk_face_of(col[again], pip[again])]);
	}
	for (int i = 0; i < n; i++)
		hits += dk_is_hit(dk_face_of(col[i], pip[i]), s->diff);
	return hits;
}

static void attack_power(struct game *g, int c, int hits, const struct dk_orders *o,
			 struct events *ev)
{
	char by[32];
	snprintf(by, sizeof by, "The %s dragon", dk_colour_word[c]);
	switch (c) {
	case C_RED:
		add_flames(g, 2, by, ev);
		break;
	case C_PURPLE:
	case C_BLUE:
		add_flames(g, hits, by, ev);
		break;
	case C_WHITE:
		add_flames(g, 1, by, ev);
		mend_one(g, o, by, ev);
		break;
	case C_GREEN:
		if (o->green_mend)
			mend_one(g, o, by, ev);
		else
			add_flames(g, 1, by, ev);
		break;
	default:
		/* Two arrows a hit, one at a time, while any is left. */
		for (int i = 0; i < 2 * hits && (!i || mend_target(DK(g), o) >= 0); i++)
			mend_one(g, o, by, ev);
	}
}

static bool do_attack(struct game *g, int c, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	struct sb sb = SB_INIT;
	int hits;

	if (!s->d[c].trainings) {
		events_add(ev, AUD_ALL, "The attack fails: the %s dragon is not trained.",
			   dk_colour_word[c]);
		return false;
	}
	hits = attack_roll(g, c, o, &sb);
	events_add(ev, AUD_ALL, "The %s dragon attacks: %s. %d hit%s.", dk_colour_word[c],
		   sb_str(&sb), hits, hits == 1 ? "" : "s");
	sb_release(&sb);
	if (!hits) {
		events_add(ev, AUD_ALL, "The attack fails.");
		return false;
	}
	if (!s->d[c].shield) {
		s->d[c].shield = true;
		events_add(ev, AUD_ALL, "The attack succeeds: a shield goes on the %s dragon.",
			   dk_colour_word[c]);
	} else {
		events_add(ev, AUD_ALL, "The attack succeeds (the %s dragon has its shield "
					"already).", dk_colour_word[c]);
	}
	attack_power(g, c, hits, o, ev);
	return true;
}

static void do_action(struct game *g, int p, int a, int c, const struct dk_orders *o,
		      struct events *ev)
{
	switch (a) {
	case A_DEFEND:
		do_defend(g, p, c, o, ev);
		break;
	case A_HEAL:
		do_heal(g, p, c, o, ev);
		break;
	case A_TRAIN:
		do_train(g, p, c, o, ev);
		break;
	default:
		do_attack(g, c, o, ev);
	}
	if (!DK(g)->over && all_shields(DK(g)))
		win(g, ev);
}

static void play_magic(struct game *g, int p, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	char pretty[48];
	dk_card_pretty(o->magic, pretty, sizeof pretty);
	s->where[o->magic] = W_BOX;
	events_add(ev, AUD_ALL, "%s plays the magic card %s on the %s dragon.", dk_name(g, p),
		   pretty, dk_colour_word[o->mtarget]);
	do_action(g, p, dk_magic_kind[o->magic], o->mtarget, o, ev);
}

static void take_back(struct game *g, int p, struct events *ev, const char *why)
{
	struct dk_player *pl = &DK(g)->pl[p];
	int cards = NDRAGONS - __builtin_popcount(pl->hand), tok = 0;
	for (int k = 0; k < NACTIONS; k++) {
		tok += pl->used[k];
		pl->tokens[k] += pl->used[k];
		pl->used[k] = 0;
	}
	pl->hand = (1u << NDRAGONS) - 1;
	events_add(ev, AUD_ALL, "%s passes%s and takes back %d keeper card%s and %d action "
				"token%s.", dk_name(g, p), why, cards, cards == 1 ? "" : "s", tok,
		   tok == 1 ? "" : "s");
}

static void dragon_turn(struct game *g, int p, const struct dk_orders *o, struct events *ev)
{
	struct dk *s = DK(g);
	struct dk_player *pl = &s->pl[p];
	bool magic = o->magic >= 0 && s->where[o->magic] == W_HAND + p && o->mtarget >= 0;

	if (o->pass || o->keeper < 0 || o->action < 0 || !(pl->hand & (1u << o->keeper)) ||
	    !pl->tokens[o->action]) {
		take_back(g, p, ev, o->pass ? "" : o->given ? " (no keeper card to play)"
							  : " (no orders)");
		if (magic)
			events_add(ev, AUD_ALL, "A player who passes plays no magic card: %s keeps "
						"%s.", dk_name(g, p), dk_magic_name[o->magic]);
		return;
	}
	pl->hand &= ~(1u << o->keeper);
	pl->tokens[o->action]--;
	pl->used[o->action]++;
	if (magic && !o->mafter)
		play_magic(g, p, o, ev);
	if (s->over)
		return;
	events_add(ev, AUD_ALL, "%s plays the %s keeper with %s %s token.", dk_name(g, p),
		   dk_colour_name[o->keeper], o->action == A_ATTACK ? "an" : "a",
		   dk_action_word[o->action]);
	do_action(g, p, o->action, o->keeper, o, ev);
	if (magic && o->mafter && !s->over)
		play_magic(g, p, o, ev);
}

static void dragon_round(struct game *g, const struct turn_orders *orders, struct events *ev)
{
	struct dk *s = DK(g);
	int order[DK_MAXP], n = dk_turn_order(g, order);
	bool lost = false;

	for (int i = 0; i < n && !s->over; i++) {
		struct dk_orders o;
		int p = order[i];
		dk_orders_read(g, p, orders->has[p] ? &orders->lines[p] : NULL, &o);
		dragon_turn(g, p, &o, ev);
	}
	if (s->over)
		return;
	for (int c = 0; c < NDRAGONS; c++) {
		struct dk_dragon *d = &s->d[c];
		if (!d->hunter)
			continue;
		d->arrows += d->hunter;
		events_add(ev, AUD_ALL, "The hunter strikes the %s dragon: %d arrow%s (%d of %d).",
			   dk_colour_word[c], d->hunter, d->hunter == 1 ? "" : "s", d->arrows,
			   dk_life[c]);
		s->dice_card += d->hunter;
		d->hunter = 0;
		if (d->arrows >= dk_life[c]) {
			d->defeated = true;
			lost = true;
			ending(g, ev, "The %s dragon has %d arrows and is defeated.", dk_colour_word[c],
			       d->arrows);
		}
	}
	if (lost)
		lose(g, ev, "A dragon is defeated");
	else if (s->last_drawn)
		lose(g, ev, "The magic deck ran out this round");
}

/* --- the turn ------------------------------------------------------------- */

int dk_advance(struct game *g, const struct turn_orders *orders,
	       const struct engine_ctx *ctx, struct events *ev, char **err)
{
	struct dk *s = DK(g);
	(void)ctx;
	(void)err;

	if (s->over)
		return 0;
	if (s->mode == M_KEEPER)
		keeper_round(g, orders, ev);
	else
		dragon_round(g, orders, ev);
	if (s->over) {
		/* The dice go home with the game. */
		for (int c = 0; c < NDRAGONS; c++) {
			s->dice_card += s->d[c].hunter;
			s->d[c].hunter = 0;
		}
		return 0;
	}
	s->round++;
	dk_hunter_phase(g, false, ev);
	return 0;
}

void dk_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	struct dk *s = DK(g);
	(void)ctx;
	if (s->over)
		return;
	if (s->mode == M_KEEPER && s->pl[p].shields) {
		s->pl[p].shields = 0;
		events_add(ev, AUD_ALL, "%s's shields leave the dragons with them.", dk_name(g, p));
	}
	for (int c = 0; c < NMAGIC; c++)
		if (s->where[c] == W_HAND + p)
			s->where[c] = W_BOX;
	if (s->holder == p)
		s->holder = next_player(g, p);
}

bool dk_over(const struct game *g)
{
	return DK(g)->over;
}
