/* cmd-report.c - wyrmpost report ID [--turn N] [--player NAME] */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "turn-reports.h"

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "turn", required_argument, NULL, 't' },
		{ "player", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("report");
	struct campaign c;
	const char *player = NULL;
	long long turn = 0;
	char *text = NULL, *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		if (opt == 't' && parse_int(optarg, 1, 1000000, &turn))
			continue;
		if (opt == 'p') {
			player = optarg;
			continue;
		}
		return cli_usage(cmd, "bad option");
	}
	if (argc - optind != 1)
		return cli_usage(cmd, "need one game id");
	rc = cli_open(&c, false);
	if (rc)
		return rc;
	rc = campaign_report(&c, argv[optind], (int)turn, player, &text, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	cli_out(text);
	free(text);
	return 0;
}
