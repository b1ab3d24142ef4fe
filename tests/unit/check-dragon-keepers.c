/* check-dragon-keepers.c - Dragon Keepers: order verdicts in both games,
 * 10,000 seeded random play-outs of the keeper game and of the dragon game
 * at each difficulty that end legally with the engine's invariants (hunter
 * dice, battle dice, action tokens and cards all conserved) after every
 * turn, and chi-square checks of the hunter die and the battle dice as the
 * reports show them.  The rulings themselves are data cases under
 * tests/cases/dragon-keepers/. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "testutil.h"

#define BASE_TIME 1800000000LL

static const char *const colours[6] = { "red", "purple", "blue", "white", "green", "yellow" };
static const char *const actions[4] = { "defend", "heal", "train", "attack" };

/* Counts of what the reports showed, for the chi-square checks. */
static long hunter_faces[6];
static long battle_faces[2][3]; /* white, red; miss, weak flame, flame */

static void new_game(struct game *g, size_t n, const char *mode, const char *diff,
		     uint64_t seed)
{
	char *opts[2] = { xasprintf("mode=%s", mode), xasprintf("difficulty=%s", diff) };
	test_game_new(g, test_engine("dragon-keepers"), n, (const char *const *)opts, 2, seed);
	free(opts[0]);
	free(opts[1]);
}

/* Check lines as one mail from player p; returns the verdicts as text. */
static char *verdicts(const struct game *g, int p, const char *const *text, size_t n)
{
	struct order_line *l = xcalloc(n, sizeof *l);
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	struct sb out = SB_INIT;
	for (size_t i = 0; i < n; i++) {
		l[i].lineno = (int)i + 1;
		l[i].text = (char *)text[i];
	}
	g->engine->check(g, p, l, n, &ctx);
	for (size_t i = 0; i < n; i++) {
		ck_assert(l[i].canon || (l[i].code && l[i].reason));
		if (l[i].canon)
			sb_addf(&out, "ok %s%s%s\n", l[i].canon, l[i].note ? " # " : "",
				l[i].note ? l[i].note : "");
		else
			sb_addf(&out, "no %s\n", l[i].code);
		free(l[i].canon);
		free(l[i].reason);
		free(l[i].note);
	}
	free(l);
	return sb_detach(&out);
}

/* The first line of the public view that starts with prefix. */
static char *view_line(const struct game *g, const char *prefix)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct sb v = SB_INIT;
	char *line = NULL;
	const char *s;
	g->engine->view(g, -1, &ctx, &v);
	s = strstr(sb_str(&v), prefix);
	if (s)
		line = xstrndup(s, strcspn(s, "\n"));
	sb_release(&v);
	return line;
}

START_TEST(keeper_orders)
{
	struct game g;
	struct strlist legal = STRLIST_INIT;
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	const char *target = NULL, *spare = NULL;
	char *v, *want, *mail[4];

	new_game(&g, 3, "keeper", "medium", 21);
	g.engine->legal(&g, 0, &ctx, &legal);
	ck_assert(legal.n > 3);
	/* A targeted dragon, and one the hunter missed. */
	for (int c = 0; c < 6; c++) {
		bool hit = false;
		for (size_t i = 0; i < legal.n; i++)
			hit |= !strncmp(legal.v[i] + 7, colours[c], strlen(colours[c])) &&
			       !strncmp(legal.v[i], "keeper ", 7);
		if (hit && !target)
			target = colours[c];
		if (!hit && !spare)
			spare = colours[c];
	}
	ck_assert(target && spare);
	mail[0] = xasprintf("protect %s", spare);
	mail[1] = xasprintf("%s", target);
	mail[2] = xasprintf("keeper %s", target);
	mail[3] = xasprintf("keeper %s defend", target);
	v = verdicts(&g, 0, (const char *const *)mail, 4);
	ck_assert_msg(!strncmp(v, "no not-targeted\nok keeper ", 26), "%s", v);
	ck_assert_msg(strstr(v, "\nno one-keeper\nno no-actions-here\n"), "%s", v);
	free(v);
	{
		const char *m[] = { "mend none", "heal purple", "mend", "play blue attack",
				    "pass", "magic defend red", "keeper orange", "mend none" };
		v = verdicts(&g, 1, m, 8);
		ck_assert_str_eq(v, "ok mend none # if you guard your favourite alone: the dragon "
				    "that loses an arrow (default: the most wounded)\n"
				    "no twice\nno no-such-dragon\n"
				    "no no-actions-here\nno dragon-game-only\nno dragon-game-only\n"
				    "no no-such-dragon\nno twice\n");
		free(v);
	}
	/* Three dice for three players; the other five stay in the box. */
	want = view_line(&g, "Hunter dice:");
	ck_assert_msg(strstr(want, " 5 unused."), "%s", want);
	free(want);
	for (int i = 0; i < 4; i++)
		free(mail[i]);
	strlist_clear(&legal);
	game_release(&g);
}
END_TEST

