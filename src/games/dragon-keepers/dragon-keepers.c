/* dragon-keepers.c - Dragon Keepers, as played by mail: the engine table,
 * the game's data (dragons, actions, magic cards), and the state's setup,
 * load, save and invariants.
 *
 * Two games in one box.  The keeper game (3 to 6 players, competitive):
 * each round the hunter dice pick some dragons, every player secretly sends
 * one keeper card for a targeted dragon, a dragon guarded by one keeper
 * alone earns that keeper's tribe a shield, an unguarded one takes an arrow.
 * The dragon game (2 to 4 players, cooperative): keepers defend, heal and
 * train the dragons, which attack the hunter until all six have struck.
 * Orders are in dk-orders.c, rounds in dk-play.c, reports in dk-view.c.
 * See docs/rules/dragon-keepers.md for the rules as played here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dk-int.h"
#include "xmlutil.h"

/* The grammar beside this file (dragon-keepers.rng), built in by build-aux/games-c.sh. */
extern const char schema_dragon_keepers_rng[];

const char *const dk_colour_word[NDRAGONS] = { "red", "purple", "blue", "white", "green",
					       "yellow" };
const char *const dk_colour_name[NDRAGONS] = { "Red", "Purple", "Blue", "White", "Green",
					       "Yellow" };
const char *const dk_action_word[NACTIONS] = { "defend", "heal", "train", "attack" };
const int dk_life[NDRAGONS] = { 3, 4, 3, 3, 4, 4 };
const int dk_max_trainings[NDRAGONS] = { 1, 2, 2, 2, 2, 2 };
const char *const dk_difficulty_word[4] = { "easy", "medium", "hard", "extreme" };

/* The magic cards of the printed kit (templates/dragon-keepers/magic.xml):
 * RULINGS.md gives only the mix, 5 Defend, 4 Heal, 5 Train, 4 Attack. */
const char *const dk_magic_name[NMAGIC] = {
	"Warding Rune", "Mist Cloak", "Stone Wall", "Wind Veil", "Hidden Cave",
	"Healing Herbs", "Moon Spring", "Soothing Song", "Phoenix Feather",
	"Dragon Whistle", "Flight Lesson", "Elder Scroll", "Sky Saddle", "Ember Stone",
	"War Drum", "Fire Spark", "Storm Call", "Battle Cry",
};
const int dk_magic_kind[NMAGIC] = {
	A_DEFEND, A_DEFEND, A_DEFEND, A_DEFEND, A_DEFEND,
	A_HEAL, A_HEAL, A_HEAL, A_HEAL,
	A_TRAIN, A_TRAIN, A_TRAIN, A_TRAIN, A_TRAIN,
	A_ATTACK, A_ATTACK, A_ATTACK, A_ATTACK,
};

/* The action tokens in the box: the rulebook's itemised list (RULINGS.md). */
static const int box_tokens[NACTIONS] = { 12, 8, 10, 8 };
/* What each player starts the dragon game with. */
static const int start_tokens[NACTIONS] = { 2, 1, 1, 0 };

