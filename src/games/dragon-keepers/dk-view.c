/* dk-view.c - Dragon Keepers reports: the six dragons (life, arrows,
 * shields, trainings, hunter dice), the hunter card, the magic deck, each
 * player's keepers and tokens, and what to send.  Nothing here is secret
 * but the order of the magic deck, which no view shows and the scramble
 * shuffles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dk-int.h"
#include "utf8.h"

/* The table of the dragons: a row each, a cell a column, every column as
 * wide as its widest cell whatever the lengths of names and numbers. */
enum { DK_COLS = 6 };

static void dragon_cells(const struct game *g, int c, char *cell[DK_COLS])
{
	const struct dk *s = DK(g);
	const struct dk_dragon *d = &s->d[c];
	int k = 0;

	cell[k++] = xstrdup(dk_colour_name[c]);
	cell[k++] = xasprintf("life %d", dk_life_of(s, c));
	cell[k++] = xasprintf("arrows %d", d->arrows);
	if (d->defeated) {
		cell[k++] = xstrdup("DEFEATED");
		return;
	}
	if (s->mode == M_KEEPER) {
		struct sb w = SB_INIT;
		for (size_t p = 0; p < g->nplayers; p++)
			if (s->pl[p].shields & (1u << c))
				sb_addf(&w, "%s%s", w.len ? ", " : "", dk_name(g, (int)p));
		cell[k++] = xasprintf("shields: %s", w.len ? sb_str(&w) : "none");
		sb_release(&w);
	} else {
		struct sb t = SB_INIT;
		sb_addf(&t, "%s %d/%d", d->trainings ? "trained" : "friendly", d->trainings,
			dk_max_trainings[c]);
		if (dk_dice_on(d))
			sb_addf(&t, " (%d white, %d red)", d->white, d->red);
		cell[k++] = sb_detach(&t);
		cell[k++] = xasprintf("shield: %s", d->shield ? "yes" : "no");
	}
	if (d->hunter)
		cell[k++] = xasprintf("hunter %s: %d", d->hunter == 1 ? "die" : "dice", d->hunter);
}

static void dragons_table(const struct game *g, struct sb *out)
{
	char *cell[NDRAGONS][DK_COLS] = { { NULL } };
	size_t width[DK_COLS] = { 0 };

	for (int c = 0; c < NDRAGONS; c++) {
		dragon_cells(g, c, cell[c]);
		for (int k = 0; k < DK_COLS && cell[c][k]; k++)
			if (utf8_count(cell[c][k]) > width[k])
				width[k] = utf8_count(cell[c][k]);
	}
	for (int c = 0; c < NDRAGONS; c++) {
		sb_adds(out, " ");
		for (int k = 0; k < DK_COLS && cell[c][k]; k++) {
			bool last = k + 1 == DK_COLS || !cell[c][k + 1];
			sb_addf(out, " %s", cell[c][k]);
			/* padded to the column and two spaces, but a row's end */
			if (!last)
				sb_addf(out, "%*s ", (int)(width[k] - utf8_count(cell[c][k])), "");
			free(cell[c][k]);
		}
		sb_addc(out, '\n');
	}
}

static void hunter_view(const struct game *g, struct sb *out)
{
	const struct dk *s = DK(g);
	int on = 0;
	for (int c = 0; c < NDRAGONS; c++)
		on += s->d[c].hunter;
	sb_addf(out, "\nHunter dice: %d on dragons, %d on the hunter card, %d %s.\n", on,
		s->dice_card, s->dice_supply, s->mode == M_KEEPER ? "unused" : "in the supply");
	if (s->mode == M_KEEPER)
		return;
	sb_addf(out, "Flames on the hunter card: %d (every 3 send a die back to the supply).\n",
		s->flames);
	sb_addf(out, "Training bag: %d white, %d red battle dice.\n", s->bag_white, s->bag_red);
	sb_addf(out, "Action tokens in the supply: %d defend, %d heal, %d train, %d attack.\n",
		s->supply[A_DEFEND], s->supply[A_HEAL], s->supply[A_TRAIN], s->supply[A_ATTACK]);
}

static void magic_view(const struct game *g, struct sb *out)
{
	const struct dk *s = DK(g);
	char pretty[48];
	int left = -1, hunters = 0;
	for (int c = 0; c < NCARDS; c++) {
		if (s->where[c] == W_LEFT)
			left = c;
		if (c >= NMAGIC && s->where[c] == W_DECK)
			hunters++;
	}
	sb_addf(out, "Magic deck: %d card%s (%d of them hunter cards)%s.\n", s->ndeck,
		s->ndeck == 1 ? "" : "s", hunters,
		s->last_drawn ? "; its last card is drawn, so this round is the last" : "");
	if (left >= 0) {
		dk_card_pretty(left, pretty, sizeof pretty);
		sb_addf(out, "  Face up at the left: %s.\n", pretty);
	}
	if (s->ndiscard) {
		dk_card_pretty(s->discard[s->ndiscard - 1], pretty, sizeof pretty);
		sb_addf(out, "  Discard pile: %d card%s, on top %s.\n", s->ndiscard,
			s->ndiscard == 1 ? "" : "s", pretty);
	}
}

