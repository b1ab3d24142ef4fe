/* campaign.c - the campaign directory: creating it and its games, finding
 * and loading them, mail into the outbox.  See campaign.h. */
#include "campaign.h"

#include <config.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "fsutil.h"
#include "help.h"
#include "hash.h"
#include "orders.h"
#include "outbox.h"
#include "password.h"
#include "report.h"
#include "schedule.h"
#include "utf8.h"
#include "xmlutil.h"

int campaign_init(const char *dir, const char *sender, const char *gm, char **err)
{
	char *cfg = xasprintf("%s/wyrmpost.xml", dir);
	static const char *const subdirs[] = { "games", "outbox/tmp", "outbox/new",
					       "outbox/cur", "spool", "inbox/tmp", "inbox/new",
					       "inbox/cur" };
	int rc = WP_OK;
	char *text;

	if (fs_exists(cfg)) {
		*err = xasprintf("'%s' already exists", cfg);
		free(cfg);
		return WP_ERR_EXISTS;
	}
	for (size_t i = 0; i < ARRAY_SIZE(subdirs) && !rc; i++) {
		char *d = xasprintf("%s/%s", dir, subdirs[i]);
		if (fs_mkdirs(d, err))
			rc = WP_ERR_IO;
		free(d);
	}
	text = config_template(sender, gm ? gm : sender);
	if (!rc && fs_write_atomic(cfg, text, strlen(text), err))
		rc = WP_ERR_IO;
	free(text);
	free(cfg);
	return rc;
}

int campaign_open(struct campaign *c, const char *dir, long long now, char **err)
{
	char *cfg = xasprintf("%s/wyrmpost.xml", dir);
	int rc;
	memset(c, 0, sizeof *c);
	c->lock_fd = -1;
	c->now = now;
	if (!fs_exists(cfg)) {
		*err = xasprintf("'%s' is not a campaign (no wyrmpost.xml); "
				 "create one with 'wyrmpost init'", dir);
		free(cfg);
		return WP_ERR_CONFIG;
	}
	rc = config_load(&c->cfg, cfg, err) ? WP_ERR_CONFIG : WP_OK;
	free(cfg);
	if (rc)
		return rc;
	c->dir = xstrdup(dir);
	return WP_OK;
}

void campaign_close(struct campaign *c)
{
	fs_unlock(c->lock_fd);
	password_cache_release(&c->passwords);
	config_release(&c->cfg);
	free(c->dir);
	memset(c, 0, sizeof *c);
	c->lock_fd = -1;
}

int campaign_lock(struct campaign *c, char **err)
{
	int rc;
	if (c->lock_fd >= 0)
		return WP_OK;
	rc = fs_lock(c->dir, &c->lock_fd, err);
	if (rc == 0) {
		/* What a killed command left half-written outside the games
		 * (each game's folder is swept when it is next written). */
		static const char *const dirs[] = { "spool", "outbox", "sent" };
		fs_sweep_tmp(c->dir, 0);
		for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
			char *dir = xasprintf("%s/%s", c->dir, dirs[i]);
			fs_sweep_tmp(dir, 2);
			free(dir);
		}
	}
	return rc == 0 ? WP_OK : rc == 1 ? WP_ERR_BUSY : WP_ERR_IO;
}

/* Temporary files are made beside the file they replace: in the game's
 * folder (game.xml, replays, .rollback), turns/ (a snapshot copied where
 * no link can be made) and the folders of one turn, reports/NNNN/ and
 * orders/NNNN/; never in reports/ or orders/ themselves, which hold only
 * those folders, so those two are not read.  Of the folders of each
 * turn, only the current turn's are written (the reports and mail of a
 * turn that was killed are written again when it is played again): a
 * game's history costs a sweep nothing.  A turn left killed and then
 * rolled back keeps its temporary files until it is played again. */
void campaign_sweep_game(const struct campaign *c, const char *id, int turn)
{
	static const char *const per_turn[] = { "reports", "orders" };
	char *dir = campaign_game_path(c, id, NULL);
	fs_sweep_tmp(dir, 0);
	free(dir);
	dir = campaign_game_path(c, id, "turns");
	fs_sweep_tmp(dir, 0);
	free(dir);
	for (size_t i = 0; turn > 0 && i < ARRAY_SIZE(per_turn); i++) {
		char *rest = xasprintf("%s/%04d", per_turn[i], turn);
		dir = campaign_game_path(c, id, rest);
		fs_sweep_tmp(dir, 0);
		free(dir);
		free(rest);
	}
}

