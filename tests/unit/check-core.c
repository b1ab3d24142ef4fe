/* check-core.c - util, rng, options, sched, password, the walk over a view. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "testutil.h"

#include "hash.h"
#include "options.h"
#include "password.h"
#include "rng.h"
#include "schedule.h"
#include "util.h"
#include "view.h"

START_TEST(pcg32_reference_vector)
{
	/* The reference output of pcg32-demo (seed 42, stream 54). */
	static const uint32_t want[] = { 0xa15c02b7, 0x7b47f409, 0xba1d3330,
					 0x83d2f293, 0xbfa4784b, 0xcbed606e };
	struct rng r;
	rng_seed(&r, 42, 54);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++)
		ck_assert_uint_eq(rng_next(&r), want[i]);
}
END_TEST

START_TEST(rng_bounded_draws_are_uniform)
{
	struct rng r;
	long counts[6] = { 0 };
	double chi = 0;
	const long n = 600000;
	rng_seed(&r, 7, 1);
	for (long i = 0; i < n; i++) {
		int v = rng_range(&r, 1, 6);
		ck_assert(v >= 1 && v <= 6);
		counts[v - 1]++;
	}
	for (int i = 0; i < 6; i++) {
		double d = (double)counts[i] - n / 6.0;
		chi += d * d / (n / 6.0);
	}
	ck_assert_msg(chi < 20.5, "chi-square %f", chi); /* p = 0.001, 5 d.f. */
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_lt(rng_below(&r, 3), 3);
	ck_assert_uint_eq(rng_below(&r, 1), 0);
}
END_TEST

START_TEST(rng_shuffle_permutes_and_round_trips)
{
	struct rng r, s;
	int a[52], seen[52] = { 0 };
	char text[34];
	for (int i = 0; i < 52; i++)
		a[i] = i;
	rng_seed(&r, 1, 2);
	rng_shuffle(&r, a, 52, sizeof *a);
	for (int i = 0; i < 52; i++)
		seen[a[i]]++;
	for (int i = 0; i < 52; i++)
		ck_assert_int_eq(seen[i], 1);
	rng_format(&r, text);
	ck_assert_int_eq(rng_parse(&s, text), 0);
	ck_assert_uint_eq(rng_next(&r), rng_next(&s));
	ck_assert_int_eq(rng_parse(&s, "zz"), -1);
	ck_assert_int_eq(rng_parse(&s, "0000000000000000000000000000000g"), -1);
	ck_assert_int_eq(rng_parse(&s, "00000000000000000000000000000002"), -1); /* even inc */
}
END_TEST

START_TEST(rng_forced_values_come_first)
{
	static const int dice[] = { 6, 6, 1 };
	struct rng r;
	rng_seed(&r, 1, 1);
	r.forced = dice;
	r.nforced = 3;
	ck_assert_int_eq(rng_range(&r, 1, 6), 6);
	ck_assert_int_eq(rng_range(&r, 1, 6), 6);
	ck_assert_int_eq(rng_range(&r, 1, 6), 1);
	ck_assert(rng_range(&r, 1, 6) >= 1);
}
END_TEST

