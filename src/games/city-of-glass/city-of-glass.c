/* city-of-glass.c - City of Glass, as played by mail: the options, setup
 * (a drawn table or the game master's setup file), the stored state, the
 * invariants and the engine table.  The rules are in cog-play.c and
 * cog-orders.c, the reports in cog-view.c (see cog-int.h); the rules as
 * played: docs/rules/city-of-glass.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cog-int.h"
#include "xmlutil.h"

/* The grammar beside this file, built in by build-aux/games-c.sh. */
extern const char schema_city_of_glass_rng[];

/* A length in inches within [lo, hi], as an option or a file gives it. */
static bool parse_inches(const char *v, double lo, double hi, double *out)
{
	char *end;
	double x = strtod(v, &end);
	if (end == v || *end || !isfinite(x) || x < lo || x > hi)
		return false;
	*out = x;
	return true;
}

static const char *check_height(const char *v)
{
	double x;
	return parse_inches(v, 0.25, 12, &x) ? NULL : "a height in inches from 0.25 to 12";
}

static const char *check_book(const char *v)
{
	double x;
	return parse_inches(v, 0.1, 6, &x) ? NULL : "a thickness in inches from 0.1 to 6";
}

static const struct option_spec cog_options[] = {
	{ "height", OPT_STRING, "1.25", 0, 0, NULL,
	  "the models' height in inches (their eyes at 88% of it)", check_height },
	{ "book", OPT_STRING, "1", 0, 0, NULL, "how thick a book is, in inches", check_book },
	{ "decks", OPT_INT, "3", 0, 99, NULL,
	  "how many times the deck may be made (the first deal counts; 0: no limit); when it "
	  "runs out once more, the game ends and nobody wins", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

static void read_options(const struct game *g, struct cog_state *s)
{
	parse_inches(option_get(&g->opts, "height"), 0.25, 12, &s->height);
	parse_inches(option_get(&g->opts, "book"), 0.1, 6, &s->book);
}

/* --- the setup file ------------------------------------------------------ */

/* Lines "pile X Y BOOKS" or "pile X Y turned BOOKS" (the south-west corner
 * in inches; turned: the long side east-west); # starts a comment. */
static int read_setup(const struct game *g, struct cog_state *s, char **err)
{
	char *text = xstrdup(g->setup_text), *save = NULL, *why;
	const char *name = g->setup_name ? g->setup_name : "setup";
	int lineno = 0;

	for (char *line = text; line; line = save) {
		char *w[6], *ws = NULL, *hash;
		int nw = 0;
		long long books;
		struct cog_pile *p;
		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		if ((hash = strchr(line, '#')))
			*hash = '\0';
		for (char *t = strtok_r(line, " \t\r", &ws); t && nw < 6; t = strtok_r(NULL, " \t\r", &ws))
			w[nw++] = t;
		if (!nw)
			continue;
		if (s->npiles == COG_MAX_PILES) {
			*err = xasprintf("%s:%d: more than %d piles", name, lineno, COG_MAX_PILES);
			goto fail;
		}
		p = &s->piles[s->npiles];
		p->turned = nw == 5 && !ascii_casecmp(w[3], "turned");
		if (ascii_casecmp(w[0], "pile") || (nw != 4 && !p->turned) ||
		    !parse_inches(w[1], -1e6, 1e6, &p->x) || !parse_inches(w[2], -1e6, 1e6, &p->y) ||
		    !parse_int(w[nw - 1], 1, 99, &books)) {
			*err = xasprintf("%s:%d: write 'pile X Y BOOKS' or 'pile X Y turned BOOKS' "
					 "(X, Y the south-west corner in inches, BOOKS from 1 to 99)",
					 name, lineno);
			goto fail;
		}
		p->x = round(p->x * 100) / 100;
		p->y = round(p->y * 100) / 100;
		p->books = (int)books;
		s->npiles++;
	}
	if ((why = cog_table_check(s->piles, (size_t)s->npiles))) {
		*err = xasprintf("%s: %s", name, why);
		free(why);
		goto fail;
	}
	free(text);
	return 0;
fail:
	free(text);
	return -1;
}

/* --- setting up ---------------------------------------------------------- */

static int cog_setup(struct game *g, char **err)
{
	struct cog_state *s;
	if (g->nplayers < 1 || g->nplayers > COG_MAXP) {
		*err = xasprintf("City of Glass is for 1 to %d players, not %zu", COG_MAXP,
				 g->nplayers);
		return -1;
	}
	s = xcalloc(1, sizeof *s);
	s->n = (int)g->nplayers;
	read_options(g, s);
	if (g->setup_text) {
		if (read_setup(g, s, err)) {
			free(s);
			return -1;
		}
	} else {
		s->npiles = (int)cog_table_draw(&g->rng, s->piles);
	}
	for (int c = 0; c < COG_NCARDS; c++)
		s->deck[c] = c;
	s->ndeck = COG_NCARDS;
	rng_shuffle(&g->rng, s->deck, COG_NCARDS, sizeof s->deck[0]);
	for (int k = 0; k < COG_HAND; k++)
		for (int p = 0; p < s->n; p++)
			s->hand[p][s->nhand[p]++] = s->deck[--s->ndeck];
	for (int m = 0; m < COG_MODELS; m++)
		s->m[m].role = NO_CARD;
	s->m[0].placed = true;
	s->m[0].at = (struct cog_xy){ COG_TABLE / 2, COG_TABLE / 2 };
	s->phase = PH_PLACE;
	s->placing = 1;
	s->decks = 1;
	s->winner = -1;
	s->last.model = -1;
	g->state = s;
	return 0;
}

/* --- loading and saving -------------------------------------------------- */

static void num_text(char *buf, size_t len, double v)
{
	cog_xy_text(buf, len, (struct cog_xy){ v, 0 });
	buf[strcspn(buf, ",")] = '\0';
}

static bool attr_num(const xmlNode *n, const char *name, double *out)
{
	char *v = xml_attr(n, name);
	bool ok = v && parse_inches(v, -1e6, 1e6, out);
	free(v);
	return ok;
}

static bool load_cards(const xmlNode *n, const char *name, int *v, int *count, int max)
{
	char *text = xml_attr(n, name), *save = NULL;
	bool ok = true;
	*count = 0;
	for (char *t = text ? strtok_r(text, " ", &save) : NULL; t && ok; t = strtok_r(NULL, " ", &save)) {
		int c = cog_card_parse(t);
		ok = c >= 0 && *count < max;
		if (ok)
			v[(*count)++] = c;
	}
	free(text);
	return ok;
}

static void save_cards(xmlNode *n, const char *name, const int *v, int count)
{
	struct sb sb = SB_INIT;
	char card[8];
	for (int i = 0; i < count; i++) {
		cog_card_name(v[i], card);
		sb_addf(&sb, "%s%s", i ? " " : "", card);
	}
	xml_set(n, name, sb_str(&sb));
	sb_release(&sb);
}

/* The two jokers are one card to players; the state tells them apart so
 * that every card is in one place. */
static void number_jokers(struct cog_state *s)
{
	int next = COG_JOKER;
	int *piles[] = { s->deck, s->discard, s->hand[0], s->hand[1], s->hand[2], s->hand[3] };
	int counts[] = { s->ndeck, s->ndiscard, s->nhand[0], s->nhand[1], s->nhand[2], s->nhand[3] };
	for (size_t k = 0; k < ARRAY_SIZE(piles); k++)
		for (int i = 0; i < counts[k]; i++)
			if (piles[k][i] >= COG_JOKER)
				/* a third joker: the invariant catches it */
				piles[k][i] = next < COG_NCARDS ? next++ : COG_NCARDS;
}

static bool load_model(struct cog_state *s, const xmlNode *n)
{
	char *name = xml_attr(n, "name"), *role = xml_attr(n, "role");
	int m = name ? cog_model_parse(name) : -1;
	bool ok = m >= 0 && !s->m[m].placed && !s->m[m].out;
	if (ok) {
		struct cog_model *md = &s->m[m];
		ok = xml_attr_bool(n, "placed", &md->placed) && xml_attr_bool(n, "out", &md->out) &&
		     attr_num(n, "x", &md->at.x) && attr_num(n, "y", &md->at.y);
		md->role = role ? cog_card_parse(role) : NO_CARD;
		ok = ok && (!role || (md->role >= 0 && md->role < COG_JOKER));
	}
	free(name);
	free(role);
	return ok;
}

static bool load_last(struct cog_state *s, const xmlNode *n)
{
	char *model = xml_attr(n, "model"), *path = xml_attr(n, "path"), *save = NULL;
	bool ok = model && path && (s->last.model = cog_model_parse(model)) >= 0;
	s->last.nway = 0;
	for (char *t = ok ? strtok_r(path, " ", &save) : NULL; t && ok; t = strtok_r(NULL, " ", &save)) {
		char *comma = strchr(t, ',');
		struct cog_xy *p = &s->last.way[s->last.nway];
		ok = comma && s->last.nway <= COG_MAX_WAY;
		if (ok) {
			*comma = '\0';
			ok = parse_inches(t, -1e6, 1e6, &p->x) && parse_inches(comma + 1, -1e6, 1e6, &p->y);
			s->last.nway++;
		}
	}
	free(model);
	free(path);
	return ok && s->last.nway > 0;
}

/* The attributes of the <engine> element: the phase, whose turn it is, the
 * model being placed, the winner, the decks made and the last activation. */
static bool load_turn(const struct game *g, struct cog_state *s, const xmlNode *node)
{
	char *phase = xml_attr(node, "phase"), *who = xml_attr(node, "current"),
	     *placing = xml_attr(node, "placing"), *winner = xml_attr(node, "winner");
	long long decks;
	bool ok = phase && who && xml_attr_int(node, "decks", &decks) && decks >= 1 &&
		  decks <= 1000 && xml_attr_bool(node, "final", &s->final);

	if (ok) {
		s->decks = (int)decks;
		s->phase = !strcmp(phase, "place") ? PH_PLACE : !strcmp(phase, "play") ? PH_PLAY : PH_OVER;
		s->current = game_player_index(g, who);
		s->placing = placing ? cog_model_parse(placing) : COG_MODELS;
		s->winner = winner ? game_player_index(g, winner) : -1;
		ok = s->current >= 0 && s->placing >= 1 && (!winner || s->winner >= 0) &&
		     (s->phase == PH_PLACE) == (placing != NULL);
	}
	free(phase);
	free(who);
	free(placing);
	free(winner);
	return ok;
}

static bool load_pile(struct cog_state *s, const xmlNode *n)
{
	struct cog_pile *p = &s->piles[s->npiles];
	long long books;
	bool turned;

	/* p may be one past the table: nothing is read into it then */
	if (s->npiles >= COG_MAX_PILES || !attr_num(n, "x", &p->x) || !attr_num(n, "y", &p->y) ||
	    !xml_attr_bool(n, "turned", &turned) || !xml_attr_int(n, "books", &books) ||
	    books < 1 || books > 99)
		return false;
	p->turned = turned;
	p->books = (int)books;
	s->npiles++;
	return true;
}

static bool load_hand(const struct game *g, struct cog_state *s, const xmlNode *n)
{
	char *name = xml_attr(n, "player");
	int p = name ? game_player_index(g, name) : -1;
	free(name);
	return p >= 0 && xml_attr_bool(n, "dropped", &s->dropped[p]) &&
	       load_cards(n, "cards", s->hand[p], &s->nhand[p], COG_HAND);
}

/* One child of the <engine> element. */
static bool load_child(const struct game *g, struct cog_state *s, const xmlNode *n)
{
	if (xml_is(n, "pile"))
		return load_pile(s, n);
	if (xml_is(n, "model"))
		return load_model(s, n);
	if (xml_is(n, "hand"))
		return load_hand(g, s, n);
	if (xml_is(n, "deck"))
		return load_cards(n, "cards", s->deck, &s->ndeck, COG_NCARDS);
	if (xml_is(n, "discard"))
		return load_cards(n, "cards", s->discard, &s->ndiscard, COG_NCARDS);
	if (xml_is(n, "last"))
		return load_last(s, n);
	return true;
}

static int cog_load(struct game *g, const xmlNode *node, char **err)
{
	struct cog_state *s = xcalloc(1, sizeof *s);
	char *why;
	bool ok;

	g->state = s;
	s->n = (int)g->nplayers;
	s->winner = -1;
	s->last.model = -1;
	read_options(g, s);
	for (int m = 0; m < COG_MODELS; m++)
		s->m[m].role = NO_CARD;
	ok = s->n >= 1 && s->n <= COG_MAXP && load_turn(g, s, node);
	for (const xmlNode *n = node->children; ok && n; n = n->next)
		ok = load_child(g, s, n);
	if (!ok) {
		*err = xasprintf("line %ld: the City of Glass state does not add up",
				 xmlGetLineNo((xmlNode *)node));
		return -1;
	}
	number_jokers(s);
	if ((why = cog_table_check(s->piles, (size_t)s->npiles))) {
		*err = xasprintf("line %ld: the City of Glass table: %s",
				 xmlGetLineNo((xmlNode *)node), why);
		free(why);
		return -1;
	}
	if ((why = g->engine->invariant(g))) {
		*err = xasprintf("line %ld: the City of Glass state does not add up: %s",
				 xmlGetLineNo((xmlNode *)node), why);
		free(why);
		return -1;
	}
	return 0;
}

static void cog_save(const struct game *g, xmlNode *node)
{
	const struct cog_state *s = COG(g);
	static const char *const phases[] = { "place", "play", "over" };
	char num[32], card[8];
	xmlNode *n;

	xml_set(node, "phase", phases[s->phase]);
	xml_set(node, "current", g->players[s->current].name);
	if (s->phase == PH_PLACE) {
		char m[2] = { cog_model_names[s->placing], '\0' };
		xml_set(node, "placing", m);
	}
	xml_set_int(node, "decks", s->decks);
	xml_set_bool(node, "final", s->final);
	if (s->winner >= 0)
		xml_set(node, "winner", g->players[s->winner].name);
	for (int i = 0; i < s->npiles; i++) {
		n = xml_child(node, "pile", NULL);
		num_text(num, sizeof num, s->piles[i].x);
		xml_set(n, "x", num);
		num_text(num, sizeof num, s->piles[i].y);
		xml_set(n, "y", num);
		xml_set_bool(n, "turned", s->piles[i].turned);
		xml_set_int(n, "books", s->piles[i].books);
	}
	for (int m = 0; m < COG_MODELS; m++) {
		char name[2] = { cog_model_names[m], '\0' };
		n = xml_child(node, "model", NULL);
		xml_set(n, "name", name);
		xml_set_bool(n, "placed", s->m[m].placed);
		xml_set_bool(n, "out", s->m[m].out);
		num_text(num, sizeof num, s->m[m].at.x);
		xml_set(n, "x", num);
		num_text(num, sizeof num, s->m[m].at.y);
		xml_set(n, "y", num);
		if (s->m[m].role != NO_CARD) {
			cog_card_name(s->m[m].role, card);
			xml_set(n, "role", card);
		}
	}
	for (int p = 0; p < s->n; p++) {
		n = xml_child(node, "hand", NULL);
		xml_set(n, "player", g->players[p].name);
		xml_set_bool(n, "dropped", s->dropped[p]);
		save_cards(n, "cards", s->hand[p], s->nhand[p]);
	}
	save_cards(xml_child(node, "deck", NULL), "cards", s->deck, s->ndeck);
	save_cards(xml_child(node, "discard", NULL), "cards", s->discard, s->ndiscard);
	if (s->last.model >= 0 && s->last.nway > 0) {
		struct sb sb = SB_INIT;
		char name[2] = { cog_model_names[s->last.model], '\0' }, xy[32];
		n = xml_child(node, "last", NULL);
		xml_set(n, "model", name);
		for (int i = 0; i < s->last.nway; i++) {
			cog_xy_text(xy, sizeof xy, s->last.way[i]);
			sb_addf(&sb, "%s%s", i ? " " : "", xy);
		}
		xml_set(n, "path", sb_str(&sb));
		sb_release(&sb);
	}
}

static void cog_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

/* --- checks for the tests and for loading -------------------------------- */

/* Each model has a role only in play, one to a suit, and stands on the
 * table clear of the piles and the other bases; the roles' cards are
 * counted in seen, and the models placed in *placed. */
static char *models_invariant(const struct cog_state *s, int *seen, int *placed)
{
	struct cog_box boxes[COG_MAX_PILES];
	size_t nb = cog_boxes(s, boxes);
	const struct cog_table t = { COG_TABLE, COG_TABLE, boxes, nb };
	int suits[4] = { 0 };

	for (int m = 0; m < COG_MODELS; m++) {
		const struct cog_model *md = &s->m[m];
		if (md->role != NO_CARD) {
			if (!cog_in_play(s, m))
				return xasprintf("model %c is not in play but has a role",
						 cog_model_names[m]);
			seen[md->role]++;
			if (suits[cog_suit(md->role)]++)
				return xasprintf("two models share the %s's suit",
						 cog_role_names[cog_suit(md->role)]);
		}
		*placed += md->placed;
		if (md->out && !md->placed)
			return xasprintf("model %c is out but was never placed", cog_model_names[m]);
		if (!cog_in_play(s, m))
			continue;
		if (!cog_on_table(&t, md->at, COG_BASE_R))
			return xasprintf("model %c is off the table", cog_model_names[m]);
		for (size_t i = 0; i < nb; i++)
			if (cog_dist_box(md->at, &boxes[i]) < COG_BASE_R - COG_EPS)
				return xasprintf("model %c stands in pile %zu", cog_model_names[m], i + 1);
		for (int o = 0; o < m; o++)
			if (cog_in_play(s, o) &&
			    cog_base_gap(md->at, COG_BASE_R, s->m[o].at, COG_BASE_R) < -COG_EPS)
				return xasprintf("models %c and %c overlap", cog_model_names[o],
						 cog_model_names[m]);
	}
	return NULL;
}

/* The phase agrees with the models placed, the players still in and the
 * winner. */
static char *phase_invariant(const struct cog_state *s, int placed)
{
	if (!s->m[0].placed)
		return xstrdup("model A is not on the table");
	if (s->phase == PH_PLACE && placed != s->placing)
		return xasprintf("%d models placed while model %c is being placed", placed,
				 cog_model_names[s->placing]);
	if (s->phase == PH_PLAY && (placed != COG_MODELS || cog_models_left(s) < 2))
		return xstrdup("the turn is being played without every model, or with one");
	if (s->phase != PH_OVER && s->dropped[s->current])
		return xstrdup("the turn waits for a player who left");
	if (s->phase != PH_OVER && s->final)
		return xstrdup("the last activation is marked but the game goes on");
	if (s->winner >= 0 && s->phase != PH_OVER)
		return xstrdup("a winner, but the game goes on");
	return NULL;
}

/* Every card is in one place (deck, discard pile, a hand or a model's
 * role), the models stand as the rules allow, and the phase agrees. */
static char *cog_invariant(const struct game *g)
{
	const struct cog_state *s = COG(g);
	int seen[COG_NCARDS + 1] = { 0 }, placed = 0;
	char *why;

	for (int i = 0; i < s->ndeck; i++)
		seen[s->deck[i]]++;
	for (int i = 0; i < s->ndiscard; i++)
		seen[s->discard[i]]++;
	for (int p = 0; p < s->n; p++) {
		if (s->dropped[p] && s->nhand[p])
			return xasprintf("%s left but holds cards", g->players[p].name);
		for (int i = 0; i < s->nhand[p]; i++)
			seen[s->hand[p][i]]++;
	}
	if ((why = models_invariant(s, seen, &placed)))
		return why;
	for (int c = 0; c < COG_NCARDS; c++)
		if (seen[c] != 1)
			return xasprintf("card %d is in %d places", c, seen[c]);
	if (seen[COG_NCARDS])
		return xstrdup("more than two jokers");
	return phase_invariant(s, placed);
}

/* The orders, for `help ORDER` by mail (docs/city-of-glass.md). */
static const struct order_doc cog_orders[] = {
	{ "place", "place X,Y", "before the first round: where your figure stands, where no "
				 "figure on the table can see it, touching nothing" },
	{ "play", "play CARD on FIGURE", "the card becomes that figure's role; the figure "
					 "may move up to the card's value in inches" },
	{ "play", "play joker", "every role in play is discarded; nobody moves" },
	{ "move", "move X,Y [X,Y ...]", "move the figure through these points, in order" },
	{ "exchange", "exchange FIGURE", "a private exchange with that figure (also catch, "
					 "murder, unmask, seduce)" },
	{ "catch", "catch FIGURE", "an exchange with that figure, as a catch" },
	{ "murder", "murder FIGURE", "an exchange with that figure, as a murder" },
	{ "unmask", "unmask FIGURE", "an exchange with that figure, as an unmasking" },
	{ "seduce", "seduce FIGURE", "an exchange with that figure, as a seduction" },
	{ "swap", "swap FIGURE", "with a 7 only: at the end, the 7 and that figure's role "
				 "card change places" },
	{ "discard", "discard CARD", "discard a card instead of playing, as your whole turn" },
	{ NULL, NULL, NULL },
};
static const char *const cog_words[] = { "on", "joker", NULL };

/* The one who wins first, once the game is over; before, nobody leads,
 * and each hand's size is what the table sees. */
static void cog_standings(const struct game *g, int *place, char **note)
{
	const struct cog_state *s = g->state;
	for (size_t p = 0; p < g->nplayers && p < COG_MAXP; p++) {
		if (s->winner >= 0)
			place[p] = s->winner == (int)p ? 1 : 2;
		note[p] = xasprintf("%d card%s in hand", s->nhand[p], s->nhand[p] == 1 ? "" : "s");
	}
}

const struct engine city_of_glass_engine = {
	.name = "city-of-glass",
	.title = "City of Glass",
	.min_players = 1,
	.max_players = COG_MAXP,
	.late_players = false,
	.options = cog_options,
	.schema = schema_city_of_glass_rng,
	.setup_file = "the book piles, one a line: 'pile X Y BOOKS' or 'pile X Y turned BOOKS'",
	.setup = cog_setup,
	.load = cog_load,
	.save = cog_save,
	.release = cog_release,
	.check = cog_check,
	.awaited = cog_awaited,
	.incomplete = cog_incomplete,
	.nmr = cog_nmr,
	.drop = cog_drop,
	.advance = cog_advance,
	.over = cog_over,
	.standings = cog_standings,
	.view = cog_view,
	.board = cog_board,
	.legal = cog_legal,
	.orders = cog_orders,
	.words = cog_words,
	.invariant = cog_invariant,
	.scramble = cog_scramble,
};
