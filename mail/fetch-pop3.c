/* fetch-pop3.c - a POP3 maildrop as a source (pop3:// with STLS when
 * offered or required, pop3s://).
 *
 * Every message is RETRieved in order and given to fetch_take(); once that
 * returned WP_OK it is marked with DELE.  POP3 deletes only at QUIT, so a
 * connection lost or a run killed before QUIT deletes nothing: the next run
 * takes the messages again and finds them in the index.
 */
#include "fetch-int.h"
#include "tls-verify.h"

#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "fsutil.h"

static int fail(mailpop3 *pop, const struct fetch_net *n, int r, const char *what,
		char **err)
{
	const char *said = pop->pop3_response && *pop->pop3_response ? pop->pop3_response
									: NULL;
	*err = xasprintf("POP3 %s:%u: %s failed: %s", n->url.host, n->url.port, what,
			 said ? said
			 : r == MAILPOP3_ERROR_STREAM || r == MAILPOP3_ERROR_CONNECTION_REFUSED
				 ? "the connection failed or timed out"
			 : r == MAILPOP3_ERROR_BAD_PASSWORD || r == MAILPOP3_ERROR_BAD_USER
				 ? "wrong user or password"
				 : "the server refused");
	return r == MAILPOP3_ERROR_BAD_PASSWORD || r == MAILPOP3_ERROR_BAD_USER ? WP_ERR_NOPERM
										  : WP_ERR_IO;
}

static bool offers_stls(mailpop3 *pop)
{
	clist *caps = NULL;
	bool found = false;
	if (mailpop3_capa(pop, &caps) != MAILPOP3_NO_ERROR)
		return false;
	for (clistiter *it = clist_begin(caps); it; it = clist_next(it)) {
		struct mailpop3_capa *cap = clist_content(it);
		if (cap->cap_name && !ascii_casecmp(cap->cap_name, "STLS"))
			found = true;
	}
	mailpop3_capa_resp_free(caps);
	return found;
}

static int pop3_open(const struct fetch_net *n, mailpop3 **out, char **err)
{
	mailpop3 *pop = mailpop3_new(0, NULL);
	const char *host = n->url.host;
	bool tls = n->url.scheme == FETCH_POP3S;
	int r;

	*out = pop;
	mailpop3_set_timeout(pop, (time_t)n->src->timeout);
	r = tls ? mailpop3_ssl_connect_with_callback(pop, host, (uint16_t)n->url.port,
						     tls_setup_sni, (void *)host)
		: mailpop3_socket_connect(pop, host, (uint16_t)n->url.port);
	if (r != MAILPOP3_NO_ERROR)
		return fail(pop, n, r, "connecting", err);
	if (!tls && n->src->starttls != MAIL_STARTTLS_NO) {
		if (offers_stls(pop)) {
			r = mailpop3_socket_starttls_with_callback(pop, tls_setup_sni,
								   (void *)host);
			if (r != MAILPOP3_NO_ERROR)
				return fail(pop, n, r, "STLS", err);
			tls = true;
		} else if (n->src->starttls == MAIL_STARTTLS_YES) {
			*err = xasprintf("POP3 %s:%u offers no STLS, and the source requires it; "
					 "not logging in", host, n->url.port);
			return WP_ERR_IO;
		}
	}
	if (tls && tls_verify(pop->pop3_stream, host, n->src->ca_file, "refusing to log in",
			      err))
		return WP_ERR_IO;
	r = mailpop3_user(pop, n->url.user);
	if (r == MAILPOP3_NO_ERROR)
		r = mailpop3_pass(pop, n->password);
	/* Not needed again this run: gone before a MIME parser child, which
	 * lives for many messages, is forked with a copy of our memory. */
	explicit_bzero(n->password, strlen(n->password));
	return r == MAILPOP3_NO_ERROR ? WP_OK : fail(pop, n, r, "login", err);
}

int fetch_pop3(struct fetch_run *fr, const struct fetch_net *n, char **err)
{
	mailpop3 *pop;
	carray *list = NULL;
	int rc = pop3_open(n, &pop, err), r;

	if (!rc && (r = mailpop3_list(pop, &list)) != MAILPOP3_NO_ERROR)
		rc = fail(pop, n, r, "LIST", err);
	for (unsigned i = 0; !rc && list && i < carray_count(list); i++) {
		struct mailpop3_msg_info *mi = carray_get(list, i);
		char *raw = NULL;
		size_t len = 0;
		if (!mi || mi->msg_deleted)
			continue;
		r = mailpop3_retr(pop, mi->msg_index, &raw, &len);
		if (r != MAILPOP3_NO_ERROR) {
			rc = fail(pop, n, r, "RETR", err);
			break;
		}
		char *name = xasprintf("message %u", mi->msg_index);
		rc = fetch_take(fr, name, raw, len, err);
		free(name);
		mailpop3_retr_free(raw);
		crashpoint("fetch-before-remove");
		if (!rc && (r = mailpop3_dele(pop, mi->msg_index)) != MAILPOP3_NO_ERROR)
			rc = fail(pop, n, r, "DELE", err);
	}
	/* QUIT commits the DELEs, also of the messages before a failure. */
	if (pop->pop3_stream) {
		r = mailpop3_quit(pop);
		if (r != MAILPOP3_NO_ERROR && !rc)
			rc = fail(pop, n, r, "QUIT", err);
	}
	mailpop3_free(pop);
	return rc;
}
