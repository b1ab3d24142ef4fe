/* cards.c - the print benchmark of `make bench`: a 54-card deck
 * (A..K in four suits and two jokers) repeated K times (default 20: 120
 * pages of 3 x 3 poker cards on A4 with crop marks), written to a file.
 * tests/bench/print.sh times it and compares the same deck drawn with ReportLab
 * (tests/bench/cards.py).
 *
 * The file is written plainly, as ReportLab writes it, so that the two
 * sides do the same I/O; with "durable" as third argument it is written as
 * `wyrmpost print` writes it (print_doc_save: a temporary file, fsync,
 * rename, fsync of the directory), which tests/bench/print.sh times as well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "util.h"

static const char *const ranks[] = { "A", "2", "3", "4", "5", "6", "7",
				     "8", "9", "10", "J", "Q", "K" };
static const char *const suits[] = { "\xE2\x99\xA0", "\xE2\x99\xA5", "\xE2\x99\xA6",
				     "\xE2\x99\xA3" };

static int draw_card(struct print_doc *d, void *ctx, const struct print_piece *p, char **err)
{
	size_t k = p->index % 54;
	bool red;
	char label[16];
	(void)ctx;
	(void)err;
	print_stroke_rgb(d, 0.2, 0.2, 0.2);
	print_line_width(d, 0.3);
	print_fill_rgb(d, 1, 1, 1);
	print_rect(d, 1.5, 1.5, p->w - 3, p->h - 3, 3, PRINT_FILL_STROKE);
	if (k >= 52) {
		print_fill_rgb(d, 0.5, 0.1, 0.5);
		print_text(d, PRINT_SANS_BOLD, 20, p->w / 2, p->h / 2, PRINT_CENTER, "Joker");
		return 0;
	}
	red = k / 13 == 1 || k / 13 == 2;
	print_fill_rgb(d, red ? 0.8 : 0, 0, 0);
	snprintf(label, sizeof label, "%s%s", ranks[k % 13], suits[k / 13]);
	print_text(d, PRINT_SANS_BOLD, 14, 5, p->h - 10, PRINT_LEFT, label);
	print_text(d, PRINT_SANS, 48, p->w / 2, p->h / 2 - 8, PRINT_CENTER, suits[k / 13]);
	print_save(d);
	print_translate(d, p->w - 5, 10);
	print_rotate(d, 180);
	print_text(d, PRINT_SANS_BOLD, 14, 0, 0, PRINT_LEFT, label);
	print_restore(d);
	return 0;
}

int main(int argc, char **argv)
{
	struct print_doc_opts o = { .paper = PRINT_A4 };
	struct print_sheet_opts so;
	struct print_doc *d;
	char *err = NULL, *buf = NULL;
	size_t len = 0;
	long long k = 20;
	bool durable = argc > 3 && !strcmp(argv[3], "durable");
	FILE *fp;

	if (argc < 2 || argc > 4 || (argc > 2 && !parse_int(argv[2], 1, 1000, &k)) ||
	    (argc > 3 && !durable)) {
		fprintf(stderr, "usage: bench-cards OUT.pdf [DECKS [durable]]\n");
		return 64;
	}
	memset(&so, 0, sizeof so);
	if (print_doc_new(&d, &o, &err) ||
	    print_sheet(d, &so, (size_t)(54 * k), draw_card, NULL, &err) ||
	    (durable ? print_doc_save(d, argv[1], &err) : print_doc_save_mem(d, &buf, &len, &err))) {
		fprintf(stderr, "bench-cards: %s\n", err);
		return 70;
	}
	print_doc_free(d);
	if (!durable) {
		if (!(fp = fopen(argv[1], "wb")) || fwrite(buf, 1, len, fp) != len || fclose(fp)) {
			perror(argv[1]);
			return 74;
		}
		free(buf);
	}
	return 0;
}
