/* check-sched.c - the scheduler over a real campaign directory: early
 * processing, deadlines, NMRs, dropping, holding, rollback; with the
 * counter test game, which waits for every player.  And local time
 * (lib/tz.c, lib/schedule.c) against glibc's localtime(), the oracle:
 * thirty zones, every change of their clocks from 1970 to 2100 and the
 * second either side, both ways, with tz.h's own reading of gaps and
 * folds where glibc's mktime() answers by its guess of the moment. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <check.h>

#include "campaign.h"
#include "engine.h"
#include "fsutil.h"
#include "rollback.h"
#include "run.h"
#include "schedule.h"
#include "submit.h"
#include "testutil.h"
#include "turn.h"
#include "tz.h"

#define T0 1800000000LL

static char *dir;
static struct campaign c;

static void setup(void)
{
	char tmpl[] = "/tmp/wp-sched-XXXXXX";
	char *err = NULL;
	struct new_player pl[] = { { "ann", "ann@example.org", "pa" },
				   { "bob", "bob@example.org", "pb" },
				   { "cat", "cat@example.org", "pc" } };
	const char *opts[] = { "deadline=24h", "nmr-drop=2", "target=100", "hold=yes",
			       "remind=6" };
	struct new_game ng = { "g1", "counter", true, 9, opts, 5, pl, 3, NULL, NULL };
	struct strlist gen = STRLIST_INIT;

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	ck_assert_int_eq(campaign_init(dir, "gm@example.org", NULL, &err), 0);
	ck_assert_int_eq(campaign_open(&c, dir, T0, &err), 0);
	ck_assert_msg(campaign_new_game(&c, &ng, &gen, &err) == 0, "%s", err);
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	campaign_close(&c);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	free(dir);
}

static int submit(const char *player, const char *pw, const char *orders)
{
	char *text = xasprintf("game g1\nplayer %s\npassword %s\n%s\n", player, pw, orders);
	struct submit_result r;
	char *err = NULL;
	int rc = campaign_submit(&c, text, strlen(text), &r, &err);
	submit_result_release(&r);
	free(err);
	free(text);
	return rc;
}

static struct game load(void)
{
	struct game g;
	char *err = NULL;
	ck_assert_msg(campaign_load_game(&c, "g1", &g, &err) == 0, "%s", err);
	return g;
}

static size_t run(void)
{
	struct run_result r;
	ck_assert_int_eq(campaign_run(&c, 0, NULL, NULL, &r), WP_OK);
	run_result_release(&r);
	return r.processed;
}

static bool outbox_has(const char *key)
{
	char *p = xasprintf("%s/outbox/new/%s.eml", dir, key);
	bool b = fs_exists(p);
	free(p);
	return b;
}

static bool game_file_exists(const char *rest)
{
	char *p = campaign_game_path(&c, "g1", rest);
	bool b = fs_exists(p);
	free(p);
	return b;
}

START_TEST(not_due_until_all_sent_or_deadline)
{
	struct game g;
	c.now = T0 + 3600;
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 3"), WP_OK);
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("cat", "pc", "add 1"), WP_OK);
	ck_assert_uint_eq(run(), 1); /* everyone is in: early */
	g = load();
	ck_assert_int_eq(g.turn, 2);
	ck_assert_int_eq(g.deadline, T0 + 3600 + 86400);
	game_release(&g);
	ck_assert(outbox_has("g1-0001-report-ann"));
	ck_assert(game_file_exists("reports/0001/public.txt"));
	ck_assert(game_file_exists("turns/0001.xml"));
}
END_TEST

START_TEST(wanted_players_never_hold_a_turn_nor_count_as_missing)
{
	struct new_player pl[] = { { "ann", "ann@example.org", "pa" },
				   { "bob", "bob@example.org", "pb" } };
	const char *opts[] = { "deadline=24h", "solo=yes", "hold=no" };
	struct new_game ng = { "g2", "counter", true, 9, opts, 3, pl, 2, NULL, NULL };
	struct strlist gen = STRLIST_INIT;
	struct game g;
	char *err = NULL, *text;
	struct submit_result r;

	ck_assert_msg(campaign_new_game(&c, &ng, &gen, &err) == 0, "%s", err);
	text = xstrdup("game g2\nplayer ann\npassword pa\nadd 2\n");
	ck_assert_int_eq(campaign_submit(&c, text, strlen(text), &r, &err), WP_OK);
	submit_result_release(&r);
	free(text);
	c.now = T0 + 3600;
	ck_assert_uint_eq(run(), 1); /* ann is ready; bob is only wanted */
	c.now = T0 + 3600 + 86400;
	ck_assert_uint_eq(run(), 1); /* the deadline: bob's silence is no NMR */
	ck_assert_msg(campaign_load_game(&c, "g2", &g, &err) == 0, "%s", err);
	ck_assert_int_eq(g.players[1].nmr, 0);
	ck_assert_int_eq(g.players[0].nmr, 1);
	game_release(&g);
}
END_TEST

/* A refused line, or `wait`, holds the early turn; a mail all accepted,
 * or `ready`, releases it; a mail of commands only changes nothing. */
