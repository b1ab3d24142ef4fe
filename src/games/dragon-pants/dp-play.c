/* dp-play.c - Dragon Pants turns: the rules of each action, one player's
 * turn, the end of a turn with its destiny card, and a player leaving the
 * game (see dp-int.h).
 *
 * A turn is one player's turn.  Its actions run in the order written; an
 * order that cannot be carried out when its moment comes is skipped, with
 * the reason in the report, and costs no action.
 */
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"

/* --- rules for each action ----------------------------------------------- */

const char *dp_move_refusal(const struct dp_state *s, const struct game *g, int p,
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

bool dp_on_power(const struct dp_state *s, int p)
{
	return dp_terrain(s->pl[p].at) == T_POWER;
}

/* The current player p moves one hex (and bites the dragon there). */
static const char *act_move(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			    char **reason)
{
	struct dp_state *s = run->s;
	int p = s->current;
	struct dp_hex to;
	int victim;
	char from[24], there[24];
	const char *code;

	if ((code = dp_move_refusal(s, run->g, p, o->dir, &to, &victim, reason)))
		return code;
	if (victim < 0 && o->take >= 0) {
		dp_hex_name(to, there, sizeof there);
		*reason = xasprintf("there is no dragon at %s to bite", there);
		return "nothing-to-take";
	}
	if (run->sim && (code = take_refusal(s, run->g, victim, o->take, reason)))
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

/* The current player p draws from the deck or the discard pile. */
static const char *act_draw(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			    char **reason)
{
	struct dp_state *s = run->s;
	int p = s->current;

	if (!dp_on_power(s, p)) {
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

/* The current player p plays a card. */
static const char *act_play(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			    char **reason)
{
	struct dp_state *s = run->s;
	int p = s->current;
	const char *code;

	if (run->sim && dp_hand_find(&s->pl[p].hand, o->card, true) < 0) {
		/* a card drawn face down earlier in this mail may be this one */
		int u = dp_hand_find(&s->pl[p].hand, C_UNKNOWN, true);
		if (u >= 0)
			s->pl[p].hand.card[u] = o->card;
	}
	if ((code = dp_play_refusal(s, run->g, p, o->card, o->target, reason)))
		return code;
	if (o->take >= 0 && o->card != C_TONGUE) {
		*reason = xstrdup("'take' goes with a bite or a Tongue");
		return "nothing-to-take";
	}
	if (run->sim && (code = take_refusal(s, run->g, o->target, o->take, reason)))
		return code;
	if (o->card == C_BOOST)
		ts->allowed++;
	else
		ts->used++;
	dp_play(run, p, o->card, o->target, o->take);
	return NULL;
}

const char *dp_run_action(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			  char **reason)
{
	struct dp_state *s = run->s;
	int p = s->current;

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
	if (o->verb == O_MOVE)
		return act_move(run, ts, o, reason);
	if (o->verb == O_DRAW)
		return act_draw(run, ts, o, reason);
	return act_play(run, ts, o, reason);
}

/* --- a turn -------------------------------------------------------------- */

void dp_turn_begin(const struct dp_state *s, struct dp_turn *ts)
{
	memset(ts, 0, sizeof *ts);
	ts->allowed = 2;
	ts->must_leave = dp_terrain(s->pl[s->current].at) == T_DEN;
}

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

/* Every player's standing orders in this turn's mails take effect, each
 * player told their own. */
static void take_standing(struct game *g, const struct turn_orders *orders, struct events *ev)
{
	struct dp_state *s = g->state;
	for (size_t q = 0; q < g->nplayers && (int)q < s->n; q++) {
		for (size_t i = 0; orders->has[q] && i < orders->lines[q].n; i++) {
			struct dp_order so;
			const char *code;
			char *reason = NULL;
			if (!dp_order_parse(g, orders->lines[q].v[i], &so, &code, &reason)) {
				free(reason);
				continue;
			}
			if (dp_is_standing(&so)) {
				struct sb t = SB_INIT;
				dp_apply_standing(&s->pl[q], &so);
				dp_standing_text(&s->pl[q], &t);
				events_add(ev, AUD((int)q), "Your standing orders are now: %s.",
					   sb_str(&t));
				sb_release(&t);
			}
		}
	}
}

/* The orders of the player whose turn it is, read: o[i] is line i of
 * text when ok[i]. */
struct turn_lines {
	char **text;
	size_t n;
	struct dp_order *o;
	bool *ok;
};

static void turn_lines_read(const struct game *g, const struct turn_orders *orders, int p,
			    struct turn_lines *t)
{
	t->n = orders->has[p] ? orders->lines[p].n : 0;
	t->text = t->n ? orders->lines[p].v : NULL;
	t->o = xcalloc(t->n ? t->n : 1, sizeof *t->o);
	t->ok = xcalloc(t->n ? t->n : 1, sizeof *t->ok);
	for (size_t i = 0; i < t->n; i++) {
		const char *code;
		char *reason = NULL;
		t->ok[i] = dp_order_parse(g, t->text[i], &t->o[i], &code, &reason);
		free(reason);
	}
}

/* The first action must take the dragon out of its den; when the orders
 * do not begin so, it goes out on its own (as for NMR). */
static void leave_den(struct dp_run *run, struct dp_turn *ts, const struct turn_lines *t)
{
	const struct dp_state *s = run->s;
	int p = s->current, first = -1;

	for (size_t i = 0; i < t->n && first < 0; i++)
		if (t->ok[i] && dp_is_action(&t->o[i]))
			first = (int)i;
	if (first < 0 || t->o[first].verb != O_MOVE ||
	    t->o[first].dir != dp_den_exit_dir(dp_den_at(s->pl[p].at))) {
		struct dp_order out = { .verb = O_MOVE, .target = -1, .take = -1,
					.card = -1 };
		char *reason = NULL;
		out.dir = dp_den_exit_dir(dp_den_at(s->pl[p].at));
		dp_say(run, "%s must leave the den first and goes out on their own.",
		       run->g->players[p].name);
		if (dp_run_action(run, ts, &out, &reason))
			BUG("cannot leave the den: %s", reason);
	}
}

/* The actions, in the order written, until the player passes or the game
 * ends; one that cannot be carried out is skipped, and said so. */
static void run_actions(struct dp_run *run, struct dp_turn *ts, const struct turn_lines *t)
{
	int p = run->s->current;

	for (size_t i = 0; i < t->n && !run->s->over; i++) {
		char *reason = NULL;
		const char *code;
		int d;
		if (!t->ok[i] || !dp_is_action(&t->o[i]))
			continue;
		d = dp_discard_after(t->o, t->ok, t->n, i);
		run->discard_pick = d >= 0 ? t->o[d].card : -1;
		run->discarded = -1;
		code = dp_run_action(run, ts, &t->o[i], &reason);
		if (code) {
			dp_say(run, "%s's order '%s' cannot be carried out: %s.",
			       run->g->players[p].name, t->text[i], reason);
			free(reason);
		}
		if (ts->passed)
			break;
	}
}

int dp_advance(struct game *g, const struct turn_orders *orders,
	       const struct engine_ctx *ctx, struct events *ev, char **err)
{
	struct dp_state *s = g->state;
	struct dp_run run = { g, s, &g->rng, ev, false, -1, -1 };
	struct dp_turn ts;
	struct turn_lines t;
	int p = s->current;
	(void)ctx, (void)err;

	if (s->over)
		return 0;
	if (s->pl[p].out) { /* resigned or dropped on their own turn */
		next_player(&run);
		return 0;
	}
	take_standing(g, orders, ev);
	turn_lines_read(g, orders, p, &t);
	dp_turn_begin(s, &ts);
	if (ts.must_leave)
		leave_den(&run, &ts, &t);
	run_actions(&run, &ts, &t);
	free(t.o);
	free(t.ok);
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

bool dp_over(const struct game *g)
{
	return DP(g)->over;
}
