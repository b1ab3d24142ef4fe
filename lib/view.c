/* view.c - building views, and the one walk over a view; see view.h. */
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

void view_add_key(struct view *v, const char *fill, const char *text)
{
	struct view_key *k;
	ALLOC_GROW(v->keys, v->nkeys + 1, v->keys_alloc);
	k = &v->keys[v->nkeys++];
	k->fill = dup_or_null(fill);
	k->text = dup_or_null(text);
}

void view_release(struct view *v)
{
	for (size_t i = 0; i < v->nkeys; i++) {
		free(v->keys[i].fill);
		free(v->keys[i].text);
	}
	free(v->keys);
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

/* The names any engine may use: players' colours, a marker's gold. */
static const struct view_colour common[] = {
	{ "gold", { 1.00, 0.89, 0.55 } },   { "red", { 0.93, 0.35, 0.30 } },
	{ "blue", { 0.30, 0.50, 0.90 } },   { "green", { 0.30, 0.70, 0.35 } },
	{ "yellow", { 0.95, 0.85, 0.25 } }, { "purple", { 0.60, 0.40, 0.80 } },
	{ "black", { 0.20, 0.20, 0.20 } },  { "grey", { 0.85, 0.85, 0.85 } },
	{ NULL, { 0, 0, 0 } },
};

static const struct view_colour *colour_in(const struct view_colour *table, const char *name)
{
	for (; table && table->name; table++)
		if (!strcmp(table->name, name))
			return table;
	return NULL;
}

void view_colour(const struct view *v, const char *fill, double rgb[3])
{
	const struct view_colour *c = NULL;
	if (fill && !(c = colour_in(v->palette, fill)))
		c = colour_in(common, fill);
	if (c)
		memcpy(rgb, c->rgb, sizeof c->rgb);
	else
		rgb[0] = rgb[1] = rgb[2] = 1.0;
}

long long view_track_shown(const struct view_track *t, int k, int n)
{
	if (k == n - 1 && t->value > (long long)t->min + n - 1)
		return t->value;
	if (k == 0 && t->value < t->min)
		return t->value;
	return (long long)t->min + k;
}

bool view_map_marks(const struct view *v, double *minor, double *major)
{
	/* Round numbers, with 6 and 12 for inches and feet. */
	static const int steps[] = { 1, 2, 5, 6, 10, 12, 20, 25, 50, 100, 200, 500, 1000 };
	double extent = v->w > v->h ? v->w : v->h;
	size_t i = 0;

	if (v->kind != VIEW_MAP || !v->unit || !(extent > 0))
		return false;
	/* at most 60 lines each way (none on a map too big for that), and
	 * 7 numbered stretches */
	while (extent / steps[i] > 60)
		if (++i == ARRAY_SIZE(steps))
			return false;
	*minor = steps[i];
	while (i < ARRAY_SIZE(steps) - 1 &&
	       (extent / steps[i] > 7 || steps[i] % (int)*minor))
		i++;
	*major = steps[i];
	return true;
}

static const struct view_cell *cell_at(const struct view *v, int i)
{
	if (i < 0 || (size_t)i >= v->ncells)
		BUG("a view's piece or line names cell %d of %zu", i, v->ncells);
	return &v->cells[i];
}

static void walk_part(const struct view *v, enum view_part part, const struct view_walker *w,
		      void *ctx)
{
	if (w->part)
		w->part(ctx, part);
	switch (part) {
	case VIEW_PART_CELLS:
		for (size_t i = 0; w->cell && i < v->ncells; i++)
			w->cell(ctx, i, &v->cells[i]);
		break;
	case VIEW_PART_PIECES:
		for (size_t i = 0; w->piece && i < v->npieces; i++)
			w->piece(ctx, &v->pieces[i], cell_at(v, v->pieces[i].cell));
		break;
	case VIEW_PART_LINES:
		for (size_t i = 0; w->line && i < v->nlines; i++)
			w->line(ctx, &v->lines[i], cell_at(v, v->lines[i].from),
				cell_at(v, v->lines[i].to));
		break;
	case VIEW_PART_TRACKS:
		for (size_t i = 0; w->track && i < v->ntracks; i++)
			w->track(ctx, &v->tracks[i]);
		break;
	case VIEW_PART_CARDS:
		for (size_t i = 0; w->card && i < v->ncards; i++)
			w->card(ctx, &v->cards[i]);
		break;
	case VIEW_PART_KEYS:
		for (size_t i = 0; w->key && i < v->nkeys; i++)
			w->key(ctx, &v->keys[i]);
		break;
	}
}

void view_walk(const struct view *v, enum view_order order, const struct view_walker *w,
	       void *ctx)
{
	static const enum view_part listed[] = { VIEW_PART_CELLS, VIEW_PART_PIECES,
						 VIEW_PART_LINES };
	static const enum view_part map[] = { VIEW_PART_LINES, VIEW_PART_CELLS,
					      VIEW_PART_PIECES };
	static const enum view_part stacked[] = { VIEW_PART_CELLS, VIEW_PART_LINES,
						  VIEW_PART_PIECES };
	const enum view_part *board = order == VIEW_LISTED ? listed
				      : v->kind == VIEW_MAP ? map
							    : stacked;

	if (!w->begin || w->begin(ctx, v))
		for (size_t i = 0; i < ARRAY_SIZE(listed); i++)
			walk_part(v, board[i], w, ctx);
	walk_part(v, VIEW_PART_TRACKS, w, ctx);
	walk_part(v, VIEW_PART_CARDS, w, ctx);
	walk_part(v, VIEW_PART_KEYS, w, ctx);
	if (w->end)
		w->end(ctx);
}
