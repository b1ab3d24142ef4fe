/* cog-orders.c - City of Glass: reading orders, checking them with a
 * forecast of what they will do, whose turn it is, the legal orders and
 * the no-orders rule (see cog-int.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cog-int.h"

/* --- reading ------------------------------------------------------------- */

static bool bad(const char **code, char **reason, const char *c, char *why)
{
	*code = c;
	*reason = why;
	return false;
}

/* "12.5,20" to the nearest hundredth of an inch. */
static bool parse_xy(const char *w, struct cog_xy *p)
{
	char *end;
	double x = strtod(w, &end), y;
	if (end == w || *end != ',')
		return false;
	w = end + 1;
	y = strtod(w, &end);
	if (end == w || *end || !isfinite(x) || !isfinite(y) || fabs(x) > 1e6 || fabs(y) > 1e6)
		return false;
	p->x = round(x * 100) / 100;
	p->y = round(y * 100) / 100;
	return true;
}

/* The line with brackets and semicolons made spaces, and no space around
 * a comma, so "(12.5, 20)" reads as "12.5,20". */
static char *tidy(const char *text)
{
	char *t = xstrdup(text), *o = t;
	for (const char *c = text; *c; c++) {
		char ch = (*c == '(' || *c == ')' || *c == ';' || *c == '\t') ? ' ' : *c;
		if (ch == ' ' && (o == t || o[-1] == ' ' || o[-1] == ','))
			continue;
		if (ch == ',' && o > t && o[-1] == ' ')
			o--;
		*o++ = ch;
	}
	*o = '\0';
	return t;
}

static const char *const exchange_words[] = { "exchange", "catch", "seduce", "unmask",
					      "murder", NULL };

/* Split t (modified) at its spaces into w, which holds COG_MAX_WAY + 2
 * words; -1 when there are more. */
