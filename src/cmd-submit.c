/* cmd-submit.c - wyrmpost submit [FILE] */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "fsutil.h"

int cmd_submit(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("submit");
	struct campaign c;
	struct submit_result r;
	char *text, *err = NULL;
	size_t len;
	int rc;

	if (argc > 2)
		return cli_usage(cmd, "too many arguments");
	if (fs_read_file(argc == 2 && argv[1][0] != '-' ? argv[1] : "/dev/stdin", &text,
			 &len, &err))
		return cli_fail(WP_ERR_NOTFOUND, err);
	rc = cli_open(&c, true);
	if (rc) {
		free(text);
		return rc;
	}
	rc = campaign_submit(&c, text, len, &r, &err);
	campaign_close(&c);
	free(text);
	if (r.reply)
		fputs(r.reply, stdout);
	submit_result_release(&r);
	return rc ? cli_fail(rc, err) : 0;
}
