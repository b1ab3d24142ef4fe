/* send-smtp.c - one SMTP session with libetpan: connect, TLS (checked by
 * tls-verify.c), EHLO, AUTH, then MAIL/RCPT/DATA per message; see send.h for
 * the rules and send-int.h for the return codes.
 */
#include "send-int.h"
#include "tls-verify.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

struct smtp_conn {
	mailsmtp *s;
	char *host;  /* as in the URL, without [] */
	bool esmtp;
	bool dead;   /* no QUIT: the stream is gone */
};

/* smtp://HOST[:PORT] or smtps://HOST[:PORT]; HOST may be [IPv6]. */
static int parse_url(const char *url, bool *tls, char **host, uint16_t *port, char **why)
{
	const char *p, *end;
	long long n = 0;
	if (!strncmp(url, "smtps://", 8)) {
		*tls = true;
		*port = 465;
		p = url + 8;
	} else if (!strncmp(url, "smtp://", 7)) {
		*tls = false;
		*port = 25;
		p = url + 7;
	} else {
		goto bad;
	}
	if (*p == '[') {
		end = strchr(p, ']');
		if (!end)
			goto bad;
		*host = xstrndup(p + 1, (size_t)(end - p - 1));
		end++;
	} else {
		end = p + strcspn(p, ":/");
		*host = xstrndup(p, (size_t)(end - p));
	}
	if (*end == ':') {
		char *num = xstrndup(end + 1, strcspn(end + 1, "/"));
		bool ok = parse_int(num, 1, 65535, &n);
		end += 1 + strlen(num);
		free(num);
		if (!ok)
			goto bad_host;
		*port = (uint16_t)n;
	}
	if (**host && (!*end || !strcmp(end, "/")))
		return 0;
bad_host:
	free(*host);
	*host = NULL;
bad:
	*why = xasprintf("'%s' is not an SMTP URL (smtp://HOST[:PORT] or smtps://HOST[:PORT])",
			 url);
	return -1;
}

/* libetpan's words for the failures people meet most, where its own are
 * unhelpful ("Stream error") or missing ("Unknown error code"). */
static const char *smtp_strerror(int r)
{
	switch (r) {
	case MAILSMTP_ERROR_CONNECTION_REFUSED:
		return "connection refused or timed out";
	case MAILSMTP_ERROR_STREAM:
		return "the connection failed, was closed or timed out";
	case MAILSMTP_ERROR_SSL:
		return "the TLS handshake failed";
	}
	return mailsmtp_strerror(r);
}

/* What went wrong, with the server's own words when it said something.
 * Its reply may span lines: keep it on one. */
static char *smtp_why(const struct smtp_conn *sc, int r, const char *what)
{
	const char *resp = sc->s->response;
	char *text, *out;
	if (!resp || !*resp || r == MAILSMTP_ERROR_STREAM || r == MAILSMTP_ERROR_CONNECTION_REFUSED ||
	    r == MAILSMTP_ERROR_SSL)
		return xasprintf("%s %s: %s", what, sc->host, smtp_strerror(r));
	text = xstrdup(resp);
	for (char *p = text; *p; p++)
		if ((unsigned char)*p < ' ')
			*p = ' ';
	out = xasprintf("%s %s: %s (server: %d %s)", what, sc->host, smtp_strerror(r),
			sc->s->response_code, str_trim(text));
	free(text);
	return out;
}

/* EHLO, or HELO for an old server.  libetpan names us by gethostname();
 * a bare name like "vm" is refused by strict servers, so without a dot in
 * it we send our address as a literal instead. */
static int greet(struct smtp_conn *sc, char **why)
{
	char name[256] = "";
	int useip, r;
	gethostname(name, sizeof name - 1);
	useip = strchr(name, '.') == NULL;
	r = mailesmtp_ehlo_with_ip(sc->s, useip);
	sc->esmtp = r == MAILSMTP_NO_ERROR;
	if (r == MAILSMTP_ERROR_NOT_IMPLEMENTED)
		r = mailsmtp_helo_with_ip(sc->s, useip);
	if (r != MAILSMTP_NO_ERROR) {
		*why = smtp_why(sc, r, "EHLO to");
		return -1;
	}
	return 0;
}

static int starttls(struct smtp_conn *sc, const struct send_settings *cfg, bool *tls, char **why)
{
	int r;
	if (cfg->starttls == MAIL_STARTTLS_NO)
		return 0;
	if (!(sc->s->esmtp & MAILSMTP_ESMTP_STARTTLS)) {
		if (cfg->starttls == MAIL_STARTTLS_AUTO)
			return 0;
		*why = xasprintf("%s does not offer STARTTLS; refusing to send in clear text "
				 "(starttls=\"auto\" or \"no\" in <smtp> would allow it)", sc->host);
		return -1;
	}
	r = mailsmtp_socket_starttls_with_callback(sc->s, tls_setup_sni, sc->host);
	if (r != MAILSMTP_NO_ERROR) {
		*why = smtp_why(sc, r, "STARTTLS with");
		return -1;
	}
	*tls = true;
	if (tls_verify(sc->s->stream, sc->host, cfg->ca_file, "refusing to send", why))
		return -1;
	return greet(sc, why); /* what the server offers may change under TLS */
}

