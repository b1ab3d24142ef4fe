/* cmd-check.c - wyrmpost check [ID] */
#include <stdio.h>
#include <stdlib.h>
#include <sysexits.h>

#include "campaign-send.h"
#include "cli.h"
#include "validate.h"

int cmd_check(int argc, char **argv)
{
	struct campaign c;
	struct strlist problems = STRLIST_INIT;
	const char *id;
	char *err = NULL;
	size_t stranded;
	int rc = cli_open_for_id("check", argc, argv, &c, &id);

	if (rc)
		return rc;
	rc = campaign_validate(&c, id, &problems, &err);
	stranded = id ? 0 : send_stranded(&c);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	for (size_t i = 0; i < problems.n; i++)
		cli_error("%s", problems.v[i]);
	if (stranded) {
		char *line = send_stranded_text(stranded);
		cli_error("%s", line);
		free(line);
	}
	rc = problems.n ? EX_DATAERR : stranded ? EX_CONFIG : 0;
	strlist_clear(&problems);
	return rc;
}
