/* dp-orders.c - Dragon Pants: reading orders, checking a mail's orders by
 * playing them on a copy of the game, the legal orders, and one turn.
 *
 * A turn is one player's turn.  Its actions run in the order written; an
 * order that cannot be carried out when its moment comes is skipped, with
 * the reason in the report, and costs no action.  Standing orders (`react`,
 * `lose`) may come from any player in any mail and take effect at the
 * start of the next turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"

enum dp_verb { O_MOVE, O_DRAW, O_PLAY, O_DISCARD, O_PASS, O_REACT, O_LOSE };

struct dp_order {
	enum dp_verb verb;
	int dir;           /* O_MOVE */
	bool from_discard; /* O_DRAW */
	int card;          /* O_PLAY, O_DISCARD */
	int target;        /* O_PLAY: player, or -1 */
	int take;          /* O_MOVE (a bite), O_PLAY tongue: card, or -1 */
	int list[C_NCARDS];/* O_REACT, O_LOSE */
	int nlist;
};

/* Where a turn stands while its actions run. */
struct dp_turn {
	int used, allowed;
	bool must_leave; /* began the turn on a den and has not moved yet */
	bool passed;
};

static bool is_action(const struct dp_order *o)
{
	return o->verb == O_MOVE || o->verb == O_DRAW || o->verb == O_PLAY || o->verb == O_PASS;
}

static bool is_standing(const struct dp_order *o)
{
	return o->verb == O_REACT || o->verb == O_LOSE;
}

static bool is_reaction(int c)
{
	return c == C_MIRROR || c == C_SHIELD || c == C_AMULET || c == C_POISON ||
	       c == C_DUCKY;
}

/* --- reading ------------------------------------------------------------- */

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

