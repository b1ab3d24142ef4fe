/* campaign-send.c - the campaign's outbox through mail/send.h. */
#include <stdlib.h>
#include <string.h>

#include "campaign-send.h"
#include "fsutil.h"
#include "report.h"

bool send_configured(const struct config *cfg)
{
	return cfg->smtp.url || cfg->sendmail;
}

static int starttls_of(int config_starttls)
{
	switch (config_starttls) {
	case CONFIG_STARTTLS_AUTO: return MAIL_STARTTLS_AUTO;
	case CONFIG_STARTTLS_NO: return MAIL_STARTTLS_NO;
	}
	return MAIL_STARTTLS_YES;
}

/* A welcome mail, once sent, keeps no password in the campaign's copy: the
 * player has the mail, and sent/ outlives the game.  (Its body is 8bit, so
 * the line is there as written.)  A copy already scrubbed is left alone. */
static void scrub_welcome(const char *path)
{
	static const char gone[] = "(removed from this copy once it was sent)";
	char *buf = NULL, *err = NULL, *at, *end;
	struct sb out = SB_INIT;
	size_t len;

	if (!strstr(path, "-welcome-") || fs_read_file(path, &buf, &len, &err) ||
	    !(at = strstr(buf, "\n" REPORT_PASSWORD_LINE))) {
		free(buf);
		free(err);
		return;
	}
	at += 1 + strlen(REPORT_PASSWORD_LINE);
	end = at + strcspn(at, "\r\n");
	if ((size_t)(end - at) == strlen(gone) && !memcmp(at, gone, strlen(gone))) {
		free(buf);
		return;
	}
	sb_add(&out, buf, (size_t)(at - buf));
	sb_adds(&out, gone);
	sb_add(&out, end, len - (size_t)(end - buf));
	if (fs_write_private(path, out.buf, out.len, &err))
		free(err);
	sb_release(&out);
	free(buf);
}

/* Every welcome mail in sent/: the ones just filed, and any a run killed
 * between filing and scrubbing left with its password. */
static void scrub_sent(const char *sent)
{
	static const char *const sub[] = { "new", "cur" };
	for (size_t k = 0; k < ARRAY_SIZE(sub); k++) {
		char *dir = xasprintf("%s/%s", sent, sub[k]), *err = NULL;
		struct strlist names = STRLIST_INIT;
		if (fs_exists(dir) && !fs_list(dir, &names, &err))
			for (size_t i = 0; i < names.n; i++)
				if (strstr(names.v[i], "-welcome-")) {
					char *path = xasprintf("%s/%s", dir, names.v[i]);
					scrub_welcome(path);
					free(path);
				}
		free(err);
		strlist_clear(&names);
		free(dir);
	}
}

/* The outbox's own lock, not the campaign's: a sendmail or server that
 * hangs must not keep `submit` and `run` from the games, and two senders
 * take turns, so that no message is sent twice by two of them. */
static int lock_outbox(const char *outbox, int *fd, struct send_result *r, char **err)
{
	int rc = fs_lock(outbox, fd, err);

	memset(r, 0, sizeof *r);
	if (rc == 1) {
		free(*err);
		*err = xstrdup("another wyrmpost is delivering this campaign's outbox; what it "
			       "leaves goes with the next send");
		return WP_ERR_BUSY;
	}
	return rc ? WP_ERR_IO : WP_OK;
}

int campaign_send(struct campaign *c, struct send_result *r, char **err)
{
	return campaign_send_flags(c, 0, r, err);
}

int campaign_send_flags(struct campaign *c, unsigned flags, struct send_result *r,
			char **err)
{
	const struct config *cfg = &c->cfg;
	const struct send_settings set = {
		.smtp_url = cfg->smtp.url,
		.starttls = starttls_of(cfg->smtp.starttls),
		.smtp_user = cfg->smtp.user,
		.smtp_password_file = cfg->smtp.password_file,
		.ca_file = cfg->smtp.ca_file,
		.sendmail = cfg->sendmail,
		.sender = cfg->sender,
		.timeout = cfg->send_timeout,
		.give_up = cfg->give_up,
		.budget = cfg->send_budget,
		.now = c->now,
	};
	char *outbox = xasprintf("%s/outbox", c->dir), *sent = xasprintf("%s/sent", c->dir);
	int fd = -1, rc = lock_outbox(outbox, &fd, r, err);

	if (rc) {
		free(sent);
		free(outbox);
		return rc;
	}
	rc = send_outbox(outbox, sent, &set, flags, r, err);
	scrub_sent(sent);
	fs_unlock(fd);

	if (rc == WP_ERR_CONFIG && !send_configured(cfg)) {
		/* Say where the way to send is missing: this campaign's file. */
		free(*err);
		*err = send_stranded_text(r->messages);
	}
	free(sent);
	free(outbox);
	return rc;
}

size_t send_stranded(const struct campaign *c)
{
	static const char *const dirs[] = { "outbox/new", "outbox/cur" };
	size_t n = 0;
	if (send_configured(&c->cfg))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		struct strlist names = STRLIST_INIT;
		char *dir = xasprintf("%s/%s", c->dir, dirs[i]), *err = NULL;
		if (fs_exists(dir) && !fs_list(dir, &names, &err))
			n += names.n;
		free(err);
		free(dir);
		strlist_clear(&names);
	}
	return n;
}

char *send_stranded_text(size_t n)
{
	return xasprintf("%zu mail%s wait in the outbox, but wyrmpost.xml says no way to send "
			 "them (<smtp> or <sendmail>, see wyrmpost.xml(5)); they stay there "
			 "until it does", n, n == 1 ? "" : "s");
}
