/* cmd-press.c - wyrmpost press ID */
#include <stdio.h>

#include "cli.h"
#include "press.h"

int cmd_press(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("press");
	struct campaign c;
	struct sb out = SB_INIT;
	char *err = NULL;
	int rc;

	if (argc != 2)
		return cli_usage(cmd, "need one game id");
	rc = cli_open(&c, false);
	if (rc)
		return rc;
	rc = campaign_press(&c, argv[1], &out, &err);
	campaign_close(&c);
	cli_out(sb_str(&out));
	sb_release(&out);
	return rc ? cli_fail(rc, err) : 0;
}
