/* site-summary.c - what the web archive's pages across games need of a
 * game, kept in DIR/ID/.summary beside the game's pages; see site-int.h.
 *
 * So that a `run` which played N games reads N games: the index, the
 * players' pages, the statistics and the campaign's feed and calendar are
 * made from every game's summary, and only a game whose game.xml changed
 * since its summary was written is read again, with its turns.  game.xml
 * is replaced whenever the game changes in any way (a turn, a rollback,
 * an option, a seat offered) and its ctime moves with it, so the ctime
 * (with the inode and size) is the summary's key, with the program's
 * version (the pages it writes) and the campaign's address (the join mail
 * and the feeds' ids name it).  `wyrmpost site` reads every game anew.
 *
 * The file: a first line naming the format, then each field as a line
 * with its length in bytes and the bytes on the next: any text, no
 * escaping, and a torn or foreign file reads as no summary at all.
 */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine.h"
#include "fsutil.h"
#include "site-int.h"

#define MAGIC "wyrmpost site summary 1\n"

char *site_summary_key(const struct campaign *c, const char *id)
{
	char *path = campaign_game_path(c, id, "game.xml");
	struct stat st;
	/* The inode and size too: a file's times are only as fine as the
	 * kernel's clock tick, and two saves may fall in one. */
	bool have = !stat(path, &st);
	free(path);
	return xasprintf("%lld.%09ld %llu %lld %s %s", have ? (long long)st.st_ctim.tv_sec : -1LL,
			 have ? st.st_ctim.tv_nsec : 0L,
			 have ? (unsigned long long)st.st_ino : 0ULL,
			 have ? (long long)st.st_size : -1LL, PACKAGE_VERSION,
			 c->cfg.sender ? c->cfg.sender : "");
}

void site_summary_release(struct site_summary *s)
{
	for (size_t p = 0; p < s->nplayers; p++) {
		free(s->names[p]);
		free(s->rows[p]);
	}
	for (size_t i = 0; i < s->nentries; i++)
		free(s->entries[i].xml);
	free(s->entries);
	free(s->names);
	free(s->rows);
	free(s->place);
	free(s->vevent);
	free(s->index_entry);
	free(s->id);
	memset(s, 0, sizeof *s);
}

/* --- writing ------------------------------------------------------------ */

static void put_str(struct sb *o, const char *v)
{
	sb_addf(o, "%zu\n%s\n", strlen(v), v);
}

static void put_int(struct sb *o, long long v)
{
	char n[24];
	snprintf(n, sizeof n, "%lld", v);
	put_str(o, n);
}

int site_summary_save(const char *dir, const char *key, const struct site_summary *s,
		      char **err)
{
	struct sb o = SB_INIT;
	char *path = xasprintf("%s/%s/.summary", dir, s->id);
	int rc;

	sb_adds(&o, MAGIC);
	put_str(&o, key);
	put_str(&o, s->id);
	put_str(&o, s->engine->name);
	put_int(&o, s->rules_page);
	put_int(&o, s->status);
	put_int(&o, s->nturns);
	put_int(&o, s->created);
	put_int(&o, s->nwinners);
	put_int(&o, s->missed);
	put_int(&o, s->due);
	put_str(&o, s->index_entry);
	put_str(&o, s->vevent);
	put_int(&o, (long long)s->nplayers);
	for (size_t p = 0; p < s->nplayers; p++) {
		put_str(&o, s->names[p]);
		put_int(&o, s->place[p]);
		put_str(&o, s->rows[p]);
	}
	put_int(&o, (long long)s->nentries);
	for (size_t i = 0; i < s->nentries; i++) {
		put_int(&o, s->entries[i].ran);
		put_int(&o, s->entries[i].turn);
		put_str(&o, s->entries[i].xml);
	}
	/* Written even when the bytes are the same, unlike the pages: its
	 * mtime tells when the game was last read (tests/sh/site.sh). */
	rc = fs_write_atomic(path, sb_str(&o), o.len, err) ? WP_ERR_IO : WP_OK;
	sb_release(&o);
	free(path);
	return rc;
}

