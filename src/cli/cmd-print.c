/* cmd-print.c - wyrmpost print RULES|ID [--paper a4|letter] [--bleed MM]
 * [--backs none|duplex|fold] [--offset X,Y] [--boards poster|page|both] [--small]
 * [--templates DIR]
 * [-o FILE] */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "fsutil.h"
#include "template.h"

static int rc_of(int tpl_rc)
{
	switch (tpl_rc) {
	case TPL_OK: return WP_OK;
	case TPL_ERR_NOTFOUND: return WP_ERR_NOTFOUND;
	case TPL_ERR_DATA: return WP_ERR_DATA;
	}
	return WP_ERR_IO;
}

/* A length in mm, 0 .. max. */
static bool parse_mm(const char *s, double max, double *out)
{
	char *end;
	double v;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= -max && v <= max))
		return false;
	*out = v;
	return true;
}

static bool parse_offset(const char *s, double *x, double *y)
{
	const char *comma = strchr(s, ',');
	char *xs;
	bool ok;
	if (!comma)
		return false;
	xs = xstrndup(s, (size_t)(comma - s));
	ok = parse_mm(xs, 20, x) && parse_mm(comma + 1, 20, y);
	free(xs);
	return ok;
}

/* If name is a game stored in the campaign, load its state. */
static int stored_game(const char *name, struct game *g, bool *found, char **err)
{
	struct campaign c;
	char *path, *ignore = NULL;
	int rc = WP_OK;

	*found = false;
	if (!ident_ok(name) || campaign_open(&c, cli_dir, cli_now(), &ignore)) {
		free(ignore); /* no campaign here: name can only be a kit */
		return WP_OK;
	}
	path = campaign_game_path(&c, name, "game.xml");
	if (fs_exists(path)) {
		rc = campaign_load_game(&c, name, g, err);
		*found = rc == WP_OK;
	}
	free(path);
	campaign_close(&c);
	return rc;
}

static int write_out(const char *path, const char *buf, size_t len, char **err)
{
	if (!strcmp(path, "-")) {
		if (fwrite(buf, 1, len, stdout) != len || fflush(stdout)) {
			*err = xasprintf("cannot write the PDF to standard output: %s",
					 strerror(errno));
			return WP_ERR_IO;
		}
		return WP_OK;
	}
	return fs_write_atomic(path, buf, len, err) ? WP_ERR_IO : WP_OK;
}

int cmd_print(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "paper", required_argument, NULL, 'p' },
		{ "bleed", required_argument, NULL, 'b' },
		{ "backs", required_argument, NULL, 'B' },
		{ "offset", required_argument, NULL, 'O' },
		{ "small", no_argument, NULL, 's' },
		{ "boards", required_argument, NULL, 'r' },
		{ "templates", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("print");
	struct kit_job job;
	struct game g;
	const char *out = NULL;
	char *pdf = NULL, *err = NULL, *deflt = NULL, *title = NULL;
	size_t len = 0;
	bool found;
	int opt, rc;

	memset(&job, 0, sizeof job);
	memset(&g, 0, sizeof g);
	job.dir = cli_templates;
	while ((opt = cli_getopt(argc, argv, "o:", longopts)) != -1) {
		if (opt == 'o') {
			out = optarg;
		} else if (opt == 'p' && (!strcmp(optarg, "a4") || !strcmp(optarg, "letter"))) {
			job.paper = strcmp(optarg, "a4") ? PRINT_LETTER : PRINT_A4;
		} else if (opt == 'b' && parse_mm(optarg, 10, &job.opts.bleed) &&
			   job.opts.bleed >= 0) {
			continue;
		} else if (opt == 'B' && !strcmp(optarg, "none")) {
			job.opts.backs = PRINT_BACKS_NONE;
		} else if (opt == 'B' && !strcmp(optarg, "duplex")) {
			job.opts.backs = PRINT_BACKS_DUPLEX;
		} else if (opt == 'B' && !strcmp(optarg, "fold")) {
			job.opts.backs = PRINT_BACKS_FOLD;
		} else if (opt == 'O' &&
			   parse_offset(optarg, &job.opts.offset_x, &job.opts.offset_y)) {
			continue;
		} else if (opt == 'r' && !strcmp(optarg, "poster")) {
			job.opts.boards = TPL_BOARDS_POSTER;
		} else if (opt == 'r' && !strcmp(optarg, "page")) {
			job.opts.boards = TPL_BOARDS_PAGE;
		} else if (opt == 'r' && !strcmp(optarg, "both")) {
			job.opts.boards = TPL_BOARDS_BOTH;
		} else if (opt == 's') {
			job.small = true;
		} else if (opt == 't') {
			job.dir = optarg;
		} else {
			return cli_usage(cmd, "bad option or value");
		}
	}
	if (argc - optind != 1)
		return cli_usage(cmd, "need the rules of a kit, or a game id");
	job.game = argv[optind];
	rc = stored_game(argv[optind], &g, &found, &err);
	if (rc)
		return cli_fail(rc, err);
	if (found) {
		job.game = g.engine->name;
		job.state = game_to_xml(&g);
		title = xasprintf("%s: game %s, turn %d", g.engine->title, g.id, g.turn);
		job.title = title;
		job.subject = "game in progress";
	}
	if (!out)
		out = deflt = xasprintf("%s.pdf", argv[optind]);
	rc = rc_of(kit_print(&job, &pdf, &len, &err));
	if (rc == WP_ERR_NOTFOUND && !found) {
		char *more = xasprintf("%s (kits are read from %s; give --templates DIR or set "
				       "WYRMPOST_TEMPLATES to the folder holding one folder per kit)",
				       err, job.dir);
		free(err);
		err = more;
	}
	if (!rc)
		rc = write_out(out, pdf, len, &err);
	free(pdf);
	free(deflt);
	free(title);
	if (job.state)
		xmlFreeDoc(job.state);
	if (found)
		game_release(&g);
	return cli_fail(rc, err);
}
