/* cog-play.c - City of Glass: cards, roles, sight between models, placing
 * models, playing a turn and a player leaving (see cog-int.h and
 * docs/rules/city-of-glass.md). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cog-int.h"

const char *const cog_role_names[4] = { "Private Eye", "Betrayer", "Victim", "Murderer" };
const char cog_model_names[COG_MODELS] = { 'A', 'B', 'C', 'D' };

/* The suit each role may act on in a private exchange, and the verb. */
static const int prey_of[4] = { SU_CLUBS, SU_SPADES, SU_HEARTS, SU_DIAMONDS };
static const char *const exchange_verb[4] = { "catch", "seduce", "unmask", "murder" };
static const char suit_letters[4] = { 'S', 'H', 'D', 'C' };
static const char *const rank_names[14] = { "", "A", "2", "3", "4", "5", "6", "7",
					    "8", "9", "10", "J", "Q", "K" };

int cog_rank(int card)
{
	return card >= COG_JOKER ? 0 : card % 13 + 1;
}

int cog_suit(int card)
{
	return card >= COG_JOKER ? -1 : card / 13;
}

void cog_card_name(int card, char buf[8])
{
	if (card == NO_CARD)
		snprintf(buf, 8, "-");
	else if (card >= COG_JOKER)
		snprintf(buf, 8, "joker");
	else
		snprintf(buf, 8, "%s%c", rank_names[cog_rank(card)], suit_letters[cog_suit(card)]);
}

/* "7H", "10s", "qd", "joker"; the suit may also be its symbol (7♥). */
int cog_card_parse(const char *w)
{
	static const char *const symbols[4] = { "\u2660", "\u2665", "\u2666", "\u2663" };
	size_t len = strlen(w), rlen;
	int rank = -1, suit = -1;

	if (!ascii_casecmp(w, "joker") || !ascii_casecmp(w, "jk"))
		return COG_JOKER;
	for (int k = 0; k < 4; k++) {
		size_t sl = strlen(symbols[k]);
		if (len > sl && !strcmp(w + len - sl, symbols[k]))
			suit = k, rlen = len - sl;
	}
	if (suit < 0) {
		const char *c = len ? strchr("SHDC", toupper((unsigned char)w[len - 1])) : NULL;
		if (!c)
			return -1;
		suit = (int)(c - "SHDC");
		rlen = len - 1;
	}
	for (int r = 1; r <= 13; r++)
		if (strlen(rank_names[r]) == rlen && !ascii_ncasecmp(w, rank_names[r], rlen))
			rank = r;
	return rank < 0 ? -1 : suit * 13 + rank - 1;
}

int cog_model_parse(const char *w)
{
	if (strlen(w) != 1)
		return -1;
	for (int m = 0; m < COG_MODELS; m++)
		if (toupper((unsigned char)w[0]) == cog_model_names[m])
			return m;
	return -1;
}

bool cog_solo(const struct cog_state *s)
{
	return s->n == 1;
}

size_t cog_boxes(const struct cog_state *s, struct cog_box *out)
{
	for (int i = 0; i < s->npiles; i++)
		out[i] = cog_pile_box(&s->piles[i], s->book);
	return (size_t)s->npiles;
}

double cog_eye(const struct cog_state *s)
{
	return s->height * 0.88;
}

bool cog_model_sees(const struct cog_state *s, const struct cog_box *boxes, size_t nb,
		    struct cog_xy pa, struct cog_xy pb, double *hidden, size_t *by)
{
	return cog_sees(boxes, nb, pa, cog_eye(s), pb, s->height, hidden, by);
}

bool cog_in_play(const struct cog_state *s, int m)
{
	return s->m[m].placed && !s->m[m].out;
}

int cog_models_left(const struct cog_state *s)
{
	int n = 0;
	for (int m = 0; m < COG_MODELS; m++)
		n += cog_in_play(s, m);
	return n;
}

int cog_hand_find(const struct cog_state *s, int p, int card)
{
	for (int i = 0; i < s->nhand[p]; i++)
		if (s->hand[p][i] == card || (card >= COG_JOKER && s->hand[p][i] >= COG_JOKER))
			return i;
	return -1;
}

