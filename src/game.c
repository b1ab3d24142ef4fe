/* game.c - a game's game.xml form, its core options, and the engine_ctx the
 * core hands its engine; see game.h. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "engine.h"
#include "fsutil.h"
#include "schedule.h"
#include "schemas.h"
#include "util.h"
#include "xmlutil.h"

static const char *check_deadline(const char *v)
{
	return sched_check_spec(v);
}

static const char *check_tz(const char *v)
{
	return sched_check_tz(v);
}

const struct option_spec core_options[] = {
	{ "deadline", OPT_STRING, "24h", 0, 0, NULL,
	  "when a turn runs at the latest: 0 (every run), an interval (24h, 90m, 2d, 1w) "
	  "counted from the deadline before, a daily time (18:00) or days and a time "
	  "('tue,fri 18:00', 'mon-fri 09:30') in the game's time zone", check_deadline },
	{ "min-gap", OPT_INT, "24", 0, 720, NULL,
	  "after a turn played early, the next deadline is the schedule's first time at "
	  "least this many hours later (with a time of day or days of the week)", NULL },
	{ "tz", OPT_STRING, "UTC", 0, 0, NULL,
	  "the game's time zone, e.g. Europe/Berlin", check_tz },
	{ "nmr-drop", OPT_INT, "3", 0, 99, NULL,
	  "drop a player who misses this many turns in a row (0: never)", NULL },
	{ "hold", OPT_BOOL, "no", 0, 0, NULL,
	  "hold a turn when more than half the awaited players miss it, until they "
	  "send orders or the game master plays it (the players are told)", NULL },
	{ "remind", OPT_INT, "0", 0, 720, NULL,
	  "mail each awaited player who has sent no orders this many hours before the "
	  "deadline, once a turn (0: never)", NULL },
	{ "absence-days", OPT_INT, "14", 0, 365, NULL,
	  "the most days a player may be away by their own 'absent' mail in any "
	  "absence-window days (0: only the game master sets absences); while away, no "
	  "turn waits for them and missed turns are not counted", NULL },
	{ "absence-window", OPT_INT, "90", 1, 400, NULL,
	  "the days over which absence-days is counted", NULL },
	{ "mails-per-turn", OPT_INT, "20", 1, 1000, NULL,
	  "how many orders mails one player may send for one turn", NULL },
	{ "open", OPT_BOOL, "no", 0, 0, NULL,
	  "newcomers may join by mail with a name and password of their own "
	  "(in games that allow it)", NULL },
	{ "takeover", OPT_ENUM, "no", 0, 0, "no|gm|auto",
	  "what a player's seat becomes at the nmr-drop limit: no (the player is "
	  "dropped), gm (an open seat, played by the no-orders rule, that anyone may "
	  "ask to take over by mail; the game master approves) or auto (the first "
	  "to ask takes it)", NULL },
	{ "pdf", OPT_ENUM, "embedded", 0, 0, "embedded|standard|none",
	  "report PDFs with DejaVu embedded, only the characters used (any text, ~15-30 KB), "
	  "with the standard fonts (Latin-1 and suits, other letters spelled in Latin ones, "
	  "~4 KB, three times faster), or none", NULL },
	{ "report-xml", OPT_BOOL, "no", 0, 0, NULL,
	  "attach the report as XML (NAME.xml, see wyrmpost-view(5)) to every report "
	  "mail, for players' own tools; it is written beside the report either way",
	  NULL },
	{ "press", OPT_ENUM, "open", 0, 0, "open|grey|none",
	  "messages between players by mail ('press NAME: TEXT', 'press all: TEXT'): "
	  "open (the sender named), grey (the sender's name hidden) or none", NULL },
	{ "press-per-turn", OPT_INT, "10", 0, 1000, NULL,
	  "how many messages (press and 'gm') one player may send in one turn", NULL },
	{ "press-size", OPT_INT, "2000", 1, 100000, NULL,
	  "the most characters one message may have", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

static const char *const status_names[] = { "active", "held", "over", "paused" };

const char *game_status_name(enum game_status s)
{
	return status_names[s];
}

/* The clock functions of every struct engine_ctx: the engine asks, the core
 * answers in the zone it put in the ctx. */
