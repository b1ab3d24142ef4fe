/* dk-orders.c - Dragon Keepers orders: reading, checking, the legal list
 * and the NMR orders, for both games.
 *
 * An order is a line of words.  What it does as things stand, or the odds
 * of an attack, is built after its canonical form, behind " # ", and goes
 * to the confirmation as the line's note (struct order_line); neither the
 * stored orders nor the legal list carry it.  The keeper game
 * has `keeper COLOUR` and `mend COLOUR|none`; the dragon game has `play
 * COLOUR ACTION`, `pass`, `magic CARD COLOUR [before|after]` and the
 * choices `reroll`, `mend`, `green`, `reward` and `take`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dk-int.h"

enum verb {
	V_KEEPER, V_PLAY, V_PASS, V_MAGIC, V_MEND, V_REROLL, V_GREEN, V_REWARD, V_TAKE,
	NVERBS
};

static const char *const verb_word[NVERBS] = {
	"keeper", "play", "pass", "magic", "mend", "reroll", "green", "reward", "take",
};

static const char *const reroll_word[3] = { "white", "red", "none" };
static const char *const take_word[2] = { "left", "discard" };

#define MAXWORDS 8

/* One line taken apart. */
struct parsed {
	int verb;         /* NVERBS: not an order */
	int colour, action, card, when, choice;
	bool random;      /* `keeper random` (the NMR) */
	const char *code; /* rejected: why */
	char *reason;
};

static int word_in(const char *w, const char *const *words, int n)
{
	for (int i = 0; w && i < n; i++)
		if (!ascii_casecmp(w, words[i]))
			return i;
	return -1;
}