void cog_xy_text(char *buf, size_t len, struct cog_xy p)
{
	snprintf(buf, len, "%.2f,%.2f", p.x, p.y);
	/* 12.50,20.00 -> 12.5,20 */
	for (char *c = buf; (c = strchr(c, '.')) != NULL;) {
		char *end = c + strcspn(c, ","), *z = end;
		while (z > c + 1 && z[-1] == '0')
			z--;
		if (z == c + 1)
			z = c;
		memmove(z, end, strlen(end) + 1);
		c = z;
	}
}

/* --- placing ------------------------------------------------------------- */

enum spot_fault { SPOT_OK, SPOT_OFF, SPOT_PILE, SPOT_MODEL, SPOT_SEEN, SPOT_SEES };

static enum spot_fault spot_fault(const struct cog_state *s, const struct cog_box *boxes,
				  size_t nb, struct cog_xy p, bool sight, int *which)
{
	const struct cog_table t = { COG_TABLE, COG_TABLE, boxes, nb };
	if (!cog_on_table(&t, p, COG_BASE_R))
		return SPOT_OFF;
	for (size_t i = 0; i < nb; i++)
		if (p.x > boxes[i].x0 - 1 && p.x < boxes[i].x1 + 1 && p.y > boxes[i].y0 - 1 &&
		    p.y < boxes[i].y1 + 1 && cog_dist_box(p, &boxes[i]) <= COG_BASE_R + COG_EPS) {
			*which = (int)i;
			return SPOT_PILE;
		}
	for (int m = 0; m < COG_MODELS; m++)
		if (cog_in_play(s, m) &&
		    cog_base_gap(p, COG_BASE_R, s->m[m].at, COG_BASE_R) <= COG_EPS) {
			*which = m;
			return SPOT_MODEL;
		}
	for (int m = 0; sight && m < COG_MODELS; m++) {
		if (!cog_in_play(s, m))
			continue;
		*which = m;
		if (cog_model_sees(s, boxes, nb, s->m[m].at, p, NULL, NULL))
			return SPOT_SEEN;
		if (cog_model_sees(s, boxes, nb, p, s->m[m].at, NULL, NULL))
			return SPOT_SEES;
	}
	return SPOT_OK;
}

/* The grid the game searches for spots: every half inch. */
#define GRID_STEP 0.5
#define GRID_N ((int)(COG_TABLE / GRID_STEP) - 1)
#define COARSE_STEP 2.0
#define COARSE_N ((int)(COG_TABLE / COARSE_STEP) - 1)

static struct cog_xy grid_point(int k)
{
	return (struct cog_xy){ (k / GRID_N + 1) * GRID_STEP, (k % GRID_N + 1) * GRID_STEP };
}

size_t cog_place_spots(const struct cog_state *s, struct cog_xy *out, size_t max,
		       bool hidden_only)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes), n = 0;
	int which;
	for (int k = 0; k < GRID_N * GRID_N; k++) {
		struct cog_xy p = grid_point(k);
		if (spot_fault(s, boxes, nb, p, hidden_only, &which) != SPOT_OK)
			continue;
		if (n < max && out)
			out[n] = p;
		n++;
	}
	return n;
}

/* Whether placing must keep out of sight: only when some spot of the
 * half-inch grid is out of sight of every model (a table of one-book
 * piles hides nothing). */
static bool sight_counts(const struct cog_state *s)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	int which;
	/* The coarse lattice first: where there is a hiding place, it is
	 * usually found there at once. */
	for (int i = 1; i <= COARSE_N; i++)
		for (int j = 1; j <= COARSE_N; j++)
			if (spot_fault(s, boxes, nb, (struct cog_xy){ i * COARSE_STEP, j * COARSE_STEP },
				       true, &which) == SPOT_OK)
				return true;
	for (int k = 0; k < GRID_N * GRID_N; k++)
		if (spot_fault(s, boxes, nb, grid_point(k), true, &which) == SPOT_OK)
			return true;
	return false;
}

