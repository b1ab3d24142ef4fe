/* site-feed.c - the web archive's feeds: an Atom feed (RFC 4287) for each
 * game and one for the campaign, an entry for each turn played, and an
 * iCalendar file (RFC 5545) with the next deadline of every active game;
 * see site-int.h.
 *
 * Nothing here reads the clock: an entry is dated when its turn ran (the
 * stored state's last-run), the calendar's stamps by the game's last run,
 * so the same campaign gives the same bytes.  Identifiers are tag URIs
 * (RFC 4151) on the domain of the campaign's sender address and the date
 * the game was made, which neither the site's address nor a rerun moves.
 */
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "site-int.h"
#include "utf8.h"

/* The campaign feed's most recent entries: enough for any reader to catch
 * up, few enough that a feed of a thousand games stays small. */
#define CAMPAIGN_ENTRIES 200

static const char *sender_domain(const struct campaign *c)
{
	const char *at = c->cfg.sender ? strrchr(c->cfg.sender, '@') : NULL;
	return at && at[1] ? at + 1 : "localhost";
}

/* tag:DOMAIN,YYYY-MM-DD:games/ID (the game's creation date). */
static void tag(struct sb *o, const struct campaign *c, const struct game *g)
{
	char *iso = time_format_iso(g->created);
	sb_adds(o, "tag:");
	sb_add_escaped(o, sender_domain(c));
	sb_addf(o, ",%.10s:games/", iso);
	sb_add_escaped(o, g->id);
	free(iso);
}

/* The public report's "What happened", one sentence after another, for
 * an entry's summary. */
static char *happened(const struct campaign *c, const struct game *g, int t)
{
	char *rest = xasprintf("reports/%04d/public.txt", t);
	char *path = campaign_game_path(c, g->id, rest), *text = NULL, *err = NULL, *at;
	struct sb o = SB_INIT;
	size_t len;

	if (fs_exists(path) && !fs_read_file(path, &text, &len, &err) &&
	    (at = strstr(text, "\nWhat happened\n"))) {
		for (at += strlen("\nWhat happened\n"); *at == ' ';) {
			size_t n;
			at += strspn(at, " ");
			n = strcspn(at, "\n");
			sb_adds(&o, o.len ? " " : "");
			sb_add(&o, at, n);
			at += n + (at[n] == '\n');
		}
	}
	if (!o.len)
		sb_adds(&o, text ? "Nothing to tell." : "The report of this turn was not kept.");
	free(text);
	free(err);
	free(path);
	free(rest);
	return sb_detach(&o);
}

/* Turn t's <entry>, its page at up/NNNN.html, summed up by what. */
static char *entry(const struct campaign *c, const struct game *g, int t, long long ran,
		   const char *what, const char *up)
{
	struct sb o = SB_INIT;
	char *when = time_format_iso(ran);
	sb_adds(&o, "<entry>\n<id>");
	tag(&o, c, g);
	sb_addf(&o, "/turn/%d</id>\n<title>", t);
	sb_add_escaped(&o, g->id);
	sb_addf(&o, ", turn %d</title>\n<updated>%s</updated>\n"
		    "<link rel=\"alternate\" type=\"text/html\" href=\"%s%04d.html\"/>\n<summary>",
		t, when, up, t);
	sb_add_escaped(&o, what);
	sb_adds(&o, "</summary>\n</entry>\n");
	free(when);
	return sb_detach(&o);
}

static void feed_head(struct sb *o, const struct campaign *c, const char *title,
		      long long updated)
{
	char *when = time_format_iso(updated);
	sb_adds(o, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
		   "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>");
	sb_add_escaped(o, title);
	sb_addf(o, "</title>\n<updated>%s</updated>\n<author><name>", when);
	sb_add_escaped(o, c->cfg.sender_name ? c->cfg.sender_name : "wyrmpost");
	sb_adds(o, "</name></author>\n<generator>wyrmpost</generator>\n"
		   "<link rel=\"self\" type=\"application/atom+xml\" href=\"feed.atom\"/>\n"
		   "<link rel=\"alternate\" type=\"text/html\" href=\"index.html\"/>\n");
	free(when);
}

static long long last_ran(const struct site_game *sg)
{
	long long t = sg->g.created;
	for (int i = 0; i < sg->nturns; i++)
		t = sg->turns[i].ran > t ? sg->turns[i].ran : t;
	return t;
}

static void deadline_event(struct sb *o, const struct campaign *c, const struct game *g);

