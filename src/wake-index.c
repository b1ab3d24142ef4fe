/* wake-index.c - when each game next needs a run, and the games touched
 * since; see wake-index.h. */
#include "wake-index.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fsutil.h"

#define WAKE_MAGIC "wyrmpost-wake-index 1"

static char *index_path(const struct campaign *c)
{
	return xasprintf("%s/spool/wake-index", c->dir);
}

static char *touched_path(const struct campaign *c, const char *id)
{
	return id ? xasprintf("%s/spool/touched/%s", c->dir, id)
		  : xasprintf("%s/spool/touched", c->dir);
}

/* What the first two lines say of the rest. */
static void summarize(const struct wake_index *ix, struct wake_summary *s)
{
	memset(s, 0, sizeof *s);
	s->next = WAKE_NEVER;
	for (size_t i = 0; i < ix->n; i++) {
		const struct wake_entry *e = &ix->v[i];
		if (e->flag == WAKE_EMPTY) {
			s->next = 0; /* does it hold a game now? each run looks */
			continue;
		}
		s->games++;
		if (e->wake < s->next)
			s->next = e->wake;
		if (e->flag == WAKE_HELD)
			strlist_add(&s->held, e->id);
	}
}

void wake_summary_release(struct wake_summary *s)
{
	strlist_clear(&s->held);
}

char *wake_index_format(const struct wake_index *ix, size_t *len)
{
	struct sb out = SB_INIT;
	struct wake_summary s;

	summarize(ix, &s);
	sb_addf(&out, "%s %lld %lld ", WAKE_MAGIC, ix->mtime_sec, ix->mtime_nsec);
	if (s.next == WAKE_NEVER)
		sb_addf(&out, "- %zu\nheld", s.games);
	else
		sb_addf(&out, "%lld %zu\nheld", s.next, s.games);
	for (size_t i = 0; i < s.held.n; i++)
		sb_addf(&out, " %s", s.held.v[i]);
	sb_addc(&out, '\n');
	wake_summary_release(&s);
	for (size_t i = 0; i < ix->n; i++) {
		const struct wake_entry *e = &ix->v[i];
		sb_addf(&out, "%s %llu %lld %lld ", e->id, e->folder.inode, e->folder.csec,
			e->folder.cnsec);
		if (e->wake == WAKE_NEVER)
			sb_addf(&out, "- %c\n", (char)e->flag);
		else
			sb_addf(&out, "%lld %c\n", e->wake, (char)e->flag);
	}
	sb_addf(&out, "end %zu\n", ix->n);
	*len = out.len;
	return sb_detach(&out);
}

/* Split line into at most max words at single spaces; their number. */
static size_t split_words(char *line, char **w, size_t max)
{
	size_t n = 0;
	for (char *s = line; n < max;) {
		w[n++] = s;
		s = strchr(s, ' ');
		if (!s)
			break;
		*s++ = '\0';
	}
	return n;
}

static bool parse_entry(char *line, const struct wake_index *ix, struct wake_entry *e)
{
	char *w[7];
	long long ino;
	if (split_words(line, w, 7) != 6 || !ident_ok(w[0]) || !parse_int(w[1], 0, LLONG_MAX, &ino) ||
	    !parse_int(w[2], LLONG_MIN + 1, LLONG_MAX, &e->folder.csec) ||
	    !parse_int(w[3], 0, 999999999, &e->folder.cnsec))
		return false;
	if (ix->n && strcmp(ix->v[ix->n - 1].id, w[0]) >= 0)
		return false; /* out of order, or twice */
	if (!strcmp(w[4], "-"))
		e->wake = WAKE_NEVER;
	else if (!parse_int(w[4], LLONG_MIN + 1, LLONG_MAX - 1, &e->wake))
		return false;
	if (strlen(w[5]) != 1 || !strchr("-he", w[5][0]))
		return false;
	e->id = w[0];
	e->folder.inode = (unsigned long long)ino;
	e->flag = (enum wake_flag)w[5][0];
	return true;
}