size_t cog_place_sample(const struct cog_state *s, struct cog_xy *out, size_t max)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes), n = 0;
	bool hidden = sight_counts(s);
	struct cog_xy good[COARSE_N * COARSE_N];
	size_t ngood = 0;
	int which;

	/* The good points of a coarse lattice, every so many of them; the
	 * whole grid only when the lattice has none. */
	for (int i = 1; i <= COARSE_N; i++)
		for (int j = 1; j <= COARSE_N; j++) {
			struct cog_xy p = { i * COARSE_STEP, j * COARSE_STEP };
			if (spot_fault(s, boxes, nb, p, hidden, &which) == SPOT_OK)
				good[ngood++] = p;
		}
	if (!ngood) {
		n = cog_place_spots(s, out, max, hidden);
		return n < max ? n : max;
	}
	for (size_t k = 0; k < max && k < ngood; k++)
		out[n++] = good[k * ngood / (ngood < max ? ngood : max)];
	return n;
}

char *cog_place_refusal(const struct cog_state *s, struct cog_xy p)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	char at[32], there[32];
	int which = -1;
	double hidden;
	size_t by;

	switch (spot_fault(s, boxes, nb, p, sight_counts(s), &which)) {
	case SPOT_OK:
		return NULL;
	case SPOT_OFF:
		return xasprintf("a base 1 inch across at %.2f,%.2f would not be wholly on the "
				 "table (0 to 36 each way)", p.x, p.y);
	case SPOT_PILE:
		return xasprintf("the base would touch pile %d (x %g to %g, y %g to %g)", which + 1,
				 boxes[which].x0, boxes[which].x1, boxes[which].y0, boxes[which].y1);
	case SPOT_MODEL:
		return xasprintf("the base would touch model %c", cog_model_names[which]);
	case SPOT_SEEN:
		cog_xy_text(there, sizeof there, s->m[which].at);
		cog_xy_text(at, sizeof at, p);
		cog_model_sees(s, boxes, nb, s->m[which].at, p, &hidden, &by);
		return xasprintf("model %c at %s would see it%s", cog_model_names[which], there,
				 by < nb ? " over the piles" : ": nothing stands between them");
	case SPOT_SEES:
		cog_xy_text(there, sizeof there, s->m[which].at);
		return xasprintf("it would see model %c at %s", cog_model_names[which], there);
	}
	BUG("spot fault");
}

void cog_place_random(struct cog_run *run, struct cog_xy *at)
{
	const struct cog_state *s = run->s;
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes), n;
	bool hidden = sight_counts(s);
	struct cog_xy *spots;
	int which;

	/* Grid points drawn at random until one will do: each good point is
	 * equally likely, and the whole grid is searched only when they are
	 * rare. */
	for (int tries = 0; tries < 400; tries++) {
		*at = grid_point(rng_below(run->rng, GRID_N * GRID_N));
		if (spot_fault(s, boxes, nb, *at, hidden, &which) == SPOT_OK)
			return;
	}
	n = cog_place_spots(s, NULL, 0, hidden);
	if (!n)
		BUG("no spot on the table for a model");
	spots = xcalloc(n, sizeof *spots);
	cog_place_spots(s, spots, n, hidden);
	*at = spots[rng_below(run->rng, (uint32_t)n)];
	free(spots);
}

/* --- roles --------------------------------------------------------------- */

enum play_fault { PLAY_OK, PLAY_NOT_HELD, PLAY_MODEL_OUT, PLAY_WRONG_SUIT, PLAY_TAKEN };

/* Why card may not go on model m, and for PLAY_TAKEN which model has
 * that suit already. */
