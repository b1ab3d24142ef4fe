/* tar.h - a POSIX tar archive (ustar, with pax headers for what ustar
 * cannot hold), written and read: folders and regular files only, which
 * is all a campaign holds.  GNU tar and bsdtar read what tar_add_* write;
 * tar_read reads those, and refuses anything else it cannot restore
 * safely (links, devices, an absolute or ".." path) or any damage it can
 * see (a header whose checksum is wrong, a file cut short, no end).
 *
 * Every function returns 0, or -1 with a message in *err (caller frees).
 */
#ifndef WP_TAR_H
#define WP_TAR_H

#include <stddef.h>
#include <stdio.h>

/* A comment for the whole archive (a pax global header, as git archive
 * writes one): readers list nothing for it. */
int tar_add_comment(int fd, const char *comment, char **err);
/* A folder, path without the trailing slash. */
int tar_add_dir(int fd, const char *path, unsigned mode, long long mtime, char **err);
/* A regular file of len bytes. */
int tar_add_file(int fd, const char *path, unsigned mode, long long mtime, const char *data,
		 size_t len, char **err);
/* The end of the archive: two blocks of zeros. */
int tar_finish(int fd, char **err);

struct tar_entry {
	const char *path;    /* relative, no "." or ".." part, no trailing slash */
	char type;           /* 'd' a folder, 'f' a regular file */
	unsigned mode;       /* the permission bits, 0777 at most */
	long long mtime;
	const char *data;    /* a file's content (len bytes, NUL after) */
	size_t len;
};

/* Read the archive f to its end, calling each(entry, arg) for every
 * folder and file in order; the comment of tar_add_comment, if any, is
 * handed to comment(text, arg) (may be NULL).  A callback's nonzero
 * return stops the reading and is returned, its message in *err.
 * Archive name for messages: name.  No file may exceed max bytes. */
int tar_read(FILE *f, const char *name, size_t max,
	     int (*each)(const struct tar_entry *e, void *arg, char **err),
	     void (*comment)(const char *text, void *arg), void *arg, char **err);

#endif
