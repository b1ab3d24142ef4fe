/* dp-orders.c - Dragon Pants orders: reading them, checking a mail's
 * orders by playing them on a copy of the game, whose turn it is, the legal
 * orders and the NMR orders (see dp-int.h).
 *
 * Standing orders (`react`, `lose`) may come from any player in any mail
 * and take effect at the start of the next turn; the other orders are the
 * actions of the player whose turn it is.
 */
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"

/* --- reading ------------------------------------------------------------- */

static bool is_reaction(int c)
{
	return c == C_MIRROR || c == C_SHIELD || c == C_AMULET || c == C_POISON ||
	       c == C_DUCKY;
}

#define MAXW 12

static const char *card_word_or_fail(const char *w, int *c, const char **code, char **reason)
{
	*c = dp_card_parse(w);
	if (*c < 0) {
		*code = "unknown-card";
		*reason = xasprintf("'%s' is not a power card; the cards are pants, fireball, "
				    "shock, shield, freeze, boost, poison, amulet, tongue, banish, "
				    "thunderstorm, teleport, ducky and mirror", w);
	}
	return *c < 0 ? *code : NULL;
}

static bool parse_list(char **w, int n, bool reactions, struct dp_order *o, const char **code,
		       char **reason)
{
	o->nlist = 0;
	for (int i = 0; i < n; i++) {
		int c;
		if (card_word_or_fail(w[i], &c, code, reason))
			return false;
		if (reactions && !is_reaction(c)) {
			*code = "not-a-reaction";
			*reason = xasprintf("%s is not a reaction; the reactions are mirror, "
					    "shield, amulet, poison and ducky", dp_card_title(c));
			return false;
		}
		for (int k = 0; k < o->nlist; k++)
			if (o->list[k] == c) {
				*code = "named-twice";
				*reason = xasprintf("%s is named twice", dp_card_title(c));
				return false;
			}
		o->list[o->nlist++] = c;
	}
	return true;
}

/* An order line being read: its words, how many are read, and where the
 * code and reason of a wrong one go. */
struct reading {
	char *w[MAXW];
	int n, used;
	const char **code;
	char **reason;
};

/* `move DIR` (or `go DIR`). */
static bool parse_move(struct reading *r, struct dp_order *o)
{
	o->verb = O_MOVE;
	if (r->n < 2 || (o->dir = dp_dir_parse(r->w[1])) < 0) {
		*r->code = "bad-direction";
		*r->reason = xasprintf("say where: 'move n', 'move ne', 'move se', 'move s', "
				       "'move sw' or 'move nw'");
		return false;
	}
	r->used = 2;
	return true;
}

/* `draw deck` or `draw discard`. */
static bool parse_draw(struct reading *r, struct dp_order *o)
{
	char **w = r->w;
	o->verb = O_DRAW;
	if (r->n != 2 || (ascii_casecmp(w[1], "deck") && ascii_casecmp(w[1], "discard"))) {
		*r->code = "bad-draw";
		*r->reason = xstrdup("say 'draw deck' or 'draw discard'");
		return false;
	}
	o->from_discard = !ascii_casecmp(w[1], "discard");
	r->used = r->n;
	return true;
}

/* `play CARD [at|on|with NAME]`. */
static bool parse_play(const struct game *g, struct reading *r, struct dp_order *o)
{
	char **w = r->w;
	int i = 2;
	o->verb = O_PLAY;
	if (r->n < 2) {
		*r->code = "unknown-card";
		*r->reason = xstrdup("say which card: 'play fireball at NAME'");
		return false;
	}
	if (card_word_or_fail(w[1], &o->card, r->code, r->reason))
		return false;
	if (i + 1 < r->n && (!ascii_casecmp(w[i], "at") || !ascii_casecmp(w[i], "on") ||
			     !ascii_casecmp(w[i], "with"))) {
		o->target = game_player_index(g, w[i + 1]);
		if (o->target < 0) {
			*r->code = "no-such-player";
			*r->reason = xasprintf("there is no player called '%s' in this game",
					       w[i + 1]);
			return false;
		}
		i += 2;
	}
	r->used = i;
	return true;
}

/* `discard CARD`. */
static bool parse_discard(struct reading *r, struct dp_order *o)
{
	o->verb = O_DISCARD;
	if (r->n != 2) {
		*r->code = "unknown-card";
		*r->reason = xstrdup("say which card: 'discard freeze'");
		return false;
	}
	r->used = r->n;
	return !card_word_or_fail(r->w[1], &o->card, r->code, r->reason);
}

