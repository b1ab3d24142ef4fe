/* fuzz-intake.c - a libFuzzer target over mail intake: one untrusted
 * message through everything wyrmpost does with it, in this process so that
 * the fuzzer sees the coverage.  `make fuzz` builds it with clang and
 * -fsanitize=fuzzer,address,undefined (tests/fuzz.mk); the normal build
 * links it with tests/fuzz/fuzz-replay.c instead, a main() that replays files,
 * and `make check` replays the seed mails through that (tests/fuzz/fuzz-replay.sh)
 * so that this file cannot rot.
 *
 * What one input goes through, in the order `wyrmpost fetch` does it:
 *   1. the header look-ups of fetch's mail_never_answer() and
 *      answer_sender() (mail_header_get, mail_address_of), done in the
 *      parent on raw bytes;
 *   2. submission_parse() on the raw mail, as campaign_submit() does: a plain
 *      UTF-8 text mail is read right there, anything else goes to the MIME
 *      layer and each candidate text to the orders reader;
 *   3. the MIME parse itself, mime_parse_unsafe(), in both modes (the full
 *      parse, and the header-only second try made after a quarantine).
 * In the real program step 2 reaches the parser through mime_orders_text(),
 * which forks a sandboxed child.  Here the link replaces that one call
 * (-Wl,--wrap=mime_orders_text) with intake_inproc.c's stand-in: the same
 * size check, the same parse function the child runs, and the result
 * through the same wire form (mime_result_encode, then mime_result_decode)
 * that the child sends to the parent -- only the fork is left out.
 *
 * The known libetpan crash.  libetpan 1.9.4 overflows the heap on
 * `boundary="\""` (../shared/LIBETPAN.md section 3.1) inside mailmime_parse.
 * wyrmpost has no pre-check for it: mime.c's whole defence is the child, so
 * that this and any other crash in the parser costs one quarantined mail.
 * Run in-process, the fuzzer therefore can and should hit it; nothing here
 * filters it out, which would also blind the fuzzer to everything near it.
 * `make fuzz` runs libFuzzer with -fork=1 -ignore_crashes=1, so that a crash
 * ends one job and not the run, and tests/fuzz/fuzz-run.sh sorts every crash it
 * saved into this known one (the stack passes through
 * mailmime_extract_boundary) and anything new.
 *
 * Besides "does not crash, leak or hang", each step checks what its header
 * promises (mime.h, orders.h) and abort()s, which libFuzzer reports as a
 * crash, when a promise is broken. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-intake.h"
#include "intake-inproc.h"
#include "mime-int.h"
#include "header.h"
#include "orders.h"
#include "utf8.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static _Noreturn void broken(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_intake: broken promise: %s%s%s\n", what, detail ? ": " : "",
		detail ? detail : "");
	abort();
}

/* A header value as mime.h promises it: UTF-8 without line breaks (X-Loop
 * holds one value per line, so it may have LF but never CR). */
static void check_header(const char *name, const char *v, bool lines_ok)
{
	if (!v)
		return;
	if (!utf8_valid(v, strlen(v)))
		broken("header not UTF-8", name);
	if (strchr(v, '\r') || (!lines_ok && strchr(v, '\n')))
		broken("line break in header", name);
}