/* Split the line (up to a " #" note) into at most MAXWORDS words of buf. */
static int split(const char *line, char *buf, size_t len, char **w)
{
	int n = 0;
	char *save = NULL;
	snprintf(buf, len, "%s", line);
	for (char *p = buf; *p; p++)
		if (*p == '#' && (p == buf || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			break;
		}
	for (char *t = strtok_r(buf, " \t,", &save); t; t = strtok_r(NULL, " \t,", &save)) {
		if (n == MAXWORDS)
			return MAXWORDS + 1;
		w[n++] = t;
	}
	return n;
}

static void fail(struct parsed *o, const char *code, char *reason)
{
	if (!o->code) {
		o->code = code;
		o->reason = reason;
	} else {
		free(reason);
	}
}

static const char *colours_list = "red, purple, blue, white, green or yellow";

static void need_colour(struct parsed *o, const char *w)
{
	o->colour = dk_colour_parse(w);
	if (o->colour < 0)
		fail(o, "no-such-dragon", w ? xasprintf("'%s' is not a dragon; the dragons are %s",
						       w, colours_list)
					    : xasprintf("name the dragon: %s", colours_list));
}

static void parse_play(struct parsed *o, char **w, int n)
{
	o->verb = V_PLAY;
	need_colour(o, n > 0 ? w[0] : NULL);
	if (n < 2) {
		fail(o, "no-action", xstrdup("put an action token on the keeper: e.g. 'play red "
					     "defend' (defend, heal, train or attack)"));
		return;
	}
	o->action = dk_action_parse(w[1]);
	if (o->action < 0)
		fail(o, "no-such-action", xasprintf("'%s' is not an action; the actions are "
						    "defend, heal, train and attack", w[1]));
	if (n > 2)
		fail(o, "extra-words", xasprintf("'play' takes a dragon and an action, e.g. "
						 "'play red defend'; '%s' is too much", w[2]));
}

static void parse_magic(const struct dk *s, int p, struct parsed *o, char **w, int n)
{
	int k = 0, kind;
	o->verb = V_MAGIC;
	if (n < 1) {
		fail(o, "no-magic-card", xstrdup("name the magic card and the dragon, e.g. "
						 "'magic Warding Rune red before'"));
		return;
	}
	/* A name of two words, a slug, or a kind (then the first card of
	 * that kind the player holds). */
	if (n >= 2) {
		char *two = xasprintf("%s %s", w[0], w[1]);
		o->card = dk_magic_parse(two);
		free(two);
		k = 2;
	}
	if (o->card < 0) {
		o->card = dk_magic_parse(w[0]);
		k = 1;
	}
	if (o->card < 0 && (kind = dk_action_parse(w[0])) >= 0) {
		int cards[NMAGIC], m = dk_magic_held(s, p, cards);
		for (int i = m - 1; i >= 0; i--)
			if (dk_magic_kind[cards[i]] == kind)
				o->card = cards[i];
		if (o->card < 0) {
			fail(o, "no-magic-card", xasprintf("you hold no %s magic card", w[0]));
			return;
		}
	}
	if (o->card < 0) {
		fail(o, "no-such-card", xasprintf("'%s' is not a magic card; give its name (such "
						  "as Warding Rune) or its kind (defend, heal, "
						  "train, attack)", w[0]));
		return;
	}
	if (s->where[o->card] != W_HAND + p) {
		fail(o, "no-magic-card", xasprintf("you do not hold the %s",
						   dk_magic_name[o->card]));
		return;
	}
	if (k < n && !ascii_casecmp(w[k], "on"))
		k++;
	need_colour(o, k < n ? w[k] : NULL);
	k++;
	o->when = 0;
	if (k < n) {
		if (!ascii_casecmp(w[k], "before") || !ascii_casecmp(w[k], "after")) {
			o->when = !ascii_casecmp(w[k], "after");
			k++;
		} else {
			fail(o, "bad-when", xasprintf("a magic card resolves 'before' or 'after' your "
						      "keeper, not '%s'", w[k]));
		}
	}
	if (k < n)
		fail(o, "extra-words", xasprintf("'%s' is too much after the magic card's dragon",
						 w[k]));
}

/* The choices' argument: one word of a list. */
static void parse_choice(struct parsed *o, int verb, const char *w, const char *const *words,
			 int nw, const char *what)
{
	o->verb = verb;
	o->choice = word_in(w, words, nw);
	if (o->choice < 0)
		fail(o, "bad-choice", xasprintf("'%s' takes %s, not '%s'", verb_word[verb], what,
						w ? w : "nothing"));
}

static void parse_dragon(const struct game *g, int p, struct parsed *o, char **w, int n)
{
	const struct dk *s = DK(g);
	int v = word_in(w[0], verb_word, NVERBS);

	if (v < 0 && dk_colour_parse(w[0]) >= 0) {
		parse_play(o, w, n);
		return;
	}
	switch (v) {
	case V_KEEPER:
	case V_PLAY:
		parse_play(o, w + 1, n - 1);
		break;
	case V_PASS:
		o->verb = V_PASS;
		if (n > 1)
			fail(o, "extra-words", xstrdup("'pass' stands alone"));
		break;
	case V_MAGIC:
		parse_magic(s, p, o, w + 1, n - 1);
		break;
	case V_MEND:
		o->verb = V_MEND;
		need_colour(o, n > 1 ? w[1] : NULL);
		break;
	case V_REROLL:
		parse_choice(o, v, n > 1 ? w[1] : NULL, reroll_word, 3, "red, white or none");
		break;
	case V_GREEN:
		parse_choice(o, v, n > 1 ? w[1] : NULL, (const char *const[]){ "flame", "mend" },
			     2, "flame or mend");
		break;
	case V_REWARD:
		o->verb = V_REWARD;
		o->choice = n > 1 ? dk_action_parse(w[1]) : -1;
		if (o->choice < 0)
			fail(o, "bad-choice", xstrdup("'reward' takes the action token a training "
						      "earns: defend, heal, train or attack"));
		break;
	case V_TAKE:
		parse_choice(o, v, n > 1 ? w[1] : NULL, take_word, 2, "left or discard");
		break;
	default:
		o->verb = NVERBS;
	}
	if (o->verb != NVERBS && o->verb != V_PLAY && o->verb != V_MAGIC && n > 2)
		fail(o, "extra-words", xasprintf("'%s' takes one word", verb_word[o->verb]));
}

static void parse_keeper(struct parsed *o, char **w, int n)
{
	int v = word_in(w[0], verb_word, NVERBS), k = 1;

	if (!ascii_casecmp(w[0], "protect"))
		v = V_KEEPER;
	if (!ascii_casecmp(w[0], "heal"))
		v = V_MEND;
	if (v < 0 && dk_colour_parse(w[0]) >= 0) {
		v = V_KEEPER;
		k = 0;
	}
	if (v == V_PLAY)
		v = V_KEEPER;
	o->verb = v < 0 ? NVERBS : v;
	if (v == V_KEEPER) {
		if (k < n && !ascii_casecmp(w[k], "random")) {
			o->random = true;
			k++;
		} else {
			need_colour(o, k < n ? w[k] : NULL);
			k++;
		}
		if (k < n && dk_action_parse(w[k]) >= 0)
			fail(o, "no-actions-here", xstrdup("the keeper game has no action tokens: "
							   "send the keeper alone, e.g. 'keeper red'"));
	} else if (v == V_MEND) {
		if (k < n && !ascii_casecmp(w[k], "none"))
			o->choice = NDRAGONS;
		else
			need_colour(o, k < n ? w[k] : NULL);
		k++;
	} else if (v >= 0) {
		fail(o, "dragon-game-only",
		     xasprintf("'%s' is an order of the dragon game; in the keeper game you "
			       "send 'keeper COLOUR' and, if you like, 'mend COLOUR'", w[0]));
		return;
	}
	if (o->verb != NVERBS && k < n)
		fail(o, "extra-words", xasprintf("'%s' is too much", w[k]));
}

static void parse_line(const struct game *g, int p, const char *line, struct parsed *o)
{
	char buf[512], *w[MAXWORDS];
	int n = split(line, buf, sizeof buf, w);

	memset(o, 0, sizeof *o);
	o->colour = o->action = o->card = o->choice = -1;
	o->verb = NVERBS;
	if (n == 0 || n > MAXWORDS) {
		o->code = "unknown-order";
		o->reason = xstrdup(n ? "too many words for a Dragon Keepers order"
				      : "an empty order");
		return;
	}
	if (DK(g)->mode == M_KEEPER)
		parse_keeper(o, w, n);
	else
		parse_dragon(g, p, o, w, n);
	if (o->verb == NVERBS && !o->code) {
		o->code = "unknown-order";
		o->reason = DK(g)->mode == M_KEEPER
			? xasprintf("'%s' is not an order of the keeper game; send 'keeper "
				    "COLOUR' (and, if you like, 'mend COLOUR') - see 'help'", line)
			: xasprintf("'%s' is not an order of the dragon game; the orders are "
				    "play, pass, magic, reroll, mend, green, reward and take - "
				    "see 'help'", line);
	}
}

/* --- notes: what an order does as things stand --------------------------- */

/* reroll: the Blue dragon's, as the mail asks (or by default). */
static void attack_note(const struct dk *s, int c, enum dk_reroll reroll, struct sb *out)
{
	const struct dk_dragon *d = &s->d[c];
	struct dk_odds odds;
	if (!d->trainings) {
		sb_addf(out, "fails now: the %s dragon is not trained", dk_colour_word[c]);
		return;
	}
	if (c != C_BLUE)
		reroll = DK_NO_REROLL;
	dk_attack_odds(d->white, d->red, s->diff, reroll, &odds);
	sb_addf(out, "attack: %d %s%s, %.1f%% to succeed", odds.dice, odds.dice == 1 ? "die" : "dice",
		reroll == DK_REROLL_RED_FIRST ? " and a reroll"
		: reroll == DK_REROLL_WHITE_FIRST ? " and a reroll, white first" : "",
		100.0 * (double)dk_success_ways(&odds) / (double)odds.total);
}

static void train_note(const struct dk *s, int c, struct sb *out)
{
	const struct dk_dragon *d = &s->d[c];
	if (d->trainings >= dk_max_trainings[c])
		sb_addf(out, "fails: the %s dragon is fully trained", dk_colour_word[c]);
	else if (d->arrows)
		sb_addf(out, "fails now: the %s dragon has an arrow on it", dk_colour_word[c]);
	else if (d->hunter)
		sb_addf(out, "fails now: a hunter die is on the %s dragon", dk_colour_word[c]);
	else if (s->bag_white + s->bag_red == 0)
		sb_addf(out, "fails now: the training bag is empty");
	else if (s->bag_white + s->bag_red < dk_train_dice(c))
		sb_addf(out, "training %d of %d, the last die in the bag (%d white, %d red)",
			d->trainings + 1, dk_max_trainings[c], s->bag_white, s->bag_red);
	else
		sb_addf(out, "training %d of %d, %d random %s from the bag (%d white, %d red)",
			d->trainings + 1, dk_max_trainings[c], dk_train_dice(c),
			dk_train_dice(c) == 1 ? "die" : "dice", s->bag_white, s->bag_red);
}

static void action_note(const struct dk *s, int a, int c, enum dk_reroll reroll,
			struct sb *out)
{
	const struct dk_dragon *d = &s->d[c];
	switch (a) {
	case A_DEFEND:
		if (d->hunter)
			sb_addf(out, "removes the %d hunter %s now on the %s dragon", d->hunter,
				d->hunter == 1 ? "die" : "dice", dk_colour_word[c]);
		else
			sb_addf(out, "fails now: no hunter die on the %s dragon", dk_colour_word[c]);
		break;
	case A_HEAL:
		if (d->arrows)
			sb_addf(out, "removes the %d arrow%s now on the %s dragon", d->arrows,
				d->arrows == 1 ? "" : "s", dk_colour_word[c]);
		else
			sb_addf(out, "fails now: no arrow on the %s dragon", dk_colour_word[c]);
		break;
	case A_TRAIN:
		train_note(s, c, out);
		break;
	default:
		attack_note(s, c, reroll, out);
	}
}

/* The canonical line of a parsed order, its note read from s: the game's
 * state, or a copy with the player's own magic card of the mail applied;
 * an attack's with the mail's reroll. */
static char *canonical_in(const struct dk *s, int p, const struct parsed *o, const char *after,
			  enum dk_reroll reroll)
{
	struct sb sb = SB_INIT;
	const struct dk_player *pl = &s->pl[p];

	switch (o->verb) {
	case V_KEEPER:
		if (o->random) {
			sb_adds(&sb, "keeper random # a keeper for a targeted dragon, at random");
			break;
		}
		sb_addf(&sb, "keeper %s", dk_colour_word[o->colour]);
		if (o->colour == pl->tribe)
			sb_adds(&sb, " # your favourite: guarded by you alone, you may also heal "
				     "an arrow");
		break;
	case V_PLAY:
		sb_addf(&sb, "play %s %s # ", dk_colour_word[o->colour], dk_action_word[o->action]);
		if (after)
			sb_addf(&sb, "after your %s, ", after);
		action_note(s, o->action, o->colour, reroll, &sb);
		break;
	case V_PASS: {
		int cards = NDRAGONS - __builtin_popcount(pl->hand), tok = 0;
		for (int k = 0; k < NACTIONS; k++)
			tok += pl->used[k];
		sb_addf(&sb, "pass # takes back %d keeper card%s and %d action token%s", cards,
			cards == 1 ? "" : "s", tok, tok == 1 ? "" : "s");
		break;
	}
	case V_MAGIC:
		sb_addf(&sb, "magic %s %s %s # ", dk_magic_name[o->card], dk_colour_word[o->colour],
			o->when ? "after" : "before");
		/* Alone, without a keeper, a mail is a pass and plays no magic. */
		sb_addf(&sb, "%s%s, ", after ? "after your " : "with your keeper", after ? after : "");
		action_note(s, dk_magic_kind[o->card], o->colour, reroll, &sb);
		break;
	/* The choices: one note for every word of each, so that 'help'
	 * shows each as one line ("reroll white|red|none # ..."). */
	case V_MEND:
		sb_addf(&sb, "mend %s # %s", o->choice == NDRAGONS ? "none" : dk_colour_word[o->colour],
			s->mode == M_KEEPER
			? "if you guard your favourite alone: the dragon that loses an arrow "
			  "(default: the most wounded)"
			: "when a power of yours heals an arrow: the dragon it comes off "
			  "(default: the most wounded)");
		break;
	case V_REROLL:
		sb_addf(&sb, "reroll %s # when the Blue dragon attacks for you: which missed die "
			     "it rolls again (default: red, else white)", reroll_word[o->choice]);
		break;
	case V_GREEN:
		sb_addf(&sb, "green %s # when the Green dragon attacks for you: a flame on the "
			     "hunter card, or an arrow healed (default: flame)",
			o->choice ? "mend" : "flame");
		break;
	case V_REWARD:
		sb_addf(&sb, "reward %s # the action token a successful training earns you "
			     "(default: attack)", dk_action_word[o->choice]);
		break;
	case V_TAKE:
		sb_addf(&sb, "take %s # the magic card a successful Defend or Heal earns you: the "
			     "one face up at the left, or the top of the discard pile (default: "
			     "discard)", take_word[o->choice]);
		break;
	default:
		BUG("verb %d", o->verb);
	}
	return sb_detach(&sb);
}

static char *canonical(const struct game *g, int p, const struct parsed *o)
{
	return canonical_in(DK(g), p, o, NULL, DK_REROLL_RED_FIRST);
}

/* --- reading stored orders ------------------------------------------------ */

void dk_orders_read(const struct game *g, int p, const struct strlist *lines,
		    struct dk_orders *o)
{
	memset(o, 0, sizeof *o);
	o->keeper = o->action = o->magic = o->mtarget = -1;
	o->mend = o->reroll = o->reward = o->take = -1;
	for (size_t i = 0; lines && i < lines->n; i++) {
		struct parsed x;
		parse_line(g, p, lines->v[i], &x);
		if (x.code) {
			free(x.reason);
			continue;
		}
		o->given = true;
		switch (x.verb) {
		case V_KEEPER:
			if (!x.random)
				o->keeper = x.colour;
			break;
		case V_PLAY:
			o->keeper = x.colour;
			o->action = x.action;
			break;
		case V_PASS:
			o->pass = true;
			break;
		case V_MAGIC:
			o->magic = x.card;
			o->mtarget = x.colour;
			o->mafter = x.when == 1;
			break;
		case V_MEND:
			o->mend = x.choice == NDRAGONS ? NDRAGONS : x.colour;
			break;
		case V_REROLL:
			o->reroll = x.choice;
			break;
		case V_GREEN:
			o->green_mend = x.choice == 1;
			break;
		case V_REWARD:
			o->reward = x.choice;
			break;
		case V_TAKE:
			o->take = x.choice;
			break;
		}
	}
}

/* --- checking a mail ------------------------------------------------------ */

static void reject(struct order_line *l, const char *code, char *reason)
{
	l->code = code;
	l->reason = reason;
}

static const char *out_of_play(const struct game *g, int p, char **reason)
{
	if (DK(g)->over) {
		*reason = xstrdup("the game is over");
		return "game-over";
	}
	if (g->players[p].dropped) {
		*reason = xstrdup("you have left the game");
		return "out";
	}
	return NULL;
}

/* Whether the parsed order may be given now by p; else the verdict. */
static bool allowed(const struct game *g, int p, const struct parsed *o, struct order_line *l)
{
	const struct dk *s = DK(g);
	const struct dk_player *pl = &s->pl[p];

	if (o->verb == V_KEEPER && !o->random && !s->d[o->colour].hunter) {
		struct sb t = SB_INIT;
		for (int c = 0; c < NDRAGONS; c++)
			if (s->d[c].hunter)
				sb_addf(&t, "%s%s", t.len ? ", " : "", dk_colour_word[c]);
		reject(l, "not-targeted", xasprintf("no hunter die is on the %s dragon; a keeper "
						    "goes to a targeted dragon: %s",
						    dk_colour_word[o->colour], sb_str(&t)));
		sb_release(&t);
		return false;
	}
	if (o->verb == V_PLAY && !(pl->hand & (1u << o->colour))) {
		reject(l, "card-on-table", xasprintf("your %s keeper is on the table from an "
						     "earlier round; 'pass' takes your keepers "
						     "back", dk_colour_word[o->colour]));
		return false;
	}
	if (o->verb == V_PLAY && !pl->tokens[o->action]) {
		struct sb t = SB_INIT;
		for (int k = 0; k < NACTIONS; k++)
			if (pl->tokens[k])
				sb_addf(&t, "%s%d %s", t.len ? ", " : "", pl->tokens[k],
					dk_action_word[k]);
		reject(l, "no-token", xasprintf("you hold no %s token (you hold: %s)",
						dk_action_word[o->action],
						t.len ? sb_str(&t) : "none; 'pass' takes them back"));
		sb_release(&t);
		return false;
	}
	if (o->verb == V_MEND && s->mode == M_DRAGON && o->choice == NDRAGONS) {
		reject(l, "bad-choice", xstrdup("in the dragon game a heal is never refused; name "
						"a dragon"));
		return false;
	}
	if (o->verb == V_MEND && o->colour >= 0 && s->d[o->colour].defeated) {
		reject(l, "defeated", xasprintf("the %s dragon is defeated", dk_colour_word[o->colour]));
		return false;
	}
	return true;
}

struct check_state {
	bool seen[NVERBS];
	bool pass, play;
	/* When the mail's first action is a Defend or Heal (certain in its
	 * effect), the state after it, for the note of the other action (verb
	 * noted_after: V_PLAY or V_MAGIC); NVERBS: none. */
	int noted_after;
	struct dk after;
	const char *first_name;
	enum dk_reroll reroll; /* the mail's `reroll`, or the default */
};

static void check_line(const struct game *g, int p, struct check_state *st,
		       struct order_line *l)
{
	struct parsed o;
	const char *code;
	char *reason = NULL;

	if ((code = out_of_play(g, p, &reason))) {
		reject(l, code, reason);
		return;
	}
	parse_line(g, p, l->text, &o);
	if (o.code) {
		reject(l, o.code, o.reason);
		return;
	}
	if (!allowed(g, p, &o, l))
		return;
	if ((o.verb == V_PLAY || o.verb == V_KEEPER) && st->play) {
		reject(l, "one-keeper", xstrdup("one keeper card a round"));
		return;
	}
	if (o.verb == V_PLAY && st->pass) {
		reject(l, "pass-and-play", xstrdup("you pass this round (an earlier line), so "
						   "you play no keeper"));
		return;
	}
	if (o.verb == V_PASS && (st->play || st->seen[V_MAGIC])) {
		reject(l, "pass-and-play", xstrdup(st->play ? "you play a keeper this round (an "
							      "earlier line), so you cannot pass"
							    : "you play a magic card this round (an "
							      "earlier line), and a player who "
							      "passes plays none"));
		return;
	}
	if (o.verb == V_MAGIC && st->pass) {
		reject(l, "magic-on-pass", xstrdup("you pass this round (an earlier line), and a "
						   "player who passes plays no magic card"));
		return;
	}
	if (o.verb != V_PLAY && o.verb != V_KEEPER && st->seen[o.verb]) {
		reject(l, o.verb == V_MAGIC ? "one-magic" : "twice",
		       xasprintf(o.verb == V_MAGIC ? "one magic card a round"
						   : "one '%s' a round", verb_word[o.verb]));
		return;
	}
	st->seen[o.verb] = true;
	st->play |= o.verb == V_PLAY || o.verb == V_KEEPER;
	st->pass |= o.verb == V_PASS;
	l->canon = o.verb == st->noted_after ? canonical_in(&st->after, p, &o, st->first_name, st->reroll)
					     : canonical_in(DK(g), p, &o, NULL, st->reroll);
}

/* The mail's first keeper and magic lines (the turn reads them so); when
 * the one that resolves first is a Defend or Heal, whose effect is
 * certain, the state after it goes in st for the other's note. */
static void first_action(const struct game *g, int p, struct order_line *lines, size_t n,
			 struct check_state *st)
{
	struct parsed play = { .verb = NVERBS }, magic = { .verb = NVERBS }, *first;
	bool seen_reroll = false;
	int kind;

	st->noted_after = NVERBS;
	for (size_t i = 0; i < n; i++) {
		struct parsed o;
		struct order_line l = { 0, NULL, NULL, NULL, NULL, false, NULL };
		parse_line(g, p, lines[i].text, &o);
		free(o.reason);
		if (o.code || !allowed(g, p, &o, &l)) {
			free(l.reason);
			continue;
		}
		if (o.verb == V_PLAY && play.verb == NVERBS)
			play = o;
		if (o.verb == V_MAGIC && magic.verb == NVERBS)
			magic = o;
		if (o.verb == V_REROLL && !seen_reroll) {
			static const enum dk_reroll as[3] = { DK_REROLL_WHITE_FIRST,
							      DK_REROLL_RED_FIRST, DK_NO_REROLL };
			st->reroll = as[o.choice];
			seen_reroll = true;
		}
	}
	if (play.verb == NVERBS || magic.verb == NVERBS)
		return;
	first = magic.when ? &play : &magic;
	kind = first == &play ? play.action : dk_magic_kind[magic.card];
	if (kind != A_DEFEND && kind != A_HEAL)
		return;
	st->after = *DK(g);
	if (kind == A_DEFEND)
		st->after.d[first->colour].hunter = 0;
	else
		st->after.d[first->colour].arrows = 0;
	st->first_name = first == &play ? "keeper" : dk_magic_name[magic.card];
	st->noted_after = first == &play ? V_MAGIC : V_PLAY;
}

void dk_check(const struct game *g, int p, struct order_line *lines, size_t n,
	      const struct engine_ctx *ctx)
{
	struct check_state st;
	(void)ctx;
	memset(&st, 0, sizeof st);
	st.noted_after = NVERBS;
	st.reroll = DK_REROLL_RED_FIRST;
	if (DK(g)->mode == M_DRAGON && !DK(g)->over)
		first_action(g, p, lines, n, &st);
	for (size_t i = 0; i < n; i++) {
		char *hash;
		check_line(g, p, &st, &lines[i]);
		if (lines[i].canon && (hash = strstr(lines[i].canon, " # "))) {
			lines[i].note = xstrdup(hash + 3);
			*hash = '\0';
		}
	}
}

/* A canonical line without its note. */
static char *bare(char *line)
{
	char *hash = strstr(line, " # ");
	if (hash)
		*hash = '\0';
	return line;
}

/* --- whose move, NMR, the legal list -------------------------------------- */

void dk_awaited(const struct game *g, bool *awaited)
{
	for (size_t p = 0; p < g->nplayers; p++)
		awaited[p] = !DK(g)->over && !g->players[p].dropped;
}

void dk_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)p;
	if (DK(g)->over)
		return;
	/* The keeper is drawn by the turn itself, which has the generator. */
	strlist_add(orders, DK(g)->mode == M_KEEPER ? "keeper random" : "pass");
}

