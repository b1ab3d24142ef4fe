/* conf.h - the campaign's configuration file, wyrmpost.xml. */
#ifndef WP_CONF_H
#define WP_CONF_H

#include "util.h"

struct config {
	char *sender_name;    /* display name on outgoing mail */
	char *sender;         /* address outgoing mail comes from */
	char *gamemaster;     /* who is told about held turns; defaults to sender */
	struct strlist defaults; /* "name=value" option defaults for new games */
	struct strlist sources;  /* where orders mail is read: maildir:PATH, mbox:PATH */
	char *sendmail;          /* a sendmail-compatible command line, or NULL */
	long long message_size;  /* mail larger than this is quarantined unread */
};

/* Read and validate path; 0, or -1 with *err naming file and line. */
int config_load(struct config *c, const char *path, char **err);
void config_release(struct config *c);
/* The text of a new configuration file (caller frees). */
char *config_template(const char *sender, const char *gamemaster);

#endif
