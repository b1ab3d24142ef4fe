/* campaign-fetch.c - the run over every configured source, each read by
 * mail/fetch.h, each message handed to the intake (intake.h); see
 * campaign-fetch.h. */
#include "campaign-fetch.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fetch.h"
#include "mime.h"

/* The source being read, for the sink. */
struct fetch_run {
	struct campaign *c;
	struct intake_tally *r;
	const char *url; /* as wyrmpost.xml names it */
};

/* A source path relative to the campaign directory, or absolute. */
static char *source_path(const struct campaign *c, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", c->dir, p);
}

/* The sink of mail/fetch.h: a message from the source being read, into
 * the intake.  Logs name the source as wyrmpost.xml does (fr->url), not
 * as resolved. */
static int sink_take(void *arg, const char *url, const char *name, const char *raw,
		     size_t len, char **err)
{
	struct fetch_run *fr = arg;
	(void)url;
	return intake_take(fr->c, fr->url, name, raw, len, fr->r, err);
}

static void sink_log(void *arg, const char *url, const char *line)
{
	struct fetch_run *fr = arg;
	(void)url;
	intake_log(fr->c, fr->url, fr->r, line);
}

static int starttls_of(int config_starttls)
{
	switch (config_starttls) {
	case CONFIG_STARTTLS_AUTO: return MAIL_STARTTLS_AUTO;
	case CONFIG_STARTTLS_NO: return MAIL_STARTTLS_NO;
	}
	return MAIL_STARTTLS_YES;
}

static int fetch_source(struct fetch_run *fr, const struct config_source *cs, char **err)
{
	const struct fetch_sink sink = { sink_take, sink_log, fr };
	struct fetch_source src = {
		.url = cs->url,
		.password_file = cs->password_file,
		.ca_file = cs->ca_file,
		.move_to = cs->move_to,
		.starttls = starttls_of(cs->starttls),
		.timeout = cs->timeout,
	};
	char *local = NULL;
	int rc;

	/* Local paths are the campaign's, or absolute. */
	if (!strncmp(cs->url, "maildir:", 8) || !strncmp(cs->url, "mbox:", 5)) {
		const char *colon = strchr(cs->url, ':');
		char *path = source_path(fr->c, colon + 1);
		local = xasprintf("%.*s%s", (int)(colon - cs->url + 1), cs->url, path);
		free(path);
		src.url = local;
	}
	rc = fetch_read(&src, &sink, err);
	free(local);
	return rc;
}

int campaign_fetch(struct campaign *c, struct intake_tally *r, char **err)
{
	struct fetch_run fr = { c, r, NULL };
	struct sigaction ign, old;
	int first;

	memset(r, 0, sizeof *r);
	/* A server that hangs up mid-write must not kill the run (libetpan
	 * writes without MSG_NOSIGNAL), nor the MIME parser child going away;
	 * the caller's handler comes back after. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);

	first = intake_recover(c, r, err);
	if (first) {
		strlist_addf(&r->log, "spool: %s", *err);
		goto out;
	}
	for (size_t i = 0; i < c->cfg.nfetch_sources; i++) {
		const struct config_source *src = &c->cfg.fetch_sources[i];
		char *e = NULL;
		int rc;
		fr.url = src->url;
		rc = fetch_source(&fr, src, &e);
		if (rc) {
			intake_log(c, fr.url, r, e ? e : "failed");
			if (!first) {
				first = rc;
				*err = e;
				e = NULL;
			}
		}
		free(e);
	}
out:
	/* The MIME parser child served every message of this run; it should
	 * not linger through whatever the caller does next (wyrmpost run goes
	 * on to the turns). */
	mime_parser_shutdown();
	sigaction(SIGPIPE, &old, NULL);
	return first;
}
