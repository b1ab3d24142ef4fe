/* gm.c - the game master's changes to a running game; see gm.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "engine.h"
#include "fsutil.h"
#include "gm-notes.h"
#include "gm.h"
#include "password.h"
#include "report.h"
#include "schedule.h"
#include "seat.h"
#include "wake-index.h"

/* Save g and release it, whatever rc was.  A kill at gm-save (tests)
 * leaves the mails and notes written and the intent to finish them. */
static int finish(struct campaign *c, struct game *g, int rc, char **err)
{
	if (!rc) {
		crashpoint("gm-save");
		rc = campaign_save_game(c, g, err);
	}
	game_release(g);
	return rc;
}

/* --- games ------------------------------------------------------------------ */

static int game_set(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	const struct option_spec *tables[] = { core_options, NULL };
	const char *assign = words[0], *eq = strchr(assign, '=');
	struct game g;
	char *name;
	int rc;

	if (!eq || eq == assign) {
		*err = xasprintf("'%s': write NAME=VALUE", assign);
		return WP_ERR_USAGE;
	}
	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	name = xstrndup(assign, (size_t)(eq - assign));
	/* A game's own options shaped its state when it began; only the
	 * options every game has may change while it runs. */
	bool core = false, known = false;
	for (const struct option_spec *o = core_options; o->name; o++)
		core |= !strcmp(o->name, name);
	for (const struct option_spec *o = g.engine->options; o && o->name; o++)
		known |= !strcmp(o->name, name);
	if (!core && !known) {
		*err = xasprintf("%s has no option '%s'", g.engine->title, name);
		rc = WP_ERR_USAGE;
	} else if (!core) {
		*err = xasprintf("'%s' shaped the game when it began and cannot change while it "
				 "runs; the options every game has can (see 'wyrmpost help rules')",
				 name);
		rc = WP_ERR_USAGE;
	} else if (option_set_one(&g.opts, tables, name, eq + 1, err)) {
		rc = WP_ERR_USAGE;
	}
	if (!rc && !strcmp(name, "deadline")) {
		/* The new schedule from now on. */
		g.deadline = sched_next_deadline(option_get(&g.opts, "deadline"),
						 option_get(&g.opts, "tz"), c->now, 0, 0);
	}
	if (!rc) {
		char *when = sched_format_local(g.deadline, option_get(&g.opts, "tz"));
		rc = gm_note(c, &g, err, "option %s is now %s (this turn runs at %s at the latest).",
			  name, option_get(&g.opts, name), when);
		if (!rc && (!strcmp(name, "deadline") || !strcmp(name, "tz"))) {
			char *what = xasprintf("the game master changed the deadline to %s; this turn "
					       "runs at %s at the latest.",
					       option_get(&g.opts, "deadline"), when);
			rc = gm_tell_players(c, &g, what, "the deadline changed", err);
			if (!rc && out)
				*out = xstrdup("mailed");
			free(what);
		}
		free(when);
	}
	free(name);
	return finish(c, &g, rc, err);
}

static int game_pause(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	(void)words;
	(void)out;
	struct game g;
	int rc = campaign_load_live_game(c, id, &g, err);
	if (rc)
		return rc;
	if (g.status == GAME_PAUSED) {
		game_release(&g);
		*err = xasprintf("%s is paused already", id);
		return WP_ERR_USAGE;
	}
	g.status = GAME_PAUSED;
	rc = gm_note(c, &g, err, "The game master paused the game.");
	if (!rc)
		rc = gm_tell_players(c, &g,
				  "the game master has paused the game. No turn runs and no "
				  "deadline counts until it is resumed; you will be told.",
				  "game paused", err);
	return finish(c, &g, rc, err);
}

