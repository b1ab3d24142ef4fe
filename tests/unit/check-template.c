/* check-template.c - the template language: loading and its messages
 * (file and line for bad XML, schema violations and XPath errors), {XPath}
 * substitution against items and a state document, items and copies, and
 * kits.  Drawing itself is checked on real PDFs by tests/sh/kits.sh. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <check.h>
#include <libxml/xpathInternals.h>
#include <png.h>

#include "template.h"
#include "testutil.h"
#include "tpl-int.h"
#include "util.h"
#include "xmlutil.h"

static struct tpl *load_ok(const char *text)
{
	struct tpl *t = NULL;
	char *err = NULL;
	int rc = tpl_load_buffer(&t, text, strlen(text), "t.xml", &err);
	ck_assert_msg(rc == TPL_OK, "%s", err);
	return t;
}

/* Loading text must fail with a message that starts with want. */
static void load_fails(const char *text, const char *want)
{
	struct tpl *t = NULL;
	char *err = NULL;
	int rc = tpl_load_buffer(&t, text, strlen(text), "t.xml", &err);
	ck_assert_int_eq(rc, TPL_ERR_DATA);
	ck_assert_msg(err && !strncmp(err, want, strlen(want)), "got '%s', wanted '%s...'",
		      err ? err : "(null)", want);
	free(err);
}

static struct print_doc *new_doc(void)
{
	struct print_doc_opts o = { .paper = PRINT_A4, .small = true };
	struct print_doc *d;
	char *err = NULL;
	ck_assert_msg(print_doc_new(&d, &o, &err) == 0, "%s", err);
	return d;
}

static int render(const struct tpl *t, struct print_doc *d, xmlDoc *state, char **err)
{
	struct tpl_opts o;
	memset(&o, 0, sizeof o);
	return tpl_render(t, d, state, &o, err);
}

#define SHEET_HEAD "<template kind=\"sheet\" width=\"100\" height=\"100\">\n"

START_TEST(test_loads_and_draws)
{
	struct tpl *t = load_ok(
		"<template kind=\"cards\" title=\"t\">\n"
		"  <item count=\"2\" rank=\"A\" suit=\"spades\"/>\n"
		"  <item rank=\"K\" suit=\"hearts\"/>\n"
		"  <front>\n"
		"    <rect x=\"1\" y=\"1\" w=\"61\" h=\"86\" radius=\"3\" fill=\"#ffffff\" stroke=\"black\"/>\n"
		"    <text x=\"3\" y=\"70\" w=\"57\" h=\"15\" size=\"12\" min-size=\"6\" font=\"bold\">"
		"{@rank} of {@suit}<br/>card {$item} of {$items}</text>\n"
		"    <suit x=\"31.5\" y=\"44\" suit=\"{@suit}\" size=\"40\"/>\n"
		"    <track x=\"2\" y=\"2\" w=\"59\" h=\"6\" min=\"1\" max=\"10\" value=\"{string-length(@rank) + 2}\" label=\"Body\" suit=\"clubs\"/>\n"
		"    <each count=\"3\" dx=\"2\"><line x1=\"1\" y1=\"1\" x2=\"1\" y2=\"{$i}\" dash=\"1,1\"/></each>\n"
		"    <group x=\"10\" rotate=\"180\"><polygon points=\"0,0 5,0 2.5,4\" fill=\"red\"/></group>\n"
		"    <hexagon flat=\"10\" fill=\"grey\"/>\n"
		"  </front>\n"
		"  <back><rect x=\"0\" y=\"0\" w=\"63\" h=\"88\" fill=\"#203040\"/></back>\n"
		"</template>\n");
	struct print_doc *d = new_doc();
	struct tpl_opts o;
	char *err = NULL;

	memset(&o, 0, sizeof o);
	o.backs = PRINT_BACKS_DUPLEX;
	ck_assert_msg(tpl_render(t, d, NULL, &o, &err) == TPL_OK, "%s", err);
	ck_assert_uint_eq(print_page_count(d), 2); /* a page of 3 fronts, one of backs */
	print_doc_free(d);
	tpl_free(t);
}
END_TEST

START_TEST(test_sheet_items)
{
	/* one page per copy of every item; none = one page */
	struct tpl *t = load_ok(SHEET_HEAD "<item count=\"2\"/><item/><item count=\"0\"/>"
				"<front><rect x=\"0\" y=\"0\" w=\"10\" h=\"10\"/></front></template>");
	struct tpl *one = load_ok(SHEET_HEAD "<front/></template>");
	struct print_doc *d = new_doc();
	char *err = NULL;
	ck_assert_msg(render(t, d, NULL, &err) == TPL_OK, "%s", err);
	ck_assert_uint_eq(print_page_count(d), 3);
	ck_assert_msg(render(one, d, NULL, &err) == TPL_OK, "%s", err);
	ck_assert_uint_eq(print_page_count(d), 4);
	print_doc_free(d);
	tpl_free(t);
	tpl_free(one);
}
END_TEST

START_TEST(test_select_from_state)
{
	static const char state_xml[] =
		"<game id=\"g\"><engine hoard=\"4\"><seat number=\"1\" player=\"ann\"/>"
		"<seat number=\"2\" player=\"bob\"/><seat number=\"3\" player=\"cy\"/></engine></game>";
	char *err = NULL;
	xmlDoc *state = xml_parse(state_xml, sizeof state_xml - 1, "state", &err);
	struct tpl *t = load_ok(SHEET_HEAD "<items select=\"/game/engine/seat[@number &gt; 1]\"/>"
				"<front><text x=\"0\" y=\"0\" w=\"50\" h=\"10\">{@player}</text>"
				"</front></template>");
	struct tpl *none = load_ok(SHEET_HEAD "<items select=\"/game/engine/seat\"/>"
				   "<front/></template>");
	struct print_doc *d = new_doc();

	ck_assert_ptr_nonnull(state);
	ck_assert_msg(render(t, d, state, &err) == TPL_OK, "%s", err);
	ck_assert_uint_eq(print_page_count(d), 2);
	/* a blank kit has no seats: nothing is drawn, and that is no error */
	ck_assert_msg(render(none, d, NULL, &err) == TPL_OK, "%s", err);
	ck_assert_uint_eq(print_page_count(d), 2);
	print_doc_free(d);
	tpl_free(t);
	tpl_free(none);
	xmlFreeDoc(state);
}
END_TEST

