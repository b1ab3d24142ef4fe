/* cron.c - the cron job: mail in, turns, mail out, the web archive; see
 * cron.h. */
#include <stdlib.h>
#include <string.h>

#include "campaign-fetch.h"
#include "campaign-send.h"
#include "cron.h"
#include "fsutil.h"
#include "run-jobs.h"
#include "site.h"
#include "turn.h"

struct notes {
	cron_note_fn *fn;
	void *arg;
};

static void say(const struct notes *n, const char *line, bool urgent)
{
	if (n->fn)
		n->fn(n->arg, line, urgent);
}

/* Orders mail in.  What became of each mail is in spool/fetch.log; it is
 * urgent only when the fetch itself failed. */
static bool mail_in(struct campaign *c, const struct notes *n)
{
	struct intake_tally t;
	char *err = NULL;
	bool failed = campaign_fetch(c, &t, &err) != WP_OK;

	for (size_t i = 0; i < t.log.n; i++)
		say(n, t.log.v[i], failed);
	intake_tally_release(&t);
	free(err); /* a line of t.log already */
	return !failed;
}

/* The outbox delivered: what the send logged, then why it failed. */
static bool mail_out(struct campaign *c, const struct notes *n)
{
	struct send_result sr;
	char *err = NULL;
	int rc = campaign_send(c, &sr, &err);
	bool failed = (rc != WP_OK && rc != WP_ERR_BUSY) || sr.failed;

	if (rc == WP_ERR_BUSY) {
		/* Another send has the outbox: it or the next takes ours. */
		say(n, err, false);
		free(err);
		return true;
	}

	for (size_t i = 0; i < sr.log.n; i++)
		say(n, sr.log.v[i], true);
	if (err)
		say(n, err, true);
	send_result_release(&sr);
	free(err);
	return !failed;
}

/* The web archive, when wyrmpost.xml asks for one. */
static bool update_site(struct campaign *c, const struct notes *n)
{
	char *err = NULL, *line;
	bool failed = campaign_site(c, c->cfg.site_dir, SITE_QUICK, &err) != WP_OK;

	if (failed) {
		line = xasprintf("site: %s", err ? err : "failed");
		say(n, line, true);
		free(line);
	}
	free(err);
	return !failed;
}

int campaign_cron(struct campaign *c, unsigned flags, unsigned jobs, progress_fn *progress,
		  cron_note_fn *note, void *arg, struct cron_result *r)
{
	const struct notes n = { note, arg };
	bool dry = flags & TURN_DRY_RUN, ok = true;
	int rc;

	memset(r, 0, sizeof *r);
	if (c->cfg.sources.n && !dry)
		ok &= mail_in(c, &n);
	rc = campaign_run_jobs(c, flags, jobs, progress, arg, &r->run);
	if (r->run.index_note)
		say(&n, r->run.index_note, r->run.index_failed);
	if (c->cfg.site_dir && !dry)
		ok &= update_site(c, &n);
	/* Delivery takes the outbox's own lock (campaign-send.c): let
	 * `submit` and the games go on while a slow server takes the mail. */
	fs_unlock(c->lock_fd);
	c->lock_fd = -1;
	if (send_configured(&c->cfg) && !dry)
		ok &= mail_out(c, &n);
	else if (!dry && (r->stranded = send_stranded(c))) {
		/* Never silent: 202 mails once piled up unnoticed. */
		char *line = send_stranded_text(r->stranded);
		say(&n, line, true);
		free(line);
	}
	r->step_failed = !ok;
	return rc;
}

void cron_result_release(struct cron_result *r)
{
	run_result_release(&r->run);
}
