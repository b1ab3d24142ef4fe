/* cmd-player.c - wyrmpost player ID NAME address EMAIL | password |
 * replace NEWNAME:EMAIL[:PASSWORD] | drop | absent FROM TO | back: the
 * game master's changes to one player of a running game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gm.h"

int cmd_player(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("player");
	const char *id, *name, *verb;
	struct campaign c;
	char *err = NULL, *password = NULL;
	bool arg;
	int rc, want;

	if (argc < 4)
		return cli_usage(cmd, "need a game id, a player and what to do");
	id = argv[1];
	name = argv[2];
	verb = argv[3];
	arg = !strcmp(verb, "address") || !strcmp(verb, "replace");
	want = !strcmp(verb, "absent") ? 6 : arg ? 5 : 4;
	if (argc != want)
		return cli_usage(cmd, "'%s' takes %s", verb,
				 !strcmp(verb, "address") ? "the new address"
				 : !strcmp(verb, "replace") ? "NEWNAME:EMAIL[:PASSWORD]"
				 : !strcmp(verb, "absent") ? "the first and last day away, "
							     "YYYY-MM-DD YYYY-MM-DD"
							   : "nothing more");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	if (!strcmp(verb, "address"))
		rc = gm_player_address(&c, id, name, argv[4], &err);
	else if (!strcmp(verb, "password"))
		rc = gm_player_password(&c, id, name, &password, &err);
	else if (!strcmp(verb, "replace"))
		rc = gm_player_replace(&c, id, name, argv[4], &password, &err);
	else if (!strcmp(verb, "drop"))
		rc = gm_player_drop(&c, id, name, &err);
	else if (!strcmp(verb, "absent"))
		rc = gm_player_absent(&c, id, name, argv[4], argv[5], &err);
	else if (!strcmp(verb, "back"))
		rc = gm_player_back(&c, id, name, &err);
	else {
		campaign_close(&c);
		return cli_usage(cmd, "no '%s': address, password, replace, drop, absent or back",
				 verb);
	}
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	printf("%s: done; the player has been mailed\n", id);
	if (password)
		printf("New password (shown only this once): %s\n", password);
	free(password);
	return 0;
}
