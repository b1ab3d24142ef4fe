/* fsutil.h - files written so that a crash at any instant leaves either the
 * old or the new content, never a mixture; the campaign lock.
 *
 * Every function returns 0 on success, or -1 with a message in *err (caller
 * frees) naming the file and the system's reason.
 */
#ifndef WP_FSUTIL_H
#define WP_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The whole of the regular file at path (symbolic links followed), NUL
 * terminated, in *buf (caller frees).  Anything else (a FIFO, a device, a
 * directory) is refused at once rather than read: a FIFO would block
 * forever and /dev/zero never end.  fs_read_file_max refuses a file of
 * more than max bytes too.  0, or -1 with *err naming the file. */
int fs_read_file(const char *path, char **buf, size_t *len, char **err);
int fs_read_file_max(const char *path, size_t max, char **buf, size_t *len, char **err);
/* Write all len bytes of buf to fd, again after a short write or a signal:
 * 0, or -1 with errno (the one function that loops on write()). */
int fs_write_all(int fd, const void *buf, size_t len);
/* Write path atomically: a temporary file in the same directory, fsync,
 * rename over path, fsync of the directory.  The file's mode is 0666 less
 * the umask, as for any program's output. */
int fs_write_atomic(const char *path, const char *data, size_t len, char **err);
/* The same for a file that holds a secret (a password, a password's hash,
 * a mail with either): mode 0600 whatever the umask. */
int fs_write_private(const char *path, const char *data, size_t len, char **err);
/* Give the file existing a second name, path, by a hard link: nothing is
 * copied, and replacing existing later frees no inode (on ext4 without a
 * journal each new file skips every inode freed in the last minutes, so
 * a run that freed one a game made each new file dearer).  For a file
 * that is durable and only ever replaced whole, never written in place
 * (game.xml), so that the two names cannot come to differ.  A file
 * already named path is replaced; where no link can be made (a file
 * system without hard links), existing is copied to path as by
 * fs_write_private.  In a batch, the new name is made at once and made
 * durable by the batch's first flush: its content already is. */
int fs_link_private(const char *existing, const char *path, char **err);
/* mkdir -p, each new directory synced into its parent; mode 0777 less the
 * umask. */
int fs_mkdirs(const char *path, char **err);
int fs_fsync_dir(const char *dir, char **err);
/* Rename and sync the directory (or directories) involved. */
int fs_rename(const char *from, const char *to, char **err);
/* Remove a file if it exists; missing is not an error. */
int fs_unlink(const char *path, char **err);
/* Remove the temporary files a killed writer left (".NAME.PID.tmp" whose
 * process no longer runs) from dir and its folders down to depth levels;
 * returns how many.  Nothing else is touched, and errors are ignored: the
 * next sweep tries again. */
size_t fs_sweep_tmp(const char *dir, int depth);
bool fs_exists(const char *path);
/* Is anything at path, itself (a dangling or looping symbolic link is
 * something)?  1 yes, 0 nothing there, -1 with *err when it cannot be
 * told (a folder that cannot be searched): never taken for "nothing". */
int fs_probe(const char *path, char **err);
bool fs_is_dir(const char *path);
/* Sorted names in dir, without "." and ".." and without names that start
 * with "." (temporary files); a missing dir gives an empty list. */
int fs_list(const char *dir, struct strlist *out, char **err);

/* Read the first line of a password file, refusing one that is not a
 * regular file or that group or others may read (*pw to free). */
int fs_read_secret(const char *path, char **pw, char **err);

/* Take the campaign lock (flock on DIR/.lock).  Returns 0 and an fd to keep,
 * 1 when another process holds it (*err says which pid), -1 on error. */
int fs_lock(const char *dir, int *fd, char **err);
void fs_unlock(int fd);

/* Group commit (wyrmpost run): between fs_batch_begin() and fs_batch_end(),
 * the writes made while fs_batch_stage() is FS_STAGE_DATA or
 * FS_STAGE_COMMIT (fs_write_atomic, fs_write_private, fs_mkdirs, and
 * fs_rename of a file so written) only write the temporary file, with no
 * flush.  fs_batch_end() then flushes the whole file system once (syncfs),
 * renames every DATA file into place, flushes, renames every COMMIT file
 * (the games' state files) into place and flushes again: three flushes for
 * the batch instead of two per file, and a COMMIT file is never in place
 * before every DATA file is durable in place.  Killed before that, the
 * names still hold the old content and the temporary files are swept.  At
 * FS_STAGE_NOW (the default) every write is flushed as it is made.  A
 * staged file must not be read back before fs_batch_end().  On failure
 * nothing of the COMMIT stage is renamed, the temporary files left are
 * removed, and -1 is returned with *err.  Last, fs_rename calls made at
 * FS_STAGE_RELEASE (a turn's mail, from where it was held to where it is
 * sent from) are made once every COMMIT name is durable, and flushed; on
 * failure they are left undone, their files where they are, for the
 * caller's next run to settle. */
enum fs_stage { FS_STAGE_NOW, FS_STAGE_DATA, FS_STAGE_COMMIT, FS_STAGE_RELEASE };
void fs_batch_begin(const char *dir);
enum fs_stage fs_batch_stage(enum fs_stage stage); /* returns the previous */
int fs_batch_end(char **err);
/* The same in the background: the open batch is handed to a thread that
 * commits it exactly as fs_batch_end would, and a new batch may be begun
 * and written at once, so that one batch's flushes overlap the next one's
 * work.  fs_batch_wait() waits for that commit to end and returns what
 * fs_batch_end would have (0 when none is under way); it must be called
 * before the next fs_batch_end_behind() and before the process ends or
 * forks.  The two batches must not write the same file. */
void fs_batch_end_behind(void);
int fs_batch_wait(char **err);
/* Units of a batch that succeed or fail alone (a run's games): the files
 * staged after fs_batch_group() returned N are unit N (1, 2, ...; 0
 * before the first call).  A unit whose rename fails (an immutable file,
 * a full folder) has none of its later stages renamed, and the other
 * units are committed all the same; fs_batch_end and fs_batch_wait then
 * return -1 with *err naming the first failure, and
 * fs_batch_unit_failed(N) tells which units failed (all of them when a
 * flush failed), until the next batch is ended. */
unsigned fs_batch_group(void);
bool fs_batch_unit_failed(unsigned unit);
/* Test hook: when the program set a crash point with fs_set_crashpoint()
 * and the code reaches a crashpoint() of that name, the process that set
 * it is killed with SIGKILL (and so are its forked workers), exactly as if
 * a power cut or kill -9 had come then. */
void fs_set_crashpoint(const char *name);
void crashpoint(const char *name);

#endif