static enum play_fault play_fault(const struct cog_state *s, int p, int card, int m, int *other)
{
	if (cog_hand_find(s, p, card) < 0)
		return PLAY_NOT_HELD;
	if (!cog_in_play(s, m))
		return PLAY_MODEL_OUT;
	if (s->m[m].role != NO_CARD)
		return cog_suit(s->m[m].role) == cog_suit(card) ? PLAY_OK : PLAY_WRONG_SUIT;
	for (int o = 0; o < COG_MODELS; o++)
		if (o != m && cog_in_play(s, o) && s->m[o].role != NO_CARD &&
		    cog_suit(s->m[o].role) == cog_suit(card)) {
			*other = o;
			return PLAY_TAKEN;
		}
	return PLAY_OK;
}

bool cog_may_play(const struct cog_state *s, int p, int card, int m)
{
	int other;
	return play_fault(s, p, card, m, &other) == PLAY_OK;
}

char *cog_play_refusal(const struct cog_state *s, int p, int card, int m, const char **code)
{
	char name[8], role[8];
	int o = -1;
	switch (play_fault(s, p, card, m, &o)) {
	case PLAY_OK:
		return NULL;
	case PLAY_NOT_HELD:
		cog_card_name(card, name);
		*code = "not-held";
		return xasprintf("you do not hold %s", name);
	case PLAY_MODEL_OUT:
		*code = "model-out";
		return xasprintf("model %c is %s", cog_model_names[m],
				 s->m[m].out ? "out of play" : "not on the table yet");
	case PLAY_WRONG_SUIT:
		cog_card_name(s->m[m].role, role);
		*code = "wrong-suit";
		return xasprintf("model %c is the %s (%s): only a card of that suit may be "
				 "played on it", cog_model_names[m],
				 cog_role_names[cog_suit(s->m[m].role)], role);
	case PLAY_TAKEN:
		cog_card_name(s->m[o].role, role);
		*code = "role-taken";
		return xasprintf("model %c is already the %s (%s)", cog_model_names[o],
				 cog_role_names[cog_suit(card)], role);
	}
	BUG("play fault");
}

int cog_move_allowance(const struct cog_state *s, int card, int m)
{
	if (cog_rank(card) == 2 && s->m[m].role != NO_CARD)
		return cog_rank(s->m[m].role);
	return cog_rank(card);
}

/* --- private exchanges --------------------------------------------------- */

char *cog_exchange_refusal(const struct cog_state *s, int a, int b, const char **code)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes), by;
	const char A = cog_model_names[a], B = cog_model_names[b];
	double gap, hidden;

	if (a == b) {
		*code = "same-model";
		return xasprintf("model %c cannot make an exchange with itself", A);
	}
	if (!cog_in_play(s, b)) {
		*code = "model-out";
		return xasprintf("model %c is not in play", B);
	}
	if (s->m[a].role == NO_CARD || s->m[b].role == NO_CARD) {
		*code = "no-role";
		return xasprintf("model %c has no role", s->m[a].role == NO_CARD ? A : B);
	}
	if (prey_of[cog_suit(s->m[a].role)] != cog_suit(s->m[b].role)) {
		int sa = cog_suit(s->m[a].role);
		*code = "wrong-pair";
		return xasprintf("%c is the %s, who may only %s the %s; %c is the %s", A,
				 cog_role_names[sa], exchange_verb[sa], cog_role_names[prey_of[sa]],
				 B, cog_role_names[cog_suit(s->m[b].role)]);
	}
	gap = cog_base_gap(s->m[a].at, COG_BASE_R, s->m[b].at, COG_BASE_R);
	if (gap > COG_REACH + COG_EPS) {
		*code = "out-of-reach";
		return xasprintf("%c and %c would be %.2f inches apart, edge to edge; an exchange "
				 "needs %g or less", A, B, gap, COG_REACH);
	}
	for (int k = 0; k < 2; k++) {
		int x = k ? b : a, y = k ? a : b;
		if (!cog_model_sees(s, boxes, nb, s->m[x].at, s->m[y].at, &hidden, &by)) {
			*code = "no-sight";
			return xasprintf("%c would not see %c: pile %zu hides it up to %.2f inches, "
					 "above its top at %g", cog_model_names[x],
					 cog_model_names[y], by + 1, hidden, s->height);
		}
	}
	for (int k = 0; k < 2; k++) {
		int x = k ? b : a;
		for (int c = 0; c < COG_MODELS; c++)
			if (c != a && c != b && cog_in_play(s, c) &&
			    cog_model_sees(s, boxes, nb, s->m[x].at, s->m[c].at, NULL, NULL)) {
				*code = "watched";
				return xasprintf("%c would see %c: an exchange needs the two to see "
						 "nobody else", cog_model_names[x],
						 cog_model_names[c]);
			}
	}
	return NULL;
}

