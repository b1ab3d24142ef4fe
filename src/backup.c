/* backup.c - wyrmpost export and import: a campaign to a tar and back;
 * see backup.h. */
#include "backup.h"

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsutil.h"
#include "tar.h"
#include "xmlutil.h"

#define SECRETS_OUT "without secrets"
/* The largest file an import takes: far beyond any campaign's. */
#define IMPORT_FILE_MAX ((size_t)1 << 30)

void export_result_release(struct export_result *r)
{
	strlist_clear(&r->left_out);
}

struct exporter {
	const struct campaign *c;
	int fd;
	bool secrets;
	struct export_result *r;
};

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static const char *base_of(const char *rel)
{
	const char *slash = strrchr(rel, '/');
	return slash ? slash + 1 : rel;
}

/* A lock file, or a file a writer has not finished (fsutil.h's names). */
static bool never_archived(const char *name)
{
	size_t n = strlen(name);
	return !strcmp(name, ".lock") || (name[0] == '.' && n > 4 && !strcmp(name + n - 4, ".tmp"));
}

/* games/ID/game.xml or games/ID/turns/NAME.xml: a state, kept with its
 * hashes blanked when secrets stay out. */
static bool is_state(const char *rel)
{
	const char *id, *rest;
	size_t n = strlen(rel);
	if (!starts(rel, "games/") || n < 4 || strcmp(rel + n - 4, ".xml"))
		return false;
	id = rel + 6;
	rest = strchr(id, '/');
	if (!rest || rest == id)
		return false;
	return !strcmp(rest, "/game.xml") || (starts(rest, "/turns/") && !strchr(rest + 7, '/'));
}

