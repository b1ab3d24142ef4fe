/* hog-orders.c - Heart of Glass orders: reading, checking, the legal list
 * and the NMR orders.
 *
 * An order is a verb and its argument on one line.  Narration may also be a
 * block: the verb alone on a line, the text on the lines after it, and
 * `end` alone on a line.  A block's lines are stored as they came (they are
 * their own canonical form), between the canonical `VERB` and `end`, so that
 * the turn reads them back with the same rules.
 */
#include <stdlib.h>
#include <string.h>

#include "hog-int.h"
#include "utf8.h"

enum verb {
	V_NAME, V_NATURE, V_DESCRIBE, V_PICK, V_TOKENS, V_TYPE, V_RAISE, V_PLAY,
	V_FRAME, V_REACT, V_RESOLVE, V_VOTE, V_END, NVERBS
};

static const char *const verb_word[NVERBS] = {
	"name", "nature", "describe", "pick", "tokens", "type", "raise", "play",
	"frame", "react", "resolve", "vote", "end",
};

#define NAME_MAX_CHARS 80

static bool is_block_verb(int v)
{
	return v == V_DESCRIBE || v == V_FRAME || v == V_REACT || v == V_RESOLVE;
}

/* The verb of a line and where its argument starts (NVERBS: none; a line
 * that is a card alone is `play`). */
static int line_verb(const char *line, const char **arg)
{
	size_t k = strcspn(line, " \t");
	for (int v = 0; v < NVERBS; v++)
		if (strlen(verb_word[v]) == k && !ascii_ncasecmp(line, verb_word[v], k)) {
			*arg = line + k + strspn(line + k, " \t");
			return v;
		}
	if (card_parse(line) >= 0) {
		*arg = line;
		return V_PLAY;
	}
	*arg = line;
	return NVERBS;
}

static bool two_traits(const char *arg, int *a, int *b)
{
	char *copy = xstrdup(arg), *save = NULL;
	char *x = strtok_r(copy, " \t,", &save), *y = x ? strtok_r(NULL, " \t,", &save) : NULL;
	bool ok = y && !strtok_r(NULL, " \t,", &save);
	if (ok) {
		*a = trait_parse(x);
		*b = trait_parse(y);
		ok = *a >= 0 && *b >= 0;
	}
	free(copy);
	return ok;
}

static int vote_parse(const char *arg)
{
	if (!ascii_casecmp(arg, "conflict"))
		return 0;
	if (!ascii_casecmp(arg, "stakes"))
		return 1;
	return -1;
}

static int type_parse(const char *arg)
{
	for (int t = 0; t < NTRAITS; t++)
		if (!ascii_casecmp(arg, hog_type_word[t]))
			return t;
	return -1;
}

/* --- reading stored orders (for the turn) ------------------------------ */

static char **text_slot(struct hog_orders *o, int v)
{
	switch (v) {
	case V_NAME: return &o->name;
	case V_NATURE: return &o->nature;
	case V_DESCRIBE: return &o->desc;
	case V_FRAME: return &o->frame;
	case V_REACT: return &o->react;
	case V_RESOLVE: return &o->resolve;
	default: return NULL;
	}
}

void hog_orders_read(const struct game *g, int p, const struct strlist *lines,
		     struct hog_orders *o)
{
	struct sb block = SB_INIT;
	int open = -1;
	(void)g, (void)p;

	memset(o, 0, sizeof *o);
	o->pick = o->type = o->raise = o->card = o->vote = -1;
	for (size_t i = 0; lines && i <= lines->n; i++) {
		const char *line = i < lines->n ? lines->v[i] : NULL, *arg;
		int v;
		if (open >= 0) {
			char **slot;
			if (line && ascii_casecmp(line, "end")) {
				if (block.len)
					sb_addc(&block, '\n');
				sb_adds(&block, line);
				continue;
			}
			slot = text_slot(o, open);
			if (!*slot && block.len)
				*slot = sb_detach(&block);
			sb_reset(&block);
			open = -1;
			continue;
		}
		if (!line)
			break;
		v = line_verb(line, &arg);
		if (is_block_verb(v) && !*arg) {
			open = v;
			continue;
		}
		switch (v) {
		case V_NAME: case V_NATURE: case V_DESCRIBE: case V_FRAME: case V_REACT:
		case V_RESOLVE: {
			char **slot = text_slot(o, v);
			if (!*slot && *arg)
				*slot = xstrdup(arg);
			break;
		}
		case V_PICK:
			o->pick = trait_parse(arg);
			break;
		case V_TOKENS:
			if (two_traits(arg, &o->tok[0], &o->tok[1]))
				o->ntok = 2;
			break;
		case V_TYPE:
			o->type = type_parse(arg);
			break;
		case V_RAISE:
			o->raise = trait_parse(arg);
			break;
		case V_PLAY:
			o->card = card_parse(arg);
			break;
		case V_VOTE:
			o->vote = vote_parse(arg);
			break;
		default:
			break;
		}
	}
	sb_release(&block);
}

