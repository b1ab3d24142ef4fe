/* backup.h - a campaign as one archive and back again: `wyrmpost export`
 * and `import`.  The archive is a POSIX tar (lib/tar.h) that GNU tar
 * lists and extracts too.
 *
 * Secrets stay out unless asked for: the campaign's secret (the key of
 * its confirmation codes), mail (outbox/, sent/, and mail as received in
 * spool/new and spool/quarantine: welcome mails carry passwords, mail
 * from players theirs), a game master's change in flight (.gm-intent: a
 * new player's password) and any other file that only its owner may read
 * (mode 0600: the password files of wyrmpost.xml).  The game states are
 * kept, with every password hash blanked to "-", which no password
 * matches: after an import, each player needs a new password.
 */
#ifndef WP_BACKUP_H
#define WP_BACKUP_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

struct export_result {
	size_t files;            /* files in the archive */
	size_t secrets_left_out; /* files left out as secrets */
	struct strlist left_out; /* "PATH: why" for anything else left out */
};
void export_result_release(struct export_result *r);

/* Write c's campaign to the archive path, mode 0600, replacing it whole
 * or not at all: every file, or with ids (nids of them) only
 * wyrmpost.xml and those games' folders.  with_secrets keeps the
 * secrets too.  c must hold the campaign lock; the outbox's own lock,
 * which `send` takes, is taken here too (a full export), waiting up to
 * wait seconds for it (then WP_ERR_BUSY), so that no mail is caught
 * between the outbox and sent/.  Lock files and temporary files are never
 * archived.  WP_ERR_NOTFOUND for an id with no game. */
int campaign_export(const struct campaign *c, const char *const *ids, size_t nids,
		    bool with_secrets, int wait, const char *path, struct export_result *r,
		    char **err);

struct import_result {
	size_t files;
	bool secrets; /* the archive holds the secrets (export --with-secrets) */
};
/* Restore the archive at path into dir, which must be empty or missing
 * (WP_ERR_EXISTS; a missing one is made): every entry is first written
 * to a folder inside dir, and moved up into dir only once the whole
 * archive has been read and flushed, so a damaged or cut archive
 * (WP_ERR_DATA, *err saying what and where) leaves nothing behind (dir
 * as it was).  An archive without wyrmpost.xml is no campaign
 * (WP_ERR_DATA). */
int campaign_import(const char *path, const char *dir, struct import_result *r, char **err);

#endif
