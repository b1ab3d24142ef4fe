/* send-int.h - inside the mail/send* files: the two ways out.
 *
 * A delivery returns one of the SEND_* codes below and, unless it is
 * SEND_DONE, a message in *why (caller frees).  Nothing here prints.
 */
#ifndef WP_SEND_INT_H
#define WP_SEND_INT_H

#include "send.h"
#include "util.h"

enum {
	SEND_DONE = 0,   /* the server or command took the message */
	SEND_REFUSED,    /* this message was not taken; go on with the next */
	SEND_BROKEN,     /* the connection is gone; the rest cannot go now */
};

/* --- SMTP (send-smtp.c) --------------------------------------------------- */
struct smtp_conn;
/* Connect, EHLO, TLS (verified), AUTH.  NULL with *why when that failed. */
struct smtp_conn *smtp_open(const struct send_settings *set, const char *password, char **why);
int smtp_deliver(struct smtp_conn *sc, const char *from, const struct strlist *rcpt,
		 const char *msg, size_t len, char **why);
/* QUIT (when still connected) and free. */
void smtp_close(struct smtp_conn *sc);

/* --- a sendmail-compatible command (send-pipe.c) --------------------------- */
int pipe_deliver(const char *command, long long timeout, const char *from,
		 const struct strlist *rcpt, const char *msg, size_t len, char **why);

#endif