int site_game_feed(const struct campaign *c, const struct site_game *sg, const char *dir,
		   struct site_summary *s, char **err)
{
	struct sb o = SB_INIT, ev = SB_INIT;
	char *path = xasprintf("%s/%s/feed.atom", dir, sg->g.id);
	char *title = xasprintf("%s, turn by turn", sg->g.id), *up = xasprintf("%s/", sg->g.id);
	int rc;

	feed_head(&o, c, title, last_ran(sg));
	sb_adds(&o, "<id>");
	tag(&o, c, &sg->g);
	sb_adds(&o, "</id>\n");
	s->nentries = sg->nturns < CAMPAIGN_ENTRIES ? (size_t)sg->nturns : CAMPAIGN_ENTRIES;
	s->entries = xcalloc(s->nentries + 1, sizeof *s->entries);
	for (int t = sg->nturns; t >= 1; t--) {
		long long ran = sg->turns[t - 1].ran ? sg->turns[t - 1].ran : sg->g.created;
		char *what = happened(c, &sg->g, t), *own = entry(c, &sg->g, t, ran, what, "");
		size_t i = (size_t)(sg->nturns - t);
		sb_adds(&o, own);
		if (i < s->nentries) {
			s->entries[i].ran = ran;
			s->entries[i].turn = t;
			s->entries[i].xml = entry(c, &sg->g, t, ran, what, up);
		}
		free(own);
		free(what);
	}
	sb_adds(&o, "</feed>\n");
	rc = site_put(path, &o, err);
	/* Active games only: a held, paused or finished game has no turn
	 * that will run at its deadline. */
	if (sg->g.status == GAME_ACTIVE && sg->g.deadline > 0)
		deadline_event(&ev, c, &sg->g);
	s->vevent = sb_detach(&ev);
	sb_release(&o);
	free(up);
	free(title);
	free(path);
	return rc;
}

/* A turn of a game, for sorting the campaign's entries newest first. */
struct turn_ref {
	const struct site_summary *s;
	const struct site_entry *e;
};

static int newest_first(const void *a, const void *b)
{
	const struct turn_ref *x = a, *y = b;
	int d;
	if (x->e->ran != y->e->ran)
		return x->e->ran < y->e->ran ? 1 : -1;
	d = strcmp(x->s->id, y->s->id);
	return d ? d : y->e->turn - x->e->turn;
}

/* Every game's entries, newest first, into *refs (malloc'd). */
static size_t gather(const struct site_summary *games, size_t n, struct turn_ref **refs)
{
	size_t nrefs = 0, alloc = 0;
	*refs = NULL;
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < games[k].nentries; i++) {
			ALLOC_GROW(*refs, nrefs + 1, alloc);
			(*refs)[nrefs++] = (struct turn_ref){ &games[k], &games[k].entries[i] };
		}
	if (nrefs)
		qsort(*refs, nrefs, sizeof **refs, newest_first);
	return nrefs;
}

void site_feed_trim(struct site_summary *games, size_t n, size_t *kept)
{
	struct turn_ref *refs;
	size_t nrefs;
	if (*kept < 4 * CAMPAIGN_ENTRIES)
		return;
	nrefs = gather(games, n, &refs);
	for (size_t i = CAMPAIGN_ENTRIES; i < nrefs; i++) {
		/* games is ours to change: refs only point into it. */
		struct site_entry *e = (struct site_entry *)refs[i].e;
		free(e->xml);
		e->xml = NULL;
	}
	*kept = 0;
	for (size_t k = 0; k < n; k++) {
		size_t to = 0;
		for (size_t i = 0; i < games[k].nentries; i++)
			if (games[k].entries[i].xml)
				games[k].entries[to++] = games[k].entries[i];
		games[k].nentries = to;
		*kept += to;
	}
	free(refs);
}

static int campaign_feed(const struct campaign *c, const struct site_summary *games, size_t n,
			 const char *dir, char **err)
{
	struct turn_ref *refs;
	size_t nrefs;
	long long updated = 0, first = 0;
	struct sb o = SB_INIT;
	char *path = xasprintf("%s/feed.atom", dir), *title, *iso;
	int rc;

	for (size_t k = 0; k < n; k++)
		first = !first || games[k].created < first ? games[k].created : first;
	nrefs = gather(games, n, &refs);
	if (nrefs)
		updated = refs[0].e->ran;
	title = xasprintf("The games of %s", c->cfg.sender_name ? c->cfg.sender_name : "wyrmpost");
	feed_head(&o, c, title, updated ? updated : first);
	iso = time_format_iso(first);
	sb_adds(&o, "<id>tag:");
	sb_add_escaped(&o, sender_domain(c));
	sb_addf(&o, ",%.10s:games</id>\n", iso);
	for (size_t i = 0; i < nrefs && i < CAMPAIGN_ENTRIES; i++)
		sb_adds(&o, refs[i].e->xml);
	sb_adds(&o, "</feed>\n");
	rc = site_put(path, &o, err);
	sb_release(&o);
	free(iso);
	free(title);
	free(path);
	free(refs);
	return rc;
}