static int game_resume(struct campaign *c, const char *id, char **words, char **out,
		       char **err)
{
	(void)words;
	(void)out;
	struct game g;
	char *when, *what;
	int rc = campaign_load_live_game(c, id, &g, err);
	if (rc)
		return rc;
	if (g.status == GAME_ACTIVE) {
		game_release(&g);
		*err = xasprintf("%s is running already", id);
		return WP_ERR_USAGE;
	}
	/* A whole turn's time from now: the players were told to wait. */
	g.status = GAME_ACTIVE;
	g.deadline = sched_next_deadline(option_get(&g.opts, "deadline"),
					 option_get(&g.opts, "tz"), c->now, 0, 0);
	when = sched_format_local(g.deadline, option_get(&g.opts, "tz"));
	what = xasprintf("the game master has resumed the game; turn %d runs at %s at the "
			 "latest.", g.turn, when);
	rc = gm_note(c, &g, err, "The game master resumed the game.");
	if (!rc)
		rc = gm_tell_players(c, &g, what, "game resumed", err);
	free(what);
	free(when);
	return finish(c, &g, rc, err);
}

static int game_end(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	(void)words;
	(void)out;
	struct game g;
	struct events ev = EVENTS_INIT;
	int rc = campaign_load_live_game(c, id, &g, err);
	if (rc)
		return rc;
	g.status = GAME_OVER;
	events_add(&ev, AUD_ALL, "The game master ended the game here.");
	rc = gm_note(c, &g, err, "The game master ended the game.");
	/* A last report to everyone, with the game as it stands. */
	for (int p = 0; !rc && p < (int)g.nplayers; p++) {
		char *text, *key, *subject;
		if (g.players[p].dropped)
			continue;
		text = report_turn(&g, g.turn, &ev, p, NULL);
		key = xasprintf("%s-%04d-ended-%s", g.id, g.turn, g.players[p].name);
		subject = xasprintf("[%s] the game is over", g.id);
		rc = campaign_mail(c, &g, p, key, subject, text, NULL, "auto-generated", err);
		free(subject);
		free(key);
		free(text);
	}
	events_release(&ev);
	return finish(c, &g, rc, err);
}

int gm_game_delete(struct campaign *c, const char *id, char **where, char **err)
{
	struct game g;
	char *stamp, *dir, *to, *archive = xasprintf("%s/archive", c->dir);
	int rc = campaign_load_game(c, id, &g, err);
	if (rc) {
		free(archive);
		return rc;
	}
	game_release(&g);
	stamp = time_format_iso(c->now);
	/* 2027-01-15T08:00:00Z -> 20270115-080000 */
	{
		char *o = stamp;
		for (const char *s = stamp; *s; s++)
			if (*s >= '0' && *s <= '9')
				*o++ = *s;
			else if (*s == 'T')
				*o++ = '-';
		*o = '\0';
	}
	dir = campaign_game_path(c, id, NULL);
	to = xasprintf("%s/%s-%s", archive, id, stamp);
	if (fs_mkdirs(archive, err) || fs_rename(dir, to, err))
		rc = WP_ERR_IO;
	if (!rc)
		*where = to;
	else
		free(to);
	free(dir);
	free(stamp);
	free(archive);
	return rc;
}

/* --- players -------------------------------------------------------------- */

static int find_player(struct game *g, const char *name, char **err)
{
	int p = game_player_index(g, name);
	if (p < 0)
		*err = xasprintf("%s has no player '%s'", g->id, name);
	return p;
}