/* A round needs a keeper card (keeper mode), or a keeper with its action
 * token or `pass` (dragon mode); magic cards and the choices are extras. */
char *dk_incomplete(const struct game *g, int p, const struct strlist *orders,
		    const struct engine_ctx *ctx)
{
	bool dragon = DK(g)->mode == M_DRAGON;
	(void)ctx;

	for (size_t i = 0; i < orders->n; i++) {
		struct parsed x;
		parse_line(g, p, orders->v[i], &x);
		free(x.reason);
		if (x.code)
			continue;
		if (x.verb == V_PLAY || x.verb == V_PASS || (!dragon && x.verb == V_KEEPER))
			return NULL;
	}
	return xstrdup(dragon ? "your keeper card and action ('play COLOUR ACTION'), or 'pass'"
			      : "your keeper card ('keeper COLOUR')");
}

static void add_canon(const struct game *g, int p, struct parsed *o, struct strlist *out)
{
	strlist_take(out, bare(canonical(g, p, o)));
}

/* Player p's plays and magic on dragon c that would work now (failing:
 * those that would not), in the dragon game. */
static void add_dragon_orders(const struct game *g, int p, int c, const int *cards, int m,
			      bool failing, struct strlist *out)
{
	const struct dk_player *pl = &DK(g)->pl[p];
	struct parsed o;

	memset(&o, 0, sizeof o);
	for (int a = 0; a < NACTIONS; a++) {
		char *line;
		if (!(pl->hand & (1u << c)) || !pl->tokens[a])
			continue;
		o.verb = V_PLAY;
		o.colour = c;
		o.action = a;
		line = canonical(g, p, &o);
		if ((strstr(line, "# fails") != NULL) == failing)
			strlist_take(out, bare(line));
		else
			free(line);
	}
	for (int i = 0; i < m; i++)
		for (int when = 0; when < 2; when++) {
			char *line;
			o.verb = V_MAGIC;
			o.card = cards[i];
			o.colour = c;
			o.when = when;
			line = canonical(g, p, &o);
			if ((strstr(line, "fails") != NULL) == failing)
				strlist_take(out, bare(line));
			else
				free(line);
		}
}