static int split_words(char *t, char **w)
{
	char *save = NULL;
	int nw = 0;
	for (char *tok = strtok_r(t, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (nw == COG_MAX_WAY + 2)
			return -1;
		w[nw++] = tok;
	}
	return nw;
}

/* `place X,Y` and `move X,Y ...`. */
static bool parse_points(char **w, int nw, struct cog_order *o, const char **code,
			 char **reason)
{
	o->verb = ascii_casecmp(w[0], "place") ? V_MOVE : V_PLACE;
	if (nw < 2 || (o->verb == V_PLACE && nw > 2))
		return bad(code, reason, "bad-point",
			   xstrdup(o->verb == V_PLACE ? "write one point: 'place 12.5,20'"
						      : "write the points to move through: "
							"'move 12.5,20 14,22'"));
	for (int i = 1; i < nw; i++)
		if (!parse_xy(w[i], &o->way[o->nway++]))
			return bad(code, reason, "bad-point",
				   xasprintf("'%s' is not a point; write x,y in inches, e.g. "
					     "12.5,20", w[i]));
	return true;
}

/* `play CARD on MODEL`, `play joker` and `discard CARD`. */
static bool parse_card(char **w, int nw, struct cog_order *o, const char **code,
		       char **reason)
{
	bool play = !ascii_casecmp(w[0], "play");
	int m = -1;

	if (nw < 2 || nw > 4 || (nw == 4 && ascii_casecmp(w[2], "on")))
		return bad(code, reason, "bad-order",
			   xstrdup(play ? "write 'play CARD on MODEL', e.g. 'play 7H on B', or "
					  "'play joker'"
					: "write 'discard CARD', e.g. 'discard 7H'"));
	if ((o->card = cog_card_parse(w[1])) < 0)
		return bad(code, reason, "unknown-card",
			   xasprintf("'%s' is not a card; write rank and suit: A, 2-10, J, Q, "
				     "K and S, H, D, C (7H, 10S, QD), or joker", w[1]));
	if (nw > 2 && (m = cog_model_parse(w[nw - 1])) < 0)
		return bad(code, reason, "no-such-model",
			   xasprintf("'%s' is not a model; the models are A, B, C and D",
				     w[nw - 1]));
	if (!play) {
		o->verb = V_DISCARD;
		return nw == 2 || bad(code, reason, "bad-order",
				      xstrdup("write 'discard CARD': a discard goes on no model"));
	}
	if (o->card == COG_JOKER) {
		o->verb = V_JOKER;
		return nw == 2 || bad(code, reason, "bad-order",
				      xstrdup("a joker is played on no model: 'play joker'"));
	}
	o->verb = V_PLAY;
	o->model = m;
	return m >= 0 || bad(code, reason, "bad-order",
			     xstrdup("name the model: 'play 7H on B'"));
}

/* `exchange MODEL` (or one of its other words) and `swap MODEL`, with or
 * without `with`. */
static bool parse_exchange(char **w, int nw, struct cog_order *o, const char **code,
			   char **reason)
{
	int k = 0;
	bool swap = !ascii_casecmp(w[0], "swap");

	while (exchange_words[k] && ascii_casecmp(w[0], exchange_words[k]))
		k++;
	if (!swap && !exchange_words[k])
		return bad(code, reason, "unknown-order",
			   xasprintf("'%s' is not an order here; the orders are place, play, "
				     "discard, move, exchange and swap", w[0]));
	o->verb = swap ? V_SWAP : V_EXCHANGE;
	if (nw == 3 && !ascii_casecmp(w[1], "with"))
		w[1] = w[2], nw = 2;
	if (nw != 2 || (o->model = cog_model_parse(w[1])) < 0)
		return bad(code, reason, "no-such-model",
			   xasprintf("write '%s MODEL', the model one of A, B, C and D", w[0]));
	return true;
}

bool cog_parse(const char *text, struct cog_order *o, const char **code, char **reason)
{
	char *t = tidy(text), *w[COG_MAX_WAY + 2];
	int nw = split_words(t, w);
	bool ok;

	memset(o, 0, sizeof *o);
	if (nw < 0)
		ok = bad(code, reason, "too-long", xasprintf("too many words; a move has at "
							      "most %d points", COG_MAX_WAY));
	else if (!nw)
		ok = bad(code, reason, "unknown-order", xstrdup("an empty order"));
	else if (!ascii_casecmp(w[0], "place") || !ascii_casecmp(w[0], "move"))
		ok = parse_points(w, nw, o, code, reason);
	else if (!ascii_casecmp(w[0], "play") || !ascii_casecmp(w[0], "discard"))
		ok = parse_card(w, nw, o, code, reason);
	else
		ok = parse_exchange(w, nw, o, code, reason);
	free(t);
	return ok;
}

char *cog_format(const struct cog_order *o)
{
	struct sb sb = SB_INIT;
	char name[8], xy[32];
	cog_card_name(o->card, name);
	switch (o->verb) {
	case V_PLACE:
	case V_MOVE:
		sb_adds(&sb, o->verb == V_PLACE ? "place" : "move");
		for (int i = 0; i < o->nway; i++) {
			cog_xy_text(xy, sizeof xy, o->way[i]);
			sb_addf(&sb, " %s", xy);
		}
		break;
	case V_PLAY: sb_addf(&sb, "play %s on %c", name, cog_model_names[o->model]); break;
	case V_JOKER: sb_adds(&sb, "play joker"); break;
	case V_DISCARD: sb_addf(&sb, "discard %s", name); break;
	case V_EXCHANGE: sb_addf(&sb, "exchange %c", cog_model_names[o->model]); break;
	case V_SWAP: sb_addf(&sb, "swap %c", cog_model_names[o->model]); break;
	}
	return sb_detach(&sb);
}

/* --- checking ------------------------------------------------------------ */

/* Which models see model m at its spot, and which it sees: "sees A, C;
 * seen by A". */
static void sight_note(const struct cog_state *s, int m, struct sb *out)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	int nsee = 0, nseen = 0;
	char xy[32];

	cog_xy_text(xy, sizeof xy, s->m[m].at);
	sb_addf(out, "from %s model %c would see ", xy, cog_model_names[m]);
	for (int o = 0; o < COG_MODELS; o++)
		if (o != m && cog_in_play(s, o) &&
		    cog_model_sees(s, boxes, nb, s->m[m].at, s->m[o].at, NULL, NULL))
			sb_addf(out, "%s%c", nsee++ ? ", " : "", cog_model_names[o]);
	sb_adds(out, nsee ? "" : "nobody");
	sb_adds(out, " and be seen by ");
	for (int o = 0; o < COG_MODELS; o++)
		if (o != m && cog_in_play(s, o) &&
		    cog_model_sees(s, boxes, nb, s->m[o].at, s->m[m].at, NULL, NULL))
			sb_addf(out, "%s%c", nseen++ ? ", " : "", cog_model_names[o]);
	sb_adds(out, nseen ? "" : "nobody");
}

