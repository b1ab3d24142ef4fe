/* fetch-local.c - Maildir and mbox sources.
 *
 * Maildir: every message in new/ and cur/, in name order (names start with
 * the delivery time), is taken and then unlinked; the spool and the index
 * keep what matters.
 *
 * mbox: locked the way mail delivery agents lock it (a PATH.lock dotlock,
 * then an fcntl write lock on the file), read whole, each message taken,
 * and the file replaced, still under both locks, by a new one in the same
 * directory holding only the messages not handled, with the old mode and
 * owner.  Killed before the rename, the old mbox is intact and the index
 * makes its handled messages duplicates; killed after, they are gone.
 * libetpan's mbox driver is not used: it inserts X-LibEtPan-UID headers,
 * sets mode 0600, and fails to expunge the last message (LIBETPAN.md).
 */
#include "fetch-int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsutil.h"

/* --- Maildir ------------------------------------------------------------- */

int fetch_maildir(struct fetch_run *fr, const char *dir, char **err)
{
	static const char *const subs[] = { "new", "cur" };
	int rc = WP_OK;

	if (!fs_exists(dir))
		return WP_OK; /* no mail delivered yet */
	if (!fs_is_dir(dir)) {
		*err = xasprintf("'%s' is not a Maildir", dir);
		return WP_ERR_CONFIG;
	}
	for (size_t s = 0; s < ARRAY_SIZE(subs) && !rc; s++) {
		char *d = xasprintf("%s/%s", dir, subs[s]);
		struct strlist names = STRLIST_INIT;
		size_t taken = 0;
		if (fs_list(d, &names, err))
			rc = WP_ERR_IO;
		for (size_t i = 0; i < names.n && !rc; i++) {
			char *path = xasprintf("%s/%s", d, names.v[i]), *raw;
			size_t len;
			/* A mail client may have moved it meanwhile. */
			if (!fs_exists(path)) {
				free(path);
				continue;
			}
			if (fs_read_file(path, &raw, &len, err)) {
				rc = WP_ERR_IO;
			} else {
				char *name = xasprintf("%s/%s", subs[s], names.v[i]);
				rc = fetch_take(fr, name, raw, len, err);
				free(name);
				free(raw);
			}
			crashpoint("fetch-before-remove");
			/* Removed only once handled and indexed. */
			if (!rc && fs_unlink(path, err))
				rc = WP_ERR_IO;
			taken += !rc;
			free(path);
		}
		if (!rc && taken)
			rc = fs_fsync_dir(d, err) ? WP_ERR_IO : WP_OK;
		strlist_clear(&names);
		free(d);
	}
	return rc;
}

/* --- mbox ---------------------------------------------------------------- */

static bool from_line(const char *p, size_t n)
{
	return n >= 5 && !memcmp(p, "From ", 5);
}

/* A message of an mbox with mboxrd quoting (">From ", ">>From ") undone. */
static char *unquote(const char *p, size_t n, size_t *outlen)
{
	struct sb out = SB_INIT;
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(p + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - p) + 1 : n, j = i;
		while (j < end && p[j] == '>')
			j++;
		if (j > i && from_line(p + j, end - j))
			i++;
		sb_add(&out, p + i, end - i);
		i = end;
	}
	*outlen = out.len;
	return sb_detach(&out);
}

/* Where the message starting at the "From " line at i ends: at the next
 * "From " line that follows an empty line, or at the end. */
static size_t message_end(const char *buf, size_t len, size_t i)
{
	bool blank = false;
	const char *nl = memchr(buf + i, '\n', len - i);
	i = nl ? (size_t)(nl - buf) + 1 : len;
	while (i < len) {
		const char *e = memchr(buf + i, '\n', len - i);
		size_t next = e ? (size_t)(e - buf) + 1 : len;
		if (blank && from_line(buf + i, next - i))
			return i;
		blank = next - i == 1 || (next - i == 2 && buf[i] == '\r');
		i = next;
	}
	return len;
}

/* Is the dotlock at path one a process that died left behind?  Ours hold
 * the pid that made them; others are stale after 5 minutes, as liblockfile
 * and procmail treat them. */
static bool stale_lock(const char *path)
{
	struct stat st;
	char buf[32];
	long long pid;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return false;
	n = fstat(fd, &st) ? -1 : read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n < 0)
		return false;
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	if (parse_int(buf, 2, INT32_MAX, &pid) && kill((pid_t)pid, 0) && errno == ESRCH)
		return true;
	return time(NULL) - st.st_mtime > 300;
}

/* PATH.lock, created exclusively, holding our pid. */
static int dotlock(const char *path, char **lock, char **err)
{
	*lock = xasprintf("%s.lock", path);
	for (int tries = 0; tries < 20; tries++) {
		int fd = open(*lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd >= 0) {
			char *pid = xasprintf("%lld\n", (long long)getpid());
			bool written = !fs_write_all(fd, pid, strlen(pid));
			free(pid);
			close(fd);
			if (written)
				return 0;
			unlink(*lock);
			break;
		}
		if (errno != EEXIST)
			break;
		if (stale_lock(*lock))
			unlink(*lock);
		else
			usleep(500000);
	}
	*err = xasprintf("cannot lock mbox '%s': %s is held", path, *lock);
	free(*lock);
	*lock = NULL;
	return -1;
}