static bool is_secret(const char *rel, const struct stat *st)
{
	static const char *const mail[] = { "outbox/", "sent/", "spool/new/", "spool/quarantine/" };
	if (!strcmp(rel, "secret") || !strcmp(base_of(rel), ".gm-intent"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(mail); i++)
		if (starts(rel, mail[i]))
			return true;
	/* Nothing to hide in an empty file (spool/seen's marks). */
	return st->st_size > 0 && !(st->st_mode & 077);
}

/* The state text with every password hash (a player's, a takeover
 * request's) blanked; NULL when it cannot be parsed. */
static char *blank_hashes(const char *text, size_t len, const char *name, size_t *out)
{
	char *e = NULL, *s;
	xmlDoc *doc = xml_parse(text, len, name, &e);
	xmlNode *players;
	free(e);
	if (!doc)
		return NULL;
	players = xml_first(xmlDocGetRootElement(doc), "players");
	for (xmlNode *p = players ? players->children : NULL; p; p = p->next) {
		if (!xml_is(p, "player"))
			continue;
		xml_set(p, "password", "-");
		for (xmlNode *t = p->children; t; t = t->next)
			if (xml_is(t, "takeover"))
				xml_set(t, "password", "-");
	}
	s = xml_to_string(doc, out);
	xmlFreeDoc(doc);
	return s;
}

static int add_file(struct exporter *x, const char *rel, const char *full,
		    const struct stat *st, char **err)
{
	char *data, *blanked = NULL;
	size_t len;
	int rc;

	if (!x->secrets && !is_state(rel) && is_secret(rel, st)) {
		x->r->secrets_left_out++;
		return 0;
	}
	if (fs_read_file(full, &data, &len, err))
		return WP_ERR_IO;
	if (!x->secrets && is_state(rel)) {
		blanked = blank_hashes(data, len, rel, &len);
		if (!blanked) {
			strlist_addf(&x->r->left_out, "%s: not a state that can be read, so its "
				     "password hashes cannot be blanked", rel);
			free(data);
			return 0;
		}
	}
	rc = tar_add_file(x->fd, rel, st->st_mode, st->st_mtime, blanked ? blanked : data, len,
			  err) ? WP_ERR_IO : WP_OK;
	x->r->files += !rc;
	free(blanked);
	free(data);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every name in dir, dot files too, sorted (the archive's order is the
 * same for the same campaign). */
static int list_all(const char *dir, struct strlist *out, char **err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	if (!d) {
		*err = xasprintf("cannot read the folder %s: %s", dir, strerror(errno));
		return WP_ERR_IO;
	}
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			strlist_add(out, de->d_name);
	closedir(d);
	if (out->n)
		qsort(out->v, out->n, sizeof *out->v, by_name);
	return WP_OK;
}

static int add_tree(struct exporter *x, const char *rel, char **err);

/* rel, a folder or a file of the campaign (a link or anything else is
 * left out and said). */
static int add_path(struct exporter *x, const char *rel, char **err)
{
	char *full = xasprintf("%s/%s", x->c->dir, rel);
	struct stat st;
	int rc = WP_OK;

	if (lstat(full, &st)) {
		*err = xasprintf("cannot read %s: %s", full, strerror(errno));
		rc = WP_ERR_IO;
	} else if (S_ISDIR(st.st_mode)) {
		rc = tar_add_dir(x->fd, rel, st.st_mode, st.st_mtime, err) ? WP_ERR_IO
									     : add_tree(x, rel, err);
	} else if (S_ISREG(st.st_mode)) {
		rc = add_file(x, rel, full, &st, err);
	} else {
		strlist_addf(&x->r->left_out, "%s: not a file or a folder", rel);
	}
	free(full);
	return rc;
}

/* Everything in folder rel ("" the campaign itself). */
static int add_tree(struct exporter *x, const char *rel, char **err)
{
	char *dir = *rel ? xasprintf("%s/%s", x->c->dir, rel) : xstrdup(x->c->dir);
	struct strlist names = STRLIST_INIT;
	int rc = list_all(dir, &names, err);
	for (size_t i = 0; !rc && i < names.n; i++) {
		char *child;
		if (never_archived(names.v[i]))
			continue;
		child = *rel ? xasprintf("%s/%s", rel, names.v[i]) : xstrdup(names.v[i]);
		rc = add_path(x, child, err);
		free(child);
	}
	strlist_clear(&names);
	free(dir);
	return rc;
}

/* wyrmpost.xml, games/ (the folder alone) and the folders of the games
 * ids. */
static int add_games(struct exporter *x, const char *const *ids, size_t nids, char **err)
{
	char *games = xasprintf("%s/games", x->c->dir);
	struct stat st;
	int rc = add_path(x, "wyrmpost.xml", err);
	if (!rc && stat(games, &st)) {
		*err = xasprintf("cannot read %s: %s", games, strerror(errno));
		rc = WP_ERR_IO;
	}
	if (!rc && tar_add_dir(x->fd, "games", st.st_mode, st.st_mtime, err))
		rc = WP_ERR_IO;
	free(games);
	for (size_t i = 0; !rc && i < nids; i++) {
		char *rel = xasprintf("games/%s", ids[i]);
		rc = add_path(x, rel, err);
		free(rel);
	}
	return rc;
}

static char *comment_for(const struct campaign *c, bool secrets)
{
	char *when = time_format_iso(c->now);
	char *text = xasprintf("wyrmpost %s export of %s at %s, %s", PACKAGE_VERSION, c->dir,
			       when, secrets ? "with secrets" : SECRETS_OUT);
	free(when);
	return text;
}

static int check_ids(const struct campaign *c, const char *const *ids, size_t nids, char **err)
{
	for (size_t i = 0; i < nids; i++) {
		char *dir = campaign_game_path(c, ids[i], NULL);
		bool there = !strchr(ids[i], '/') && ids[i][0] != '.' && fs_is_dir(dir);
		free(dir);
		if (!there) {
			*err = xasprintf("%s: no such game", ids[i]);
			return WP_ERR_NOTFOUND;
		}
	}
	return WP_OK;
}

/* The outbox's lock (campaign-send.c takes it to deliver), waiting up to
 * wait seconds; *fd -1 when the campaign has no outbox. */
static int lock_outbox(const struct campaign *c, int wait, int *fd, char **err)
{
	char *outbox = xasprintf("%s/outbox", c->dir);
	struct timespec nap = { 0, 200 * 1000 * 1000 };
	int rc = 0;
	*fd = -1;
	for (long tries = 0; fs_is_dir(outbox); tries++) {
		rc = fs_lock(outbox, fd, err);
		if (rc != 1 || tries >= wait * 5L)
			break;
		free(*err);
		*err = NULL;
		nanosleep(&nap, NULL);
	}
	free(outbox);
	if (rc == 1) {
		free(*err);
		*err = xstrdup("another wyrmpost is delivering this campaign's outbox; "
			       "try again when it has finished");
	}
	return rc == 0 ? WP_OK : rc == 1 ? WP_ERR_BUSY : WP_ERR_IO;
}

static int write_archive(struct exporter *x, const char *const *ids, size_t nids, char **err)
{
	char *comment = comment_for(x->c, x->secrets);
	int rc = tar_add_comment(x->fd, comment, err) ? WP_ERR_IO : WP_OK;
	free(comment);
	if (!rc)
		rc = nids ? add_games(x, ids, nids, err) : add_tree(x, "", err);
	if (!rc && tar_finish(x->fd, err))
		rc = WP_ERR_IO;
	if (!rc && fsync(x->fd)) {
		*err = xasprintf("cannot write the archive: %s", strerror(errno));
		rc = WP_ERR_IO;
	}
	return rc;
}

int campaign_export(const struct campaign *c, const char *const *ids, size_t nids,
		    bool with_secrets, int wait, const char *path, struct export_result *r,
		    char **err)
{
	struct exporter x = { .c = c, .secrets = with_secrets, .r = r };
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path + (slash == path))) : xstrdup(".");
	char *tmp = xasprintf("%s/.%s.%ld.tmp", dir, slash ? slash + 1 : path, (long)getpid());
	int outbox_fd = -1, rc;

	memset(r, 0, sizeof *r);
	rc = check_ids(c, ids, nids, err);
	if (!rc && !nids)
		rc = lock_outbox(c, wait, &outbox_fd, err);
	if (!rc) {
		x.fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (x.fd < 0) {
			*err = xasprintf("cannot create %s: %s", tmp, strerror(errno));
			rc = WP_ERR_IO;
		}
	}
	if (!rc) {
		rc = write_archive(&x, ids, nids, err);
		if (close(x.fd) && !rc) {
			*err = xasprintf("cannot write %s: %s", tmp, strerror(errno));
			rc = WP_ERR_IO;
		}
		if (!rc)
			rc = fs_rename(tmp, path, err) ? WP_ERR_IO : WP_OK;
		if (rc)
			unlink(tmp);
	}
	fs_unlock(outbox_fd);
	free(tmp);
	free(dir);
	return rc;
}

