/* heart-of-glass.c - Heart of Glass, as played by mail: the engine table,
 * cards and traits, and the state's setup, load, save and invariants.
 *
 * Each player makes a Minion of an old Dragon; the Dragon's traits are the
 * sums of theirs.  Then scenes follow, two processor turns each: the Dragon
 * player plays a card and frames a conflict, the Minion (on the Dragon's
 * left) reacts, plays a card and resolves it, the others vote, and the two
 * cards move one trait of the Dragon and one of the Minion.  Orders are in
 * hog-orders.c, turns in hog-play.c, reports in hog-view.c.  See
 * docs/rules/heart-of-glass.md for the rules as played here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hog-int.h"
#include "xmlutil.h"

/* The grammar beside this file (heart-of-glass.rng), built in by build-aux/games-c.sh. */
extern const char schema_heart_of_glass_rng[];

const char *const hog_trait_name[NTRAITS] = { "Body", "Heart", "Mind", "Wealth" };
const char *const hog_trait_word[NTRAITS] = { "body", "heart", "mind", "wealth" };
const char *const hog_trait_symbol[NTRAITS] = { "\u2663", "\u2665", "\u2660", "\u2666" };
/* The dragon type that puts its three tokens on each trait. */
const char *const hog_type_word[NTRAITS] = { "fire", "river", "wyrm", "cave" };
const int hog_suit_trait[4] = { T_HEART, T_WEALTH, T_BODY, T_MIND };

static const char *const suit_letter = "HDCS";
static const char *const suit_symbol[4] = { "\u2665", "\u2666", "\u2663", "\u2660" };
static const char *const face_code[14] = { "", "A", "2", "3", "4", "5", "6", "7",
					   "8", "9", "10", "J", "Q", "K" };

