/* dp-board.c - Dragon Pants: the hex board, the dens, lines of sight and
 * the map (see dp-int.h).
 *
 * Hexes are flat-topped, in axial coordinates (q, r) with north at
 * decreasing r, as RULINGS.md fixes them: the 37 hexes with
 * max(|q|, |r|, |q + r|) <= 3 and six dens just outside the corners.
 * Players name board hexes by column letter (A-G, west to east) and the
 * hex's place in that column counted from the north (A1-A4 ... D1-D7).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp-int.h"

const struct dp_hex dp_dens[6] = { { 0, -4 }, { 4, -4 }, { 4, 0 },
				   { 0, 4 },  { -4, 4 }, { -4, 0 } };
const char *const dp_den_names[6] = { "N", "NE", "SE", "S", "SW", "NW" };
const char *const dp_dir_names[6] = { "n", "ne", "se", "s", "sw", "nw" };
const struct dp_hex dp_dirs[6] = { { 0, -1 }, { 1, -1 }, { 1, 0 },
				   { 0, 1 },  { -1, 1 }, { -1, 0 } };
/* The diagonals: through the corners of the hexes, so only every second
 * hex along them has its centre on the line. */
static const struct dp_hex diags[6] = { { 2, -1 }, { 1, 1 },  { -1, 2 },
					{ -2, 1 }, { -1, -1 }, { 1, -2 } };

static const struct dp_hex mountains[] = { { 0, 0 }, { -1, -1 }, { 2, -1 }, { -1, 2 } };
static const struct dp_hex waters[] = { { 0, -1 }, { -1, 1 }, { 1, 0 } };
static const struct dp_hex powers[] = { { 1, -2 }, { -2, 1 }, { 1, 1 } };

bool dp_same(struct dp_hex a, struct dp_hex b)
{
	return a.q == b.q && a.r == b.r;
}

static bool in_list(struct dp_hex h, const struct dp_hex *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (dp_same(h, v[i]))
			return true;
	return false;
}

static bool on_board(struct dp_hex h)
{
	return abs(h.q) <= 3 && abs(h.r) <= 3 && abs(h.q + h.r) <= 3;
}

int dp_den_at(struct dp_hex h)
{
	for (int i = 0; i < 6; i++)
		if (dp_same(h, dp_dens[i]))
			return i;
	return -1;
}

enum dp_terrain dp_terrain(struct dp_hex h)
{
	if (dp_den_at(h) >= 0)
		return T_DEN;
	if (!on_board(h))
		return T_OFF;
	if (in_list(h, mountains, ARRAY_SIZE(mountains)))
		return T_MOUNTAIN;
	if (in_list(h, waters, ARRAY_SIZE(waters)))
		return T_WATER;
	if (in_list(h, powers, ARRAY_SIZE(powers)))
		return T_POWER;
	return T_LAND;
}

struct dp_hex dp_step(struct dp_hex h, int dir)
{
	struct dp_hex n = { h.q + dp_dirs[dir].q, h.r + dp_dirs[dir].r };
	return n;
}

int dp_dir_parse(const char *word)
{
	static const char *const long_names[6] = { "north", "northeast", "southeast",
						   "south", "southwest", "northwest" };
	for (int i = 0; i < 6; i++)
		if (!ascii_casecmp(word, dp_dir_names[i]) || !ascii_casecmp(word, long_names[i]))
			return i;
	return -1;
}

int dp_seat_den(int n, int seat)
{
	/* N=0 NE=1 SE=2 S=3 SW=4 NW=5, per RULINGS.md */
	static const int dens[7][6] = {
		{ 0 }, { 0 },
		{ 3, 0 },
		{ 3, 5, 1 },
		{ 3, 4, 0, 1 },
		{ 3, 4, 0, 1, 2 },
		{ 3, 4, 5, 0, 1, 2 },
	};
	if (n < 2 || n > DP_MAXP || seat < 0 || seat >= n)
		BUG("seat %d of %d", seat, n);
	return dens[n][seat];
}

int dp_den_exit_dir(int den)
{
	/* Each den touches only its corner hex: the way back to the middle. */
	static const int exits[6] = { 3, 4, 5, 0, 1, 2 };
	return exits[den];
}

