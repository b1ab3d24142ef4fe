/* cmd-new.c - wyrmpost new ID RULES --player NAME:EMAIL[:PASSWORD]...
 * [--setup FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fsutil.h"
#include "wake-index.h"

static bool split_player(char *spec, struct new_player *p)
{
	char *c1 = strchr(spec, ':'), *c2;
	if (!c1)
		return false;
	*c1 = '\0';
	c2 = strchr(c1 + 1, ':');
	if (c2)
		*c2 = '\0';
	p->name = spec;
	p->email = c1 + 1;
	p->password = c2 ? c2 + 1 : NULL;
	return *p->name && *p->email;
}

int cmd_new(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "option", required_argument, NULL, 'o' },
		{ "deadline", required_argument, NULL, 'D' },
		{ "tz", required_argument, NULL, 'z' },
		{ "player", required_argument, NULL, 'p' },
		{ "setup", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("new");
	struct strlist options = STRLIST_INIT, generated = STRLIST_INIT;
	struct new_player *players = xcalloc((size_t)argc, sizeof *players);
	struct new_game ng;
	struct campaign c;
	char *err = NULL, *setup = NULL;
	size_t setup_len;
	int opt, rc;

	memset(&ng, 0, sizeof ng);
	while ((opt = cli_getopt(argc, argv, "", longopts)) != -1) {
		switch (opt) {
		case 's':
			if (!parse_u64(optarg, &ng.seed)) {
				rc = cli_usage(cmd, "--seed needs a whole number, not '%s'", optarg);
				goto out;
			}
			ng.have_seed = true;
			break;
		case 'o': strlist_add(&options, optarg); break;
		case 'D': strlist_addf(&options, "deadline=%s", optarg); break;
		case 'z': strlist_addf(&options, "tz=%s", optarg); break;
		case 'p':
			if (!split_player(optarg, &players[ng.nplayers])) {
				rc = cli_usage(cmd, "--player needs NAME:EMAIL[:PASSWORD]");
				goto out;
			}
			ng.nplayers++;
			break;
		case 'S':
			free(setup);
			setup = NULL;
			if (fs_read_file(optarg, &setup, &setup_len, &err)) {
				rc = cli_fail(WP_ERR_IO, err);
				goto out;
			}
			if (strlen(setup) != setup_len) {
				rc = cli_usage(cmd, "%s is not a text file", optarg);
				goto out;
			}
			ng.setup_text = setup;
			ng.setup_name = optarg;
			break;
		default:
			rc = cli_usage(cmd, "bad option");
			goto out;
		}
	}
	if (argc - optind != 2) {
		rc = cli_usage(cmd, "need a game id and the rules");
		goto out;
	}
	ng.id = argv[optind];
	ng.rules = argv[optind + 1];
	ng.options = (const char *const *)options.v;
	ng.noptions = options.n;
	ng.players = players;
	rc = cli_open(&c, true);
	if (rc)
		goto out;
	/* games/ changes, which the index of games notices, but maybe not
	 * within the tick of the file system's clock it was written in: a
	 * mark makes sure (wake-index.h; campaign.c is below it). */
	rc = wake_index_touch(&c, ng.id, &err);
	if (!rc)
		rc = campaign_new_game(&c, &ng, &generated, &err);
	campaign_close(&c);
	if (rc) {
		rc = cli_fail(rc, err);
		goto out;
	}
	printf("Game %s created; each player has been sent a welcome mail.\n", ng.id);
	if (generated.n)
		printf("Generated passwords (shown only this once):\n");
	for (size_t i = 0; i < generated.n; i++)
		printf("  %s\n", generated.v[i]);
out:
	strlist_clear(&options);
	strlist_clear(&generated);
	free(players);
	free(setup);
	return rc;
}
