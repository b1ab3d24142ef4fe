/* cmd-broadcast.c - wyrmpost broadcast ID TEXT... */
#include <stdio.h>

#include "cli.h"
#include "press.h"

int cmd_broadcast(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("broadcast");
	struct campaign c;
	struct sb text = SB_INIT;
	size_t mailed = 0;
	char *err = NULL;
	int rc;

	if (argc < 3)
		return cli_usage(cmd, "need a game id and the text");
	for (int i = 2; i < argc; i++)
		sb_addf(&text, "%s%s", i > 2 ? " " : "", argv[i]);
	rc = cli_open(&c, true);
	if (!rc) {
		rc = campaign_broadcast(&c, argv[1], sb_str(&text), &mailed, &err);
		campaign_close(&c);
		if (rc)
			rc = cli_fail(rc, err);
		else
			printf("%s: %zu mail%s in the outbox\n", argv[1], mailed,
			       mailed == 1 ? "" : "s");
	}
	sb_release(&text);
	return rc;
}