START_TEST(refused_line_or_wait_holds_the_early_turn)
{
	struct game g;
	c.now = T0 + 3600;
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 3"), WP_OK);
	ck_assert_int_eq(submit("cat", "pc", "add 1\nadd 9"), WP_OK);
	ck_assert_uint_eq(run(), 0); /* cat's 'add 9' was refused */
	ck_assert_int_eq(submit("cat", "pc", "status"), WP_OK);
	ck_assert_uint_eq(run(), 0); /* commands alone change nothing */
	ck_assert_int_eq(submit("cat", "pc", "add 1"), WP_OK);
	ck_assert_int_eq(submit("ann", "pa", "wait"), WP_OK);
	ck_assert_uint_eq(run(), 0); /* ann waits */
	ck_assert_int_eq(submit("ann", "pa", "ready"), WP_OK);
	ck_assert_uint_eq(run(), 1);
	g = load();
	ck_assert_int_eq(g.turn, 2);
	game_release(&g);
	/* Turn 2: `ready` lets the accepted lines of a half-refused mail
	 * stand; the deadline plays them without it. */
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 3"), WP_OK);
	ck_assert_int_eq(submit("cat", "pc", "add 3\nadd 0"), WP_OK);
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("cat", "pc", "ready"), WP_OK);
	ck_assert_uint_eq(run(), 1);
	/* Turn 3: the deadline plays a held player's accepted line. */
	ck_assert_int_eq(submit("cat", "pc", "add 2\nwait"), WP_OK);
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 1"), WP_OK);
	ck_assert_uint_eq(run(), 0);
	g = load();
	c.now = g.deadline;
	game_release(&g);
	ck_assert_uint_eq(run(), 1);
	g = load();
	ck_assert_int_eq(g.turn, 4);
	ck_assert_int_eq(g.players[2].nmr, 0); /* cat's add 2 was played */
	game_release(&g);
}
END_TEST

START_TEST(later_submission_replaces_and_wrong_turn_refused)
{
	char *p, *buf, *err = NULL;
	size_t len;
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("ann", "pa", "add 3"), WP_OK);
	p = campaign_orders_path(&c, "g1", 1, "ann");
	ck_assert_int_eq(fs_read_file(p, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "add 3\n");
	free(buf);
	/* All rejected: earlier orders stand. */
	ck_assert_int_eq(submit("ann", "pa", "add 9"), WP_OK);
	ck_assert_int_eq(fs_read_file(p, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "add 3\n");
	free(buf);
	free(p);
	ck_assert_int_eq(submit("ann", "nope", "add 1"), WP_ERR_NOPERM);
	ck_assert_int_eq(submit("zed", "pa", "add 1"), WP_ERR_NOPERM);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0); /* 2 of 3 missing: held */
	ck_assert_int_eq(submit("ann", "pa", "turn 2\nadd 1"), WP_ERR_DATA);
}
END_TEST

START_TEST(nmr_counted_then_dropped)
{
	struct game g;
	/* ann and bob send, cat never does: 1 of 3 missing is not a hold. */
	for (int t = 1; t <= 2; t++) {
		ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
		ck_assert_int_eq(submit("bob", "pb", "add 1"), WP_OK);
		c.now = T0 + t * 86400;
		ck_assert_uint_eq(run(), 1);
		g = load();
		ck_assert_int_eq(g.players[2].nmr, t);
		ck_assert_int_eq(g.players[2].dropped, t == 2);
		ck_assert_int_eq(g.players[0].nmr, 0);
		game_release(&g);
	}
	/* cat is no longer awaited: two orders make the turn early. */
	ck_assert_int_eq(submit("cat", "pc", "add 1"), WP_ERR_DATA);
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 1"), WP_OK);
	ck_assert_uint_eq(run(), 1);
}
END_TEST

START_TEST(held_when_most_miss_until_forced)
{
	struct game g;
	struct turn_result tr;
	char *err = NULL;
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0);
	g = load();
	ck_assert_int_eq(g.status, GAME_HELD);
	ck_assert_int_eq(g.turn, 1);
	ck_assert_int_eq(g.players[1].nmr, 0); /* nothing counted while held */
	game_release(&g);
	ck_assert(outbox_has("g1-0001-held"));
	c.now += 3600;
	ck_assert_uint_eq(run(), 0); /* still held, told once */
	/* Each player is told too: why, and until when. */
	ck_assert(outbox_has("g1-0001-held-ann") && outbox_has("g1-0001-held-bob") &&
		  outbox_has("g1-0001-held-cat"));
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_int_eq(tr.outcome, TURN_DONE);
	g = load();
	ck_assert_int_eq(g.status, GAME_ACTIVE);
	ck_assert_int_eq(g.turn, 2);
	ck_assert_int_eq(g.players[1].nmr, 1);
	game_release(&g);
}
END_TEST

/* A held turn plays itself once the orders it waited for have come. */
START_TEST(held_until_the_missing_orders_come)
{
	struct game g;
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("bob", "pb", "add 2"), WP_OK);
	c.now += 60;
	ck_assert_uint_eq(run(), 0); /* cat still missing */
	ck_assert_int_eq(submit("cat", "pc", "add 3"), WP_OK);
	c.now += 60;
	ck_assert_uint_eq(run(), 1);
	g = load();
	ck_assert_int_eq(g.status, GAME_ACTIVE);
	ck_assert_int_eq(g.turn, 2);
	game_release(&g);
}
END_TEST

/* Option remind: 6 hours before the deadline, once, to those missing. */
START_TEST(reminders_once_to_those_missing)
{
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400 - 6 * 3600 - 60;
	run();
	ck_assert(!outbox_has("g1-0001-remind-bob")); /* not yet */
	c.now += 120;
	ck_assert_uint_eq(run(), 0);
	ck_assert(outbox_has("g1-0001-remind-bob") && outbox_has("g1-0001-remind-cat"));
	ck_assert(!outbox_has("g1-0001-remind-ann")); /* she sent hers */
	{
		/* Once: gone from the outbox (as if sent), it is not sent again. */
		char *p = xasprintf("%s/outbox/new/g1-0001-remind-bob.eml", dir);
		ck_assert_int_eq(unlink(p), 0);
		free(p);
	}
	c.now += 3600;
	run();
	ck_assert(!outbox_has("g1-0001-remind-bob"));
}
END_TEST