/* Where a check stands within one activation. */
struct act {
	int stage;      /* 0 nothing; 1 played; 2 moved; 3 exchanged; 4 swapped;
			   9 the whole turn done (a discard, a joker, a placing) */
	int model, card, allowance;
};

static const char *path_refusal(const struct cog_state *s, int m, const struct cog_order *o,
				int allowance, char **reason, double *length)
{
	struct cog_box boxes[COG_MAX_PILES];
	struct cog_xy others[COG_MODELS];
	size_t nb = cog_boxes(s, boxes), no = 0;
	const struct cog_table t = { COG_TABLE, COG_TABLE, boxes, nb };
	struct cog_path_verdict v;
	char xy[32];

	for (int k = 0; k < o->nway; k++)
		if (o->way[k].x < 0 || o->way[k].y < 0 || o->way[k].x > COG_TABLE ||
		    o->way[k].y > COG_TABLE) {
			cog_xy_text(xy, sizeof xy, o->way[k]);
			*reason = xasprintf("point %d (%s) is off the table, which runs from 0 to "
					    "36 each way", k + 1, xy);
			return "off-table";
		}
	for (int k = 0; k < COG_MODELS; k++)
		if (k != m && cog_in_play(s, k))
			others[no++] = s->m[k].at;
	cog_path(&t, s->m[m].at, o->way, (size_t)o->nway, COG_BASE_R, others, no, COG_BASE_R, &v);
	*length = v.length;
	cog_xy_text(xy, sizeof xy, v.at);
	switch (v.what) {
	case COG_CLEAR:
		break;
	case COG_OFF_TABLE:
		*reason = xasprintf("at point %zu the base would hang over the table's edge",
				    v.leg + 1);
		return "off-table";
	case COG_PILE:
		*reason = xasprintf("on leg %zu the base would cross pile %zu; it first touches "
				    "it with its centre at %s", v.leg + 1, v.index + 1, xy);
		return "blocked";
	case COG_BASE: {
		int k = 0, which = 0;
		for (; k < COG_MODELS; k++)
			if (k != m && cog_in_play(s, k) && which++ == (int)v.index)
				break;
		*reason = xasprintf("on leg %zu the base would cross model %c's; it first touches "
				    "it with its centre at %s", v.leg + 1, cog_model_names[k], xy);
		return "blocked";
	}
	}
	if (v.length > allowance + COG_EPS) {
		*reason = xasprintf("the path is %.2f inches long; the role allows %d", v.length,
				    allowance);
		return "too-far";
	}
	return NULL;
}

static void check_place(struct cog_state *s, struct act *a, const struct cog_order *o,
			struct order_line *l)
{
	if (o->verb != V_PLACE) {
		l->code = "placing";
		l->reason = xasprintf("the models are being placed: send 'place X,Y' for model %c",
				      cog_model_names[s->placing]);
	} else if (a->stage) {
		l->code = "one-order";
		l->reason = xstrdup("one model is placed per turn");
	} else if ((l->reason = cog_place_refusal(s, o->way[0]))) {
		l->code = "bad-spot";
	} else {
		char xy[32];
		cog_xy_text(xy, sizeof xy, o->way[0]);
		l->note = xasprintf("model %c at %s: out of sight of every model on the table",
				    cog_model_names[s->placing], xy);
		a->stage = 9;
	}
}

