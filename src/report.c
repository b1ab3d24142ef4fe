/* report.c - report and reply texts; see report.h. */
#include "report.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "events.h"
#include "report-pdf.h"
#include "schedule.h"
#include "utf8.h"
#include "template.h"
#include "util.h"

static void deadline_line(const struct game *g, struct sb *out)
{
	bool awaited[MAX_PLAYERS], any = false;
	char *when;
	if (g->status == GAME_OVER) {
		sb_adds(out, "The game is over.\n");
		return;
	}
	if (g->status == GAME_PAUSED) {
		sb_adds(out, "The game master has paused the game: no turn runs and no deadline "
			     "counts until it is resumed.\n");
		return;
	}
	g->engine->awaited(g, awaited);
	for (size_t i = 0; i < g->nplayers; i++)
		any |= awaited[i] && !g->players[i].dropped;
	when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	if (any)
		sb_addf(out, "Turn %d runs at %s at the latest, or earlier once every player "
			     "it waits for is ready.\n", g->turn, when);
	else
		sb_addf(out, "Turn %d runs at %s.\n", g->turn, when);
	free(when);
}

/* What sending nothing means for player p this turn, in a sentence. */
static void if_nothing(const struct game *g, int p, struct sb *out)
{
	bool awaited[MAX_PLAYERS] = { false }, wanted[MAX_PLAYERS] = { false };
	struct strlist nmr = STRLIST_INIT;
	long long drop = option_int(&g->opts, "nmr-drop");

	g->engine->awaited(g, awaited);
	if (g->engine->wanted)
		g->engine->wanted(g, wanted);
	if (!awaited[p] && wanted[p]) {
		char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
		sb_addf(out, "  Nothing is required from you; what you send counts if it comes "
			     "before the\n  turn runs: by %s at the latest, earlier once every\n"
			     "  player the turn waits for is ready.\n", when);
		free(when);
		return;
	}
	if (!awaited[p]) {
		sb_adds(out, "  Nothing is needed from you this turn: send orders only to change "
			     "something.\n  Sending nothing keeps you in the game.\n");
		return;
	}
	g->engine->nmr(g, p, &nmr);
	sb_adds(out, "  The turn waits for your orders. If none come by the deadline, ");
	if (nmr.n) {
		sb_adds(out, "you are taken\n  to have sent:");
		for (size_t i = 0; i < nmr.n; i++)
			sb_addf(out, "%s %s", i ? "," : "", nmr.v[i]);
		sb_adds(out, ".\n");
	} else {
		sb_adds(out, "the turn\n  is played without orders from you.\n");
	}
	if (drop > 0)
		sb_addf(out, "  Miss %lld turn%s in a row and %s.\n", drop, drop == 1 ? "" : "s",
			strcmp(option_get(&g->opts, "takeover"), "no")
				? "your seat is offered to someone else"
				: "you are out of the game");
	strlist_clear(&nmr);
}

/* The reason in a note that says an order fails now ("fails now: no
 * arrow on the red dragon", "fails: fully trained"); NULL when it does not. */
static const char *fails_reason(const char *note)
{
	const char *f = note ? strstr(note, "fails") : NULL;
	const char *colon = f ? strstr(f, ": ") : NULL;
	return colon ? colon + 2 : NULL;
}

/* Are a and b one order with one word changed at the end ("reroll white",
 * "reroll red") and the same note?  Then the list shows them as one line,
 * "reroll white|red", with the note once.  Lines without a note stay
 * apart, each a line to copy whole. */
static bool same_but_last(const char *a, const char *an, const char *b, const char *bn)
{
	const char *sa = strrchr(a, ' '), *sb = strrchr(b, ' ');
	if (!an || !bn || strcmp(an, bn) || !sa || !sb || sa - a != sb - b)
		return false;
	return !strncmp(a, b, (size_t)(sa - a));
}