/* The header, "MAGIC MSEC MNSEC NEXT GAMES" (line, NUL-terminated). */
static bool parse_header(char *line, struct wake_index *ix, struct wake_summary *s)
{
	char *w[5];
	long long games;
	if (strncmp(line, WAKE_MAGIC " ", strlen(WAKE_MAGIC) + 1) ||
	    split_words(line + strlen(WAKE_MAGIC) + 1, w, 5) != 4 ||
	    !parse_int(w[0], LLONG_MIN + 1, LLONG_MAX, &ix->mtime_sec) ||
	    !parse_int(w[1], 0, 999999999, &ix->mtime_nsec) ||
	    !parse_int(w[3], 0, LLONG_MAX, &games))
		return false;
	s->games = (size_t)games;
	if (!strcmp(w[2], "-"))
		s->next = WAKE_NEVER;
	else if (!parse_int(w[2], LLONG_MIN + 1, LLONG_MAX - 1, &s->next))
		return false;
	return true;
}

/* "held[ ID]..." */
static bool parse_held(char *line, struct wake_summary *s)
{
	if (strncmp(line, "held", 4))
		return false;
	for (char *at = line + 4; *at;) {
		char *id = at + 1, *end = id + strcspn(id, " "), was = *end;
		bool ok;
		if (*at != ' ')
			return false;
		*end = '\0';
		ok = ident_ok(id);
		if (ok)
			strlist_add(&s->held, id);
		*end = was;
		if (!ok)
			return false;
		at = end;
	}
	return true;
}

static bool same_summary(const struct wake_summary *a, const struct wake_summary *b)
{
	if (a->next != b->next || a->games != b->games || a->held.n != b->held.n)
		return false;
	for (size_t i = 0; i < a->held.n; i++)
		if (strcmp(a->held.v[i], b->held.v[i]))
			return false;
	return true;
}

/* The entries and the trailer, then the summary checked against them. */
static int parse_lines(char *text, struct wake_index *ix, char **err)
{
	struct wake_summary said = { 0 }, is;
	char *line = text, *nl;
	long long count;
	size_t lineno = 1;
	bool agree;

	nl = strchr(line, '\n');
	if (!nl)
		goto bad;
	*nl = '\0';
	if (!parse_header(line, ix, &said))
		goto bad;
	lineno++;
	line = nl + 1;
	if (!(nl = strchr(line, '\n')))
		goto bad;
	*nl = '\0';
	if (!parse_held(line, &said))
		goto bad;
	for (line = nl + 1; (nl = strchr(line, '\n')); line = nl + 1) {
		struct wake_entry e;
		lineno++;
		*nl = '\0';
		if (!strncmp(line, "end ", 4)) {
			if (!parse_int(line + 4, 0, LLONG_MAX, &count) || (size_t)count != ix->n ||
			    nl[1] != '\0')
				goto bad;
			summarize(ix, &is);
			agree = same_summary(&said, &is);
			wake_summary_release(&is);
			wake_summary_release(&said);
			if (agree)
				return WP_OK;
			*err = xstrdup("its first lines do not agree with the rest");
			return WP_ERR_DATA;
		}
		if (!parse_entry(line, ix, &e))
			goto bad;
		wake_index_set(ix, e.id, e.wake, e.flag);
		ix->v[ix->n - 1].folder = e.folder;
	}
	lineno++;
bad:
	wake_summary_release(&said);
	*err = xasprintf("line %zu is not what it should be", lineno);
	return WP_ERR_DATA;
}

int wake_index_parse(const char *text, size_t len, struct wake_index *ix, char **err)
{
	char *copy = xstrndup(text, len);
	bool nul = strlen(copy) != len;
	int rc = nul ? WP_ERR_DATA : parse_lines(copy, ix, err);
	if (nul)
		*err = xstrdup("it holds a NUL byte");
	free(copy);
	ix->dirty = false;
	if (rc)
		wake_index_release(ix);
	return rc;
}

