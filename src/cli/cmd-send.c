/* cmd-send.c - wyrmpost send [--now]: deliver the outbox */
#include <stdio.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "campaign-send.h"

int cmd_send(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "now", no_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("send");
	struct campaign c;
	struct send_result r;
	unsigned flags = 0;
	char *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		if (opt == 'n')
			flags |= SEND_NOW;
		else
			return cli_usage(cmd, "bad option");
	}
	if (optind != argc)
		return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
	rc = cli_open(&c, false); /* the outbox's own lock: see campaign-send.h */
	if (rc)
		return rc;
	rc = campaign_send_flags(&c, flags, &r, &err);
	campaign_close(&c);
	for (size_t i = 0; i < r.log.n; i++)
		cli_error("%s", r.log.v[i]);
	if (isatty(STDOUT_FILENO))
		printf("%zu mails: %zu sent, %zu failed (kept for later), %zu waiting for their "
		       "retry time, %zu for the next send, %zu given up\n", r.messages, r.sent,
		       r.failed, r.deferred, r.postponed, r.given_up);
	/* Mail that failed stays and goes with a later run: for cron, that is a
	 * temporary failure, not a broken installation. */
	if (rc == WP_ERR_IO && r.failed) {
		cli_fail(rc, err);
		rc = EX_TEMPFAIL;
	} else {
		rc = cli_fail(rc, err);
	}
	send_result_release(&r);
	return rc;
}