void report_orders_list(const struct game *g, int p, struct orders_list *ol)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct strlist legal = STRLIST_INIT, none = STRLIST_INIT;
	bool awaited[MAX_PLAYERS] = { false };

	memset(ol, 0, sizeof *ol);
	if (g->status == GAME_OVER || p < 0)
		return;
	g->engine->legal(g, p, &ctx, &legal);
	g->engine->awaited(g, awaited);
	/* What a whole turn is, from the engine that decides when the player
	 * is ready: "your 2 actions", a Minion's five lines. */
	if (awaited[p] && legal.n)
		ol->needs = g->engine->incomplete(g, p, &none, &ctx);
	for (size_t i = 0; i < legal.n; i++) {
		struct order_line l = { 1, legal.v[i], NULL, NULL, NULL, false, NULL };
		const char *why;
		struct orders_entry *last = ol->n ? &ol->v[ol->n - 1] : NULL;
		g->engine->check(g, p, &l, 1, &ctx);
		ol->nlegal++;
		if ((why = fails_reason(l.note))) {
			char *w = xstrndup(why, strcspn(why, "\n"));
			if (!strlist_has(&ol->failing, w))
				strlist_add(&ol->failing, w);
			free(w);
			ol->nfailing++;
		} else if (last && same_but_last(last->line, last->note, legal.v[i], l.note)) {
			char *joined = xasprintf("%s|%s", last->line, strrchr(legal.v[i], ' ') + 1);
			free(last->line);
			last->line = joined;
		} else if (ol->n >= REPORT_HELP_LINES) {
			ol->more++;
		} else {
			ALLOC_GROW(ol->v, ol->n + 1, ol->alloc);
			ol->v[ol->n].line = xstrdup(legal.v[i]);
			ol->v[ol->n].note = l.note ? xstrndup(l.note, strcspn(l.note, "\n")) : NULL;
			ol->n++;
		}
		free(l.canon);
		free(l.reason);
		free(l.note);
	}
	strlist_clear(&legal);
}

void report_orders_list_release(struct orders_list *ol)
{
	for (size_t i = 0; i < ol->n; i++) {
		free(ol->v[i].line);
		free(ol->v[i].note);
	}
	free(ol->v);
	free(ol->needs);
	strlist_clear(&ol->failing);
	memset(ol, 0, sizeof *ol);
}

void report_orders_help(const struct game *g, int p, struct sb *out)
{
	struct orders_list ol;

	if (g->status == GAME_OVER || p < 0)
		return;
	report_orders_list(g, p, &ol);
	sb_addf(out, "\nYour orders for turn %d\n", g->turn);
	if (!ol.nlegal) {
		sb_adds(out, "  You have no orders to give this turn: there is nothing to send.\n");
		report_orders_list_release(&ol);
		return;
	}
	if (ol.needs)
		sb_addf(out, "  A whole turn from you: %s.\n", ol.needs);
	sb_adds(out, "  You may send one of:\n");
	/* With what it would do, as a comment: a line copied whole into a
	 * mail is still the order (a line with a '|' offers a choice). */
	for (size_t i = 0; i < ol.n; i++)
		if (ol.v[i].note)
			sb_addf(out, "    %s # %s\n", ol.v[i].line, ol.v[i].note);
		else
			sb_addf(out, "    %s\n", ol.v[i].line);
	if (ol.more)
		sb_addf(out, "    ... and %zu more like them\n", ol.more);
	if (ol.nfailing) {
		sb_addf(out, "  %zu more order%s would fail now, so %s not listed:\n", ol.nfailing,
			ol.nfailing == 1 ? "" : "s", ol.nfailing == 1 ? "it is" : "they are");
		for (size_t i = 0; i < ol.failing.n; i++)
			sb_addf(out, "    - %s\n", ol.failing.v[i]);
	}
	report_orders_list_release(&ol);
	if_nothing(g, p, out);
	sb_addf(out, "  To send orders, reply to this mail with these lines, then one order a "
		     "line:\n    game %s\n    player %s\n    password YOUR-PASSWORD\n",
		g->id, g->players[p].name);
}

void report_parts_make(const struct game *g, int p, struct report_parts *rp)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);

	rp->details = (struct sb)SB_INIT;
	rp->orders = (struct sb)SB_INIT;
	rp->messages = (struct strlist)STRLIST_INIT;
	g->engine->view(g, p, &ctx, &rp->details);
	report_orders_help(g, p, &rp->orders);
	view_init(&rp->board, VIEW_GRID, NULL);
	rp->has_board = g->engine->board != NULL;
	if (rp->has_board)
		g->engine->board(g, p, &rp->board);
}