void hog_orders_release(struct hog_orders *o)
{
	free(o->name);
	free(o->nature);
	free(o->desc);
	free(o->frame);
	free(o->react);
	free(o->resolve);
}

/* --- who may do what now ----------------------------------------------- */

static bool creating(const struct game *g, int p)
{
	const struct hog *h = HOG(g);
	return h->m[p].life == L_NEW && h->phase != PH_OVER && h->phase != PH_TYPE &&
	       h->phase != PH_RAISE;
}

static bool is_role(const struct game *g, int p, enum hog_phase ph, bool dragon)
{
	const struct hog *h = HOG(g);
	const struct hog_scene *s = hog_scene_now(h);
	return h->phase == ph && s && (dragon ? s->dragon : s->minion) == p;
}

/* Why player p may not give verb v now (NULL: they may), with the reason. */
static const char *not_now(const struct game *g, int p, int v, char **reason)
{
	const struct hog *h = HOG(g);
	bool chooser = h->phase == PH_TYPE && h->chooser == p;

	if (h->phase == PH_OVER) {
		*reason = xstrdup("the game is over");
		return "game-over";
	}
	if (h->m[p].life == L_DEAD || g->players[p].dropped) {
		*reason = xstrdup("your Minion is dead: you are out of the game");
		return "dead";
	}
	switch (v) {
	case V_NAME: case V_DESCRIBE:
		if (creating(g, p) || chooser)
			return NULL;
		*reason = xasprintf("'%s' is for making a Minion, or for the player who chose "
				    "the Dragon's type, in that turn", verb_word[v]);
		return "not-now";
	case V_NATURE: case V_PICK: case V_TOKENS:
		if (creating(g, p))
			return NULL;
		*reason = xasprintf("'%s' is for making a Minion, and yours is made",
				    verb_word[v]);
		return "not-now";
	case V_TYPE:
		if (chooser)
			return NULL;
		*reason = h->chooser >= 0 && h->chooser != p
			? xasprintf("%s drew the high card and chooses the Dragon's type",
				    hog_name(g, h->chooser))
			: xstrdup("the Dragon's type is chosen once, after the Minions are made");
		return "not-chooser";
	case V_RAISE:
		if (h->phase == PH_RAISE && h->chooser != p && h->m[p].life == L_ALIVE)
			return NULL;
		*reason = xstrdup(h->phase == PH_RAISE
				  ? "the player who chose the type gave the Dragon its +3 and "
				    "adds no +1"
				  : "the +1s to the Dragon's traits come once, after its type is "
				    "chosen");
		return "not-now";
	case V_PLAY:
		if (is_role(g, p, PH_CONFLICT, true) || is_role(g, p, PH_RESOLVE, false))
			return NULL;
		*reason = xstrdup("you play a card only as the Dragon in the conflict turn or "
				  "as the Minion in the resolution turn, and this is neither");
		return "not-your-turn";
	case V_FRAME:
		if (is_role(g, p, PH_CONFLICT, true))
			return NULL;
		*reason = xstrdup("only the Dragon frames the scene, in the conflict turn");
		return "not-your-turn";
	case V_REACT: case V_RESOLVE:
		if (is_role(g, p, PH_RESOLVE, false))
			return NULL;
		*reason = xasprintf("only the Minion %ss, in the resolution turn", verb_word[v]);
		return "not-your-turn";
	case V_VOTE:
		if (h->phase == PH_RESOLVE && h->m[p].life == L_ALIVE)
			return NULL;
		*reason = xstrdup("votes are cast in the resolution turn, once the scene is "
				  "framed, by players whose Minion lives");
		return "no-vote-now";
	}
	*reason = xstrdup("that is not an order");
	return "unknown-order";
}

/* --- checking a mail ---------------------------------------------------- */

struct check_state {
	bool seen[NVERBS];
	int open;          /* the verb of the block being read, or -1 */
	bool open_ok;      /* its opening line was accepted */
	size_t open_chars; /* characters in it so far */
	int pick;          /* the first pick in the mail, for tokens */
};