void dp_hex_name(struct dp_hex h, char *buf, size_t len)
{
	int den = dp_den_at(h);
	if (den >= 0) {
		snprintf(buf, len, "the %s den", dp_den_names[den]);
	} else if (on_board(h)) {
		int rmin = -3 - h.q > -3 ? -3 - h.q : -3;
		snprintf(buf, len, "%c%d", 'A' + h.q + 3, h.r - rmin + 1);
	} else {
		snprintf(buf, len, "(%d,%d)", h.q, h.r);
	}
}

int dp_dragon_at(const struct dp_state *s, struct dp_hex h)
{
	for (int p = 0; p < s->n; p++)
		if (!s->pl[p].out && dp_same(s->pl[p].at, h))
			return p;
	return -1;
}

/* Is to = from + k * unit for some k >= 1 of the six units? */
static bool along(struct dp_hex from, struct dp_hex to, const struct dp_hex *units,
		  struct dp_hex *unit, int *k)
{
	for (int i = 0; i < 6; i++)
		for (int n = 1; n <= 8; n++)
			if (from.q + n * units[i].q == to.q && from.r + n * units[i].r == to.r) {
				*unit = units[i];
				*k = n;
				return true;
			}
	return false;
}

bool dp_sight(const struct dp_state *s, int a, int b, enum dp_sight *kind,
	      struct dp_hex *block)
{
	struct dp_hex from = s->pl[a].at, to = s->pl[b].at, unit;
	int k;

	if (along(from, to, dp_dirs, &unit, &k))
		*kind = SIGHT_FLAT;
	else if (along(from, to, diags, &unit, &k))
		*kind = SIGHT_DIAG;
	else {
		*kind = SIGHT_NONE;
		return false;
	}
	for (int i = 1; i < k; i++) {
		struct dp_hex h = { from.q + i * unit.q, from.r + i * unit.r };
		enum dp_terrain t = dp_terrain(h);
		/* A dragon under water lets attacks fly over it; off the
		 * board there is only table, which hides nothing. */
		if (t == T_MOUNTAIN || (t != T_WATER && dp_dragon_at(s, h) >= 0)) {
			*block = h;
			return false;
		}
	}
	return true;
}

/* --- the map ------------------------------------------------------------- */

static char terrain_mark(enum dp_terrain t)
{
	switch (t) {
	case T_MOUNTAIN: return '^';
	case T_WATER: return '~';
	case T_POWER: return '*';
	case T_DEN: return '#';
	default: return '.';
	}
}

static int den_owner(const struct dp_state *s, int den)
{
	for (int p = 0; p < s->n; p++)
		if (s->pl[p].den == den)
			return p;
	return -1;
}

/* Each hex is printed at column q and line 2r + q, so that a column of
 * hexes reads down the page and its neighbours sit half a line up and
 * down in the next columns, as on the table. */
void dp_map_text(const struct game *g, const struct dp_state *s, struct sb *out)
{
	(void)g;
	sb_adds(out, "      A     B     C     D     E     F     G\n");
	for (int y = -8; y <= 8; y++) {
		struct sb line = SB_INIT;
		for (int q = -4; q <= 4; q++) {
			struct dp_hex h;
			char tok[40], name[24];
			int who, den;
			if ((y - q) % 2) {
				sb_adds(&line, "      ");
				continue;
			}
			h.q = q;
			h.r = (y - q) / 2;
			den = dp_den_at(h);
			who = dp_dragon_at(s, h);
			if (den >= 0) {
				int owner = den_owner(s, den);
				snprintf(tok, sizeof tok, "#%c%c%c  ", owner >= 0 ? '1' + owner : '-',
					 who >= 0 ? ':' : ' ', who >= 0 ? '1' + who : ' ');
			} else if (on_board(h)) {
				dp_hex_name(h, name, sizeof name);
				snprintf(tok, sizeof tok, "%s%c%c  ", name, terrain_mark(dp_terrain(h)),
					 who >= 0 ? '1' + who : ' ');
			} else {
				snprintf(tok, sizeof tok, "      ");
			}
			sb_adds(&line, tok);
		}
		while (line.len && line.buf[line.len - 1] == ' ')
			line.buf[--line.len] = '\0';
		sb_addf(out, "%s\n", sb_str(&line));
		sb_release(&line);
	}
	sb_adds(out, "  . land  ^ mountain  ~ water  * power tile  #N den of seat N (#N:M: "
		     "dragon M in it)\n  a digit after a hex: the dragon of that seat; "
		     "north is up: n ne se s sw nw\n");
}

static const char *const seat_colours[DP_MAXP] = { "red", "blue", "green", "yellow",
						   "purple", "black" };