static void check_action(struct cog_state *s, int p, struct act *a, const struct cog_order *o,
			 struct order_line *l)
{
	char name[8];
	int i;
	cog_card_name(o->card, name);
	if (a->stage) {
		l->code = "one-card";
		l->reason = xstrdup("you play or discard one card per turn");
		return;
	}
	if ((i = cog_hand_find(s, p, o->card)) < 0) {
		l->code = "not-held";
		l->reason = xasprintf("you do not hold %s", o->card >= COG_JOKER ? "a joker" : name);
		return;
	}
	if (o->verb == V_PLAY && (l->reason = cog_play_refusal(s, p, o->card, o->model, &l->code)))
		return;
	memmove(&s->hand[p][i], &s->hand[p][i + 1], sizeof(int) * (size_t)(s->nhand[p] - i - 1));
	s->nhand[p]--;
	if (o->verb == V_DISCARD) {
		a->stage = 9;
		if (cog_solo(s))
			l->note = xasprintf("%s goes to the %s of the discard pile%s", name,
					    s->ndiscard && cog_rank(o->card) <
							   cog_rank(s->discard[s->ndiscard - 1])
						    ? "top" : "bottom",
					    cog_rank(o->card) == 1 ? "; an ace: this is the last "
								     "activation" : "");
		return;
	}
	if (o->verb == V_JOKER) {
		int k = 0;
		a->stage = 9;
		struct sb sb = SB_INIT;
		sb_adds(&sb, "every role card in play is discarded:");
		for (int m = 0; m < COG_MODELS; m++)
			if (s->m[m].role != NO_CARD) {
				cog_card_name(s->m[m].role, name);
				sb_addf(&sb, "%s %c's %s", k++ ? "," : "", cog_model_names[m], name);
			}
		sb_adds(&sb, k ? "" : " none is");
		l->note = sb_detach(&sb);
		return;
	}
	a->stage = 1;
	a->model = o->model;
	a->card = o->card;
	a->allowance = cog_move_allowance(s, o->card, o->model);
	if (cog_rank(o->card) == 2 && s->m[o->model].role != NO_CARD) {
		cog_card_name(s->m[o->model].role, name);
		l->note = xasprintf("the 2 is discarded; model %c stays the %s (%s) and may move up "
				    "to %d inches", cog_model_names[o->model],
				    cog_role_names[cog_suit(s->m[o->model].role)], name, a->allowance);
	} else {
		s->m[o->model].role = o->card;
		l->note = xasprintf("model %c becomes the %s and may move up to %d inches%s",
				    cog_model_names[o->model], cog_role_names[cog_suit(o->card)],
				    a->allowance,
				    cog_rank(o->card) == 10 ? "; the 10 leaves it at the end of the turn"
							    : "");
	}
}

static void check_follow(struct cog_state *s, struct act *a, const struct cog_order *o,
			 struct order_line *l)
{
	const char *order = o->verb == V_MOVE ? "move" : o->verb == V_EXCHANGE ? "exchange"
										: "swap";
	int want = o->verb == V_MOVE ? 1 : o->verb == V_EXCHANGE ? 2 : 3;
	if (a->stage == 0 || a->stage == 9) {
		l->code = "play-first";
		l->reason = xasprintf("a %s follows 'play CARD on MODEL' in the same mail", order);
		return;
	}
	if (a->stage > want) {
		l->code = "out-of-order";
		l->reason = xasprintf("one move, then one exchange, then the swap: this %s comes "
				      "too late or twice", order);
		return;
	}
	if (o->verb == V_MOVE) {
		double length;
		struct sb sb = SB_INIT;
		if ((l->code = path_refusal(s, a->model, o, a->allowance, &l->reason, &length)))
			return;
		s->m[a->model].at = o->way[o->nway - 1];
		sb_addf(&sb, "path %.2f inches of %d, clear; ", length, a->allowance);
		sight_note(s, a->model, &sb);
		l->note = sb_detach(&sb);
		a->stage = 2;
	} else if (o->verb == V_EXCHANGE) {
		int chance;
		char ra[8], rb[8];
		if ((l->reason = cog_exchange_refusal(s, a->model, o->model, &l->code)))
			return;
		chance = cog_exchange_chance(s, a->model, o->model);
		cog_card_name(s->m[a->model].role, ra);
		cog_card_name(s->m[o->model].role, rb);
		l->note = xasprintf("allowed: %c (%s) against %c (%s) succeeds on %d of 36 rolls "
				    "(%.0f%%)", cog_model_names[a->model], ra,
				    cog_model_names[o->model], rb, chance, chance * 100.0 / 36);
		a->stage = 3;
	} else {
		if (cog_rank(a->card) != 7 || s->m[a->model].role != a->card) {
			l->code = "not-a-seven";
			l->reason = xstrdup("only a 7 played as the model's role may be swapped");
		} else if (o->model == a->model || !cog_in_play(s, o->model) ||
			   s->m[o->model].role == NO_CARD) {
			l->code = "no-role";
			l->reason = xasprintf("model %c has no role card to swap with",
					      cog_model_names[o->model]);
		} else {
			l->note = xasprintf("at the end of the turn model %c takes %c's role and %c "
					    "the 7 (unless the exchange removes %c)",
					    cog_model_names[a->model], cog_model_names[o->model],
					    cog_model_names[o->model], cog_model_names[o->model]);
			a->stage = 4;
		}
	}
}