static void colours_list(unsigned mask, struct sb *out)
{
	int n = 0;
	for (int c = 0; c < NDRAGONS; c++)
		if (mask & (1u << c))
			sb_addf(out, "%s%s", n++ ? ", " : "", dk_colour_word[c]);
	if (!n)
		sb_adds(out, "none");
}

static void player_view(const struct game *g, int p, struct sb *out)
{
	const struct dk *s = DK(g);
	const struct dk_player *pl = &s->pl[p];

	sb_addf(out, "  %s%s", dk_name(g, p), p == s->holder ? " (hunter token)" : "");
	if (g->players[p].dropped)
		sb_adds(out, " (left the game)");
	if (s->winners & AUD(p))
		sb_adds(out, " (winner)");
	if (s->mode == M_KEEPER) {
		sb_addf(out, ": %s tribe, favourite the %s dragon; shields on ",
			dk_colour_name[pl->tribe], dk_colour_word[pl->tribe]);
		colours_list(pl->shields, out);
		sb_addf(out, " (%d left)\n", KEEPER_SHIELDS - __builtin_popcount(pl->shields));
		return;
	}
	sb_adds(out, "\n    keepers in hand: ");
	colours_list(pl->hand, out);
	sb_adds(out, "; on the table: ");
	colours_list(~pl->hand & ((1u << NDRAGONS) - 1), out);
	sb_addf(out, "\n    tokens: %d defend, %d heal, %d train, %d attack", pl->tokens[A_DEFEND],
		pl->tokens[A_HEAL], pl->tokens[A_TRAIN], pl->tokens[A_ATTACK]);
	{
		int used = 0;
		for (int k = 0; k < NACTIONS; k++)
			used += pl->used[k];
		sb_addf(out, " (%d used, back on a pass)\n    magic: ", used);
	}
	{
		int cards[NMAGIC], n = dk_magic_held(s, p, cards);
		for (int i = 0; i < n; i++) {
			char pretty[48];
			dk_card_pretty(cards[i], pretty, sizeof pretty);
			sb_addf(out, "%s%s", i ? ", " : "", pretty);
		}
		sb_adds(out, n ? "\n" : "none\n");
	}
}

void dk_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out)
{
	const struct dk *s = DK(g);
	const char *what;
	(void)ctx;

	if (s->mode == M_KEEPER)
		sb_addf(out, "Dragon Keepers, the keeper game: round %d.\n", s->round);
	else
		sb_addf(out, "Dragon Keepers, the dragon game (%s): round %d.\n",
			dk_difficulty_word[s->diff], s->round);
	sb_adds(out, "\nThe dragons\n");
	dragons_table(g, out);
	hunter_view(g, out);
	if (s->mode == M_DRAGON)
		magic_view(g, out);
	sb_adds(out, "\nThe keepers\n");
	for (size_t q = 0; q < g->nplayers; q++)
		player_view(g, (int)q, out);
	if (s->ending.n) {
		sb_adds(out, "\nThe ending\n");
		for (size_t i = 0; i < s->ending.n; i++)
			sb_addf(out, "  %s\n", s->ending.v[i]);
	}
	sb_adds(out, "\nNow: ");
	if (s->over) {
		sb_adds(out, "the game is over.\n");
		return;
	}
	sb_addf(out, "round %d; every keeper sends orders at once, secretly.\n", s->round);
	if (p >= 0 && (what = dk_what_to_send(g, p)))
		sb_addf(out, "You send: %s.\n", what);
}

/* One card of the reader's hand, the K-th from the left above the table. */
static struct view_cell *hand_card(struct view *v, int k, int c, const char *caption,
				   const char *const *fill)
{
	struct view_cell *cell = view_add_cell(v, 0, 0, dk_colour_name[c], caption);
	cell->x = 2 + k * 11;
	cell->y = 104;
	cell->w = 10;
	cell->h = 15;
	cell->fill = fill[c] ? xstrdup(fill[c]) : NULL;
	return cell;
}

/* The keeper game's hand: all six keeper cards, always held (one is shown
 * each round), those on a hunted dragon marked as the ones that can be
 * sent ("hunted"); beside them the tribe and the shields still to place. */
static void keeper_hand(const struct dk *s, int p, const char *const *fill, struct view *v)
{
	const struct dk_player *pl = &s->pl[p];
	struct view_cell *cell;
	struct sb sb = SB_INIT;

	for (int c = 0; c < NDRAGONS; c++)
		hand_card(v, c, c, s->d[c].hunter && !s->d[c].defeated ? "hunted" : "keeper",
			  fill);
	sb_addf(&sb, "the %s dragon is your favourite", dk_colour_word[pl->tribe]);
	cell = view_add_cell(v, 0, 0, "Your tribe", sb_str(&sb));
	cell->x = 69;
	cell->y = 112;
	cell->w = 30;
	cell->h = 9;
	sb_release(&sb);
	sb = (struct sb)SB_INIT;
	sb_addf(&sb, "%d to place", KEEPER_SHIELDS - __builtin_popcount(pl->shields));
	cell = view_add_cell(v, 0, 0, "Your shields", sb_str(&sb));
	cell->x = 69;
	cell->y = 102;
	cell->w = 30;
	cell->h = 9;
	sb_release(&sb);
}