/* The turn of a held mail of game id, from its name "ID-NNNN-....eml";
 * -1: not one of the game's. */
static int held_turn(const char *id, const char *name)
{
	size_t n = strlen(id);
	long long turn;
	char digits[5];

	if (strncmp(name, id, n) || name[n] != '-' || strlen(name + n) < 7 ||
	    name[n + 5] != '-' || !strstr(name, ".eml"))
		return -1;
	memcpy(digits, name + n + 1, 4);
	digits[4] = '\0';
	return parse_int(digits, 0, 9999, &turn) ? (int)turn : -1;
}

void campaign_settle_held(const struct campaign *c, const char *id, int turn)
{
	char *tmp = xasprintf("%s/outbox/tmp", c->dir), *err = NULL;
	struct strlist names = STRLIST_INIT;

	if (!fs_list(tmp, &names, &err)) {
		for (size_t i = 0; i < names.n; i++) {
			int t = held_turn(id, names.v[i]);
			char *from = xasprintf("%s/%s", tmp, names.v[i]);
			char *to = xasprintf("%s/outbox/new/%s", c->dir, names.v[i]);
			if (t >= 0 && t < turn)
				fs_rename(from, to, &err);
			else if (t >= 0)
				fs_unlink(from, &err);
			free(err);
			err = NULL;
			free(to);
			free(from);
		}
	}
	free(err);
	free(tmp);
	strlist_clear(&names);
}

char *campaign_game_path(const struct campaign *c, const char *id, const char *rest)
{
	return rest ? xasprintf("%s/games/%s/%s", c->dir, id, rest)
		    : xasprintf("%s/games/%s", c->dir, id);
}

/* The newest snapshot in game id's turns/ ("NNNN.xml"), or NULL. */
static char *newest_snapshot(const struct campaign *c, const char *id)
{
	char *dir = campaign_game_path(c, id, "turns"), *e = NULL, *best = NULL;
	struct strlist turns = STRLIST_INIT;
	if (!fs_list(dir, &turns, &e))
		for (size_t i = 0; i < turns.n; i++) {
			const char *t = turns.v[i];
			if (strlen(t) == 8 && !strcmp(t + 4, ".xml") &&
			    strspn(t, "0123456789") == 4 && (!best || strcmp(t, best) > 0)) {
				free(best);
				best = xstrdup(t);
			}
		}
	free(e);
	strlist_clear(&turns);
	free(dir);
	return best;
}

/* A folder holds a game if it has its state, or has lost it but kept the
 * snapshots it can be restored from: such a game is named (as damaged)
 * rather than left out of run, status and check.  A folder with neither
 * is what a `new` killed before its game.xml left: no game at all. */
bool campaign_game_exists(const struct campaign *c, const char *id)
{
	char *p = campaign_game_path(c, id, "game.xml"), *snap;
	bool there = fs_exists(p);
	free(p);
	if (there)
		return true;
	snap = newest_snapshot(c, id);
	free(snap);
	return snap != NULL;
}

int campaign_list_games(const struct campaign *c, struct strlist *ids, char **err)
{
	char *dir = xasprintf("%s/games", c->dir);
	struct strlist all = STRLIST_INIT;
	int rc = fs_list(dir, &all, err) ? WP_ERR_IO : WP_OK;
	for (size_t i = 0; i < all.n; i++)
		if (ident_ok(all.v[i]) && campaign_game_exists(c, all.v[i]))
			strlist_add(ids, all.v[i]);
	strlist_clear(&all);
	free(dir);
	return rc;
}

/* No game.xml: a damaged game, with the way back, if snapshots are left;
 * else no game. */
static int missing_state(const struct campaign *c, const char *id, char **err)
{
	char *snap = newest_snapshot(c, id);
	if (!snap) {
		*err = xasprintf("no game '%s' in this campaign", id);
		return WP_ERR_NOTFOUND;
	}
	*err = xasprintf("%s: game.xml is missing; restore the last state with: "
			 "cp games/%s/turns/%s games/%s/game.xml", id, id, snap, id);
	free(snap);
	return WP_ERR_DATA;
}

