/* send.h - delivering the outbox: outbox/new/KEY.eml over SMTP or through
 * a sendmail-compatible command, then filed in the sent/ Maildir.
 *
 * How mail leaves is set in wyrmpost.xml (struct config, see wyrmpost.xml(5)):
 *   <smtp url="smtp://HOST[:PORT]" .../>  (port 25; STARTTLS, see below)
 *   <smtp url="smtps://HOST[:PORT]" .../> (port 465; TLS from the start)
 *   <sendmail command="/usr/sbin/sendmail -i"/>
 *
 * SMTP.  One connection per run.  starttls="yes" (the default) requires
 * STARTTLS and refuses a server that does not offer it; "auto" uses it when
 * the server offers it; "no" never does.  Whenever TLS is used, the server's
 * certificate chain and host name are verified with GnuTLS against ca-file or
 * the system's CA store (libetpan does not verify under GnuTLS), SNI is sent
 * for host names, and nothing (no AUTH, no mail) goes out before the check
 * has passed.  AUTH (PLAIN, else LOGIN) when a user is configured, only over
 * TLS.  The envelope sender is the config's sender; the recipients are the
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
 * outbox/failed/ and named in the log.  Times are the campaign's c->now.
 */
#ifndef WP_SEND_H
#define WP_SEND_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

struct send_result {
	size_t messages; /* in outbox/new */
	size_t sent;     /* delivered and filed in sent/new */
	size_t deferred; /* not tried: their retry time has not come */
	size_t failed;   /* tried and kept for a later run */
	size_t given_up; /* failing for longer than cfg.give_up: in outbox/failed/ */
	struct strlist log; /* "KEY: what went wrong; ..." for each failure */
};

enum {
	SEND_NOW = 1, /* ignore the back-off: try every message now */
};

/* Deliver what is due in the outbox.  WP_OK when every message tried was
 * delivered (or none was due); WP_ERR_IO when some failed (they stay, and
 * r->log says why); WP_ERR_CONFIG when no way to send is configured and mail
 * is waiting, or the password file cannot be used (everything stays). */
int campaign_send(struct campaign *c, struct send_result *r, char **err);
int campaign_send_flags(struct campaign *c, unsigned flags, struct send_result *r,
			char **err);
void send_result_release(struct send_result *r);
/* Is a way to send configured (<smtp> or <sendmail>)? */
bool send_configured(const struct config *cfg);

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