void cog_check(const struct game *g, int p, struct order_line *lines, size_t n,
	       const struct engine_ctx *ctx)
{
	struct cog_state sim = *(const struct cog_state *)g->state;
	struct act a = { 0, -1, NO_CARD, 0 };
	(void)ctx;

	for (size_t i = 0; i < n; i++) {
		struct order_line *l = &lines[i];
		struct cog_order o;
		if (!cog_parse(l->text, &o, &l->code, &l->reason))
			continue;
		if (sim.phase == PH_OVER) {
			l->code = "game-over";
			l->reason = xstrdup("the game is over");
		} else if (p != sim.current || sim.dropped[p]) {
			l->code = "not-your-turn";
			l->reason = xasprintf("it is %s's turn", g->players[sim.current].name);
		} else if (sim.phase == PH_PLACE) {
			check_place(&sim, &a, &o, l);
		} else if (o.verb == V_PLACE) {
			l->code = "placed";
			l->reason = xstrdup("every model is on the table");
		} else if (o.verb == V_PLAY || o.verb == V_JOKER || o.verb == V_DISCARD) {
			check_action(&sim, p, &a, &o, l);
		} else {
			check_follow(&sim, &a, &o, l);
		}
		if (!l->code)
			l->canon = cog_format(&o);
	}
}

/* --- whose turn, legal orders, the no-orders rule ------------------------ */

void cog_awaited(const struct game *g, bool *awaited)
{
	const struct cog_state *s = COG(g);
	for (int p = 0; p < s->n; p++)
		awaited[p] = s->phase != PH_OVER && p == s->current && !s->dropped[p];
}

void cog_legal(const struct game *g, int p, const struct engine_ctx *ctx, struct strlist *out)
{
	const struct cog_state *s = g->state;
	char name[8];
	(void)ctx;

	if (s->phase == PH_OVER || p != s->current || s->dropped[p])
		return;
	if (s->phase == PH_PLACE) {
		/* A few spots spread over the table: there are thousands. */
		struct cog_xy spots[8];
		size_t n = cog_place_sample(s, spots, 8);
		char text[32];
		for (size_t k = 0; k < n; k++) {
			cog_xy_text(text, sizeof text, spots[k]);
			strlist_addf(out, "place %s", text);
		}
		return;
	}
	/* Plays first, then discards: a player copying the first line of
	 * `help` plays a card. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < s->nhand[p]; i++) {
			int c = s->hand[p][i];
			bool again = false;
			for (int k = 0; k < i; k++)
				again |= s->hand[p][k] == c ||
					 (c >= COG_JOKER && s->hand[p][k] >= COG_JOKER);
			if (again)
				continue;
			cog_card_name(c, name);
			if (pass) {
				strlist_addf(out, "discard %s", name);
			} else if (c >= COG_JOKER) {
				strlist_add(out, "play joker");
			} else {
				for (int m = 0; m < COG_MODELS; m++)
					if (cog_may_play(s, p, c, m))
						strlist_addf(out, "play %s on %c", name,
							     cog_model_names[m]);
			}
		}
}

/* A placing turn needs its `place`; an activation its card: a play (the
 * move and the exchange after it are the player's to give or not) or a
 * discard. */
char *cog_incomplete(const struct game *g, int p, const struct strlist *orders,
		     const struct engine_ctx *ctx)
{
	const struct cog_state *s = COG(g);
	(void)p, (void)ctx;

	for (size_t i = 0; i < orders->n; i++) {
		struct cog_order o;
		const char *code = NULL;
		char *reason = NULL;
		bool ok = cog_parse(orders->v[i], &o, &code, &reason);
		free(reason);
		if (ok && (s->phase == PH_PLACE ? o.verb == V_PLACE
						: o.verb == V_PLAY || o.verb == V_JOKER ||
						  o.verb == V_DISCARD))
			return NULL;
	}
	return xstrdup(s->phase == PH_PLACE
		       ? "'place X,Y': where your model goes"
		       : "'play CARD on MODEL' (then 'move ...' if you like) or 'discard CARD'");
}

/* No orders: the turn places the model at a random spot out of sight, or
 * discards a random card; both are drawn when the turn is played. */
void cog_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g, (void)p, (void)orders;
}