/* Expand s at the first <item> of a template, against state. */
static char *expand_at(const char *item_xml, xmlDoc *state, const char *s)
{
	char *text = xasprintf(SHEET_HEAD "%s<front/></template>", item_xml);
	struct tpl *t = load_ok(text);
	struct tpl_run r;
	xmlNode *item = xml_first(xmlDocGetRootElement(t->doc), "item");
	char *out;

	memset(&r, 0, sizeof r);
	r.t = t;
	r.xp = xmlXPathNewContext(state ? state : t->doc);
	tpl_xpath_errors(r.xp, &r);
	tpl_setvar(&r, "i", 3);
	out = tpl_expand(&r, item, item, s);
	if (!out) {
		out = r.err;
		r.err = NULL;
	}
	free(r.err);
	free(r.xperr);
	xmlXPathFreeContext(r.xp);
	tpl_free(t);
	free(text);
	return out;
}

static void expands(const char *item, xmlDoc *state, const char *s, const char *want)
{
	char *got = expand_at(item, state, s);
	ck_assert_msg(got && !strcmp(got, want), "'%s' gave '%s', wanted '%s'", s,
		      got ? got : "(null)", want);
	free(got);
}

START_TEST(test_substitution)
{
	static const char state_xml[] = "<game turn=\"7\"><engine hoard=\"12\"/></game>";
	char *err = NULL;
	xmlDoc *state = xml_parse(state_xml, sizeof state_xml - 1, "state", &err);
	const char *item = "<item cost=\"3\" name=\"Wyrm\"><text>long <b>story</b></text></item>";

	expands(item, NULL, "Cost: {@cost}", "Cost: 3");
	expands(item, NULL, "plain", "plain");
	expands(item, NULL, "{@cost * 2 + 0.5} and {{braces}}", "6.5 and {braces}");
	expands(item, NULL, "{concat(@name, '}')}", "Wyrm}");
	expands(item, NULL, "{text}", "long story");
	expands(item, NULL, "{@missing}", "");
	expands(item, NULL, "{$i * 25.4}", "76.2");
	/* absolute paths go to the state document, relative ones to the item */
	expands(item, state, "{/game/engine/@hoard} / {@name} / {/game/@turn}", "12 / Wyrm / 7");
	expands(item, NULL, "{/game/engine/@hoard}", "");
	xmlFreeDoc(state);
}
END_TEST

/* The simple tests read without libxml2 (tpl-expr.c) give what libxml2
 * gives, at elements with and without the attributes, at an attribute of
 * entity text and at the document node; the rest is left to libxml2. */