/* The standing orders `react ...` and `lose ...`. */
static bool parse_standing(struct reading *r, struct dp_order *o)
{
	char **w = r->w;
	int n = r->n;
	bool react = !ascii_casecmp(w[0], "react");

	o->verb = react ? O_REACT : O_LOSE;
	r->used = n;
	if (n == 2 && !ascii_casecmp(w[1], "default")) {
		o->nlist = 0;
		if (react) {
			memcpy(o->list, dp_default_react, sizeof dp_default_react);
			o->nlist = DP_NREACT;
		}
		return true;
	}
	if (react && n == 2 && !ascii_casecmp(w[1], "none"))
		return true;
	if (n < 2) {
		*r->code = "empty-list";
		*r->reason = react ? xstrdup("say 'react none', 'react default' or the "
					     "reactions in order, e.g. 'react shield mirror'")
				   : xstrdup("say 'lose default' or the cards to give up first, "
					     "e.g. 'lose boost freeze'");
		return false;
	}
	return parse_list(w + 1, n - 1, react, o, r->code, r->reason);
}

/* Read r's words into o: true for a whole order; false for a wrong one,
 * with *r->code set, or for words that are no order, with it unset. */
static bool read_order(const struct game *g, struct reading *r, struct dp_order *o)
{
	const char *verb = r->n ? r->w[0] : "";

	if (!ascii_casecmp(verb, "move") || !ascii_casecmp(verb, "go")) {
		if (!parse_move(r, o))
			return false;
	} else if (!ascii_casecmp(verb, "play")) {
		if (!parse_play(g, r, o))
			return false;
	} else if (!ascii_casecmp(verb, "draw")) {
		return parse_draw(r, o);
	} else if (!ascii_casecmp(verb, "discard")) {
		return parse_discard(r, o);
	} else if (!ascii_casecmp(verb, "pass") && r->n == 1) {
		o->verb = O_PASS;
		return true;
	} else if (!ascii_casecmp(verb, "react") || !ascii_casecmp(verb, "lose")) {
		return parse_standing(r, o);
	} else {
		return false;
	}
	/* move ... / play ...: an optional "take CARD" */
	if (r->used + 2 == r->n && !ascii_casecmp(r->w[r->used], "take")) {
		if (card_word_or_fail(r->w[r->used + 1], &o->take, r->code, r->reason))
			return false;
		r->used += 2;
	}
	return r->used == r->n;
}

bool dp_order_parse(const struct game *g, const char *line, struct dp_order *o,
		    const char **code, char **reason)
{
	char *copy = xstrdup(line), *save = NULL;
	struct reading r = { .code = code, .reason = reason };
	bool ok;

	for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
		if (r.n < MAXW)
			r.w[r.n++] = t;
	memset(o, 0, sizeof *o);
	o->target = o->take = o->card = -1;
	*code = NULL;
	ok = read_order(g, &r, o);
	if (!ok && !*code) {
		*code = "unknown-order";
		*reason = xasprintf("'%s' is not a Dragon Pants order; the orders are 'move DIR', "
				    "'draw deck', 'draw discard', 'play CARD [at NAME] [take CARD]', "
				    "'discard CARD', 'pass', 'react ...' and 'lose ...'", line);
	}
	free(copy);
	return ok;
}

static char *format_order(const struct game *g, const struct dp_order *o)
{
	struct sb sb = SB_INIT;
	switch (o->verb) {
	case O_MOVE:
		sb_addf(&sb, "move %s", dp_dir_names[o->dir]);
		break;
	case O_DRAW:
		sb_addf(&sb, "draw %s", o->from_discard ? "discard" : "deck");
		break;
	case O_PLAY:
		sb_addf(&sb, "play %s", dp_card_word(o->card));
		if (o->target >= 0)
			sb_addf(&sb, " %s %s", o->card == C_TELEPORT ? "with" : "at",
				g->players[o->target].name);
		break;
	case O_DISCARD:
		sb_addf(&sb, "discard %s", dp_card_word(o->card));
		break;
	case O_PASS:
		sb_adds(&sb, "pass");
		break;
	case O_REACT:
	case O_LOSE:
		sb_adds(&sb, o->verb == O_REACT ? "react" : "lose");
		if (!o->nlist)
			sb_adds(&sb, o->verb == O_REACT ? " none" : " default");
		for (int k = 0; k < o->nlist; k++)
			sb_addf(&sb, " %s", dp_card_word(o->list[k]));
		break;
	}
	if (o->take >= 0)
		sb_addf(&sb, " take %s", dp_card_word(o->take));
	return sb_detach(&sb);
}