static void reject(struct order_line *l, const char *code, char *reason)
{
	l->code = code;
	l->reason = reason;
}

static void check_block_line(const struct game *g, struct check_state *st,
			     struct order_line *l)
{
	size_t add = utf8_count(l->text) + (st->open_chars ? 1 : 0);
	if (!ascii_casecmp(l->text, "end")) {
		if (st->open_ok && !st->open_chars)
			reject(l, "empty-text", xasprintf("the '%s' block has no text",
							  verb_word[st->open]));
		else if (st->open_ok)
			l->canon = xstrdup("end");
		else
			reject(l, "rejected-block", xstrdup("ends a block that was rejected"));
		st->open = -1;
		return;
	}
	if (!st->open_ok) {
		reject(l, "rejected-block", xasprintf("part of a '%s' block that was rejected",
						      verb_word[st->open]));
	} else if (st->open_chars + add > (size_t)hog_textmax(g)) {
		reject(l, "too-long", xasprintf("a text may have at most %d characters; this "
						"line would go past it", hog_textmax(g)));
	} else {
		st->open_chars += add;
		l->canon = xstrdup(l->text);
	}
}

/* A block's opening line, the verb alone: the block opens whatever happens,
 * so that its lines are not read as orders even when it is refused. */
static void open_block(const struct game *g, int p, struct check_state *st, int v,
		       struct order_line *l)
{
	const char *code;
	char *reason = NULL;

	st->open = v;
	st->open_chars = 0;
	st->open_ok = false;
	if ((code = not_now(g, p, v, &reason))) {
		reject(l, code, reason);
	} else if (st->seen[v]) {
		reject(l, "twice", xasprintf("one '%s' a turn", verb_word[v]));
	} else {
		st->seen[v] = st->open_ok = true;
		l->canon = xstrdup(verb_word[v]);
	}
}

/* The argument of `name` and `nature`: a short text. */
static bool accept_name(int v, const char *arg, struct order_line *l)
{
	if (!*arg) {
		reject(l, "empty-text", xasprintf("give the %s after the word, e.g. "
						  "'%s Persephany'", verb_word[v],
						  verb_word[v]));
		return false;
	}
	if (utf8_count(arg) > NAME_MAX_CHARS) {
		reject(l, "too-long", xasprintf("a %s may have at most %d characters",
						verb_word[v], NAME_MAX_CHARS));
		return false;
	}
	l->canon = xasprintf("%s %s", verb_word[v], arg);
	return true;
}

/* The argument of a narration given on one line (describe, frame, react,
 * resolve): a text within the game's length. */
static bool accept_text(const struct game *g, int v, const char *arg, struct order_line *l)
{
	if (utf8_count(arg) > (size_t)hog_textmax(g)) {
		reject(l, "too-long", xasprintf("a text may have at most %d characters",
						hog_textmax(g)));
		return false;
	}
	l->canon = xasprintf("%s %s", verb_word[v], arg);
	return true;
}

/* The argument of `pick` and `raise`: a trait. */
static bool accept_trait(int v, const char *arg, struct order_line *l)
{
	int a = trait_parse(arg);
	if (a < 0) {
		reject(l, "no-such-trait", xasprintf("'%s' is not a trait; the traits are "
						     "body, heart, mind and wealth", arg));
		return false;
	}
	l->canon = xasprintf("%s %s", verb_word[v], hog_trait_word[a]);
	return true;
}

/* The argument of `tokens`: two traits, neither the one picked, in the
 * canonical order. */
static bool accept_tokens(const struct check_state *st, const char *arg,
			  struct order_line *l)
{
	int a, b;
	if (!two_traits(arg, &a, &b)) {
		reject(l, "no-such-trait", xasprintf("'tokens' takes two traits (the same "
						     "one twice for both on it), from body, "
						     "heart, mind and wealth; not '%s'", arg));
		return false;
	}
	if (a == st->pick || b == st->pick) {
		reject(l, "pick-trait", xasprintf("the two tokens go on traits other than "
						  "the one you picked (%s)",
						  hog_trait_word[st->pick]));
		return false;
	}
	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	l->canon = xasprintf("tokens %s %s", hog_trait_word[a], hog_trait_word[b]);
	return true;
}