START_TEST(dry_run_writes_nothing_and_rollback_restores)
{
	struct turn_result tr;
	struct game g;
	char *err = NULL, *before, *after;
	size_t len;
	char *path = campaign_game_path(&c, "g1", "game.xml");
	int restored;

	ck_assert_int_eq(fs_read_file(path, &before, &len, &err), 0);
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_DRY_RUN | TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_ptr_nonnull(tr.public_report);
	ck_assert_ptr_nonnull(strstr(tr.public_report, "total"));
	free(tr.public_report);
	ck_assert_int_eq(fs_read_file(path, &after, &len, &err), 0);
	ck_assert_str_eq(before, after);
	free(after);
	ck_assert(!outbox_has("g1-0001-report-ann"));
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	g = load();
	ck_assert_int_eq(g.turn, 3);
	game_release(&g);
	ck_assert_int_eq(campaign_rollback(&c, "g1", 1, &restored, &err), WP_OK);
	ck_assert_int_eq(restored, 1);
	ck_assert_int_eq(fs_read_file(path, &after, &len, &err), 0);
	ck_assert_str_eq(before, after);
	free(after);
	ck_assert_int_eq(campaign_rollback(&c, "g1", 1, &restored, &err), WP_ERR_NOTFOUND);
	free(err);
	free(before);
	free(path);
}
END_TEST

/* --- local time against glibc ------------------------------------------- */

/* Only here, single-threaded, is the process's TZ set: glibc under
 * TZ=NAME (and TZDIR=DIR) is the oracle. */
static void oracle_zone(const char *zone_dir, const char *name)
{
	if (zone_dir)
		ck_assert_int_eq(setenv("TZDIR", zone_dir, 1), 0);
	else
		ck_assert_int_eq(unsetenv("TZDIR"), 0);
	ck_assert_int_eq(setenv("TZ", name, 1), 0);
	tzset();
}

static void oracle_local(long long t, struct tm *tm)
{
	time_t tt = (time_t)t;
	if (!localtime_r(&tt, tm))
		ck_abort_msg("glibc has no local time for %lld", t);
}

static char *tm_text(const struct tm *tm)
{
	return xasprintf("%d-%02d-%02d %02d:%02d:%02d wday %d yday %d dst %d %+ld %s",
			 tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday, tm->tm_hour,
			 tm->tm_min, tm->tm_sec, tm->tm_wday, tm->tm_yday, tm->tm_isdst,
			 tm->tm_gmtoff, tm->tm_zone);
}

static void tm_same(const struct tm *mine, const struct tm *libc, const char *zone,
		    const char *what, long long t)
{
	char *a = tm_text(mine), *b = tm_text(libc);
	/* Not ck_assert: Check writes to a pipe for each, and there are
	 * millions here. */
	if (strcmp(a, b))
		ck_abort_msg("%s, %s %lld: %s, glibc %s", zone, what, t, a, b);
	free(a);
	free(b);
}

/* The test's own zone files (own_zones_make), beside the system's. */
static char *own_dir;

struct zone_case {
	bool own; /* in own_dir, else the system's */
	const char *name;
};

/* Where glibc answers otherwise, on purpose (tz_where_glibc_differs): the
 * days about a new year (UTC) of two TZ strings, whose changes it takes
 * from the UTC year alone; the instants before a file's first
 * transition, for which it takes the first type of standard time where
 * RFC 8536 says type 0. */
static const struct {
	const char *name;
	long long before;
	bool new_year;
} glibc_differs[] = {
	{ "EST5EDT,0/0,J365/25", 0, true },
	{ "EAS-13EAD,J1/1,J365/23", 0, true },
	{ "Test/Built", 1000000000LL, false },
};

/* Is glibc's answer at t, or for a wall time near t, to be ours too? */
static bool glibc_agrees(const struct zone_case *zc, long long t)
{
	struct tm u;
	time_t tt = (time_t)t;

	for (size_t i = 0; i < ARRAY_SIZE(glibc_differs); i++) {
		if (strcmp(zc->name, glibc_differs[i].name))
			continue;
		ck_assert_ptr_nonnull(gmtime_r(&tt, &u));
		if (glibc_differs[i].new_year && (u.tm_yday < 3 || u.tm_yday > 361))
			return false;
		return t >= glibc_differs[i].before + 3 * 86400;
	}
	return true;
}

static const char *zone_dir(const struct zone_case *zc)
{
	return zc->own ? own_dir : NULL;
}

static void put_be(struct sb *b, long long v, int width)
{
	for (int i = width - 1; i >= 0; i--)
		sb_addc(b, (char)(unsigned char)((unsigned long long)v >> (8 * i)));
}

struct mini_type {
	long offset;
	int isdst;
	const char *abbr;
};

/* A TZif data block, version 1 (width 4) or 2 (width 8), with no leap
 * seconds. */
static void tzif_block(struct sb *b, int width, const struct mini_type *types, size_t ntypes,
		       const long long *trans, const unsigned char *idx, size_t ntrans)
{
	struct sb chars = SB_INIT;
	size_t at[8];
	for (size_t i = 0; i < ntypes; i++) {
		at[i] = chars.len;
		sb_add(&chars, types[i].abbr, strlen(types[i].abbr) + 1);
	}
	sb_add(b, "TZif2", 5);
	sb_add(b, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 15);
	for (int i = 0; i < 3; i++) /* isut, isstd, leap */
		put_be(b, 0, 4);
	put_be(b, (long long)ntrans, 4);
	put_be(b, (long long)ntypes, 4);
	put_be(b, (long long)chars.len, 4);
	for (size_t i = 0; i < ntrans; i++)
		put_be(b, trans[i], width);
	sb_add(b, (const char *)idx, ntrans);
	for (size_t i = 0; i < ntypes; i++) {
		put_be(b, types[i].offset, 4);
		sb_addc(b, (char)types[i].isdst);
		sb_addc(b, (char)at[i]);
	}
	sb_add(b, chars.buf, chars.len);
	sb_release(&chars);
}

static void own_zone_write(const char *name, const char *data, size_t len)
{
	char *path = xasprintf("%s/%s", own_dir, name), *err = NULL;
	ck_assert_msg(fs_write_atomic(path, data, len, &err) == 0, "%s", err);
	free(path);
}

static void own_zone_build(const char *name, const struct mini_type *types, size_t ntypes,
			   const long long *trans, const unsigned char *idx, size_t ntrans,
			   const char *footer)
{
	struct sb b = SB_INIT;
	tzif_block(&b, 4, types, ntypes, trans, idx, ntrans);
	tzif_block(&b, 8, types, ntypes, trans, idx, ntrans);
	sb_addf(&b, "\n%s\n", footer);
	own_zone_write(name, b.buf, b.len);
	sb_release(&b);
}