static bool parse_order(const struct game *g, const char *line, struct dp_order *o,
			const char **code, char **reason)
{
	char *copy = xstrdup(line), *save = NULL, *w[MAXW];
	int n = 0, i;
	bool ok = false;

	for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
		if (n < MAXW)
			w[n++] = t;
	memset(o, 0, sizeof *o);
	o->target = o->take = o->card = -1;
	*code = NULL;
	if (n == 0)
		goto unknown;
	if (!ascii_casecmp(w[0], "move") || !ascii_casecmp(w[0], "go")) {
		o->verb = O_MOVE;
		if (n < 2 || (o->dir = dp_dir_parse(w[1])) < 0) {
			*code = "bad-direction";
			*reason = xasprintf("say where: 'move n', 'move ne', 'move se', 'move s', "
					    "'move sw' or 'move nw'");
			goto out;
		}
		i = 2;
	} else if (!ascii_casecmp(w[0], "draw")) {
		o->verb = O_DRAW;
		if (n != 2 || (ascii_casecmp(w[1], "deck") && ascii_casecmp(w[1], "discard"))) {
			*code = "bad-draw";
			*reason = xstrdup("say 'draw deck' or 'draw discard'");
			goto out;
		}
		o->from_discard = !ascii_casecmp(w[1], "discard");
		ok = true;
		goto out;
	} else if (!ascii_casecmp(w[0], "play")) {
		o->verb = O_PLAY;
		if (n < 2) {
			*code = "unknown-card";
			*reason = xstrdup("say which card: 'play fireball at NAME'");
			goto out;
		}
		if (card_word_or_fail(w[1], &o->card, code, reason))
			goto out;
		i = 2;
		if (i + 1 < n && (!ascii_casecmp(w[i], "at") || !ascii_casecmp(w[i], "on") ||
				  !ascii_casecmp(w[i], "with"))) {
			o->target = game_player_index(g, w[i + 1]);
			if (o->target < 0) {
				*code = "no-such-player";
				*reason = xasprintf("there is no player called '%s' in this game",
						    w[i + 1]);
				goto out;
			}
			i += 2;
		}
	} else if (!ascii_casecmp(w[0], "discard")) {
		o->verb = O_DISCARD;
		if (n != 2) {
			*code = "unknown-card";
			*reason = xstrdup("say which card: 'discard freeze'");
			goto out;
		}
		ok = !card_word_or_fail(w[1], &o->card, code, reason);
		goto out;
	} else if (!ascii_casecmp(w[0], "pass") && n == 1) {
		o->verb = O_PASS;
		ok = true;
		goto out;
	} else if (!ascii_casecmp(w[0], "react") || !ascii_casecmp(w[0], "lose")) {
		bool r = !ascii_casecmp(w[0], "react");
		o->verb = r ? O_REACT : O_LOSE;
		if (n == 2 && !ascii_casecmp(w[1], "default")) {
			o->nlist = 0;
			if (r) {
				memcpy(o->list, dp_default_react, sizeof dp_default_react);
				o->nlist = DP_NREACT;
			}
			ok = true;
		} else if (r && n == 2 && !ascii_casecmp(w[1], "none")) {
			ok = true;
		} else if (n < 2) {
			*code = "empty-list";
			*reason = r ? xstrdup("say 'react none', 'react default' or the reactions "
					      "in order, e.g. 'react shield mirror'")
				    : xstrdup("say 'lose default' or the cards to give up first, "
					      "e.g. 'lose boost freeze'");
		} else {
			ok = parse_list(w + 1, n - 1, r, o, code, reason);
		}
		goto out;
	} else {
		goto unknown;
	}
	/* move ... / play ...: an optional "take CARD" */
	if (i + 2 == n && !ascii_casecmp(w[i], "take")) {
		if (card_word_or_fail(w[i + 1], &o->take, code, reason))
			goto out;
		i += 2;
	}
	if (i == n) {
		ok = true;
		goto out;
	}
unknown:
	*code = "unknown-order";
	*reason = xasprintf("'%s' is not a Dragon Pants order; the orders are 'move DIR', "
			    "'draw deck', 'draw discard', 'play CARD [at NAME] [take CARD]', "
			    "'discard CARD', 'pass', 'react ...' and 'lose ...'", line);
out:
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

static void apply_standing(struct dp_player *pl, const struct dp_order *o)
{
	if (o->verb == O_REACT) {
		pl->nreact = o->nlist;
		memcpy(pl->react, o->list, sizeof pl->react[0] * (size_t)o->nlist);
	} else {
		pl->nlose = o->nlist;
		memcpy(pl->lose, o->list, sizeof pl->lose[0] * (size_t)o->nlist);
	}
}

/* --- rules for each action ----------------------------------------------- */

/* Why player p may not move dir now; else the hex reached and the dragon
 * bitten there (-1: none). */
static const char *move_refusal(const struct dp_state *s, const struct game *g, int p,
				int dir, struct dp_hex *to, int *victim, char **reason)
{
	struct dp_hex at = s->pl[p].at;
	char here[24], there[24];
	int den = dp_den_at(at);

	*victim = -1;
	dp_hex_name(at, here, sizeof here);
	if (den >= 0 && dir != dp_den_exit_dir(den)) {
		*to = dp_step(at, dp_den_exit_dir(den));
		dp_hex_name(*to, there, sizeof there);
		*reason = xasprintf("a den opens only onto its corner hex: from %s the way out "
				    "is 'move %s' to %s", here, dp_dir_names[dp_den_exit_dir(den)],
				    there);
		return "den-exit";
	}
	*to = dp_step(at, dir);
	dp_hex_name(*to, there, sizeof there);
	switch (dp_terrain(*to)) {
	case T_OFF:
		*reason = xasprintf("there is no hex to the %s of %s", dp_dir_names[dir], here);
		return "off-board";
	case T_DEN:
		*reason = xasprintf("no dragon may move into a den (%s)", there);
		return "into-den";
	default:
		break;
	}
	*victim = dp_dragon_at(s, *to);
	if (*victim >= 0 && dp_terrain(*to) == T_MOUNTAIN) {
		*reason = xasprintf("%s's dragon holds the mountain at %s; a dragon on a "
				    "mountain cannot be bitten", g->players[*victim].name, there);
		return "mountain-held";
	}
	return NULL;
}

static const char *take_refusal(const struct dp_state *s, const struct game *g, int t,
				int take, char **reason)
{
	if (take < 0)
		return NULL;
	if (t < 0) {
		*reason = xstrdup("'take' goes with a bite or a Tongue");
		return "nothing-to-take";
	}
	if (dp_hand_find(&s->pl[t].hand, take, false) < 0) {
		*reason = xasprintf("%s holds no %s", g->players[t].name, dp_card_title(take));
		return "not-held";
	}
	return NULL;
}

static bool on_power(const struct dp_state *s, int p)
{
	return dp_terrain(s->pl[p].at) == T_POWER;
}

/* Carry out one action of the current player p, or say why not (nothing
 * is changed then). */
static const char *run_action(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			      char **reason)
{
	struct dp_state *s = run->s;
	const struct game *g = run->g;
	int p = s->current;
	const char *code;

	if (s->over) {
		*reason = xstrdup("the game is over");
		return "game-over";
	}
	if (ts->passed) {
		*reason = xstrdup("you passed: your turn is over");
		return "after-pass";
	}
	if (ts->must_leave && o->verb != O_MOVE) {
		*reason = xstrdup("you begin your turn on a den and must move out of it first");
		return "leave-den-first";
	}
	if (o->verb == O_PASS) {
		ts->passed = true;
		dp_say(run, "%s passes.", dp_name(run, p));
		return NULL;
	}
	if ((o->verb != O_PLAY || o->card != C_BOOST) && ts->used >= ts->allowed) {
		*reason = xasprintf("you have used all %d actions of this turn", ts->allowed);
		return "no-actions-left";
	}
	if (o->verb == O_MOVE) {
		struct dp_hex to;
		int victim;
		char from[24], there[24];
		if ((code = move_refusal(s, g, p, o->dir, &to, &victim, reason)))
			return code;
		if (victim < 0 && o->take >= 0) {
			dp_hex_name(to, there, sizeof there);
			*reason = xasprintf("there is no dragon at %s to bite", there);
			return "nothing-to-take";
		}
		if (run->sim && (code = take_refusal(s, g, victim, o->take, reason)))
			return code;
		ts->used++;
		ts->must_leave = false;
		if (victim >= 0) {
			dp_bite(run, p, victim, to, o->take);
			return NULL;
		}
		dp_hex_name(s->pl[p].at, from, sizeof from);
		dp_hex_name(to, there, sizeof there);
		s->pl[p].at = to;
		dp_say(run, "%s moves %s from %s to %s.", dp_name(run, p), dp_dir_names[o->dir],
		       from, there);
		return NULL;
	}
	if (o->verb == O_DRAW) {
		if (!on_power(s, p)) {
			*reason = xstrdup("you may draw only when the action begins on a power "
					  "tile (B3, E2 or E5)");
			return "not-on-power";
		}
		if (o->from_discard) {
			int c;
			if (!s->ndiscard) {
				*reason = xstrdup("the discard pile is empty");
				return "discard-empty";
			}
			ts->used++;
			c = s->discard[--s->ndiscard];
			dp_say(run, "%s draws %s from the discard pile.", dp_name(run, p),
			       dp_card_title(c));
			dp_gain(run, p, c);
			return NULL;
		}
		if (!s->ndeck && !s->ndiscard) {
			*reason = xstrdup("the deck and the discard pile are both empty");
			return "nothing-to-draw";
		}
		ts->used++;
		dp_draw_deck(run, p);
		return NULL;
	}
	/* O_PLAY */
	if (run->sim && dp_hand_find(&s->pl[p].hand, o->card, true) < 0) {
		/* a card drawn face down earlier in this mail may be this one */
		int u = dp_hand_find(&s->pl[p].hand, C_UNKNOWN, true);
		if (u >= 0)
			s->pl[p].hand.card[u] = o->card;
	}
	if ((code = dp_play_refusal(s, g, p, o->card, o->target, reason)))
		return code;
	if (o->take >= 0 && o->card != C_TONGUE) {
		*reason = xstrdup("'take' goes with a bite or a Tongue");
		return "nothing-to-take";
	}
	if (run->sim && (code = take_refusal(s, g, o->target, o->take, reason)))
		return code;
	if (o->card == C_BOOST)
		ts->allowed++;
	else
		ts->used++;
	dp_play(run, p, o->card, o->target, o->take);
	return NULL;
}

/* --- check --------------------------------------------------------------- */

static void turn_begin(const struct dp_state *s, struct dp_turn *ts)
{
	memset(ts, 0, sizeof *ts);
	ts->allowed = 2;
	ts->must_leave = dp_terrain(s->pl[s->current].at) == T_DEN;
}

/* The `discard` line that belongs to action line i: the next order line
 * that is not a standing order, when it is a discard. */
static int discard_after(const struct dp_order *o, const bool *ok, size_t n, size_t i)
{
	for (size_t k = i + 1; k < n; k++) {
		if (ok[k] && is_standing(&o[k]))
			continue;
		return ok[k] && o[k].verb == O_DISCARD ? (int)k : -1;
	}
	return -1;
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
	int last = -1, last_discarded = -1;
	bool last_ok = false, discard_used = true;
	(void)ctx;

	/* Chance in a check is not the game's chance: a verdict must not
	 * foretell a draw or a random theft. */
	rng_seed(&r, 1, 1);
	turn_begin(&sim, &ts);
	for (size_t i = 0; i < n; i++) {
		ok[i] = parse_order(g, lines[i].text, &o[i], &lines[i].code, &lines[i].reason);
		if (ok[i] && sim.over) {
			lines[i].code = "game-over";
			lines[i].reason = xstrdup("the game is over");
			ok[i] = false;
		}
		if (ok[i] && is_standing(&o[i])) {
			apply_standing(&sim.pl[p], &o[i]);
			lines[i].canon = format_order(g, &o[i]);
		}
	}
	for (size_t i = 0; i < n; i++) {
		struct order_line *l = &lines[i];
		if (!ok[i] || is_standing(&o[i]))
			continue;
		if (p != sim.current || sim.pl[p].out) {
			l->code = "not-your-turn";
			l->reason = xasprintf("it is %s's turn; between your turns you may send "
					      "only standing orders ('react ...', 'lose ...')",
					      g->players[sim.current].name);
			continue;
		}
		if (o[i].verb == O_DISCARD) {
			if (discard_used || !last_ok) {
				l->code = "discard-alone";
				l->reason = xstrdup("'discard' follows the action that takes you over "
						    "the hand limit of 3");
			} else if (last_discarded < 0) {
				l->code = "no-discard-needed";
				l->reason = xasprintf("you will hold %d card%s after '%s': nothing "
						      "to discard", sim.pl[p].hand.n,
						      sim.pl[p].hand.n == 1 ? "" : "s",
						      lines[last].text);
			} else if (last_discarded != o[i].card && last_discarded != C_UNKNOWN) {
				l->code = "not-held";
				l->reason = xasprintf("you will not hold %s then",
						      dp_card_title(o[i].card));
			} else {
				l->canon = format_order(g, &o[i]);
			}
			discard_used = true;
			continue;
		}
		{
			int d = discard_after(o, ok, n, i);
			run.discard_pick = d >= 0 ? o[d].card : -1;
		}
		run.discarded = -1;
		l->code = run_action(&run, &ts, &o[i], &l->reason);
		last = (int)i;
		last_ok = !l->code;
		last_discarded = run.discarded;
		discard_used = false;
		if (!l->code)
			l->canon = format_order(g, &o[i]);
	}
	free(o);
	free(ok);
}

/* --- legal orders -------------------------------------------------------- */

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
			if (move_refusal(s, g, p, d, &to, &victim, &reason))
				free(reason);
			else
				strlist_addf(out, "move %s", dp_dir_names[d]);
		}
		if (den >= 0)
			return; /* the first action must take it out */
		if (on_power(s, p) && (s->ndeck || s->ndiscard))
			strlist_add(out, "draw deck");
		if (on_power(s, p) && s->ndiscard)
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