void report_parts_release(struct report_parts *rp)
{
	sb_release(&rp->details);
	sb_release(&rp->orders);
	strlist_clear(&rp->messages);
	view_release(&rp->board);
}

void report_how_to_take_over(const struct game *g, const char *seat, struct sb *out)
{
	sb_addf(out, "    game %s\n    player YOUR-NAME\n    password A-PASSWORD-OF-YOUR-OWN\n"
		     "    takeover %s\n"
		     "  A code comes back to the address you wrote from: mail the same lines\n"
		     "  from it with the code after the seat (takeover %s CODE).\n",
		g->id, seat, seat);
}

/* What a report says of g's open seats (nothing when there is none). */
static void open_seats(const struct game *g, struct sb *out)
{
	const char *first = NULL;
	int n = 0;
	if (g->status == GAME_OVER)
		return;
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		if (!pl->open || pl->dropped)
			continue;
		sb_addf(out, "%s%s%s", n++ ? ", " : "\nOpen seats\n  ", pl->name,
			pl->req_name ? " (asked for)" : "");
		first = first ? first : pl->name;
	}
	if (!n)
		return;
	sb_addf(out, "\n  Anyone may take %s over, with everything in it, by mailing these "
		     "lines\n  (a name of your own, a password of one word, 6 characters or "
		     "more):\n", n == 1 ? "it" : "one");
	report_how_to_take_over(g, n == 1 ? first : "SEAT", out);
	sb_addf(out, "  %s\n", strcmp(option_get(&g->opts, "takeover"), "auto")
		? "The game master approves each request."
		: "The first to ask takes the seat.");
}

char *report_turn(const struct game *g, int turn, const struct events *ev, int p,
		  const struct report_parts *rp)
{
	struct sb out = SB_INIT;
	size_t seen = 0;
	struct report_parts own;

	if (!rp) {
		report_parts_make(g, p, &own);
		rp = &own;
	}

	sb_addf(&out, "%s: game %s, turn %d\n", g->engine->title, g->id, turn);
	if (p >= 0)
		sb_addf(&out, "Report for %s\n", g->players[p].name);
	else
		sb_adds(&out, "Public report\n");
	sb_adds(&out, "\nWhat happened\n");
	for (size_t i = 0; i < ev->n; i++)
		if (event_visible(&ev->v[i], p)) {
			sb_addf(&out, "  %s\n", ev->v[i].text);
			seen++;
		}
	if (!seen)
		sb_adds(&out, "  Nothing.\n");
	if (rp->messages.n)
		sb_adds(&out, "\nMessages\n");
	for (size_t i = 0; i < rp->messages.n; i++) {
		/* a message of several lines keeps them, indented */
		sb_adds(&out, "  ");
		for (const char *t = rp->messages.v[i]; *t; t++) {
			sb_addc(&out, *t);
			if (*t == '\n' && t[1])
				sb_adds(&out, "    ");
		}
		sb_addc(&out, '\n');
	}
	sb_adds(&out, "\n");
	sb_adds(&out, sb_str(&rp->details));
	if (out.len && out.buf[out.len - 1] != '\n')
		sb_addc(&out, '\n');
	sb_adds(&out, "\n");
	deadline_line(g, &out);
	open_seats(g, &out);
	sb_adds(&out, sb_str(&rp->orders));
	if (rp == &own)
		report_parts_release(&own);
	return sb_detach(&out);
}

/* A forecast under an accepted line, each of its lines indented. */
static void indent_note(struct sb *out, const char *note)
{
	while (*note) {
		size_t len = strcspn(note, "\n");
		sb_addf(out, "    %.*s\n", (int)len, note);
		note += len + (note[len] == '\n');
	}
}

/* How much of a mail a confirmation echoes: a reply quoting a huge mail
 * whole (an 840 KB mail got a 9.1 MB reply) would reflect it, many times
 * over, onto whoever the From names. */
#define ECHO_LINES 200
#define ECHO_BYTES 65536

