/* cmd-approve.c - wyrmpost approve ID SEAT [--refuse]: give an open seat
 * to the one who asked for it by mail, or turn the request down. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gm.h"

int cmd_approve(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("approve");
	struct campaign c;
	char *err = NULL, *who = NULL;
	bool refuse = argc == 4 && !strcmp(argv[3], "--refuse");
	int rc;

	if (argc != 3 && !refuse)
		return cli_usage(cmd, "need a game id and a seat, then nothing or --refuse");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	rc = gm_seat_approve(&c, argv[1], argv[2], refuse, &who, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	if (refuse)
		printf("%s: %s's request for the seat of %s is turned down; they have been "
		       "mailed\n", argv[1], who, argv[2]);
	else
		printf("%s: %s takes over the seat of %s and has been sent a welcome\n", argv[1],
		       who, argv[2]);
	free(who);
	return 0;
}
