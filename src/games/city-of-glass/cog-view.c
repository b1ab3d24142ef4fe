/* cog-view.c - City of Glass: the text of a report, the picture of the
 * table from above, north up, to scale, and the scramble of the cards a
 * reader may not see (see cog-int.h). */
#include <stdio.h>
#include <string.h>

#include "cog-int.h"

static void role_text(int role, struct sb *out)
{
	char name[8];
	if (role == NO_CARD) {
		sb_adds(out, "no role");
		return;
	}
	cog_card_name(role, name);
	sb_addf(out, "the %s (%s)", cog_role_names[cog_suit(role)], name);
}

static void cards_text(const int *v, int n, struct sb *out)
{
	char name[8];
	if (!n)
		sb_adds(out, "none");
	for (int i = 0; i < n; i++) {
		cog_card_name(v[i], name);
		sb_addf(out, "%s%s", i ? ", " : "", name);
	}
}

static void piles_text(const struct cog_state *s, struct sb *out)
{
	struct cog_box boxes[COG_MAX_PILES];
	cog_boxes(s, boxes);
	sb_addf(out, "Book piles (a book is %g inch%s thick):\n", s->book, s->book == 1 ? "" : "es");
	for (int i = 0; i < s->npiles; i++) {
		const struct cog_box *b = &boxes[i];
		sb_addf(out, "  %2d  x %5.2f to %5.2f, y %5.2f to %5.2f  %d book%s, %.2f inches high\n",
			i + 1, b->x0, b->x1, b->y0, b->y1, s->piles[i].books,
			s->piles[i].books == 1 ? "" : "s", b->h);
	}
	if (!s->npiles)
		sb_adds(out, "  none\n");
}

static void models_text(const struct cog_state *s, struct sb *out)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	char xy[32];

	sb_addf(out, "\nModels (bases 1 inch across, %g inches tall, eyes at %.2f):\n", s->height,
		cog_eye(s));
	for (int m = 0; m < COG_MODELS; m++) {
		const struct cog_model *md = &s->m[m];
		sb_addf(out, "  %c  ", cog_model_names[m]);
		if (!md->placed) {
			sb_adds(out, "not on the table yet\n");
			continue;
		}
		if (md->out) {
			sb_adds(out, "out of play\n");
			continue;
		}
		cog_xy_text(xy, sizeof xy, md->at);
		sb_addf(out, "at %-12s ", xy);
		role_text(md->role, out);
		sb_adds(out, "; sees ");
		int k = 0;
		for (int o = 0; o < COG_MODELS; o++)
			if (o != m && cog_in_play(s, o) &&
			    cog_model_sees(s, boxes, nb, md->at, s->m[o].at, NULL, NULL))
				sb_addf(out, "%s%c", k++ ? ", " : "", cog_model_names[o]);
		sb_adds(out, k ? "\n" : "nobody\n");
	}
}

void cog_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out)
{
	const struct cog_state *s = g->state;
	(void)ctx;

	sb_adds(out, "The table: 36 by 36 inches, (0,0) at the south-west corner, north up.\n");
	piles_text(s, out);
	models_text(s, out);
	sb_addf(out, "\nDeck: %d card%s", s->ndeck, s->ndeck == 1 ? "" : "s");
	if (option_int(&g->opts, "decks"))
		sb_addf(out, " (deck %d of %lld)", s->decks, option_int(&g->opts, "decks"));
	sb_addf(out, ". Discard pile: %d card%s", s->ndiscard, s->ndiscard == 1 ? "" : "s");
	if (s->ndiscard && cog_solo(s)) {
		int rev[COG_NCARDS];
		for (int i = 0; i < s->ndiscard; i++)
			rev[i] = s->discard[s->ndiscard - 1 - i];
		sb_adds(out, ", top first: ");
		cards_text(rev, s->ndiscard, out);
	} else if (s->ndiscard) {
		char top[8];
		cog_card_name(s->discard[s->ndiscard - 1], top);
		sb_addf(out, ", %s on top", top);
	}
	sb_adds(out, ".\nHands:");
	for (int q = 0; q < s->n; q++)
		sb_addf(out, "%s %s %d card%s%s", q ? "," : "", g->players[q].name, s->nhand[q],
			s->nhand[q] == 1 ? "" : "s", s->dropped[q] ? " (left the game)" : "");
	sb_adds(out, ".\n");
	if (p >= 0 && p < s->n) {
		sb_adds(out, "Your hand: ");
		cards_text(s->hand[p], s->nhand[p], out);
		sb_adds(out, ".\n");
	}
	if (s->phase == PH_PLACE)
		sb_addf(out, "Next: %s places model %c, out of sight of every model.\n",
			g->players[s->current].name, cog_model_names[s->placing]);
	else if (s->phase == PH_PLAY)
		sb_addf(out, "Next: %s's activation.\n", g->players[s->current].name);
	else if (s->winner >= 0)
		sb_addf(out, "The game is over: %s won.\n", g->players[s->winner].name);
	else
		sb_adds(out, "The game is over; nobody won.\n");
}

/* --- the picture --------------------------------------------------------- */