int campaign_load_game(const struct campaign *c, const char *id, struct game *g,
		       char **err)
{
	char *path;
	int rc;
	memset(g, 0, sizeof *g);
	if (!ident_ok(id)) {
		*err = xasprintf("'%s' is not a game id", id);
		return WP_ERR_USAGE;
	}
	path = campaign_game_path(c, id, "game.xml");
	if (!fs_exists(path)) {
		free(path);
		return missing_state(c, id, err);
	}
	rc = game_load_file(g, path, err) ? WP_ERR_DATA : WP_OK;
	if (!rc && strcmp(g->id, id)) {
		*err = xasprintf("%s: holds game '%s', but its folder says '%s'", path, g->id, id);
		game_release(g);
		rc = WP_ERR_DATA;
	}
	free(path);
	return rc;
}

int campaign_load_live_game(const struct campaign *c, const char *id, struct game *g,
			    char **err)
{
	int rc = campaign_load_game(c, id, g, err);
	if (!rc && g->status == GAME_OVER) {
		*err = xasprintf("%s: the game is over", id);
		game_release(g);
		rc = WP_ERR_USAGE;
	}
	return rc;
}

int campaign_mail_with(const struct campaign *c, const struct game *g, int p,
		       const char *key, const char *subject, const char *body,
		       const char *in_reply_to, const char *auto_submitted,
		       const struct outpart *attach, size_t nattach, char **err)
{
	char *footer, *signed_body;
	int rc;

	if (p < 0)
		return campaign_mail_to(c, NULL, c->cfg.gamemaster, key, subject, body,
					in_reply_to, auto_submitted, attach, nattach, err);
	/* Every mail to a player ends saying how to get help, as a
	 * signature: a reply quoting it whole does not send it as orders. */
	footer = help_footer(g, c->cfg.site_url);
	signed_body = xasprintf("%s%s\n-- \n%s", body,
				*body && body[strlen(body) - 1] == '\n' ? "" : "\n", footer);
	rc = campaign_mail_to(c, g->players[p].name, g->players[p].email, key, subject,
			      signed_body, in_reply_to, auto_submitted, attach, nattach, err);
	free(signed_body);
	free(footer);
	return rc;
}

void campaign_log(const struct campaign *c, const char *source, const char *text)
{
	char *msg = utf8_visible(text);
	char *path = xasprintf("%s/spool/fetch.log", c->dir), *line;
	time_t t = (time_t)c->now;
	struct tm tm;
	char when[32] = "";
	int fd;

	if (gmtime_r(&t, &tm))
		strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	line = xasprintf("%s %s: %s\n", when, source, msg);
	/* The log is for people; failing to write it loses no mail. */
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0) {
		(void)fs_write_all(fd, line, strlen(line));
		close(fd);
	}
	free(line);
	free(path);
	free(msg);
}

/* Replies to one address a day (UTC), kept in spool/replies/HASH (HASH:
 * of the address in lower case): the day, then the key of each reply
 * written that day, a line each.  An autoresponder that ignores
 * Auto-Submitted, or a forger writing in a player's name, then gets at
 * most cfg.replies_per_day answers a day, not one per mail.  The key is
 * written before the reply, and a reply whose key is there already (the
 * same mail handled again after a crash) is not counted again, so a
 * killed run counts exactly as one that was not.  *yes when the reply
 * may go. */
static int reply_allowed(const struct campaign *c, const char *to, const char *key,
			 bool *yes, char **err)
{
	char *lower = ascii_lower_dup(to), *h = sha256_hex(lower, strlen(lower), 16);
	char *dir = xasprintf("%s/spool/replies", c->dir), *path = xasprintf("%s/%s", dir, h);
	char *text = NULL, *e = NULL, *save = NULL;
	struct strlist keys = STRLIST_INIT;
	struct sb out = SB_INIT;
	char day[16] = "";
	time_t t = (time_t)c->now;
	struct tm tm;
	size_t len;
	int rc = WP_OK;

	*yes = true;
	if (gmtime_r(&t, &tm))
		strftime(day, sizeof day, "%Y-%m-%d", &tm);
	/* Of another day, or unreadable: a new day's count. */
	if (fs_exists(path) && !fs_read_file(path, &text, &len, &e)) {
		char *first = strtok_r(text, "\n", &save);
		if (first && !strcmp(first, day))
			for (char *k = strtok_r(NULL, "\n", &save); k; k = strtok_r(NULL, "\n", &save))
				strlist_add(&keys, k);
	}
	free(e);
	if (!strlist_has(&keys, key)) {
		if ((long long)keys.n >= c->cfg.replies_per_day) {
			*yes = false;
		} else {
			sb_addf(&out, "%s\n", day);
			for (size_t i = 0; i < keys.n; i++)
				sb_addf(&out, "%s\n", keys.v[i]);
			sb_addf(&out, "%s\n", key);
			if (fs_mkdirs(dir, err) || fs_write_atomic(path, out.buf, out.len, err))
				rc = WP_ERR_IO;
		}
	}
	sb_release(&out);
	strlist_clear(&keys);
	free(text);
	free(path);
	free(dir);
	free(h);
	free(lower);
	return rc;
}

