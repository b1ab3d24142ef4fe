/* cmd-send.c - wyrmpost send: deliver the outbox */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "send.h"

int cmd_send(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("send");
	struct campaign c;
	struct send_result r;
	char *err = NULL;
	int rc;

	if (argc != 1)
		return cli_usage(cmd, "unexpected argument '%s'", argv[1]);
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	rc = campaign_send(&c, &r, &err);
	campaign_close(&c);
	for (size_t i = 0; i < r.log.n; i++)
		cli_error("%s", r.log.v[i]);
	if (isatty(STDOUT_FILENO))
		printf("%zu messages: %zu sent, %zu failed (kept for later), %zu waiting to be "
		       "tried again\n", r.messages, r.sent, r.failed, r.deferred);
	send_result_release(&r);
	return rc ? cli_fail(rc, err) : 0;
}
