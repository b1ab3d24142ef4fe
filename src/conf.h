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
	long long give_up;       /* seconds a message may fail before it is set aside */
	long long send_budget;   /* seconds one send may deliver for (default 120) */
	long long replies_per_day; /* answers to mail one address may get a day */
	/* <smtp>: how `send` delivers the outbox over SMTP (url NULL: not used).
	 * Relative file names are resolved against the directory of
	 * wyrmpost.xml.  See wyrmpost.xml(5) and mail/send.h. */
	struct config_smtp {
		char *url;           /* "smtp://HOST[:PORT]" or "smtps://HOST[:PORT]" */
		int starttls;        /* CONFIG_STARTTLS_*, for smtp:// */
		char *user;          /* AUTH as this user, or NULL: no AUTH */
		char *password_file; /* its password: the first line */
		char *ca_file;       /* PEM CAs to trust, or NULL: the system's */
	} smtp;
	long long send_timeout;  /* seconds, for <smtp> or <sendmail> (default 30) */
	/* Every <source>, in order (fetch_sources[i].url is sources.v[i]).
	 * See wyrmpost.xml(5) and mail/fetch.h. */
	struct config_source {
		char *url;           /* imap[s]://, pop3[s]://, maildir:PATH, mbox:PATH */
		char *password_file; /* the mailbox password: its first line */
		char *ca_file;       /* PEM CAs to trust, or NULL: the system's */
		char *move_to;       /* IMAP: move handled mail there, NULL: delete */
		int starttls;        /* CONFIG_STARTTLS_*, imap:// and pop3:// only */
		long long timeout;   /* seconds (default 30) */
	} *fetch_sources;
	size_t nfetch_sources;
	/* <site dir="...">: where `run` keeps the web archive up to date
	 * (relative to wyrmpost.xml), or NULL: no archive. */
	char *site_dir;
	/* <site url="...">: where that archive is on the web, or NULL; every
	 * mail to a player names its game's guide page there. */
	char *site_url;
};
enum { CONFIG_STARTTLS_YES, CONFIG_STARTTLS_AUTO, CONFIG_STARTTLS_NO };

/* Read and validate path; 0, or -1 with *err naming file and line. */
int config_load(struct config *c, const char *path, char **err);
void config_release(struct config *c);
/* The text of a new configuration file (caller frees). */
char *config_template(const char *sender, const char *gamemaster);

#endif