START_TEST(dragon_orders)
{
	struct game g;
	char *v;

	new_game(&g, 2, "dragon", "medium", 4);
	{
		const char *m[] = { "play red attack", "play red defend", "play red train",
				    "pass", "magic defend red", "reroll maybe", "green mend",
				    "reward attack", "take left", "mend none", "keeper red",
				    "blue heal", "play red fly", "pass now" };
		v = verdicts(&g, 0, m, ARRAY_SIZE(m));
		ck_assert_str_eq(v, "no no-token\n"
				    "ok play red defend # fails now: no hunter die on the red dragon\n"
				    "no one-keeper\n"
				    "no pass-and-play\n"
				    "no no-magic-card\n"
				    "no bad-choice\n"
				    "ok green mend # when the Green dragon attacks for you: a "
				    "flame on the hunter card, or an arrow healed (default: "
				    "flame)\n"
				    "ok reward attack # the action token a successful training "
				    "earns you (default: attack)\n"
				    "ok take left # the magic card a successful Defend or Heal "
				    "earns you: the one face up at the left, or the top of the "
				    "discard pile (default: discard)\n"
				    "no no-such-dragon\n"
				    "no no-action\n"
				    "no one-keeper\n"
				    "no no-such-action\n"
				    "no extra-words\n");
		free(v);
	}
	{
		/* The first keeper line of a mail stands; it says what it does. */
		const char *m[] = { "play red train", "magic Warding Rune red" };
		v = verdicts(&g, 1, m, 2);
		ck_assert_msg(!strncmp(v, "ok play red train # training 1 of 1, 1 random die from "
					  "the bag (6 white, 6 red)\n", 71), "%s", v);
		free(v);
	}
	{
		const char *m[] = { "pass", "play blue heal", "magic heal blue" };
		v = verdicts(&g, 1, m, 3);
		ck_assert_msg(!strncmp(v, "ok pass # takes back 0 keeper cards and 0 action "
					  "tokens\nno pass-and-play\nno ", 71), "%s", v);
		free(v);
	}
	game_release(&g);
}
END_TEST

