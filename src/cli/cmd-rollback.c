/* cmd-rollback.c - wyrmpost rollback ID [--to N] */
#include <stdio.h>

#include "cli.h"
#include "rollback.h"

int cmd_rollback(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "to", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("rollback");
	struct campaign c;
	long long to = 0;
	int opt, rc, restored = 0;
	char *err = NULL;

	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		if (opt == 't' && parse_int(optarg, 1, 1000000, &to))
			continue;
		return cli_usage(cmd, "--to needs a turn number");
	}
	if (argc - optind != 1)
		return cli_usage(cmd, "need one game id");
	rc = cli_open(&c, true);
	if (rc)
		return rc;
	rc = campaign_rollback(&c, argv[optind], (int)to, &restored, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	printf("%s: back before turn %d; its orders are kept and it will be played again\n",
	       argv[optind], restored);
	return 0;
}