/* --- standing orders ----------------------------------------------------- */

void dp_standing_text(const struct dp_player *pl, struct sb *out)
{
	sb_adds(out, "react");
	if (!pl->nreact)
		sb_adds(out, " none");
	for (int k = 0; k < pl->nreact; k++)
		sb_addf(out, " %s", dp_card_word(pl->react[k]));
	sb_adds(out, "; lose");
	if (!pl->nlose)
		sb_adds(out, " default");
	for (int k = 0; k < pl->nlose; k++)
		sb_addf(out, " %s", dp_card_word(pl->lose[k]));
	if (pl->nlose)
		sb_adds(out, ", then by default");
}

void dp_apply_standing(struct dp_player *pl, const struct dp_order *o)
{
	if (o->verb == O_REACT) {
		pl->nreact = o->nlist;
		memcpy(pl->react, o->list, sizeof pl->react[0] * (size_t)o->nlist);
	} else {
		pl->nlose = o->nlist;
		memcpy(pl->lose, o->list, sizeof pl->lose[0] * (size_t)o->nlist);
	}
}

int dp_discard_after(const struct dp_order *o, const bool *ok, size_t n, size_t i)
{
	for (size_t k = i + 1; k < n; k++) {
		if (ok[k] && dp_is_standing(&o[k]))
			continue;
		return ok[k] && o[k].verb == O_DISCARD ? (int)k : -1;
	}
	return -1;
}

/* --- check --------------------------------------------------------------- */

/* Read every line of player p's mail; its standing orders take effect at
 * once on the copy sim, so that its actions are checked with them. */
static void read_mail(const struct game *g, struct dp_state *sim, int p,
		      struct order_line *lines, size_t n, struct dp_order *o, bool *ok)
{
	for (size_t i = 0; i < n; i++) {
		ok[i] = dp_order_parse(g, lines[i].text, &o[i], &lines[i].code, &lines[i].reason);
		if (ok[i] && sim->over) {
			lines[i].code = "game-over";
			lines[i].reason = xstrdup("the game is over");
			ok[i] = false;
		}
		if (ok[i] && dp_is_standing(&o[i])) {
			dp_apply_standing(&sim->pl[p], &o[i]);
			lines[i].canon = format_order(g, &o[i]);
		}
	}
}

/* The last action line checked: which it was, whether it was accepted,
 * what the hand limit made the player discard in it (-1: nothing), and
 * whether a `discard` line has answered it. */
struct last_action {
	int line;
	bool ok;
	int discarded;
	bool discard_used;
};

/* A `discard` line: it follows the action that takes the player over the
 * hand limit, and names a card they will hold then. */
static void check_discard(const struct dp_run *run, const struct order_line *lines,
			  const struct last_action *last, const struct dp_order *o,
			  struct order_line *l)
{
	const struct dp_hand *hand = &run->s->pl[run->s->current].hand;

	if (last->discard_used || !last->ok) {
		l->code = "discard-alone";
		l->reason = xstrdup("'discard' follows the action that takes you over "
				    "the hand limit of 3");
	} else if (last->discarded < 0) {
		l->code = "no-discard-needed";
		l->reason = xasprintf("you will hold %d card%s after '%s': nothing "
				      "to discard", hand->n, hand->n == 1 ? "" : "s",
				      lines[last->line].text);
	} else if (last->discarded != o->card && last->discarded != C_UNKNOWN) {
		l->code = "not-held";
		l->reason = xasprintf("you will not hold %s then", dp_card_title(o->card));
	} else {
		l->canon = format_order(run->g, o);
	}
}

void dp_check(const struct game *g, int p, struct order_line *lines, size_t n,
	      const struct engine_ctx *ctx)
{
	struct dp_state sim = *(const struct dp_state *)g->state;
	struct rng r;
	struct dp_run run = { g, &sim, &r, NULL, true, -1, -1 };
	struct dp_order *o = xcalloc(n ? n : 1, sizeof *o);
	bool *ok = xcalloc(n ? n : 1, sizeof *ok);
	struct dp_turn ts;
	struct last_action last = { -1, false, -1, true };
	(void)ctx;

	/* Chance in a check is not the game's chance: a verdict must not
	 * foretell a draw or a random theft. */
	rng_seed(&r, 1, 1);
	dp_turn_begin(&sim, &ts);
	read_mail(g, &sim, p, lines, n, o, ok);
	for (size_t i = 0; i < n; i++) {
		struct order_line *l = &lines[i];
		int d;
		if (!ok[i] || dp_is_standing(&o[i]))
			continue;
		if (p != sim.current || sim.pl[p].out) {
			l->code = "not-your-turn";
			l->reason = xasprintf("it is %s's turn; between your turns you may send "
					      "only standing orders ('react ...', 'lose ...')",
					      g->players[sim.current].name);
			continue;
		}
		if (o[i].verb == O_DISCARD) {
			check_discard(&run, lines, &last, &o[i], l);
			last.discard_used = true;
			continue;
		}
		d = dp_discard_after(o, ok, n, i);
		run.discard_pick = d >= 0 ? o[d].card : -1;
		run.discarded = -1;
		l->code = dp_run_action(&run, &ts, &o[i], &l->reason);
		last = (struct last_action){ (int)i, !l->code, run.discarded, false };
		if (!l->code)
			l->canon = format_order(g, &o[i]);
	}
	free(o);
	free(ok);
}