static void legal_dragon(const struct game *g, int p, struct strlist *out)
{
	const struct dk *s = DK(g);
	struct parsed o;
	int cards[NMAGIC], m = dk_magic_held(s, p, cards);

	memset(&o, 0, sizeof o);
	/* For 'help': what would work as things stand first, dragon by
	 * dragon (its plays, then its magic), then pass and the choices;
	 * what would fail now last. */
	for (int c = 0; c < NDRAGONS; c++)
		add_dragon_orders(g, p, c, cards, m, false, out);
	o.verb = V_PASS;
	add_canon(g, p, &o, out);
	for (int c = 0; c < NDRAGONS; c++)
		strlist_addf(out, "mend %s", dk_colour_word[c]);
	for (int k = 0; k < 3; k++)
		strlist_addf(out, "reroll %s", reroll_word[k]);
	strlist_add(out, "green flame");
	strlist_add(out, "green mend");
	for (int a = 0; a < NACTIONS; a++)
		strlist_addf(out, "reward %s", dk_action_word[a]);
	for (int k = 0; k < 2; k++)
		strlist_addf(out, "take %s", take_word[k]);
	for (int c = 0; c < NDRAGONS; c++)
		add_dragon_orders(g, p, c, cards, m, true, out);
}

void dk_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	      struct strlist *out)
{
	const struct dk *s = DK(g);
	struct parsed o;
	(void)ctx;

	if (s->over || g->players[p].dropped)
		return;
	if (s->mode == M_DRAGON) {
		legal_dragon(g, p, out);
		return;
	}
	memset(&o, 0, sizeof o);
	for (int c = 0; c < NDRAGONS; c++)
		if (s->d[c].hunter) {
			o.verb = V_KEEPER;
			o.colour = c;
			add_canon(g, p, &o, out);
		}
	for (int c = 0; c < NDRAGONS; c++)
		strlist_addf(out, "mend %s", dk_colour_word[c]);
	strlist_add(out, "mend none");
}

const char *dk_what_to_send(const struct game *g, int p)
{
	const struct dk *s = DK(g);
	if (s->over || g->players[p].dropped)
		return NULL;
	if (s->mode == M_KEEPER)
		return "'keeper COLOUR': your keeper card for a dragon with a hunter die on it; "
		       "'mend COLOUR' (or 'mend none') says which dragon loses an arrow if "
		       "you guard your favourite alone (default: the most wounded)";
	return "'play COLOUR ACTION' (a keeper card from your hand and an action token: "
	       "defend, heal, train or attack) or 'pass'; with a keeper you may add 'magic "
	       "CARD COLOUR before|after'; choices: 'reroll red|white|none', 'mend COLOUR', "
	       "'green flame|mend', 'reward ACTION', 'take left|discard'";
}