/* The terrain's colours in the picture (power tiles are the common gold). */
static const struct view_colour terrain_colours[] = {
	{ "water", { 0.70, 0.84, 0.96 } },
	{ "grass", { 0.78, 0.90, 0.68 } },
	{ "mountain", { 0.75, 0.72, 0.68 } },
	{ "den", { 0.94, 0.86, 0.76 } },
	{ NULL, { 0, 0, 0 } },
};

static const char *terrain_fill(enum dp_terrain t)
{
	switch (t) {
	case T_MOUNTAIN: return "mountain";
	case T_WATER: return "water";
	case T_POWER: return "gold";
	case T_DEN: return "den";
	default: return "grass";
	}
}

/* The picture is the board as the table has it, north up: flat-topped
 * hexes in columns, column A at the west, each odd column of the picture
 * (B, D, F: q odd) half a hex further south (lib/view.h). */
static void picture_pos(struct dp_hex h, int *col, int *row)
{
	int half = h.q >= 0 ? h.q / 2 : -((1 - h.q) / 2); /* floor(q / 2) */
	*col = h.q + 4;
	*row = h.r + half + 4;
}

/* What the picture's colours and marks stand for, as the PDF's legend. */
static void board_keys(const struct game *g, const struct dp_state *s, struct view *v)
{
	view_add_key(v, "grass", "land");
	view_add_key(v, "mountain", "mountain");
	view_add_key(v, "water", "water");
	view_add_key(v, "gold", "power tile");
	view_add_key(v, "den", "den (its name; den N: the den of seat N)");
	for (int d = 0; d < s->n; d++) {
		char *text = xasprintf("dragon %d: %s", d + 1, g->players[d].name);
		view_add_key(v, seat_colours[d], text);
		free(text);
	}
	view_add_key(v, NULL, "P on a dragon: it wears The Pants");
}

void dp_board_view(const struct game *g, const struct dp_state *s, int p, struct view *v)
{
	int cell_of[9][9];
	v->kind = VIEW_HEXES;
	v->palette = terrain_colours;
	free(v->title);
	v->title = xstrdup("Dragon Pants (north is up)");
	v->cols = v->rows = 9;
	memset(cell_of, -1, sizeof cell_of);
	for (int q = -4; q <= 4; q++)
		for (int r = -4; r <= 4; r++) {
			struct dp_hex h = { q, r };
			enum dp_terrain t = dp_terrain(h);
			struct view_cell *c;
			char name[24], caption[24] = "";
			int col, row;
			if (t == T_OFF)
				continue;
			picture_pos(h, &col, &row);
			if (t == T_DEN) {
				int owner = den_owner(s, dp_den_at(h));
				snprintf(name, sizeof name, "%s", dp_den_names[dp_den_at(h)]);
				if (owner >= 0)
					snprintf(caption, sizeof caption, "den %d", owner + 1);
			} else {
				dp_hex_name(h, name, sizeof name);
			}
			cell_of[col][row] = (int)v->ncells;
			c = view_add_cell(v, col, row, name, *caption ? caption : NULL);
			c->fill = xstrdup(terrain_fill(t));
			/* the hex itself, so a template can draw north up */
			c->x = q;
			c->y = r;
		}
	for (int d = 0; d < s->n; d++) {
		int col, row;
		char label[16];
		if (s->pl[d].out)
			continue;
		picture_pos(s->pl[d].at, &col, &row);
		/* P: it wears The Pants, which the picture must show */
		snprintf(label, sizeof label, "%d%s", d + 1,
			 dp_holds_pants(&s->pl[d]) ? "P" : "");
		view_add_piece(v, cell_of[col][row], label, seat_colours[d]);
	}
	board_keys(g, s, v);
	if (p < 0 || p >= s->n || s->pl[p].out)
		return;
	for (int d = 0; d < s->n; d++) {
		enum dp_sight kind;
		struct dp_hex block;
		int c1, r1, c2, r2;
		if (d == p || s->pl[d].out || !dp_sight(s, p, d, &kind, &block))
			continue;
		/* under water, out of reach, as the text report says */
		if (dp_terrain(s->pl[d].at) == T_WATER)
			continue;
		picture_pos(s->pl[p].at, &c1, &r1);
		picture_pos(s->pl[d].at, &c2, &r2);
		/* solid: flat line (Fireball, Freeze, Tongue); dashed: diagonal
		 * (Shock) */
		view_add_line(v, cell_of[c1][r1], cell_of[c2][r2], kind == SIGHT_DIAG);
	}
}