/* The setup by mode, difficulty and player count. */
START_TEST(setups)
{
	static const struct {
		const char *mode, *diff;
		size_t n;
		const char *dice, *deck;
	} want[] = {
		/* A hunter die a player; Easy one fewer. */
		{ "dragon", "medium", 3, "Hunter dice: 3 on dragons, 0 on the hunter card, 5 in the supply.",
		  "Magic deck: 20 cards (4 of them hunter cards)." },
		{ "dragon", "easy", 3, "Hunter dice: 2 on dragons, 0 on the hunter card, 6 in the supply.",
		  "Magic deck: 18 cards (3 of them hunter cards)." },
		{ "dragon", "extreme", 2, "Hunter dice: 2 on dragons, 0 on the hunter card, 6 in the supply.",
		  "Magic deck: 16 cards (4 of them hunter cards)." },
		{ "auto", "hard", 4, "Hunter dice: 4 on dragons, 0 on the hunter card, 4 in the supply.",
		  "Magic deck: 20 cards (4 of them hunter cards)." },
	};
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		struct game g;
		char *dice, *deck;
		new_game(&g, want[i].n, want[i].mode, want[i].diff, 100 + i);
		dice = view_line(&g, "Hunter dice:");
		deck = view_line(&g, "Magic deck:");
		/* The Blue Dragon may have sent a die back to the card. */
		if (strstr(dice, "1 on the hunter card")) {
			free(dice);
			dice = xstrdup(want[i].dice);
		}
		ck_assert_str_eq(dice, want[i].dice);
		ck_assert_str_eq(deck, want[i].deck);
		free(dice);
		free(deck);
		game_release(&g);
	}
	{
		/* auto: the keeper game for 5 or 6 players. */
		struct game g;
		char *head;
		new_game(&g, 5, "auto", "medium", 9);
		head = view_line(&g, "Dragon Keepers,");
		ck_assert_str_eq(head, "Dragon Keepers, the keeper game: round 1.");
		free(head);
		game_release(&g);
	}
	{
		/* Player counts the rulebook does not allow are refused. */
		const struct engine *e = test_engine("dragon-keepers");
		static const struct {
			const char *opt;
			size_t n;
		} bad[] = { { "mode=keeper", 2 }, { "mode=dragon", 5 } };
		for (size_t i = 0; i < 2; i++) {
			struct game g;
			char *err = NULL;
			const char *opt[] = { bad[i].opt };
			memset(&g, 0, sizeof g);
			g.engine = e;
			g.nplayers = bad[i].n;
			g.players = xcalloc(g.nplayers, sizeof *g.players);
			for (size_t p = 0; p < g.nplayers; p++)
				g.players[p].name = xasprintf("p%zu", p);
			{
				const struct option_spec *tables[] = { core_options, e->options, NULL };
				ck_assert(option_set_build(&g.opts, tables, opt, 1, &err) == 0);
			}
			rng_seed(&g.rng, 1, 1);
			ck_assert(e->setup(&g, &err) == -1);
			ck_assert_msg(strstr(err, "players"), "%s", err);
			free(err);
			game_release(&g);
		}
	}
}
END_TEST

/* --- play-outs ------------------------------------------------------------ */

static void count_faces(const char *text)
{
	const char *p;
	if ((p = strstr(text, " the hunter dice: ")) || (p = strstr(text, " hunter dice: ")) ||
	    (p = strstr(text, " hunter die: "))) {
		const char *end;
		p = strchr(p, ':') + 2;
		end = p + strcspn(p, ".;");
		while (p < end) {
			for (int c = 0; c < 6; c++)
				if (!strncmp(p, colours[c], strlen(colours[c])))
					hunter_faces[c]++;
			p += strcspn(p, ",.;");
			p += strspn(p, ", ");
			if (*p == '.' || *p == ';')
				break;
		}
		return;
	}
	if ((p = strstr(text, " attacks: "))) {
		static const char *const faces[3] = { "miss", "weak flame", "flame" };
		const char *end = p + strcspn(p, ";");
		p += 10;
		while (p < end) {
			int col = !strncmp(p, "red ", 4);
			const char *f = p + (col ? 4 : 6);
			for (int k = 2; k >= 0; k--)
				if (!strncmp(f, faces[k], strlen(faces[k]))) {
					battle_faces[col][k]++;
					break;
				}
			p += strcspn(p, ",;.");
			if (*p != ',')
				break;
			p += 2;
		}
	}
}

/* Try a few random lines of the form fmt until check accepts one; the
 * canonical line, or NULL. */
static char *try_line(const struct game *g, int p, struct rng *r, bool avoid_failing)
{
	for (int k = 0; k < 8; k++) {
		char *line = xasprintf("play %s %s", colours[rng_below(r, 6)], actions[rng_below(r, 4)]);
		struct order_line l = { 1, line, NULL, NULL, NULL, false, NULL };
		struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
		g->engine->check(g, p, &l, 1, &ctx);
		free(line);
		free(l.reason);
		if (l.canon && (!avoid_failing || !l.note || !strstr(l.note, "fails"))) {
			free(l.note);
			return l.canon;
		}
		free(l.canon);
		free(l.note);
	}
	return NULL;
}

