/* cmd-site.c - wyrmpost site [-o DIR]: write the campaign's web archive */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "site.h"

int cmd_site(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("site");
	struct campaign c;
	const char *out = NULL;
	char *dir, *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "o:", longopts)) != -1) {
		if (opt == 'o')
			out = optarg;
		else
			return cli_usage(cmd, "bad option");
	}
	if (optind != argc)
		return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
	rc = cli_open(&c, false);
	if (rc)
		return rc;
	/* -o, else the archive `run` keeps, else site/ in the campaign. */
	dir = out ? xstrdup(out) : c.cfg.site_dir ? xstrdup(c.cfg.site_dir)
						 : xasprintf("%s/site", c.dir);
	rc = campaign_site(&c, dir, 0, &err);
	campaign_close(&c);
	if (!rc)
		printf("%s/index.html\n", dir);
	free(dir);
	return rc ? cli_fail(rc, err) : 0;
}