static size_t be32_at(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	return (size_t)u[0] << 24 | (size_t)u[1] << 16 | (size_t)u[2] << 8 | u[3];
}

/* Europe/Berlin as it is, and spoilt six ways. */
static void own_zones_from_berlin(void)
{
	char *buf, *err = NULL, *v1;
	size_t len, v1_len;
	const char *footer;

	ck_assert_msg(fs_read_file(TZ_DIR_DEFAULT "/Europe/Berlin", &buf, &len, &err) == 0, "%s",
		      err);
	own_zone_write("Test/Berlin", buf, len);
	own_zone_write("Test/Race", buf, len);
	/* Version 1: the 32-bit part alone, no TZ string. */
	v1_len = 44 + be32_at(buf + 32) * 5 + be32_at(buf + 36) * 6 + be32_at(buf + 40) +
		 be32_at(buf + 28) * 8 + be32_at(buf + 24) + be32_at(buf + 20);
	v1 = xstrndup(buf, len);
	memcpy(v1, buf, v1_len);
	v1[4] = '\0';
	own_zone_write("Test/V1", v1, v1_len);
	/* Version 2 without its TZ string, or with an empty one. */
	footer = buf + len - 2;
	while (*footer != '\n')
		footer--;
	own_zone_write("Test/NoFooter", buf, (size_t)(footer - buf));
	memcpy(v1, buf, (size_t)(footer - buf));
	memcpy(v1 + (footer - buf), "\n\n", 2);
	own_zone_write("Test/EmptyFooter", v1, (size_t)(footer - buf) + 2);
	memcpy(v1, buf, len);
	v1[footer - buf] = 'X';
	own_zone_write("Test/NoNewline", v1, len);
	own_zone_write("Test/Short", buf, 100);
	memcpy(v1, buf, len);
	v1[3] = 'g';
	own_zone_write("Test/BadMagic", v1, len);
	free(v1);
	free(buf);
}

/* The test's own zone files in own_dir, for glibc under TZDIR too. */
static void own_zones_make(void)
{
	char tmpl[] = "/tmp/wp-tz-XXXXXX";
	char *sub, *err = NULL;
	/* Daylight time first: before the first change, the first type
	 * that is not; a TZ string of unusual rules after the last. */
	static const struct mini_type built[] = {
		{ 3600, 1, "XDT" }, { 0, 0, "XST" }, { 1800, 1, "YDT" } };
	static const long long built_at[] = { 1000000000, 1500000000, 1700000000 };
	static const unsigned char built_idx[] = { 1, 2, 1 };
	static const struct mini_type all_dst[] = { { 7200, 1, "ADT" }, { 10800, 1, "BDT" } };
	static const long long all_dst_at[] = { 1200000000 };
	static const unsigned char all_dst_idx[] = { 1 };

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	own_dir = xstrdup(tmpl);
	sub = xasprintf("%s/Sub", own_dir);
	ck_assert_msg(fs_mkdirs(sub, &err) == 0, "%s", err);
	free(sub);
	sub = xasprintf("%s/Test", own_dir);
	ck_assert_msg(fs_mkdirs(sub, &err) == 0, "%s", err);
	free(sub);
	own_zones_from_berlin();
	own_zone_build("Test/Built", built, 3, built_at, built_idx, 3,
		       "<+0130>-1:30<+0230>-2:30,J60/-1:30,300/26:15");
	own_zone_build("Test/AllDst", all_dst, 2, all_dst_at, all_dst_idx, 1, "");
}

