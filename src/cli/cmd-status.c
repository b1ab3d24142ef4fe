/* cmd-status.c - wyrmpost status [ID] */
#include <stdio.h>

#include "cli.h"
#include "status.h"

int cmd_status(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("status");
	struct campaign c;
	struct sb out = SB_INIT;
	char *err = NULL;
	int rc;

	if (argc > 2)
		return cli_usage(cmd, "too many arguments");
	rc = cli_open(&c, false);
	if (rc)
		return rc;
	rc = campaign_status(&c, argc == 2 ? argv[1] : NULL, &out, &err);
	campaign_close(&c);
	cli_out(sb_str(&out));
	sb_release(&out);
	return rc ? cli_fail(rc, err) : 0;
}