int cog_exchange_chance(const struct cog_state *s, int a, int b)
{
	int va = cog_rank(s->m[a].role), vb = cog_rank(s->m[b].role), wins = 0;
	for (int da = 1; da <= 6; da++)
		for (int db = 1; db <= 6; db++)
			wins += da + va >= db + vb;
	return wins;
}

/* --- cards moving -------------------------------------------------------- */

void cog_say(const struct cog_run *run, const char *fmt, ...)
{
	va_list ap;
	if (!run->ev)
		return;
	va_start(ap, fmt);
	events_vadd(run->ev, AUD_ALL, fmt, ap);
	va_end(ap);
}

/* Solo: a card lower than the top of the discard pile goes on top, any
 * other to the bottom, and an ace discarded makes this the last
 * activation.  A joker counts 0. */
void cog_discard(struct cog_run *run, int card)
{
	struct cog_state *s = run->s;
	if (s->ndiscard >= COG_NCARDS)
		BUG("discard pile overflow");
	if (cog_solo(s) && s->ndiscard && cog_rank(card) >= cog_rank(s->discard[s->ndiscard - 1])) {
		memmove(s->discard + 1, s->discard, sizeof s->discard[0] * (size_t)s->ndiscard);
		s->discard[0] = card;
		s->ndiscard++;
	} else {
		s->discard[s->ndiscard++] = card;
	}
	if (cog_solo(s) && cog_rank(card) == 1 && !s->final) {
		char name[8];
		cog_card_name(card, name);
		s->final = true;
		cog_say(run, "%s is discarded: this is the last activation.", name);
	}
}

static void take_from_hand(struct cog_state *s, int p, int i)
{
	memmove(&s->hand[p][i], &s->hand[p][i + 1], sizeof s->hand[p][0] * (size_t)(s->nhand[p] - i - 1));
	s->nhand[p]--;
}

static void end_game(struct cog_run *run, int winner, const char *why)
{
	run->s->phase = PH_OVER;
	run->s->winner = winner;
	if (winner >= 0)
		cog_say(run, "%s The game is over: %s wins.", why, run->g->players[winner].name);
	else
		cog_say(run, "%s The game is over, and nobody wins.", why);
}

/* A new deck of all but the top card of the discard pile; false (and the
 * game over) when the option decks allows no more. */
static bool reshuffle(struct cog_run *run)
{
	struct cog_state *s = run->s;
	long long limit = option_int(&run->g->opts, "decks");
	if (s->ndiscard <= 1)
		return false;
	if (limit && s->decks >= limit) {
		end_game(run, -1, "The deck has run out for the last time (option decks).");
		return false;
	}
	memcpy(s->deck, s->discard, sizeof s->deck[0] * (size_t)(s->ndiscard - 1));
	s->ndeck = s->ndiscard - 1;
	s->discard[0] = s->discard[s->ndiscard - 1];
	s->ndiscard = 1;
	rng_shuffle(run->rng, s->deck, (size_t)s->ndeck, sizeof s->deck[0]);
	s->decks++;
	cog_say(run, "The deck is empty: %d discarded cards are shuffled into a new deck.",
		s->ndeck);
	return true;
}

void cog_draw_up(struct cog_run *run, int p)
{
	struct cog_state *s = run->s;
	while (s->phase != PH_OVER && s->nhand[p] < COG_HAND) {
		if (!s->ndeck && !reshuffle(run))
			return;
		s->hand[p][s->nhand[p]++] = s->deck[--s->ndeck];
	}
}