/* Is the echo of out, which began at offset start, full after n lines? */
static bool echo_full(const struct sb *out, size_t start, size_t n)
{
	return n >= ECHO_LINES || out->len - start >= ECHO_BYTES;
}

/* What the deadline does with player p's pending orders, after "At the
 * deadline (WHEN), ". */
static void at_deadline(const struct game *g, int p, const struct strlist *pending,
			bool refused, struct sb *out)
{
	struct strlist nmr = STRLIST_INIT;
	if (pending->n) {
		sb_adds(out, "the turn runs with your pending orders below");
		sb_adds(out, refused ? ", without the refused lines.\n" : ", as they are.\n");
		return;
	}
	g->engine->nmr(g, p, &nmr);
	if (nmr.n) {
		sb_adds(out, "you have no orders in, so you are taken to have sent:");
		for (size_t i = 0; i < nmr.n; i++)
			sb_addf(out, "%s %s", i ? "," : "", nmr.v[i]);
		sb_adds(out, ".\n");
	} else {
		sb_adds(out, "you have no orders in, so the turn is played without orders "
			     "from you.\n");
	}
	strlist_clear(&nmr);
}

/* The opening of a reply: ready or not, and when not, why, what to send
 * and what the deadline does.  A refused line comes first, whole. */
static void readiness(const struct game *g, int p, const struct submission *s,
		      const struct strlist *pending, const struct report_readiness *rd,
		      struct sb *out)
{
	char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	size_t shown = 0;

	if (rd->refused) {
		size_t nref = 0;
		for (size_t i = 0; i < s->n; i++)
			nref += !s->lines[i].canon;
		if (rd->awaited)
			sb_addf(out, "NOT READY: turn %d will not run early for you, because %s "
				     "of your mail %s refused:\n", g->turn,
				nref == 1 ? "a line" : "lines", nref == 1 ? "was" : "were");
		else
			sb_addf(out, "%s of your mail %s refused:\n", nref == 1 ? "A line" : "Lines",
				nref == 1 ? "was" : "were");
		for (size_t i = 0; i < s->n && shown < 10; i++) {
			const struct order_line *l = &s->lines[i];
			char *text;
			if (l->canon)
				continue;
			text = utf8_visible(l->text);
			sb_addf(out, "  line %d: %s\n    refused: %s\n", l->lineno, text,
				l->reason ? l->reason : l->code);
			free(text);
			shown++;
		}
		if (shown < nref)
			sb_addf(out, "  ... and %zu more, below\n", nref - shown);
		sb_adds(out, "What to send: your whole orders again, corrected, in one mail: a "
			     "new mail\n  replaces every order you sent for this turn.");
		if (rd->awaited)
			sb_adds(out, " Or send 'ready' to let the\n  pending orders below stand "
				     "as they are.");
		sb_adds(out, "\n");
		sb_addf(out, "At the deadline (%s), ", when);
		at_deadline(g, p, pending, true, out);
		sb_adds(out, "\n");
	} else if (rd->awaited && rd->waiting) {
		sb_addf(out, "WAITING: you asked turn %d to wait for you. It runs at the deadline "
			     "(%s),\n  or earlier once you send 'ready' (or new orders) and every "
			     "player it waits\n  for is ready.\n\n", g->turn, when);
	} else if (rd->awaited && rd->incomplete) {
		sb_addf(out, "NOT READY YET: turn %d still needs from you:\n  %s.\n"
			     "What to send: your whole orders again with it, in one mail (a new "
			     "mail replaces\n  them all).\n", g->turn, rd->incomplete);
		sb_addf(out, "At the deadline (%s), ", when);
		at_deadline(g, p, pending, false, out);
		sb_adds(out, "\n");
	} else if (rd->awaited) {
		sb_addf(out, "READY: turn %d may run before its deadline (%s) once\n  every "
			     "player it waits for is ready. To hold it for more orders, send "
			     "'wait'.\n\n", g->turn, when);
	}
	free(when);
}

