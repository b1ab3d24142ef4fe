/* view.c - building views; see view.h. */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void view_init(struct view *v, enum view_kind kind, const char *title)
{
	memset(v, 0, sizeof *v);
	v->kind = kind;
	v->title = dup_or_null(title);
}

struct view_cell *view_add_cell(struct view *v, int col, int row, const char *label,
				const char *caption)
{
	struct view_cell *c;
	ALLOC_GROW(v->cells, v->ncells + 1, v->cells_alloc);
	c = &v->cells[v->ncells++];
	memset(c, 0, sizeof *c);
	c->col = col;
	c->row = row;
	c->label = dup_or_null(label);
	c->caption = dup_or_null(caption);
	return c;
}

void view_add_piece(struct view *v, int cell, const char *label, const char *fill)
{
	if (cell < 0 || (size_t)cell >= v->ncells)
		BUG("piece on cell %d of %zu", cell, v->ncells);
	ALLOC_GROW(v->pieces, v->npieces + 1, v->pieces_alloc);
	v->pieces[v->npieces].cell = cell;
	v->pieces[v->npieces].label = dup_or_null(label);
	v->pieces[v->npieces].fill = dup_or_null(fill);
	v->npieces++;
}

void view_add_line(struct view *v, int from, int to, int dashed)
{
	ALLOC_GROW(v->lines, v->nlines + 1, v->lines_alloc);
	v->lines[v->nlines].from = from;
	v->lines[v->nlines].to = to;
	v->lines[v->nlines].dashed = dashed;
	v->nlines++;
}

void view_add_track(struct view *v, const char *name, const char *symbol, int min,
		    int max, int value)
{
	struct view_track *t;
	ALLOC_GROW(v->tracks, v->ntracks + 1, v->tracks_alloc);
	t = &v->tracks[v->ntracks++];
	t->name = dup_or_null(name);
	t->symbol = dup_or_null(symbol);
	t->min = min;
	t->max = max;
	t->value = value;
}

void view_add_card(struct view *v, const char *rank, const char *suit)
{
	struct view_card *c;
	ALLOC_GROW(v->cards, v->ncards + 1, v->cards_alloc);
	c = &v->cards[v->ncards++];
	c->rank = dup_or_null(rank);
	c->suit = dup_or_null(suit);
}

void view_release(struct view *v)
{
	for (size_t i = 0; i < v->ncards; i++) {
		free(v->cards[i].rank);
		free(v->cards[i].suit);
	}
	free(v->cards);
	for (size_t i = 0; i < v->ncells; i++) {
		free(v->cells[i].label);
		free(v->cells[i].caption);
		free(v->cells[i].fill);
	}
	for (size_t i = 0; i < v->npieces; i++) {
		free(v->pieces[i].label);
		free(v->pieces[i].fill);
	}
	for (size_t i = 0; i < v->ntracks; i++) {
		free(v->tracks[i].name);
		free(v->tracks[i].symbol);
	}
	free(v->cells);
	free(v->pieces);
	free(v->lines);
	free(v->tracks);
	free(v->title);
	free(v->unit);
	memset(v, 0, sizeof *v);
}