static long long ctx_next_local(const struct engine_ctx *ctx, long long after,
				int minute_of_day)
{
	return sched_next_local(after, minute_of_day, ctx->tz);
}

static char *ctx_local_text(const struct engine_ctx *ctx, long long t)
{
	return sched_format_local(t, ctx->tz);
}

struct engine_ctx engine_ctx_make(long long now, const char *tz)
{
	return (struct engine_ctx){
		.now = now,
		.tz = tz,
		.next_local = ctx_next_local,
		.local_text = ctx_local_text,
	};
}

struct engine_ctx game_ctx(const struct game *g, long long now)
{
	return engine_ctx_make(now, option_get(&g->opts, "tz"));
}

static int need_attr(const xmlNode *n, const char *attr, char **out, char **err)
{
	*out = xml_attr(n, attr);
	if (*out)
		return 0;
	*err = xasprintf("line %ld: <%s> lacks %s", xmlGetLineNo((xmlNode *)n),
			 (const char *)n->name, attr);
	return -1;
}

static int load_options(struct game *g, const xmlNode *opts, char **err)
{
	const struct option_spec *tables[] = { core_options, g->engine->options, NULL };
	if (option_set_build(&g->opts, tables, NULL, 0, err))
		return -1;
	for (xmlNode *o = opts->children; o; o = o->next) {
		char *name, *value, *e = NULL;
		int rc;
		if (!xml_is(o, "option"))
			continue;
		name = xml_attr(o, "name");
		value = xml_attr(o, "value");
		rc = option_set_one(&g->opts, tables, name, value, &e);
		if (rc) {
			*err = xasprintf("line %ld: %s", xmlGetLineNo(o), e);
			free(e);
		}
		free(name);
		free(value);
		if (rc)
			return -1;
	}
	return 0;
}

/* <absence from= to= [reason=]/> of a player (absence.h). */
static int load_absence(struct player *pl, const xmlNode *t, char **err)
{
	char *from = xml_attr(t, "from"), *to = xml_attr(t, "to");
	struct absence a = { 0, 0, xml_attr(t, "reason") };
	bool ok = from && to && absence_parse_day(from, &a.from) &&
		  absence_parse_day(to, &a.to) && a.from <= a.to;
	free(from);
	free(to);
	if (!ok) {
		free(a.reason);
		*err = xasprintf("line %ld: bad absence", xmlGetLineNo((xmlNode *)t));
		return -1;
	}
	ALLOC_GROW(pl->absences, pl->nabsences + 1, pl->absences_alloc);
	pl->absences[pl->nabsences++] = a;
	return 0;
}

static int load_players(struct game *g, const xmlNode *players, char **err)
{
	for (xmlNode *p = players->children; p; p = p->next) {
		struct player *pl;
		long long nmr;
		bool dropped;
		if (!xml_is(p, "player"))
			continue;
		if (g->nplayers == MAX_PLAYERS) {
			*err = xasprintf("line %ld: more than %d players", xmlGetLineNo(p),
					 MAX_PLAYERS);
			return -1;
		}
		ALLOC_GROW(g->players, g->nplayers + 1, g->players_alloc);
		pl = &g->players[g->nplayers++];
		memset(pl, 0, sizeof *pl);
		if (need_attr(p, "name", &pl->name, err) ||
		    need_attr(p, "email", &pl->email, err) ||
		    need_attr(p, "password", &pl->hash, err))
			return -1;
		if (!xml_attr_int(p, "nmr", &nmr) || !xml_attr_bool(p, "dropped", &dropped)) {
			*err = xasprintf("line %ld: bad nmr or dropped", xmlGetLineNo(p));
			return -1;
		}
		if (game_player_index(g, pl->name) != (int)g->nplayers - 1) {
			*err = xasprintf("line %ld: player '%s' appears twice", xmlGetLineNo(p),
					 pl->name);
			return -1;
		}
		pl->nmr = (int)nmr;
		pl->dropped = dropped;
		char *open = xml_attr(p, "open");
		bool bad_open = open && !xml_attr_bool(p, "open", &pl->open);
		free(open);
		if (bad_open) {
			*err = xasprintf("line %ld: bad open", xmlGetLineNo(p));
			return -1;
		}
		for (xmlNode *t = p->children; t; t = t->next)
			if ((xml_is(t, "takeover") &&
			     (need_attr(t, "name", &pl->req_name, err) ||
			      need_attr(t, "email", &pl->req_email, err) ||
			      need_attr(t, "password", &pl->req_hash, err))) ||
			    (xml_is(t, "absence") && load_absence(pl, t, err)))
				return -1;
	}
	return 0;
}