static int player_address(struct campaign *c, const char *id, char **words, char **out,
			  char **err)
{
	(void)out;
	const char *name = words[0], *email = words[1];
	struct game g;
	char *old, *key, *body;
	int p, rc;

	if (!mail_address_ok(email)) {
		*err = xasprintf("'%s' is not a mail address", email);
		return WP_ERR_USAGE;
	}
	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	if ((p = find_player(&g, name, err)) < 0) {
		game_release(&g);
		return WP_ERR_USAGE;
	}
	if (!strcmp(g.players[p].email, email)) {
		/* Given again after it was done: nothing to tell anyone. */
		*err = xasprintf("%s's address is %s already", g.players[p].name, email);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	old = g.players[p].email;
	body = xasprintf("Game %s (%s): the game master has changed the address of %s from "
			 "%s to %s. Mail for this game goes there from now on, and orders are "
			 "taken from there.\n", g.id, g.engine->title, g.players[p].name, old, email);
	/* Both addresses hear of it: the old one may not have asked. */
	key = xasprintf("%s-%04d-address-old-%s-%lld", g.id, g.turn, g.players[p].name, c->now);
	char *subject = xasprintf("[%s] your address changed", g.id);
	rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
	free(key);
	g.players[p].email = xstrdup(email);
	key = xasprintf("%s-%04d-address-new-%s-%lld", g.id, g.turn, g.players[p].name, c->now);
	if (!rc)
		rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
	free(key);
	free(body);
	free(subject);
	if (!rc)
		rc = gm_note(c, &g, err, "%s's address was changed by the game master.",
			  g.players[p].name);
	free(old);
	return finish(c, &g, rc, err);
}

/* words: the player and the new password, made by gm_player_password. */
static int player_password(struct campaign *c, const char *id, char **words, char **out,
			   char **err)
{
	(void)out;
	const char *name = words[0], *pw = words[1];
	struct game g;
	char *hash, *key, *body;
	int p, rc;

	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	if ((p = find_player(&g, name, err)) < 0) {
		game_release(&g);
		return WP_ERR_USAGE;
	}
	if (!(hash = password_hash(pw, err))) {
		game_release(&g);
		return WP_ERR_IO;
	}
	free(g.players[p].hash);
	g.players[p].hash = hash;
	body = xasprintf("Game %s (%s): the game master has given you a new password.\n\n"
			 REPORT_PASSWORD_LINE "%s\n\nThe old one no longer works. Keep this mail: "
			 "the password is stored only as a hash.\n", g.id, g.engine->title, pw);
	/* "-welcome-" in the key: the copy in sent/ loses the password too. */
	key = xasprintf("%s-welcome-%s-password-%lld", g.id, g.players[p].name, c->now);
	char *subject = xasprintf("[%s] a new password", g.id);
	rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
	free(subject);
	free(key);
	free(body);
	if (!rc)
		rc = gm_note(c, &g, err, "%s was given a new password by the game master.",
			  g.players[p].name);
	return finish(c, &g, rc, err);
}

/* words: the player and NEWNAME:EMAIL:PASSWORD (gm_player_replace makes
 * a missing password). */
static int player_replace(struct campaign *c, const char *id, char **words, char **out,
			  char **err)
{
	(void)out;
	const char *name = words[0], *spec = words[1];
	struct game g;
	char *s = xstrdup(spec), *email, *pw, *hash = NULL, *oldname = NULL, *oldemail = NULL;
	int p, rc;

	email = strchr(s, ':');
	pw = email ? strchr(email + 1, ':') : NULL;
	if (email)
		*email++ = '\0';
	if (pw)
		*pw++ = '\0';
	if (!email || !ident_ok(s) || !mail_address_ok(email) ||
	    (pw && (!*pw || strpbrk(pw, " \t\r\n")))) {
		*err = xasprintf("'%s': write NEWNAME:EMAIL[:PASSWORD] (a name of 1-32 letters, "
				 "digits, - or _)", spec);
		free(s);
		return WP_ERR_USAGE;
	}
	if ((rc = campaign_load_live_game(c, id, &g, err))) {
		free(s);
		return rc;
	}
	if ((p = find_player(&g, name, err)) < 0) {
		rc = WP_ERR_USAGE;
	} else if (g.players[p].dropped) {
		*err = xasprintf("%s was dropped and their seat is gone from the game; only a "
				 "seat still in it can be replaced (with option takeover=gm or "
				 "auto, a seat at the nmr-drop limit stays open for a "
				 "replacement; 'wyrmpost offer' opens one)", g.players[p].name);
		rc = WP_ERR_USAGE;
	} else if (ascii_casecmp(s, name) && game_player_index(&g, s) >= 0) {
		*err = xasprintf("%s already has a player '%s'", g.id, s);
		rc = WP_ERR_USAGE;
	} else if (!(hash = password_hash(pw, err))) {
		rc = WP_ERR_IO;
	}
	if (!rc) {
		/* The seat keeps its state; engines name players by index and
		 * write the new name when the game is saved. */
		struct player *pl = &g.players[p];
		oldname = pl->name;
		oldemail = pl->email;
		pl->name = xstrdup(s);
		pl->email = xstrdup(email);
		free(pl->hash);
		pl->hash = hash;
		pl->nmr = 0;
		seat_clear_open(pl);
		absence_clear(pl); /* the newcomer is not away */
		rc = gm_note(c, &g, err, "%s takes over the seat of %s.", pl->name, oldname);
	}
	if (!rc) {
		char *key = xasprintf("%s-welcome-%s", g.id, g.players[p].name);
		char *subject = xasprintf("[%s] welcome to %s (you take over from %s)", g.id,
					  g.engine->title, oldname);
		char *body = report_welcome(&g, p, pw);
		rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
		free(body);
		free(subject);
		free(key);
	}
	if (!rc && strcmp(oldemail, email)) {
		/* The one who had the seat hears of it too, at their address. */
		char *key = xasprintf("%s-%04d-replaced-%s", g.id, g.turn, oldname);
		char *subject = xasprintf("[%s] your seat has a new player", g.id);
		char *body = xasprintf("Game %s (%s), turn %d: the game master has given your seat "
				       "to %s; you are out of the game, and orders from you are no "
				       "longer taken. Thank you for playing.\n", g.id,
				       g.engine->title, g.turn, s);
		rc = campaign_mail_to(c, oldname, oldemail, key, subject, body, NULL,
				      "auto-generated", NULL, 0, err);
		free(body);
		free(subject);
		free(key);
	}
	free(oldemail);
	free(oldname);
	free(s);
	return finish(c, &g, rc, err);
}

static int player_drop(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	(void)out;
	const char *name = words[0];
	struct game g;
	struct events ev = EVENTS_INIT;
	int p, rc;

	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	if ((p = find_player(&g, name, err)) < 0 || g.players[p].dropped) {
		if (p >= 0)
			*err = xasprintf("%s is out of the game already", g.players[p].name);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	{
		struct engine_ctx ctx = game_ctx(&g, c->now);
		g.players[p].dropped = true;
		seat_clear_open(&g.players[p]); /* an offer, if any, ends */
		g.engine->drop(&g, p, &ctx, &ev);
	}
	rc = gm_note(c, &g, err, "%s was dropped from the game by the game master.",
		  g.players[p].name);
	for (size_t i = 0; !rc && i < ev.n; i++)
		if (ev.v[i].audience == AUD_ALL)
			rc = gm_note(c, &g, err, "%s", ev.v[i].text);
	if (!rc) {
		char *key = xasprintf("%s-%04d-dropped-%s", g.id, g.turn, g.players[p].name);
		char *body = xasprintf("Game %s (%s): the game master has taken you out of the "
				       "game. Thank you for playing.\n", g.id, g.engine->title);
		char *subject = xasprintf("[%s] you are out of the game", g.id);
		rc = campaign_mail(c, &g, p, key, subject, body, NULL, "auto-generated", err);
		free(subject);
		free(body);
		free(key);
	}
	events_release(&ev);
	if (!rc && g.engine->over(&g))
		g.status = GAME_OVER;
	return finish(c, &g, rc, err);
}

/* The player hears of an absence the game master set or ended. */
static int tell_absence(struct campaign *c, const struct game *g, int p, const char *what,
			char **err)
{
	char *key = xasprintf("%s-%04d-absence-%s-%lld", g->id, g->turn, g->players[p].name,
			      c->now);
	char *subject = xasprintf("[%s] your absence", g->id);
	char *body = xasprintf("Game %s (%s), turn %d: the game master has %s.\n", g->id,
			       g->engine->title, g->turn, what);
	int rc = campaign_mail(c, g, p, key, subject, body, NULL, "auto-generated", err);
	free(body);
	free(subject);
	free(key);
	return rc;
}

/* words: the player, the first and the last day away.  The game master's
 * absences are not held to absence-days; they count toward the player's. */
static int player_absent(struct campaign *c, const char *id, char **words, char **out,
			 char **err)
{
	(void)out;
	struct game g;
	int p, rc, first, last, today;
	char *why, *status, *what;

	if (!absence_parse_day(words[1], &first) || !absence_parse_day(words[2], &last)) {
		*err = xasprintf("'%s %s': write two days as YYYY-MM-DD", words[1], words[2]);
		return WP_ERR_USAGE;
	}
	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	today = absence_today(c->now, option_get(&g.opts, "tz"));
	if ((p = find_player(&g, words[0], err)) < 0) {
		game_release(&g);
		return WP_ERR_USAGE;
	}
	if ((why = absence_check(&g, p, first, last, today, false))) {
		*err = why;
		game_release(&g);
		return WP_ERR_USAGE;
	}
	absence_add(&g, p, first, last, NULL, today);
	status = absence_status(&g, p, c->now);
	rc = gm_note(c, &g, err, "%s is %s.", g.players[p].name, status);
	what = xasprintf("marked you %s: no turn waits for you then, the game's no-orders "
			 "rule plays your seat at each deadline, and those turns do not count "
			 "as missed; send 'back' to return early", status);
	if (!rc)
		rc = tell_absence(c, &g, p, what, err);
	free(what);
	free(status);
	return finish(c, &g, rc, err);
}

static int player_back(struct campaign *c, const char *id, char **words, char **out,
		       char **err)
{
	(void)out;
	struct game g;
	int p, rc;

	if ((rc = campaign_load_live_game(c, id, &g, err)))
		return rc;
	if ((p = find_player(&g, words[0], err)) < 0 ||
	    !absence_back(&g, p, absence_today(c->now, option_get(&g.opts, "tz")))) {
		if (p >= 0)
			*err = xasprintf("%s has no absence to end", g.players[p].name);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	rc = gm_note(c, &g, err, "%s's absence was ended by the game master.",
		     g.players[p].name);
	if (!rc)
		rc = tell_absence(c, &g, p, "ended your absence: turns wait for your orders "
				  "again", err);
	return finish(c, &g, rc, err);
}

/* --- finishing what a kill interrupted -------------------------------------- */

/* A verb that mails and notes before it saves game.xml writes down first
 * what it does (games/ID/.gm-intent: the time it ran at, a digest of the
 * game.xml it started from, the verb and its words) and removes that once
 * game.xml is saved.  Killed in between, it is done again by the next
 * command on the game or the next run, at the same time and with the
 * same words: its mails have the same keys (written over, unsent) and
 * its notes the same lines (not written twice).  A game.xml no longer
 * the one it started from was saved: the verb was done. */

static char *gm_intent_path(const struct campaign *c, const char *id)
{
	return campaign_game_path(c, id, ".gm-intent");
}

/* FNV-1a of game id's game.xml, in hex; "-" if it cannot be read. */
static char *state_digest(const struct campaign *c, const char *id)
{
	char *path = campaign_game_path(c, id, "game.xml"), *buf = NULL, *e = NULL;
	size_t len = 0;
	unsigned long long h = 1469598103934665603ULL;
	char *out;
	if (fs_read_file(path, &buf, &len, &e)) {
		free(e);
		free(path);
		return xstrdup("-");
	}
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)buf[i]) * 1099511628211ULL;
	out = xasprintf("%016llx", h);
	free(buf);
	free(path);
	return out;
}

static int offer(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	(void)out;
	return seat_offer(c, id, words[0], err);
}

/* words: the seat and "give" or "refuse"; *out gets who asked for it. */
static int approve(struct campaign *c, const char *id, char **words, char **out, char **err)
{
	char *who = NULL;
	int rc = seat_approve(c, id, words[0], !strcmp(words[1], "refuse"), &who, err);
	if (out)
		*out = who;
	else
		free(who);
	return rc;
}

/* Every verb that changes a game in play, by the name its intent gives:
 * each is done with the words it was given, and its *out (may be NULL)
 * says what the command line reports. */
static const struct verb {
	const char *name;
	size_t nwords;
	int (*fn)(struct campaign *c, const char *id, char **words, char **out, char **err);
} verbs[] = {
	{ "set", 1, game_set },
	{ "pause", 0, game_pause },
	{ "resume", 0, game_resume },
	{ "end", 0, game_end },
	{ "address", 2, player_address },
	{ "password", 2, player_password },
	{ "replace", 2, player_replace },
	{ "drop", 1, player_drop },
	{ "absent", 3, player_absent },
	{ "back", 1, player_back },
	{ "offer", 1, offer },
	{ "approve", 2, approve },
};

static const struct verb *verb_named(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(verbs); i++)
		if (!strcmp(verbs[i].name, name))
			return &verbs[i];
	BUG("no game master's verb '%s'", name);
}

