/* cmd-turn.c - wyrmpost turn ID [--dry-run] [--force] */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "turn.h"

int cmd_turn(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "force", no_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("turn");
	struct campaign c;
	struct turn_result r;
	unsigned flags = 0;
	char *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		if (opt == 'n')
			flags |= TURN_DRY_RUN;
		else if (opt == 'f')
			flags |= TURN_FORCE;
		else
			return cli_usage(cmd, "bad option");
	}
	if (argc - optind != 1)
		return cli_usage(cmd, "need one game id");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	rc = campaign_turn(&c, argv[optind], flags, &r, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	switch (r.outcome) {
	case TURN_FINISHED:
		printf("%s: the game is over\n", argv[optind]);
		break;
	case TURN_HELD:
		printf("%s: turn %d is held (too many players sent no orders); "
		       "use --force to play it\n", argv[optind], r.turn);
		break;
	case TURN_DONE:
		if (r.public_report)
			cli_out(r.public_report);
		else
			printf("%s: turn %d played%s\n", argv[optind], r.turn,
			       r.game_over ? "; the game is over" : "");
		break;
	case TURN_NOT_DUE:
		break;
	}
	free(r.public_report);
	return 0;
}
