/* report.c - the report PDF benchmark of `make bench`: one turn report,
 * laid out as wyrmpost mails it (print/report-pdf.c: a heading, a board,
 * what happened, the table in the monospaced face, the orders), rendered
 * N times in memory (default 200), with names in Polish, Russian and
 * Greek; with "standard" as second argument in the standard 14 fonts, as
 * pdf=standard does.  Prints the CPU time per report and the report's
 * size: the time a run spends on each report's PDF, without the disk or
 * the rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report-pdf.h"
#include "util.h"
#include "view.h"

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	/* Żółw, Жук, Ωμέγα */
	static const char *const events[] = {
		"\xc5\xbb\xc3\xb3\xc5\x82w moves from the cellar to the hall.",
		"\xd0\x96\xd1\x83\xd0\xba steals 2 gold; the dragon wakes.",
		"\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1 sent no orders (1 turn missed in a row).",
		"The dragon breathes fire on the hall: \xc5\xbb\xc3\xb3\xc5\x82w loses 1 life.",
	};
	struct report_pdf r = {
		.title = "Burglar & the Dragon: game b00001, turn 4",
		.subtitle = "Report for \xc5\xbb\xc3\xb3\xc5\x82w",
		.deadline = "Turn 5 runs at 2027-01-16 08:00 UTC; send your orders before then.",
		.events = events,
		.nevents = 4,
		.details = "Seats\n  \xc5\xbb\xc3\xb3\xc5\x82w   hall    life 2  gold 3\n"
			   "  \xd0\x96\xd1\x83\xd0\xba    cellar  life 3  gold 2\n"
			   "  \xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1  stairs  life 3  gold 0\n"
			   "The dragon: awake, in the hall.\n",
		.orders = "game b00001\nplayer zolw\npassword ...\nmove cellar\nsteal\n",
	};
	struct print_doc_opts o = { .paper = PRINT_A4 };
	struct view board;
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200;
	char *buf = NULL, *err = NULL;
	size_t len = 0;
	double t0;

	if (n < 1)
		n = 1;
	o.small = argc > 2 && !strcmp(argv[2], "standard");
	view_init(&board, VIEW_GRID, "The house");
	for (int i = 0; i < 12; i++) {
		static const char *const rooms[] = { "hall", "cellar", "stairs", "attic" };
		view_add_cell(&board, i % 4, i / 4, rooms[i % 4], i % 3 ? "stone" : "wood");
	}
	view_add_piece(&board, 0, "\xc5\xbb", "gold");
	view_add_piece(&board, 1, "\xd0\x96", "red");
	r.board = &board;
	t0 = cpu_ms();
	for (long i = 0; i < n; i++) {
		free(buf);
		if (report_pdf_render(&r, &o, &buf, &len, &err)) {
			fprintf(stderr, "bench-report: %s\n", err);
			return 1;
		}
	}
	printf("report PDF (pdf=%s): %.2f ms of CPU each (%ld rendered), %zu bytes\n",
	       o.small ? "standard" : "embedded", (cpu_ms() - t0) / n, n, len);
	free(buf);
	view_release(&board);
	return 0;
}