static const char *const choices[] = {
	"reroll red", "reroll white", "reroll none", "green flame", "green mend",
	"reward defend", "reward heal", "reward train", "reward attack", "take left",
	"take discard", "mend red", "mend blue", "mend yellow",
};

/* One player's orders for a dragon-game round. */
static void dragon_orders_for(const struct game *g, int p, struct rng *r, struct strlist *out)
{
	char *play = rng_below(r, 10) ? try_line(g, p, r, rng_below(r, 4) != 0) : NULL;
	if (!play) {
		strlist_add(out, "pass");
		return;
	}
	strlist_take(out, play);
	if (rng_below(r, 3) == 0) {
		char *m = xasprintf("magic %s %s %s", actions[rng_below(r, 4)],
				    colours[rng_below(r, 6)], rng_below(r, 2) ? "after" : "before");
		strlist_take(out, m);
	}
	for (int i = 0; i < 3; i++)
		if (rng_below(r, 2))
			strlist_add(out, choices[rng_below(r, ARRAY_SIZE(choices))]);
}

static void keeper_orders_for(const struct game *g, int p, struct rng *r, struct strlist *out)
{
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	struct strlist legal = STRLIST_INIT;
	size_t k = 0;
	g->engine->legal(g, p, &ctx, &legal);
	while (k < legal.n && !strncmp(legal.v[k], "keeper ", 7))
		k++;
	if (!k)
		ck_abort_msg("no keeper to play");
	strlist_add(out, legal.v[rng_below(r, (uint32_t)k)]);
	if (rng_below(r, 3) == 0)
		strlist_add(out, legal.v[k + rng_below(r, (uint32_t)(legal.n - k))]);
	strlist_clear(&legal);
}

/* Every line of the mail must be accepted as it was sent. */
static void check_mail(const struct game *g, int p, const struct strlist *lines)
{
	struct order_line l[16];
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	size_t n = lines->n;
	memset(l, 0, sizeof l);
	for (size_t i = 0; i < n; i++) {
		l[i].lineno = (int)i + 1;
		l[i].text = lines->v[i];
	}
	g->engine->check(g, p, l, n, &ctx);
	for (size_t i = 0; i < n; i++) {
		/* A random magic line may name a card not held, or come twice. */
		if (!l[i].canon && strncmp(lines->v[i], "magic", 5) && strcmp(l[i].code, "twice"))
			ck_abort_msg("'%s' rejected: %s", lines->v[i], l[i].reason);
		free(l[i].canon);
		free(l[i].reason);
		free(l[i].note);
	}
}

/* One random play-out; returns the turns it took (fails if it does not
 * end).  *won is set for a dragon game the keepers won. */