/* Write the intent, do the verb, remove the intent once it is done (or
 * refused: then nothing was changed). */
static int gm_do(struct campaign *c, const char *id, const struct verb *v, char **words,
		 char **out, char **err)
{
	char *path = gm_intent_path(c, id), *digest = state_digest(c, id);
	struct sb text = SB_INIT;
	int rc;
	sb_addf(&text, "%lld\n%s\n%s\n", c->now, digest, v->name);
	for (size_t i = 0; i < v->nwords; i++)
		sb_addf(&text, "%s\n", words[i]);
	rc = fs_write_private(path, sb_str(&text), strlen(sb_str(&text)), err) ? WP_ERR_IO
										: WP_OK;
	if (!rc)
		rc = v->fn(c, id, words, out, err);
	if (rc == WP_OK || rc == WP_ERR_USAGE || rc == WP_ERR_NOTFOUND) {
		char *e = NULL;
		if (fs_unlink(path, &e) && !rc) {
			*err = e;
			rc = WP_ERR_IO;
		} else {
			free(e);
		}
	}
	sb_release(&text);
	free(digest);
	free(path);
	return rc;
}

/* Sweep the temporary files a killed command left in game id, then finish
 * its change; before a verb that writes, under the lock. */
static int gm_begin(struct campaign *c, const char *id, char **err)
{
	struct game g;
	char *e = NULL;
	/* A look at the game by the next run, whatever the verb changes
	 * (wake-index.h): marked before anything is. */
	if (campaign_game_exists(c, id) && wake_index_touch(c, id, err))
		return WP_ERR_IO;
	if (campaign_load_game(c, id, &g, &e)) {
		free(e); /* said again by the verb */
	} else {
		campaign_sweep_game(c, id, g.turn);
		game_release(&g);
	}
	return gm_finish(c, id, err);
}

