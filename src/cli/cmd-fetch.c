/* cmd-fetch.c - wyrmpost fetch: read the configured mail sources */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "campaign-fetch.h"

int cmd_fetch(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("fetch");
	struct campaign c;
	struct intake_tally r;
	char *err = NULL;
	int rc;

	if (argc != 1)
		return cli_usage(cmd, "unexpected argument '%s'", argv[1]);
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	rc = campaign_fetch(&c, &r, &err);
	campaign_close(&c);
	for (size_t i = 0; i < r.log.n; i++)
		cli_error("%s", r.log.v[i]);
	if (isatty(STDOUT_FILENO))
		printf("%zu messages: %zu handled, %zu refused, %zu seen before, %zu not "
		       "answered, %zu quarantined\n", r.messages, r.handled, r.failed,
		       r.duplicates, r.ignored, r.quarantined);
	intake_tally_release(&r);
	free(err);
	return cli_exit_code(rc);
}