/* --- import ----------------------------------------------------------------- */

struct importer {
	const char *into; /* the folder being filled, inside the target */
	struct strlist dirs, dir_modes; /* folders, to get their modes at the end */
	struct import_result *r;
	bool has_config;
};

static int made_dirs_for(const char *full, char **err)
{
	char *parent = xstrdup(full), *slash = strrchr(parent, '/');
	int rc = WP_OK;
	*slash = '\0';
	if (!fs_is_dir(parent) && fs_mkdirs(parent, err))
		rc = WP_ERR_IO;
	free(parent);
	return rc;
}

static int restore_file(const struct tar_entry *e, const char *full, char **err)
{
	struct timespec times[2] = { { e->mtime, 0 }, { e->mtime, 0 } };
	int fd = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc = WP_OK;
	if (fd < 0) {
		*err = errno == EEXIST ? xasprintf("the archive names %s twice", e->path)
				       : xasprintf("cannot create %s: %s", full, strerror(errno));
		return errno == EEXIST ? WP_ERR_DATA : WP_ERR_IO;
	}
	if (fs_write_all(fd, e->data, e->len) || fchmod(fd, e->mode) || futimens(fd, times)) {
		*err = xasprintf("cannot write %s: %s", full, strerror(errno));
		rc = WP_ERR_IO;
	}
	if (close(fd) && !rc) {
		*err = xasprintf("cannot write %s: %s", full, strerror(errno));
		rc = WP_ERR_IO;
	}
	return rc;
}

static int restore_entry(const struct tar_entry *e, void *arg, char **err)
{
	struct importer *im = arg;
	char *full = xasprintf("%s/%s", im->into, e->path);
	int rc = made_dirs_for(full, err);

	if (!rc && e->type == 'd') {
		if (mkdir(full, 0700) && errno != EEXIST) {
			*err = xasprintf("cannot make the folder %s: %s", full, strerror(errno));
			rc = WP_ERR_IO;
		} else {
			strlist_add(&im->dirs, full);
			strlist_addf(&im->dir_modes, "%o", e->mode);
		}
	} else if (!rc) {
		rc = restore_file(e, full, err);
		im->r->files += !rc;
		im->has_config |= !strcmp(e->path, "wyrmpost.xml");
	}
	free(full);
	return rc;
}

static void note_comment(const char *text, void *arg)
{
	struct importer *im = arg;
	im->r->secrets = !strstr(text, SECRETS_OUT);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path) ? -1 : 0;
}