/* A pile's colour: its height, light to dark, 1 to 6 books or more. */
static const struct view_colour shades[] = {
	{ "shade1", { 0.90, 0.90, 0.88 } },
	{ "shade2", { 0.82, 0.82, 0.79 } },
	{ "shade3", { 0.74, 0.74, 0.70 } },
	{ "shade4", { 0.66, 0.66, 0.61 } },
	{ "shade5", { 0.58, 0.58, 0.52 } },
	{ "shade6", { 0.50, 0.50, 0.43 } },
	{ NULL, { 0, 0, 0 } },
};

void cog_board(const struct game *g, int p, struct view *v)
{
	const struct cog_state *s = g->state;
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	int cell_of[COG_MODELS], prev = -1;
	char label[16], caption[32];

	v->kind = VIEW_MAP;
	v->palette = shades;
	/* the reader's own hand, as the text view shows it */
	for (int i = 0; p >= 0 && (size_t)p < g->nplayers && i < s->nhand[p]; i++) {
		char name[8];
		size_t len;
		const char *suit = NULL;
		cog_card_name(s->hand[p][i], name);
		len = strlen(name);
		if (strcmp(name, "joker")) {
			switch (name[len - 1]) {
			case 'S': suit = "spades"; break;
			case 'H': suit = "hearts"; break;
			case 'D': suit = "diamonds"; break;
			case 'C': suit = "clubs"; break;
			default: break;
			}
			if (suit)
				name[len - 1] = '\0';
		}
		view_add_card(v, name, suit);
	}
	v->w = v->h = COG_TABLE;
	v->unit = xstrdup("in");
	for (size_t i = 0; i < nb; i++) {
		struct view_cell *c;
		int shade = s->piles[i].books > 6 ? 5 : s->piles[i].books - 1;
		snprintf(label, sizeof label, "%d", s->piles[i].books);
		snprintf(caption, sizeof caption, "pile %zu", i + 1);
		c = view_add_cell(v, 0, 0, label, caption);
		c->x = boxes[i].x0, c->y = boxes[i].y0;
		c->w = boxes[i].x1 - boxes[i].x0, c->h = boxes[i].y1 - boxes[i].y0;
		c->fill = xstrdup(shades[shade].name);
	}
	/* This turn's path: a small mark at each point, joined. */
	for (int i = 0; s->last.model >= 0 && s->last.nway > 1 && i < s->last.nway; i++) {
		struct view_cell *c = view_add_cell(v, 0, 0, NULL, NULL);
		c->x = s->last.way[i].x - 0.15, c->y = s->last.way[i].y - 0.15;
		c->w = c->h = 0.3;
		c->round = 1;
		c->fill = xstrdup("black");
		if (prev >= 0)
			view_add_line(v, prev, (int)v->ncells - 1, 0);
		prev = (int)v->ncells - 1;
	}
	for (int m = 0; m < COG_MODELS; m++) {
		struct view_cell *c;
		cell_of[m] = -1;
		if (!cog_in_play(s, m))
			continue;
		snprintf(label, sizeof label, "%c", cog_model_names[m]);
		if (s->m[m].role != NO_CARD)
			cog_card_name(s->m[m].role, caption);
		c = view_add_cell(v, 0, 0, label, s->m[m].role != NO_CARD ? caption : NULL);
		c->x = s->m[m].at.x - COG_BASE_R, c->y = s->m[m].at.y - COG_BASE_R;
		c->w = c->h = 2 * COG_BASE_R;
		c->round = 1;
		c->fill = xstrdup(m == s->last.model ? "gold" : "grey");
		cell_of[m] = (int)v->ncells - 1;
	}
	view_add_key(v, "shade1", "a pile 1 book high (its number: books)");
	view_add_key(v, "shade6", "a pile 6 or more books high");
	view_add_key(v, "grey", "a model (its letter; its role under it)");
	view_add_key(v, "gold", "the model that moved this turn");
	view_add_key(v, NULL, "a solid line: its path; dashed: who it sees");
	/* Sight lines from the model that acted (dashed). */
	for (int m = 0; s->last.model >= 0 && cog_in_play(s, s->last.model) && m < COG_MODELS; m++)
		if (m != s->last.model && cell_of[m] >= 0 &&
		    cog_model_sees(s, boxes, nb, s->m[s->last.model].at, s->m[m].at, NULL, NULL))
			view_add_line(v, cell_of[s->last.model], cell_of[m], 1);
}

/* Hidden from keep: the deck's order and the other hands. */
void cog_scramble(struct game *g, int keep, struct rng *r)
{
	struct cog_state *s = COG(g);
	int pool[COG_NCARDS], n = 0;
	for (int i = 0; i < s->ndeck; i++)
		pool[n++] = s->deck[i];
	for (int p = 0; p < s->n; p++)
		for (int i = 0; p != keep && i < s->nhand[p]; i++)
			pool[n++] = s->hand[p][i];
	rng_shuffle(r, pool, (size_t)n, sizeof pool[0]);
	n = 0;
	for (int i = 0; i < s->ndeck; i++)
		s->deck[i] = pool[n++];
	for (int p = 0; p < s->n; p++)
		for (int i = 0; p != keep && i < s->nhand[p]; i++)
			s->hand[p][i] = pool[n++];
}