static const struct option_spec hog_options[] = {
	{ "respawn", OPT_BOOL, "no", 0, 0, NULL,
	  "a player whose Minion dies makes a new one instead of leaving the game", NULL },
	{ "textmax", OPT_INT, "4000", 200, 100000, NULL,
	  "the longest narration (characters) a player may send for one text", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

/* --- cards and traits ---------------------------------------------------- */

void card_code(int c, char *out)
{
	snprintf(out, 8, "%s%c", face_code[card_face(c)], suit_letter[card_suit(c)]);
}

void card_pretty(int c, char *out)
{
	snprintf(out, 8, "%s%s", face_code[card_face(c)], suit_symbol[card_suit(c)]);
}

static const struct {
	const char *word;
	int value;
} face_words[] = {
	{ "ace", 1 }, { "a", 1 }, { "one", 1 }, { "two", 2 }, { "three", 3 }, { "four", 4 },
	{ "five", 5 }, { "six", 6 }, { "seven", 7 }, { "eight", 8 }, { "nine", 9 },
	{ "ten", 10 }, { "jack", 11 }, { "j", 11 }, { "queen", 12 }, { "q", 12 },
	{ "king", 13 }, { "k", 13 },
};

static const struct {
	const char *word;
	int suit;
} suit_words[] = {
	{ "h", S_HEARTS }, { "hearts", S_HEARTS }, { "heart", S_HEARTS },
	{ "\u2665", S_HEARTS }, { "\u2661", S_HEARTS },
	{ "d", S_DIAMONDS }, { "diamonds", S_DIAMONDS }, { "diamond", S_DIAMONDS },
	{ "\u2666", S_DIAMONDS }, { "\u2662", S_DIAMONDS },
	{ "c", S_CLUBS }, { "clubs", S_CLUBS }, { "club", S_CLUBS },
	{ "\u2663", S_CLUBS }, { "\u2667", S_CLUBS },
	{ "s", S_SPADES }, { "spades", S_SPADES }, { "spade", S_SPADES },
	{ "\u2660", S_SPADES }, { "\u2664", S_SPADES },
};

static int face_parse(const char *s)
{
	long long v;
	if (parse_int(s, 1, 13, &v))
		return (int)v;
	for (size_t i = 0; i < ARRAY_SIZE(face_words); i++)
		if (!ascii_casecmp(s, face_words[i].word))
			return face_words[i].value;
	return -1;
}

static int suit_parse(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(suit_words); i++)
		if (!ascii_casecmp(s, suit_words[i].word))
			return suit_words[i].suit;
	/* The symbols may come with a variation selector (U+FE0F). */
	if (strlen(s) == 6 && !memcmp(s + 3, "\xEF\xB8\x8F", 3)) {
		char bare[4];
		memcpy(bare, s, 3);
		bare[3] = '\0';
		return suit_parse(bare);
	}
	return -1;
}

/* Read "RANKSUIT" ("10C", "q♥") or "RANK [of] SUIT" ("ten of clubs"). */
int card_parse(const char *s)
{
	char *copy = xstrdup(s), *w[4];
	int n = 0, face = -1, suit = -1;

	for (char *t = copy; *t && n < 4;) {
		t += strspn(t, " \t");
		if (!*t)
			break;
		w[n++] = t;
		t += strcspn(t, " \t");
		if (*t)
			*t++ = '\0';
	}
	if (n == 3 && !ascii_casecmp(w[1], "of")) {
		w[1] = w[2];
		n = 2;
	}
	if (n == 2) {
		face = face_parse(w[0]);
		suit = suit_parse(w[1]);
	} else if (n == 1) {
		/* The rank is the leading digits, or one letter. */
		size_t k = strspn(w[0], "0123456789");
		if (!k && w[0][0])
			k = 1;
		if (k && w[0][k]) {
			char save = w[0][k];
			suit = suit_parse(w[0] + k);
			w[0][k] = '\0';
			face = face_parse(w[0]);
			w[0][k] = save;
		}
	}
	free(copy);
	return face > 0 && suit >= 0 ? suit * 13 + face - 1 : -1;
}

int trait_parse(const char *s)
{
	for (int t = 0; t < NTRAITS; t++)
		if (!ascii_casecmp(s, hog_trait_word[t]))
			return t;
	{
		int suit = suit_parse(s);
		/* "h" alone is too short to mean a trait; the words and
		 * symbols of the suits are not. */
		if (suit >= 0 && strlen(s) > 1)
			return hog_suit_trait[suit];
	}
	return -1;
}

/* --- helpers shared by the engine's files ------------------------------- */

const char *hog_name(const struct game *g, int p)
{
	return g->players[p].name;
}

int hog_hand(const struct hog *h, int p, int *out)
{
	int n = 0;
	/* Lowest first: by face, then by the suit order of the draw. */
	for (int face = 1; face <= 13; face++)
		for (int s = 0; s < 4; s++)
			if (h->where[s * 13 + face - 1] == W_HAND + p)
				out[n++] = s * 13 + face - 1;
	return n;
}

int hog_hand_count(const struct hog *h, int p)
{
	int n = 0;
	for (int c = 0; c < NCARDS; c++)
		n += h->where[c] == W_HAND + p;
	return n;
}

int hog_next_alive(const struct game *g, int p)
{
	int n = (int)g->nplayers;
	for (int i = 1; i <= n; i++) {
		int q = (p + i) % n;
		if (HOG(g)->m[q].life == L_ALIVE)
			return q;
	}
	return -1;
}

int hog_alive_count(const struct game *g)
{
	int n = 0;
	for (size_t p = 0; p < g->nplayers; p++)
		n += HOG(g)->m[p].life == L_ALIVE;
	return n;
}

struct hog_scene *hog_scene_now(const struct hog *h)
{
	return h->nscenes ? &h->scenes[h->nscenes - 1] : NULL;
}

int hog_textmax(const struct game *g)
{
	return (int)option_int(&g->opts, "textmax");
}

/* --- setting up, loading, saving ---------------------------------------- */

static struct hog *hog_new(void)
{
	struct hog *h = xcalloc(1, sizeof *h);
	h->dtype = -1;
	h->chooser = -1;
	h->next_dragon = -1;
	for (int p = 0; p < HOG_MAX; p++)
		h->m[p].pick = -1;
	return h;
}

static int hog_setup(struct game *g, char **err)
{
	struct hog *h;
	if (g->nplayers < 2 || g->nplayers > HOG_MAX) {
		*err = xasprintf("Heart of Glass is for 2 to %d players, not %zu", HOG_MAX,
				 g->nplayers);
		return -1;
	}
	h = hog_new();
	for (int c = 0; c < NCARDS; c++)
		h->deck[c] = c;
	h->ndeck = NCARDS;
	/* Shuffled now, so that the draw for the dragon's type simply takes
	 * the top cards (and a rule case can stack the deck). */
	rng_shuffle(&g->rng, h->deck, NCARDS, sizeof *h->deck);
	g->state = h;
	return 0;
}

static const char *const phase_word[] = { "create", "type", "raise", "conflict",
					  "resolve", "over" };
static const char *const life_word[] = { "new", "alive", "dead" };

static int word_index(const char *s, const char *const *words, int n)
{
	for (int i = 0; s && i < n; i++)
		if (!strcmp(s, words[i]))
			return i;
	return -1;
}

static bool player_attr(const struct game *g, const xmlNode *n, const char *attr, int *p)
{
	char *who = xml_attr(n, attr);
	*p = who ? game_player_index(g, who) : -1;
	free(who);
	return *p >= 0;
}

static bool int_attr(const xmlNode *n, const char *attr, int lo, int hi, int *out)
{
	long long v;
	if (!xml_attr_int(n, attr, &v) || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* Place the cards listed in attribute attr at w; false on a bad list or a
 * card already placed. */
static bool load_cards(struct hog *h, const xmlNode *n, const char *attr, int w,
		       bool to_deck)
{
	char *list = xml_attr(n, attr), *save = NULL;
	bool ok = true;
	if (!list)
		return true;
	for (char *t = strtok_r(list, " ", &save); t && ok; t = strtok_r(NULL, " ", &save)) {
		int c = card_parse(t);
		if (c < 0 || h->where[c] != -1) {
			ok = false;
			break;
		}
		h->where[c] = w;
		if (to_deck)
			h->deck[h->ndeck++] = c;
	}
	free(list);
	return ok;
}

static char *child_text(const xmlNode *n, const char *name)
{
	const xmlNode *c = xml_first(n, name);
	return c ? xml_text(c) : NULL;
}

static bool load_traits(const xmlNode *n, int *t)
{
	for (int i = 0; i < NTRAITS; i++)
		if (!int_attr(n, hog_trait_word[i], 0, 1000, &t[i]))
			return false;
	return true;
}

/* A card of a scene, played (attribute attr): absent, or not placed yet. */
static bool load_played(struct hog *h, const xmlNode *n, const char *attr, int *card)
{
	char *a = xml_attr(n, attr);
	if (!a)
		return true;
	*card = card_parse(a);
	free(a);
	if (*card < 0 || h->where[*card] != -1)
		return false;
	h->where[*card] = W_PLAYED;
	return true;
}

/* What the two cards of a resolved scene did. */
static bool load_effects(const xmlNode *n, struct hog_scene *s)
{
	char *dt = xml_attr(n, "dragon-trait"), *mt = xml_attr(n, "minion-trait");
	bool ok = dt && mt;
	if (ok) {
		s->dtrait = trait_parse(dt);
		s->mtrait = trait_parse(mt);
	}
	free(dt);
	free(mt);
	return ok && s->dtrait >= 0 && s->mtrait >= 0 &&
	       int_attr(n, "conflict", 1, 1000, &s->conflict) &&
	       int_attr(n, "stakes", 1, 1000, &s->stakes) &&
	       int_attr(n, "dragon-delta", -1, 1, &s->ddelta) &&
	       int_attr(n, "minion-delta", -1, 1, &s->mdelta);
}

static bool load_votes(const struct game *g, const xmlNode *n, struct hog_scene *s)
{
	for (xmlNode *v = n->children; v; v = v->next) {
		struct hog_vote *vt;
		char *f;
		if (!xml_is(v, "vote"))
			continue;
		if (s->nvotes == HOG_MAX)
			return false;
		vt = &s->votes[s->nvotes++];
		f = xml_attr(v, "for");
		vt->stakes = f && !strcmp(f, "stakes");
		free(f);
		if (!player_attr(g, v, "player", &vt->player) ||
		    !xml_attr_bool(v, "counted", &vt->counted))
			return false;
	}
	return true;
}

static bool load_scene(struct game *g, const xmlNode *n, struct hog_scene *s)
{
	struct hog *h = HOG(g);
	memset(s, 0, sizeof *s);
	s->dcard = s->mcard = -1;
	if (!int_attr(n, "number", 1, 1000, &s->number) ||
	    !player_attr(g, n, "dragon", &s->dragon) || !player_attr(g, n, "minion", &s->minion))
		return false;
	if (!load_played(h, n, "conflict-card", &s->dcard) ||
	    !load_played(h, n, "stakes-card", &s->mcard))
		return false;
	if (s->mcard >= 0 && !load_effects(n, s))
		return false;
	s->frame = child_text(n, "frame");
	s->react = child_text(n, "react");
	s->resolve = child_text(n, "resolve");
	return load_votes(g, n, s);
}

/* The attributes of the <engine> element: the phase, who chose the
 * Dragon's type, and who is the Dragon once the Minions are made again. */
static bool load_phase(struct game *g, const xmlNode *node)
{
	struct hog *h = HOG(g);
	char *a = xml_attr(node, "phase");
	int i = word_index(a, phase_word, (int)ARRAY_SIZE(phase_word));
	free(a);
	if (i < 0)
		return false;
	h->phase = (enum hog_phase)i;
	if ((a = xml_attr(node, "chooser"))) {
		h->chooser = game_player_index(g, a);
		free(a);
		if (h->chooser < 0)
			return false;
	}
	if ((a = xml_attr(node, "next"))) {
		h->next_dragon = game_player_index(g, a);
		free(a);
		if (h->next_dragon < 0 || h->phase != PH_CREATE)
			return false;
	}
	return true;
}

static bool load_dragon(struct hog *h, const xmlNode *n)
{
	char *a;
	if (!load_traits(n, h->dtrait))
		return false;
	a = xml_attr(n, "type");
	h->dtype = word_index(a, hog_type_word, NTRAITS);
	if (a && h->dtype < 0) {
		free(a);
		return false;
	}
	free(a);
	h->dname = child_text(n, "name");
	h->ddesc = child_text(n, "description");
	return true;
}

static bool load_minion(struct game *g, const xmlNode *n)
{
	struct hog *h = HOG(g);
	struct hog_minion *m;
	char *a;
	int p, i;
	if (!player_attr(g, n, "player", &p) || h->m[p].name || h->m[p].life != L_NEW)
		return false;
	m = &h->m[p];
	a = xml_attr(n, "life");
	i = word_index(a, life_word, (int)ARRAY_SIZE(life_word));
	free(a);
	if (i < 0 || !load_traits(n, m->trait))
		return false;
	m->life = (enum hog_life)i;
	a = xml_attr(n, "pick");
	m->pick = a ? trait_parse(a) : -1;
	if (a && m->pick < 0) {
		free(a);
		return false;
	}
	free(a);
	if (!load_cards(h, n, "hand", W_HAND + p, false) ||
	    !load_cards(h, n, "drawn", W_DRAWN + p, false))
		return false;
	m->name = child_text(n, "name");
	m->nature = child_text(n, "nature");
	m->desc = child_text(n, "description");
	return m->life != L_ALIVE || m->name;
}

static bool load_ending(struct game *g, const xmlNode *n)
{
	struct hog *h = HOG(g);
	char *w = xml_attr(n, "winners"), *save = NULL;
	for (char *t = w ? strtok_r(w, " ", &save) : NULL; t; t = strtok_r(NULL, " ", &save)) {
		int p = game_player_index(g, t);
		if (p < 0) {
			free(w);
			return false;
		}
		h->winners |= AUD(p);
	}
	free(w);
	for (xmlNode *e = n->children; e; e = e->next)
		if (xml_is(e, "event"))
			strlist_take(&h->ending, xml_text(e));
	return true;
}

/* One child of the <engine> element. */
static bool load_child(struct game *g, const xmlNode *n)
{
	struct hog *h = HOG(g);
	if (xml_is(n, "deck"))
		return load_cards(h, n, "cards", W_DECK, true);
	if (xml_is(n, "aside"))
		return load_cards(h, n, "cards", W_ASIDE, false);
	if (xml_is(n, "dragon"))
		return load_dragon(h, n);
	if (xml_is(n, "minion"))
		return load_minion(g, n);
	if (xml_is(n, "scene")) {
		ALLOC_GROW(h->scenes, h->nscenes + 1, h->scenes_alloc);
		return load_scene(g, n, &h->scenes[h->nscenes++]);
	}
	if (xml_is(n, "ending"))
		return load_ending(g, n);
	return true;
}

static int hog_load(struct game *g, const xmlNode *node, char **err)
{
	struct hog *h = hog_new();

	g->state = h;
	for (int c = 0; c < NCARDS; c++)
		h->where[c] = -1;
	if (g->nplayers < 2 || g->nplayers > HOG_MAX || !load_phase(g, node))
		goto bad;
	for (const xmlNode *n = node->children; n; n = n->next)
		if (!load_child(g, n))
			goto bad;
	for (int c = 0; c < NCARDS; c++)
		if (h->where[c] == -1)
			goto bad;
	return 0;
bad:
	*err = xasprintf("line %ld: the Heart of Glass state does not add up",
			 xmlGetLineNo((xmlNode *)node));
	return -1;
}

static void save_cards(const struct hog *h, xmlNode *n, const char *attr, int w)
{
	struct sb s = SB_INIT;
	int cards[NCARDS], k = 0;
	if (w == W_DECK) {
		memcpy(cards, h->deck, sizeof cards);
		k = h->ndeck;
	} else {
		for (int face = 1; face <= 13; face++)
			for (int suit = 0; suit < 4; suit++)
				if (h->where[suit * 13 + face - 1] == w)
					cards[k++] = suit * 13 + face - 1;
	}
	for (int i = 0; i < k; i++) {
		char code[8];
		card_code(cards[i], code);
		sb_addf(&s, "%s%s", i ? " " : "", code);
	}
	xml_set(n, attr, sb_str(&s));
	sb_release(&s);
}

static void save_traits(xmlNode *n, const int *t)
{
	for (int i = 0; i < NTRAITS; i++)
		xml_set_int(n, hog_trait_word[i], t[i]);
}

static void text_child(xmlNode *n, const char *name, const char *text)
{
	if (text)
		xml_child(n, name, text);
}

static void save_scene(const struct game *g, const struct hog_scene *s, xmlNode *node)
{
	xmlNode *n = xml_child(node, "scene", NULL);
	char code[8];
	xml_set_int(n, "number", s->number);
	xml_set(n, "dragon", hog_name(g, s->dragon));
	xml_set(n, "minion", hog_name(g, s->minion));
	if (s->dcard >= 0) {
		card_code(s->dcard, code);
		xml_set(n, "conflict-card", code);
	}
	if (s->mcard >= 0) {
		card_code(s->mcard, code);
		xml_set(n, "stakes-card", code);
		xml_set_int(n, "conflict", s->conflict);
		xml_set_int(n, "stakes", s->stakes);
		xml_set(n, "dragon-trait", hog_trait_word[s->dtrait]);
		xml_set_int(n, "dragon-delta", s->ddelta);
		xml_set(n, "minion-trait", hog_trait_word[s->mtrait]);
		xml_set_int(n, "minion-delta", s->mdelta);
	}
	text_child(n, "frame", s->frame);
	text_child(n, "react", s->react);
	text_child(n, "resolve", s->resolve);
	for (int i = 0; i < s->nvotes; i++) {
		xmlNode *v = xml_child(n, "vote", NULL);
		xml_set(v, "player", hog_name(g, s->votes[i].player));
		xml_set(v, "for", s->votes[i].stakes ? "stakes" : "conflict");
		xml_set_bool(v, "counted", s->votes[i].counted);
	}
}

static void hog_save(const struct game *g, xmlNode *node)
{
	const struct hog *h = HOG(g);
	xmlNode *n;

	xml_set(node, "phase", phase_word[h->phase]);
	if (h->chooser >= 0)
		xml_set(node, "chooser", hog_name(g, h->chooser));
	if (h->next_dragon >= 0)
		xml_set(node, "next", hog_name(g, h->next_dragon));
	save_cards(h, xml_child(node, "deck", NULL), "cards", W_DECK);
	save_cards(h, xml_child(node, "aside", NULL), "cards", W_ASIDE);
	n = xml_child(node, "dragon", NULL);
	save_traits(n, h->dtrait);
	if (h->dtype >= 0)
		xml_set(n, "type", hog_type_word[h->dtype]);
	text_child(n, "name", h->dname);
	text_child(n, "description", h->ddesc);
	for (size_t p = 0; p < g->nplayers; p++) {
		const struct hog_minion *m = &h->m[p];
		n = xml_child(node, "minion", NULL);
		xml_set(n, "player", hog_name(g, (int)p));
		xml_set(n, "life", life_word[m->life]);
		save_traits(n, m->trait);
		if (m->pick >= 0)
			xml_set(n, "pick", hog_trait_word[m->pick]);
		save_cards(h, n, "hand", W_HAND + (int)p);
		if (h->phase <= PH_RAISE)
			save_cards(h, n, "drawn", W_DRAWN + (int)p);
		text_child(n, "name", m->name);
		text_child(n, "nature", m->nature);
		text_child(n, "description", m->desc);
	}
	for (size_t i = 0; i < h->nscenes; i++)
		save_scene(g, &h->scenes[i], node);
	if (h->phase == PH_OVER) {
		struct sb w = SB_INIT;
		n = xml_child(node, "ending", NULL);
		for (size_t p = 0; p < g->nplayers; p++)
			if (h->winners & AUD(p))
				sb_addf(&w, "%s%s", w.len ? " " : "", hog_name(g, (int)p));
		xml_set(n, "winners", sb_str(&w));
		sb_release(&w);
		for (size_t i = 0; i < h->ending.n; i++)
			xml_child(n, "event", h->ending.v[i]);
	}
}

static void hog_release(struct game *g)
{
	struct hog *h = HOG(g);
	if (!h)
		return;
	for (int p = 0; p < HOG_MAX; p++) {
		free(h->m[p].name);
		free(h->m[p].nature);
		free(h->m[p].desc);
	}
	free(h->dname);
	free(h->ddesc);
	for (size_t i = 0; i < h->nscenes; i++) {
		free(h->scenes[i].frame);
		free(h->scenes[i].react);
		free(h->scenes[i].resolve);
	}
	free(h->scenes);
	strlist_clear(&h->ending);
	free(h);
	g->state = NULL;
}

/* --- invariants --------------------------------------------------------- */

/* The deck holds each of its cards once, and they are marked there; seen
 * counts them. */
static char *deck_invariant(const struct hog *h, int *seen)
{
	if (h->ndeck < 0 || h->ndeck > NCARDS)
		return xasprintf("the deck holds %d cards", h->ndeck);
	for (int i = 0; i < h->ndeck; i++) {
		int c = h->deck[i];
		if (c < 0 || c >= NCARDS || seen[c]++ || h->where[c] != W_DECK)
			return xasprintf("card %d is in the deck twice or also elsewhere", c);
	}
	return NULL;
}

/* Each scene's cards were played, the Conflict card first, and only the
 * last scene may be unresolved; seen counts the cards. */
static char *scenes_invariant(const struct hog *h, int *seen)
{
	for (size_t i = 0; i < h->nscenes; i++) {
		const struct hog_scene *s = &h->scenes[i];
		int cs[2] = { s->dcard, s->mcard };
		for (int k = 0; k < 2; k++) {
			if (cs[k] < 0)
				continue;
			if (seen[cs[k]]++ || h->where[cs[k]] != W_PLAYED)
				return xasprintf("card %d of scene %d is also elsewhere", cs[k],
						 s->number);
		}
		if (s->mcard >= 0 && s->dcard < 0)
			return xasprintf("scene %d has a Stakes card but no Conflict card",
					 s->number);
		if (i + 1 < h->nscenes && s->mcard < 0)
			return xasprintf("scene %d was left unresolved", s->number);
	}
	return NULL;
}

/* Every card is marked in a place that exists in this phase, and the
 * cards marked in the deck or played are there (seen). */
static char *places_invariant(const struct game *g, const int *seen)
{
	const struct hog *h = HOG(g);
	int indeck = 0;

	for (int c = 0; c < NCARDS; c++) {
		int w = h->where[c];
		indeck += w == W_DECK;
		if (w == W_PLAYED || w == W_DECK) {
			if (!seen[c])
				return xasprintf("card %d is marked played or in the deck but is "
						 "not there", c);
		} else if (w == W_ASIDE) {
			continue;
		} else if (w >= W_HAND && w < W_HAND + (int)g->nplayers) {
			/* Hands exist from the deal on, which a turn for making
			 * new Minions (option respawn) comes after. */
			if (h->phase == PH_TYPE || h->phase == PH_RAISE ||
			    (h->phase == PH_CREATE && h->next_dragon < 0))
				return xasprintf("card %d is in a hand before the deal", c);
		} else if (w >= W_DRAWN && w < W_DRAWN + (int)g->nplayers) {
			if (h->phase != PH_TYPE && h->phase != PH_RAISE)
				return xasprintf("card %d is still out from the draw", c);
		} else {
			return xasprintf("card %d is nowhere", c);
		}
	}
	if (indeck != h->ndeck)
		return xasprintf("%d cards are marked in the deck, which holds %d", indeck,
				 h->ndeck);
	return NULL;
}

/* The dead hold no cards and the living have every trait at 1 or more. */
static char *minions_invariant(const struct game *g)
{
	const struct hog *h = HOG(g);
	for (size_t p = 0; p < g->nplayers; p++) {
		const struct hog_minion *m = &h->m[p];
		if (m->life == L_DEAD && hog_hand_count(h, (int)p))
			return xasprintf("%s is out but holds cards", hog_name(g, (int)p));
		for (int t = 0; m->life == L_ALIVE && t < NTRAITS; t++)
			if (m->trait[t] < 1 && h->phase != PH_OVER)
				return xasprintf("%s's Minion lives with %s %d",
						 hog_name(g, (int)p), hog_trait_name[t], m->trait[t]);
	}
	return NULL;
}

/* The scene in play has two living players and the cards of its phase,
 * the Dragon lives, and a game over has its ending. */
static char *phase_invariant(const struct game *g)
{
	const struct hog *h = HOG(g);
	if (h->phase >= PH_CONFLICT && h->phase != PH_OVER) {
		const struct hog_scene *s = hog_scene_now(h);
		if (!s || h->m[s->dragon].life != L_ALIVE || h->m[s->minion].life != L_ALIVE ||
		    s->dragon == s->minion)
			return xstrdup("the scene in play lacks a living Dragon or Minion");
		if ((h->phase == PH_CONFLICT) != (s->dcard < 0) || s->mcard >= 0)
			return xstrdup("the scene's cards do not match its phase");
		for (int t = 0; t < NTRAITS; t++)
			if (h->dtrait[t] < 1)
				return xasprintf("the Dragon lives with %s %d", hog_trait_name[t],
						 h->dtrait[t]);
	}
	if (h->phase == PH_OVER && !h->ending.n)
		return xstrdup("the game is over with no ending");
	return NULL;
}

/* Every one of the 52 cards is in exactly one place, and the Minions, the
 * Dragon and the scene in play are as the phase wants them. */
static char *hog_invariant(const struct game *g)
{
	const struct hog *h = HOG(g);
	int seen[NCARDS] = { 0 };
	char *why = deck_invariant(h, seen);

	if (!why)
		why = scenes_invariant(h, seen);
	if (!why)
		why = places_invariant(g, seen);
	if (!why)
		why = minions_invariant(g);
	if (!why)
		why = phase_invariant(g);
	return why;
}

/* The orders, for `help ORDER` by mail (docs/heart-of-glass.md). */
static const struct order_doc hog_orders[] = {
	{ "name", "name NAME", "your Minion's name (turn 1), or the Dragon's (turn 2)" },
	{ "nature", "nature TEXT", "turn 1: what your Minion is, was raised or trained to be" },
	{ "describe", "describe TEXT", "your Minion (turn 1) or the Dragon (turn 2), in a "
				       "line or a block ending with 'end'" },
	{ "pick", "pick TRAIT", "turn 1: the trait that gets +3: body, heart, mind or wealth" },
	{ "tokens", "tokens TRAIT TRAIT", "turn 1: two more tokens, on traits other than the "
					  "picked one" },
	{ "type", "type cave|fire|river|wyrm", "turn 2: +3 to the Dragon's Wealth, Body, "
					       "Heart or Mind" },
	{ "raise", "raise TRAIT", "turn 3: one more to a trait of the Dragon" },
	{ "play", "play CARD", "a scene's card: the Conflict (the Dragon) or the Stakes "
			       "(the Minion)" },
	{ "frame", "frame TEXT", "the Dragon sets the scene: the place, the trouble, who is "
				 "involved" },
	{ "react", "react TEXT", "the Minion's answer to the scene" },
	{ "resolve", "resolve TEXT", "the Minion tells how the scene ends" },
	{ "vote", "vote conflict|stakes", "+1 to that card's value, for a good story (one "
					  "vote a scene)" },
	{ "end", "end", "closes a block of text" },
	{ NULL, NULL, NULL },
};
static const char *const hog_words[] = { "body", "heart", "mind", "wealth", "cave", "fire",
					 "river", "wyrm", "conflict", "stakes", NULL };

/* The winners, once the story has ended; and each Minion's traits, as
 * the public report shows them. */
static void hog_standings(const struct game *g, int *place, char **note)
{
	const struct hog *s = HOG(g);
	for (size_t p = 0; p < g->nplayers && p < HOG_MAX; p++) {
		const struct hog_minion *m = &s->m[p];
		if (hog_over(g))
			place[p] = s->winners & (1ull << p) ? 1 : 2;
		if (m->life == L_DEAD)
			note[p] = xstrdup("the Minion is dead");
		else if (m->life == L_ALIVE)
			note[p] = xasprintf("%s %d, %s %d, %s %d, %s %d", hog_trait_name[0],
					    m->trait[0], hog_trait_name[1], m->trait[1],
					    hog_trait_name[2], m->trait[2], hog_trait_name[3],
					    m->trait[3]);
	}
}

const struct engine heart_of_glass_engine = {
	.name = "heart-of-glass",
	.title = "Heart of Glass",
	.min_players = 2,
	.max_players = HOG_MAX,
	.late_players = false,
	.options = hog_options,
	.schema = schema_heart_of_glass_rng,
	.setup = hog_setup,
	.load = hog_load,
	.save = hog_save,
	.release = hog_release,
	.check = hog_check,
	.awaited = hog_awaited,
	.wanted = hog_wanted,
	.incomplete = hog_incomplete,
	.nmr = hog_nmr,
	.drop = hog_drop,
	.advance = hog_advance,
	.over = hog_over,
	.standings = hog_standings,
	.view = hog_view,
	.board = hog_board,
	.legal = hog_legal,
	.orders = hog_orders,
	.words = hog_words,
	.invariant = hog_invariant,
	.scramble = hog_scramble,
};