static int load_time(const xmlNode *root, const char *attr, long long *out, char **err)
{
	char *v = xml_attr(root, attr);
	bool ok = v && time_parse_iso(v, out);
	free(v);
	if (!ok)
		*err = xasprintf("line %ld: bad %s time", xmlGetLineNo((xmlNode *)root), attr);
	return ok ? 0 : -1;
}

/* Check the engine's part against the engine's own grammar: a copy of the
 * <engine> element becomes a document of its own (line numbers kept). */
static int validate_engine(const struct engine *e, xmlNode *node, const char *name,
			   char **err)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *copy = xmlDocCopyNode(node, doc, 1);
	int rc;
	xmlDocSetRootElement(doc, copy);
	rc = xml_validate(doc, e->schema, name, err);
	xmlFreeDoc(doc);
	return rc;
}

int game_from_xml(struct game *g, xmlDoc *doc, char **err)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	xmlNode *opts, *players, *eng;
	char *rules = NULL, *status = NULL, *rng = NULL;
	long long turn;
	int rc = -1;

	memset(g, 0, sizeof *g);
	if (need_attr(root, "id", &g->id, err) || need_attr(root, "rules", &rules, err) ||
	    need_attr(root, "status", &status, err) || need_attr(root, "rng", &rng, err))
		goto out;
	g->engine = engine_find(rules);
	if (!g->engine) {
		*err = xasprintf("line %ld: no rules engine called '%s'",
				 xmlGetLineNo(root), rules);
		goto out;
	}
	if (!xml_attr_int(root, "turn", &turn) || turn < 1 || turn > GAME_TURN_MAX ||
	    !xml_attr_u64(root, "seed", &g->seed) || rng_parse(&g->rng, rng)) {
		*err = xasprintf("line %ld: bad turn, seed or rng", xmlGetLineNo(root));
		goto out;
	}
	g->turn = (int)turn;
	for (int s = GAME_ACTIVE; s <= GAME_PAUSED; s++)
		if (!strcmp(status, status_names[s]))
			g->status = (enum game_status)s;
	if (load_time(root, "created", &g->created, err) ||
	    load_time(root, "deadline", &g->deadline, err))
		goto out;
	if (xmlHasProp(root, (const xmlChar *)"last-run") &&
	    load_time(root, "last-run", &g->last_run, err))
		goto out;
	opts = xml_first(root, "options");
	players = xml_first(root, "players");
	eng = xml_first(root, "engine");
	if (!opts || !players || !eng) {
		*err = xasprintf("line %ld: incomplete game", xmlGetLineNo(root));
		goto out;
	}
	if (load_options(g, opts, err) || load_players(g, players, err))
		goto out;
	if (xml_first(root, "observers"))
		for (xmlNode *o = xml_first(root, "observers")->children; o; o = o->next)
			if (xml_is(o, "observer"))
				strlist_take(&g->observers, xml_attr(o, "email"));
	if (g->engine->load(g, eng, err))
		goto out;
	rc = 0;
out:
	free(rules);
	free(status);
	free(rng);
	return rc;
}

