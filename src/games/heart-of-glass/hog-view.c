/* hog-view.c - Heart of Glass reports: the Dragon and the Minions with their
 * traits, the story so far, the reader's own hand, and whose move it is.
 * Only the reader's own hand is ever shown; of the others, counts: the
 * scramble deals afresh what a reader may not see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hog-int.h"

static void traits_line(struct sb *out, const int *t)
{
	for (int i = 0; i < NTRAITS; i++)
		sb_addf(out, "%s%s %s %d", i ? "   " : "", hog_trait_symbol[i], hog_trait_name[i],
			t[i]);
}

/* Narration as given, each of its lines indented. */
static void text_block(struct sb *out, const char *text, const char *indent)
{
	const char *s = text ? text : "(none)";
	while (*s) {
		size_t n = strcspn(s, "\n");
		sb_addf(out, "%s%.*s\n", indent, (int)n, s);
		s += n;
		if (*s)
			s++;
	}
}

static void dragon_view(const struct game *g, struct sb *out)
{
	const struct hog *h = HOG(g);
	sb_adds(out, "The Dragon");
	if (h->dname)
		sb_addf(out, ": %s", h->dname);
	if (h->dtype >= 0)
		sb_addf(out, ", a %s dragon", hog_type_word[h->dtype]);
	if (h->chooser >= 0)
		sb_addf(out, " (its type chosen by %s)", hog_name(g, h->chooser));
	sb_adds(out, "\n");
	if (h->phase == PH_CREATE && h->dtype < 0 && h->chooser < 0) {
		sb_adds(out, "  Not made yet: its traits will be the sums of the Minions'.\n");
		return;
	}
	sb_adds(out, "  ");
	traits_line(out, h->dtrait);
	sb_adds(out, "\n");
	if (h->ddesc)
		text_block(out, h->ddesc, "  ");
}

static void minions_view(const struct game *g, struct sb *out)
{
	const struct hog *h = HOG(g);
	sb_adds(out, "\nThe Minions\n");
	for (size_t p = 0; p < g->nplayers; p++) {
		const struct hog_minion *m = &h->m[p];
		int cards = hog_hand_count(h, (int)p);
		sb_addf(out, "  %s: ", hog_name(g, (int)p));
		if (!m->name) {
			sb_adds(out, m->life == L_DEAD ? "out of the game, no Minion\n"
						       : "making a Minion\n");
			continue;
		}
		sb_addf(out, "%s%s%s", m->name, m->nature ? ", " : "", m->nature ? m->nature : "");
		if (m->life == L_DEAD)
			sb_adds(out, " (dead, out of the game)");
		else if (m->life == L_NEW)
			sb_adds(out, " (dead; a new Minion is being made)");
		if (h->winners & AUD(p))
			sb_adds(out, " (winner)");
		sb_adds(out, "\n    ");
		traits_line(out, m->trait);
		if (h->phase >= PH_CONFLICT && m->life != L_DEAD)
			sb_addf(out, "   %d card%s", cards, cards == 1 ? "" : "s");
		sb_adds(out, "\n");
		if (m->desc)
			text_block(out, m->desc, "    ");
	}
}

static void scene_view(const struct game *g, const struct hog_scene *s, struct sb *out)
{
	const struct hog *h = HOG(g);
	const char *mname = h->m[s->minion].name ? h->m[s->minion].name : "the Minion";
	char card[8];

	sb_addf(out, "  Scene %d: %s is the Dragon, %s the Minion (%s)\n", s->number,
		hog_name(g, s->dragon), hog_name(g, s->minion), mname);
	if (s->dcard < 0) {
		sb_adds(out, "    The Dragon has yet to play a card and frame the scene.\n");
		return;
	}
	card_pretty(s->dcard, card);
	sb_addf(out, "    The Dragon plays the %s: Conflict %d, theme %s. The scene:\n", card,
		card_face(s->dcard), hog_trait_name[card_trait(s->dcard)]);
	text_block(out, s->frame, "      ");
	if (s->mcard < 0) {
		sb_addf(out, "    %s has yet to react, play a card and resolve the scene.\n",
			mname);
		return;
	}
	sb_addf(out, "    %s reacts:\n", mname);
	text_block(out, s->react, "      ");
	for (int i = 0; i < s->nvotes; i++)
		sb_addf(out, "    %s votes +1 to the %s%s.\n", hog_name(g, s->votes[i].player),
			s->votes[i].stakes ? "Stakes" : "Conflict",
			s->votes[i].counted ? "" : " (not counted)");
	card_pretty(s->mcard, card);
	sb_addf(out, "    %s plays the %s: Stakes %d, resolution by %s. The resolution:\n",
		mname, card, card_face(s->mcard), hog_trait_name[card_trait(s->mcard)]);
	text_block(out, s->resolve, "      ");
	sb_addf(out, "    Conflict %d against Stakes %d: the Dragon's %s %+d, %s's %s %+d.\n",
		s->conflict, s->stakes, hog_trait_name[s->dtrait], s->ddelta, mname,
		hog_trait_name[s->mtrait], s->mdelta);
}

static void story_view(const struct game *g, struct sb *out)
{
	const struct hog *h = HOG(g);
	if (!h->nscenes && !h->ending.n)
		return;
	sb_adds(out, "\nThe story so far\n");
	for (size_t i = 0; i < h->nscenes; i++)
		scene_view(g, &h->scenes[i], out);
	if (h->ending.n) {
		sb_adds(out, "  The ending\n");
		for (size_t i = 0; i < h->ending.n; i++)
			sb_addf(out, "    %s\n", h->ending.v[i]);
	}
}

