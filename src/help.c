/* help.c - help by mail and the help line of every mail; see help.h. */
#include "help.h"

#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "fsutil.h"
#include "report.h"

/* The commands by mail (mail-commands.h, press.h), as `help` shows them. */
static const struct order_doc commands[] = {
	{ "help", "help [ORDER]", "this help; with an order or command, that one "
				  "explained, with examples from your position" },
	{ "status", "status", "the game's turn, deadline and who has sent orders, and who "
			      "is ready, not ready or waiting" },
	{ "wait", "wait", "hold this turn's early run for you, until you send 'ready' or "
			  "new orders all accepted; the deadline still counts" },
	{ "ready", "ready", "your pending orders stand as they are: ends 'wait', and lets "
			    "the accepted lines of a half-refused mail play" },
	{ "resend", "resend [TURN]", "your report of TURN (default: the last) again" },
	{ "password", "password NEW", "change your password (one word, 6 characters or more)" },
	{ "resign", "resign", "leave the game for good when the turn runs" },
	{ "press", "press NAME: TEXT", "a message to that player (press all: TEXT, to "
				       "everyone), relayed at once from the game's address" },
	{ "gm", "gm TEXT", "a message to the game master" },
	{ "absent", "absent FROM TO [REASON]", "you are away from day FROM to day TO "
					       "(YYYY-MM-DD, both included): no turn waits "
					       "for you and the turns are not counted as missed" },
	{ "back", "back", "your absence ends today (or the next one is called off)" },
	{ NULL, NULL, NULL },
};

static bool verb_is(const char *verb, const char *word, size_t n)
{
	return strlen(verb) == n && !ascii_ncasecmp(verb, word, n);
}

bool help_knows(const struct game *g, const char *word)
{
	size_t n = strlen(word);
	for (const struct order_doc *d = g->engine->orders; d && d->verb; d++)
		if (verb_is(d->verb, word, n))
			return true;
	for (const struct order_doc *d = commands; d->verb; d++)
		if (verb_is(d->verb, word, n))
			return true;
	return false;
}

static void forms(const struct order_doc *d, struct sb *out)
{
	for (; d && d->verb; d++)
		sb_addf(out, "  %s\n      %s\n", d->form, d->text);
}

void help_all(const struct game *g, int p, struct sb *out)
{
	char *path = xasprintf("%s/%s.md", datadir_guides(), g->engine->name), *text = NULL;
	char *err = NULL;
	size_t len;

	report_orders_help(g, p, out);
	sb_addf(out, "\nThe orders of %s (send 'help ORDER' for one of them)\n",
		g->engine->title);
	forms(g->engine->orders, out);
	sb_adds(out, "\nCommands, in any orders mail\n");
	forms(commands, out);
	/* The guide as installed; a missing one costs the player only it. */
	if (fs_exists(path) && !fs_read_file(path, &text, &len, &err)) {
		sb_adds(out, "\n\nThe player guide\n\n");
		sb_adds(out, text);
		if (len && text[len - 1] != '\n')
			sb_addc(out, '\n');
	}
	free(err);
	free(text);
	free(path);
}

/* The lines of legal starting with word, with what each would do. */
static size_t examples(const struct game *g, int p, const char *word, struct sb *out)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct strlist legal = STRLIST_INIT;
	size_t n = strlen(word), shown = 0;

	if (p >= 0 && g->status != GAME_OVER)
		g->engine->legal(g, p, &ctx, &legal);
	for (size_t i = 0; i < legal.n && shown < 5; i++) {
		struct order_line l = { 1, legal.v[i], NULL, NULL, NULL, false, NULL };
		if (strcspn(legal.v[i], " ") != n || ascii_ncasecmp(legal.v[i], word, n))
			continue;
		g->engine->check(g, p, &l, 1, &ctx);
		sb_addf(out, "%s    %s%s%.*s\n", shown ? "" : "  You could send now, for example:\n",
			legal.v[i], l.note ? "  # " : "", l.note ? (int)strcspn(l.note, "\n") : 0,
			l.note ? l.note : "");
		shown++;
		free(l.canon);
		free(l.reason);
		free(l.note);
	}
	strlist_clear(&legal);
	return shown;
}

void help_order(const struct game *g, int p, const char *word, struct sb *out)
{
	size_t n = strlen(word);
	bool order = false;

	sb_addf(out, "\nHelp on '%s' in %s\n", word, g->engine->title);
	for (const struct order_doc *d = g->engine->orders; d && d->verb; d++)
		if (verb_is(d->verb, word, n)) {
			sb_addf(out, "  %s\n    %s\n", d->form, d->text);
			order = true;
		}
	for (const struct order_doc *d = commands; d->verb; d++)
		if (verb_is(d->verb, word, n))
			sb_addf(out, "  %s\n    %s\n", d->form, d->text);
	if (order && !examples(g, p, word, out))
		sb_adds(out, "  You cannot give this order now; 'help' lists what you may send.\n");
}

char *help_footer(const struct game *g, const char *site_url)
{
	size_t n = site_url ? strlen(site_url) : 0;
	char *site = site_url
		? xasprintf("; the guide: %s%sguide/%s.html", site_url,
			    n && site_url[n - 1] == '/' ? "" : "/", g->engine->name)
		: xstrdup("");
	char *line = xasprintf("Help: send 'help' or 'help ORDER' under your game, player and "
			       "password lines%s\n", site);
	free(site);
	return line;
}