/* --- the calendar ------------------------------------------------------------ */

/* A content line, its text escaped (RFC 5545 3.3.11) and folded at 75
 * octets without splitting a character (3.1), ended by CRLF. */
static void ics_line(struct sb *o, const char *name, const char *value, bool text)
{
	struct sb l = SB_INIT;
	size_t col = 0;
	sb_adds(&l, name);
	sb_addc(&l, ':');
	for (const char *p = value; *p; p++) {
		if (text && (*p == '\\' || *p == ';' || *p == ','))
			sb_addc(&l, '\\');
		if (text && *p == '\n')
			sb_adds(&l, "\\n");
		else
			sb_addc(&l, *p);
	}
	for (const char *p = sb_str(&l); *p; p++) {
		if (col >= 74 && !utf8_continues(*p)) {
			sb_adds(o, "\r\n ");
			col = 1;
		}
		sb_addc(o, *p);
		col++;
	}
	sb_adds(o, "\r\n");
	sb_release(&l);
}

/* 20260531T202640Z */
static char *ics_time(long long t)
{
	char *iso = time_format_iso(t), *out = xmalloc(17);
	size_t k = 0;
	for (const char *p = iso; *p && k < 16; p++)
		if (*p != '-' && *p != ':')
			out[k++] = *p;
	out[k] = '\0';
	free(iso);
	return out;
}

static void deadline_event(struct sb *o, const struct campaign *c, const struct game *g)
{
	struct sb tagged = SB_INIT;
	char *uid;
	char *stamp = ics_time(g->last_run ? g->last_run : g->created);
	char *start = ics_time(g->deadline), *rules = site_rules_title(g);
	char *summary = xasprintf("%s: orders for turn %d due", g->id, g->turn);
	char *what = xasprintf("The latest the turn runs: turn %d of %s (%s). It may run "
			       "earlier, once every player it waits for has sent orders.",
			       g->turn, g->id, rules);
	/* The feed's tag of the turn, not DOMAIN-with-an-at, which would read
	 * as somebody's address. */
	tag(&tagged, c, g);
	sb_addf(&tagged, "/turn/%d", g->turn);
	uid = sb_detach(&tagged);
	ics_line(o, "BEGIN", "VEVENT", false);
	ics_line(o, "UID", uid, false);
	ics_line(o, "DTSTAMP", stamp, false);
	ics_line(o, "DTSTART", start, false);
	ics_line(o, "DTEND", start, false);
	ics_line(o, "SUMMARY", summary, true);
	ics_line(o, "DESCRIPTION", what, true);
	ics_line(o, "END", "VEVENT", false);
	free(what);
	free(summary);
	free(rules);
	free(start);
	free(stamp);
	free(uid);
}

static int calendar(const struct campaign *c, const struct site_summary *games, size_t n,
		    const char *dir, char **err)
{
	struct sb o = SB_INIT;
	char *path = xasprintf("%s/deadlines.ics", dir);
	char *name = xasprintf("Deadlines of %s", c->cfg.sender_name ? c->cfg.sender_name
								   : "wyrmpost");
	int rc;

	ics_line(&o, "BEGIN", "VCALENDAR", false);
	ics_line(&o, "VERSION", "2.0", false);
	ics_line(&o, "PRODID", "-//wyrmpost//web archive//EN", false);
	ics_line(&o, "CALSCALE", "GREGORIAN", false);
	ics_line(&o, "X-WR-CALNAME", name, true);
	for (size_t k = 0; k < n; k++)
		sb_adds(&o, games[k].vevent);
	ics_line(&o, "END", "VCALENDAR", false);
	rc = site_put(path, &o, err);
	sb_release(&o);
	free(name);
	free(path);
	return rc;
}

int site_feeds(const struct campaign *c, const struct site_summary *games, size_t n,
	       const char *dir, char **err)
{
	int rc = campaign_feed(c, games, n, dir, err);
	return rc ? rc : calendar(c, games, n, dir, err);
}