static void own_zones_remove(void)
{
	char *cmd = xasprintf("rm -rf '%s'", own_dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	free(own_dir);
}

static const struct zone_case zones[] = {
	{ false, "Europe/Berlin" }, { false, "Europe/London" }, { false, "America/New_York" },
	{ false, "America/Sao_Paulo" }, { false, "Australia/Lord_Howe" }, /* 30-minute DST */
	{ false, "Asia/Kolkata" }, { false, "Pacific/Chatham" }, { false, "Africa/Casablanca" },
	{ false, "America/St_Johns" }, { false, "Pacific/Apia" }, /* a day skipped in 2011 */
	{ false, "UTC" }, { false, "Etc/GMT+5" },
	{ false, "Europe/Dublin" },	    /* daylight time in winter */
	{ false, "right/Europe/Berlin" }, /* leap seconds */
	/* No such file, or none that reads: the name is a TZ string, or
	 * UTC under the name it starts with. */
	{ false, "Mars/Olympus" }, { false, "zone.tab" },
	{ false, "ABC-3DEF,M3.5.0,M10.5.0/3" }, { false, "XYZ+4:30ZYX,J60/1:30,J300/-2" },
	{ false, "AAA-10BBB,M10.1.0,M4.1.0/3" }, { false, "<-0330>3:30<-0230>,100/26,250/-1" },
	{ false, "EST5EDT,0/0,J365/25" }, /* daylight time all year */
	{ false, "EAS-13EAD,J1/1,J365/23" },
	/* Files of the test's own (own_zones_make). */
	{ true, "Test/Berlin" }, { true, "Test/V1" }, { true, "Test/NoFooter" },
	{ true, "Test/EmptyFooter" }, { true, "Test/Short" }, { true, "Test/BadMagic" },
	{ true, "Test/Built" }, { true, "Test/AllDst" },
};

#define Y1970 0LL
#define Y2101 4133980800LL

struct instants {
	long long *t;
	size_t n, alloc;
};

static void add_instant(struct instants *l, long long t)
{
	ALLOC_GROW(l->t, l->n + 1, l->alloc);
	l->t[l->n++] = t;
}

/* The clock at t: its offset, daylight flag, name, and how far its face
 * is from t (which a leap second changes too: its second 60 is the face
 * of the second before it once more, as tz.h counts it). */
struct clock {
	struct tm tm;
	long long ahead;
};

static struct clock oracle_clock(long long t)
{
	struct clock now;
	struct tm u;
	oracle_local(t, &now.tm);
	u = now.tm;
	if (u.tm_sec == 60)
		u.tm_sec = 59;
	now.ahead = (long long)timegm(&u) - t;
	return now;
}

static bool same_clock(const struct clock *a, const struct clock *b)
{
	return a->tm.tm_gmtoff == b->tm.tm_gmtoff && a->tm.tm_isdst == b->tm.tm_isdst &&
	       !strcmp(a->tm.tm_zone, b->tm.tm_zone) && a->ahead == b->ahead;
}

/* Every instant in [from, to) at which the oracle's clock changes: every
 * 6 hours, then halving where it changed. */
static struct instants oracle_changes(long long from, long long to)
{
	struct instants l = { NULL, 0, 0 };
	struct clock a = oracle_clock(from), b;
	for (long long t = from; t < to; t += 21600) {
		long long lo = t, hi = t + 21600;
		b = oracle_clock(hi);
		if (same_clock(&a, &b))
			continue;
		while (hi - lo > 1) {
			long long mid = lo + (hi - lo) / 2;
			struct clock m = oracle_clock(mid);
			if (same_clock(&a, &m))
				lo = mid;
			else
				hi = mid;
		}
		add_instant(&l, hi);
		a = b;
	}
	return l;
}

static void local_same(const struct zone_case *zc, long long t)
{
	const struct tz_zone *z = tz_zone_get(zone_dir(zc), zc->name);
	struct tm mine, libc;
	if (!glibc_agrees(zc, t))
		return;
	if (!tz_to_local(z, t, &mine))
		ck_abort_msg("%s at %lld: no local time", zc->name, t);
	oracle_local(t, &libc);
	tm_same(&mine, &libc, zc->name, "UTC", t);
}

/* UTC to local: at every change and a second either side, and at 5,000
 * instants spread over 1970-2100 (past 2037, the TZ string's rules). */
static void utc_to_local(const struct zone_case *zc, const struct instants *changes)
{
	for (size_t i = 0; i < changes->n; i++)
		for (long long d = -1; d <= 1; d++)
			local_same(zc, changes->t[i] + d);
	for (long long t = Y1970; t < Y2101; t += 826733 /* 9.57 days, a prime */)
		local_same(zc, t);
	local_same(zc, 2147483647LL);
	local_same(zc, 2147483648LL);
}

/* The changes of the oracle's zone, 1970 to 2100. */
static const struct instants *changes_now;

/* The first change at or after t, as an index into changes_now. */
static size_t change_from(long long t)
{
	size_t lo = 0, hi = changes_now->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (changes_now->t[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* tz.h's reading of a wall time (seconds of the clock's face since 1970),
 * found with glibc's localtime() alone: wall less each offset in force
 * within two days of it, kept where that offset is the one in force; the
 * first of those, or, if there are none (a gap), wall less the offset
 * before the gap.  How many instants show wall goes in *count. */
static long long oracle_from_wall(long long wall, int *count)
{
	long long first = 0, gap = 0;
	size_t i = change_from(wall - 2 * 86400);
	long long ahead = oracle_clock(wall - 2 * 86400).ahead;

	*count = 0;
	for (;; i++) {
		long long cand = wall - ahead, after;
		if (oracle_clock(cand).ahead == ahead && (!*count || cand != first)) {
			if (!*count || cand < first)
				first = cand;
			++*count;
		}
		if (i >= changes_now->n || changes_now->t[i] > wall + 2 * 86400)
			break;
		after = oracle_clock(changes_now->t[i]).ahead;
		if (after > ahead && changes_now->t[i] + ahead <= wall &&
		    wall < changes_now->t[i] + after)
			gap = wall - ahead;
		ahead = after;
	}
	return *count ? first : gap;
}

/* The same for the fields of want; second 60 is the leap second where
 * the second before is followed by one. */
static long long oracle_from_local(const struct tm *want, int *count)
{
	struct tm u = *want;
	long long wall = (long long)timegm(&u), t;

	if (want->tm_sec == 60) {
		t = oracle_from_wall(wall - 1, count) + 1;
		oracle_local(t, &u);
		if (*count && u.tm_sec == 60)
			return t;
	}
	return oracle_from_wall(wall, count);
}

/* Local to UTC for the wall time of ref + shift minutes, and the same a
 * day later (as schedule.c asks): the oracle's instant and fields, and
 * glibc's mktime()'s too where the time shows once. */
static void wall_same(const struct zone_case *zc, long long ref, int shift)
{
	const struct tz_zone *z = tz_zone_get(zone_dir(zc), zc->name);
	struct tm want, mine, libc;
	long long t, expect;
	int count;

	if (!glibc_agrees(zc, ref))
		return;
	oracle_local(ref, &want);
	want.tm_min += shift;
	for (int day = 0; day < 2; day++) {
		want.tm_mday += day;
		mine = want;
		expect = oracle_from_local(&want, &count);
		if (!tz_from_local(z, &mine, &t))
			ck_abort_msg("%s, local %lld%+d min: none", zc->name, ref, shift);
		if (t != expect)
			ck_abort_msg("%s, local %lld%+d min (%d shown): %lld, oracle %lld", zc->name,
				     ref, shift, count, t, expect);
		oracle_local(t, &libc);
		tm_same(&mine, &libc, zc->name, "local", t);
		if (count == 1 && want.tm_sec != 60) {
			libc = want;
			libc.tm_isdst = -1;
			if ((long long)mktime(&libc) != t)
				ck_abort_msg("%s, local %lld%+d min: %lld, mktime %lld", zc->name,
					     ref, shift, t, (long long)mktime(&libc));
		}
	}
}

/* Around each change: the wall times from an hour and a half before it
 * to as long after, every 15 minutes and the minutes either side of the
 * change; and a wall time each month. */
static void local_to_utc(const struct zone_case *zc, const struct instants *changes)
{
	static const int shifts[] = { -90, -75, -60, -45, -31, -30, -29, -16, -15, -14, -1, 0,
				      1, 14, 15, 16, 29, 30, 31, 45, 59, 60, 61, 75, 90 };
	for (size_t i = 0; i < changes->n; i++)
		for (size_t k = 0; k < ARRAY_SIZE(shifts); k++) {
			wall_same(zc, changes->t[i] - 1, shifts[k]);
			wall_same(zc, changes->t[i], shifts[k]);
		}
	for (long long t = Y1970 + 3 * 86400; t < Y2101 - 3 * 86400; t += 2750071 /* 31.8 days */)
		wall_same(zc, t, 0);
}

/* schedule.c's next_on_days() as it was under the oracle's TZ, but with
 * tz.h's reading of gaps and folds for mktime()'s. */
static long long oracle_next_on_days(long long t, int minutes, unsigned days)
{
	struct tm tm;
	long long cand = t;
	int count;

	oracle_local(t, &tm);
	for (int day = 0; day < 9; day++) {
		struct tm c1 = tm;
		c1.tm_mday += day;
		c1.tm_hour = minutes / 60;
		c1.tm_min = minutes % 60;
		c1.tm_sec = 0;
		cand = oracle_from_local(&c1, &count);
		oracle_local(cand, &c1);
		if (cand > t && (days & (1u << c1.tm_wday)))
			break;
	}
	return cand;
}

static void next_same(const char *zone, long long got, long long t, int minutes, unsigned days)
{
	long long want = oracle_next_on_days(t, minutes, days);
	if (got != want)
		ck_abort_msg("%s, after %lld at %02d:%02d on days %#x: %lld, oracle %lld", zone, t,
			     minutes / 60, minutes % 60, days, got, want);
}

/* The schedule's answers as they were with TZ set: each time of day a
 * game might choose near a change of the clocks, daily and weekly. */
static void schedule_same(const char *zone, long long t)
{
	static const int minutes[] = { 0, 30, 60, 90, 120, 135, 150, 165, 180, 360, 1080, 1439 };
	char old[64], *now;
	struct tm tm;

	for (size_t i = 0; i < ARRAY_SIZE(minutes); i++)
		next_same(zone, sched_next_local(t, minutes[i], zone), t, minutes[i], 0x7f);
	next_same(zone, sched_next_deadline("sun 02:30", zone, t, 0, 0), t, 150, 1u << 0);
	next_same(zone, sched_next_deadline("tue,fri 01:00", zone, t, 0, 0), t, 60, 1u << 2 | 1u << 5);
	oracle_local(t, &tm);
	if (!strftime(old, sizeof old, "%Y-%m-%d %H:%M %Z", &tm))
		old[0] = '\0';
	now = sched_format_local(t, zone);
	if (strcmp(now, old))
		ck_abort_msg("%s at %lld: '%s', before '%s'", zone, t, now, old);
	free(now);
}

/* From two days before each change of 2020-2031 (or 2040-2041, by the TZ
 * string) to a day after it, every 3 hours 7 minutes. */
static void schedule_near_changes(const struct zone_case *zc, const struct instants *changes)
{
	for (size_t i = 0; i < changes->n; i++) {
		long long at = changes->t[i];
		if (!((at >= 1577836800LL && at < 1956528000LL) ||
		      (at >= 2208988800LL && at < 2272147200LL)))
			continue;
		for (long long t = at - 2 * 86400; t < at + 86400; t += 11220)
			if (glibc_agrees(zc, t))
				schedule_same(zc->name, t);
	}
}

START_TEST(tz_matches_glibc)
{
	const struct zone_case *zc = &zones[_i];
	struct instants changes;
	oracle_zone(zone_dir(zc), zc->name);
	changes = oracle_changes(Y1970, Y2101);
	changes_now = &changes;
	utc_to_local(zc, &changes);
	local_to_utc(zc, &changes);
	if (!zc->own)
		schedule_near_changes(zc, &changes);
	free(changes.t);
}
END_TEST

/* The local time at t in z, as "2030-03-31 03:30:00 CEST". */
static char *local_text(const struct tz_zone *z, long long t)
{
	struct tm tm;
	ck_assert(tz_to_local(z, t, &tm));
	return xasprintf("%d-%02d-%02d %02d:%02d:%02d %s", tm.tm_year + 1900, tm.tm_mon + 1,
			 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_zone);
}

static void local_is(const struct tz_zone *z, long long t, const char *want)
{
	char *got = local_text(z, t);
	ck_assert_msg(!strcmp(got, want), "at %lld: %s, not %s", t, got, want);
	free(got);
}

/* The instant z's clock shows y-m-d h:min:sec, and the clock then. */
static void instant_is(const struct tz_zone *z, int y, int m, int d, int h, int min, int sec,
		       long long want, const char *shown)
{
	struct tm tm = { 0 };
	long long t;
	char *got;

	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = min;
	tm.tm_sec = sec;
	ck_assert(tz_from_local(z, &tm, &t));
	ck_assert_msg(t == want, "%d-%02d-%02d %02d:%02d:%02d: %lld, not %lld", y, m, d, h, min,
		      sec, t, want);
	got = local_text(z, t);
	ck_assert_str_eq(got, shown);
	free(got);
}

/* Gaps and folds as tz.h reads them: a time the clock skips is as far
 * past the gap's end as it was past its start; one it shows twice is
 * the first.  glibc's mktime() takes the offset of its last call for a
 * fold (either instant), and goes back instead of on in some gaps: where
 * the daylight flag does not turn on (Dublin, Casablanca, Lord Howe in
 * 1981) and over Apia's lost day. */
START_TEST(tz_gaps_and_folds)
{
	const struct tz_zone *berlin = tz_zone_get(NULL, "Europe/Berlin");
	const struct tz_zone *apia = tz_zone_get(NULL, "Pacific/Apia");
	const struct tz_zone *dublin = tz_zone_get(NULL, "Europe/Dublin");

	instant_is(berlin, 2030, 3, 31, 2, 30, 0, 1901151000, "2030-03-31 03:30:00 CEST");
	instant_is(berlin, 2030, 10, 27, 2, 30, 0, 1919291400, "2030-10-27 02:30:00 CEST");
	instant_is(berlin, 2030, 10, 27, 3, 0, 0, 1919296800, "2030-10-27 03:00:00 CET");
	/* glibc: 1972-03-19 01:00 GMT */
	instant_is(dublin, 1972, 3, 19, 2, 0, 0, 69818400, "1972-03-19 03:00:00 IST");
	/* 30 December 2011 never was in Apia (glibc: the 29th) */
	instant_is(apia, 2011, 12, 30, 12, 0, 0, 1325282400, "2011-12-31 12:00:00 +14");
	/* Daily at 02:30: on the night the clocks go back, the first of the
	 * two, and once past it, the next night's; on the night they go
	 * forward, 03:30. */
	ck_assert_int_eq(sched_next_local(1919280000, 150, "Europe/Berlin"), 1919291400);
	ck_assert_int_eq(sched_next_local(1919291400, 150, "Europe/Berlin"), 1919381400);
	ck_assert_int_eq(sched_next_local(1901140000, 150, "Europe/Berlin"), 1901151000);
}
END_TEST

/* tz.h's other choices where glibc answers otherwise (tz_matches_glibc
 * leaves these out). */
START_TEST(tz_where_glibc_differs)
{
	const struct tz_zone *z = tz_zone_get(NULL, "EAS-13EAD,J1/1,J365/23");

	/* A TZ string's changes are those of the years about an instant,
	 * not of its UTC year alone: EAS's daylight time starts at 01:00
	 * on 1 January, 12:00 UTC on 31 December (glibc: at 00:00 UTC). */
	local_is(z, 1924938000 - 1, "2030-12-31 22:59:59 EAD");
	local_is(z, 1924938000, "2030-12-31 22:00:00 EAS");
	local_is(z, 1924948799, "2031-01-01 00:59:59 EAS");
	local_is(z, 1924948800, "2031-01-01 02:00:00 EAD");
	/* RFC 8536's daylight time all year (glibc: standard time from
	 * 00:00 to 05:00 UTC on each 1 January). */
	z = tz_zone_get(NULL, "EST5EDT,0/0,J365/25");
	local_is(z, 1924992000 + 3600, "2030-12-31 21:00:00 EDT");
	/* Type 0 before the first transition, as RFC 8536 says, even when
	 * it is daylight time (glibc: the first standard time). */
	local_is(tz_zone_get(own_dir, "Test/Built"), 0, "1970-01-01 01:00:00 XDT");
	/* A daylight time without a rule changes on M3.2.0 and M11.1.0 every
	 * year (glibc: by the file posixrules, New York's, so on 1 April
	 * 1990). */
	z = tz_zone_get(NULL, "ABC5DEF");
	local_is(z, 1899356400 - 1, "2030-03-10 01:59:59 ABC");
	local_is(z, 1899356400, "2030-03-10 03:00:00 DEF");
	local_is(z, 1919916000 - 1, "2030-11-03 01:59:59 DEF");
	local_is(z, 1919916000, "2030-11-03 01:00:00 ABC");
	local_is(z, 637138800, "1990-03-11 03:00:00 DEF");
	/* A leap second's wall time is that second (as glibc), and the
	 * second before it is the earlier of the two that show 23:59:59. */
	z = tz_zone_get(NULL, "right/UTC");
	instant_is(z, 1972, 6, 30, 23, 59, 60, 78796800, "1972-06-30 23:59:60 UTC");
	instant_is(z, 1972, 6, 30, 23, 59, 59, 78796799, "1972-06-30 23:59:59 UTC");
	instant_is(z, 1972, 7, 1, 0, 0, 0, 78796801, "1972-07-01 00:00:00 UTC");
}
END_TEST

/* What is neither a zone file nor a TZ string is UTC, under the name it
 * starts with; glibc answers otherwise for each of these. */
START_TEST(tz_names_that_are_no_zone)
{
	static const char *const cases[][2] = {
		{ "Xy/Z", "UTC" },		   /* glibc: "" */
		{ ":Europe/Berlin", "UTC" },	   /* glibc: reads the file */
		{ "ABC+25", "ABC" },		   /* glibc: -24 h */
		{ "ABC5DEF,M3.2.0", "ABC" },	   /* no end (glibc: -5 h and a DST) */
		{ "CLM-25:61:61CLD-0:0:99,M3.5.0/25:99:99,M10.5.0/0:0:0", "CLM" },
		{ "Europe/Nowhere", "Europe" },	   /* as glibc */
	};
	struct tm tm;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		ck_assert(tz_to_local(tz_zone_get(NULL, cases[i][0]), T0, &tm));
		ck_assert_int_eq(tm.tm_gmtoff, 0);
		ck_assert_int_eq(tm.tm_hour, 8);
		ck_assert_msg(!strcmp(tm.tm_zone, cases[i][1]), "%s: %s", cases[i][0], tm.tm_zone);
	}
	/* A version 2 file whose footer does not begin with a newline is
	 * spoilt, and its name a TZ string (glibc reads the file). */
	ck_assert(tz_to_local(tz_zone_get(own_dir, "Test/NoNewline"), T0, &tm));
	ck_assert_int_eq(tm.tm_gmtoff, 0);
	ck_assert_str_eq(tm.tm_zone, "Test");
}
END_TEST

/* A name that is a path out of the zone directory is not read: it is a
 * TZ string, as a name without a file. */
START_TEST(tz_reads_no_path_outside)
{
	struct tm tm;
	ck_assert(!tz_name_safe("/usr/share/zoneinfo/Europe/Berlin"));
	ck_assert(!tz_name_safe("Sub/../Test/Berlin"));
	ck_assert(!tz_name_safe(""));
	ck_assert(tz_name_safe("Test/Berlin"));
	ck_assert(tz_to_local(tz_zone_get(NULL, "/usr/share/zoneinfo/Europe/Berlin"), T0, &tm));
	ck_assert_int_eq(tm.tm_gmtoff, 0);
	ck_assert_str_eq(tm.tm_zone, "UTC"); /* glibc: "" */
	ck_assert(tz_to_local(tz_zone_get(own_dir, "Sub/../Test/Berlin"), T0, &tm));
	ck_assert_int_eq(tm.tm_gmtoff, 0);
	ck_assert_str_eq(tm.tm_zone, "Sub");
	ck_assert(tz_to_local(tz_zone_get(own_dir, "Test/Berlin"), T0, &tm));
	ck_assert_int_eq(tm.tm_gmtoff, 3600);
	ck_assert_str_eq(tm.tm_zone, "CET");
}
END_TEST

struct racer {
	pthread_barrier_t *start;
	const struct tz_zone *got;
};

static void *race(void *arg)
{
	struct racer *r = arg;
	pthread_barrier_wait(r->start);
	r->got = tz_zone_get(own_dir, "Test/Race");
	return NULL;
}

/* Threads that ask for a zone at once may each read it, but all get the
 * one the cache keeps. */
START_TEST(tz_one_zone_for_all_threads)
{
	pthread_t th[8];
	struct racer r[8];
	pthread_barrier_t start;
	struct tm tm;

	ck_assert_int_eq(pthread_barrier_init(&start, NULL, 8), 0);
	for (int i = 0; i < 8; i++) {
		r[i].start = &start;
		ck_assert_int_eq(pthread_create(&th[i], NULL, race, &r[i]), 0);
	}
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(pthread_join(th[i], NULL), 0);
	pthread_barrier_destroy(&start);
	for (int i = 0; i < 8; i++)
		ck_assert_ptr_eq(r[i].got, tz_zone_get(own_dir, "Test/Race"));
	ck_assert(tz_to_local(r[0].got, T0, &tm));
	ck_assert_str_eq(tm.tm_zone, "CET");
}
END_TEST

/* Adds 500 zones to the cache, then looks them up again, until stopped. */
static void *fill_cache(void *arg)
{
	int *stop = arg;
	for (int i = 0; !__atomic_load_n(stop, __ATOMIC_RELAXED); i++) {
		char *name = xasprintf("Fork/%d", i % 500);
		tz_zone_get(own_dir, name);
		free(name);
	}
	return NULL;
}

/* A child forked while other threads add zones to the cache finds it
 * whole and usable: the cache holds no lock that a fork could leave
 * held. */
START_TEST(tz_cache_survives_fork)
{
	pthread_t th[3];
	int stop = 0;

	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, fill_cache, &stop), 0);
	for (int k = 0; k < 50; k++) {
		int status;
		pid_t pid = fork();
		ck_assert_int_ne(pid, -1);
		if (pid == 0) {
			struct tm tm;
			bool ok = tz_to_local(tz_zone_get(own_dir, "Test/Berlin"), T0, &tm) &&
				  !strcmp(tm.tm_zone, "CET") &&
				  tz_zone_get(own_dir, "Fork/child") ==
					  tz_zone_get(own_dir, "Fork/child");
			_exit(ok ? 0 : 1);
		}
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_join(th[i], NULL), 0);
}
END_TEST