void dp_nmr(const struct game *g, int p, struct strlist *orders)
{
	const struct dp_state *s = g->state;
	int den = dp_den_at(s->pl[p].at);
	/* RULINGS: leave the den if on one, else do nothing. */
	if (!s->over && p == s->current && den >= 0)
		strlist_addf(orders, "move %s", dp_dir_names[dp_den_exit_dir(den)]);
}

/* --- a turn -------------------------------------------------------------- */

/* The end of player p's turn, played or skipped: the destiny card, then
 * spent cards recover. */
static void end_turn(struct dp_run *run, int p, bool skipped)
{
	struct dp_state *s = run->s;
	struct dp_player *pl = &s->pl[p];

	if (dp_holds_pants(pl)) {
		if (skipped) {
			dp_say(run, "%s wears The Pants but is frozen: no destiny card.",
			       dp_name(run, p));
		} else if (dp_terrain(pl->at) == T_DEN) {
			dp_say(run, "%s wears The Pants but stands on a den: no destiny card.",
			       dp_name(run, p));
		} else if (s->ndestiny) {
			int v = s->destiny[--s->ndestiny];
			s->drawn[s->ndrawn++] = v;
			s->time += v;
			dp_say(run, "%s wears The Pants and draws the destiny card %+d: the time "
				    "is now %d.", dp_name(run, p), v, s->time);
		}
		if (!skipped && dp_terrain(pl->at) != T_DEN && (s->time <= 0 || !s->ndestiny)) {
			s->over = true;
			s->winner = p;
			dp_say(run, "Time has run out. %s wears The Pants and wins the game!",
			       dp_name(run, p));
		}
	}
	for (int i = 0; i < pl->hand.n; i++) {
		if (pl->hand.fresh[i]) {
			pl->hand.fresh[i] = false;
		} else if (pl->hand.spent[i]) {
			pl->hand.spent[i] = false;
			dp_say(run, "%s's %s is ready again.", dp_name(run, p),
			       dp_card_title(pl->hand.card[i]));
		}
	}
}

