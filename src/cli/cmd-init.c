/* cmd-init.c - wyrmpost init */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_init(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "sender", required_argument, NULL, 's' },
		{ "gamemaster", required_argument, NULL, 'g' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("init");
	const char *sender = "wyrmpost@localhost", *gm = NULL;
	char *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		if (opt == 's')
			sender = optarg;
		else if (opt == 'g')
			gm = optarg;
		else
			return cli_usage(cmd, "bad option");
	}
	if (optind != argc)
		return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
	if (!strchr(sender, '@') || strpbrk(sender, " <>\"&'") || (gm && (!strchr(gm, '@') ||
	    strpbrk(gm, " <>\"&'"))))
		return cli_usage(cmd, "addresses must look like name@example.org");
	rc = campaign_init(cli_dir, sender, gm, &err);
	if (rc)
		return cli_fail(rc, err);
	printf("Campaign created in %s; edit %s/wyrmpost.xml to set it up.\n", cli_dir, cli_dir);
	return 0;
}
