/* seat.c - open seats and taking them over by mail; see seat.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "engine.h"
#include "gm-notes.h"
#include "password.h"
#include "report.h"
#include "seat.h"

void seat_clear_open(struct player *pl)
{
	pl->open = false;
	free(pl->req_name);
	free(pl->req_email);
	free(pl->req_hash);
	pl->req_name = pl->req_email = pl->req_hash = NULL;
}

static int open_seat(const struct game *g, const char *name, char **err)
{
	int p = game_player_index(g, name);
	if (p < 0)
		*err = xasprintf("%s has no player '%s'", g->id, name);
	else if (g->players[p].dropped)
		*err = xasprintf("%s: %s was dropped and their seat is gone from the game", g->id,
				 name);
	else if (!g->players[p].open)
		*err = xasprintf("%s: the seat of %s is not open", g->id, name);
	else
		return p;
	return -1;
}

int seat_list(struct campaign *c, const char *id, struct sb *out, char **err)
{
	struct game g;
	int rc = campaign_load_live_game(c, id, &g, err), n = 0;
	if (rc)
		return rc;
	for (size_t i = 0; i < g.nplayers; i++) {
		const struct player *pl = &g.players[i];
		if (!pl->open || pl->dropped)
			continue;
		n++;
		if (pl->req_name)
			sb_addf(out, "%s: open; %s <%s> asks for it: wyrmpost approve %s %s "
				     "[--refuse]\n", pl->name, pl->req_name, pl->req_email, id,
				pl->name);
		else
			sb_addf(out, "%s: open, nobody has asked for it yet\n", pl->name);
	}
	if (!n)
		sb_addf(out, "%s has no open seat (takeover=%s)\n", id,
			option_get(&g.opts, "takeover"));
	game_release(&g);
	return WP_OK;
}

/* Mail the announcement of seat p to the players and the observers. */
static int announce(const struct campaign *c, const struct game *g, int p, char **err)
{
	struct sb what = SB_INIT, body = SB_INIT;
	char *subject = xasprintf("[%s] a seat is open: %s", g->id, g->players[p].name);
	int rc;

	/* The players' mails open with the game and turn (gm_tell_players);
	 * the observers' say it here.  The player who had the seat is out
	 * (gm_tell_players leaves open seats out) and is not invited back. */
	sb_addf(&what, "the seat of %s is open. Anyone may take it over, with everything in "
		       "it, by mailing these lines:\n", g->players[p].name);
	report_how_to_take_over(g, g->players[p].name, &what);
	sb_addf(&body, "Game %s (%s), turn %d: %s", g->id, g->engine->title, g->turn,
		sb_str(&what));
	rc = gm_tell_players(c, g, sb_str(&what), "a seat is open", err);
	for (size_t i = 0; !rc && i < g->observers.n; i++) {
		char *key = xasprintf("%s-%04d-offer-%s-%zu-%lld", g->id, g->turn,
				      g->players[p].name, i, c->now);
		rc = campaign_mail_to(c, NULL, g->observers.v[i], key, subject, body.buf, NULL,
				      "auto-generated", NULL, 0, err);
		free(key);
	}
	free(subject);
	sb_release(&what);
	sb_release(&body);
	return rc;
}