int campaign_mail_to(const struct campaign *c, const char *to_name, const char *to,
		     const char *key, const char *subject, const char *body,
		     const char *in_reply_to, const char *auto_submitted,
		     const struct outpart *attach, size_t nattach, char **err)
{
	struct outmsg m = {
		.key = key,
		.from_name = c->cfg.sender_name,
		.from = c->cfg.sender,
		.to_name = to_name,
		.to = to,
		.subject = subject,
		.in_reply_to = in_reply_to,
		.auto_submitted = auto_submitted,
		.date = c->now,
		.body = body,
		.attach = attach,
		.nattach = nattach,
	};
	char *outbox;
	bool allowed = true;
	int rc;

	/* Only answers to mail are capped: reports and notices the game
	 * master's commands make go out whatever came in. */
	if (auto_submitted && !strcmp(auto_submitted, "auto-replied") && to) {
		rc = reply_allowed(c, to, key, &allowed, err);
		if (rc)
			return rc;
	}
	if (!allowed) {
		char *line = xasprintf("no reply to %s (\"%s\"): %lld replies today, the most "
				       "<limits replies-per-day> allows", to, subject,
				       c->cfg.replies_per_day);
		campaign_log(c, "replies", line);
		free(line);
		return WP_OK;
	}
	outbox = xasprintf("%s/outbox", c->dir);
	rc = (c->held ? outbox_hold(outbox, &m, err) : outbox_put(outbox, &m, err))
		     ? WP_ERR_IO : WP_OK;
	if (!rc && c->held)
		strlist_add(c->held, key);
	free(outbox);
	return rc;
}

int campaign_mail(const struct campaign *c, const struct game *g, int p, const char *key,
		  const char *subject, const char *body, const char *in_reply_to,
		  const char *auto_submitted, char **err)
{
	return campaign_mail_with(c, g, p, key, subject, body, in_reply_to, auto_submitted,
				  NULL, 0, err);
}

/* The turn a state file names (its root's turn attribute), or 0. */
static long long turn_in_file(const char *path)
{
	char *buf = NULL, *e = NULL;
	size_t len;
	long long turn = 0;
	xmlDoc *doc = fs_read_file(path, &buf, &len, &e) ? NULL : xml_parse(buf, len, path, &e);
	if (doc && !xml_attr_int(xmlDocGetRootElement(doc), "turn", &turn))
		turn = 0;
	xmlFreeDoc(doc);
	free(buf);
	free(e);
	return turn;
}

/* A game read from a game.xml of an earlier format keeps that file, by a
 * second name, as turns/NNNN.formatF.xml (NNNN the turn it holds) before
 * its first save in today's format: the release that wrote it can still
 * read it, and it is there to see what the migration did.  Rollback and
 * check read only the NNNN.xml snapshots. */
static int keep_older_format(const struct campaign *c, const struct game *g, char **err)
{
	char *state = campaign_game_path(c, g->id, "game.xml");
	char *dir = campaign_game_path(c, g->id, "turns");
	char *rest = xasprintf("turns/%04lld.format%d.xml", turn_in_file(state), g->format);
	char *kept = campaign_game_path(c, g->id, rest);
	int rc = WP_OK;
	if (!fs_exists(kept) && fs_exists(state) &&
	    (fs_mkdirs(dir, err) || fs_link_private(state, kept, err)))
		rc = WP_ERR_IO;
	free(kept);
	free(rest);
	free(dir);
	free(state);
	return rc;
}