/* Pass the turn on, skipping (and ending) the turns of frozen dragons. */
static void next_player(struct dp_run *run)
{
	struct dp_state *s = run->s;
	int q = s->current;
	for (int k = 0; k < 2 * s->n + 1; k++) {
		q = (q + 1) % s->n;
		if (s->pl[q].out)
			continue;
		if (s->pl[q].frozen) {
			s->pl[q].frozen = false;
			dp_say(run, "%s is frozen and misses this turn.", dp_name(run, q));
			end_turn(run, q, true);
			continue;
		}
		s->current = q;
		dp_say(run, "Next it is %s's turn.", dp_name(run, q));
		return;
	}
	BUG("nobody to play");
}

int dp_advance(struct game *g, const struct turn_orders *orders,
	       const struct engine_ctx *ctx, struct events *ev, char **err)
{
	struct dp_state *s = g->state;
	struct dp_run run = { g, s, &g->rng, ev, false, -1, -1 };
	struct dp_turn ts;
	struct dp_order *o;
	bool *ok;
	size_t n = 0;
	int p = s->current;
	(void)ctx, (void)err;

	if (s->over)
		return 0;
	if (s->pl[p].out) { /* resigned or dropped on their own turn */
		next_player(&run);
		return 0;
	}
	for (size_t q = 0; q < g->nplayers && (int)q < s->n; q++) {
		for (size_t i = 0; orders->has[q] && i < orders->lines[q].n; i++) {
			struct dp_order so;
			const char *code;
			char *reason = NULL;
			if (!parse_order(g, orders->lines[q].v[i], &so, &code, &reason)) {
				free(reason);
				continue;
			}
			if (is_standing(&so)) {
				struct sb t = SB_INIT;
				apply_standing(&s->pl[q], &so);
				dp_standing_text(&s->pl[q], &t);
				events_add(ev, AUD((int)q), "Your standing orders are now: %s.",
					   sb_str(&t));
				sb_release(&t);
			}
		}
	}
	if (orders->has[p])
		n = orders->lines[p].n;
	o = xcalloc(n ? n : 1, sizeof *o);
	ok = xcalloc(n ? n : 1, sizeof *ok);
	for (size_t i = 0; i < n; i++) {
		const char *code;
		char *reason = NULL;
		ok[i] = parse_order(g, orders->lines[p].v[i], &o[i], &code, &reason);
		free(reason);
	}
	turn_begin(s, &ts);
	if (ts.must_leave) {
		/* The first action must take the dragon out of its den; when the
		 * orders do not begin so, it goes out on its own (as for NMR). */
		int first = -1;
		for (size_t i = 0; i < n && first < 0; i++)
			if (ok[i] && is_action(&o[i]))
				first = (int)i;
		if (first < 0 || o[first].verb != O_MOVE ||
		    o[first].dir != dp_den_exit_dir(dp_den_at(s->pl[p].at))) {
			struct dp_order out = { .verb = O_MOVE, .target = -1, .take = -1,
						.card = -1 };
			char *reason = NULL;
			out.dir = dp_den_exit_dir(dp_den_at(s->pl[p].at));
			dp_say(&run, "%s must leave the den first and goes out on their own.",
			       g->players[p].name);
			if (run_action(&run, &ts, &out, &reason))
				BUG("cannot leave the den: %s", reason);
		}
	}
	for (size_t i = 0; i < n && !s->over; i++) {
		char *reason = NULL;
		const char *code;
		int d;
		if (!ok[i] || !is_action(&o[i]))
			continue;
		d = discard_after(o, ok, n, i);
		run.discard_pick = d >= 0 ? o[d].card : -1;
		run.discarded = -1;
		code = run_action(&run, &ts, &o[i], &reason);
		if (code) {
			dp_say(&run, "%s's order '%s' cannot be carried out: %s.", g->players[p].name,
			       orders->lines[p].v[i], reason);
			free(reason);
		}
		if (ts.passed)
			break;
	}
	free(o);
	free(ok);
	end_turn(&run, p, false);
	if (!s->over)
		next_player(&run);
	return 0;
}

void dp_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	struct dp_state *s = g->state;
	struct dp_run run = { g, s, &g->rng, ev, false, -1, -1 };
	struct dp_player *pl = &s->pl[p];
	int left = 0, last = -1;
	(void)ctx;

	if (pl->out || p >= s->n)
		return;
	pl->out = true;
	pl->frozen = false;
	while (pl->hand.n) {
		int c = dp_hand_remove(&pl->hand, pl->hand.n - 1);
		s->discard[s->ndiscard++] = c;
		dp_say(&run, "%s's %s goes to the discard pile.", g->players[p].name,
		       dp_card_title(c));
	}
	dp_say(&run, "%s's dragon leaves the board.", g->players[p].name);
	for (int q = 0; q < s->n; q++)
		if (!s->pl[q].out) {
			left++;
			last = q;
		}
	if (left <= 1 && !s->over) {
		s->over = true;
		s->winner = last;
		if (last >= 0)
			dp_say(&run, "%s is the last dragon on the board and wins the game.",
			       g->players[last].name);
	}
}