static int fcntl_lock(int fd, const char *path, char **err)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	for (int tries = 0; tries < 20; tries++) {
		if (!fcntl(fd, F_SETLK, &fl))
			return 0;
		if (errno != EACCES && errno != EAGAIN)
			break;
		usleep(500000);
	}
	*err = xasprintf("cannot lock mbox '%s': %s", path, strerror(errno));
	return -1;
}

static int read_fd(int fd, const char *path, char **buf, size_t *len, char **err)
{
	struct sb sb = SB_INIT;
	char chunk[65536];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0)
		sb_add(&sb, chunk, (size_t)n);
	if (n < 0) {
		*err = xasprintf("cannot read '%s': %s", path, strerror(errno));
		sb_release(&sb);
		return -1;
	}
	*len = sb.len;
	*buf = sb_detach(&sb);
	return 0;
}

/* Replace path by data, keeping the mode and owner of st. */
static int rewrite(const char *path, const struct stat *st, const char *data, size_t len,
		   char **err)
{
	char *tmp = xasprintf("%s.wyrmpost-XXXXXX", path);
	int fd = mkstemp(tmp), rc = -1;

	if (fd < 0) {
		*err = xasprintf("cannot rewrite mbox '%s': %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	if (fchmod(fd, st->st_mode & 07777) || (fchown(fd, st->st_uid, st->st_gid) && errno != EPERM))
		goto fail;
	if (fs_write_all(fd, data, len) || fsync(fd))
		goto fail;
	close(fd);
	fd = -1;
	crashpoint("fetch-mbox-rename");
	if (fs_rename(tmp, path, err)) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
fail:
	*err = xasprintf("cannot rewrite mbox '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return rc;
}

static int take_messages(struct fetch_run *fr, const char *buf, size_t len,
			 struct sb *keep, size_t *taken, char **err)
{
	size_t i = 0;
	int rc = WP_OK;

	/* Anything before the first "From " line is not a message; keep it. */
	while (i < len && !from_line(buf + i, len - i)) {
		const char *nl = memchr(buf + i, '\n', len - i);
		i = nl ? (size_t)(nl - buf) + 1 : len;
	}
	sb_add(keep, buf, i);
	while (i < len) {
		size_t end = message_end(buf, len, i), start, mend = end, mlen;
		const char *nl = memchr(buf + i, '\n', end - i);
		char *msg;
		start = nl ? (size_t)(nl - buf) + 1 : end;
		/* The empty line before the next "From " belongs to the mbox. */
		if (end < len && mend > start && buf[mend - 1] == '\n')
			mend--;
		if (mend > start && buf[mend - 1] == '\r')
			mend--;
		if (!rc) {
			char *name = xasprintf("message %zu", *taken + 1);
			msg = unquote(buf + start, mend - start, &mlen);
			rc = fetch_take(fr, name, msg, mlen, err);
			free(name);
			free(msg);
			*taken += !rc;
		}
		if (rc) /* not handled: it stays, as it was */
			sb_add(keep, buf + i, end - i);
		i = end;
	}
	return rc;
}

int fetch_mbox(struct fetch_run *fr, const char *path, char **err)
{
	char *lock = NULL, *buf = NULL;
	struct sb keep = SB_INIT;
	struct stat st, now;
	size_t len, taken = 0;
	int fd, rc;

	fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 && errno == ENOENT)
		return WP_OK; /* no mail yet */
	if (fd < 0) {
		*err = xasprintf("cannot open mbox '%s': %s", path, strerror(errno));
		return WP_ERR_IO;
	}
	close(fd);
	if (dotlock(path, &lock, err))
		return WP_ERR_BUSY;
	/* Opened again under the dotlock: the file we lock is the current one. */
	fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		rc = errno == ENOENT ? WP_OK : WP_ERR_IO;
		if (rc)
			*err = xasprintf("cannot open mbox '%s': %s", path, strerror(errno));
		goto out;
	}
	if (fcntl_lock(fd, path, err)) {
		rc = WP_ERR_BUSY;
		goto out;
	}
	if (fstat(fd, &st) || stat(path, &now) || st.st_ino != now.st_ino ||
	    read_fd(fd, path, &buf, &len, err)) {
		if (!*err)
			*err = xasprintf("mbox '%s' changed while it was being locked", path);
		rc = WP_ERR_IO;
		goto out;
	}
	rc = take_messages(fr, buf, len, &keep, &taken, err);
	crashpoint("fetch-before-remove");
	/* Rewritten even after a failure, so that what was handled goes. */
	if (taken) {
		char *e2 = NULL;
		if (rewrite(path, &st, sb_str(&keep), keep.len, &e2) && !rc) {
			rc = WP_ERR_IO;
			*err = e2;
			e2 = NULL;
		}
		free(e2);
	}
out:
	if (fd >= 0)
		close(fd); /* releases the fcntl lock, after the rename */
	unlink(lock);
	free(lock);
	free(buf);
	sb_release(&keep);
	return rc;
}