/* Neither lib/schedule.o nor lib/tz.o calls what changes the environment
 * or uses the C library's own time zone. */
START_TEST(tz_leaves_environment_alone)
{
	static const char *const banned[] = { "setenv",	   "unsetenv", "putenv",   "clearenv",
					      "tzset",	   "localtime", "localtime_r", "mktime",
					      "timelocal", "strftime", "getenv",   "secure_getenv" };
	const char *top = getenv("top_builddir") ? getenv("top_builddir") : ".";
	char *cmd = xasprintf("nm -u '%s/lib/libwyrmlib_a-schedule.o' '%s/lib/libwyrmlib_a-tz.o'",
			      top, top);
	FILE *nm = popen(cmd, "r");
	char line[512];
	int seen = 0;

	ck_assert_ptr_nonnull(nm);
	while (fgets(line, sizeof line, nm)) {
		char *sym = strrchr(line, ' ');
		sym = sym ? sym + 1 : line;
		sym[strcspn(sym, "@\n")] = '\0';
		seen += !strcmp(sym, "tz_zone_get") || !strcmp(sym, "fs_read_file_max");
		for (size_t i = 0; i < ARRAY_SIZE(banned); i++)
			ck_assert_msg(strcmp(sym, banned[i]), "lib/ calls %s", sym);
	}
	ck_assert_int_eq(pclose(nm), 0);
	ck_assert_int_eq(seen, 2); /* nm did read both */
	free(cmd);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sched");
	TCase *tc = tcase_create("sched");
	engine_register(&counter_engine);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, not_due_until_all_sent_or_deadline);
	tcase_add_test(tc, later_submission_replaces_and_wrong_turn_refused);
	tcase_add_test(tc, wanted_players_never_hold_a_turn_nor_count_as_missing);
	tcase_add_test(tc, refused_line_or_wait_holds_the_early_turn);
	tcase_add_test(tc, nmr_counted_then_dropped);
	tcase_add_test(tc, held_when_most_miss_until_forced);
	tcase_add_test(tc, held_until_the_missing_orders_come);
	tcase_add_test(tc, reminders_once_to_those_missing);
	tcase_add_test(tc, dry_run_writes_nothing_and_rollback_restores);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	tc = tcase_create("tz");
	tcase_add_unchecked_fixture(tc, own_zones_make, own_zones_remove);
	tcase_add_loop_test(tc, tz_matches_glibc, 0, (int)ARRAY_SIZE(zones));
	tcase_add_test(tc, tz_gaps_and_folds);
	tcase_add_test(tc, tz_where_glibc_differs);
	tcase_add_test(tc, tz_names_that_are_no_zone);
	tcase_add_test(tc, tz_reads_no_path_outside);
	tcase_add_test(tc, tz_one_zone_for_all_threads);
	tcase_add_test(tc, tz_cache_survives_fork);
	tcase_add_test(tc, tz_leaves_environment_alone);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