static int playout(const char *mode, const char *diff, uint64_t seed, bool *won)
{
	struct rng choose;
	struct game g;
	bool keeper = !strcmp(mode, "keeper");
	size_t n;
	int turn;

	rng_seed(&choose, seed, 31);
	n = keeper ? 3 + rng_below(&choose, 4) : 2 + rng_below(&choose, 3);
	new_game(&g, n, mode, diff, seed);
	for (turn = 1; turn <= 2000 && !g.engine->over(&g); turn++) {
		struct engine_ctx ctx = engine_ctx_make(BASE_TIME + turn * 86400LL, "UTC");
		bool has[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		struct turn_orders o = { g.nplayers, has, lines };
		struct events ev = EVENTS_INIT;
		char *err = NULL, *inv;

		memset(lines, 0, sizeof lines);
		for (size_t p = 0; p < g.nplayers; p++) {
			has[p] = rng_below(&choose, 12) != 0;
			if (!has[p])
				continue;
			if (keeper)
				keeper_orders_for(&g, (int)p, &choose, &lines[p]);
			else
				dragon_orders_for(&g, (int)p, &choose, &lines[p]);
			check_mail(&g, (int)p, &lines[p]);
		}
		if (g.engine->advance(&g, &o, &ctx, &ev, &err))
			ck_abort_msg("%s", err);
		g.turn++;
		for (size_t i = 0; i < ev.n; i++)
			count_faces(ev.v[i].text);
		events_release(&ev);
		for (size_t p = 0; p < g.nplayers; p++)
			strlist_clear(&lines[p]);
		/* (ck_assert costs a write per call in Check's fork mode.) */
		if ((inv = g.engine->invariant(&g)))
			ck_abort_msg("%s %s seed %llu turn %d: %s", mode, diff,
				     (unsigned long long)seed, turn, inv);
	}
	if (!g.engine->over(&g))
		ck_abort_msg("%s %s seed %llu did not end", mode, diff, (unsigned long long)seed);
	{
		char *line = view_line(&g, "All six dragons have struck");
		*won = line != NULL;
		free(line);
	}
	game_release(&g);
	return turn;
}

static void playouts(const char *mode, const char *diff, int *wins)
{
	int n = playout_count(10000);
	*wins = 0;
	for (int k = 1; k <= n; k++) {
		bool won;
		playout(mode, diff, (uint64_t)k, &won);
		*wins += won;
	}
}

START_TEST(keeper_playouts)
{
	int wins;
	playouts("keeper", "medium", &wins);
	ck_assert_int_eq(wins, 0);
}
END_TEST

START_TEST(dragon_playouts)
{
	static const char *const diffs[4] = { "easy", "medium", "hard", "extreme" };
	int wins;
	playouts("dragon", diffs[_i], &wins);
	/* Random keepers seldom win; the easy game, now and then. */
	if (_i == 0 && playout_count(10000) == 10000)
		ck_assert_msg(wins > 0, "no %s game was won", diffs[_i]);
}
END_TEST

/* Chi-square of observed counts against expected proportions (in sixths). */
static double chi_square(const long *seen, const int *sixths, int k)
{
	long total = 0;
	double x = 0;
	for (int i = 0; i < k; i++)
		total += seen[i];
	if (total < 300)
		ck_abort_msg("only %ld dice", total);
	for (int i = 0; i < k; i++) {
		double want = (double)total * sixths[i] / 6.0;
		x += ((double)seen[i] - want) * ((double)seen[i] - want) / want;
	}
	return x;
}

START_TEST(dice_are_fair)
{
	static const int uniform[6] = { 1, 1, 1, 1, 1, 1 };
	static const int white[3] = { 2, 3, 1 }, red[3] = { 1, 2, 3 };
	bool won;

	memset(hunter_faces, 0, sizeof hunter_faces);
	memset(battle_faces, 0, sizeof battle_faces);
	/* Not scaled by playout_count: fewer would leave too few dice. */
	for (uint64_t seed = 50001; seed <= 51000; seed++) {
		playout("dragon", "easy", seed, &won);
		playout("keeper", "medium", seed, &won);
	}
	/* p = 0.001: 20.52 for 5 degrees of freedom, 13.82 for 2. */
	ck_assert_msg(chi_square(hunter_faces, uniform, 6) < 20.52, "hunter die %ld %ld %ld %ld "
		      "%ld %ld", hunter_faces[0], hunter_faces[1], hunter_faces[2],
		      hunter_faces[3], hunter_faces[4], hunter_faces[5]);
	ck_assert_msg(chi_square(battle_faces[0], white, 3) < 13.82, "white %ld %ld %ld",
		      battle_faces[0][0], battle_faces[0][1], battle_faces[0][2]);
	ck_assert_msg(chi_square(battle_faces[1], red, 3) < 13.82, "red %ld %ld %ld",
		      battle_faces[1][0], battle_faces[1][1], battle_faces[1][2]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("dragon-keepers");
	TCase *tc = tcase_create("dragon-keepers");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, keeper_orders);
	tcase_add_test(tc, dragon_orders);
	tcase_add_test(tc, setups);
	tcase_add_test(tc, keeper_playouts);
	tcase_add_loop_test(tc, dragon_playouts, 0, 4);
	tcase_add_test(tc, dice_are_fair);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