/* Above the table, the reader's own hand as cards: a keeper card of each
 * colour still in hand, the action tokens and the magic cards. */
static void hand_cards(const struct dk *s, int p, const char *const *fill, struct view *v)
{
	const struct dk_player *pl = &s->pl[p];
	int cards[NMAGIC], m = dk_magic_held(s, p, cards), k = 0;
	struct view_cell *cell;
	struct sb sb = SB_INIT;

	for (int c = 0; c < NDRAGONS; c++)
		if (pl->hand & (1u << c))
			hand_card(v, k++, c, "keeper", fill);
	for (int a = 0; a < NACTIONS; a++)
		sb_addf(&sb, "%s%d %s", a ? ", " : "", pl->tokens[a], dk_action_word[a]);
	cell = view_add_cell(v, 0, 0, "Your tokens", sb_str(&sb));
	cell->x = 69;
	cell->y = 112;
	cell->w = 30;
	cell->h = 9;
	sb_release(&sb);
	sb = (struct sb)SB_INIT;
	for (int i = 0; i < m; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", dk_magic_name[cards[i]]);
	cell = view_add_cell(v, 0, 0, "Your magic", m ? sb_str(&sb) : "none");
	cell->x = 69;
	cell->y = 102;
	cell->w = 30;
	cell->h = 9;
	sb_release(&sb);
}

/* The hunter card in the middle, the six dragons around it; a dashed line
 * to each targeted dragon, its hunter dice as counters. */
void dk_board(const struct game *g, int p, struct view *v)
{
	static const double pos[NDRAGONS][2] = {
		{ 40, 4 }, { 72, 22 }, { 72, 58 }, { 40, 76 }, { 8, 58 }, { 8, 22 },
	};
	static const char *const fill[NDRAGONS] = { "red", "purple", "blue", NULL, "green",
						    "yellow" };
	const struct dk *s = DK(g);
	struct view_cell *h;
	bool hand = p >= 0 && p < (int)g->nplayers && !g->players[p].dropped;

	v->kind = VIEW_MAP;
	v->w = 100;
	v->h = hand ? 122 : 100;
	h = view_add_cell(v, 0, 0, "Hunter", NULL);
	h->x = 38;
	h->y = 40;
	h->w = 24;
	h->h = 20;
	h->fill = xstrdup("grey");
	h->counters = s->dice_card;
	if (s->mode == M_DRAGON)
		h->caption = xasprintf("%d flame%s, %d in supply", s->flames,
				       s->flames == 1 ? "" : "s", s->dice_supply);
	else
		h->caption = xasprintf("%d unused", s->dice_supply);
	for (int c = 0; c < NDRAGONS; c++) {
		const struct dk_dragon *d = &s->d[c];
		struct view_cell *cell;
		struct sb cap = SB_INIT;
		sb_addf(&cap, "%d/%d arrows", d->arrows, dk_life_of(s, c));
		if (d->defeated)
			sb_adds(&cap, ", defeated");
		else if (s->mode == M_KEEPER)
			for (size_t q = 0; q < g->nplayers; q++) {
				if (s->pl[q].shields & (1u << c))
					sb_addf(&cap, ", %s", dk_name(g, (int)q));
			}
		else
			sb_addf(&cap, ", trained %d/%d%s", d->trainings, dk_max_trainings[c],
				d->shield ? ", shield" : "");
		cell = view_add_cell(v, 0, 0, dk_colour_name[c], sb_str(&cap));
		sb_release(&cap);
		cell->x = pos[c][0];
		cell->y = pos[c][1];
		cell->w = cell->h = 20;
		cell->round = 1;
		cell->fill = fill[c] ? xstrdup(fill[c]) : NULL;
		cell->counters = d->hunter;
		if (d->hunter)
			view_add_line(v, 0, c + 1, 1);
	}
	if (hand && s->mode == M_KEEPER)
		keeper_hand(s, p, fill, v);
	else if (hand)
		hand_cards(s, p, fill, v);
	/* as the report PDF's legend (templates/dragon-keepers/report.xml) */
	view_add_key(v, "grey", "the hunter card");
	view_add_key(v, NULL, "a number under a name: hunter dice on it");
	view_add_key(v, NULL, "a dashed line: the hunter aims at it");
}

/* Only the order of the magic deck is hidden, from everybody alike. */
void dk_scramble(struct game *g, int keep, struct rng *r)
{
	struct dk *s = DK(g);
	(void)keep;
	rng_shuffle(r, s->deck, (size_t)s->ndeck, sizeof *s->deck);
}