static const struct option_spec specs[] = {
	{ "seats", OPT_INT, "6", 2, 8, NULL, "", NULL },
	{ "fast", OPT_BOOL, "no", 0, 0, NULL, "", NULL },
	{ "mode", OPT_ENUM, "keeper", 0, 0, "keeper|dragon", "", NULL },
	{ "dawn", OPT_CLOCK, "06:00", 0, 0, NULL, "", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

START_TEST(options_defaults_and_validation)
{
	const struct option_spec *tables[] = { specs, NULL };
	const char *ok[] = { "seats=8", "fast=ON", "mode=dragon", "dawn=07:30" };
	const char *bad[] = { "seats=9", "seats=2x", "fast=maybe", "mode=x", "dawn=25:00",
			      "nope=1", "seats" };
	struct option_set set = OPTION_SET_INIT;
	char *err = NULL;

	ck_assert_int_eq(option_set_build(&set, tables, NULL, 0, &err), 0);
	ck_assert_int_eq(option_int(&set, "seats"), 6);
	ck_assert(!option_bool(&set, "fast"));
	option_set_release(&set);
	ck_assert_int_eq(option_set_build(&set, tables, ok, 4, &err), 0);
	ck_assert_int_eq(option_int(&set, "seats"), 8);
	ck_assert_str_eq(option_get(&set, "fast"), "yes");
	ck_assert_str_eq(option_get(&set, "mode"), "dragon");
	ck_assert_int_eq(option_clock(&set, "dawn"), 7 * 60 + 30);
	option_set_release(&set);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		ck_assert_int_eq(option_set_build(&set, tables, &bad[i], 1, &err), -1);
		ck_assert_ptr_nonnull(err);
		free(err);
		err = NULL;
		option_set_release(&set);
	}
}
END_TEST

START_TEST(deadlines_and_local_time)
{
	long long t;
	ck_assert_ptr_null(sched_check_spec("24h"));
	ck_assert_ptr_null(sched_check_spec("0"));
	ck_assert_ptr_null(sched_check_spec("18:00"));
	ck_assert_ptr_nonnull(sched_check_spec("soon"));
	ck_assert_ptr_nonnull(sched_check_spec("24:00"));
	ck_assert_ptr_null(sched_check_tz("Europe/Berlin"));
	ck_assert_ptr_nonnull(sched_check_tz("../../etc/passwd"));
	ck_assert_ptr_nonnull(sched_check_tz("Mars/Olympus"));
	ck_assert(time_parse_iso("2026-11-22T10:00:00Z", &t));
	ck_assert_int_eq(sched_next_deadline("90m", "UTC", t, 0, 0), t + 5400);
	/* 18:00 in Berlin (UTC+1 in November) is 17:00 UTC the same day. */
	ck_assert_int_eq(sched_next_deadline("18:00", "Europe/Berlin", t, 0, 0), t + 7 * 3600);
	/* Sunrise at 06:00 after 10:00 is tomorrow. */
	ck_assert_int_eq(sched_next_local(t, 6 * 60, "UTC"), t + 20 * 3600);
	/* Strictly after: at exactly 06:00 the next sunrise is a day later. */
	ck_assert_int_eq(sched_next_local(t + 20 * 3600, 6 * 60, "UTC"), t + 44 * 3600);
	/* Across the spring change: 2027-03-28 in Berlin has 23 hours. */
	ck_assert(time_parse_iso("2027-03-27T05:00:00Z", &t)); /* 06:00 CET */
	ck_assert_int_eq(sched_next_local(t, 6 * 60, "Europe/Berlin"), t + 23 * 3600);
}
END_TEST

/* Deadlines keep to their schedule (issue 13): no drift, weekdays, DST. */
START_TEST(deadlines_keep_their_schedule)
{
	long long t, d;
	ck_assert_ptr_null(sched_check_spec("1w"));
	ck_assert_ptr_null(sched_check_spec("tue,fri 18:00"));
	ck_assert_ptr_null(sched_check_spec("mon-fri 09:30"));
	ck_assert_ptr_null(sched_check_spec("Saturday 12:00"));
	ck_assert_ptr_null(sched_check_spec("fri-mon 20:00"));
	ck_assert_ptr_nonnull(sched_check_spec("tue,fri"));
	ck_assert_ptr_nonnull(sched_check_spec("tue,,fri 18:00"));
	ck_assert_ptr_nonnull(sched_check_spec("tu 18:00"));
	ck_assert_ptr_nonnull(sched_check_spec("tue 25:00"));
	ck_assert_ptr_nonnull(sched_check_spec("holiday 18:00"));
	/* 2026-11-23 is a Monday. */
	ck_assert(time_parse_iso("2026-11-23T09:00:00Z", &t));
	/* A run a minute late: the next deadline is still 09:00 tomorrow. */
	ck_assert_int_eq(sched_next_deadline("24h", "UTC", t + 60, t, 0), t + 86400);
	/* Late by more than a whole interval: the next step still ahead. */
	ck_assert_int_eq(sched_next_deadline("24h", "UTC", t + 86400 + 5, t, 0), t + 2 * 86400);
	/* Early (everyone sent orders): the interval starts again. */
	ck_assert_int_eq(sched_next_deadline("24h", "UTC", t - 3 * 3600, t, 0), t + 21 * 3600);
	/* Every run. */
	ck_assert_int_eq(sched_next_deadline("0", "UTC", t + 7, t, 0), t + 7);
	/* Tuesdays and Fridays 18:00 UTC from Monday 09:00: Tuesday 18:00,
	 * then Friday, then the next Tuesday. */
	d = sched_next_deadline("tue,fri 18:00", "UTC", t, 0, 0);
	ck_assert_int_eq(d, t + 33 * 3600);
	d = sched_next_deadline("tue,fri 18:00", "UTC", d + 30, d, 0);
	ck_assert_int_eq(d, t + (3 * 24 + 9 + 24) * 3600);
	d = sched_next_deadline("tue,fri 18:00", "UTC", d, d, 0);
	ck_assert_int_eq(d, t + (8 * 24 + 9) * 3600);
	/* An early turn on a calendar: the first slot min_gap after it.  A
	 * turn played a minute before Tuesday 18:00 must not leave the next
	 * one a minute: with a day's gap, Friday. */
	const long long day = 86400;
	ck_assert_int_eq(sched_next_deadline("tue,fri 18:00", "UTC", t + 33 * 3600 - 60,
					     t + 33 * 3600, day),
			 t + (4 * 24 + 9) * 3600);
	/* Played early on Monday 09:00 (Tuesday's turn): Tuesday 18:00 again,
	 * not Friday; three early turns in a row stay there, where the slot
	 * after the deadline beaten each time went on to the next Friday. */
	d = t + 33 * 3600;
	for (int i = 0; i < 3; i++)
		d = sched_next_deadline("tue,fri 18:00", "UTC", t + i * 60, d, day);
	ck_assert_int_eq(d, t + 33 * 3600);
	/* With no gap, the next slot after now: Tuesday 18:00 as well. */
	ck_assert_int_eq(sched_next_deadline("tue,fri 18:00", "UTC", t, t + 33 * 3600, 0),
			 t + 33 * 3600);
	/* Weekdays 09:30 from Friday 10:00: Monday. */
	ck_assert(time_parse_iso("2026-11-27T10:00:00Z", &t));
	ck_assert_int_eq(sched_next_deadline("mon-fri 09:30", "UTC", t, 0, 0),
			 t + 3 * 86400 - 1800);
	/* Sundays 18:00 in Berlin across the autumn change (2027-10-31): the
	 * week before is a CEST Sunday, 16:00 UTC; the next one is CET, 17:00
	 * UTC, 7 days and an hour later. */
	ck_assert(time_parse_iso("2027-10-24T16:00:00Z", &t));
	ck_assert_int_eq(sched_next_deadline("sun 18:00", "Europe/Berlin", t, t, 0),
			 t + 7 * 86400 + 3600);
	/* Daily 18:00 across the spring change (2027-03-28: 23 hours). */
	ck_assert(time_parse_iso("2027-03-27T17:00:00Z", &t));
	ck_assert_int_eq(sched_next_deadline("18:00", "Europe/Berlin", t, t, 0), t + 23 * 3600);
}
END_TEST

START_TEST(passwords_hash_and_verify)
{
	char *err = NULL, *pw = password_generate(&err), *h, *h2;
	ck_assert_ptr_nonnull(pw);
	ck_assert_uint_eq(strlen(pw), 12);
	h = password_hash(pw, &err);
	h2 = password_hash(pw, &err);
	ck_assert(!strncmp(h, "pbkdf2-sha256$100000$", 21));
	ck_assert_str_ne(h, h2); /* salted */
	ck_assert(password_verify(pw, h));
	ck_assert(!password_verify("wrong", h));
	ck_assert(!password_verify(pw, "plain"));
	ck_assert(!password_verify(pw, "pbkdf2-sha256$x$y$z"));
	ck_assert(strstr(h, pw) == NULL);
	free(pw);
	free(h);
	free(h2);
}
END_TEST

/* One PBKDF2 per (player, stored hash, password) a run, and the same one
 * for a name that is no player, so a reply's timing tells nothing. */
START_TEST(password_checks_cost_one_derivation_each)
{
	struct password_cache pc = PASSWORD_CACHE_INIT;
	char *err = NULL, *h = password_hash("s3cret", &err), *h2 = password_hash("s3cret", &err);
	unsigned long d0 = password_derivations();

	ck_assert(password_check(&pc, "ann", "s3cret", h));
	ck_assert_uint_eq(password_derivations(), d0 + 1);
	ck_assert(password_check(&pc, "ann", "s3cret", h)); /* the same mail again */
	ck_assert(!password_check(&pc, "ann", "guess", h));
	ck_assert(!password_check(&pc, "ann", "guess", h));
	ck_assert_uint_eq(password_derivations(), d0 + 2);
	ck_assert(password_check(&pc, "ann", "s3cret", h2)); /* a new hash: checked anew */
	ck_assert_uint_eq(password_derivations(), d0 + 3);
	/* Nobody called zed: a derivation, like anyone's, and never a match. */
	ck_assert(!password_check(&pc, "zed", "s3cret", NULL));
	ck_assert_uint_eq(password_derivations(), d0 + 4);
	ck_assert(!password_check(&pc, "zed", "s3cret", NULL));
	ck_assert(!password_check(&pc, "bob", "s3cret", NULL)); /* another name: its own */
	ck_assert_uint_eq(password_derivations(), d0 + 5);
	ck_assert(!password_check(&pc, "ann", "", h));
	password_cache_release(&pc);
	ck_assert_uint_eq(pc.n, 0);
	/* A cache gone, each check costs again. */
	ck_assert(password_check(&pc, "ann", "s3cret", h));
	ck_assert_uint_eq(password_derivations(), d0 + 7);
	password_cache_release(&pc);
	free(h);
	free(h2);
}
END_TEST

START_TEST(edit_distances)
{
	ck_assert_uint_eq(str_distance("", ""), 0);
	ck_assert_uint_eq(str_distance("join", "JOIN"), 0);
	ck_assert_uint_eq(str_distance("jion", "join"), 1);     /* a swap */
	ck_assert_uint_eq(str_distance("stauts", "status"), 1);
	ck_assert_uint_eq(str_distance("mnd", "mind"), 1);      /* a letter left out */
	ck_assert_uint_eq(str_distance("leavee", "leave"), 1);
	ck_assert_uint_eq(str_distance("kitten", "sitting"), 3);
	ck_assert_uint_eq(str_distance("", "play"), 4);
	ck_assert_uint_eq(str_distance("ca", "abc"), 3);        /* OSA, not Damerau */
}
END_TEST

START_TEST(small_parsers)
{
	long long v;
	char s[] = "  \tleave \r\n";
	ck_assert(parse_int("12", 0, 20, &v) && v == 12);
	ck_assert(!parse_int("12x", 0, 20, &v));
	ck_assert(!parse_int("", 0, 20, &v));
	ck_assert(!parse_int("21", 0, 20, &v));
	ck_assert(!parse_int(" 1", 0, 20, &v));
	ck_assert_str_eq(str_trim(s), "leave");
	ck_assert_str_eq(str_stop("no game 'x'"), ".");
	ck_assert_str_eq(str_stop("did you mean 'bob'?"), "");
	ck_assert_str_eq(str_stop("done."), "");
	ck_assert_str_eq(str_stop(""), ".");
	ck_assert(ident_ok("g1") && ident_ok("ann-2") && !ident_ok("../x") && !ident_ok("") &&
		  !ident_ok("-x") && !ident_ok("a b"));
	ck_assert(time_parse_iso("2026-01-02T03:04:05Z", &v));
	{
		char *iso = time_format_iso(v);
		ck_assert_str_eq(iso, "2026-01-02T03:04:05Z");
		free(iso);
	}
	ck_assert(!time_parse_iso("2026-01-02 03:04:05", &v));
	/* Only what is written back the same way: 1970 to 9999 (a year 282
	 * came back as "282-...", which the state's grammar refuses). */
	ck_assert(time_parse_iso("1970-01-01T00:00:00Z", &v) && v == 0);
	ck_assert(time_parse_iso("9999-12-31T23:59:59Z", &v));
	{
		char *iso = time_format_iso(v);
		ck_assert_str_eq(iso, "9999-12-31T23:59:59Z");
		free(iso);
	}
	ck_assert(!time_parse_iso("0282-06-02T20:26:40Z", &v));
	ck_assert(!time_parse_iso("1969-12-31T23:59:59Z", &v));
	ck_assert(!time_parse_iso("10000-01-01T00:00:00Z", &v));
}
END_TEST

/* sb_addf appends exactly what snprintf makes, whatever the room left at
 * the buffer's end: short and long results, and every length around the
 * point where the first attempt no longer fits. */
START_TEST(string_buffers_format_any_length)
{
	char text[301], want[700];
	memset(text, 'x', sizeof text - 1);
	text[300] = '\0';
	for (int pre = 0; pre < 100; pre += 7)
		for (int m = 0; m <= 300; m++) {
			struct sb sb = SB_INIT;
			sb_add(&sb, text, (size_t)pre);
			sb_addf(&sb, "<%.*s|%d>", m, text, m);
			snprintf(want, sizeof want, "%.*s<%.*s|%d>", pre, text, m, text, m);
			ck_assert_str_eq(sb_str(&sb), want);
			ck_assert_uint_eq(sb.len, strlen(want));
			sb_release(&sb);
		}
}
END_TEST

START_TEST(hex_both_ways)
{
	static const unsigned char bytes[] = { 0x00, 0x0f, 0xa5, 0xff };
	struct sb sb = SB_INIT;
	sb_add_hex(&sb, bytes, sizeof bytes);
	ck_assert_str_eq(sb_str(&sb), "000fa5ff");
	sb_release(&sb);
	ck_assert_int_eq(hex_digit('0'), 0);
	ck_assert_int_eq(hex_digit('9'), 9);
	ck_assert_int_eq(hex_digit('a'), 10);
	ck_assert_int_eq(hex_digit('F'), 15);
	ck_assert_int_eq(hex_digit('g'), -1);
	ck_assert_int_eq(hex_digit('G'), -1);
	ck_assert_int_eq(hex_digit('@'), -1);
	ck_assert_int_eq(hex_digit('`'), -1);
	ck_assert_int_eq(hex_digit((char)0xc1), -1);
	/* FIPS 180-2's example, whole and cut short. */
	char *h = sha256_hex("abc", 3, 32);
	ck_assert_str_eq(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	free(h);
	h = sha256_hex("abc", 3, 6);
	ck_assert_str_eq(h, "ba7816bf8f01");
	free(h);
}
END_TEST

/* --- the walk over a view: what each back end is called with, in order */

static void note(void *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(void *ctx, const char *fmt, ...)
{
	struct sb *log = ctx;
	va_list ap;
	va_start(ap, fmt);
	sb_vaddf(log, fmt, ap);
	va_end(ap);
}

static bool board_too;

static bool log_begin(void *ctx, const struct view *v)
{
	note(ctx, "begin %s|", v->title);
	return board_too;
}

static void log_part(void *ctx, enum view_part part)
{
	note(ctx, "%c:", "cpltky"[part]);
}

static void log_cell(void *ctx, size_t i, const struct view_cell *c)
{
	note(ctx, "cell%zu %s|", i, c->label);
}

static void log_piece(void *ctx, const struct view_piece *p, const struct view_cell *on)
{
	note(ctx, "piece %s on %s|", p->label, on->label);
}

static void log_line(void *ctx, const struct view_line *l, const struct view_cell *from,
		     const struct view_cell *to)
{
	note(ctx, "line %s-%s%s|", from->label, to->label, l->dashed ? " dashed" : "");
}

static void log_track(void *ctx, const struct view_track *t)
{
	note(ctx, "track %s|", t->name);
}

static void log_card(void *ctx, const struct view_card *c)
{
	note(ctx, "card %s|", c->rank);
}

static void log_key(void *ctx, const struct view_key *k)
{
	note(ctx, "key %s %s|", k->fill ? k->fill : "-", k->text);
}

static void log_end(void *ctx)
{
	note(ctx, "end");
}

static char *walked(const struct view *v, enum view_order order, bool board)
{
	static const struct view_walker all = {
		.begin = log_begin, .part = log_part, .cell = log_cell, .piece = log_piece,
		.line = log_line, .track = log_track, .card = log_card, .key = log_key,
		.end = log_end,
	};
	struct sb log = SB_INIT;
	board_too = board;
	view_walk(v, order, &all, &log);
	return sb_detach(&log);
}

START_TEST(view_walk_orders)
{
	struct view v;
	char *got;
	view_init(&v, VIEW_HEXES, "t");
	view_add_cell(&v, 0, 0, "a", NULL);
	view_add_cell(&v, 1, 0, "b", NULL);
	view_add_piece(&v, 1, "P", NULL);
	view_add_line(&v, 0, 1, 1);
	view_add_track(&v, "T", NULL, 0, 3, 1);
	view_add_card(&v, "K", "spades");
	view_add_key(&v, "gold", "G");
	view_add_key(&v, NULL, "N");

	got = walked(&v, VIEW_LISTED, true);
	ck_assert_str_eq(got, "begin t|c:cell0 a|cell1 b|p:piece P on b|l:line a-b dashed|"
			      "t:track T|k:card K|y:key gold G|key - N|end");
	free(got);
	/* A picture: the lines over the hexes, the pieces on top. */
	got = walked(&v, VIEW_STACKED, true);
	ck_assert_str_eq(got, "begin t|c:cell0 a|cell1 b|l:line a-b dashed|p:piece P on b|"
			      "t:track T|k:card K|y:key gold G|key - N|end");
	free(got);
	/* No board to draw: the tracks and cards all the same. */
	got = walked(&v, VIEW_STACKED, false);
	ck_assert_str_eq(got, "begin t|t:track T|k:card K|y:key gold G|key - N|end");
	free(got);
	/* A map's lines lie under the boxes they join. */
	v.kind = VIEW_MAP;
	got = walked(&v, VIEW_STACKED, true);
	ck_assert_str_eq(got, "begin t|l:line a-b dashed|c:cell0 a|cell1 b|p:piece P on b|"
			      "t:track T|k:card K|y:key gold G|key - N|end");
	free(got);
	/* A part is announced even when it has nothing. */
	view_release(&v);
	view_init(&v, VIEW_GRID, "e");
	got = walked(&v, VIEW_LISTED, true);
	ck_assert_str_eq(got, "begin e|c:p:l:t:k:y:end");
	free(got);
	view_release(&v);
}
END_TEST

START_TEST(view_track_boxes)
{
	struct view_track t = { "T", NULL, 1, 10, 5 };
	ck_assert_int_eq(view_track_shown(&t, 0, 10), 1);
	ck_assert_int_eq(view_track_shown(&t, 4, 10), 5);
	/* A value past the boxes drawn shows in the end box it passed. */
	t.value = 12;
	ck_assert_int_eq(view_track_shown(&t, 5, 6), 12);
	ck_assert_int_eq(view_track_shown(&t, 4, 6), 5);
	t.value = -3;
	ck_assert_int_eq(view_track_shown(&t, 0, 6), -3);
	ck_assert_int_eq(view_track_shown(&t, 1, 6), 2);
}
END_TEST

START_TEST(view_map_marks_read_positions)
{
	struct view v;
	double minor = 0, major = 0;
	view_init(&v, VIEW_MAP, NULL);
	v.w = v.h = 36;
	/* not to scale: no marks */
	ck_assert(!view_map_marks(&v, &minor, &major));
	v.unit = xstrdup("in");
	/* City of Glass's table: every inch, numbered every 6 */
	ck_assert(view_map_marks(&v, &minor, &major));
	ck_assert(minor == 1 && major == 6);
	/* a line every 5 units on a map of 100 by 300, numbered every 50 */
	v.w = 100, v.h = 300;
	ck_assert(view_map_marks(&v, &minor, &major));
	ck_assert(minor == 5 && major == 50);
	/* too big for 60 lines of any step: none */
	v.w = 1e6;
	ck_assert(!view_map_marks(&v, &minor, &major));
	v.kind = VIEW_GRID;
	v.w = 36;
	ck_assert(!view_map_marks(&v, &minor, &major));
	view_release(&v);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, pcg32_reference_vector);
	tcase_add_test(tc, rng_bounded_draws_are_uniform);
	tcase_add_test(tc, rng_shuffle_permutes_and_round_trips);
	tcase_add_test(tc, rng_forced_values_come_first);
	tcase_add_test(tc, options_defaults_and_validation);
	tcase_add_test(tc, deadlines_and_local_time);
	tcase_add_test(tc, deadlines_keep_their_schedule);
	tcase_add_test(tc, passwords_hash_and_verify);
	tcase_add_test(tc, password_checks_cost_one_derivation_each);
	tcase_add_test(tc, edit_distances);
	tcase_add_test(tc, small_parsers);
	tcase_add_test(tc, string_buffers_format_any_length);
	tcase_add_test(tc, hex_both_ways);
	tcase_add_test(tc, view_walk_orders);
	tcase_add_test(tc, view_track_boxes);
	tcase_add_test(tc, view_map_marks_read_positions);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