void cog_next_turn(struct cog_run *run)
{
	struct cog_state *s = run->s;
	for (int k = 1; k <= s->n; k++) {
		int q = (s->current + k) % s->n;
		if (!s->dropped[q]) {
			s->current = q;
			return;
		}
	}
	end_game(run, -1, "No player is left.");
}

/* --- a turn -------------------------------------------------------------- */

static void place(struct cog_run *run, int p, const struct cog_order *o)
{
	struct cog_state *s = run->s;
	int m = s->placing;
	struct cog_xy at;
	char where[32];
	char *why = o ? cog_place_refusal(s, o->way[0]) : NULL;

	if (o && !why) {
		at = o->way[0];
	} else {
		cog_place_random(run, &at);
		if (why)
			cog_say(run, "%s's placement of %c can no longer be made (%s).",
				run->g->players[p].name, cog_model_names[m], why);
		free(why);
	}
	s->m[m].placed = true;
	s->m[m].at = at;
	s->last = (struct cog_last){ m, 1, { at } };
	cog_xy_text(where, sizeof where, at);
	cog_say(run, "%s places model %c at %s%s.", run->g->players[p].name, cog_model_names[m],
		where, o ? "" : " (a random spot out of sight)");
	if (++s->placing < COG_MODELS) {
		cog_next_turn(run);
		return;
	}
	s->phase = PH_PLAY;
	s->current = s->n - 1;
	cog_next_turn(run); /* seat 1, or the first seat still playing */
	cog_say(run, "Every model is on the table; %s plays first.",
		run->g->players[s->current].name);
}

/* why: NULL when the player sent nothing (the core says so already). */
static void random_discard(struct cog_run *run, int p, const char *why)
{
	struct cog_state *s = run->s;
	char name[8];
	int i, card;
	if (!s->nhand[p]) {
		cog_say(run, "%s holds no card and passes.", run->g->players[p].name);
		return;
	}
	i = rng_below(run->rng, (uint32_t)s->nhand[p]);
	card = s->hand[p][i];
	take_from_hand(s, p, i);
	cog_discard(run, card);
	cog_card_name(card, name);
	if (why)
		cog_say(run, "%s %s, so discards %s at random.", run->g->players[p].name, why, name);
	else
		cog_say(run, "%s discards %s at random.", run->g->players[p].name, name);
}

static const struct cog_order *find_verb(const struct cog_order *o, size_t n, enum cog_verb v)
{
	for (size_t i = 0; i < n; i++)
		if (o[i].verb == v)
			return &o[i];
	return NULL;
}

static void do_move(struct cog_run *run, int m, int allowance, const struct cog_order *mv)
{
	struct cog_state *s = run->s;
	struct cog_box boxes[COG_MAX_PILES];
	struct cog_xy others[COG_MODELS], from = s->m[m].at;
	size_t nb = cog_boxes(s, boxes), no = 0;
	const struct cog_table t = { COG_TABLE, COG_TABLE, boxes, nb };
	struct cog_path_verdict v;
	char where[32];

	for (int o = 0; o < COG_MODELS; o++)
		if (o != m && cog_in_play(s, o))
			others[no++] = s->m[o].at;
	if (!cog_path(&t, from, mv->way, (size_t)mv->nway, COG_BASE_R, others, no, COG_BASE_R, &v) ||
	    v.length > allowance + COG_EPS) {
		cog_say(run, "Model %c's move can no longer be made; it stays.", cog_model_names[m]);
		return;
	}
	s->m[m].at = mv->way[mv->nway - 1];
	s->last.nway = mv->nway + 1;
	s->last.way[0] = from;
	memcpy(&s->last.way[1], mv->way, sizeof mv->way[0] * (size_t)mv->nway);
	cog_xy_text(where, sizeof where, s->m[m].at);
	cog_say(run, "Model %c moves %.2f inches (of %d) to %s.", cog_model_names[m], v.length,
		allowance, where);
}