/* --- reading ------------------------------------------------------------ */

struct reader {
	const char *p, *end;
	bool bad;
};

/* The next field (malloc'd), or NULL with r->bad. */
static char *get_str(struct reader *r)
{
	const char *nl;
	long long len;
	char *n, *v;
	if (r->bad || !(nl = memchr(r->p, '\n', (size_t)(r->end - r->p))) || r->end - nl < 2)
		goto bad;
	n = xstrndup(r->p, (size_t)(nl - r->p));
	/* Room for the bytes and the newline after them. */
	if (!parse_int(n, 0, r->end - nl - 2, &len)) {
		free(n);
		goto bad;
	}
	free(n);
	if (nl[1 + len] != '\n')
		goto bad;
	v = xstrndup(nl + 1, (size_t)len);
	r->p = nl + 1 + len + 1;
	return v;
bad:
	r->bad = true;
	return NULL;
}

static long long get_int(struct reader *r, long long min, long long max)
{
	char *v = get_str(r);
	long long n = 0;
	if (v && !parse_int(v, min, max, &n))
		r->bad = true;
	free(v);
	return n;
}

static bool same(struct reader *r, const char *want)
{
	char *v = get_str(r);
	bool yes = v && !strcmp(v, want);
	free(v);
	return yes;
}

bool site_summary_load(const char *dir, const char *id, const char *key,
		       struct site_summary *s)
{
	char *path = xasprintf("%s/%s/.summary", dir, id), *text = NULL, *err = NULL, *name;
	size_t len = 0;
	struct reader r;

	memset(s, 0, sizeof *s);
	if (!fs_exists(path) || fs_read_file(path, &text, &len, &err) ||
	    len < strlen(MAGIC) || memcmp(text, MAGIC, strlen(MAGIC))) {
		free(text);
		free(err);
		free(path);
		return false;
	}
	r = (struct reader){ text + strlen(MAGIC), text + len, false };
	r.bad = !same(&r, key) || !same(&r, id);
	s->id = xstrdup(id);
	name = get_str(&r);
	s->engine = name ? engine_find(name) : NULL;
	r.bad |= !s->engine;
	free(name);
	s->rules_page = get_int(&r, 0, 1);
	s->status = (enum game_status)get_int(&r, GAME_ACTIVE, GAME_PAUSED);
	s->nturns = (int)get_int(&r, 0, 1000000000);
	s->created = get_int(&r, -(1LL << 62), 1LL << 62);
	s->nwinners = (int)get_int(&r, 0, MAX_PLAYERS);
	s->missed = (long)get_int(&r, 0, 1LL << 40);
	s->due = (long)get_int(&r, 0, 1LL << 40);
	s->index_entry = get_str(&r);
	s->vevent = get_str(&r);
	s->nplayers = (size_t)get_int(&r, 0, MAX_PLAYERS);
	s->names = xcalloc(s->nplayers + 1, sizeof *s->names);
	s->place = xcalloc(s->nplayers + 1, sizeof *s->place);
	s->rows = xcalloc(s->nplayers + 1, sizeof *s->rows);
	for (size_t p = 0; !r.bad && p < s->nplayers; p++) {
		s->names[p] = get_str(&r);
		s->place[p] = (int)get_int(&r, 0, MAX_PLAYERS);
		s->rows[p] = get_str(&r);
	}
	s->nentries = r.bad ? 0 : (size_t)get_int(&r, 0, s->nturns);
	s->entries = xcalloc(s->nentries + 1, sizeof *s->entries);
	for (size_t i = 0; !r.bad && i < s->nentries; i++) {
		s->entries[i].ran = get_int(&r, -(1LL << 62), 1LL << 62);
		s->entries[i].turn = (int)get_int(&r, 1, s->nturns);
		s->entries[i].xml = get_str(&r);
	}
	r.bad |= r.p != r.end;
	free(text);
	free(path);
	if (r.bad)
		site_summary_release(s);
	return !r.bad;
}