/* The argument of `type`: a type of dragon. */
static bool accept_type(const char *arg, struct order_line *l)
{
	int a = type_parse(arg);
	if (a < 0) {
		reject(l, "no-such-type", xasprintf("'%s' is not a type of dragon; choose "
						    "cave, fire, river or wyrm", arg));
		return false;
	}
	l->canon = xasprintf("type %s", hog_type_word[a]);
	return true;
}

/* The argument of `play`: a card in player p's hand. */
static bool accept_card(const struct game *g, int p, const char *arg, struct order_line *l)
{
	char code8[8];
	int c = card_parse(arg);
	if (c < 0) {
		reject(l, "bad-card", xasprintf("'%s' is not a card; write it like 10C, "
						"QH, 10\u2663 or ten of clubs", arg));
		return false;
	}
	card_code(c, code8);
	if (HOG(g)->where[c] != W_HAND + p) {
		char pretty[8];
		card_pretty(c, pretty);
		reject(l, "not-in-hand", xasprintf("you do not hold the %s (%s)", pretty,
						   code8));
		return false;
	}
	l->canon = xasprintf("play %s", code8);
	return true;
}

/* The argument of `vote`: a card of the scene, not player p's own. */
static bool accept_vote(const struct game *g, int p, const char *arg, struct order_line *l)
{
	const struct hog_scene *s = hog_scene_now(HOG(g));
	int a = vote_parse(arg);
	if (a < 0) {
		reject(l, "bad-vote", xasprintf("vote for 'conflict' or 'stakes', not '%s'",
						arg));
		return false;
	}
	/* Your own card takes no vote from you; your opponent's does,
	 * but counts only if somebody else votes the same way. */
	if ((a == 0 && s->dragon == p) || (a == 1 && s->minion == p)) {
		reject(l, "own-card", xasprintf("you may not vote for your own card (the %s)",
						a ? "Stakes" : "Conflict"));
		return false;
	}
	l->canon = xasprintf("vote %s", a ? "stakes" : "conflict");
	return true;
}

/* The argument of a line of verb v that player p may give now: true with
 * its canonical form in l->canon, or false with the line rejected. */
static bool accept_arg(const struct game *g, int p, const struct check_state *st, int v,
		       const char *arg, struct order_line *l)
{
	switch (v) {
	case V_NAME: case V_NATURE:
		return accept_name(v, arg, l);
	case V_DESCRIBE: case V_FRAME: case V_REACT: case V_RESOLVE:
		return accept_text(g, v, arg, l);
	case V_PICK: case V_RAISE:
		return accept_trait(v, arg, l);
	case V_TOKENS:
		return accept_tokens(st, arg, l);
	case V_TYPE:
		return accept_type(arg, l);
	case V_PLAY:
		return accept_card(g, p, arg, l);
	case V_VOTE:
		return accept_vote(g, p, arg, l);
	default:
		BUG("verb %d", v);
	}
}

static void check_line(const struct game *g, int p, struct check_state *st,
		       struct order_line *l)
{
	const char *arg, *code;
	char *reason = NULL;
	int v = line_verb(l->text, &arg);

	if (v == NVERBS) {
		reject(l, "unknown-order",
		       xasprintf("'%s' is not a Heart of Glass order; the orders are name, "
				 "nature, describe, pick, tokens, type, raise, play, frame, "
				 "react, resolve and vote (see 'help')", l->text));
		return;
	}
	if (v == V_END) {
		reject(l, "no-block", xstrdup("'end' closes a block of text, and none is open"));
		return;
	}
	if (is_block_verb(v) && !*arg) {
		open_block(g, p, st, v, l);
		return;
	}
	if ((code = not_now(g, p, v, &reason))) {
		reject(l, code, reason);
		return;
	}
	if (st->seen[v] && v != V_END) {
		reject(l, v == V_PLAY ? "one-card" : v == V_VOTE ? "one-vote" : "twice",
		       xasprintf(v == V_PLAY ? "one card a scene" : v == V_VOTE
				 ? "one vote a scene" : "one '%s' a turn", verb_word[v]));
		return;
	}
	if (accept_arg(g, p, st, v, arg, l))
		st->seen[v] = true;
}