static const struct option_spec dk_options[] = {
	{ "mode", OPT_ENUM, "auto", 0, 0, "auto|keeper|dragon",
	  "keeper: the competitive keeper game (3 to 6 players); dragon: the cooperative "
	  "dragon game (2 to 4); auto: the dragon game for 2 to 4 players, else the "
	  "keeper game", NULL },
	{ "difficulty", OPT_ENUM, "medium", 0, 0, "easy|medium|hard|extreme",
	  "the dragon game's difficulty (the keeper game ignores it)", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

/* --- words ---------------------------------------------------------------- */

static int word_index(const char *s, const char *const *words, int n)
{
	for (int i = 0; s && i < n; i++)
		if (!ascii_casecmp(s, words[i]))
			return i;
	return -1;
}

int dk_colour_parse(const char *s)
{
	return word_index(s, dk_colour_word, NDRAGONS);
}

int dk_action_parse(const char *s)
{
	static const char *const alias[NACTIONS] = { "defense", "healing", "training", "attacks" };
	int a = word_index(s, dk_action_word, NACTIONS);
	return a >= 0 ? a : word_index(s, alias, NACTIONS);
}

/* The names as stored in game.xml. */
static const char *const magic_slug[NMAGIC] = {
	"warding-rune", "mist-cloak", "stone-wall", "wind-veil", "hidden-cave",
	"healing-herbs", "moon-spring", "soothing-song", "phoenix-feather",
	"dragon-whistle", "flight-lesson", "elder-scroll", "sky-saddle", "ember-stone",
	"war-drum", "fire-spark", "storm-call", "battle-cry",
};

const char *dk_card_slug(int c)
{
	return c >= NMAGIC ? "hunter" : magic_slug[c];
}

int dk_magic_parse(const char *s)
{
	for (int c = 0; c < NMAGIC; c++)
		if (!ascii_casecmp(s, dk_magic_name[c]) || !ascii_casecmp(s, dk_card_slug(c)))
			return c;
	return -1;
}

void dk_card_pretty(int c, char *out, size_t len)
{
	if (c >= NMAGIC)
		snprintf(out, len, "a hunter card");
	else
		snprintf(out, len, "%s (%s)", dk_magic_name[c], dk_action_word[dk_magic_kind[c]]);
}

/* --- helpers shared by the engine's files ------------------------------- */

const char *dk_name(const struct game *g, int p)
{
	return g->players[p].name;
}

int dk_life_of(const struct dk *s, int c)
{
	return s->mode == M_KEEPER ? KEEPER_DEFEAT : dk_life[c];
}

int dk_dice_on(const struct dk_dragon *d)
{
	return d->white + d->red;
}

int dk_train_dice(int c)
{
	return c == C_PURPLE ? 2 : 1;
}

int dk_magic_held(const struct dk *s, int p, int *out)
{
	int n = 0;
	for (int c = 0; c < NMAGIC; c++)
		if (s->where[c] == W_HAND + p)
			out[n++] = c;
	return n;
}

int dk_magic_count(const struct dk *s, int p)
{
	int cards[NMAGIC];
	return dk_magic_held(s, p, cards);
}

int dk_most_wounded(const struct dk *s)
{
	int best = -1;
	for (int c = 0; c < NDRAGONS; c++) {
		const struct dk_dragon *d = &s->d[c];
		if (d->defeated || !d->arrows)
			continue;
		if (best < 0 || d->arrows > s->d[best].arrows ||
		    (d->arrows == s->d[best].arrows &&
		     dk_life_of(s, c) - d->arrows < dk_life_of(s, best) - s->d[best].arrows))
			best = c;
	}
	return best;
}

int dk_turn_order(const struct game *g, int *order)
{
	int n = 0, np = (int)g->nplayers;
	for (int i = 0; i < np; i++) {
		int p = (DK(g)->holder + i) % np;
		if (!g->players[p].dropped)
			order[n++] = p;
	}
	return n;
}

/* --- setting up ----------------------------------------------------------- */

/* Deal the magic deck (the rulebook's Magic Deck Setup): shuffle the magic
 * cards, set two aside, split the rest into parts (4 of 4; Easy 3 of 5;
 * Extreme 4 of 3), a hunter card into each part, each part shuffled, the
 * parts stacked.  Of the two set aside one lies face up at the left, one
 * on the discard pile; cards left over go back in the box. */
static void deal_magic(struct game *g)
{
	struct dk *s = DK(g);
	int magic[NMAGIC], parts = s->diff == DK_EASY ? 3 : 4;
	int per = s->diff == DK_EASY ? 5 : s->diff == DK_EXTREME ? 3 : 4, k = 2;

	for (int c = 0; c < NMAGIC; c++) {
		magic[c] = c;
		s->where[c] = W_BOX;
	}
	for (int c = NMAGIC; c < NCARDS; c++)
		s->where[c] = W_BOX;
	rng_shuffle(&g->rng, magic, NMAGIC, sizeof *magic);
	s->where[magic[0]] = W_LEFT;
	s->where[magic[1]] = W_DISCARD;
	s->discard[s->ndiscard++] = magic[1];
	for (int part = 0; part < parts; part++) {
		int pile[8], n = 0;
		for (int i = 0; i < per; i++)
			pile[n++] = magic[k++];
		pile[n++] = NMAGIC + part;
		rng_shuffle(&g->rng, pile, (size_t)n, sizeof *pile);
		for (int i = 0; i < n; i++) {
			s->deck[s->ndeck++] = pile[i];
			s->where[pile[i]] = W_DECK;
		}
	}
}

static int dk_setup(struct game *g, char **err)
{
	const char *mode = option_get(&g->opts, "mode");
	struct dk *s;
	int n = (int)g->nplayers, tribes[NDRAGONS];

	s = xcalloc(1, sizeof *s);
	if (!strcmp(mode, "auto"))
		s->mode = n <= 4 ? M_DRAGON : M_KEEPER;
	else
		s->mode = !strcmp(mode, "dragon") ? M_DRAGON : M_KEEPER;
	s->diff = (enum dk_difficulty)word_index(option_get(&g->opts, "difficulty"),
						 dk_difficulty_word, 4);
	if (s->mode == M_KEEPER && (n < 3 || n > 6)) {
		*err = xasprintf("the keeper game of Dragon Keepers is for 3 to 6 players, "
				 "not %d", n);
		free(s);
		return -1;
	}
	if (s->mode == M_DRAGON && (n < 2 || n > 4)) {
		*err = xasprintf("the dragon game of Dragon Keepers is for 2 to 4 players, "
				 "not %d", n);
		free(s);
		return -1;
	}
	g->state = s;
	s->round = 1;
	s->holder = (int)rng_below(&g->rng, (uint32_t)n);
	s->dice_card = n - (s->mode == M_DRAGON && s->diff == DK_EASY ? 1 : 0);
	s->dice_supply = HUNTER_DICE - s->dice_card;
	for (int c = 0; c < NCARDS; c++)
		s->where[c] = W_BOX;
	if (s->mode == M_KEEPER) {
		/* Each player gets a tribe's keeper deck, at random. */
		for (int c = 0; c < NDRAGONS; c++)
			tribes[c] = c;
		rng_shuffle(&g->rng, tribes, NDRAGONS, sizeof *tribes);
		for (int p = 0; p < n; p++)
			s->pl[p].tribe = tribes[p];
	} else {
		s->bag_white = BAG_WHITE;
		s->bag_red = BAG_RED;
		for (int a = 0; a < NACTIONS; a++)
			s->supply[a] = box_tokens[a] - n * start_tokens[a];
		for (int p = 0; p < n; p++) {
			s->pl[p].hand = (1u << NDRAGONS) - 1;
			memcpy(s->pl[p].tokens, start_tokens, sizeof start_tokens);
		}
		deal_magic(g);
	}
	{
		struct events ev = EVENTS_INIT;
		dk_hunter_phase(g, true, &ev);
		events_release(&ev);
	}
	return 0;
}

/* --- loading and saving --------------------------------------------------- */

static bool int_attr(const xmlNode *n, const char *attr, int lo, int hi, int *out)
{
	long long v;
	if (!xml_attr_int(n, attr, &v) || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

static bool bool_attr(const xmlNode *n, const char *attr, bool *out)
{
	char *a = xml_attr(n, attr);
	*out = false;
	if (!a)
		return true;
	free(a);
	return xml_attr_bool(n, attr, out);
}

/* A list of colours as a bit mask; false on a bad word. */
static bool colours_attr(const xmlNode *n, const char *attr, unsigned *mask)
{
	char *list = xml_attr(n, attr), *save = NULL;
	bool ok = true;
	*mask = 0;
	for (char *t = list ? strtok_r(list, " ", &save) : NULL; t; t = strtok_r(NULL, " ", &save)) {
		int c = dk_colour_parse(t);
		if (c < 0 || (*mask & (1u << c)))
			ok = false;
		else
			*mask |= 1u << c;
	}
	free(list);
	return ok;
}

static void colours_set(xmlNode *n, const char *attr, unsigned mask)
{
	struct sb sb = SB_INIT;
	for (int c = 0; c < NDRAGONS; c++)
		if (mask & (1u << c))
			sb_addf(&sb, "%s%s", sb.len ? " " : "", dk_colour_word[c]);
	xml_set(n, attr, sb_str(&sb));
	sb_release(&sb);
}

/* Place the cards listed in attr at w (in order into list when given). */
static bool cards_attr(struct dk *s, const xmlNode *n, const char *attr, int w, int *list,
		       int *nlist, int *hunters)
{
	char *text = xml_attr(n, attr), *save = NULL;
	bool ok = true;
	for (char *t = text ? strtok_r(text, " ", &save) : NULL; t && ok;
	     t = strtok_r(NULL, " ", &save)) {
		int c = !strcmp(t, "hunter") ? (*hunters < NCARDS ? (*hunters)++ : -1)
					     : dk_magic_parse(t);
		if (c < 0 || c >= NCARDS || s->where[c] != -1) {
			ok = false;
			break;
		}
		s->where[c] = w;
		if (list)
			list[(*nlist)++] = c;
	}
	free(text);
	return ok;
}

static void cards_set(xmlNode *n, const char *attr, const int *list, int nlist)
{
	struct sb sb = SB_INIT;
	for (int i = 0; i < nlist; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", dk_card_slug(list[i]));
	xml_set(n, attr, sb_str(&sb));
	sb_release(&sb);
}

static bool load_dragon(struct dk *s, const xmlNode *n)
{
	char *a = xml_attr(n, "colour");
	int c = dk_colour_parse(a);
	struct dk_dragon *d;
	free(a);
	if (c < 0)
		return false;
	d = &s->d[c];
	return int_attr(n, "arrows", 0, 100, &d->arrows) &&
	       int_attr(n, "hunter", 0, HUNTER_DICE, &d->hunter) &&
	       int_attr(n, "trainings", 0, dk_max_trainings[c], &d->trainings) &&
	       int_attr(n, "white", 0, BAG_WHITE, &d->white) &&
	       int_attr(n, "red", 0, BAG_RED, &d->red) && bool_attr(n, "shield", &d->shield) &&
	       bool_attr(n, "defeated", &d->defeated);
}

static bool load_player(struct game *g, const xmlNode *n, int *hunters)
{
	struct dk *s = DK(g);
	char *a = xml_attr(n, "name");
	int p = a ? game_player_index(g, a) : -1;
	struct dk_player *pl;
	free(a);
	if (p < 0)
		return false;
	pl = &s->pl[p];
	if (s->mode == M_KEEPER) {
		a = xml_attr(n, "tribe");
		pl->tribe = dk_colour_parse(a);
		free(a);
		return pl->tribe >= 0 && colours_attr(n, "shields", &pl->shields);
	}
	if (!colours_attr(n, "hand", &pl->hand))
		return false;
	for (int k = 0; k < NACTIONS; k++) {
		char *used = xasprintf("used-%s", dk_action_word[k]);
		bool ok = int_attr(n, dk_action_word[k], 0, 12, &pl->tokens[k]) &&
			  int_attr(n, used, 0, 12, &pl->used[k]);
		free(used);
		if (!ok)
			return false;
	}
	return cards_attr(s, n, "magic", W_HAND + p, NULL, NULL, hunters);
}

static bool load_ending(struct game *g, const xmlNode *n)
{
	struct dk *s = DK(g);
	char *w = xml_attr(n, "winners"), *save = NULL;
	bool ok = true;
	for (char *t = w ? strtok_r(w, " ", &save) : NULL; t; t = strtok_r(NULL, " ", &save)) {
		int p = game_player_index(g, t);
		if (p < 0)
			ok = false;
		else
			s->winners |= AUD(p);
	}
	free(w);
	for (xmlNode *e = n->children; e; e = e->next)
		if (xml_is(e, "event"))
			strlist_take(&s->ending, xml_text(e));
	return ok;
}

/* The attributes of the <engine> element: the mode and difficulty, who
 * holds the hunter token, the round's counts and, in the dragon game, the
 * bag and the action tokens' supply. */
static bool load_attrs(const struct game *g, const xmlNode *node)
{
	struct dk *s = DK(g);
	char *a;
	int i;

	a = xml_attr(node, "mode");
	s->mode = a && !strcmp(a, "dragon") ? M_DRAGON : M_KEEPER;
	free(a);
	a = xml_attr(node, "difficulty");
	i = word_index(a, dk_difficulty_word, 4);
	free(a);
	a = xml_attr(node, "holder");
	s->holder = a ? game_player_index(g, a) : -1;
	free(a);
	if (i < 0 || s->holder < 0 || g->nplayers > DK_MAXP)
		return false;
	s->diff = (enum dk_difficulty)i;
	if (!int_attr(node, "round", 1, 1000000, &s->round) ||
	    !int_attr(node, "dice-card", 0, HUNTER_DICE, &s->dice_card) ||
	    !int_attr(node, "dice-supply", 0, HUNTER_DICE, &s->dice_supply) ||
	    !int_attr(node, "flames", 0, MAX_FLAMES, &s->flames) ||
	    !bool_attr(node, "last-drawn", &s->last_drawn) || !bool_attr(node, "over", &s->over) ||
	    !bool_attr(node, "won", &s->won))
		return false;
	if (s->mode == M_DRAGON &&
	    (!int_attr(node, "bag-white", 0, BAG_WHITE, &s->bag_white) ||
	     !int_attr(node, "bag-red", 0, BAG_RED, &s->bag_red)))
		return false;
	for (int k = 0; s->mode == M_DRAGON && k < NACTIONS; k++) {
		char *attr = xasprintf("supply-%s", dk_action_word[k]);
		bool ok = int_attr(node, attr, 0, 12, &s->supply[k]);
		free(attr);
		if (!ok)
			return false;
	}
	return true;
}

/* The magic deck, the card left face up (one at most), the discards and
 * the box. */
static bool load_magic(struct dk *s, const xmlNode *n, int *hunters)
{
	int left = 0, leftc[NCARDS];
	return cards_attr(s, n, "deck", W_DECK, s->deck, &s->ndeck, hunters) &&
	       cards_attr(s, n, "left", W_LEFT, leftc, &left, hunters) && left <= 1 &&
	       cards_attr(s, n, "discard", W_DISCARD, s->discard, &s->ndiscard, hunters) &&
	       cards_attr(s, n, "box", W_BOX, NULL, NULL, hunters);
}

/* One child of the <engine> element. */
static bool load_child(struct game *g, const xmlNode *n, int *hunters)
{
	if (xml_is(n, "dragon"))
		return load_dragon(DK(g), n);
	if (xml_is(n, "player"))
		return load_player(g, n, hunters);
	if (xml_is(n, "magic"))
		return load_magic(DK(g), n, hunters);
	if (xml_is(n, "ending"))
		return load_ending(g, n);
	return true;
}

static int dk_load(struct game *g, const xmlNode *node, char **err)
{
	struct dk *s = xcalloc(1, sizeof *s);
	int hunters = NMAGIC;

	g->state = s;
	for (int c = 0; c < NCARDS; c++)
		s->where[c] = -1;
	if (!load_attrs(g, node))
		goto bad;
	for (const xmlNode *n = node->children; n; n = n->next)
		if (!load_child(g, n, &hunters))
			goto bad;
	for (int c = 0; c < NCARDS; c++)
		if (s->where[c] == -1) {
			if (s->mode == M_DRAGON)
				goto bad;
			s->where[c] = W_BOX;
		}
	return 0;
bad:
	*err = xasprintf("line %ld: the Dragon Keepers state does not add up",
			 xmlGetLineNo((xmlNode *)node));
	return -1;
}

static void save_magic(const struct dk *s, xmlNode *node)
{
	xmlNode *n = xml_child(node, "magic", NULL);
	int left[1], nleft = 0, box[NCARDS], nbox = 0;
	for (int c = 0; c < NCARDS; c++) {
		if (s->where[c] == W_LEFT)
			left[nleft++] = c;
		else if (s->where[c] == W_BOX)
			box[nbox++] = c;
	}
	cards_set(n, "deck", s->deck, s->ndeck);
	cards_set(n, "left", left, nleft);
	cards_set(n, "discard", s->discard, s->ndiscard);
	cards_set(n, "box", box, nbox);
}

static void save_player(const struct game *g, int p, xmlNode *node)
{
	const struct dk *s = DK(g);
	const struct dk_player *pl = &s->pl[p];
	xmlNode *n = xml_child(node, "player", NULL);
	xml_set(n, "name", dk_name(g, p));
	if (s->mode == M_KEEPER) {
		xml_set(n, "tribe", dk_colour_word[pl->tribe]);
		colours_set(n, "shields", pl->shields);
		return;
	}
	colours_set(n, "hand", pl->hand);
	for (int k = 0; k < NACTIONS; k++) {
		char *used = xasprintf("used-%s", dk_action_word[k]);
		xml_set_int(n, dk_action_word[k], pl->tokens[k]);
		xml_set_int(n, used, pl->used[k]);
		free(used);
	}
	{
		int cards[NMAGIC], k = dk_magic_held(s, p, cards);
		cards_set(n, "magic", cards, k);
	}
}

static void dk_save(const struct game *g, xmlNode *node)
{
	const struct dk *s = DK(g);

	xml_set(node, "mode", s->mode == M_DRAGON ? "dragon" : "keeper");
	xml_set(node, "difficulty", dk_difficulty_word[s->diff]);
	xml_set_int(node, "round", s->round);
	xml_set(node, "holder", dk_name(g, s->holder));
	xml_set_int(node, "dice-card", s->dice_card);
	xml_set_int(node, "dice-supply", s->dice_supply);
	xml_set_int(node, "flames", s->flames);
	if (s->mode == M_DRAGON) {
		xml_set_int(node, "bag-white", s->bag_white);
		xml_set_int(node, "bag-red", s->bag_red);
		for (int k = 0; k < NACTIONS; k++) {
			char *attr = xasprintf("supply-%s", dk_action_word[k]);
			xml_set_int(node, attr, s->supply[k]);
			free(attr);
		}
		xml_set_bool(node, "last-drawn", s->last_drawn);
	}
	xml_set_bool(node, "over", s->over);
	if (s->mode == M_DRAGON && s->over)
		xml_set_bool(node, "won", s->won);
	for (int c = 0; c < NDRAGONS; c++) {
		const struct dk_dragon *d = &s->d[c];
		xmlNode *n = xml_child(node, "dragon", NULL);
		xml_set(n, "colour", dk_colour_word[c]);
		xml_set_int(n, "arrows", d->arrows);
		xml_set_int(n, "hunter", d->hunter);
		xml_set_int(n, "trainings", d->trainings);
		xml_set_int(n, "white", d->white);
		xml_set_int(n, "red", d->red);
		xml_set_bool(n, "shield", d->shield);
		xml_set_bool(n, "defeated", d->defeated);
	}
	for (size_t p = 0; p < g->nplayers; p++)
		save_player(g, (int)p, node);
	if (s->mode == M_DRAGON)
		save_magic(s, node);
	if (s->over) {
		struct sb w = SB_INIT;
		xmlNode *n = xml_child(node, "ending", NULL);
		for (size_t p = 0; p < g->nplayers; p++)
			if (s->winners & AUD(p))
				sb_addf(&w, "%s%s", w.len ? " " : "", dk_name(g, (int)p));
		xml_set(n, "winners", sb_str(&w));
		sb_release(&w);
		for (size_t i = 0; i < s->ending.n; i++)
			xml_child(n, "event", s->ending.v[i]);
	}
}

static void dk_release(struct game *g)
{
	struct dk *s = DK(g);
	if (!s)
		return;
	strlist_clear(&s->ending);
	free(s);
	g->state = NULL;
}

/* --- invariants ---------------------------------------------------------- */

static char *cards_invariant(const struct game *g)
{
	const struct dk *s = DK(g);
	int seen[NCARDS] = { 0 }, left = 0, deck = 0, disc = 0;

	for (int i = 0; i < s->ndeck; i++)
		if (s->deck[i] < 0 || s->deck[i] >= NCARDS || seen[s->deck[i]]++ ||
		    s->where[s->deck[i]] != W_DECK)
			return xasprintf("card %d is in the deck twice or also elsewhere", s->deck[i]);
	for (int i = 0; i < s->ndiscard; i++)
		if (s->discard[i] < 0 || s->discard[i] >= NCARDS || seen[s->discard[i]]++ ||
		    s->where[s->discard[i]] != W_DISCARD)
			return xasprintf("card %d is on the discard pile twice or also elsewhere",
					 s->discard[i]);
	for (int c = 0; c < NCARDS; c++) {
		int w = s->where[c];
		left += w == W_LEFT;
		deck += w == W_DECK;
		disc += w == W_DISCARD;
		if (w >= W_HAND && (w >= W_HAND + (int)g->nplayers || c >= NMAGIC))
			return xasprintf("card %d is held by nobody or is a hunter card in a hand", c);
		if (w < 0 || (w > W_BOX && w < W_HAND))
			return xasprintf("card %d is nowhere", c);
		if ((w == W_LEFT || w == W_DISCARD) && c >= NMAGIC)
			return xasprintf("hunter card %d lies face up", c);
	}
	if (left > 1 || deck != s->ndeck || disc != s->ndiscard)
		return xstrdup("the magic deck's piles do not match the cards' places");
	if (s->mode == M_DRAGON && !s->over && !left && s->ndeck && !s->last_drawn)
		return xstrdup("no magic card lies face up at the left while the deck holds some");
	for (size_t p = 0; p < g->nplayers; p++)
		if (dk_magic_count(s, (int)p) > MAX_MAGIC_HELD)
			return xasprintf("%s holds more than %d magic cards", dk_name(g, (int)p),
					 MAX_MAGIC_HELD);
	return NULL;
}

static char *dragon_invariant(const struct game *g)
{
	const struct dk *s = DK(g);
	int white = s->bag_white, red = s->bag_red, tokens[NACTIONS];

	memcpy(tokens, s->supply, sizeof tokens);
	for (int c = 0; c < NDRAGONS; c++) {
		const struct dk_dragon *d = &s->d[c];
		white += d->white;
		red += d->red;
		/* Each training takes its dice, or the last one in the bag. */
		if (dk_dice_on(d) > d->trainings * dk_train_dice(c) ||
		    dk_dice_on(d) < d->trainings)
			return xasprintf("the %s dragon has %d battle dice after %d trainings",
					 dk_colour_word[c], dk_dice_on(d), d->trainings);
		if (d->arrows >= dk_life[c] && !d->defeated)
			return xasprintf("the %s dragon lives with %d arrows", dk_colour_word[c],
					 d->arrows);
	}
	if (white != BAG_WHITE || red != BAG_RED)
		return xasprintf("%d white and %d red battle dice, not %d and %d", white, red,
				 BAG_WHITE, BAG_RED);
	for (size_t p = 0; p < g->nplayers; p++)
		for (int k = 0; k < NACTIONS; k++)
			tokens[k] += s->pl[p].tokens[k] + s->pl[p].used[k];
	for (int k = 0; k < NACTIONS; k++)
		if (tokens[k] != box_tokens[k])
			return xasprintf("%d %s tokens, not %d", tokens[k], dk_action_word[k],
					 box_tokens[k]);
	return cards_invariant(g);
}

static char *keeper_invariant(const struct game *g)
{
	const struct dk *s = DK(g);
	for (size_t p = 0; p < g->nplayers; p++) {
		const struct dk_player *pl = &s->pl[p];
		if (__builtin_popcount(pl->shields) > KEEPER_SHIELDS)
			return xasprintf("%s has more than 3 shields out", dk_name(g, (int)p));
		for (size_t q = 0; q < p; q++)
			if (s->pl[q].tribe == pl->tribe)
				return xasprintf("%s and %s share a tribe", dk_name(g, (int)q),
						 dk_name(g, (int)p));
		for (int c = 0; c < NDRAGONS; c++)
			if ((pl->shields & (1u << c)) && s->d[c].defeated)
				return xasprintf("%s's shield is still on the defeated %s dragon",
						 dk_name(g, (int)p), dk_colour_word[c]);
	}
	for (int c = 0; c < NDRAGONS; c++) {
		if (s->d[c].arrows >= KEEPER_DEFEAT && !s->d[c].defeated)
			return xasprintf("the %s dragon lives with %d arrows", dk_colour_word[c],
					 s->d[c].arrows);
		if (s->d[c].hunter > 1)
			return xasprintf("the %s dragon is targeted twice", dk_colour_word[c]);
		if (s->d[c].trainings || dk_dice_on(&s->d[c]))
			return xasprintf("the %s dragon is trained in the keeper game",
					 dk_colour_word[c]);
	}
	return NULL;
}

static char *dk_invariant(const struct game *g)
{
	const struct dk *s = DK(g);
	int dice = s->dice_card + s->dice_supply, defeated = 0;

	for (int c = 0; c < NDRAGONS; c++) {
		dice += s->d[c].hunter;
		defeated += s->d[c].defeated;
		if (s->d[c].defeated && s->d[c].hunter)
			return xasprintf("a hunter die is on the defeated %s dragon",
					 dk_colour_word[c]);
	}
	if (dice != HUNTER_DICE)
		return xasprintf("%d hunter dice, not %d", dice, HUNTER_DICE);
	if (s->dice_card < 0 || s->dice_supply < 0)
		return xstrdup("a negative count of hunter dice");
	if (defeated && !s->over)
		return xstrdup("a dragon is defeated but the game goes on");
	if (s->over && !s->ending.n)
		return xstrdup("the game is over with no ending");
	if (s->holder < 0 || s->holder >= (int)g->nplayers)
		return xstrdup("nobody holds the hunter token");
	return s->mode == M_DRAGON ? dragon_invariant(g) : keeper_invariant(g);
}

/* The orders, for `help ORDER` by mail (docs/dragon-keepers.md). */
static const struct order_doc dk_orders[] = {
	{ "keeper", "keeper COLOUR", "(keeper game) your keeper for that dragon; also "
				     "'protect COLOUR' or the colour alone" },
	{ "keeper", "keeper random", "(keeper game) a keeper for a targeted dragon drawn at "
				     "random, what sending nothing does" },
	{ "protect", "protect COLOUR", "(keeper game) your keeper for that dragon" },
	{ "play", "play COLOUR ACTION", "(dragon game) your keeper for that dragon with an "
					"action token: defend, heal, train or attack" },
	{ "pass", "pass", "(dragon game) play nothing this round and take back every keeper "
			  "card and action token you have used" },
	{ "magic", "magic CARD COLOUR [before|after]", "(dragon game) also play a magic card "
						       "of yours on a dragon, before "
						       "(default) or after your keeper's "
						       "action" },
	{ "mend", "mend COLOUR|none", "which dragon an arrow is healed from when a power of "
				      "yours heals one (none: heal nothing)" },
	{ "reroll", "reroll red|white|none", "when the Blue Dragon attacks for you: which "
					     "missed die it rolls again" },
	{ "green", "green flame|mend", "when the Green Dragon attacks for you: a flame on the "
				       "hunter (default) or an arrow healed" },
	{ "reward", "reward ACTION", "the action token a successful training earns you" },
	{ "take", "take left|discard", "the magic card a successful Defend or Heal earns "
				       "you: the one left of the hunter card, or the top of "
				       "the discard pile" },
	{ "red", "red [ACTION]", "your keeper for the Red Dragon (with an action token in "
				 "the dragon game)" },
	{ "purple", "purple [ACTION]", "your keeper for the Purple Dragon" },
	{ "blue", "blue [ACTION]", "your keeper for the Blue Dragon" },
	{ "white", "white [ACTION]", "your keeper for the White Dragon" },
	{ "yellow", "yellow [ACTION]", "your keeper for the Yellow Dragon" },
	{ NULL, NULL, NULL },
};
static const char *const dk_words[] = { "red", "purple", "blue", "white", "green", "yellow",
					"defend", "heal", "train", "attack", "before", "after",
					"none", "random", "flame", "mend", "left", "discard", NULL };

/* The keeper game: the winners once it is over, and before that the
 * shields each keeper has on dragons; the dragon game is won or lost by
 * every keeper together. */
static void dk_standings(const struct game *g, int *place, char **note)
{
	const struct dk *s = DK(g);
	for (size_t p = 0; p < g->nplayers && p < DK_MAXP; p++) {
		int on = __builtin_popcount(s->pl[p].shields);
		if (s->mode == M_DRAGON) {
			place[p] = s->over && s->won ? 1 : 0;
			continue;
		}
		if (s->over) {
			place[p] = s->winners & (1ull << p) ? 1 : 2;
		} else {
			place[p] = 1;
			for (size_t q = 0; q < g->nplayers && q < DK_MAXP; q++)
				place[p] += __builtin_popcount(s->pl[q].shields) > on;
		}
		note[p] = xasprintf("%d shield%s on dragons", on, on == 1 ? "" : "s");
	}
}

/* Which of the two games, and the dragon game's difficulty. */
static char *dk_variant(const struct game *g)
{
	const struct dk *s = DK(g);
	return s->mode == M_KEEPER ? xstrdup("the keeper game")
				   : xasprintf("the dragon game, %s", dk_difficulty_word[s->diff]);
}

const struct engine dragon_keepers_engine = {
	.name = "dragon-keepers",
	.title = "Dragon Keepers",
	.min_players = 2,
	.max_players = DK_MAXP,
	.late_players = false,
	.options = dk_options,
	.schema = schema_dragon_keepers_rng,
	.setup = dk_setup,
	.load = dk_load,
	.save = dk_save,
	.release = dk_release,
	.check = dk_check,
	.awaited = dk_awaited,
	.incomplete = dk_incomplete,
	.wanted = NULL,
	.nmr = dk_nmr,
	.drop = dk_drop,
	.advance = dk_advance,
	.over = dk_over,
	.standings = dk_standings,
	.variant = dk_variant,
	.view = dk_view,
	.board = dk_board,
	.legal = dk_legal,
	.orders = dk_orders,
	.words = dk_words,
	.invariant = dk_invariant,
	.scramble = dk_scramble,
};
