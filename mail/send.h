/* send.h - delivering a Maildir outbox: OUTBOX/new/KEY.eml over SMTP or
 * through a sendmail-compatible command, then filed in the SENT Maildir.
 * Plain parameters in, no campaign: src/campaign-send.c fills them from
 * wyrmpost.xml (see wyrmpost.xml(5)).
 *   smtp_url "smtp://HOST[:PORT]"  (port 25; STARTTLS, see below)
 *   smtp_url "smtps://HOST[:PORT]" (port 465; TLS from the start)
 *   sendmail "/usr/sbin/sendmail -i"
 *
 * SMTP.  One connection per run.  starttls="yes" (the default) requires
 * STARTTLS and refuses a server that does not offer it; "auto" uses it when
 * the server offers it; "no" never does.  Whenever TLS is used, the server's
 * certificate chain and host name are verified with GnuTLS against ca-file or
 * the system's CA store (libetpan does not verify under GnuTLS), SNI is sent
 * for host names, and nothing (no AUTH, no mail) goes out before the check
 * has passed.  AUTH (PLAIN, else LOGIN) when a user is configured, only over
 * TLS.  The envelope sender is set->sender; the recipients are the
 * addresses in the message's To: and Cc: headers.  Every address is checked
 * with send_address_ok() before it reaches MAIL FROM or RCPT TO.
 *
 * sendmail.  The command is split at blanks (no shell, no quoting) and run
 * as COMMAND... -f SENDER -- RECIPIENT... with the message on its standard
 * input (LF line ends); exit status 0 means it took the message.
 *
 * Both wait at most the configured timeout (default 30 s) for the other
 * side.  SIGPIPE is ignored while sending, so a server or command that goes
 * away cannot kill the run.
 *
 * Durability.  A message is moved (renamed, directories synced) from
 * outbox/new to sent/new right after the server accepted its DATA or the
 * command exited 0.  A crash in the instant between the two sends it again
 * on the next run; nothing else is ever sent twice, and nothing is lost.
 * A failed message stays in outbox/new; outbox/retry/KEY.eml holds
 * "ATTEMPTS NEXT-TIME" and the last error, and the message is not tried
 * again before NEXT-TIME (5 minutes after the first failure, then 10, 20,
 * ... at most 6 hours apart).  A message still failing <limits give-up>
 * hours (default 120) after its first failure is moved to the Maildir
 * outbox/failed/ and named in the log.  Times are set->now.
 */
#ifndef WP_SEND_H
#define WP_SEND_H

#include <stdbool.h>
#include <stddef.h>

#include "tls-verify.h" /* MAIL_STARTTLS_* */
#include "util.h"

/* How mail leaves (one of smtp_url and sendmail), and the clock. */
struct send_settings {
	const char *smtp_url;           /* or NULL */
	int starttls;                   /* MAIL_STARTTLS_*, for smtp:// */
	const char *smtp_user;          /* AUTH as this user, or NULL: no AUTH */
	const char *smtp_password_file; /* its password: the first line */
	const char *ca_file;            /* PEM CAs to trust, or NULL: the system's */
	const char *sendmail;           /* a command line, or NULL */
	const char *sender;             /* the envelope sender */
	long long timeout;              /* seconds to wait for the other side */
	long long give_up;              /* seconds a message may fail before failed/ */
	long long budget;               /* seconds of delivery, then the rest waits
					   for the next send (0: no limit) */
	long long now;                  /* seconds since the epoch */
};

struct send_result {
	size_t messages; /* in outbox/new */
	size_t sent;     /* delivered and filed in sent/new */
	size_t deferred; /* not tried: their retry time has not come */
	size_t failed;   /* tried and kept for a later run */
	size_t given_up; /* failing for longer than set->give_up: in failed/ */
	size_t postponed; /* not tried: set->budget was spent */
	struct strlist log; /* "KEY: what went wrong; ..." for each failure */
	struct strlist filed; /* where each message delivered now was filed */
};

enum {
	SEND_NOW = 1, /* ignore the back-off: try every message now */
};

/* Deliver what is due in the Maildir outbox (OUTBOX/new, with OUTBOX/retry
 * and OUTBOX/failed beside it), filing what was taken in the Maildir sent.
 * WP_OK when every message tried was delivered (or none was due);
 * WP_ERR_IO when some failed (they stay, and r->log says why);
 * WP_ERR_CONFIG when neither smtp_url nor sendmail is given and mail is
 * waiting, or the sender or password file cannot be used (everything
 * stays). */
int send_outbox(const char *outbox, const char *sent, const struct send_settings *set,
		unsigned flags, struct send_result *r, char **err);
void send_result_release(struct send_result *r);

/* --- pieces, exposed for the unit tests ------------------------------------ */
/* A plain address fit for MAIL FROM / RCPT TO: local@domain, ASCII, one @,
 * dot-atom local part of at most 64 characters, a host name as domain; no
 * blanks, line breaks, brackets or quotes. */
bool send_address_ok(const char *addr);
/* The recipients of a message: every address in its To: and Cc: headers
 * ("Name <addr>", "addr", quoted names, comments, groups), once each, in
 * order.  0, or -1 with *err when there is none or one is not usable. */
int send_recipients(const char *msg, size_t len, struct strlist *rcpt, char **err);
/* Seconds to wait after the n-th failed attempt (n >= 1). */
long long send_backoff(long long attempts);

#endif
