/* wake-index.h - the campaign's index of when each game next needs a run
 * (spool/wake-index), and the marks of the games changed since
 * (spool/touched/ID), so that a run with nothing to do reads two small
 * things instead of every game's state.
 *
 * The index is a cache, never trusted over a state: a game a run looks at
 * is decided by its game.xml (turn.h), and the index only says which games
 * a run may leave unread.  A game needs a look when its wake time (the
 * turn's deadline, or earlier: a reminder, orders that let the turn run
 * early; computed by turn.c beside the decision itself) has come, or when
 * it is touched: everything that may change what a run would do with a
 * game before its wake time (orders and mail stored for it, every game
 * master's verb, rollback, a new game) touches it first, so a kill after
 * the touch leaves at worst a look for nothing.
 *
 * The index is rebuilt from the game folders when it is missing or
 * damaged, and brought up to date when games/ changed since it was
 * written (its modification time is in the index: a game added or removed,
 * by `new` or by hand): games it did not know, or whose folder is not the
 * one it knew (another inode, or the same inode reused for a folder made
 * anew: another change time), get wake time 0, a look at the next run.
 * Only a run writes the index (under the campaign lock, once, after its
 * games are committed; with -j N the parent, after the workers), and only
 * when something changed: an idle run writes nothing.
 *
 *   wyrmpost-wake-index 1 GAMES-MTIME-SEC GAMES-MTIME-NSEC NEXT GAMES
 *   held ID...                the games flagged h, in order
 *   ID INODE CSEC CNSEC WAKE FLAG   one line a game folder, sorted by ID
 *   end COUNT
 *
 * INODE, CSEC and CNSEC: the folder games/ID as a run last saw it (its
 * inode and change time; 0 0 0 when not yet seen).  WAKE is seconds since
 * the epoch or "-" (never: the game is over,
 * paused or held until something touches it); FLAG is "h" (the last run
 * held it or found it paused: an idle run reports it so again), "e" (a
 * folder that holds no game yet: a `new` killed, or a copy by hand under
 * way; looked at by each run) or "-".
 */
#ifndef WP_WAKE_INDEX_H
#define WP_WAKE_INDEX_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"
#include "util.h"

#define WAKE_NEVER LLONG_MAX

enum wake_flag { WAKE_PLAIN = '-', WAKE_HELD = 'h', WAKE_EMPTY = 'e' };

/* Which folder games/ID is: a folder replaced differs in one or both. */
struct wake_folder {
	unsigned long long inode;
	long long csec, cnsec; /* its change time */
};

struct wake_entry {
	char *id;
	struct wake_folder folder;
	long long wake;
	enum wake_flag flag;
};

struct wake_index {
	struct wake_entry *v;
	size_t n, alloc;
	long long mtime_sec, mtime_nsec; /* of games/, when the entries were listed */
	bool dirty;                      /* changed since read: to be written */
};
#define WAKE_INDEX_INIT { NULL, 0, 0, 0, 0, false }

/* The first two lines alone: all a run with nothing to do reads. */
struct wake_summary {
	long long next;      /* the earliest wake time of any game; 0 when a
				folder holding no game yet is to be looked at */
	size_t games;        /* the games (folders that hold one) */
	struct strlist held; /* the games the last run held or found paused */
};
/* Read them: WP_ERR_NOTFOUND when there is no index, WP_ERR_DATA when
 * they are damaged; *current false when games/ changed since. */
int wake_index_summary(const struct campaign *c, struct wake_summary *s, bool *current,
		       char **err);
void wake_summary_release(struct wake_summary *s);

/* The file's text and back (pure: for the tests).  Parsing refuses any
 * line out of place, ids out of order or twice, and a count that does not
 * match: WP_ERR_DATA with *err. */
char *wake_index_format(const struct wake_index *ix, size_t *len);
int wake_index_parse(const char *text, size_t len, struct wake_index *ix, char **err);

/* Read spool/wake-index, rebuilt or brought up to date as above when it
 * is not current (then ix->dirty; *why says why when it was missing or
 * damaged, for the game master; caller frees; else NULL).  Fails only when games/ cannot
 * be listed. */
int wake_index_load(const struct campaign *c, struct wake_index *ix, char **why, char **err);
/* Read it only, no rebuild: WP_ERR_NOTFOUND when missing, WP_ERR_DATA when
 * damaged, and *current false when games/ changed since it was written. */
int wake_index_read(const struct campaign *c, struct wake_index *ix, bool *current,
		    char **err);
/* Write it atomically (fs_write_atomic). */
int wake_index_save(const struct campaign *c, const struct wake_index *ix, char **err);

struct wake_entry *wake_index_find(const struct wake_index *ix, const char *id);
/* Set (or add, in order) the entry of id. */
void wake_index_set(struct wake_index *ix, const char *id, long long wake, enum wake_flag flag);
/* Note the folder of id's entry as it is now (after a run wrote in it):
 * the index knows it as its own, not as a folder replaced. */
void wake_index_saw(const struct campaign *c, struct wake_index *ix, const char *id);
void wake_index_release(struct wake_index *ix);

/* Mark game id for a look by the next run, before changing it. */
int wake_index_touch(const struct campaign *c, const char *id, char **err);
/* The games marked (sorted); a missing folder of marks is none. */
int wake_index_touched(const struct campaign *c, struct strlist *ids, char **err);
/* Remove the marks of ids, once the index that took them into account is
 * written.  Errors are ignored: a mark left costs a look. */
void wake_index_untouch(const struct campaign *c, const struct strlist *ids);

#endif