struct wake_entry *wake_index_find(const struct wake_index *ix, const char *id)
{
	size_t lo = 0, hi = ix->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(ix->v[mid].id, id);
		if (!cmp)
			return &ix->v[mid];
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void wake_index_set(struct wake_index *ix, const char *id, long long wake, enum wake_flag flag)
{
	struct wake_entry *e = wake_index_find(ix, id);
	size_t at = ix->n;

	if (e) {
		if (e->wake != wake || e->flag != flag)
			ix->dirty = true;
		e->wake = wake;
		e->flag = flag;
		return;
	}
	/* Entries come in order when read; a new game goes in its place. */
	while (at > 0 && strcmp(ix->v[at - 1].id, id) > 0)
		at--;
	ALLOC_GROW(ix->v, ix->n + 1, ix->alloc);
	memmove(&ix->v[at + 1], &ix->v[at], (ix->n - at) * sizeof *ix->v);
	ix->v[at] = (struct wake_entry){ xstrdup(id), { 0, 0, 0 }, wake, flag };
	ix->n++;
	ix->dirty = true;
}

void wake_index_release(struct wake_index *ix)
{
	for (size_t i = 0; i < ix->n; i++)
		free(ix->v[i].id);
	free(ix->v);
	memset(ix, 0, sizeof *ix);
}

static int games_mtime(const struct campaign *c, long long *sec, long long *nsec, char **err)
{
	char *dir = xasprintf("%s/games", c->dir);
	struct stat st;
	int rc = stat(dir, &st);
	if (rc)
		*err = xasprintf("%s: %s", dir, strerror(errno));
	else {
		*sec = (long long)st.st_mtim.tv_sec;
		*nsec = (long long)st.st_mtim.tv_nsec;
	}
	free(dir);
	return rc ? WP_ERR_IO : WP_OK;
}

int wake_index_read(const struct campaign *c, struct wake_index *ix, bool *current,
		    char **err)
{
	char *path = index_path(c), *text = NULL, *e = NULL;
	long long sec, nsec;
	size_t len;
	int rc;

	memset(ix, 0, sizeof *ix);
	*current = false;
	if (!fs_exists(path)) {
		*err = xasprintf("%s: missing", path);
		free(path);
		return WP_ERR_NOTFOUND;
	}
	rc = fs_read_file(path, &text, &len, &e) ? WP_ERR_IO : wake_index_parse(text, len, ix, &e);
	if (rc) {
		*err = xasprintf("%s: %s", path, e);
		free(e);
	} else if (!games_mtime(c, &sec, &nsec, &e)) {
		*current = sec == ix->mtime_sec && nsec == ix->mtime_nsec;
	} else {
		free(e);
	}
	free(text);
	free(path);
	return rc;
}

int wake_index_summary(const struct campaign *c, struct wake_summary *s, bool *current,
		       char **err)
{
	struct wake_index head = WAKE_INDEX_INIT;
	char *path = index_path(c), *line[2] = { NULL, NULL };
	size_t cap[2] = { 0, 0 };
	long long sec, nsec;
	FILE *f = fopen(path, "r");
	int rc = WP_OK;

	memset(s, 0, sizeof *s);
	*current = false;
	if (!f) {
		rc = errno == ENOENT ? WP_ERR_NOTFOUND : WP_ERR_IO;
		*err = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return rc;
	}
	for (size_t i = 0; i < 2 && !rc; i++) {
		ssize_t n = getline(&line[i], &cap[i], f);
		if (n <= 0 || line[i][n - 1] != '\n')
			rc = WP_ERR_DATA;
		else
			line[i][n - 1] = '\0';
	}
	fclose(f);
	if (!rc && (!parse_header(line[0], &head, s) || !parse_held(line[1], s)))
		rc = WP_ERR_DATA;
	if (rc == WP_ERR_DATA)
		*err = xasprintf("%s: its first lines are not what they should be", path);
	else if (!games_mtime(c, &sec, &nsec, err))
		*current = sec == head.mtime_sec && nsec == head.mtime_nsec;
	else
		rc = WP_ERR_IO;
	if (rc)
		wake_summary_release(s);
	free(line[0]);
	free(line[1]);
	free(path);
	return rc;
}

/* Which folder games/ID is; false when it is not a folder. */
static bool folder_of(const struct campaign *c, const char *id, struct wake_folder *f)
{
	char *dir = campaign_game_path(c, id, NULL);
	struct stat st;
	bool is = !stat(dir, &st) && S_ISDIR(st.st_mode);
	free(dir);
	memset(f, 0, sizeof *f);
	if (is) {
		f->inode = (unsigned long long)st.st_ino;
		f->csec = (long long)st.st_ctim.tv_sec;
		f->cnsec = (long long)st.st_ctim.tv_nsec;
	}
	return is;
}

static bool same_folder(const struct wake_folder *a, const struct wake_folder *b)
{
	return a->inode == b->inode && a->csec == b->csec && a->cnsec == b->cnsec;
}

void wake_index_saw(const struct campaign *c, struct wake_index *ix, const char *id)
{
	struct wake_entry *e = wake_index_find(ix, id);
	struct wake_folder f;
	if (!e || !folder_of(c, id, &f) || same_folder(&f, &e->folder))
		return;
	e->folder = f;
	ix->dirty = true;
}

/* The entries of the folders games/ holds now: those kept whose folder is
 * the one the index knew, the others to be looked at. */
static int bring_up_to_date(const struct campaign *c, struct wake_index *ix, char **err)
{
	struct wake_index fresh = WAKE_INDEX_INIT;
	struct strlist names = STRLIST_INIT;
	char *dir = xasprintf("%s/games", c->dir);
	int rc = games_mtime(c, &fresh.mtime_sec, &fresh.mtime_nsec, err);

	/* The time first: a change while the folder is listed is seen by the
	 * next run. */
	if (!rc && fs_list(dir, &names, err))
		rc = WP_ERR_IO;
	for (size_t i = 0; !rc && i < names.n; i++) {
		const char *id = names.v[i];
		const struct wake_entry *old = wake_index_find(ix, id);
		struct wake_folder f;
		if (!ident_ok(id) || !folder_of(c, id, &f))
			continue;
		if (!campaign_game_exists(c, id))
			wake_index_set(&fresh, id, WAKE_NEVER, WAKE_EMPTY);
		else if (old && same_folder(&old->folder, &f) && old->flag != WAKE_EMPTY)
			wake_index_set(&fresh, id, old->wake, old->flag);
		else
			wake_index_set(&fresh, id, 0, WAKE_PLAIN);
		wake_index_find(&fresh, id)->folder = f;
	}
	strlist_clear(&names);
	free(dir);
	wake_index_release(ix);
	*ix = fresh;
	ix->dirty = true;
	return rc;
}

int wake_index_load(const struct campaign *c, struct wake_index *ix, char **why, char **err)
{
	bool current;
	char *e = NULL;
	int rc = wake_index_read(c, ix, &current, &e);

	*why = NULL;
	if (!rc && current)
		return WP_OK;
	if (rc == WP_ERR_NOTFOUND)
		*why = xstrdup("the index of games was missing; rebuilt");
	else if (rc)
		*why = xasprintf("the index of games was damaged (%s); rebuilt", e);
	/* else games were added or removed: no news */
	free(e);
	return bring_up_to_date(c, ix, err);
}

int wake_index_save(const struct campaign *c, const struct wake_index *ix, char **err)
{
	size_t len;
	char *text = wake_index_format(ix, &len), *path = index_path(c);
	int rc = fs_write_atomic(path, text, len, err) ? WP_ERR_IO : WP_OK;
	free(path);
	free(text);
	return rc;
}

int wake_index_touch(const struct campaign *c, const char *id, char **err)
{
	char *dir, *path;
	int rc = WP_OK;

	if (!ident_ok(id))
		return WP_OK; /* no game can be named so: nothing to look at */
	dir = touched_path(c, NULL);
	path = touched_path(c, id);
	if (!fs_exists(path) && (fs_mkdirs(dir, err) || fs_write_atomic(path, "", 0, err)))
		rc = WP_ERR_IO;
	free(path);
	free(dir);
	return rc;
}

int wake_index_touched(const struct campaign *c, struct strlist *ids, char **err)
{
	char *dir = touched_path(c, NULL);
	struct strlist names = STRLIST_INIT;
	int rc = fs_list(dir, &names, err) ? WP_ERR_IO : WP_OK;
	for (size_t i = 0; i < names.n; i++)
		if (ident_ok(names.v[i]))
			strlist_add(ids, names.v[i]);
	strlist_clear(&names);
	free(dir);
	return rc;
}

void wake_index_untouch(const struct campaign *c, const struct strlist *ids)
{
	for (size_t i = 0; i < ids->n; i++) {
		char *path = touched_path(c, ids->v[i]), *err = NULL;
		fs_unlink(path, &err);
		free(err);
		free(path);
	}
}
