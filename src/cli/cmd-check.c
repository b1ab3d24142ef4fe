/* cmd-check.c - wyrmpost check [ID] */
#include <stdio.h>
#include <sysexits.h>

#include "cli.h"
#include "validate.h"

int cmd_check(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("check");
	struct campaign c;
	struct strlist problems = STRLIST_INIT;
	char *err = NULL;
	int rc;

	if (argc > 2)
		return cli_usage(cmd, "too many arguments");
	rc = cli_open(&c, false);
	if (rc)
		return rc;
	rc = campaign_validate(&c, argc == 2 ? argv[1] : NULL, &problems, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	for (size_t i = 0; i < problems.n; i++)
		cli_error("%s", problems.v[i]);
	rc = problems.n ? EX_DATAERR : 0;
	strlist_clear(&problems);
	return rc;
}