int campaign_save_game(const struct campaign *c, const struct game *g, char **err)
{
	size_t len;
	char *text, *path;
	int rc;
	if (g->format && g->format < GAME_FORMAT && keep_older_format(c, g, err))
		return WP_ERR_IO;
	text = game_to_file_text(g, "wyrmpost " PACKAGE_VERSION, &len);
	path = campaign_game_path(c, g->id, "game.xml");
	rc = fs_write_private(path, text, len, err) ? WP_ERR_IO : WP_OK; /* hashes */
	free(path);
	free(text);
	return rc;
}

static int random_seed(uint64_t *seed, char **err)
{
	/* The password generator reads /dev/urandom; reuse it for 64 bits. */
	char *pw = password_generate(err);
	uint64_t h = 1469598103934665603ULL;
	if (!pw)
		return -1;
	for (const char *s = pw; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	free(pw);
	*seed = h % 1000000000000ULL;
	return 0;
}

static int check_new_game(const struct campaign *c, const struct new_game *ng,
			  const struct engine *e, char **err)
{
	bool exists;
	if (!ident_ok(ng->id)) {
		*err = xasprintf("'%s' is not a valid game id (1-32 letters, digits, - or _)",
				 ng->id);
		return WP_ERR_USAGE;
	}
	if (!e) {
		*err = xasprintf("no rules called '%s'; see 'wyrmpost help new'", ng->rules);
		return WP_ERR_USAGE;
	}
	if (ng->setup_text && !e->setup_file) {
		*err = xasprintf("%s takes no setup file", e->title);
		return WP_ERR_USAGE;
	}
	/* A folder a killed `new` left without its game.xml is taken over. */
	exists = campaign_game_exists(c, ng->id);
	if (exists) {
		*err = xasprintf("game '%s' already exists", ng->id);
		return WP_ERR_EXISTS;
	}
	if (ng->nplayers < (size_t)e->min_players || ng->nplayers > (size_t)e->max_players ||
	    ng->nplayers > MAX_PLAYERS) {
		*err = xasprintf("%s needs %d to %d players, not %zu", e->title, e->min_players,
				 e->max_players, ng->nplayers);
		return WP_ERR_USAGE;
	}
	for (size_t i = 0; i < ng->nplayers; i++) {
		const struct new_player *p = &ng->players[i];
		if (!ident_ok(p->name)) {
			*err = xasprintf("'%s' is not a valid player name "
					 "(1-32 letters, digits, - or _)", p->name);
			return WP_ERR_USAGE;
		}
		if (!mail_address_ok(p->email)) {
			*err = xasprintf("'%s' is not a mail address", p->email);
			return WP_ERR_USAGE;
		}
		if (p->password && (!*p->password || strpbrk(p->password, " \t\r\n"))) {
			*err = xasprintf("the password of %s must be one word", p->name);
			return WP_ERR_USAGE;
		}
		for (size_t j = 0; j < i; j++)
			if (!ascii_casecmp(ng->players[j].name, p->name)) {
				*err = xasprintf("player '%s' is named twice", p->name);
				return WP_ERR_USAGE;
			}
	}
	return WP_OK;
}

static int make_game_dirs(const struct campaign *c, const char *id, char **err)
{
	static const char *const sub[] = { "turns", "orders", "reports" };
	for (size_t i = 0; i < ARRAY_SIZE(sub); i++) {
		char *d = campaign_game_path(c, id, sub[i]);
		int rc = fs_mkdirs(d, err);
		free(d);
		if (rc)
			return WP_ERR_IO;
	}
	return WP_OK;
}

int campaign_new_game(struct campaign *c, const struct new_game *ng,
		      struct strlist *generated, char **err)
{
	const struct engine *e = engine_find(ng->rules);
	const struct option_spec *tables[3];
	struct strlist assign = STRLIST_INIT, passwords = STRLIST_INIT;
	struct game g;
	int rc;

	rc = check_new_game(c, ng, e, err);
	if (rc)
		return rc;
	memset(&g, 0, sizeof g);
	tables[0] = core_options;
	tables[1] = e->options;
	tables[2] = NULL;
	/* Campaign defaults first, then the command line's options. */
	for (size_t i = 0; i < c->cfg.defaults.n; i++)
		strlist_add(&assign, c->cfg.defaults.v[i]);
	for (size_t i = 0; i < ng->noptions; i++)
		strlist_add(&assign, ng->options[i]);
	g.id = xstrdup(ng->id);
	g.engine = e;
	g.turn = 1;
	g.status = GAME_ACTIVE;
	if (option_set_build(&g.opts, tables, (const char *const *)assign.v, assign.n, err)) {
		rc = WP_ERR_USAGE;
		goto out;
	}
	if (ng->have_seed)
		g.seed = ng->seed;
	else if (random_seed(&g.seed, err)) {
		rc = WP_ERR_IO;
		goto out;
	}
	rng_seed(&g.rng, g.seed, 0x7779726dULL);
	g.created = c->now;
	g.deadline = sched_next_deadline(option_get(&g.opts, "deadline"),
					 option_get(&g.opts, "tz"), c->now, 0, 0);
	g.players = xcalloc(ng->nplayers, sizeof *g.players);
	g.nplayers = g.players_alloc = ng->nplayers;
	for (size_t i = 0; i < ng->nplayers; i++) {
		const struct new_player *np = &ng->players[i];
		char *pw = np->password ? xstrdup(np->password) : password_generate(err);
		if (!pw) {
			rc = WP_ERR_IO;
			goto out;
		}
		g.players[i].name = xstrdup(np->name);
		g.players[i].email = xstrdup(np->email);
		g.players[i].hash = password_hash(pw, err);
		if (!g.players[i].hash) {
			free(pw);
			rc = WP_ERR_IO;
			goto out;
		}
		if (!np->password)
			strlist_addf(generated, "%s %s", np->name, pw);
		strlist_take(&passwords, pw);
	}
	g.setup_text = ng->setup_text;
	g.setup_name = ng->setup_name;
	rc = e->setup(&g, err) ? WP_ERR_USAGE : WP_OK;
	g.setup_text = g.setup_name = NULL;
	if (rc)
		goto out;
	rc = make_game_dirs(c, g.id, err);
	for (size_t i = 0; !rc && i < g.nplayers; i++) {
		char *key = xasprintf("%s-welcome-%s", g.id, g.players[i].name);
		char *subject = xasprintf("[%s] welcome to %s", g.id, e->title);
		char *body = report_welcome(&g, (int)i, passwords.v[i]);
		rc = campaign_mail(c, &g, (int)i, key, subject, body, NULL,
				   "auto-generated", err);
		free(body);
		free(subject);
		free(key);
	}
	/* game.xml last: a game exists once its state file does. */
	if (!rc)
		rc = campaign_save_game(c, &g, err);
out:
	strlist_clear(&assign);
	strlist_clear(&passwords);
	game_release(&g);
	return rc;
}

char *campaign_orders_path(const struct campaign *c, const char *id, int turn,
			   const char *player)
{
	char *rest = player ? xasprintf("orders/%04d/%s", turn, player)
			    : xasprintf("orders/%04d", turn);
	char *p = campaign_game_path(c, id, rest);
	free(rest);
	return p;
}

/* Pending orders of every player for g's current turn. */
/* The most a pending orders file may hold: far above what a mail within
 * any sensible size limit can make of it, and small enough that a link
 * to a huge file is refused rather than read. */
#define ORDERS_FILE_MAX ((size_t)64 << 20)

int campaign_load_orders(const struct campaign *c, const struct game *g, bool *has,
			 struct strlist *lines, char **err)
{
	int rc = WP_OK;
	for (size_t i = 0; i < g->nplayers; i++) {
		char *path = campaign_orders_path(c, g->id, g->turn, g->players[i].name);
		char *buf, *e = NULL;
		size_t len;
		int there = fs_probe(path, &e);
		has[i] = false;
		if (!there) {
			free(path);
			continue;
		}
		/* A dangling link, a FIFO, a device or a folder that cannot be
		 * searched is refused here, at once, as an unreadable file. */
		if (there < 0 || fs_read_file_max(path, ORDERS_FILE_MAX, &buf, &len, &e)) {
			/* Orders that are there but cannot be read are never
			 * taken for no orders: the turn waits until they can. */
			if (!rc && err)
				*err = xasprintf("orders that cannot be read, so the turn waits: %s", e);
			rc = WP_ERR_IO;
		} else {
			has[i] = true;
			orders_parse_stored(buf, &lines[i]);
			free(buf);
		}
		free(e);
		free(path);
	}
	return rc;
}
