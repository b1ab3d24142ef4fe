/* cmd-offer.c - wyrmpost offer ID [NAME]: list a game's open seats, or
 * open NAME's seat for anyone to take over (see seat.h). */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "gm.h"
#include "seat.h"

int cmd_offer(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("offer");
	struct campaign c;
	struct sb out = SB_INIT;
	char *err = NULL;
	int rc;

	if (argc < 2 || argc > 3)
		return cli_usage(cmd, "need a game id, and a player's name to offer a seat");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	if (argc == 3)
		rc = gm_seat_offer(&c, argv[1], argv[2], &err);
	else
		rc = seat_list(&c, argv[1], &out, &err);
	campaign_close(&c);
	if (rc) {
		sb_release(&out);
		return cli_fail(rc, err);
	}
	if (argc == 3)
		printf("%s: the seat of %s is open; the players and observers have been mailed\n",
		       argv[1], argv[2]);
	else
		cli_out(out.buf);
	sb_release(&out);
	return 0;
}
