/* cmd-export.c - wyrmpost export [ID...] -o FILE [--with-secrets] */
#include <stdio.h>
#include <stdlib.h>

#include "backup.h"
#include "cli.h"

int cmd_export(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "with-secrets", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("export");
	const char *out = NULL, *w = getenv("WYRMPOST_LOCK_WAIT");
	long long wait = 120;
	bool secrets = false;
	struct campaign c;
	struct export_result r;
	char *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "o:", longopts)) != -1) {
		if (opt == 'o')
			out = optarg;
		else if (opt == 's')
			secrets = true;
		else
			return cli_usage(cmd, "unknown option");
	}
	if (!out)
		return cli_usage(cmd, "-o FILE names the archive to write");
	/* As for submit: a run under way is waited for, WYRMPOST_LOCK_WAIT
	 * seconds (120 by default), then EX_TEMPFAIL as run exits. */
	if (w && !parse_int(w, 0, 3600, &wait))
		wait = 120;
	rc = cli_open_wait(&c, (int)wait);
	if (rc)
		return rc;
	rc = campaign_export(&c, (const char *const *)argv + optind, (size_t)(argc - optind),
			     secrets, (int)wait, out, &r, &err);
	campaign_close(&c);
	for (size_t i = 0; i < r.left_out.n; i++)
		cli_error("left out %s", r.left_out.v[i]);
	export_result_release(&r);
	return rc ? cli_fail(rc, err) : 0;
}
