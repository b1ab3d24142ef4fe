/* fsutil.c - atomic files and the campaign lock; see fsutil.h. */
#include "fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static char *sys_err(const char *what, const char *path)
{
	return xasprintf("%s '%s': %s", what, path, strerror(errno));
}

int fs_read_file_max(const char *path, size_t max, char **buf, size_t *len, char **err)
{
	/* O_NONBLOCK: opening a FIFO with no writer would wait for one. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	struct sb sb = SB_INIT;
	struct stat st;
	char chunk[65536];
	ssize_t n;

	if (fd < 0) {
		*err = sys_err("cannot open", path);
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		*err = xasprintf("cannot read %s: not a regular file", path);
		close(fd);
		return -1;
	}
	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*err = sys_err("cannot read", path);
			close(fd);
			sb_release(&sb);
			return -1;
		}
		if ((size_t)n > max - sb.len) {
			*err = xasprintf("cannot read %s: larger than %zu bytes", path, max);
			close(fd);
			sb_release(&sb);
			return -1;
		}
		sb_add(&sb, chunk, (size_t)n);
	}
	close(fd);
	*len = sb.len;
	*buf = sb_detach(&sb);
	return 0;
}

int fs_read_file(const char *path, char **buf, size_t *len, char **err)
{
	return fs_read_file_max(path, SIZE_MAX, buf, len, err);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

int fs_fsync_dir(const char *dir, char **err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		*err = sys_err("cannot open directory", dir);
		return -1;
	}
	if (fsync(fd) && errno != EINVAL) {
		*err = sys_err("cannot sync directory", dir);
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int fs_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!n)
				errno = EIO; /* no progress: never spin on it */
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The batch (see fs_batch_begin): each staged file's temporary name, the
 * name it is to have and its stage. */
struct staged {
	char *tmp, *path;
	enum fs_stage stage;
	unsigned unit;
};
struct batch {
	char *dir; /* NULL: no batch is open */
	enum fs_stage stage;
	struct staged *v;
	size_t n, alloc;
	unsigned unit;  /* the unit being staged (fs_batch_group) */
	bool all_failed; /* a flush failed: no unit is durable */
	bool *failed;    /* [unit + 1] after commit */
};
static struct batch batch;  /* the open one, being written */
static size_t staged_count; /* names temporary files, across batches */

static bool staging(void)
{
	return batch.dir && batch.stage != FS_STAGE_NOW;
}

/* Each staged write has a temporary file of its own (".NAME.N.PID.tmp",
 * N counting the process's staged writes): a path written twice is
 * renamed twice, in the order written, and the last write wins, as
 * without a batch; and a batch written while the one before is committed
 * (fs_batch_end_behind) never reuses that one's names. */
static void stage_add(const char *tmp, const char *path)
{
	if (batch.n == batch.alloc) {
		batch.alloc = batch.alloc ? 2 * batch.alloc : 64;
		batch.v = xrealloc(batch.v, batch.alloc * sizeof *batch.v);
	}
	batch.v[batch.n++] = (struct staged){ xstrdup(tmp), xstrdup(path), batch.stage,
					      batch.unit };
}

/* This process's id, for temporary names: asked of the kernel once, not
 * for each of the fifteen files a game's turn writes, and asked again in
 * a child of fork (the workers of run -j), whose names must be its own. */
static pid_t own_pid;

static void forget_own_pid(void)
{
	own_pid = 0;
}

static void watch_forks(void)
{
	if (pthread_atfork(NULL, NULL, forget_own_pid))
		BUG("pthread_atfork: out of memory");
}

static pid_t self(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	if (!own_pid) {
		pthread_once(&once, watch_forks);
		own_pid = getpid();
	}
	return own_pid;
}

/* The temporary name for a new content of path, in dir, path's folder. */
static char *tmp_name(const char *dir, const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	return staging() ? xasprintf("%s/.%s.%zu.%ld.tmp", dir, base, staged_count++,
				     (long)self())
			 : xasprintf("%s/.%s.%ld.tmp", dir, base, (long)self());
}

static int write_atomic(const char *path, const char *data, size_t len, mode_t mode,
			char **err)
{
	char *dir = dir_of(path), *tmp = tmp_name(dir, path);
	int fd, rc = -1;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		*err = sys_err("cannot create", tmp);
		goto out;
	}
	if (staging()) {
		/* Flushed and renamed by fs_batch_end. */
		if (fs_write_all(fd, data, len) || close(fd)) {
			*err = sys_err("cannot write", tmp);
			unlink(tmp);
			goto out;
		}
		stage_add(tmp, path);
		rc = 0;
		goto out;
	}
	if (fs_write_all(fd, data, len) || fsync(fd)) {
		*err = sys_err("cannot write", tmp);
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (close(fd)) {
		*err = sys_err("cannot write", tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, path)) {
		*err = sys_err("cannot rename into place", path);
		unlink(tmp);
		goto out;
	}
	rc = fs_fsync_dir(dir, err);
out:
	free(tmp);
	free(dir);
	return rc;
}

int fs_write_atomic(const char *path, const char *data, size_t len, char **err)
{
	return write_atomic(path, data, len, 0666, err);
}

int fs_write_private(const char *path, const char *data, size_t len, char **err)
{
	return write_atomic(path, data, len, 0600, err);
}

/* A copy of from at to, as by fs_write_private. */
static int copy_private(const char *from, const char *to, char **err)
{
	char *data;
	size_t len;
	int rc;
	if (fs_read_file(from, &data, &len, err))
		return -1;
	rc = write_atomic(to, data, len, 0600, err);
	free(data);
	return rc;
}

int fs_link_private(const char *existing, const char *path, char **err)
{
	struct stat was, is;
	bool there = !lstat(path, &is);
	char *dir, *name;
	int rc = 0;

	if (there && !stat(existing, &was) && was.st_dev == is.st_dev && was.st_ino == is.st_ino)
		return 0; /* linked by a run killed before its commit */
	/* Another file by that name (a copy, made where no link could be)
	 * is replaced as any file is: a new name, renamed over it. */
	dir = dir_of(path);
	name = there ? tmp_name(dir, path) : xstrdup(path);
	if (link(existing, name)) {
		free(name);
		free(dir);
		return copy_private(existing, path, err);
	}
	if (there && staging()) {
		stage_add(name, path);
	} else if (there && rename(name, path)) {
		*err = sys_err("cannot rename into place", path);
		unlink(name);
		rc = -1;
	}
	if (!rc && !staging())
		rc = fs_fsync_dir(dir, err);
	free(name);
	free(dir);
	return rc;
}

/* mkdir p, first its missing parents: from the deepest folder up, so that
 * a new folder under folders that are there costs one mkdir, not one for
 * each folder of its path. */
static int make_dir(char *p, char **err)
{
	char *slash = strrchr(p, '/');
	int e = mkdir(p, 0777) ? errno : 0;

	if (e == ENOENT && slash && slash != p) {
		*slash = '\0';
		e = make_dir(p, err);
		*slash = '/';
		if (e)
			return -1;
		e = mkdir(p, 0777) ? errno : 0;
	}
	if (!e) {
		/* Staged: fs_batch_end's first flush makes it durable before
		 * any file in it takes its name. */
		char *parent = dir_of(p);
		int rc = staging() ? 0 : fs_fsync_dir(parent, err);
		free(parent);
		return rc;
	}
	if (e == EEXIST && fs_is_dir(p))
		return 0;
	if (e == EEXIST) {
		*err = xasprintf("'%s' exists and is not a directory", p);
	} else {
		errno = e;
		*err = sys_err("cannot create directory", p);
	}
	return -1;
}

int fs_mkdirs(const char *path, char **err)
{
	char *p;
	int rc;
	/* Most calls find the folder there (a turn's outbox and reports):
	 * one stat. */
	if (fs_is_dir(path))
		return 0;
	p = xstrdup(path);
	rc = make_dir(p, err);
	free(p);
	return rc;
}

int fs_rename(const char *from, const char *to, char **err)
{
	char *d1, *d2;
	int rc;
	if (staging() && batch.stage == FS_STAGE_RELEASE) {
		/* from is (or will be, after the DATA stage) a file in place:
		 * the rename waits for the COMMIT names. */
		stage_add(from, to);
		return 0;
	}
	for (size_t i = batch.n; staging() && i-- > 0;)
		if (!strcmp(batch.v[i].path, from)) {
			/* Not yet there: its last write (see stage_add) takes
			 * the new name instead. */
			free(batch.v[i].path);
			batch.v[i].path = xstrdup(to);
			batch.v[i].stage = batch.stage;
			return 0;
		}
	if (rename(from, to)) {
		*err = xasprintf("cannot rename '%s' to '%s': %s", from, to, strerror(errno));
		return -1;
	}
	d1 = dir_of(from);
	d2 = dir_of(to);
	rc = fs_fsync_dir(d2, err);
	if (!rc && strcmp(d1, d2))
		rc = fs_fsync_dir(d1, err);
	free(d1);
	free(d2);
	return rc;
}

int fs_unlink(const char *path, char **err)
{
	if (unlink(path) && errno != ENOENT) {
		*err = sys_err("cannot remove", path);
		return -1;
	}
	return 0;
}

bool fs_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

int fs_probe(const char *path, char **err)
{
	struct stat st;
	if (lstat(path, &st) == 0)
		return 1;
	if (errno == ENOENT)
		return 0;
	*err = sys_err("cannot look for", path);
	return -1;
}

bool fs_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int fs_list(const char *dir, struct strlist *out, char **err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	if (!d) {
		if (errno == ENOENT)
			return 0;
		*err = sys_err("cannot read directory", dir);
		return -1;
	}
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			strlist_add(out, de->d_name);
	closedir(d);
	if (out->n)
		qsort(out->v, out->n, sizeof *out->v, cmp_str);
	return 0;
}

int fs_read_secret(const char *path, char **pw, char **err)
{
	struct stat st;
	char buf[1024];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	*pw = NULL;
	if (fd < 0) {
		*err = xasprintf("cannot open the password file '%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (st.st_mode & 077)) {
		*err = xasprintf("the password file '%s' %s; refusing to use it (chmod 600 it)",
				 path, !S_ISREG(st.st_mode) ? "is not a regular file"
							    : "is open to group or others (can be read by other users)");
		close(fd);
		return -1;
	}
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n < 0) {
		*err = xasprintf("cannot read the password file '%s': %s", path, strerror(errno));
		return -1;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (!buf[0]) {
		*err = xasprintf("the password file '%s' is empty", path);
		return -1;
	}
	*pw = xstrdup(buf);
	explicit_bzero(buf, sizeof buf);
	return 0;
}

/* The pid in the lock file: digits, then spaces, then a newline. */
#define LOCK_PID_WIDTH 16

/* Our pid into the lock file fd, for the message of fs_lock to a
 * wyrmpost that finds the lock held while we live: not flushed, since
 * the lock itself does not outlive a crash.  The flush made every run,
 * one with nothing to do too, wait on the disk: 1 to 2 ms when it is
 * quiet, 43 ms seen while it wrote back a campaign.  Written over the
 * last pid at one width, so that the file never shrinks: truncating it
 * freed its block, which a file system mounted with discard (this
 * project's is) discards there and then, another 1 ms or more.  Only a
 * longer file, not of our making, is cut.  A failure costs only the
 * message its pid. */
static int write_pid(int fd)
{
	char buf[LOCK_PID_WIDTH + 1];
	struct stat st;

	snprintf(buf, sizeof buf, "%-*ld\n", LOCK_PID_WIDTH - 1, (long)getpid());
	if (pwrite(fd, buf, LOCK_PID_WIDTH, 0) != LOCK_PID_WIDTH || fstat(fd, &st))
		return -1;
	return st.st_size > LOCK_PID_WIDTH ? ftruncate(fd, LOCK_PID_WIDTH) : 0;
}

int fs_lock(const char *dir, int *out, char **err)
{
	char *path = xasprintf("%s/.lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0640);
	char buf[32];
	if (fd < 0) {
		*err = sys_err("cannot open lock file", path);
		free(path);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int busy = errno == EWOULDBLOCK;
		ssize_t n = busy ? read(fd, buf, sizeof buf - 1) : -1;
		buf[n > 0 ? n : 0] = '\0';
		str_trim(buf);
		*err = busy ? xasprintf("another wyrmpost (pid %s) is working on this campaign; "
					"try again when it has finished", *buf ? buf : "unknown")
			    : sys_err("cannot lock", path);
		close(fd);
		free(path);
		return busy ? 1 : -1;
	}
	(void)write_pid(fd);
	free(path);
	*out = fd;
	return 0;
}

void fs_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

void fs_batch_begin(const char *dir)
{
	if (batch.dir)
		BUG("a batch is already open");
	batch.dir = xstrdup(dir);
	batch.stage = FS_STAGE_NOW;
}

enum fs_stage fs_batch_stage(enum fs_stage stage)
{
	enum fs_stage old = batch.stage;
	batch.stage = stage;
	return old;
}

/* Everything written so far on b's file system, to disk. */
static int flush_all(const struct batch *b, int fd, char **err)
{
	if (syncfs(fd)) {
		*err = sys_err("cannot flush the file system of", b->dir);
		return -1;
	}
	return 0;
}

/* Rename b's files of stage s into place, but none of a unit that failed
 * before; a unit whose rename fails is marked failed, the others go on.
 * -1 with *err (the first failure) if any failed. */
static int rename_stage(struct batch *b, enum fs_stage s, char **err)
{
	int rc = 0;
	for (size_t i = 0; i < b->n; i++) {
		struct staged *f = &b->v[i];
		if (f->stage != s || b->failed[f->unit])
			continue;
		if (rename(f->tmp, f->path)) {
			if (!rc)
				*err = xasprintf("cannot rename '%s' to '%s': %s", f->tmp,
						 f->path, strerror(errno));
			b->failed[f->unit] = true;
			rc = -1;
		} else {
			f->stage = FS_STAGE_NOW; /* done */
		}
	}
	return rc;
}

/* Make b durable in place, in its stages (see fs_batch_begin), and free
 * all of it but b->failed.  Touches nothing but b and the files it names,
 * so that it can run in a thread of its own while the next batch is
 * written. */
static int commit(struct batch *b, char **err)
{
	int fd = -1, rc = 0;
	bool flushed = true;
	size_t i;

	b->failed = xcalloc(b->unit + 1, sizeof *b->failed);
	/* A batch that wrote nothing (no game was due) has nothing to flush. */
	if (b->n && (fd = open(b->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		*err = sys_err("cannot open directory", b->dir);
		flushed = false;
	}
	if (b->n && flushed && flush_all(b, fd, err))
		flushed = false;
	for (enum fs_stage s = FS_STAGE_DATA; b->n && flushed && s <= FS_STAGE_RELEASE; s++) {
		char *e = NULL;
		if (rename_stage(b, s, rc ? &e : err))
			rc = -1;
		free(e);
		e = NULL;
		/* The DATA names durable before any COMMIT name changes, and
		 * those before any RELEASE name. */
		if (flush_all(b, fd, rc ? &e : err)) {
			free(e);
			flushed = false;
		}
		crashpoint(s == FS_STAGE_DATA ? "batch-data" : s == FS_STAGE_COMMIT ?
			   "batch-committed" : "batch-released");
	}
	if (!flushed) {
		b->all_failed = true;
		rc = -1;
	}
	for (i = 0; i < b->n; i++) {
		/* Not committed: the run is redone.  A RELEASE file is no
		 * temporary one: it stays where it was held. */
		if (b->v[i].stage != FS_STAGE_NOW && b->v[i].stage != FS_STAGE_RELEASE)
			unlink(b->v[i].tmp);
		free(b->v[i].tmp);
		free(b->v[i].path);
	}
	if (fd >= 0)
		close(fd);
	free(b->v);
	free(b->dir);
	b->v = NULL;
	b->dir = NULL;
	b->n = b->alloc = 0;
	return rc;
}

/* The units of the batch ended last (fs_batch_unit_failed). */
static struct {
	bool all;
	bool *failed;
	unsigned n;
} ended;

static void keep_failures(struct batch *b)
{
	free(ended.failed);
	ended.all = b->all_failed;
	ended.failed = b->failed;
	ended.n = b->unit + 1;
	memset(b, 0, sizeof *b);
}

unsigned fs_batch_group(void)
{
	if (!batch.dir)
		BUG("no batch is open");
	return ++batch.unit;
}

bool fs_batch_unit_failed(unsigned unit)
{
	return ended.all || (unit < ended.n && ended.failed[unit]);
}

int fs_batch_end(char **err)
{
	int rc;
	if (!batch.dir)
		BUG("no batch is open");
	rc = commit(&batch, err);
	keep_failures(&batch);
	return rc;
}

/* The batch being committed by a thread of its own (fs_batch_end_behind). */
static struct {
	enum { BEHIND_NONE, BEHIND_THREAD, BEHIND_DONE } state;
	pthread_t thread;
	struct batch b;
	int rc;
	char *err;
} behind;

static void *commit_behind(void *arg)
{
	(void)arg;
	behind.rc = commit(&behind.b, &behind.err);
	return NULL;
}

void fs_batch_end_behind(void)
{
	if (!batch.dir)
		BUG("no batch is open");
	if (behind.state != BEHIND_NONE)
		BUG("a batch is already being committed");
	behind.b = batch;
	behind.err = NULL;
	memset(&batch, 0, sizeof batch);
	if (behind.b.n && pthread_create(&behind.thread, NULL, commit_behind, NULL) == 0) {
		behind.state = BEHIND_THREAD;
	} else {
		/* Nothing written (games not due), or no thread to be had:
		 * commit here, which costs nothing or only the overlap. */
		commit_behind(NULL);
		behind.state = BEHIND_DONE;
	}
}

int fs_batch_wait(char **err)
{
	if (behind.state == BEHIND_NONE) {
		keep_failures(&behind.b); /* none */
		return 0;
	}
	if (behind.state == BEHIND_THREAD)
		pthread_join(behind.thread, NULL);
	behind.state = BEHIND_NONE;
	keep_failures(&behind.b);
	if (behind.rc)
		*err = behind.err;
	else
		free(behind.err);
	return behind.rc;
}

static char *crash_at;
static pid_t crash_pid; /* the process that set the point: the whole run */

void fs_set_crashpoint(const char *name)
{
	free(crash_at);
	crash_at = name ? xstrdup(name) : NULL;
	crash_pid = getpid();
}

void crashpoint(const char *name)
{
	if (!crash_at || strcmp(crash_at, name))
		return;
	/* A power cut stops the run's worker processes too (run -j): the
	 * run first, then this one; the others die with the run. */
	if (getpid() != crash_pid)
		kill(crash_pid, SIGKILL);
	raise(SIGKILL);
}

/* ".NAME.PID.tmp", as write_atomic names its temporary files; the PID. */
static long tmp_owner(const char *name)
{
	size_t len = strlen(name);
	const char *end = name + len - 4, *p = end;
	if (len < 8 || name[0] != '.' || strcmp(end, ".tmp"))
		return -1;
	while (p > name + 1 && p[-1] >= '0' && p[-1] <= '9')
		p--;
	if (p == end || p[-1] != '.' || p - 1 == name)
		return -1;
	return strtol(p, NULL, 10);
}

/* Whether process pid may still write: it exists and is not a zombie.  A
 * killed run's worker (run -j) lets go of the campaign lock as it exits,
 * a moment before whoever adopts it reaps it: the next run must take its
 * files for what they are, a dead writer's. */
static bool pid_running(long pid)
{
	char path[64], buf[256], *end;
	FILE *f;
	bool zombie = false;
	if (kill((pid_t)pid, 0) && errno == ESRCH)
		return false;
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	if ((f = fopen(path, "r")) != NULL) {
		size_t n = fread(buf, 1, sizeof buf - 1, f);
		buf[n] = '\0';
		/* "PID (COMM) STATE ...": COMM may hold spaces and parentheses. */
		end = strrchr(buf, ')');
		zombie = end && end[1] == ' ' && (end[2] == 'Z' || end[2] == 'X');
		fclose(f);
	}
	return !zombie;
}

size_t fs_sweep_tmp(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t removed = 0;
	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		char *path;
		long pid = tmp_owner(e->d_name);
		bool is_dir = e->d_type == DT_DIR, is_file = e->d_type == DT_REG;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		/* The type from the folder entry where the file system gives
		 * it: a folder of reports, or a sent/ of thousands of mails,
		 * costs no stat for each file that is not a temporary one. */
		if (is_dir ? depth <= 0 : e->d_type != DT_UNKNOWN && pid <= 0)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (e->d_type == DT_UNKNOWN && lstat(path, &st) == 0) {
			is_dir = S_ISDIR(st.st_mode);
			is_file = S_ISREG(st.st_mode);
		}
		if (is_dir && depth > 0)
			removed += fs_sweep_tmp(path, depth - 1);
		else if (is_file && pid > 0 && pid != (long)self() && !pid_running(pid) &&
			 unlink(path) == 0)
			removed++;
		free(path);
	}
	closedir(d);
	return removed;
}