int gm_finish(struct campaign *c, const char *id, char **err)
{
	char *path = gm_intent_path(c, id), *text = NULL, *digest;
	char *line[6] = { NULL };
	const struct verb *v = NULL;
	size_t len, n = 0;
	long long then;
	int rc = WP_OK;

	if (!fs_exists(path)) {
		free(path);
		return WP_OK;
	}
	if (fs_read_file(path, &text, &len, err)) {
		free(path);
		return WP_ERR_IO;
	}
	/* One line each, empty ones too (a word may be empty). */
	for (char *l = text, *nl; n < ARRAY_SIZE(line) && (nl = strchr(l, '\n')); l = nl + 1) {
		*nl = '\0';
		line[n++] = l;
	}
	for (size_t i = 0; n >= 3 && i < ARRAY_SIZE(verbs); i++)
		if (!strcmp(line[2], verbs[i].name))
			v = &verbs[i];
	if (!v || n != 3 + v->nwords || !parse_int(line[0], LLONG_MIN, LLONG_MAX, &then)) {
		*err = xasprintf("%s: not a game master's change in progress; remove it if no "
				 "wyrmpost command is running", path);
		rc = WP_ERR_DATA;
	} else if (digest = state_digest(c, id), strcmp(digest, line[1])) {
		/* game.xml was saved: only the intent was left. */
		free(digest);
		rc = fs_unlink(path, err) ? WP_ERR_IO : WP_OK;
	} else {
		long long now = c->now;
		free(digest);
		c->now = then;
		rc = gm_do(c, id, v, line + 3, NULL, err);
		c->now = now;
		if (rc == WP_ERR_USAGE || rc == WP_ERR_NOTFOUND) {
			/* Refused, as it was when it was killed: nothing was
			 * changed then, nor now, and the intent is gone. */
			free(*err);
			*err = NULL;
			rc = WP_OK;
		}
	}
	free(text);
	free(path);
	return rc;
}