char *report_confirmation(const struct game *g, int p, const struct submission *s,
			  const struct strlist *pending, bool stored,
			  const struct report_readiness *rd)
{
	struct sb out = SB_INIT;
	size_t rejected = 0, start, shown_lines = 0;

	readiness(g, p, s, pending, rd, &out);
	sb_addf(&out, "Orders received for game %s, turn %d, player %s.\n\n", g->id, g->turn,
		g->players[p].name);
	if (!s->n)
		sb_adds(&out, "The mail held no orders.\n");
	start = out.len;
	for (size_t i = 0; i < s->n; i++) {
		const struct order_line *l = &s->lines[i];
		/* Never echo a new password back into a mail. */
		bool secret = l->command && !ascii_ncasecmp(l->text, "password", 8);
		char *shown;
		rejected += !l->canon;
		if (echo_full(&out, start, shown_lines))
			continue;
		shown_lines++;
		shown = utf8_visible(l->text); /* bad-character lines */
		sb_addf(&out, "line %d: %s\n", l->lineno, secret ? "password ******" : shown);
		free(shown);
		if (l->canon) {
			sb_addf(&out, "  accepted: %s\n", l->canon);
			if (l->note)
				indent_note(&out, l->note);
		} else {
			sb_addf(&out, "  rejected [%s]: %s\n", l->code, l->reason);
		}
	}
	if (shown_lines < s->n)
		sb_addf(&out, "... %zu more lines not shown (%zu rejected in all)\n",
			s->n - shown_lines, rejected);
	if (!stored)
		sb_adds(&out, "\nEvery order was rejected, so your earlier orders stand.\n");
	sb_addf(&out, "\nYour pending orders for turn %d:\n", g->turn);
	if (!pending->n)
		sb_adds(&out, "  none\n");
	start = out.len;
	for (size_t i = 0; i < pending->n; i++) {
		if (echo_full(&out, start, i)) {
			sb_addf(&out, "  ... %zu more not shown\n", pending->n - i);
			break;
		}
		sb_addf(&out, "  %s\n", pending->v[i]);
	}
	sb_adds(&out, "A later mail for this turn replaces them all.\n\n");
	deadline_line(g, &out);
	if (rejected)
		report_orders_help(g, p, &out);
	return sb_detach(&out);
}

char *report_welcome(const struct game *g, int p, const char *password)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct sb out = SB_INIT;

	sb_addf(&out, "Welcome to game %s of %s, %s.\n\n", g->id, g->engine->title,
		g->players[p].name);
	if (password)
		sb_addf(&out, REPORT_PASSWORD_LINE "%s\n"
			      "Keep this mail: the password is stored only as a hash and cannot "
			      "be shown again.\n\n", password);
	else
		sb_adds(&out, "Your password for this game is the one you chose when you asked "
			      "for the seat.\n\n");
	/* The game as it starts, so the first orders need no other mail
	 * (the dice of a first round, a drawn table, a hand). */
	if (g->turn > 1 || g->last_run)
		sb_addf(&out, "The game now, at turn %d\n", g->turn);
	else
		sb_adds(&out, "The game as it starts\n");
	g->engine->view(g, p, &ctx, &out);
	if (out.len && out.buf[out.len - 1] != '\n')
		sb_addc(&out, '\n');
	sb_adds(&out, "\n");
	deadline_line(g, &out);
	report_orders_help(g, p, &out);
	return sb_detach(&out);
}

char *report_held(const struct game *g, const bool *missing)
{
	struct sb out = SB_INIT;
	sb_addf(&out, "Turn %d of game %s (%s) is held: more than half of the players it "
		      "waits for sent no orders by the deadline.\n\nMissing:\n",
		g->turn, g->id, g->engine->title);
	for (size_t i = 0; i < g->nplayers; i++)
		if (missing[i])
			sb_addf(&out, "  %s <%s>\n", g->players[i].name, g->players[i].email);
	sb_addf(&out, "\nTo play the turn anyway: wyrmpost turn %s --force\n", g->id);
	return sb_detach(&out);
}

char *report_held_player(const struct game *g, int p, const bool *missing)
{
	struct sb out = SB_INIT;
	int n = 0;
	sb_addf(&out, "Turn %d of game %s (%s) is held: more than half of the players it "
		      "waits for sent no orders by the deadline (", g->turn, g->id, g->engine->title);
	for (size_t i = 0; i < g->nplayers; i++)
		if (missing[i])
			sb_addf(&out, "%s%s", n++ ? ", " : "", g->players[i].name);
	sb_adds(&out, ").\nIt is played as soon as every one of them has sent orders, or when "
		      "the game master plays it; nobody counts a missed turn meanwhile.\n");
	if (missing[p])
		sb_adds(&out, "\nYour orders are among those missing.\n");
	report_orders_help(g, p, &out);
	return sb_detach(&out);
}