static void do_exchange(struct cog_run *run, int p, int a, int b)
{
	struct cog_state *s = run->s;
	const char *code;
	char *why = cog_exchange_refusal(s, a, b, &code);
	int sa, da, db, ta, tb;
	char ra[8], rb[8];

	if (why) {
		cog_say(run, "Model %c's exchange with %c can no longer be made: %s.",
			cog_model_names[a], cog_model_names[b], why);
		free(why);
		return;
	}
	sa = cog_suit(s->m[a].role);
	cog_card_name(s->m[a].role, ra);
	cog_card_name(s->m[b].role, rb);
	da = rng_range(run->rng, 1, 6);
	db = rng_range(run->rng, 1, 6);
	ta = da + cog_rank(s->m[a].role);
	tb = db + cog_rank(s->m[b].role);
	cog_say(run, "Private exchange: %c, the %s (%s), tries to %s %c, the %s (%s): %d + %d = "
		"%d against %d + %d = %d.", cog_model_names[a], cog_role_names[sa], ra,
		exchange_verb[sa], cog_model_names[b], cog_role_names[prey_of[sa]], rb, da,
		cog_rank(s->m[a].role), ta, db, cog_rank(s->m[b].role), tb);
	if (ta < tb) {
		cog_say(run, "%c fails; nothing happens.", cog_model_names[a]);
		return;
	}
	s->m[b].out = true;
	cog_discard(run, s->m[b].role);
	s->m[b].role = NO_CARD;
	cog_say(run, "%c succeeds: model %c leaves play and its role card %s is discarded.",
		cog_model_names[a], cog_model_names[b], rb);
	if (cog_models_left(s) == 1) {
		char why_end[64];
		snprintf(why_end, sizeof why_end, "Only model %c is left.", cog_model_names[a]);
		end_game(run, p, why_end);
	}
}

/* The end of an activation: a 10 leaves the model, a 7 may swap. */
static void end_activation(struct cog_run *run, int m, int played, const struct cog_order *sw)
{
	struct cog_state *s = run->s;
	char name[8];
	cog_card_name(played, name);
	if (s->m[m].role == played && cog_rank(played) == 10) {
		s->m[m].role = NO_CARD;
		cog_discard(run, played);
		cog_say(run, "The %s is discarded from model %c, which is left with no role.",
			name, cog_model_names[m]);
	}
	if (sw) {
		int o = sw->model;
		if (s->m[m].role != played || cog_rank(played) != 7 || !cog_in_play(s, o) ||
		    s->m[o].role == NO_CARD || o == m) {
			cog_say(run, "The swap with %c can no longer be made.", cog_model_names[o]);
			return;
		}
		s->m[m].role = s->m[o].role;
		s->m[o].role = played;
		char seven[8];
		cog_card_name(s->m[m].role, name);
		cog_card_name(played, seven);
		cog_say(run, "The 7 swaps: model %c is now the %s (%s), model %c the %s (%s).",
			cog_model_names[m], cog_role_names[cog_suit(s->m[m].role)], name,
			cog_model_names[o], cog_role_names[cog_suit(played)], seven);
	}
}