int seat_offer(struct campaign *c, const char *id, const char *name, char **err)
{
	struct game g;
	int p, rc = campaign_load_live_game(c, id, &g, err);
	if (rc)
		return rc;
	p = game_player_index(&g, name);
	if (p < 0 || g.players[p].dropped) {
		*err = p < 0 ? xasprintf("%s has no player '%s'", id, name)
			     : xasprintf("%s was dropped and their seat is gone from the game", name);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	if (!g.players[p].open) {
		char *key = xasprintf("%s-%04d-offered-%s", g.id, g.turn, name);
		char *subject = xasprintf("[%s] your seat is offered to others", g.id);
		char *body = xasprintf("Game %s (%s): the game master has opened your seat for "
				       "someone else to take over; you are out of the game. "
				       "Thank you for playing.\n", g.id, g.engine->title);
		g.players[p].open = true;
		rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
		if (!rc)
			rc = gm_note(c, &g, err, "The game master opened the seat of %s for anyone "
				     "to take over.", g.players[p].name);
		free(body);
		free(subject);
		free(key);
	}
	if (!rc)
		rc = announce(c, &g, p, err);
	if (!rc)
		rc = campaign_save_game(c, &g, err);
	game_release(&g);
	return rc;
}

/* Seat p goes to the one who asked; saved by the caller. */
static int fill(struct campaign *c, struct game *g, int p, char **err)
{
	struct player *pl = &g->players[p];
	char *old = pl->name, *key, *subject, *body;
	int rc;

	pl->name = pl->req_name;
	free(pl->email);
	pl->email = pl->req_email;
	free(pl->hash);
	pl->hash = pl->req_hash;
	pl->req_name = pl->req_email = pl->req_hash = NULL;
	pl->open = false;
	pl->nmr = 0;
	absence_clear(pl); /* the newcomer is not away */
	rc = gm_note(c, g, err, "%s takes over the seat of %s.", pl->name, old);
	key = xasprintf("%s-welcome-%s", g->id, pl->name);
	subject = xasprintf("[%s] welcome to %s (you take over from %s)", g->id,
			    g->engine->title, old);
	body = report_welcome(g, p, NULL);
	if (!rc)
		rc = campaign_mail(c, g, p, key, subject, body, NULL, "auto-generated", err);
	free(body);
	free(subject);
	free(key);
	free(old);
	return rc;
}

int seat_approve(struct campaign *c, const char *id, const char *seat, bool refuse,
		 char **who, char **err)
{
	struct game g;
	int p, rc = campaign_load_live_game(c, id, &g, err);
	if (rc)
		return rc;
	if ((p = open_seat(&g, seat, err)) < 0 || !g.players[p].req_name) {
		if (p >= 0)
			*err = xasprintf("%s: nobody has asked for the seat of %s", id, seat);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	*who = xstrdup(g.players[p].req_name);
	if (refuse) {
		struct player *pl = &g.players[p];
		char *key = xasprintf("%s-%04d-takeover-refused-%s-%lld", g.id, g.turn,
				      pl->req_name, c->now);
		char *subject = xasprintf("[%s] your request for a seat", g.id);
		char *body = xasprintf("Game %s (%s): the game master has turned down your "
				       "request to take over the seat of %s.\n", g.id,
				       g.engine->title, pl->name);
		rc = campaign_mail_to(c, pl->req_name, pl->req_email, key, subject, body, NULL,
				      "auto-generated", NULL, 0, err);
		if (!rc)
			rc = gm_note(c, &g, err, "The game master turned down %s's request for the "
				     "seat of %s.", pl->req_name, pl->name);
		free(pl->req_name);
		free(pl->req_email);
		free(pl->req_hash);
		pl->req_name = pl->req_email = pl->req_hash = NULL;
		free(body);
		free(subject);
		free(key);
	} else {
		rc = fill(c, &g, p, err);
	}
	if (!rc)
		rc = campaign_save_game(c, &g, err);
	game_release(&g);
	return rc;
}

int seat_ask_check(const struct game *g, const char *seat, const char *name,
		   const char *addr, const char *pw, char **err)
{
	int p = open_seat(g, seat, err);

	if (p < 0)
		return WP_ERR_DATA;
	if (g->players[p].req_name) {
		*err = xasprintf("%s: someone has asked for the seat of %s already; the game "
				 "master decides", g->id, seat);
		return WP_ERR_DATA;
	}
	if (!ident_ok(name) || game_player_index(g, name) >= 0) {
		*err = xasprintf("%s: '%s' cannot be your name here: choose one of 1-32 letters, "
				 "digits, - or _ that no player of the game has", g->id, name);
		return WP_ERR_DATA;
	}
	if (!addr || strlen(pw) < 6 || strpbrk(pw, " \t")) {
		*err = xasprintf("%s: to take over a seat, write from a plain address with a "
				 "password of one word, 6 characters or more", g->id);
		return WP_ERR_DATA;
	}
	return WP_OK;
}

int seat_ask(struct campaign *c, struct game *g, const char *seat, const char *name,
	     const char *addr, const char *pw, char **reply, char **err)
{
	bool autofill = !strcmp(option_get(&g->opts, "takeover"), "auto");
	char *hash;
	int p, rc = seat_ask_check(g, seat, name, addr, pw, err);

	if (rc)
		return rc;
	p = open_seat(g, seat, err);
	if (!(hash = password_hash(pw, err)))
		return WP_ERR_IO;
	g->players[p].req_name = xstrdup(name);
	g->players[p].req_email = xstrdup(addr);
	g->players[p].req_hash = hash;
	if (autofill) {
		*reply = xasprintf("You take over the seat of %s in game %s (%s) as %s. A welcome "
				   "mail with the game so far follows.\n", seat, g->id,
				   g->engine->title, name);
		rc = fill(c, g, p, err);
	} else {
		/* The time too: a refused asker may ask again in the same turn. */
		char *key = xasprintf("%s-%04d-takeover-%s-%s-%lld", g->id, g->turn, seat, name,
				      c->now);
		char *subject = xasprintf("[%s] %s asks to take over the seat of %s", g->id, name,
					  seat);
		char *body = xasprintf("%s <%s> asks to take over the seat of %s in game %s (%s).\n\n"
				       "To give it:   wyrmpost approve %s %s\n"
				       "To refuse:    wyrmpost approve %s %s --refuse\n",
				       name, addr, seat, g->id, g->engine->title, g->id, seat, g->id,
				       seat);
		*reply = xasprintf("Your request to take over the seat of %s in game %s (%s) as %s "
				   "waits for the game master. You will be told.\n", seat, g->id,
				   g->engine->title, name);
		rc = campaign_mail(c, g, -1, key, subject, body, NULL, "auto-generated", err);
		if (!rc)
			rc = gm_note(c, g, err, "%s asks to take over the seat of %s.", name, seat);
		free(body);
		free(subject);
		free(key);
	}
	if (!rc)
		rc = campaign_save_game(c, g, err);
	return rc;
}