/* Finish what a kill left in game id, then do verb name with its words. */
static int gm_run(struct campaign *c, const char *id, const char *name, char **words,
		  char **out, char **err)
{
	const struct verb *v = verb_named(name);
	int rc;
	for (size_t i = 0; i < v->nwords; i++)
		if (strchr(words[i], '\n')) {
			*err = xasprintf("'%s': a line break cannot be part of it", words[i]);
			return WP_ERR_USAGE;
		}
	if ((rc = gm_begin(c, id, err)))
		return rc;
	return gm_do(c, id, v, words, out, err);
}

int gm_game_set(struct campaign *c, const char *id, const char *assign, bool *mailed,
		char **err)
{
	char *words[] = { (char *)assign }, *out = NULL;
	int rc = gm_run(c, id, "set", words, &out, err);
	*mailed = out != NULL;
	free(out);
	return rc;
}

int gm_game_pause(struct campaign *c, const char *id, char **err)
{
	return gm_run(c, id, "pause", NULL, NULL, err);
}

int gm_game_resume(struct campaign *c, const char *id, char **err)
{
	return gm_run(c, id, "resume", NULL, NULL, err);
}

int gm_game_end(struct campaign *c, const char *id, char **err)
{
	return gm_run(c, id, "end", NULL, NULL, err);
}