START_TEST(test_simple_xpath)
{
	static const char state_xml[] =
		"<r><e kind=\"event\" mine=\"yes\" n=\"4\"/><e kind=\"event\" mine=\"\"/>"
		"<e kind=\"heading\"/><e/><e kind=\"a&amp;b\" mine=\"no\" x-y.z=\"1\"/></r>";
	static const char *const simple[] = {
		"@kind", "@kind = 'event'", "@kind='event'", "@kind != 'event'", "@mine = \"\"",
		"not(@mine)", " not ( @mine ) ", "@kind = 'event' and (not(@mine) or @mine = 'no')",
		"@kind = 'event' and @mine = 'yes' or @kind = 'heading'", "((@n))", "@x-y.z = '1'",
		"@kind = 'a&b'", "not(@kind = 'event') and not(@nope)", "@mine or@n",
	};
	static const char *const not_simple[] = {
		"@kind = 'event' = 'x'", "'event' = @kind", "@n - 1", "@n-1 = 2", "@p:x", "@kind[1]",
		"notx(@kind)", "not @kind", "@kind or", "@n = 4", "@kind = 'x", "and", "@1",
		"@kind and", "(@kind", "@kind)", "not(@kind) = 'x'",
	};
	char *err = NULL;
	xmlDoc *state = xml_parse(state_xml, sizeof state_xml - 1, "state", &err);
	xmlXPathContext *xp = xmlXPathNewContext(state);
	xmlNode *nodes[7];
	size_t nn = 0;

	ck_assert_ptr_nonnull(state);
	for (xmlNode *c = xmlDocGetRootElement(state)->children; c; c = c->next)
		nodes[nn++] = c;
	nodes[nn++] = xmlDocGetRootElement(state);
	nodes[nn++] = (xmlNode *)state;
	for (size_t i = 0; i < ARRAY_SIZE(not_simple); i++) {
		struct tpl_q *q = tpl_q_parse(not_simple[i]);
		ck_assert_msg(!q, "'%s' read as simple", not_simple[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(simple); i++) {
		struct sb esc = SB_INIT;
		char *text;
		sb_add_escaped(&esc, simple[i]);
		text = xasprintf(SHEET_HEAD "<front><if test=\"%s\"/><text x=\"0\" y=\"0\" "
				 "w=\"1\" h=\"1\">{%s}</text></front></template>",
				 sb_str(&esc), sb_str(&esc));
		sb_release(&esc);
		struct tpl *t = load_ok(text);
		xmlNode *ifel = xml_first(t->front, "if"), *textel = xml_first(t->front, "text");
		struct tpl_q *q = tpl_q_parse(simple[i]);
		struct tpl_run r;

		ck_assert_msg(q != NULL, "'%s' not read as simple", simple[i]);
		tpl_q_free(q);
		memset(&r, 0, sizeof r);
		r.t = t;
		r.xp = xmlXPathNewContext(state);
		tpl_xpath_errors(r.xp, &r);
		for (size_t k = 0; k < nn; k++) {
			xmlXPathObject *obj;
			char *got, *want;
			xp->node = nodes[k];
			obj = xmlXPathEval(BAD_CAST simple[i], xp);
			ck_assert_int_eq(tpl_test_attr(&r, ifel, nodes[k], "test"),
					 xmlXPathCastToBoolean(obj));
			xmlXPathFreeObject(obj);
			obj = xmlXPathEval(BAD_CAST simple[i], xp);
			want = (char *)xmlXPathCastToString(obj);
			got = tpl_expand_str(&r, textel, nodes[k], textel->_private);
			ck_assert_str_eq(got, want);
			free(got);
			xmlFree(want);
			xmlXPathFreeObject(obj);
		}
		ck_assert_ptr_null(r.err);
		free(r.xperr);
		xmlXPathFreeContext(r.xp);
		tpl_free(t);
		free(text);
	}
	xmlXPathFreeContext(xp);
	xmlFreeDoc(state);
}
END_TEST

/* The arithmetic and string lookups read without libxml2 (tpl-fast.c)
 * give libxml2's value to the bit, over hand-picked and generated
 * expressions at nodes with every kind of attribute value; near misses
 * are left to libxml2. */
static bool same_num(double a, double b)
{
	return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a);
}

/* A random arithmetic expression of depth at most d (an LCG: the same
 * expressions every run). */
static void gen_num(struct sb *out, unsigned *seed, int d)
{
	static const char *const leaves[] = {
		"@x", "@y", "@none", "0", "1", "2", "3.5", "10.3923", "0.1", ".5", "5.",
		"58", "178", "12", "0.30000000000000004", "1234567.891", "007", "100000000000000000000",
		"(@fill = 'den')", "(not(@y) or @x = '2')", "$i", "$n", "floor(@x)", "floor(-2.5)",
		"/r/e/@x", "/r/e/@none", "/r/@x", "/r/e/@fill", "string-length(@fill)",
		"string-length(concat(@x, 'é'))",
	};
	static const char *const ops[] = {
		" + ", " - ", " * ", " div ", "+", "-", "*", "\tdiv\n", " mod ", "mod ",
	};
	unsigned k;

	*seed = *seed * 1103515245u + 12345u;
	k = (*seed >> 16) % 8;
	if (d == 0 || k < 3) {
		sb_adds(out, leaves[(*seed >> 8) % ARRAY_SIZE(leaves)]);
		return;
	}
	if (k == 3) {
		sb_adds(out, (*seed >> 4) & 1 ? "-" : "- -");
		gen_num(out, seed, d - 1);
		return;
	}
	if (k == 4) {
		sb_adds(out, "( ");
		gen_num(out, seed, d - 1);
		sb_adds(out, " )");
		return;
	}
	gen_num(out, seed, d - 1);
	sb_adds(out, ops[(*seed >> 12) % ARRAY_SIZE(ops)]);
	gen_num(out, seed, d - 1);
}

static void gen_str(struct sb *out, unsigned *seed, int d)
{
	static const char *const leaves[] = {
		"@fill", "@x", "@none", "''", "'|'", "\"=\"", "'|grass=#bcdc8f|den=#6d4c41|=x|'",
		"'grass'", "'é|é=ü|'", "'a'", ".",
	};
	static const char *const fns[] = { "substring-before(", "substring-after(", "concat(" };
	unsigned k;

	*seed = *seed * 1103515245u + 12345u;
	k = (*seed >> 16) % 6;
	if (d == 0 || k < 2) {
		sb_adds(out, leaves[(*seed >> 8) % ARRAY_SIZE(leaves)]);
		return;
	}
	if (k == 5) {
		sb_adds(out, "substring(");
		gen_str(out, seed, d - 1);
		sb_adds(out, ", ");
		gen_num(out, seed, 2);
		if ((*seed >> 5) & 1) {
			sb_adds(out, ", ");
			gen_num(out, seed, 2);
		}
		sb_adds(out, ")");
		return;
	}
	sb_adds(out, fns[k - 2]);
	gen_str(out, seed, d - 1);
	sb_adds(out, " , ");
	gen_str(out, seed, d - 1);
	if (k == 4 && ((*seed >> 4) & 1)) {
		sb_adds(out, ",");
		gen_str(out, seed, d - 1);
	}
	sb_adds(out, ")");
}

START_TEST(test_fast_xpath)
{
	static const char state_xml[] =
		"<r><e x=\"2\" y=\"3\" fill=\"grass\"/><e x=\" 4.25 \" y=\"-1\" fill=\"den\"/>"
		"<e x=\"1e3\" y=\"\" fill=\"\"/><e x=\"abc\" y=\".5\" fill=\"x|y\"/>"
		"<e x=\"5.\" y=\"0.1\" fill=\"grass=\"/><e x=\"-0\" y=\"123456789.123456789\" fill=\"=\"/>"
		"<e x=\"1.0000000000000002\" y=\"\t7\n\" fill=\"é\"/><e x=\"+3\" y=\"- 3\" fill=\"a&amp;b\"/>"
		"<e x=\"00000000000000000000000000001.5\" y=\"0.000000000000000000001\"/><e/></r>";
	static const char *const fast[] = {
		"58 + 10.3923 * @x - 3.5", "178 - 12 * (@y + @x div 2) - 5.4", "-@x", "--@x",
		"- - -@y", "@x*@y", "@x div 0", "-@x div 0", "0 div 0", "(@x)+(@y)", "3-2", "7",
		"@x-1 + 1",
		"substring-before(substring-after('|grass=#bcdc8f|mountain=#b0aca6|water=#4f9fdc|"
		"gold=#f2c230|den=#6d4c41|', concat('|', @fill, '=')), '|')",
		"substring-after(@fill, '')", "substring-before(@fill, '')", "concat(@x, @none, @y)",
		"substring-after( 'aXbXc' , 'X' )", "substring-before(\"a'b\", \"'\")",
		"substring(' den', 1, 4 * (@fill = 'den'))", "substring('éàü', 2, 1)",
		"substring(@fill, 0, 3)", "substring(@fill, -1, 3)", "substring('abc', 2, 10)",
		"substring('abc', 5, 1)", "substring(., 1, 2)", ".", " . ", "1 + (@x = '2')",
		"(@fill = 'den' or not(@x)) * 3", "substring('abc', 1.5, 1)", "substring('abc', 0 div 0, 2)",
		"substring('#d32f2f#1e63c4', 7 * (1 + (@fill = 'den')) - 6, 7)",
		"2 + 4.3 * ($i - 1)", "-25 * floor(($i - 1) div 4) - 10 * floor((($i - 1) mod 4) div 2)",
		"96 * (($i - 1) mod 2)", "$n mod 2", "@x mod 2", "-7.5 mod $i", "@x mod 0", "floor( @y )",
		"@x > 0", "@none < 1", "@none >= 0", "($i - 1) mod 4 = 0", "$n != 2", "(/r/e/@x) + 0 <= 2",
		"(240 - (/r/e/@x - (@y)) * 1.4)", "@x * 1 = 2", "@x - 0 != 2", "/r/e/@x",
		"not(/r/e/@x)", "/r/e/@none", "not( /r/@none )", " /r/e/@fill ", "/r/@x",
		"substring(@fill, 2)", "substring('abc', 0)", "substring(@fill, string-length(@fill) - 1)",
		"substring(@fill, 1, string-length(@fill) - 2)", "string-length('é|a')", "substring('éà', -3)",
	};
	static const char *const near_miss[] = {
		"1e3 + @x", "@x divx 2", "substring-before ('a', 'b')", "concat('a')",
		"substring-after('a')", "substring-after('a', 'b', 'c')", "@x", "(@x)", "@x = 1",
		"@p:x + 1", "2 + @x[1]", "number(@x)", "@x +", "'a'", "concat('a', 1)",
		"substring-before(@a, 'b') = 'c'", "@x * * 2", "3x", "1..2",
		"concat('a', 'b') and 1", "string-length()", "concat('a', 'b", "2 + @é", "@x div",
		"(1 + 2", "1 + 2)", "- ", "@1 + 1", "1.5e2", "@x or 1", "string-length(1)",
		"substring(@x, @x, 1)", "substring ('a', 1, 1)", ". + 1", "./x", "..", ".[1]", "(@x = 1)",
		"substring('a', 1, 1, 1)", "concat(., ..)", "$p:x + 1", "floor(1, 2)", "floor (1)",
		"@x mod", "$ i", "$1", "floor(1", "@x modx 2", "/r/e[@x]/@x + 1", "//e/@x + 1",
		"/@x + 1", "/r/e/@x/y", "@x = 2", "2 != @x", "(@x = '2') = 1", "1 == 1", "1 < 2 < 3",
		"/r/e/@x = 1", "1 <", "@x > 1 and 1", "not (/r/@x)", "not(/r/@x", "not(@x) and /r/@x",
		"not(/r/@x) or 1", "not(/r/e)", "/r/e/@x <= 2", "1 > /r/e/@y",
	};
	char *err = NULL;
	xmlDoc *state = xml_parse(state_xml, sizeof state_xml - 1, "state", &err);
	xmlXPathContext *xp = xmlXPathNewContext(state);
	xmlNode *nodes[16];
	size_t nn = 0, nexpr = 0, nanswer = 0, ntry = 0;
	unsigned seed = 1;

	ck_assert_ptr_nonnull(state);
	for (xmlNode *c = xmlDocGetRootElement(state)->children; c; c = c->next)
		nodes[nn++] = c;
	nodes[nn++] = xmlDocGetRootElement(state);
	nodes[nn++] = (xmlNode *)state;
	xmlXPathRegisterVariable(xp, BAD_CAST "i", xmlXPathNewFloat(3));
	xmlXPathRegisterVariable(xp, BAD_CAST "n", xmlXPathNewFloat(-7.5));
	for (size_t i = 0; i < ARRAY_SIZE(near_miss); i++) {
		struct tpl_fx *f = tpl_fx_parse(xp, near_miss[i]);
		ck_assert_msg(!f, "'%s' read as fast", near_miss[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(fast) + 600; i++) {
		struct sb gen = SB_INIT;
		const char *expr;
		struct tpl_fx *f;
		if (i < ARRAY_SIZE(fast)) {
			expr = fast[i];
		} else {
			static const char *const cmps[] = { " < ", "<=", " > ", ">= ", " = ", " != " };
			if (i % 4 == 3) { /* a comparison, for test= */
				gen_num(&gen, &seed, 3);
				sb_adds(&gen, cmps[(seed >> 7) % ARRAY_SIZE(cmps)]);
				gen_num(&gen, &seed, 3);
			} else if (i % 2) {
				gen_num(&gen, &seed, 5);
			} else {
				gen_str(&gen, &seed, 4);
			}
			expr = sb_str(&gen);
		}
		f = tpl_fx_parse(xp, expr);
		ck_assert_msg(f != NULL || i >= ARRAY_SIZE(fast), "'%s' not read as fast", expr);
		if (!f) { /* a generated lone @name, say */
			sb_release(&gen);
			continue;
		}
		nexpr++;
		for (size_t k = 0; k < nn; k++) {
			xmlXPathObject *obj;
			xp->node = nodes[k];
			obj = xmlXPathEval(BAD_CAST expr, xp);
			if (!obj) { /* $n-1 is a variable "n-1": both must leave it */
				double x;
				struct sb got = SB_INIT;
				ck_assert_msg(f->op == TPL_FX_CMP ? tpl_fx_test(f, xp, nodes[k]) < 0 :
					      tpl_fx_is_num(f) ? tpl_fx_num(f, xp, nodes[k], &x) < 0 :
					      tpl_fx_str(f, xp, nodes[k], &got) < 0,
					      "libxml2 fails on '%s', tpl_fx does not", expr);
				sb_release(&got);
				continue;
			}
			ntry++;
			if (f->op == TPL_FX_CMP || f->op == TPL_FX_NODES || f->op == TPL_FX_NONODES) {
				int yes = tpl_fx_test(f, xp, nodes[k]);
				if (yes >= 0) {
					nanswer++;
					ck_assert_msg(yes == xmlXPathCastToBoolean(obj), "'%s' at %zu: %d",
						      expr, k, yes);
				}
			}
			if (f->op == TPL_FX_CMP || f->op == TPL_FX_NONODES) {
				struct sb got = SB_INIT;
				ck_assert_int_lt(tpl_fx_str(f, xp, nodes[k], &got), 0);
			} else if (tpl_fx_is_num(f)) {
				double x;
				ck_assert_int_eq(obj->type, XPATH_NUMBER);
				if (tpl_fx_num(f, xp, nodes[k], &x) == 0) {
					nanswer++;
					ck_assert_msg(same_num(x, obj->floatval),
						      "'%s' at %zu: %.17g, libxml2 %.17g", expr, k, x,
						      obj->floatval);
				}
			} else {
				struct sb got = SB_INIT;
				xmlChar *want = xmlXPathCastToString(obj); /* '.' is a node-set */
				sb_adds(&got, "kept");
				if (tpl_fx_str(f, xp, nodes[k], &got) == 0) {
					nanswer++;
					ck_assert_msg(!strncmp(sb_str(&got), "kept", 4) &&
						      !strcmp(sb_str(&got) + 4, (const char *)want),
						      "'%s' at %zu: '%s', libxml2 '%s'", expr, k,
						      sb_str(&got), want);
				} else {
					ck_assert_str_eq(sb_str(&got), "kept");
				}
				xmlFree(want);
				sb_release(&got);
			}
			xmlXPathFreeObject(obj);
		}
		tpl_fx_free(f);
		sb_release(&gen);
	}
	ck_assert_uint_gt(nexpr, 400);
	/* '.' at the root and the document, fractions in substring() go to libxml2 */
	ck_assert_uint_gt(nanswer, ntry * 2 / 3);
	xmlXPathFreeContext(xp);
	xmlFreeDoc(state);
}
END_TEST

/* The paths walked without libxml2 (tpl-fast.c) select libxml2's nodes in
 * its order, from every node; near misses are left to libxml2. */
START_TEST(test_fast_paths)
{
	static const char state_xml[] =
		"<report player=\"p\"><view><cell x=\"1\"/><piece/><cell x=\"2\" dashed=\"yes\"/>"
		"<line dashed=\"no\"/><line dashed=\"yes\"/><line/></view><page><entry kind=\"a\"/>"
		"<entry/></page><view><cell x=\"3\"><cell x=\"4\"/></cell></view>"
		"<q:cell xmlns:q=\"urn:q\"/><page><entry kind=\"b\"/></page></report>";
	static const char *const fast[] = {
		"/report/view/cell", "/report/view/line[@dashed = 'yes']", "/report/view/line[@dashed = 'no']",
		"/report/page", "entry", "cell", "view/cell/cell", "/report", "/view", "/report/view/line[@dashed]",
		"/report/view/line[not(@dashed) or @dashed = 'no']", "/report/page/entry[@kind != 'a']",
		"/report/view/cell[@x='1' or @x = \"3\"]/cell", "nothing", "/report/view/line[ @dashed = ']' ]",
	};
	static const char *const near_miss[] = {
		"/report/view/cell[1]", "/report//cell", "report/view/*", "/report/view/cell | /report/page",
		"/report/view/cell[@x = 1]", " /report", "/report /view", "q:cell", "child::cell",
		"/report/view/cell[@x][@y]", "/report/view/cell[position() = 1]", "text()", "..", ".",
		"/", "/report/", "//cell", "/report/view/cell[@x = 'a']]", "/report/view/line[@dashed = 'yes'",
		"/report/view/cell/@x", "1cell", "@x", "$v", "cell[cell[@x]]",
	};
	char *err = NULL;
	xmlDoc *state = xml_parse(state_xml, sizeof state_xml - 1, "state", &err);
	xmlXPathContext *xp = xmlXPathNewContext(state);
	xmlNode *nodes[64];
	size_t nn = 0;

	ck_assert_ptr_nonnull(state);
	nodes[nn++] = (xmlNode *)state;
	for (size_t i = 0; i < nn && nn < 60; i++)
		for (xmlNode *c = nodes[i]->children; c; c = c->next)
			nodes[nn++] = c;
	for (xmlAttr *a = xmlDocGetRootElement(state)->properties; a; a = a->next)
		nodes[nn++] = (xmlNode *)a;
	for (size_t i = 0; i < ARRAY_SIZE(near_miss); i++) {
		struct tpl_path *p = tpl_path_parse(near_miss[i]);
		ck_assert_msg(!p, "'%s' read as a simple path", near_miss[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(fast); i++) {
		struct tpl_path *p = tpl_path_parse(fast[i]);
		ck_assert_msg(p != NULL, "'%s' not read as a simple path", fast[i]);
		for (size_t k = 0; k < nn; k++) {
			xmlXPathObject *obj;
			xmlNode **v = NULL;
			size_t n = 0, alloc = 0;
			int rc = tpl_path_eval(p, nodes[k], &v, &n, &alloc);
			xp->node = nodes[k];
			obj = xmlXPathEval(BAD_CAST fast[i], xp);
			ck_assert_ptr_nonnull(obj);
			ck_assert_int_eq(obj->type, XPATH_NODESET);
			if (rc == 0) {
				int want = obj->nodesetval ? obj->nodesetval->nodeNr : 0;
				ck_assert_msg((int)n == want, "'%s' at %zu: %zu nodes, libxml2 %d",
					      fast[i], k, n, want);
				for (size_t j = 0; j < n; j++)
					ck_assert_ptr_eq(v[j], obj->nodesetval->nodeTab[j]);
			} else {
				ck_assert_msg(nodes[k]->type == XML_ATTRIBUTE_NODE ||
					      nodes[k]->type == XML_TEXT_NODE,
					      "'%s' at %zu left to libxml2", fast[i], k);
			}
			free(v);
			xmlXPathFreeObject(obj);
		}
		tpl_path_free(p);
	}
	xmlXPathFreeContext(xp);
	xmlFreeDoc(state);
}
END_TEST

START_TEST(test_errors_name_file_and_line)
{
	/* not XML */
	load_fails("<template kind=\"sheet\">\n<front>\n</template>\n", "t.xml:3:");
	/* a DOCTYPE (and so any entity) is refused */
	load_fails("<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY x \"y\">]>\n"
		   "<template kind=\"sheet\"><front/></template>\n", "t.xml:2:");
	/* schema: unknown element, unknown kind, a bad number, a missing attribute */
	load_fails(SHEET_HEAD "<front>\n<blob/>\n</front></template>\n", "t.xml:");
	load_fails("<template kind=\"wallpaper\">\n<front/></template>\n", "t.xml:");
	load_fails(SHEET_HEAD "<front>\n\n<rect x=\"one\" y=\"0\" w=\"1\" h=\"1\"/></front></template>",
		   "t.xml:4:");
	load_fails(SHEET_HEAD "<front>\n<text x=\"0\" y=\"0\" w=\"1\">a</text></front></template>",
		   "t.xml:3:");
	/* XPath that does not compile, in an attribute, a text, a test, a select */
	load_fails(SHEET_HEAD "<front>\n<rect x=\"{@a +}\" y=\"0\" w=\"1\" h=\"1\"/></front></template>",
		   "t.xml:3: XPath '@a +'");
	load_fails(SHEET_HEAD "<front>\n\n<text x=\"0\" y=\"0\" w=\"1\" h=\"1\">Cost {[[}</text></front></template>",
		   "t.xml:4: XPath '[['");
	load_fails(SHEET_HEAD "<front>\n<if test=\"((\"/></front></template>", "t.xml:3: XPath");
	load_fails(SHEET_HEAD "<items select=\"/game/\"/><front/></template>", "t.xml:2: XPath");
	load_fails(SHEET_HEAD "<front>\n<text x=\"0\" y=\"0\" w=\"1\" h=\"1\">a {@b</text></front></template>",
		   "t.xml:3: '{' without '}'");
}
END_TEST

/* Rendering t must fail with a message that starts with want. */
static void render_fails(const char *text, const char *want)
{
	struct tpl *t = load_ok(text);
	struct print_doc *d = new_doc();
	char *err = NULL;
	ck_assert_int_eq(render(t, d, NULL, &err), TPL_ERR_DATA);
	ck_assert_msg(err && !strncmp(err, want, strlen(want)), "got '%s', wanted '%s...'",
		      err ? err : "(null)", want);
	free(err);
	print_doc_free(d);
	tpl_free(t);
}

START_TEST(test_runtime_errors)
{
	render_fails(SHEET_HEAD "<front>\n<rect x=\"{$nope}\" y=\"0\" w=\"1\" h=\"1\"/></front></template>",
		     "t.xml:3: XPath '$nope'");
	render_fails(SHEET_HEAD "<item n=\"x\"/><front>\n\n<rect x=\"{@n}\" y=\"0\" w=\"1\" h=\"1\"/></front></template>",
		     "t.xml:4: x='x' is not a number");
	render_fails(SHEET_HEAD "<item c=\"pink\"/><front>\n<rect x=\"0\" y=\"0\" w=\"1\" h=\"1\" fill=\"{@c}\"/></front></template>",
		     "t.xml:3: fill='pink' is not a colour");
	render_fails(SHEET_HEAD "<item s=\"stars\"/><front>\n<suit x=\"0\" y=\"0\" suit=\"{@s}\"/></front></template>",
		     "t.xml:3: suit='stars'");
	render_fails(SHEET_HEAD "<front><each count=\"2\">\n<if test=\"$i = 2\"><rect x=\"0\" y=\"0\" w=\"{-$i}\" h=\"1\"/></if></each></front></template>",
		     "t.xml:3: w must be more than 0");
	render_fails(SHEET_HEAD "<front>\n<each select=\"1 + 1\"/></front></template>",
		     "t.xml:3: select does not give nodes");
	render_fails("<template kind=\"sheet\" width=\"400\" height=\"100\"><front/></template>",
		     "t.xml:1: a sheet of 400 x 100 mm does not fit");
	/* font sizes the print layer would refuse as a programmer's error (the
	 * tpl fuzzer's size="1218.5"): the template's error, with its line */
	render_fails(SHEET_HEAD "<front>\n<text x=\"0\" y=\"0\" w=\"9\" h=\"9\" size=\"1218.5\">a</text>"
		     "</front></template>", "t.xml:3: size must be more than 0 and less than 1000");
	render_fails(SHEET_HEAD "<item s=\"0\"/><front>\n<text x=\"0\" y=\"0\" w=\"9\" h=\"9\" size=\"{@s}\">a</text>"
		     "</front></template>", "t.xml:3: size must be more than 0");
	render_fails(SHEET_HEAD "<front>\n<suit x=\"5\" y=\"5\" suit=\"hearts\" size=\"5000\"/>"
		     "</front></template>", "t.xml:3: size must be more than 0 and less than 1000");
	render_fails(SHEET_HEAD "<front>\n<track x=\"0\" y=\"0\" w=\"50\" h=\"9\" min=\"1\" max=\"3\" size=\"-2\"/>"
		     "</front></template>", "t.xml:3: size must be more than 0 and less than 1000");
	/* and the strokes print_line_width() and print_dash() would refuse */
	render_fails(SHEET_HEAD "<front>\n<rect x=\"0\" y=\"0\" w=\"9\" h=\"9\" width=\"-1\"/>"
		     "</front></template>", "t.xml:3: width must be 0 or more");
	render_fails(SHEET_HEAD "<item d=\"2,-1\"/><front>\n<rect x=\"0\" y=\"0\" w=\"9\" h=\"9\" dash=\"{@d}\"/>"
		     "</front></template>", "t.xml:3: dash='2,-1' needs ON and OFF");
	render_fails(SHEET_HEAD "<front>\n<line x1=\"0\" y1=\"0\" x2=\"9\" y2=\"9\" dash=\"0,5000\"/>"
		     "</front></template>", "t.xml:3: dash='0,5000' needs ON and OFF");
	/* The load-time check reads a <text>'s text nodes, not its CDATA: such
	 * XPath is compiled when drawn, and fails there, at its line. */
	render_fails(SHEET_HEAD "<front>\n\n<text x=\"0\" y=\"0\" w=\"1\" h=\"1\"><![CDATA[a {((}]]></text>"
		     "</front></template>", "t.xml:4: XPath '((':");
	render_fails(SHEET_HEAD "<front>\n<text x=\"0\" y=\"0\" w=\"1\" h=\"1\">a <![CDATA[{$nope}]]></text>"
		     "</front></template>", "t.xml:3: XPath '$nope':");
}
END_TEST

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

START_TEST(test_kits)
{
	char dir[] = "/tmp/check_template.XXXXXX";
	char *p, *err = NULL;
	struct kit *k = NULL;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	p = xasprintf("%s/toy", dir);
	ck_assert_int_eq(mkdir(p, 0755), 0);
	free(p);
	/* no kit at all */
	ck_assert_int_eq(kit_load(&k, dir, "nokit", false, &err), TPL_ERR_NOTFOUND);
	ck_assert_msg(strstr(err, "no kit for 'nokit'"), "%s", err);
	free(err);
	ck_assert_int_eq(kit_load(&k, dir, "../etc", false, &err), TPL_ERR_NOTFOUND);
	free(err);

	p = xasprintf("%s/toy/kit.xml", dir);
	write_file(p, "<kit game=\"toy\">\n  <part template=\"a.xml\"/>\n"
		      "  <part template=\"missing.xml\" for=\"game\"/>\n</kit>\n");
	free(p);
	p = xasprintf("%s/toy/a.xml", dir);
	write_file(p, SHEET_HEAD "<front/></template>\n");
	free(p);
	ck_assert_int_eq(kit_load(&k, dir, "toy", false, &err), TPL_OK);
	ck_assert_uint_eq(kit_parts(k), 1);
	kit_free(k);
	/* the part for stored games names its missing file and the kit's line */
	ck_assert_int_eq(kit_load(&k, dir, "toy", true, &err), TPL_ERR_NOTFOUND);
	ck_assert_msg(strstr(err, "toy/kit.xml:3") && strstr(err, "missing.xml"), "%s", err);
	free(err);

	p = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(p), 0);
	free(p);
}
END_TEST

/* A w x h PNG at path: RGBA whose alpha runs from clear to opaque, or RGB
 * when alpha is false. */
static void write_png(const char *path, unsigned w, unsigned h, bool alpha)
{
	png_image pi;
	unsigned ch = alpha ? 4 : 3;
	unsigned char *px = xmalloc((size_t)w * h * ch);

	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++) {
			unsigned char *p = px + ((size_t)y * w + x) * ch;
			p[0] = (unsigned char)(x * 255 / w);
			p[1] = 0x40;
			p[2] = (unsigned char)(y * 255 / h);
			if (alpha)
				p[3] = (unsigned char)((x + y) * 255 / (w + h - 2));
		}
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	pi.width = w;
	pi.height = h;
	pi.format = alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
	ck_assert_msg(png_image_write_to_file(&pi, path, 0, px, 0, NULL), "%s", pi.message);
	free(px);
}

/* Load dir/name (written from text) and render it; the result code, and
 * the message in *err. */
static int load_render(const char *dir, const char *text, char **err)
{
	char *path = xasprintf("%s/t.xml", dir);
	struct tpl *t = NULL;
	struct print_doc *d;
	int rc;

	write_file(path, text);
	*err = NULL;
	rc = tpl_load_file(&t, path, err);
	free(path);
	if (rc)
		return rc;
	d = new_doc();
	rc = render(t, d, NULL, err);
	print_doc_free(d);
	tpl_free(t);
	return rc;
}

static void image_fails(const char *dir, const char *text, int want_rc, const char *want)
{
	char *err = NULL, *full = xasprintf("%s/t.xml:%s", dir, want);
	int rc = load_render(dir, text, &err);
	ck_assert_msg(rc == want_rc, "rc %d, wanted %d (%s)", rc, want_rc, err ? err : "");
	ck_assert_msg(err && !strncmp(err, full, strlen(full)), "got '%s', wanted '%s...'",
		      err ? err : "(null)", full);
	free(err);
	free(full);
}

START_TEST(test_images)
{
	char dir[] = "/tmp/check_template.XXXXXX";
	char *p, *err = NULL;
	struct print_doc *d;
	struct print_image *im;
	unsigned w, h;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	p = xasprintf("%s/sub", dir);
	ck_assert_int_eq(mkdir(p, 0755), 0);
	free(p);
	p = xasprintf("%s/sub/clear.png", dir);
	write_png(p, 40, 20, true);
	free(p);
	p = xasprintf("%s/opaque.png", dir);
	write_png(p, 8, 8, false);
	free(p);
	p = xasprintf("%s/bad.png", dir);
	write_file(p, "\x89PNG\r\n\x1a\n\nnot really");
	free(p);
	p = xasprintf("%s/text.png", dir);
	write_file(p, "hello");
	free(p);

	/* found from the template's directory, in every fit, bound by XPath
	 * too, on fronts and backs */
	ck_assert_msg(load_render(dir, "<template kind=\"cards\">\n<item f=\"opaque.png\"/>\n"
				  "<front>\n<image x=\"1\" y=\"1\" w=\"30\" h=\"30\" src=\"sub/clear.png\"/>\n"
				  "<image x=\"1\" y=\"40\" w=\"30\" h=\"30\" src=\"sub/clear.png\" fit=\"cover\"/>\n"
				  "<image x=\"32\" y=\"1\" w=\"30\" h=\"80\" src=\"{@f}\" fit=\"stretch\"/>\n"
				  "</front><back><image x=\"0\" y=\"0\" w=\"63\" h=\"88\" src=\"./sub/clear.png\"/>"
				  "</back></template>\n", &err) == TPL_OK, "%s", err);

	/* the picture keeps its size and transparency; an opaque one has no mask */
	d = new_doc();
	p = xasprintf("%s/sub/clear.png", dir);
	ck_assert_msg(print_image_load(d, p, &im, &err) == 0, "%s", err);
	free(p);
	print_image_size(im, &w, &h);
	ck_assert_uint_eq(w, 40);
	ck_assert_uint_eq(h, 20);
	ck_assert(print_image_masked(im));
	print_image_free(im);
	p = xasprintf("%s/opaque.png", dir);
	ck_assert_msg(print_image_load(d, p, &im, &err) == 0, "%s", err);
	free(p);
	ck_assert(!print_image_masked(im));
	print_image_free(im);
	print_doc_free(d);

	/* JPEG headers: the frame is checked before libharu sees it */
	{
		static const struct {
			const char *name;
			unsigned char bytes[32];
			size_t len;
			const char *want;
		} jpegs[] = {
			{ "ok.jpg", { 0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 'J', 'F', 0xFF, 0xC0, 0, 17, 8, 0, 3,
				      0, 2, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 0xFF, 0xD9 },
			  29, NULL },
			{ "deep.jpg", { 0xFF, 0xD8, 0xFF, 0xC1, 0, 11, 12, 0, 3, 0, 2, 1, 1, 0x11, 0,
					0xFF, 0xD9 }, 17, "only 8-bit" },
			{ "empty.jpg", { 0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 0, 0, 2, 1, 1, 0x11, 0,
					 0xFF, 0xD9 }, 17, "a JPEG of 2 x 0 pixels" },
			{ "cut.jpg", { 0xFF, 0xD8, 0xFF, 0xE0, 0, 40, 'J' }, 7, "broken JPEG" },
			{ "scan.jpg", { 0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9 }, 8, "broken JPEG" },
		};
		d = new_doc();
		for (size_t i = 0; i < ARRAY_SIZE(jpegs); i++) {
			FILE *f;
			p = xasprintf("%s/%s", dir, jpegs[i].name);
			f = fopen(p, "wb");
			ck_assert_ptr_nonnull(f);
			ck_assert_uint_eq(fwrite(jpegs[i].bytes, 1, jpegs[i].len, f), jpegs[i].len);
			fclose(f);
			err = NULL;
			if (!jpegs[i].want) {
				ck_assert_msg(print_image_load(d, p, &im, &err) == 0, "%s", err);
				print_image_size(im, &w, &h);
				ck_assert_uint_eq(w, 2);
				ck_assert_uint_eq(h, 3);
				ck_assert(!print_image_masked(im));
				print_image_free(im);
			} else {
				ck_assert_int_eq(print_image_load(d, p, &im, &err), -1);
				ck_assert_msg(!strncmp(err, p, strlen(p)) && strstr(err, jpegs[i].want),
					      "%s: %s", jpegs[i].name, err);
				free(err);
			}
			free(p);
		}
		/* none of them broke the document */
		ck_assert_int_eq(print_doc_status(d, &err), 0);
		print_doc_free(d);
	}

	/* a file named literally is looked for when the template loads */
	image_fails(dir, SHEET_HEAD "<front>\n\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"nope.png\"/>"
		    "</front></template>", TPL_ERR_DATA, "4: image 'nope.png': ");
	image_fails(dir, SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"../x.png\"/>"
		    "</front></template>", TPL_ERR_DATA, "3: image '../x.png': src may not climb");
	/* one bound by XPath when it is drawn */
	image_fails(dir, SHEET_HEAD "<item f=\"gone.png\"/><front>\n\n\n<image x=\"0\" y=\"0\" w=\"9\" "
		    "h=\"9\" src=\"{@f}\"/></front></template>", TPL_ERR_DATA,
		    "5: image 'gone.png': ");
	image_fails(dir, SHEET_HEAD "<item f=\"sub/../../x.png\"/><front>\n<image x=\"0\" y=\"0\" "
		    "w=\"9\" h=\"9\" src=\"{@f}\"/></front></template>", TPL_ERR_DATA,
		    "3: image 'sub/../../x.png': src may not climb");
	/* broken files are errors with the line, never a crash */
	image_fails(dir, SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"bad.png\"/>"
		    "</front></template>", TPL_ERR_DATA, "3: image 'bad.png': ");
	image_fails(dir, SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"text.png\"/>"
		    "</front></template>", TPL_ERR_DATA, "3: image 'text.png': ");
	image_fails(dir, SHEET_HEAD "<item f=\"fill\"/><front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" "
		    "src=\"opaque.png\" fit=\"{@f}\"/></front></template>", TPL_ERR_DATA,
		    "3: fit='fill'");
	image_fails(dir, SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"0\" h=\"9\" src=\"opaque.png\"/>"
		    "</front></template>", TPL_ERR_DATA, "3: w must be more than 0");
	/* the schema: absolute paths and unknown fits */
	load_fails(SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"/etc/passwd\"/>"
		   "</front></template>", "t.xml:3:");
	load_fails(SHEET_HEAD "<front>\n<image x=\"0\" y=\"0\" w=\"9\" h=\"9\" src=\"a.png\" fit=\"tile\"/>"
		   "</front></template>", "t.xml:3:");

	p = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(p), 0);
	free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("template");
	TCase *tc = tcase_create("template");
	tcase_add_test(tc, test_loads_and_draws);
	tcase_add_test(tc, test_sheet_items);
	tcase_add_test(tc, test_select_from_state);
	tcase_add_test(tc, test_substitution);
	tcase_add_test(tc, test_simple_xpath);
	tcase_add_test(tc, test_fast_xpath);
	tcase_add_test(tc, test_fast_paths);
	tcase_add_test(tc, test_errors_name_file_and_line);
	tcase_add_test(tc, test_runtime_errors);
	tcase_add_test(tc, test_kits);
	tcase_add_test(tc, test_images);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