/* --- whose turn, legal orders, NMR --------------------------------------- */

void dp_awaited(const struct game *g, bool *awaited)
{
	const struct dp_state *s = DP(g);
	for (size_t p = 0; p < g->nplayers; p++)
		awaited[p] = !s->over && (int)p == s->current && !s->pl[p].out;
}

void dp_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	      struct strlist *out)
{
	const struct dp_state *s = g->state;
	const struct dp_player *pl = &s->pl[p];
	bool seen[C_NCARDS] = { false };
	(void)ctx;

	if (s->over || pl->out)
		return;
	if (p == s->current) {
		int den = dp_den_at(pl->at);
		for (int d = 0; d < 6; d++) {
			struct dp_hex to;
			int victim;
			char *reason = NULL;
			if (dp_move_refusal(s, g, p, d, &to, &victim, &reason))
				free(reason);
			else
				strlist_addf(out, "move %s", dp_dir_names[d]);
		}
		if (den >= 0)
			return; /* the first action must take it out */
		if (dp_on_power(s, p) && (s->ndeck || s->ndiscard))
			strlist_add(out, "draw deck");
		if (dp_on_power(s, p) && s->ndiscard)
			strlist_add(out, "draw discard");
		for (int i = 0; i < pl->hand.n; i++) {
			int c = pl->hand.card[i];
			char *reason = NULL;
			if (seen[c])
				continue;
			seen[c] = true;
			if (c == C_BOOST || c == C_STORM) {
				if (dp_play_refusal(s, g, p, c, -1, &reason))
					free(reason);
				else
					strlist_addf(out, "play %s", dp_card_word(c));
				continue;
			}
			for (int t = 0; t < s->n; t++) {
				reason = NULL;
				if (t == p || s->pl[t].out)
					continue;
				if (dp_play_refusal(s, g, p, c, t, &reason))
					free(reason);
				else
					strlist_addf(out, "play %s %s %s", dp_card_word(c),
						     c == C_TELEPORT ? "with" : "at",
						     g->players[t].name);
			}
		}
		strlist_add(out, "pass");
	}
	strlist_add(out, "react mirror shield amulet poison ducky");
	strlist_add(out, "react none");
	strlist_add(out, "lose default");
}

/* A turn is two actions (one more for each Boost played): complete once
 * they are all given, or the player passes.  The lines were accepted
 * together, so counting them is enough. */
char *dp_incomplete(const struct game *g, int p, const struct strlist *orders,
		    const struct engine_ctx *ctx)
{
	int used = 0, allowed = 2;
	(void)p, (void)ctx;

	for (size_t i = 0; i < orders->n; i++) {
		struct dp_order o;
		const char *code = NULL;
		char *reason = NULL;
		bool ok = dp_order_parse(g, orders->v[i], &o, &code, &reason);
		free(reason);
		if (!ok || !dp_is_action(&o))
			continue;
		if (o.verb == O_PASS)
			return NULL;
		if (o.verb == O_PLAY && o.card == C_BOOST)
			allowed++;
		else
			used++;
	}
	if (used >= allowed)
		return NULL;
	return used ? xasprintf("your %s action of %d, or 'pass' to end your turn there",
				used == 1 ? "second" : "third", allowed)
		    : xasprintf("your %d actions (move, draw, play), or 'pass'", allowed);
}

void dp_nmr(const struct game *g, int p, struct strlist *orders)
{
	const struct dp_state *s = g->state;
	int den = dp_den_at(s->pl[p].at);
	/* RULINGS: leave the den if on one, else do nothing. */
	if (!s->over && p == s->current && den >= 0)
		strlist_addf(orders, "move %s", dp_dir_names[dp_den_exit_dir(den)]);
}