/* Is dir missing, or an empty folder?  WP_ERR_EXISTS if not. */
static int empty_or_missing(const char *dir, char **err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;
	if (!d && errno == ENOENT)
		return WP_OK;
	if (!d) {
		*err = xasprintf("%s: %s", dir, strerror(errno));
		return errno == ENOTDIR ? WP_ERR_EXISTS : WP_ERR_IO;
	}
	while (empty && (de = readdir(d)))
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..");
	closedir(d);
	if (!empty)
		*err = xasprintf("%s is not empty: import restores a campaign into an empty or "
				 "new folder only", dir);
	return empty ? WP_OK : WP_ERR_EXISTS;
}

/* Move what the folder into holds up into dir, its parent, then remove
 * into.  Each move is a rename inside one folder: it cannot fail for want
 * of room, and dir keeps its owner and mode (the host's:
 * /var/lib/wyrmpost/NAME). */
static int move_up(const char *into, const char *dir, char **err)
{
	struct strlist names = STRLIST_INIT;
	int rc = list_all(into, &names, err);
	for (size_t i = 0; !rc && i < names.n; i++) {
		char *from = xasprintf("%s/%s", into, names.v[i]);
		char *to = xasprintf("%s/%s", dir, names.v[i]);
		if (rename(from, to)) {
			*err = xasprintf("cannot move %s to %s: %s", from, to, strerror(errno));
			rc = WP_ERR_IO;
		}
		free(to);
		free(from);
	}
	strlist_clear(&names);
	if (!rc && rmdir(into)) {
		*err = xasprintf("cannot remove %s: %s", into, strerror(errno));
		rc = WP_ERR_IO;
	}
	return rc ? rc : fs_fsync_dir(dir, err) ? WP_ERR_IO : WP_OK;
}

/* The folders' own modes, now that nothing more is written in them; then
 * everything flushed, and moved into dir. */
static int settle(struct importer *im, const char *dir, char **err)
{
	int fd;
	for (size_t i = im->dirs.n; i-- > 0;)
		chmod(im->dirs.v[i], (mode_t)strtoul(im->dir_modes.v[i], NULL, 8));
	fd = open(im->into, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || syncfs(fd)) {
		*err = xasprintf("cannot flush %s: %s", im->into, strerror(errno));
		if (fd >= 0)
			close(fd);
		return WP_ERR_IO;
	}
	close(fd);
	return move_up(im->into, dir, err);
}

/* Restore into im->into, then move it all up into dir. */
static int restore(FILE *f, const char *path, const char *dir, struct importer *im, char **err)
{
	int rc = tar_read(f, path, IMPORT_FILE_MAX, restore_entry, note_comment, im, err);
	if (rc < 0)
		rc = WP_ERR_DATA;
	if (!rc && !im->has_config) {
		*err = xasprintf("%s: no wyrmpost.xml in it, so no campaign", path);
		rc = WP_ERR_DATA;
	}
	return rc ? rc : settle(im, dir, err);
}

int campaign_import(const char *path, const char *dir, struct import_result *r, char **err)
{
	struct importer im = { .r = r };
	bool made = false;
	FILE *f;
	int rc;

	memset(r, 0, sizeof *r);
	rc = empty_or_missing(dir, err);
	if (rc)
		return rc;
	f = fopen(path, "rbe");
	if (!f) {
		*err = xasprintf("cannot open %s: %s", path, strerror(errno));
		return errno == ENOENT ? WP_ERR_NOTFOUND : WP_ERR_IO;
	}
	/* The files are written in a folder inside dir, named as fsutil.h
	 * names what is being written, and moved up once all is read. */
	made = !fs_is_dir(dir);
	im.into = xasprintf("%s/.import.%ld.tmp", dir, (long)getpid());
	if (made && fs_mkdirs(dir, err)) {
		rc = WP_ERR_IO;
	} else if (mkdir(im.into, 0700)) {
		*err = xasprintf("cannot make the folder %s: %s", im.into, strerror(errno));
		rc = WP_ERR_IO;
	} else {
		rc = restore(f, path, dir, &im, err);
		if (rc) {
			char *why = *err;
			nftw(im.into, remove_one, 16, FTW_DEPTH | FTW_PHYS);
			*err = xasprintf("%s; nothing was restored", why);
			free(why);
		}
	}
	if (rc && made)
		rmdir(dir);
	fclose(f);
	strlist_clear(&im.dirs);
	strlist_clear(&im.dir_modes);
	free((char *)im.into);
	return rc;
}
