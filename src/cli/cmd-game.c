/* cmd-game.c - wyrmpost game ID set NAME=VALUE | deadline SPEC | pause |
 * resume | end | delete: the game master's changes to a running game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gm.h"

int cmd_game(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("game");
	const char *id, *verb;
	struct campaign c;
	char *err = NULL, *where = NULL, *assign = NULL;
	bool mailed = true;
	int rc;

	if (argc < 3)
		return cli_usage(cmd, "need a game id and what to do");
	id = argv[1];
	verb = argv[2];
	if ((!strcmp(verb, "set") || !strcmp(verb, "deadline")) != (argc == 4) ||
	    (strcmp(verb, "set") && strcmp(verb, "deadline") && argc != 3))
		return cli_usage(cmd, "'%s' takes %s", verb,
				 !strcmp(verb, "set") ? "NAME=VALUE"
				 : !strcmp(verb, "deadline") ? "a deadline, e.g. 24h or 'tue,fri 18:00'"
							     : "nothing more");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	if (!strcmp(verb, "set") || !strcmp(verb, "deadline")) {
		assign = !strcmp(verb, "set") ? xstrdup(argv[3]) : xasprintf("deadline=%s", argv[3]);
		rc = gm_game_set(&c, id, assign, &mailed, &err);
	} else if (!strcmp(verb, "pause")) {
		rc = gm_game_pause(&c, id, &err);
	} else if (!strcmp(verb, "resume")) {
		rc = gm_game_resume(&c, id, &err);
	} else if (!strcmp(verb, "end")) {
		rc = gm_game_end(&c, id, &err);
	} else if (!strcmp(verb, "delete")) {
		rc = gm_game_delete(&c, id, &where, &err);
	} else {
		campaign_close(&c);
		return cli_usage(cmd, "no '%s': set, deadline, pause, resume, end or delete", verb);
	}
	campaign_close(&c);
	free(assign);
	if (rc)
		return cli_fail(rc, err);
	if (where)
		printf("%s: archived in %s\n", id, where);
	else if (mailed)
		printf("%s: done; the players have been mailed\n", id);
	else
		printf("%s: done; noted in the game's history and its next report (no mail)\n",
		       id);
	free(where);
	return 0;
}
