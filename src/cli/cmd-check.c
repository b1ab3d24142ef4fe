/* cmd-check.c - wyrmpost check [ID] */
#include <stdio.h>
#include <sysexits.h>

#include "cli.h"
#include "validate.h"

int cmd_check(int argc, char **argv)
{
	struct campaign c;
	struct strlist problems = STRLIST_INIT;
	const char *id;
	char *err = NULL;
	int rc = cli_open_for_id("check", argc, argv, &c, &id);

	if (rc)
		return rc;
	rc = campaign_validate(&c, id, &problems, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	for (size_t i = 0; i < problems.n; i++)
		cli_error("%s", problems.v[i]);
	rc = problems.n ? EX_DATAERR : 0;
	strlist_clear(&problems);
	return rc;
}