int gm_player_address(struct campaign *c, const char *id, const char *name, const char *email,
		      char **err)
{
	char *words[] = { (char *)name, (char *)email };
	return gm_run(c, id, "address", words, NULL, err);
}

/* A password is made once, before anything is written, and kept in the
 * intent: done again, the mail is the same. */
int gm_player_password(struct campaign *c, const char *id, const char *name, char **password,
		       char **err)
{
	char *pw = password_generate(err), *words[] = { (char *)name, pw };
	int rc;
	*password = NULL;
	if (!pw)
		return WP_ERR_IO;
	rc = gm_run(c, id, "password", words, NULL, err);
	if (!rc)
		*password = pw;
	else
		free(pw);
	return rc;
}

int gm_player_replace(struct campaign *c, const char *id, const char *name, const char *spec,
		      char **password, char **err)
{
	char *gen = NULL, *full = NULL, *words[2];
	int rc;

	*password = NULL;
	if (strchr(spec, ':') && !strchr(strchr(spec, ':') + 1, ':')) {
		if (!(gen = password_generate(err)))
			return WP_ERR_IO;
		full = xasprintf("%s:%s", spec, gen);
	}
	words[0] = (char *)name;
	words[1] = full ? full : (char *)spec;
	rc = gm_run(c, id, "replace", words, NULL, err);
	if (!rc && gen)
		*password = gen;
	else
		free(gen);
	free(full);
	return rc;
}

int gm_player_drop(struct campaign *c, const char *id, const char *name, char **err)
{
	char *words[] = { (char *)name };
	return gm_run(c, id, "drop", words, NULL, err);
}

int gm_seat_offer(struct campaign *c, const char *id, const char *name, char **err)
{
	char *words[] = { (char *)name };
	return gm_run(c, id, "offer", words, NULL, err);
}

int gm_seat_approve(struct campaign *c, const char *id, const char *seat, bool refuse,
		    char **who, char **err)
{
	char *words[] = { (char *)seat, refuse ? "refuse" : "give" };
	*who = NULL;
	return gm_run(c, id, "approve", words, who, err);
}

int gm_player_absent(struct campaign *c, const char *id, const char *name, const char *from,
		     const char *to, char **err)
{
	char *words[] = { (char *)name, (char *)from, (char *)to };
	return gm_run(c, id, "absent", words, NULL, err);
}

int gm_player_back(struct campaign *c, const char *id, const char *name, char **err)
{
	char *words[] = { (char *)name };
	return gm_run(c, id, "back", words, NULL, err);
}