static int auth(struct smtp_conn *sc, const struct send_settings *cfg, bool tls, const char *password,
		char **why)
{
	const char *mech;
	int r;
	if (!cfg->smtp_user)
		return 0;
	if (!tls) {
		*why = xasprintf("refusing to send the password for %s to %s without TLS",
				 cfg->smtp_user, sc->host);
		return -1;
	}
	mech = sc->s->auth & MAILSMTP_AUTH_PLAIN ? "PLAIN"
	       : sc->s->auth & MAILSMTP_AUTH_LOGIN ? "LOGIN"
						   : NULL;
	if (!mech) {
		*why = xasprintf("%s offers neither AUTH PLAIN nor AUTH LOGIN", sc->host);
		return -1;
	}
	r = mailesmtp_auth_sasl(sc->s, mech, sc->host, NULL, NULL, cfg->smtp_user,
				cfg->smtp_user, password, NULL);
	if (r != MAILSMTP_NO_ERROR) {
		char *w = smtp_why(sc, r, "AUTH with");
		/* Without the cyrus-sasl plugins libetpan gives up before sending
		 * AUTH, and the last reply it shows is the EHLO's. */
		*why = xasprintf("%s as '%s' failed: %s%s", mech, cfg->smtp_user, w,
				 sc->s->response_code == 250
					 ? " (is the package libsasl2-modules installed?)"
					 : "");
		free(w);
		return -1;
	}
	return 0;
}

struct smtp_conn *smtp_open(const struct send_settings *cfg, const char *password, char **why)
{
	struct smtp_conn *sc = xcalloc(1, sizeof *sc);
	bool tls;
	uint16_t port;
	int r;

	if (parse_url(cfg->smtp_url, &tls, &sc->host, &port, why)) {
		free(sc);
		return NULL;
	}
	sc->s = mailsmtp_new(0, NULL);
	if (!sc->s)
		BUG("out of memory in mailsmtp_new");
	mailsmtp_set_timeout(sc->s, (time_t)cfg->timeout);
	if (tls)
		r = mailsmtp_ssl_connect_with_callback(sc->s, sc->host, port, tls_setup_sni, sc->host);
	else
		r = mailsmtp_socket_connect(sc->s, sc->host, port);
	if (r != MAILSMTP_NO_ERROR) {
		*why = xasprintf("cannot connect to %s port %u: %s", sc->host, port,
				 smtp_strerror(r));
		sc->dead = true;
		goto fail;
	}
	if (tls && tls_verify(sc->s->stream, sc->host, cfg->ca_file, "refusing to send", why))
		goto fail;
	if (greet(sc, why))
		goto fail;
	if (!tls && starttls(sc, cfg, &tls, why))
		goto fail;
	if (auth(sc, cfg, tls, password, why))
		goto fail;
	return sc;
fail:
	smtp_close(sc);
	return NULL;
}

/* After a command failed: a reply means the session can go on (RSET);
 * no reply means it is gone. */
static int failed(struct smtp_conn *sc, int r, const char *what, char **why)
{
	*why = smtp_why(sc, r, what);
	if (r == MAILSMTP_ERROR_STREAM || r == MAILSMTP_ERROR_SSL ||
	    r == MAILSMTP_ERROR_SERVICE_NOT_AVAILABLE || mailsmtp_reset(sc->s) != MAILSMTP_NO_ERROR) {
		sc->dead = true;
		return SEND_BROKEN;
	}
	return SEND_REFUSED;
}

int smtp_deliver(struct smtp_conn *sc, const char *from, const struct strlist *rcpt,
		 const char *msg, size_t len, char **why)
{
	int r;
	if (sc->dead) {
		*why = xasprintf("the connection to %s is gone", sc->host);
		return SEND_BROKEN;
	}
	if ((sc->s->esmtp & MAILSMTP_ESMTP_SIZE) && sc->s->smtp_max_msg_size &&
	    len > sc->s->smtp_max_msg_size) {
		*why = xasprintf("the message has %zu bytes; %s takes at most %zu", len, sc->host,
				 sc->s->smtp_max_msg_size);
		return SEND_REFUSED;
	}
	r = sc->esmtp ? mailesmtp_mail_size(sc->s, from, 0, NULL, len) : mailsmtp_mail(sc->s, from);
	if (r != MAILSMTP_NO_ERROR)
		return failed(sc, r, "MAIL FROM refused by", why);
	for (size_t i = 0; i < rcpt->n; i++) {
		r = sc->esmtp ? mailesmtp_rcpt(sc->s, rcpt->v[i], 0, NULL)
			      : mailsmtp_rcpt(sc->s, rcpt->v[i]);
		if (r != MAILSMTP_NO_ERROR) {
			char *what = xasprintf("RCPT TO <%s> refused by", rcpt->v[i]);
			r = failed(sc, r, what, why);
			free(what);
			return r;
		}
	}
	r = mailsmtp_data(sc->s);
	if (r != MAILSMTP_NO_ERROR)
		return failed(sc, r, "DATA refused by", why);
	/* libetpan ends the data with CRLF "." CRLF whatever the message ends
	 * with: without this the message would grow a blank line. */
	if (len >= 2 && msg[len - 2] == '\r' && msg[len - 1] == '\n')
		len -= 2;
	else if (len >= 1 && msg[len - 1] == '\n')
		len--;
	r = mailsmtp_data_message(sc->s, msg, len);
	if (r != MAILSMTP_NO_ERROR)
		return failed(sc, r, "the message was not accepted by", why);
	return SEND_DONE;
}

void smtp_close(struct smtp_conn *sc)
{
	if (!sc)
		return;
	if (sc->s) {
		if (!sc->dead)
			mailsmtp_quit(sc->s);
		mailsmtp_free(sc->s);
	}
	free(sc->host);
	free(sc);
}