static void now_view(const struct game *g, int p, struct sb *out)
{
	const struct hog *h = HOG(g);
	const struct hog_scene *s = hog_scene_now(h);
	const char *what;

	sb_adds(out, "\nNow: ");
	switch (h->phase) {
	case PH_CREATE:
		sb_adds(out, "every player without a Minion makes one.\n");
		break;
	case PH_TYPE:
		sb_addf(out, "%s chooses the Dragon's type, name and description.\n",
			hog_name(g, h->chooser));
		break;
	case PH_RAISE:
		sb_adds(out, "every other player adds +1 to a trait of the Dragon.\n");
		break;
	case PH_CONFLICT:
		sb_addf(out, "scene %d, the conflict: %s, the Dragon, plays a card and frames "
			"the scene.\n", s->number, hog_name(g, s->dragon));
		break;
	case PH_RESOLVE:
		sb_addf(out, "scene %d, the resolution: %s, the Minion, reacts, plays a card "
			"and resolves the scene; the others may vote.\n", s->number,
			hog_name(g, s->minion));
		break;
	case PH_OVER:
		sb_adds(out, "the game is over.\n");
		return;
	}
	if (p >= 0 && (what = hog_what_to_send(g, p)))
		sb_addf(out, "You send: %s.\n", what);
}

void hog_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out)
{
	const struct hog *h = HOG(g);
	int drawn = 0, aside = 0;
	(void)ctx;

	dragon_view(g, out);
	minions_view(g, out);
	for (int c = 0; c < NCARDS; c++) {
		drawn += h->where[c] >= W_DRAWN;
		aside += h->where[c] == W_ASIDE;
	}
	sb_addf(out, "\nCards: %d in the deck", h->ndeck);
	if (drawn)
		sb_addf(out, ", %d drawn for the Dragon's type (shown above)", drawn);
	if (aside)
		sb_addf(out, ", %d set aside from players who left", aside);
	sb_adds(out, ".\n");
	if (p >= 0 && h->phase >= PH_CONFLICT && h->m[p].life != L_DEAD) {
		int cards[NCARDS], n = hog_hand(h, p, cards);
		sb_adds(out, "Your hand:");
		for (int i = 0; i < n; i++) {
			char pretty[8], code[8];
			card_pretty(cards[i], pretty);
			card_code(cards[i], code);
			sb_addf(out, " %s (%s)", pretty, code);
		}
		sb_adds(out, n ? "\n" : " no cards\n");
	}
	story_view(g, out);
	now_view(g, p, out);
}

void hog_board(const struct game *g, int p, struct view *v)
{
	const struct hog *h = HOG(g);
	v->kind = VIEW_TRACKS;
	view_add_key(v, "gold", "a trait's value now");
	/* the reader's own hand, as the text view shows it */
	if (p >= 0 && h->phase >= PH_CONFLICT && h->m[p].life != L_DEAD) {
		int cards[NCARDS], n = hog_hand(h, p, cards);
		for (int i = 0; i < n; i++) {
			char code[8];
			size_t len;
			const char *suit;
			card_code(cards[i], code);
			len = strlen(code);
			switch (code[len - 1]) {
			case 'S': suit = "spades"; break;
			case 'H': suit = "hearts"; break;
			case 'D': suit = "diamonds"; break;
			case 'C': suit = "clubs"; break;
			default: suit = NULL; break; /* a joker */
			}
			if (suit)
				code[len - 1] = '\0';
			view_add_card(v, code, suit);
		}
	}
	/* Every track as long as the rules let its trait go; a value past it
	 * (only a state edited by hand) shows in its end box. */
	for (int t = 0; t < NTRAITS; t++) {
		char *name = xasprintf("Dragon %s", hog_trait_name[t]);
		int val = h->dtrait[t];
		view_add_track(v, name, hog_trait_symbol[t], val < 1 ? 0 : 1, HOG_DRAGON_MOST, val);
		free(name);
	}
	for (size_t q = 0; q < g->nplayers; q++) {
		const struct hog_minion *m = &h->m[q];
		if (!m->name || m->life == L_DEAD)
			continue;
		for (int t = 0; t < NTRAITS; t++) {
			char *name = xasprintf("%s %s", m->name, hog_trait_name[t]);
			int val = m->trait[t];
			view_add_track(v, name, hog_trait_symbol[t], val < 1 ? 0 : 1,
				       HOG_MINION_MOST, val);
			free(name);
		}
	}
}

/* Deal afresh every card player keep may not see: the deck's order, the
 * other hands (same sizes) and the cards set aside. */
void hog_scramble(struct game *g, int keep, struct rng *r)
{
	struct hog *h = HOG(g);
	int pool[NCARDS], slot[NCARDS], n = 0;

	for (int i = 0; i < h->ndeck; i++) {
		pool[n] = h->deck[i];
		slot[n++] = -1 - i; /* deck position i */
	}
	for (int c = 0; c < NCARDS; c++) {
		int w = h->where[c];
		if (w == W_ASIDE || (w >= W_HAND && w < W_HAND + HOG_MAX && w != W_HAND + keep)) {
			pool[n] = c;
			slot[n++] = w;
		}
	}
	rng_shuffle(r, pool, (size_t)n, sizeof *pool);
	for (int i = 0; i < n; i++) {
		if (slot[i] < 0)
			h->deck[-1 - slot[i]] = pool[i];
		h->where[pool[i]] = slot[i] < 0 ? W_DECK : slot[i];
	}
}
