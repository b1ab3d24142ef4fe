/* report.c - the report PDF benchmark of `make bench`: the turn reports
 * `wyrmpost run` mails, drawn as it draws them (src/report.c's
 * report_turn_pdf: the game's templates/RULES/report.xml, the engine's
 * view of the board, the events of the turn), without the disk.
 *
 *   bench-report GAMES-DIR [N [MODE]]
 *
 * Each GAMES-DIR/ID/game.xml (the demo campaign has one game per rules
 * and mode) plays one turn in memory; then every reader's report of that
 * turn, the players' and the public one, is drawn N times over (default
 * 100 reports a game) with pdf=embedded and with pdf=standard, or only
 * with MODE (for a profiler's view of one mode).  Prints
 * the CPU time per report and the reports per second on one core, per
 * game and over all of them: the cost a run pays per report on top of
 * pdf=none.  The templates come from WYRMPOST_TEMPLATES, as in run. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "game.h"
#include "report.h"
#include "turn.h"
#include "util.h"

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct sb sb = SB_INIT;
	char buf[8192];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_add(&sb, buf, n);
	fclose(f);
	*len = sb.len;
	return sb_detach(&sb);
}

/* The state text with its pdf option set to mode. */
static char *with_pdf(const char *text, const char *mode)
{
	static const char key[] = "name=\"pdf\" value=\"";
	const char *at = strstr(text, key), *end;
	if (!at || !(end = strchr(at + sizeof key - 1, '"')))
		return NULL;
	return xasprintf("%.*s%s%s", (int)(at - text + sizeof key - 1), text, mode, end);
}

struct tally {
	double ms;
	long n;
	size_t bytes;
};

/* Play one turn of the state and draw its reports n times over; 0, or -1
 * with a message on stderr. */
static int bench_game(const char *name, const char *text, long n, struct tally *t)
{
	bool awaited[MAX_PLAYERS], has[MAX_PLAYERS] = { false };
	struct strlist lines[MAX_PLAYERS];
	struct events ev = EVENTS_INIT;
	struct game g;
	char *err = NULL;
	int turn, rc = 0;
	double t0;

	if (game_load_buffer(&g, text, strlen(text), name, &err)) {
		fprintf(stderr, "bench-report: %s\n", err);
		free(err);
		return -1;
	}
	memset(lines, 0, sizeof lines);
	turn = g.turn;
	g.engine->awaited(&g, awaited);
	if (g.status != GAME_OVER && game_advance(&g, awaited, has, lines, g.deadline, &ev, &err)) {
		fprintf(stderr, "bench-report: %s: %s\n", name, err);
		free(err);
		rc = -1;
	}
	t0 = cpu_ms();
	for (long i = 0; !rc && i < n; i++) {
		int p = (int)(i % (long)(g.nplayers + 1)) - 1;
		char *pdf = NULL;
		size_t len = 0;
		if (report_turn_pdf(&g, turn, &ev, p, NULL, "wyrmpost", getenv("WYRMPOST_TEMPLATES"),
				    &pdf, &len, &err)) {
			fprintf(stderr, "bench-report: %s: %s\n", name, err);
			free(err);
			rc = -1;
		}
		t->bytes += len;
		free(pdf);
	}
	t->ms += cpu_ms() - t0;
	t->n += n;
	for (size_t i = 0; i < MAX_PLAYERS; i++)
		strlist_clear(&lines[i]);
	events_release(&ev);
	game_release(&g);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	static const char *const modes[] = { "embedded", "standard" };
	struct tally all[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	const char *dir = argc > 1 ? argv[1] : NULL;
	long n = argc > 2 ? strtol(argv[2], NULL, 10) : 100;
	const char *only = argc > 3 ? argv[3] : NULL;
	char **ids = NULL;
	size_t nids = 0;
	struct dirent *de;
	DIR *dp;

	if (!dir || n < 1 || (only && strcmp(only, modes[0]) && strcmp(only, modes[1]))) {
		fprintf(stderr, "usage: bench-report GAMES-DIR [N [embedded|standard]]\n");
		return 2;
	}
	if (!(dp = opendir(dir))) {
		perror(dir);
		return 1;
	}
	while ((de = readdir(dp)))
		if (de->d_name[0] != '.') {
			ids = xrealloc(ids, (nids + 1) * sizeof *ids);
			ids[nids++] = xstrdup(de->d_name);
		}
	closedir(dp);
	qsort(ids, nids, sizeof *ids, by_name);
	printf("report PDFs as run draws them, %ld a game, CPU per report:\n", n);
	for (size_t i = 0; i < nids; i++) {
		char *path = xasprintf("%s/%s/game.xml", dir, ids[i]), *text;
		size_t len;
		if (!(text = slurp(path, &len))) {
			free(path);
			continue;
		}
		printf("  %-8s", ids[i]);
		for (int m = 0; m < 2; m++) {
			struct tally t = { 0, 0, 0 };
			char *state;
			if (only && strcmp(only, modes[m]))
				continue;
			state = with_pdf(text, modes[m]);
			if (!state || bench_game(path, state, n, &t)) {
				fprintf(stderr, "bench-report: %s: cannot draw its reports\n", path);
				return 1;
			}
			printf("  %s %6.2f ms %6zu B", modes[m], t.ms / t.n, t.bytes / t.n);
			all[m].ms += t.ms;
			all[m].n += t.n;
			all[m].bytes += t.bytes;
			free(state);
		}
		putchar('\n');
		free(text);
		free(path);
		free(ids[i]);
	}
	free(ids);
	for (int m = 0; m < 2 && all[m].n; m++)
		printf("report PDF (pdf=%s): %.2f ms of CPU each, %.0f a second on one core, "
		       "mean %zu bytes\n",
		       modes[m], all[m].ms / all[m].n, 1e3 * all[m].n / all[m].ms,
		       all[m].bytes / all[m].n);
	return 0;
}
