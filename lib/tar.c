/* tar.c - POSIX tar, ustar blocks and pax records; see tar.h. */
#include "tar.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"

#define BLOCK 512
#define NAME_MAX_USTAR 100

/* The fields of a ustar header, by offset and width (POSIX pax(1)). */
enum {
	F_NAME = 0, F_MODE = 100, F_UID = 108, F_GID = 116, F_SIZE = 124,
	F_MTIME = 136, F_CHKSUM = 148, F_TYPE = 156, F_MAGIC = 257, F_VERSION = 263,
	F_PREFIX = 345,
};

static int write_blocks(int fd, const void *data, size_t len, char **err)
{
	static const char zeros[BLOCK];
	size_t pad = (BLOCK - len % BLOCK) % BLOCK;
	if (fs_write_all(fd, data, len) || fs_write_all(fd, zeros, pad)) {
		*err = xasprintf("cannot write the archive: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* v in width - 1 octal digits and a NUL (the callers keep v in range). */
static void octal(char *field, size_t width, unsigned long long v)
{
	field[width - 1] = '\0';
	for (size_t i = width - 1; i-- > 0; v >>= 3)
		field[i] = (char)('0' + (v & 7));
}

static unsigned checksum(const unsigned char *h)
{
	unsigned sum = 0;
	for (size_t i = 0; i < BLOCK; i++)
		sum += i >= F_CHKSUM && i < F_CHKSUM + 8 ? ' ' : h[i];
	return sum;
}

static int put_header(int fd, const char *name, char type, unsigned mode, long long mtime,
		      unsigned long long size, char **err)
{
	unsigned char h[BLOCK];
	memset(h, 0, sizeof h);
	memcpy(h + F_NAME, name, strnlen(name, NAME_MAX_USTAR));
	octal((char *)h + F_MODE, 8, mode & 0777);
	octal((char *)h + F_UID, 8, 0);
	octal((char *)h + F_GID, 8, 0);
	octal((char *)h + F_SIZE, 12, size);
	octal((char *)h + F_MTIME, 12, mtime > 0 && mtime < 1LL << 33 ? (unsigned long long)mtime : 0);
	h[F_TYPE] = (unsigned char)type;
	memcpy(h + F_MAGIC, "ustar", 6);
	memcpy(h + F_VERSION, "00", 2);
	octal((char *)h + F_CHKSUM, 7, checksum(h));
	h[F_CHKSUM + 7] = ' ';
	return write_blocks(fd, h, sizeof h, err);
}

/* One pax record, "LEN key=value\n", LEN counting itself. */
static void pax_record(struct sb *out, const char *key, const char *value)
{
	size_t body = strlen(key) + strlen(value) + 3, len = body + 1;
	while (len != body + (size_t)snprintf(NULL, 0, "%zu", len))
		len = body + (size_t)snprintf(NULL, 0, "%zu", len);
	sb_addf(out, "%zu %s=%s\n", len, key, value);
}

static int put_pax(int fd, char type, const char *name, const char *key, const char *value,
		   char **err)
{
	struct sb rec = SB_INIT;
	int rc;
	pax_record(&rec, key, value);
	rc = put_header(fd, name, type, 0644, 0, rec.len, err) ||
	     write_blocks(fd, rec.buf, rec.len, err);
	sb_release(&rec);
	return rc ? -1 : 0;
}

int tar_add_comment(int fd, const char *comment, char **err)
{
	return put_pax(fd, 'g', "pax_global_header", "comment", comment, err);
}

/* A header for path (with its slash for a folder), after a pax path
 * record when it does not fit ustar's name field. */
static int put_entry(int fd, const char *path, char type, unsigned mode, long long mtime,
		     unsigned long long size, char **err)
{
	if (strlen(path) > NAME_MAX_USTAR &&
	    put_pax(fd, 'x', "PaxHeaders/entry", "path", path, err))
		return -1;
	return put_header(fd, path, type, mode, mtime, size, err);
}

int tar_add_dir(int fd, const char *path, unsigned mode, long long mtime, char **err)
{
	char *name = xasprintf("%s/", path);
	int rc = put_entry(fd, name, '5', mode, mtime, 0, err);
	free(name);
	return rc;
}

int tar_add_file(int fd, const char *path, unsigned mode, long long mtime, const char *data,
		 size_t len, char **err)
{
	if ((unsigned long long)len >> 33) {
		*err = xasprintf("%s: %zu bytes, more than a tar header can say", path, len);
		return -1;
	}
	if (put_entry(fd, path, '0', mode, mtime, len, err))
		return -1;
	return write_blocks(fd, data, len, err);
}

int tar_finish(int fd, char **err)
{
	static const char zeros[2 * BLOCK];
	return write_blocks(fd, zeros, sizeof zeros, err);
}

/* --- reading ---------------------------------------------------------------- */

struct reader {
	FILE *f;
	const char *name;
	size_t max;
	char *pax_path;   /* from the last 'x' header, for the next entry */
	long long offset; /* of the block being read, for messages */
};

static int damaged(const struct reader *r, char **err, const char *what)
{
	*err = xasprintf("%s: damaged or incomplete: %s at byte %lld",
			 r->name, what, r->offset);
	return -1;
}

/* 1 a block read, 0 at the end of the file, -1 on an error. */
static int read_block(struct reader *r, unsigned char *b, char **err)
{
	size_t n = fread(b, 1, BLOCK, r->f);
	if (n == BLOCK)
		return 1;
	if (ferror(r->f)) {
		*err = xasprintf("cannot read %s: %s", r->name, strerror(errno));
		return -1;
	}
	if (n && !r->offset)
		return damaged(r, err, "not a tar archive");
	return n ? damaged(r, err, "cut short") : 0;
}

static bool parse_octal(const unsigned char *field, size_t width, unsigned long long *v)
{
	size_t i = 0;
	bool digits = false;
	*v = 0;
	while (i < width && field[i] == ' ')
		i++;
	for (; i < width && field[i] >= '0' && field[i] <= '7'; i++, digits = true) {
		if (*v >> 60)
			return false;
		*v = *v * 8 + (unsigned)(field[i] - '0');
	}
	for (; i < width; i++)
		if (field[i] != ' ' && field[i] != '\0')
			return false;
	return digits;
}

static bool checksum_ok(const unsigned char *h)
{
	unsigned long long sum;
	return parse_octal(h + F_CHKSUM, 8, &sum) && sum == checksum(h);
}

static bool all_zero(const unsigned char *b)
{
	for (size_t i = 0; i < BLOCK; i++)
		if (b[i])
			return false;
	return true;
}

/* The data of an entry of size bytes, whole blocks read (caller frees). */
static int read_data(struct reader *r, unsigned long long size, char **data, char **err)
{
	size_t whole = (size_t)((size + BLOCK - 1) / BLOCK * BLOCK);
	char *buf;
	if (size > r->max) {
		*err = xasprintf("%s: an entry of %llu bytes, more than a campaign's file may be",
				 r->name, size);
		return -1;
	}
	buf = xmalloc(whole + 1);
	if (fread(buf, 1, whole, r->f) != whole) {
		free(buf);
		if (ferror(r->f)) {
			*err = xasprintf("cannot read %s: %s", r->name, strerror(errno));
			return -1;
		}
		return damaged(r, err, "a file cut short");
	}
	r->offset += (long long)whole;
	buf[size] = '\0';
	*data = buf;
	return 0;
}

/* The value of key in pax records (caller frees), or NULL. */
static char *pax_value(const char *rec, size_t len, const char *key)
{
	const char *p = rec, *end = rec + len;
	while (p < end) {
		char *stop;
		unsigned long n = strtoul(p, &stop, 10);
		const char *kv = stop + 1, *eq;
		if (stop == p || *stop != ' ' || n == 0 || n > (size_t)(end - p))
			return NULL;
		eq = memchr(kv, '=', (size_t)(p + n - kv));
		if (eq && (size_t)(eq - kv) == strlen(key) && !memcmp(kv, key, strlen(key)))
			return xstrndup(eq + 1, (size_t)(p + n - 1 - (eq + 1)));
		p += n;
	}
	return NULL;
}

/* Is path one to restore under a folder: relative, each part a name? */
static bool safe_path(const char *path)
{
	const char *p = path;
	if (!*p || *p == '/')
		return false;
	while (*p) {
		size_t n = strcspn(p, "/");
		if (!n || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return false;
		p += n;
		if (*p == '/')
			p++;
	}
	return true;
}

/* The path an entry names: the pax one, or ustar's prefix and name. */
static char *entry_path(struct reader *r, const unsigned char *h)
{
	char *path;
	if (r->pax_path) {
		path = r->pax_path;
		r->pax_path = NULL;
	} else if (h[F_PREFIX]) {
		path = xasprintf("%.155s/%.100s", (const char *)h + F_PREFIX,
				 (const char *)h + F_NAME);
	} else {
		path = xstrndup((const char *)h + F_NAME, strnlen((const char *)h + F_NAME, 100));
	}
	while (*path && path[strlen(path) - 1] == '/')
		path[strlen(path) - 1] = '\0';
	return path;
}

/* One entry after its header h: a pax header kept for what follows, or a
 * folder or file handed to each. */
static int one_entry(struct reader *r, const unsigned char *h,
		     int (*each)(const struct tar_entry *, void *, char **),
		     void (*comment)(const char *, void *), void *arg, char **err)
{
	unsigned long long size, mode, mtime;
	struct tar_entry e;
	char type = (char)h[F_TYPE], *data = NULL, *path;
	int rc;

	if (!parse_octal(h + F_SIZE, 12, &size) || !parse_octal(h + F_MODE, 8, &mode) ||
	    !parse_octal(h + F_MTIME, 12, &mtime))
		return damaged(r, err, "a header with a bad number");
	if (type == '5' && size)
		return damaged(r, err, "a folder with content");
	if (type != '0' && type != '\0' && type != '5' && type != 'x' && type != 'g') {
		*err = xasprintf("%s: holds a link or a special file (type '%c' at byte %lld), "
				 "which no campaign holds", r->name, type, r->offset - BLOCK);
		return -1;
	}
	if (size && read_data(r, size, &data, err))
		return -1;
	if (type == 'x' || type == 'g') {
		char *v = pax_value(data ? data : "", (size_t)size, type == 'x' ? "path" : "comment");
		if (type == 'x') {
			free(r->pax_path);
			r->pax_path = v;
		} else {
			if (v && comment)
				comment(v, arg);
			free(v);
		}
		free(data);
		return 0;
	}
	path = entry_path(r, h);
	if (!safe_path(path)) {
		*err = xasprintf("%s: names '%s', outside the folder it is restored into",
				 r->name, path);
		free(path);
		free(data);
		return -1;
	}
	e = (struct tar_entry){ .path = path, .type = type == '5' ? 'd' : 'f',
				.mode = (unsigned)(mode & 0777), .mtime = (long long)mtime,
				.data = data ? data : "", .len = (size_t)size };
	rc = each(&e, arg, err);
	free(path);
	free(data);
	return rc;
}

int tar_read(FILE *f, const char *name, size_t max,
	     int (*each)(const struct tar_entry *e, void *arg, char **err),
	     void (*comment)(const char *text, void *arg), void *arg, char **err)
{
	struct reader r = { .f = f, .name = name, .max = max };
	unsigned char h[BLOCK];
	int rc, got;

	for (;;) {
		got = read_block(&r, h, err);
		if (got <= 0) {
			rc = got ? -1 : damaged(&r, err, "the end missing (cut short?)");
			break;
		}
		if (all_zero(h)) {
			r.offset += BLOCK;
			got = read_block(&r, h, err);
			rc = got < 0 ? -1 : got && all_zero(h) ? 0
					  : damaged(&r, err, "the end missing (cut short?)");
			break;
		}
		if (memcmp(h + F_MAGIC, "ustar", 5)) {
			rc = damaged(&r, err, r.offset ? "no tar header" : "not a tar archive");
			break;
		}
		if (!checksum_ok(h)) {
			rc = damaged(&r, err, "a header whose checksum is wrong");
			break;
		}
		r.offset += BLOCK;
		rc = one_entry(&r, h, each, comment, arg, err);
		if (rc)
			break;
	}
	free(r.pax_path);
	return rc;
}