char *report_reminder(const struct game *g, int p)
{
	struct sb out = SB_INIT;
	char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	sb_addf(&out, "A reminder: turn %d of game %s (%s) runs at %s, and you have sent no "
		      "orders for it yet.\n", g->turn, g->id, g->engine->title, when);
	report_orders_help(g, p, &out);
	free(when);
	return sb_detach(&out);
}

/* Whether text names the player: name as a word of its own ("ann", not
 * "Joanna"). */
static bool names(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *s = strstr(text, name); n && s; s = strstr(s + 1, name)) {
		bool before = s == text || !isalnum((unsigned char)s[-1]);
		bool after = !isalnum((unsigned char)s[n]);
		if (before && after)
			return true;
	}
	return false;
}

int report_turn_pdf(const struct game *g, int turn, const struct events *ev, int p,
		    const struct report_parts *rp, const char *author, const char *tpl_dir,
		    char **pdf, size_t *len, char **err)
{
	struct print_doc_opts o = { .paper = PRINT_A4,
				    .small = !strcmp(option_get(&g->opts, "pdf"), "standard"),
				    .author = author };
	struct report_pdf r;
	struct sb deadline = SB_INIT;
	struct report_parts own;
	const char **lines = xcalloc(ev->n + 1, sizeof *lines);
	int *mine = xcalloc(ev->n + 1, sizeof *mine);
	char *title = xasprintf("%s: game %s, turn %d", g->engine->title, g->id, turn);
	char *subtitle = p >= 0 ? xasprintf("Report for %s", g->players[p].name)
				: xstrdup("Public report");
	int rc;

	/* The document's title names the reader too: a player keeps a folder
	 * of these, and a reader lists them by title. */
	char *doc_title = xasprintf("%s, %s", title,
				    p >= 0 ? g->players[p].name : "public report");
	char *subject = xasprintf("%s turn report", g->engine->title);

	o.title = doc_title;
	o.subject = subject;
	memset(&r, 0, sizeof r);
	for (size_t i = 0; i < ev->n; i++)
		if (event_visible(&ev->v[i], p)) {
			/* the player's own: told to them alone, or naming them */
			if (p >= 0 && ev->v[i].audience != AUD_ALL)
				mine[r.nevents] = 2;
			else if (p >= 0 && names(ev->v[i].text, g->players[p].name))
				mine[r.nevents] = 1;
			lines[r.nevents++] = ev->v[i].text;
		}
	deadline_line(g, &deadline);
	if (!rp) {
		report_parts_make(g, p, &own);
		rp = &own;
	}
	r.title = title;
	r.subtitle = subtitle;
	r.deadline = sb_str(&deadline);
	r.events = lines;
	r.messages = (const char *const *)rp->messages.v;
	r.nmessages = rp->messages.n;
	r.board = rp->has_board ? &rp->board : NULL;
	r.details = sb_str(&rp->details);
	r.orders = sb_str(&rp->orders);
	r.tpl_dir = tpl_dir ? tpl_dir : datadir_templates();
	r.rules = g->engine->name;
	r.game_title = g->engine->title;
	r.game = g->id;
	r.turn = turn;
	r.player = p >= 0 ? g->players[p].name : NULL;
	r.seat = p;
	r.event_mine = mine;
	/* A report template at fault is the game master's to mend, as with
	 * `wyrmpost print`; the rest is the system's. */
	switch (report_pdf_render(&r, &o, pdf, len, err)) {
	case TPL_OK: rc = WP_OK; break;
	case TPL_ERR_DATA: rc = WP_ERR_DATA; break;
	default: rc = WP_ERR_IO; break;
	}
	if (rp == &own)
		report_parts_release(&own);
	sb_release(&deadline);
	free(lines);
	free(mine);
	free(title);
	free(subtitle);
	free(doc_title);
	free(subject);
	return rc;
}
