/* cmd-status.c - wyrmpost status [ID] */
#include <stdio.h>

#include "cli.h"
#include "status.h"

int cmd_status(int argc, char **argv)
{
	struct campaign c;
	struct sb out = SB_INIT;
	const char *id;
	char *err = NULL;
	int rc = cli_open_for_id("status", argc, argv, &c, &id);

	if (rc)
		return rc;
	rc = campaign_status(&c, id, &out, &err);
	campaign_close(&c);
	cli_out(sb_str(&out));
	sb_release(&out);
	return rc ? cli_fail(rc, err) : 0;
}