static void check_result(int rc, const char *err, const struct mime_result *r,
			 enum mime_mode mode)
{
	if (rc != MIME_OK && rc != MIME_NO_TEXT)
		broken("mime_parse_unsafe returned neither MIME_OK nor MIME_NO_TEXT", NULL);
	if ((rc == MIME_OK) != (r->n > 0))
		broken("MIME_OK if and only if there is a text", NULL);
	if (rc != MIME_OK && !err)
		broken("MIME_NO_TEXT without a reason", NULL);
	if (mode == MIME_PARSE_HEADERS && rc != MIME_NO_TEXT)
		broken("a header-only parse gave text", NULL);
	for (size_t i = 0; i < r->n; i++) {
		const struct mime_text *t = &r->texts[i];
		if (!t->text || !t->source)
			broken("a text without its text or source", NULL);
		if (t->text[t->len] != '\0' || strlen(t->text) != t->len)
			broken("a text not NUL-terminated at its length, or holding NUL", t->source);
		if (!utf8_valid(t->text, t->len))
			broken("a text that is not UTF-8", t->source);
		if (memchr(t->text, '\r', t->len))
			broken("a text with CR line ends", t->source);
		if (t->len >= 3 && !memcmp(t->text, "\xEF\xBB\xBF", 3))
			broken("a text starting with a byte-order mark", t->source);
	}
	check_header("From", r->from, false);
	check_header("From name", r->from_name, false);
	check_header("Message-ID", r->message_id, false);
	check_header("Subject", r->subject, false);
	check_header("In-Reply-To", r->in_reply_to, false);
	check_header("Auto-Submitted", r->auto_submitted, false);
	check_header("Precedence", r->precedence, false);
	check_header("X-Loop", r->x_loop, true);
	check_header("Return-Path", r->return_path, false);
	if (r->from && !mail_address_ok(r->from))
		broken("From address that fails mail_address_ok", r->from);
	if (r->message_id && strpbrk(r->message_id, " \t<>\r\n"))
		broken("Message-ID with blanks, brackets or line breaks", r->message_id);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The child's result through the wire and back must arrive whole and
 * unchanged: anything else, the parent would take for a garbled child and
 * quarantine a good mail. */
static void check_wire(int rc, const char *err, const struct mime_result *r)
{
	struct sb wire = SB_INIT;
	struct mime_result back;
	char *back_err = NULL;
	int back_rc = -1;
	mime_result_encode(rc, err, r, &wire);
	if (mime_result_decode(wire.buf, wire.len, &back_rc, &back_err, &back) < 0)
		broken("a result the child sends does not decode", err);
	if (back_rc != rc || !same_str(back_err, err) || back.n != r->n ||
	    back.bounce != r->bounce || !same_str(back.from, r->from) ||
	    !same_str(back.from_name, r->from_name) || !same_str(back.message_id, r->message_id) ||
	    !same_str(back.subject, r->subject) || !same_str(back.in_reply_to, r->in_reply_to) ||
	    !same_str(back.auto_submitted, r->auto_submitted) ||
	    !same_str(back.precedence, r->precedence) || !same_str(back.x_loop, r->x_loop) ||
	    !same_str(back.return_path, r->return_path))
		broken("the result changed on the wire", NULL);
	for (size_t i = 0; i < r->n; i++)
		if (back.texts[i].len != r->texts[i].len ||
		    memcmp(back.texts[i].text, r->texts[i].text, r->texts[i].len) ||
		    !same_str(back.texts[i].source, r->texts[i].source))
			broken("a text changed on the wire", r->texts[i].source);
	mime_result_release(&back);
	free(back_err);
	sb_release(&wire);
}

static void check_full(int rc, const char *err, const struct mime_result *r)
{
	check_result(rc, err, r, MIME_PARSE_FULL);
}

int fuzz_intake(const char *raw, size_t len, struct fuzz_intake_summary *sum)
{
	static const char *const names[] = { "Auto-Submitted", "Precedence", "X-Loop",
					     "Return-Path", "From", "Content-Type",
					     "Message-ID" };
	struct submission s;
	struct mime_result r;
	char *err = NULL, *from;
	int rc;

	if (sum)
		memset(sum, 0, sizeof *sum);
	/* mime_orders_text() refuses anything larger unparsed, and fetch
	 * quarantines it before that; bigger inputs only slow the fuzzer. */
	if (len > MIME_DEFAULT_MAX_SIZE)
		return -1;

	/* 1. fetch's header look-ups on the raw mail. */
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *v = mail_header_get(raw, len, names[i]);
		if (v && (strchr(v, '\n') || strchr(v, '\r')))
			broken("mail_header_get gave a line break", names[i]);
		free(v);
	}
	(void)mail_never_answer(raw, len, "wyrmpost@example.org");
	from = mail_header_get(raw, len, "From");
	if (from) {
		char *to = mail_address_of(from);
		if (to && !mail_address_ok(to))
			broken("mail_address_of gave an unsafe address", to);
		free(to);
		free(from);
	}

	/* 2. the orders reader on the raw mail, the MIME layer behind it. */
	intake_inproc_calls = 0;
	intake_inproc_check = check_full;
	if (submission_parse(raw, len, &s, &err) == 0) {
		if (!s.game)
			broken("orders without a game", NULL);
		for (size_t k = 0; k < s.n; k++)
			if (s.lines[k].lineno <= 0 || !s.lines[k].text)
				broken("an order line without its number or text", NULL);
			else if (!utf8_valid(s.lines[k].text, strlen(s.lines[k].text)))
				broken("an order line that is not UTF-8", s.lines[k].text);
		if (sum) {
			sum->orders = true;
			snprintf(sum->game, sizeof sum->game, "%s", s.game);
			snprintf(sum->player, sizeof sum->player, "%s",
				 s.player ? s.player : "-");
			sum->lines = s.n;
		}
	} else if (!err) {
		broken("submission_parse failed without a reason", NULL);
	} else if (sum) {
		snprintf(sum->why, sizeof sum->why, "%s", err);
	}
	if (sum)
		sum->via_mime = intake_inproc_calls;
	free(err);
	err = NULL;
	submission_release(&s);

	/* 3. the MIME parse in both modes, whatever the orders reader chose. */
	rc = mime_parse_unsafe(raw, len, MIME_PARSE_FULL, &r, &err);
	check_result(rc, err, &r, MIME_PARSE_FULL);
	check_wire(rc, err, &r);
	if (sum) {
		sum->mime_ok = rc == MIME_OK;
		sum->texts = r.n;
		snprintf(sum->source, sizeof sum->source, "%s",
			 r.n ? r.texts[0].source : "-");
	}
	mime_result_release(&r);
	free(err);
	err = NULL;
	rc = mime_parse_unsafe(raw, len, MIME_PARSE_HEADERS, &r, &err);
	check_result(rc, err, &r, MIME_PARSE_HEADERS);
	check_wire(rc, err, &r);
	mime_result_release(&r);
	free(err);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Only -1 and 0 are defined; -1 keeps an input out of the corpus. */
	return fuzz_intake((const char *)data, size, NULL) < 0 ? -1 : 0;
}