void hog_check(const struct game *g, int p, struct order_line *lines, size_t n,
	       const struct engine_ctx *ctx)
{
	struct check_state st;
	(void)ctx;

	memset(&st, 0, sizeof st);
	st.open = -1;
	st.pick = -1;
	/* tokens are checked against the mail's pick wherever it stands. */
	for (size_t i = 0; i < n; i++) {
		const char *arg;
		if (line_verb(lines[i].text, &arg) == V_PICK && trait_parse(arg) >= 0) {
			st.pick = trait_parse(arg);
			break;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (st.open >= 0)
			check_block_line(g, &st, &lines[i]);
		else
			check_line(g, p, &st, &lines[i]);
	}
}

/* --- whose move, NMR, the legal list ------------------------------------ */

void hog_awaited(const struct game *g, bool *awaited)
{
	const struct hog *h = HOG(g);
	const struct hog_scene *s = hog_scene_now(h);
	for (size_t p = 0; p < g->nplayers; p++) {
		int q = (int)p;
		switch (h->phase) {
		case PH_CREATE:
			awaited[p] = h->m[p].life == L_NEW;
			break;
		case PH_TYPE:
			awaited[p] = q == h->chooser;
			break;
		case PH_RAISE:
			awaited[p] = q != h->chooser && h->m[p].life == L_ALIVE;
			break;
		case PH_CONFLICT:
			awaited[p] = q == s->dragon || h->m[p].life == L_NEW;
			break;
		case PH_RESOLVE:
			awaited[p] = q == s->minion || h->m[p].life == L_NEW;
			break;
		default:
			awaited[p] = false;
		}
	}
}

/* Votes are optional, but a resolution turn should not run early before
 * the voters have had their say: they are wanted, not awaited. */
void hog_wanted(const struct game *g, bool *wanted)
{
	const struct hog *h = HOG(g);
	for (size_t p = 0; p < g->nplayers; p++)
		wanted[p] = h->phase == PH_RESOLVE && h->m[p].life == L_ALIVE;
}

/* One part of a set, when it is missing. */
static void need(struct sb *out, bool missing, const char *what)
{
	if (missing)
		sb_addf(out, "%s%s", out->len ? ", " : "", what);
}

/* Everything the player's part of this turn has: a Minion's five lines,
 * the Dragon's type, name and description, the +1, the Dragon's card and
 * scene, the Minion's reaction, card and resolution.  A vote is never
 * required. */
char *hog_incomplete(const struct game *g, int p, const struct strlist *orders,
		     const struct engine_ctx *ctx)
{
	const struct hog *h = HOG(g);
	struct hog_orders o;
	struct sb out = SB_INIT;
	(void)ctx;

	hog_orders_read(g, p, orders, &o);
	if (creating(g, p)) {
		need(&out, !o.name, "'name NAME'");
		need(&out, !o.nature, "'nature WHAT THEY ARE'");
		need(&out, !o.desc, "'describe TEXT'");
		need(&out, o.pick < 0, "'pick TRAIT'");
		need(&out, o.ntok < 2, "'tokens TRAIT TRAIT'");
	} else if (h->phase == PH_TYPE && p == h->chooser) {
		need(&out, o.type < 0, "'type cave|fire|river|wyrm'");
		need(&out, !o.name, "'name NAME'");
		need(&out, !o.desc, "'describe TEXT'");
	} else if (h->phase == PH_RAISE && p != h->chooser) {
		need(&out, o.raise < 0, "'raise TRAIT'");
	} else if (is_role(g, p, PH_CONFLICT, true)) {
		need(&out, o.card < 0, "'play CARD'");
		need(&out, !o.frame, "'frame TEXT'");
	} else if (is_role(g, p, PH_RESOLVE, false)) {
		need(&out, !o.react, "'react TEXT'");
		need(&out, o.card < 0, "'play CARD'");
		need(&out, !o.resolve, "'resolve TEXT'");
	}
	hog_orders_release(&o);
	if (!out.len) {
		sb_release(&out);
		return NULL;
	}
	return sb_detach(&out);
}

static int lowest_card(const struct hog *h, int p)
{
	int cards[NCARDS];
	return hog_hand(h, p, cards) ? cards[0] : -1;
}

void hog_nmr(const struct game *g, int p, struct strlist *orders)
{
	const struct hog *h = HOG(g);
	int c;
	char code[8];

	/* The random parts of an NMR (a Minion's traits, the Dragon's type,
	 * a +1) are drawn by the turn itself, which has the generator. */
	if (creating(g, p)) {
		strlist_addf(orders, "name %s", hog_name(g, p));
	} else if (h->phase == PH_TYPE && p == h->chooser) {
		strlist_add(orders, "name the Dragon");
	} else if (is_role(g, p, PH_CONFLICT, true) && (c = lowest_card(h, p)) >= 0) {
		card_code(c, code);
		strlist_addf(orders, "play %s", code);
		strlist_add(orders, "frame (none)");
	} else if (is_role(g, p, PH_RESOLVE, false) && (c = lowest_card(h, p)) >= 0) {
		card_code(c, code);
		strlist_add(orders, "react (none)");
		strlist_addf(orders, "play %s", code);
		strlist_add(orders, "resolve (none)");
	}
}

void hog_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	       struct strlist *out)
{
	const struct hog *h = HOG(g);
	const struct hog_scene *s = hog_scene_now(h);
	int cards[NCARDS], n;
	(void)ctx;

	if (h->phase == PH_OVER || h->m[p].life == L_DEAD || g->players[p].dropped)
		return;
	if (creating(g, p)) {
		/* First the five lines a Minion needs, as one block to copy
		 * (and rewrite), then the other picks and tokens. */
		strlist_addf(out, "name %s", hog_name(g, p));
		strlist_add(out, "nature a Minion of the Dragon");
		strlist_add(out, "describe (none)");
		strlist_addf(out, "pick %s", hog_trait_word[0]);
		strlist_addf(out, "tokens %s %s", hog_trait_word[1], hog_trait_word[2]);
		for (int t = 1; t < NTRAITS; t++)
			strlist_addf(out, "pick %s", hog_trait_word[t]);
		for (int a = 0; a < NTRAITS; a++)
			for (int b = a; b < NTRAITS; b++)
				if (a != 1 || b != 2)
					strlist_addf(out, "tokens %s %s", hog_trait_word[a],
						     hog_trait_word[b]);
		return;
	}
	if (h->phase == PH_TYPE && p == h->chooser) {
		for (int t = 0; t < NTRAITS; t++)
			strlist_addf(out, "type %s", hog_type_word[t]);
		strlist_add(out, "name the Dragon");
		strlist_add(out, "describe (none)");
		return;
	}
	if (h->phase == PH_RAISE && p != h->chooser) {
		for (int t = 0; t < NTRAITS; t++)
			strlist_addf(out, "raise %s", hog_trait_word[t]);
		return;
	}
	if ((h->phase == PH_CONFLICT && s->dragon == p) ||
	    (h->phase == PH_RESOLVE && s->minion == p)) {
		/* Every line the part needs is offered: the texts as
		 * "(none)", for the player to write over. */
		if (h->phase == PH_RESOLVE)
			strlist_add(out, "react (none)");
		n = hog_hand(h, p, cards);
		for (int i = 0; i < n; i++) {
			char code[8];
			card_code(cards[i], code);
			strlist_addf(out, "play %s", code);
		}
		strlist_add(out, h->phase == PH_CONFLICT ? "frame (none)" : "resolve (none)");
	}
	if (h->phase == PH_RESOLVE) {
		if (s->dragon != p)
			strlist_add(out, "vote conflict");
		if (s->minion != p)
			strlist_add(out, "vote stakes");
	}
}