static void activate(struct cog_run *run, int p, const struct cog_order *o, size_t n)
{
	struct cog_state *s = run->s;
	const struct cog_order *act = NULL, *mv, *ex;
	char name[8], *why = NULL;
	const char *code;
	int i, card, m, allowance;

	for (size_t k = 0; k < n && !act; k++)
		if (o[k].verb == V_PLAY || o[k].verb == V_JOKER || o[k].verb == V_DISCARD)
			act = &o[k];
	if (!act) {
		random_discard(run, p, n ? "sent no card to play or discard" : NULL);
		return;
	}
	if ((i = cog_hand_find(s, p, act->card)) < 0 ||
	    (act->verb == V_PLAY && (why = cog_play_refusal(s, p, act->card, act->model, &code)))) {
		free(why);
		random_discard(run, p, "gave an order that can no longer be carried out");
		return;
	}
	card = s->hand[p][i];
	take_from_hand(s, p, i);
	cog_card_name(card, name);
	if (act->verb == V_DISCARD) {
		cog_say(run, "%s discards %s.", run->g->players[p].name, name);
		cog_discard(run, card);
		return;
	}
	if (act->verb == V_JOKER) {
		cog_say(run, "%s plays a joker: every role card in play is discarded.",
			run->g->players[p].name);
		for (int k = 0; k < COG_MODELS; k++)
			if (s->m[k].role != NO_CARD) {
				cog_discard(run, s->m[k].role);
				s->m[k].role = NO_CARD;
			}
		cog_discard(run, card);
		return;
	}
	m = act->model;
	allowance = cog_move_allowance(s, card, m);
	if (cog_rank(card) == 2 && s->m[m].role != NO_CARD) {
		cog_say(run, "%s plays %s on model %c, which keeps its role and moves by it: "
			"up to %d inches.", run->g->players[p].name, name, cog_model_names[m],
			allowance);
		cog_discard(run, card);
	} else {
		if (s->m[m].role != NO_CARD)
			cog_discard(run, s->m[m].role);
		s->m[m].role = card;
		cog_say(run, "%s plays %s on model %c: it is now the %s, and may move up to %d "
			"inches.", run->g->players[p].name, name, cog_model_names[m],
			cog_role_names[cog_suit(card)], allowance);
	}
	s->last = (struct cog_last){ m, 1, { s->m[m].at } };
	if ((mv = find_verb(o, n, V_MOVE)))
		do_move(run, m, allowance, mv);
	if ((ex = find_verb(o, n, V_EXCHANGE)))
		do_exchange(run, p, m, ex->model);
	if (s->phase != PH_OVER)
		end_activation(run, m, card, find_verb(o, n, V_SWAP));
}

void cog_play_turn(struct cog_run *run, int p, const struct cog_order *o, size_t n)
{
	struct cog_state *s = run->s;
	if (s->phase == PH_PLACE) {
		place(run, p, find_verb(o, n, V_PLACE));
		return;
	}
	s->last.model = -1;
	s->last.nway = 0;
	s->final = false;
	activate(run, p, o, n);
	if (s->phase != PH_OVER)
		cog_draw_up(run, p);
	if (s->phase != PH_OVER && s->final)
		end_game(run, -1, "The last activation is over and more than one model is in play.");
	if (s->phase != PH_OVER)
		cog_next_turn(run);
}

int cog_advance(struct game *g, const struct turn_orders *orders, const struct engine_ctx *ctx,
		struct events *ev, char **err)
{
	struct cog_state *s = g->state;
	struct cog_run run = { g, s, &g->rng, ev };
	const struct strlist *lines;
	struct cog_order *o;
	size_t n = 0;
	int p = s->current;
	(void)ctx, (void)err;

	if (s->phase == PH_OVER)
		return 0;
	lines = (size_t)p < orders->nplayers && orders->has[p] ? &orders->lines[p] : NULL;
	o = xcalloc(lines && lines->n ? lines->n : 1, sizeof *o);
	for (size_t i = 0; lines && i < lines->n; i++) {
		const char *code;
		char *reason = NULL;
		if (cog_parse(lines->v[i], &o[n], &code, &reason))
			n++;
		free(reason);
	}
	cog_play_turn(&run, p, o, n);
	free(o);
	return 0;
}

void cog_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	struct cog_state *s = g->state;
	struct cog_run run = { g, s, &g->rng, ev };
	(void)ctx;
	if (s->dropped[p])
		return;
	s->dropped[p] = true;
	/* The hand goes under the discard pile, so the top card stays. */
	for (int i = 0; i < s->nhand[p]; i++) {
		memmove(s->discard + 1, s->discard, sizeof s->discard[0] * (size_t)s->ndiscard);
		s->discard[0] = s->hand[p][i];
		s->ndiscard++;
	}
	s->nhand[p] = 0;
	cog_say(&run, "%s leaves the game; their cards go under the discard pile.",
		g->players[p].name);
	if (s->phase != PH_OVER && s->current == p)
		cog_next_turn(&run);
}

bool cog_over(const struct game *g)
{
	return COG(g)->phase == PH_OVER;
}
