/* check-store.c - game.xml, atomic files, the lock, corrupt input. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "campaign.h"
#include "engine.h"
#include "fsutil.h"
#include "run.h"
#include "testutil.h"
#include "turn.h"
#include "wake-index.h"
#include "xmlutil.h"
#include "xmlwrite.h"

static char *tmpdir(void)
{
	char tmpl[] = "/tmp/wp-store-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	return xstrdup(tmpl);
}

static void rmrf(const char *dir)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

static char *good_xml(void)
{
	struct game g;
	char *s;
	test_game_new(&g, test_engine("burglar"), 3, NULL, 0, 5);
	s = game_to_string(&g, NULL);
	game_release(&g);
	return s;
}

static char *load_error(const char *text)
{
	struct game g;
	char *err = NULL;
	ck_assert_int_eq(game_load_buffer(&g, text, strlen(text), "games/x/game.xml", &err), -1);
	ck_assert_ptr_nonnull(err);
	return err;
}

/* Replace the first occurrence of from with to (caller frees). */
static char *replace(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	ck_assert_ptr_nonnull(at);
	return xasprintf("%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
}

START_TEST(game_xml_has_format_and_round_trips)
{
	char *a = good_xml(), *b, *err = NULL;
	struct game g;
	ck_assert_ptr_nonnull(strstr(a, "<game format=\"1\""));
	ck_assert_int_eq(game_load_buffer(&g, a, strlen(a), "x", &err), 0);
	b = game_to_string(&g, NULL);
	ck_assert_str_eq(a, b);
	game_release(&g);
	free(a);
	free(b);
}
END_TEST

/* A turn past the last a game may have is refused where it is read, and
 * a time past year 9999 is saved as the last one four digits hold, so a
 * state is never saved in a form its load refuses. */
START_TEST(turns_and_times_bounded_both_ways)
{
	char *xml = good_xml(), *bad, *err, *again;
	struct game g;
	bad = replace(xml, "turn=\"1\"", "turn=\"99999999\"");
	err = load_error(bad);
	ck_assert_msg(strstr(err, "bad turn"), "%s", err);
	free(err);
	free(bad);
	bad = replace(xml, "turn=\"1\"", "turn=\"9999\"");
	ck_assert_int_eq(game_load_buffer(&g, bad, strlen(bad), "x", &err), 0);
	g.deadline = TIME_ISO_MAX + 86400LL * 400;
	again = game_to_string(&g, NULL);
	ck_assert_msg(strstr(again, "deadline=\"9999-12-31T23:59:59Z\""), "%s", again);
	game_release(&g);
	ck_assert_int_eq(game_load_buffer(&g, again, strlen(again), "x", &err), 0);
	ck_assert_int_eq(g.turn, 9999);
	{
		/* ... and turn 9999 is not played on into five digits. */
		bool awaited[MAX_PLAYERS] = { false }, has[MAX_PLAYERS] = { false };
		struct strlist lines[MAX_PLAYERS];
		struct events ev = EVENTS_INIT;
		memset(lines, 0, sizeof lines);
		ck_assert_int_eq(game_advance(&g, awaited, has, lines, 1800000000LL, &ev, &err),
				 WP_ERR_DATA);
		ck_assert_msg(strstr(err, "turn 9999 is the last"), "%s", err);
		free(err);
		events_release(&ev);
	}
	game_release(&g);
	free(again);
	free(bad);
	free(xml);
}
END_TEST

START_TEST(corrupt_files_name_file_and_line)
{
	char *xml = good_xml(), *bad, *err;
	/* Cut off half-way: not well-formed. */
	bad = xstrndup(xml, strlen(xml) / 2);
	err = load_error(bad);
	ck_assert_msg(!strncmp(err, "games/x/game.xml:", 17), "%s", err);
	free(err);
	free(bad);
	/* Well-formed but invalid: a turn that is not a number, on line 2. */
	bad = replace(xml, "turn=\"1\"", "turn=\"one\"");
	err = load_error(bad);
	ck_assert_msg(strstr(err, "games/x/game.xml:2:"), "%s", err);
	free(err);
	free(bad);
	/* Invalid inside the engine's part: the line of the bad element. */
	bad = replace(xml, "<engine", "<engine bogus=\"1\"");
	err = load_error(bad);
	ck_assert_msg(strstr(err, "games/x/game.xml:") && !strstr(err, ":0:"), "%s", err);
	free(err);
	free(bad);
	/* A format this version does not know. */
	bad = replace(xml, "format=\"1\"", "format=\"9\"");
	err = load_error(bad);
	free(err);
	free(bad);
	free(xml);
}
END_TEST

START_TEST(entities_and_doctype_refused)
{
	const char *xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE game [\n"
			  "<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<game>&x;</game>\n";
	const char *bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY a \"aaaa\">"
			   "<!ENTITY b \"&a;&a;&a;&a;\">]>\n<g>&b;</g>\n";
	char *err = load_error(xxe);
	ck_assert_msg(strstr(err, "DOCTYPE"), "%s", err);
	ck_assert(!strstr(err, "root:"));
	free(err);
	err = load_error(bomb);
	free(err);
}
END_TEST

START_TEST(atomic_write_replaces_whole)
{
	char *dir = tmpdir(), *path = xasprintf("%s/f.xml", dir), *buf, *err = NULL;
	struct strlist names = STRLIST_INIT;
	size_t len;
	ck_assert_int_eq(fs_write_atomic(path, "old", 3, &err), 0);
	ck_assert_int_eq(fs_write_atomic(path, "new text", 8, &err), 0);
	ck_assert_int_eq(fs_read_file(path, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "new text");
	ck_assert_int_eq(fs_list(dir, &names, &err), 0);
	ck_assert_uint_eq(names.n, 1); /* no temporary file left behind */
	free(buf);
	strlist_clear(&names);
	free(path);
	path = xasprintf("%s/missing/f.xml", dir);
	ck_assert_int_eq(fs_write_atomic(path, "x", 1, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "missing"));
	free(err);
	free(path);
	rmrf(dir);
	free(dir);
}
END_TEST

/* Group commit: nothing staged takes its name before fs_batch_end, data
 * before commit, a path written twice ends with its last write, and a
 * staged file renamed (the outbox's tmp/ to new/) lands once. */
START_TEST(batch_stages_until_its_end)
{
	char *dir = tmpdir(), *err = NULL, *buf;
	char *data = xasprintf("%s/r/public.txt", dir), *state = xasprintf("%s/game.xml", dir);
	char *tmp = xasprintf("%s/tmp-k.eml", dir), *mail = xasprintf("%s/new-k.eml", dir);
	char *rdir = xasprintf("%s/r", dir);
	struct strlist names = STRLIST_INIT;
	size_t len;

	ck_assert_int_eq(fs_write_atomic(state, "turn 1", 6, &err), 0);
	fs_batch_begin(dir);
	ck_assert_int_eq(fs_batch_stage(FS_STAGE_DATA), FS_STAGE_NOW);
	ck_assert_int_eq(fs_mkdirs(rdir, &err), 0);
	ck_assert_int_eq(fs_write_atomic(data, "first", 5, &err), 0);
	ck_assert_int_eq(fs_write_atomic(data, "second", 6, &err), 0);
	ck_assert_int_eq(fs_write_private(tmp, "mail", 4, &err), 0);
	ck_assert_int_eq(fs_rename(tmp, mail, &err), 0);
	fs_batch_stage(FS_STAGE_COMMIT);
	ck_assert_int_eq(fs_write_atomic(state, "turn 2", 6, &err), 0);
	ck_assert_int_eq(fs_batch_stage(FS_STAGE_NOW), FS_STAGE_COMMIT);
	ck_assert(!fs_exists(data) && !fs_exists(mail) && !fs_exists(tmp));
	ck_assert_int_eq(fs_read_file(state, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "turn 1");
	free(buf);
	ck_assert_int_eq(fs_batch_end(&err), 0);
	ck_assert_int_eq(fs_read_file(data, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "second");
	free(buf);
	ck_assert_int_eq(fs_read_file(mail, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "mail");
	free(buf);
	ck_assert(!fs_exists(tmp));
	ck_assert_int_eq(fs_read_file(state, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "turn 2");
	free(buf);
	ck_assert_int_eq(fs_list(dir, &names, &err), 0);
	ck_assert_uint_eq(names.n, 3); /* game.xml, new-k.eml, r: no temporary file */
	strlist_clear(&names);
	/* Outside a batch every write is in place at once. */
	ck_assert_int_eq(fs_write_atomic(data, "now", 3, &err), 0);
	ck_assert_int_eq(fs_read_file(data, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "now");
	free(buf);
	free(data);
	free(state);
	free(tmp);
	free(mail);
	free(rdir);
	rmrf(dir);
	free(dir);
}
END_TEST

/* Names in dir, dot files included. */
static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* A batch committed behind: the next batch is written while it commits,
 * its files are in place once fs_batch_wait returns, and a commit that
 * fails says why through fs_batch_wait and leaves no temporary file. */
START_TEST(batch_commits_behind_the_next)
{
	char *dir = tmpdir(), *err = NULL, *buf;
	char *a = xasprintf("%s/a/game.xml", dir), *b = xasprintf("%s/b/game.xml", dir);
	char *adir = xasprintf("%s/a", dir), *bdir = xasprintf("%s/b", dir);
	char *blocker = xasprintf("%s/b/game.xml/in-the-way", dir);
	size_t len;

	ck_assert_int_eq(fs_batch_wait(&err), 0); /* none under way */
	/* A batch of games none of which was due writes nothing: it
	 * commits at once, and without error, here and behind. */
	fs_batch_begin(dir);
	ck_assert_int_eq(fs_batch_end(&err), 0);
	fs_batch_begin(dir);
	fs_batch_end_behind();
	ck_assert_int_eq(fs_batch_wait(&err), 0);
	ck_assert_ptr_null(err);
	fs_batch_begin(dir);
	fs_batch_stage(FS_STAGE_COMMIT);
	ck_assert_int_eq(fs_mkdirs(adir, &err), 0);
	ck_assert_int_eq(fs_write_atomic(a, "a1", 2, &err), 0);
	fs_batch_stage(FS_STAGE_NOW);
	fs_batch_end_behind();
	fs_batch_begin(dir);
	fs_batch_stage(FS_STAGE_COMMIT);
	ck_assert_int_eq(fs_mkdirs(bdir, &err), 0);
	ck_assert_int_eq(fs_write_atomic(b, "b1", 2, &err), 0);
	fs_batch_stage(FS_STAGE_NOW);
	ck_assert_int_eq(fs_batch_wait(&err), 0);
	ck_assert_int_eq(fs_read_file(a, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "a1");
	free(buf);
	ck_assert(!fs_exists(b)); /* the open batch waits for its own end */
	ck_assert_uint_eq(entries(bdir), 1); /* the temporary file */
	fs_batch_end_behind();
	ck_assert_int_eq(fs_batch_wait(&err), 0);
	ck_assert_int_eq(fs_read_file(b, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "b1");
	free(buf);
	/* A data file's name taken by a folder before the commit: its rename
	 * fails, the state file keeps its old content, and no temporary file
	 * is left. */
	fs_batch_begin(dir);
	fs_batch_stage(FS_STAGE_DATA);
	ck_assert_int_eq(fs_write_atomic(b, "b2", 2, &err), 0);
	fs_batch_stage(FS_STAGE_COMMIT);
	ck_assert_int_eq(fs_write_atomic(a, "a2", 2, &err), 0);
	fs_batch_stage(FS_STAGE_NOW);
	ck_assert_int_eq(unlink(b), 0);
	ck_assert_int_eq(mkdir(b, 0700), 0);
	ck_assert_int_eq(fs_write_atomic(blocker, "x", 1, &err), 0);
	fs_batch_end_behind();
	ck_assert_int_eq(fs_batch_wait(&err), -1);
	ck_assert_ptr_nonnull(strstr(err, "cannot rename"));
	free(err);
	err = NULL;
	ck_assert_uint_eq(entries(bdir), 1); /* game.xml, the folder */
	ck_assert_uint_eq(entries(adir), 1);
	ck_assert_int_eq(fs_read_file(a, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "a1");
	free(buf);
	ck_assert_int_eq(unlink(blocker), 0);
	free(blocker);
	free(a);
	free(b);
	free(adir);
	free(bdir);
	rmrf(dir);
	free(dir);
}
END_TEST

/* The temporary file in dir whose name starts with prefix and ends with
 * ".PID.tmp" (caller frees), or NULL. */
static char *tmp_of(const char *dir, const char *prefix, pid_t pid)
{
	char *tail = xasprintf(".%ld.tmp", (long)pid), *found = NULL;
	DIR *d = opendir(dir);
	struct dirent *e;
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name), t = strlen(tail);
		if (!strncmp(e->d_name, prefix, strlen(prefix)) && n > t &&
		    !strcmp(e->d_name + n - t, tail))
			found = xstrdup(e->d_name);
	}
	closedir(d);
	free(tail);
	return found;
}

/* A staged file's temporary name holds the id of the process that wrote
 * it, in a child of fork too (the workers of run -j): a sweep deletes the
 * temporary files of processes that are gone, and only those. */
START_TEST(temporary_names_carry_the_writer)
{
	char *dir = tmpdir(), *err = NULL, *name;
	char *a = xasprintf("%s/a.txt", dir), *b = xasprintf("%s/b.txt", dir);
	pid_t child;
	int st;

	fs_batch_begin(dir);
	fs_batch_stage(FS_STAGE_DATA);
	ck_assert_int_eq(fs_write_atomic(a, "a", 1, &err), 0);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) /* writes into its copy of the open batch, then dies */
		_exit(fs_write_atomic(b, "b", 1, &err) ? 1 : 0);
	ck_assert_int_eq(waitpid(child, &st, 0), child);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	name = tmp_of(dir, ".a.txt.", getpid());
	ck_assert_ptr_nonnull(name);
	free(name);
	name = tmp_of(dir, ".b.txt.", child);
	ck_assert_ptr_nonnull(name);
	free(name);
	ck_assert_uint_eq(fs_sweep_tmp(dir, 0), 1); /* the child's, not ours */
	fs_batch_stage(FS_STAGE_NOW);
	ck_assert_int_eq(fs_batch_end(&err), 0);
	ck_assert(fs_exists(a) && !fs_exists(b));
	ck_assert_uint_eq(entries(dir), 1);
	free(a);
	free(b);
	rmrf(dir);
	free(dir);
}
END_TEST

/* mine is theirs, or the test fails showing where they part (whole
 * documents are too long for Check's message). */
static void same_bytes(const char *mine, size_t n1, const char *theirs, size_t n2,
		       const char *what)
{
	size_t at = 0;
	while (at < n1 && at < n2 && mine[at] == theirs[at])
		at++;
	if (at < n1 || at < n2)
		ck_abort_msg("%.40s: differs at byte %zu: \"%.60s\" where libxml2 writes \"%.60s\"",
			     what, at, mine + at, theirs + at);
}

/* xml_to_string against libxml2's writer on doc; frees doc. */
static void same_as_libxml2(xmlDoc *doc, const char *what)
{
	size_t n1, n2;
	char *mine = xml_to_string(doc, &n1), *theirs = xml_to_string_libxml2(doc, &n2);
	same_bytes(mine, n1, theirs, n2, what);
	free(mine);
	free(theirs);
	xmlFreeDoc(doc);
}

/* xml_to_string writes what libxml2's writer does, byte for byte: every
 * character either escapes, in text and in attributes, text beside
 * elements, empty elements, blank text, nesting past libxml2's thirty
 * levels of indent, documents built and parsed, what it leaves to
 * libxml2 (comments, namespaces, CDATA), and every engine's stored game. */
START_TEST(xml_written_as_libxml2_writes_it)
{
	static const char *const parsed[] = {
		"<a x=\"1 &amp; 2 &lt;3&gt; &quot;q&quot; 'a' \t\n\r&#9;&#10;&#13; \xC3\xA9 "
		"\xE6\x97\xA5 \xF0\x9F\x90\x89\" y=\"\"><b/><c>text &amp; &lt;t&gt; \"q\" 'a' \t\n"
		"&#13; \xC3\xA9</c><d>mixed <e k=\"v\"/> tail<f><g/></f></d><h>  </h>"
		"<i><j><k/></j></i></a>",
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r a=\"\xC3\xA9\"><s>\xC3\xA9</s>\n</r>",
		"<r><!-- a comment --><s/></r>",
		"<r xmlns=\"urn:x\"><s/></r>",
		"<r xmlns:p=\"urn:x\" p:a=\"1\"><p:s/></r>",
		"<r>a<![CDATA[<b> & ]]>c</r>",
		"<r/>",
	};
	const struct engine *const *e;
	xmlDoc *doc;
	xmlNode *n;
	char *err = NULL;

	for (size_t i = 0; i < sizeof parsed / sizeof *parsed; i++) {
		doc = xml_parse(parsed[i], strlen(parsed[i]), "test.xml", &err);
		ck_assert_msg(doc != NULL, "%s", err);
		same_as_libxml2(doc, parsed[i]);
	}
	doc = xmlNewDoc(BAD_CAST "1.0");
	n = xmlNewNode(NULL, BAD_CAST "report");
	xmlDocSetRootElement(doc, n);
	xml_set(n, "title", "Burglar & the Dragon <\"\xC3\xA9\">\t\n\r");
	xml_child(n, "details", "line 1\n  line 2 & <3> \"q\"\r\n\xE2\x80\x94 end\n");
	xml_child(n, "empty", NULL);
	for (int depth = 0; depth < 40; depth++)
		n = xml_child(n, "deeper", NULL);
	xml_set_int(n, "depth", 40);
	same_as_libxml2(doc, "built in memory");
	for (e = engine_list(); *e; e++) {
		struct game g;
		char *text;
		test_game_new(&g, *e, (size_t)(*e)->min_players, NULL, 0, 7);
		text = game_to_string(&g, NULL);
		doc = xml_parse(text, strlen(text), (*e)->name, &err);
		ck_assert_msg(doc != NULL, "%s", err);
		same_as_libxml2(doc, (*e)->name);
		/* and as the game was written: what libxml2 reads back and
		 * writes again unchanged */
		doc = xml_parse(text, strlen(text), (*e)->name, &err);
		ck_assert_msg(doc != NULL, "%s", err);
		{
			char *again = xml_to_string_libxml2(doc, NULL);
			ck_assert_str_eq(again, text);
			free(again);
		}
		xmlFreeDoc(doc);
		free(text);
		game_release(&g);
	}
}
END_TEST

/* Written as it is made (xmlwrite.h), a document comes out as libxml2
 * writes the same document built as a tree: attributes and text with
 * every character either escapes, empty text (no text at all), empty
 * elements, elements of elements, and nesting past 30 levels of indent. */
START_TEST(xml_written_straight_as_libxml2_writes_it)
{
	static const char *const odd = "a & b <c> \"q\" 'a' \t\n\r \xC3\xA9 \xF0\x9F\x90\x89";
	xmlDoc *doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNode *root = xmlNewNode(NULL, BAD_CAST "report"), *n, *deep;
	struct xw w;
	size_t len;
	char *mine, *theirs;

	xmlDocSetRootElement(doc, root);
	xw_begin(&w);
	xw_open(&w, "report");
	xml_set(root, "format", "1");
	xw_attr(&w, "format", "1");
	xml_set(root, "odd", odd);
	xw_attr(&w, "odd", odd);
	xml_set(root, "empty", "");
	xw_attr(&w, "empty", "");
	xmlSetProp(root, BAD_CAST "none", NULL);
	xw_attr(&w, "none", NULL);
	n = xml_child(root, "events", NULL);
	xw_open(&w, "events");
	xml_set_bool(xml_child(n, "event", odd), "private", true);
	xw_open(&w, "event");
	xw_attr_bool(&w, "private", true);
	xw_text(&w, odd);
	xw_close(&w);
	xml_child(n, "event", "plain");
	xw_leaf(&w, "event", "plain");
	xw_close(&w);
	xml_child(root, "details", "");
	xw_leaf(&w, "details", "");
	xml_child(root, "nothing", NULL);
	xw_leaf(&w, "nothing", NULL);
	xml_set_int(xml_child(root, "none", NULL), "n", -12);
	xw_open(&w, "none");
	xw_attr_int(&w, "n", -12);
	xw_close(&w);
	deep = root;
	for (int depth = 0; depth < 40; depth++) {
		deep = xml_child(deep, "deeper", NULL);
		xw_open(&w, "deeper");
	}
	xml_child(deep, "line", "text\nover lines\n");
	xw_leaf(&w, "line", "text\nover lines\n");
	for (int depth = 0; depth < 40; depth++)
		xw_close(&w);
	xw_close(&w);
	mine = xw_end(&w, &len);
	theirs = xml_to_string_libxml2(doc, NULL);
	same_bytes(mine, len, theirs, strlen(theirs), "written straight");
	free(mine);
	free(theirs);
	xmlFreeDoc(doc);
}
END_TEST

/* mkdir -p: the missing folders of a path, and a file in the way named. */
START_TEST(mkdirs_makes_missing_parents)
{
	char *dir = tmpdir(), *err = NULL;
	char *deep = xasprintf("%s/a/b/c", dir), *file = xasprintf("%s/f", dir);
	char *under = xasprintf("%s/f/g", dir);

	ck_assert_int_eq(fs_mkdirs(deep, &err), 0);
	ck_assert(fs_is_dir(deep));
	ck_assert_int_eq(fs_mkdirs(deep, &err), 0);
	ck_assert_int_eq(fs_write_atomic(file, "x", 1, &err), 0);
	ck_assert_int_eq(fs_mkdirs(file, &err), -1);
	ck_assert_msg(strstr(err, "exists and is not a directory"), "%s", err);
	free(err);
	err = NULL;
	ck_assert_int_eq(fs_mkdirs(under, &err), -1);
	ck_assert_msg(strstr(err, "/f/g"), "%s", err);
	free(err);
	free(deep);
	free(file);
	free(under);
	rmrf(dir);
	free(dir);
}
END_TEST

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void assert_content(const char *path, const char *want)
{
	char *buf, *err = NULL;
	size_t len;
	ck_assert_msg(!fs_read_file(path, &buf, &len, &err), "%s", err);
	ck_assert_str_eq(buf, want);
	free(buf);
}

/* A snapshot by a second name: the very file, not a copy, whatever was
 * there before; the same link again is nothing to do; replacing the first
 * name leaves the second as it was; and across file systems, a copy. */
START_TEST(link_names_the_same_file)
{
	char *dir = tmpdir(), *err = NULL;
	char *state = xasprintf("%s/game.xml", dir), *snap = xasprintf("%s/0001.xml", dir);
	char shm[] = "/dev/shm/wp-store-XXXXXX";
	struct stat a, b;

	ck_assert_int_eq(fs_write_private(state, "turn 1", 6, &err), 0);
	ck_assert_int_eq(fs_link_private(state, snap, &err), 0);
	ck_assert(same_file(state, snap));
	ck_assert_int_eq(fs_link_private(state, snap, &err), 0);
	ck_assert(same_file(state, snap));
	ck_assert_int_eq(fs_write_private(state, "turn 2", 6, &err), 0);
	ck_assert(!same_file(state, snap));
	assert_content(snap, "turn 1");
	/* A copy by that name (an older snapshot) gives way to the link. */
	ck_assert_int_eq(fs_link_private(state, snap, &err), 0);
	ck_assert(same_file(state, snap));
	ck_assert_uint_eq(entries(dir), 2); /* no temporary file */
	/* In a batch: the same, the replaced name in place at its end. */
	ck_assert_int_eq(fs_write_private(state, "turn 3", 6, &err), 0);
	fs_batch_begin(dir);
	fs_batch_stage(FS_STAGE_DATA);
	ck_assert_int_eq(fs_link_private(state, snap, &err), 0);
	fs_batch_stage(FS_STAGE_NOW);
	assert_content(snap, "turn 2");
	ck_assert_int_eq(fs_batch_end(&err), 0);
	ck_assert(same_file(state, snap));
	ck_assert_uint_eq(entries(dir), 2);
	/* No link to be had: a copy, mode 0600. */
	ck_assert_ptr_nonnull(mkdtemp(shm));
	ck_assert_int_eq(stat(shm, &a), 0);
	ck_assert_int_eq(stat(dir, &b), 0);
	if (a.st_dev != b.st_dev) {
		char *there = xasprintf("%s/0003.xml", shm);
		ck_assert_int_eq(fs_link_private(state, there, &err), 0);
		ck_assert(!same_file(state, there));
		assert_content(there, "turn 3");
		ck_assert_int_eq(stat(there, &a), 0);
		ck_assert_int_eq(a.st_mode & 0777, 0600);
		free(there);
	}
	rmrf(shm);
	free(state);
	free(snap);
	rmrf(dir);
	free(dir);
}
END_TEST

/* The pid goes over the last one at one width (the file never shrinks,
 * so no block is freed each run); a longer file not of our making is cut
 * to it. */
START_TEST(lock_holds_our_pid_alone)
{
	char *dir = tmpdir(), *err = NULL, *path = xasprintf("%s/.lock", dir);
	char *buf = NULL, want[32];
	size_t len;
	int fd;

	ck_assert_int_eq(fs_write_atomic(path, "123456789 and then some text\nmore\n", 35, &err), 0);
	for (int round = 0; round < 2; round++) {
		ck_assert_int_eq(fs_lock(dir, &fd, &err), 0);
		ck_assert_int_eq(fs_read_file(path, &buf, &len, &err), 0);
		snprintf(want, sizeof want, "%-15ld\n", (long)getpid());
		ck_assert_str_eq(buf, want);
		ck_assert_uint_eq(len, 16);
		free(buf);
		fs_unlock(fd);
	}
	free(path);
	rmrf(dir);
	free(dir);
}
END_TEST

START_TEST(second_locker_is_told_busy)
{
	char *dir = tmpdir(), *err = NULL;
	int fd, pipefd[2], status;
	pid_t pid;
	char c;

	ck_assert_int_eq(pipe(pipefd), 0);
	pid = fork();
	if (pid == 0) {
		int cfd;
		if (fs_lock(dir, &cfd, &err))
			_exit(1);
		if (write(pipefd[1], "x", 1) != 1)
			_exit(1);
		sleep(30);
		_exit(0);
	}
	ck_assert_int_eq(read(pipefd[0], &c, 1), 1);
	ck_assert_int_eq(fs_lock(dir, &fd, &err), 1);
	ck_assert_msg(strstr(err, "another wyrmpost"), "%s", err);
	{
		/* the holder's pid, written (not flushed) as it took the lock */
		char *who = xasprintf("(pid %ld)", (long)pid);
		ck_assert_msg(strstr(err, who), "%s", err);
		free(who);
	}
	free(err);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	/* The lock dies with its holder. */
	ck_assert_int_eq(fs_lock(dir, &fd, &err), 0);
	fs_unlock(fd);
	close(pipefd[0]);
	close(pipefd[1]);
	rmrf(dir);
	free(dir);
}
END_TEST

START_TEST(campaign_skips_a_corrupt_game)
{
	char *dir = tmpdir(), *err = NULL, *path;
	struct campaign c;
	struct new_player pl[] = { { "ann", "ann@example.org", "pw1" },
				   { "bob", "bob@example.org", "pw2" } };
	const char *opts[] = { "deadline=0" };
	struct new_game ng = { "g1", "burglar", true, 1, opts, 1, pl, 2, NULL, NULL };
	struct strlist gen = STRLIST_INIT;
	struct run_result r;

	ck_assert_int_eq(campaign_init(dir, "gm@example.org", NULL, &err), 0);
	ck_assert_int_eq(campaign_open(&c, dir, 1800000000, &err), 0);
	ck_assert_int_eq(campaign_new_game(&c, &ng, &gen, &err), 0);
	ng.id = "g2";
	ck_assert_int_eq(campaign_new_game(&c, &ng, &gen, &err), 0);
	ck_assert_uint_eq(gen.n, 0); /* passwords were given */
	path = campaign_game_path(&c, "g1", "game.xml");
	ck_assert_int_eq(fs_write_atomic(path, "<game>\n<oops\n", 13, &err), 0);
	c.now += 10;
	ck_assert_int_eq(campaign_run(&c, 0, NULL, NULL, &r), WP_ERR_DATA);
	ck_assert_uint_eq(r.games, 2);
	ck_assert_uint_eq(r.failed, 1);
	ck_assert_uint_eq(r.processed, 1);
	ck_assert_msg(strstr(r.errors.v[0], "g1: ") && strstr(r.errors.v[0], "game.xml:"),
		      "%s", r.errors.v[0]);
	run_result_release(&r);
	campaign_close(&c);
	free(path);
	rmrf(dir);
	free(dir);
}
END_TEST

static struct wake_index parsed(const char *text)
{
	struct wake_index ix = WAKE_INDEX_INIT;
	char *err = NULL;
	ck_assert_msg(wake_index_parse(text, strlen(text), &ix, &err) == WP_OK, "%s: %s", text,
		      err);
	return ix;
}

static void refused(const char *text)
{
	struct wake_index ix = WAKE_INDEX_INIT;
	char *err = NULL;
	ck_assert_msg(wake_index_parse(text, strlen(text), &ix, &err) == WP_ERR_DATA, "%s", text);
	ck_assert_ptr_nonnull(err);
	ck_assert_uint_eq(ix.n, 0);
	free(err);
}

START_TEST(wake_index_round_trips_and_refuses_damage)
{
	const char *text = "wyrmpost-wake-index 1 1795932730 920163697 0 2\n"
			   "held b-2\n"
			   "a1 12 1795932700 5 1800086400 -\n"
			   "b-2 13 1795932701 0 - h\n"
			   "c_3 14 0 0 0 e\n"
			   "end 3\n";
	struct wake_index ix = parsed(text);
	size_t len;
	char *again;

	ck_assert_uint_eq(ix.n, 3);
	ck_assert_int_eq(ix.mtime_sec, 1795932730);
	ck_assert_int_eq(ix.mtime_nsec, 920163697);
	ck_assert_int_eq(wake_index_find(&ix, "a1")->wake, 1800086400);
	ck_assert_int_eq(wake_index_find(&ix, "b-2")->wake, WAKE_NEVER);
	ck_assert_int_eq(wake_index_find(&ix, "b-2")->flag, WAKE_HELD);
	ck_assert_uint_eq(wake_index_find(&ix, "c_3")->folder.inode, 14);
	ck_assert_int_eq(wake_index_find(&ix, "a1")->folder.cnsec, 5);
	ck_assert_ptr_null(wake_index_find(&ix, "a"));
	ck_assert(!ix.dirty);
	again = wake_index_format(&ix, &len);
	ck_assert_str_eq(again, text);
	free(again);
	/* A new game goes in its place; a change marks it to be written. */
	wake_index_set(&ix, "a2", 5, WAKE_PLAIN);
	ck_assert(ix.dirty);
	ck_assert_str_eq(ix.v[1].id, "a2");
	wake_index_release(&ix);
	ix = parsed("wyrmpost-wake-index 1 0 0 - 0\nheld\nend 0\n");
	ck_assert_uint_eq(ix.n, 0);
	wake_index_release(&ix);
	ix = parsed("wyrmpost-wake-index 1 0 0 2 1\nheld\na 1 0 0 2 -\nend 1\n");
	wake_index_release(&ix);

#define H "wyrmpost-wake-index 1 0 0 2 1\nheld\n"
	refused("");
	refused("wyrmpost-wake-index 2 0 0 - 0\nheld\nend 0\n"); /* another format */
	refused("wyrmpost-wake-index 1 0 0\nend 0\n");            /* the first one's */
	refused("wyrmpost-wake-index 1 0 0 - 0\n");               /* cut short */
	refused("wyrmpost-wake-index 1 0 0 - 0\nend 0\n");        /* no held line */
	refused(H "a 1 0 0 2 -\n");                               /* no end */
	refused(H "a 1 0 0 2 -\nend 2\n");                        /* count */
	refused(H "b 1 0 0 2 -\na 1 0 0 2 -\nend 2\n");           /* order */
	refused(H "a 1 0 0 2 -\na 1 0 0 2 -\nend 2\n");           /* twice */
	refused(H "a 1 0 0 2 x\nend 1\n");                        /* flag */
	refused(H "a 1 0 0 soon -\nend 1\n");                     /* wake */
	refused(H "a 1 0 2000000000 2 -\nend 1\n");               /* ns */
	refused(H "a 1 2 -\nend 1\n");                            /* old line */
	refused(H "../a 1 0 0 2 -\nend 1\n");                     /* id */
	refused(H "a 1 0 0 2 - more\nend 1\n");
	refused(H "a 1 0 0 2 -\nend 1\nmore\n");
	/* First lines that do not agree with the rest. */
	refused("wyrmpost-wake-index 1 0 0 3 1\nheld\na 1 0 0 2 -\nend 1\n");
	refused("wyrmpost-wake-index 1 0 0 2 2\nheld\na 1 0 0 2 -\nend 1\n");
	refused("wyrmpost-wake-index 1 0 0 2 1\nheld a\na 1 0 0 2 -\nend 1\n");
	refused("wyrmpost-wake-index 1 0 0 - 1\nheld\na 1 0 0 - h\nend 1\n");
	refused("wyrmpost-wake-index 1 0 0 - 1\nheld ../a\na 1 0 0 - h\nend 1\n");
#undef H
	{
		static const char nul[] = "wyrmpost-wake-index 1 0 0 - 0\nheld\n\0end 0\n";
		struct wake_index bad = WAKE_INDEX_INIT;
		char *err = NULL;
		ck_assert_int_eq(wake_index_parse(nul, sizeof nul - 1, &bad, &err), WP_ERR_DATA);
		free(err);
	}
}
END_TEST

static void new_game(struct campaign *c, const char *id)
{
	struct new_player pl[] = { { "ann", "ann@example.org", "pw1" },
				   { "bob", "bob@example.org", "pw2" } };
	const char *opts[] = { "deadline=24h" };
	struct new_game ng = { id, "burglar", true, 1, opts, 1, pl, 2, NULL, NULL };
	struct strlist gen = STRLIST_INIT;
	char *err = NULL;
	ck_assert_msg(campaign_new_game(c, &ng, &gen, &err) == WP_OK, "%s", err);
	strlist_clear(&gen);
}

/* Load the index; *why's first words, or "" when it was current. */
static void load_index(struct campaign *c, struct wake_index *ix, const char *why)
{
	char *err = NULL, *said = NULL;
	ck_assert_msg(wake_index_load(c, ix, &said, &err) == WP_OK, "%s", err);
	ck_assert_msg(!strncmp(said ? said : "", why, strlen(why)) && (said || !*why),
		      "'%s', not '%s'", said ? said : "", why);
	free(said);
}

START_TEST(wake_index_rebuilt_from_the_game_folders)
{
	char *dir = tmpdir(), *err = NULL, *path, *cmd;
	struct wake_index ix;
	struct strlist touched = STRLIST_INIT;
	struct campaign c;
	struct run_result r;

	ck_assert_int_eq(campaign_init(dir, "gm@example.org", NULL, &err), 0);
	ck_assert_int_eq(campaign_open(&c, dir, 1800000000, &err), 0);
	new_game(&c, "g1");
	new_game(&c, "g2");
	ck_assert_int_eq(wake_index_touch(&c, "g1", &err), 0);
	ck_assert_int_eq(wake_index_touched(&c, &touched, &err), 0);
	ck_assert_uint_eq(touched.n, 1);
	strlist_clear(&touched);

	/* Missing: every game to be looked at. */
	load_index(&c, &ix, "the index of games was missing");
	ck_assert_uint_eq(ix.n, 2);
	ck_assert_int_eq(ix.v[0].wake, 0);
	ck_assert(ix.dirty);
	wake_index_release(&ix);

	/* A run writes what each game's state says, and takes the marks. */
	c.now += 10;
	ck_assert_int_eq(campaign_run(&c, 0, NULL, NULL, &r), WP_OK);
	ck_assert_uint_eq(r.games, 2);
	run_result_release(&r);
	ck_assert_int_eq(wake_index_touched(&c, &touched, &err), 0);
	ck_assert_uint_eq(touched.n, 0);
	load_index(&c, &ix, "");
	ck_assert_int_eq(ix.v[0].wake, 1800000000 + 86400);
	ck_assert_int_eq(ix.v[1].wake, 1800000000 + 86400);
	ck_assert(!ix.dirty);
	{
		/* All an idle run reads: the first two lines. */
		struct wake_summary sum;
		bool current;
		ck_assert_int_eq(wake_index_summary(&c, &sum, &current, &err), WP_OK);
		ck_assert(current);
		ck_assert_int_eq(sum.next, 1800000000 + 86400);
		ck_assert_uint_eq(sum.games, 2);
		ck_assert_uint_eq(sum.held.n, 0);
		wake_summary_release(&sum);
	}
	/* The run saw the folders it wrote in. */
	ck_assert_uint_ne(ix.v[1].folder.inode, 0);
	wake_index_release(&ix);

	/* A folder without a game yet (a copy by hand under way): named,
	 * not a game; the games known keep their wake times. */
	path = campaign_game_path(&c, "g3", NULL);
	ck_assert_int_eq(fs_mkdirs(path, &err), 0);
	load_index(&c, &ix, "");
	ck_assert(ix.dirty);
	ck_assert_uint_eq(ix.n, 3);
	ck_assert_int_eq(wake_index_find(&ix, "g3")->flag, WAKE_EMPTY);
	ck_assert_int_eq(wake_index_find(&ix, "g1")->wake, 1800000000 + 86400);
	ck_assert_int_eq(wake_index_save(&c, &ix, &err), 0);
	wake_index_release(&ix);
	free(path);

	/* A game whose folder was replaced (another inode or change time):
	 * looked at. */
	cmd = xasprintf("cd '%s/games' && cp -R g2 g2.new && rm -rf g2 && mv g2.new g2", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	load_index(&c, &ix, "");
	ck_assert_int_eq(wake_index_find(&ix, "g2")->wake, 0);
	ck_assert_int_eq(wake_index_find(&ix, "g1")->wake, 1800000000 + 86400);
	ck_assert_int_eq(wake_index_save(&c, &ix, &err), 0);
	wake_index_release(&ix);

	/* A game removed: gone from the index. */
	cmd = xasprintf("rm -rf '%s/games/g1'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	load_index(&c, &ix, "");
	ck_assert_ptr_null(wake_index_find(&ix, "g1"));
	ck_assert_uint_eq(ix.n, 2);
	ck_assert_int_eq(wake_index_save(&c, &ix, &err), 0);
	wake_index_release(&ix);

	/* Damaged: rebuilt, every game looked at. */
	path = xasprintf("%s/spool/wake-index", dir);
	ck_assert_int_eq(fs_write_atomic(path, "garbage\n", 8, &err), 0);
	load_index(&c, &ix, "the index of games was damaged");
	ck_assert_uint_eq(ix.n, 2);
	ck_assert_int_eq(wake_index_find(&ix, "g2")->wake, 0);
	wake_index_release(&ix);
	free(path);

	campaign_close(&c);
	rmrf(dir);
	free(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("store");
	tcase_add_test(tc, game_xml_has_format_and_round_trips);
	tcase_add_test(tc, corrupt_files_name_file_and_line);
	tcase_add_test(tc, turns_and_times_bounded_both_ways);
	tcase_add_test(tc, entities_and_doctype_refused);
	tcase_add_test(tc, atomic_write_replaces_whole);
	tcase_add_test(tc, batch_stages_until_its_end);
	tcase_add_test(tc, batch_commits_behind_the_next);
	tcase_add_test(tc, temporary_names_carry_the_writer);
	tcase_add_test(tc, xml_written_as_libxml2_writes_it);
	tcase_add_test(tc, xml_written_straight_as_libxml2_writes_it);
	tcase_add_test(tc, link_names_the_same_file);
	tcase_add_test(tc, mkdirs_makes_missing_parents);
	tcase_add_test(tc, second_locker_is_told_busy);
	tcase_add_test(tc, lock_holds_our_pid_alone);
	tcase_add_test(tc, campaign_skips_a_corrupt_game);
	tcase_add_test(tc, wake_index_round_trips_and_refuses_damage);
	tcase_add_test(tc, wake_index_rebuilt_from_the_game_folders);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