const char *hog_what_to_send(const struct game *g, int p)
{
	const struct hog *h = HOG(g);
	if (h->phase == PH_OVER || h->m[p].life == L_DEAD)
		return NULL;
	if (creating(g, p))
		return "your Minion: 'name NAME', 'nature WHAT THEY ARE', 'describe TEXT', "
		       "'pick TRAIT' for the +3, and 'tokens TRAIT TRAIT' for the two more "
		       "(not on the picked trait); whatever you leave out is chosen at random";
	if (h->phase == PH_TYPE && p == h->chooser)
		return "the Dragon: 'type cave', 'type fire', 'type river' or 'type wyrm' "
		       "(+3 Wealth, Body, Heart or Mind), 'name NAME' and 'describe TEXT'";
	if (h->phase == PH_RAISE && p != h->chooser)
		return "'raise TRAIT': your +1 to one of the Dragon's traits";
	if (is_role(g, p, PH_CONFLICT, true))
		return "'play CARD' and 'frame TEXT' (or 'frame', the lines of text, 'end'): "
		       "you are the Dragon";
	if (is_role(g, p, PH_RESOLVE, false))
		return "'react TEXT', 'play CARD' and 'resolve TEXT' (each text may be a block "
		       "ending in 'end'): you are the Minion; 'vote conflict' counts only if "
		       "another player votes so too";
	if (h->phase == PH_RESOLVE && p == hog_scene_now(h)->dragon)
		return "nothing; you may send 'vote stakes', which counts only if another "
		       "player votes so too";
	if (h->phase == PH_RESOLVE)
		return "nothing; you may send 'vote conflict' or 'vote stakes'";
	return NULL;
}
