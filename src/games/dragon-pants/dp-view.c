/* dp-view.c - Dragon Pants reports: the map, every dragon and its hand,
 * the decks and the time, and for the reader the lines of sight and their
 * standing orders; the board as a picture (dp-board.c draws it); and the
 * scramble of what a reader may not see (see dp-int.h).
 */
#include <stdio.h>
#include <string.h>

#include "dp-int.h"

static void hand_text(const struct dp_hand *h, struct sb *out)
{
	if (!h->n)
		sb_adds(out, "no cards");
	for (int i = 0; i < h->n; i++)
		sb_addf(out, "%s%s%s", i ? ", " : "", dp_card_title(h->card[i]),
			h->spent[i] ? " (spent)" : "");
}

static void sight_text(const struct game *g, const struct dp_state *s, int p, struct sb *out)
{
	char here[24];
	dp_hex_name(s->pl[p].at, here, sizeof here);
	sb_addf(out, "\nLines of sight from your dragon at %s\n", here);
	for (int d = 0; d < s->n; d++) {
		enum dp_sight kind;
		struct dp_hex block;
		char there[24], what[24];
		bool clear;
		if (d == p || s->pl[d].out)
			continue;
		clear = dp_sight(s, p, d, &kind, &block);
		dp_hex_name(s->pl[d].at, there, sizeof there);
		sb_addf(out, "  %d %-12s at %-11s ", d + 1, g->players[d].name, there);
		if (kind == SIGHT_NONE) {
			sb_adds(out, "no line of sight\n");
			continue;
		}
		sb_adds(out, kind == SIGHT_FLAT ? "flat line" : "diagonal line");
		if (!clear) {
			dp_hex_name(block, what, sizeof what);
			sb_addf(out, ", blocked at %s by %s\n", what,
				dp_terrain(block) == T_MOUNTAIN ? "a mountain" : "a dragon");
		} else if (dp_terrain(s->pl[d].at) == T_WATER) {
			sb_adds(out, ", but under water: out of reach\n");
		} else {
			sb_addf(out, ", clear: %s reach%s\n",
				kind == SIGHT_FLAT ? "Fireball, Freeze and Tongue" : "Shock",
				kind == SIGHT_FLAT ? "" : "es");
		}
	}
}

void dp_view(const struct game *g, int p, const struct engine_ctx *ctx,
	     struct sb *out)
{
	const struct dp_state *s = DP(g);
	int sum = dp_destiny_sum(s->drawn, s->ndrawn);
	(void)ctx;

	sb_adds(out, "The board\n");
	dp_map_text(g, s, out);
	sb_adds(out, "\nDragons (cards marked spent are ready again at the end of their "
		     "holder's next turn)\n");
	for (int q = 0; q < s->n; q++) {
		const struct dp_player *pl = &s->pl[q];
		char where[24];
		dp_hex_name(pl->at, where, sizeof where);
		sb_addf(out, "  %d %-12s den %-2s  ", q + 1, g->players[q].name,
			dp_den_names[pl->den]);
		if (pl->out) {
			sb_adds(out, "out of the game\n");
			continue;
		}
		sb_addf(out, "at %-11s ", where);
		hand_text(&pl->hand, out);
		if (pl->frozen)
			sb_adds(out, "  [frozen: misses the next turn]");
		sb_addc(out, '\n');
	}
	sb_addf(out, "\nPower deck: %d card%s face down. Discard pile", s->ndeck,
		s->ndeck == 1 ? "" : "s");
	if (!s->ndiscard)
		sb_adds(out, ": empty.\n");
	else {
		sb_adds(out, " (top first): ");
		for (int i = s->ndiscard - 1; i >= 0; i--)
			sb_addf(out, "%s%s", dp_card_title(s->discard[i]), i ? ", " : ".\n");
	}
	sb_addf(out, "Time: %d (the game started at %d; %s Deck of Destiny, %d card%s left).\n",
		s->time, s->length, option_get(&g->opts, "destiny"), s->ndestiny,
		s->ndestiny == 1 ? "" : "s");
	sb_adds(out, "Destiny cards drawn:");
	if (!s->ndrawn)
		sb_adds(out, " none yet");
	for (int i = 0; i < s->ndrawn; i++)
		sb_addf(out, " %+d", s->drawn[i]);
	if (s->ndrawn)
		sb_addf(out, " (together %+d)", sum);
	sb_adds(out, ".\n");
	if (s->over) {
		if (s->winner >= 0)
			sb_addf(out, "The game is over: %s wins, wearing The Pants.\n",
				g->players[s->winner].name);
		else
			sb_adds(out, "The game is over.\n");
	} else {
		sb_addf(out, "Next turn: %s%s.\n", g->players[s->current].name,
			dp_terrain(s->pl[s->current].at) == T_DEN
				? " (on a den: the first action must move out)" : "");
	}
	if (p < 0 || p >= s->n || s->pl[p].out)
		return;
	if (!s->over)
		sight_text(g, s, p, out);
	sb_adds(out, "\nYour standing orders: ");
	dp_standing_text(&s->pl[p], out);
	sb_adds(out, ".\n");
}

void dp_board(const struct game *g, int p, struct view *v)
{
	dp_board_view(g, DP(g), p, v);
}

/* Everything here is public except the order of the two decks and the
 * other players' standing orders. */
void dp_scramble(struct game *g, int keep, struct rng *r)
{
	struct dp_state *s = DP(g);
	dp_shuffle(r, s->deck, s->ndeck);
	dp_shuffle(r, s->destiny, s->ndestiny);
	for (int p = 0; p < s->n; p++) {
		if (p == keep)
			continue;
		s->pl[p].nreact = rng_range(r, 0, DP_NREACT);
		memcpy(s->pl[p].react, dp_default_react, sizeof dp_default_react);
		dp_shuffle(r, s->pl[p].react, DP_NREACT);
		s->pl[p].nlose = rng_range(r, 0, 2);
		s->pl[p].lose[0] = C_BOOST;
		s->pl[p].lose[1] = C_PANTS;
	}
}
