/* cmd-import.c - wyrmpost import FILE [-C DIR]: the archive restored, then
 * checked as `check` checks a campaign. */
#include <stdio.h>
#include <sysexits.h>

#include "backup.h"
#include "cli.h"
#include "validate.h"

/* The campaign just restored in dir, checked: 0 or EX_DATAERR. */
static int check_restored(const char *dir)
{
	struct campaign c;
	struct strlist problems = STRLIST_INIT;
	char *err = NULL;
	int rc = campaign_open(&c, dir, cli_now(), &err);
	if (!rc)
		rc = campaign_validate(&c, NULL, &problems, &err);
	campaign_close(&c);
	if (rc)
		return cli_fail(rc, err);
	for (size_t i = 0; i < problems.n; i++)
		cli_error("%s", problems.v[i]);
	rc = problems.n ? EX_DATAERR : 0;
	strlist_clear(&problems);
	return rc;
}

int cmd_import(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("import");
	const char *dir = cli_dir;
	struct import_result r;
	char *err = NULL;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "C:", NULL)) != -1) {
		if (opt != 'C')
			return cli_usage(cmd, "unknown option");
		dir = optarg;
	}
	if (argc - optind != 1)
		return cli_usage(cmd, "need one archive");
	rc = campaign_import(argv[optind], dir, &r, &err);
	if (rc)
		return cli_fail(rc, err);
	printf("%s: %zu files restored\n", dir, r.files);
	if (!r.secrets)
		printf("The archive holds no secrets: its mail, the campaign's key and the "
		       "players'\npasswords were left out.  Give each player a new password "
		       "(wyrmpost player\nID NAME password) before their orders can be taken.\n");
	return check_restored(dir);
}