static xmlDoc *game_to_xml_by(const struct game *g, const char *written_by)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root = xmlNewNode(NULL, (const xmlChar *)"game");
	xmlNode *opts, *players, *eng;
	char rng[34], *t;

	xmlDocSetRootElement(doc, root);
	xml_set_int(root, "format", GAME_FORMAT);
	if (written_by)
		xml_set(root, "written-by", written_by);
	xml_set(root, "id", g->id);
	xml_set(root, "rules", g->engine->name);
	xml_set_int(root, "turn", g->turn);
	xml_set(root, "status", status_names[g->status]);
	t = xasprintf("%llu", (unsigned long long)g->seed);
	xml_set(root, "seed", t);
	free(t);
	rng_format(&g->rng, rng);
	xml_set(root, "rng", rng);
	t = time_format_iso(g->created);
	xml_set(root, "created", t);
	free(t);
	t = time_format_iso(g->deadline);
	xml_set(root, "deadline", t);
	free(t);
	if (g->last_run) {
		t = time_format_iso(g->last_run);
		xml_set(root, "last-run", t);
		free(t);
	}
	opts = xml_child(root, "options", NULL);
	for (size_t i = 0; i < g->opts.n; i++) {
		xmlNode *o = xml_child(opts, "option", NULL);
		xml_set(o, "name", g->opts.v[i].spec->name);
		xml_set(o, "value", g->opts.v[i].value);
	}
	players = xml_child(root, "players", NULL);
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		xmlNode *p = xml_child(players, "player", NULL);
		xml_set(p, "name", pl->name);
		xml_set(p, "email", pl->email);
		xml_set(p, "password", pl->hash);
		xml_set_int(p, "nmr", pl->nmr);
		xml_set_bool(p, "dropped", pl->dropped);
		if (pl->open)
			xml_set_bool(p, "open", true);
		if (pl->req_name) {
			xmlNode *req = xml_child(p, "takeover", NULL);
			xml_set(req, "name", pl->req_name);
			xml_set(req, "email", pl->req_email);
			xml_set(req, "password", pl->req_hash);
		}
		for (size_t a = 0; a < pl->nabsences; a++) {
			xmlNode *ab = xml_child(p, "absence", NULL);
			char *from = absence_format_day(pl->absences[a].from);
			char *to = absence_format_day(pl->absences[a].to);
			xml_set(ab, "from", from);
			xml_set(ab, "to", to);
			if (pl->absences[a].reason)
				xml_set(ab, "reason", pl->absences[a].reason);
			free(from);
			free(to);
		}
	}
	if (g->observers.n) {
		xmlNode *obs = xml_child(root, "observers", NULL);
		for (size_t i = 0; i < g->observers.n; i++)
			xml_set(xml_child(obs, "observer", NULL), "email", g->observers.v[i]);
	}
	eng = xml_child(root, "engine", NULL);
	g->engine->save(g, eng);
	return doc;
}

xmlDoc *game_to_xml(const struct game *g)
{
	return game_to_xml_by(g, NULL);
}

char *game_to_file_text(const struct game *g, const char *written_by, size_t *len)
{
	xmlDoc *doc = game_to_xml_by(g, written_by);
	char *s = xml_to_string(doc, len);
	xmlFreeDoc(doc);
	return s;
}

char *game_to_string(const struct game *g, size_t *len)
{
	return game_to_file_text(g, NULL, len);
}

int game_load_buffer(struct game *g, const char *buf, size_t len, const char *name,
		     char **err)
{
	xmlDoc *doc = xml_parse(buf, len, name, err);
	xmlNode *root, *eng;
	const struct engine *e;
	char *rules, *e2 = NULL;
	int rc, format;

	memset(g, 0, sizeof *g);
	if (!doc)
		return -1;
	if (game_format_upgrade(doc, name, &format, err) ||
	    xml_validate(doc, schema_game_rng, name, err)) {
		xmlFreeDoc(doc);
		return -1;
	}
	root = xmlDocGetRootElement(doc);
	rules = xml_attr(root, "rules");
	e = engine_find(rules);
	if (!e) {
		*err = xasprintf("%s:%ld: no rules engine called '%s'", name,
				 xmlGetLineNo(root), rules);
		free(rules);
		xmlFreeDoc(doc);
		return -1;
	}
	free(rules);
	eng = xml_first(root, "engine");
	if (validate_engine(e, eng, name, err)) {
		xmlFreeDoc(doc);
		return -1;
	}
	rc = game_from_xml(g, doc, &e2);
	xmlFreeDoc(doc);
	if (rc) {
		/* game_from_xml says "line N: ..."; prefix the file name. */
		*err = xasprintf("%s:%s", name, e2 + (strncmp(e2, "line ", 5) ? 0 : 5));
		free(e2);
		game_release(g);
		return -1;
	}
	g->format = format;
	return 0;
}

int game_load_file(struct game *g, const char *path, char **err)
{
	size_t len;
	char *buf;
	int rc;

	memset(g, 0, sizeof *g);
	if (fs_read_file(path, &buf, &len, err))
		return -1;
	rc = game_load_buffer(g, buf, len, path, err);
	free(buf);
	return rc;
}
