/* orders.c - reading orders texts; see orders.h. */
#include "orders.h"

#include <stdlib.h>
#include <string.h>

#include "header.h"
#include "mime.h"
#include "utf8.h"
#include "util.h"

/* An order's verb may end with a colon as a header keyword may ("Name:
 * Bob", "vote:stakes"): the line without it, for the engines read verbs
 * alone.  Only a word of letters is a verb; "12:00" stays as it is. */
static char *without_verb_colon(const char *text)
{
	size_t k = 0;
	while ((text[k] >= 'a' && text[k] <= 'z') || (text[k] >= 'A' && text[k] <= 'Z'))
		k++;
	if (!k || text[k] != ':')
		return xstrdup(text);
	return text[k + 1] == ' ' || text[k + 1] == '\t' || text[k + 1] == '\0'
		? xasprintf("%.*s%s", (int)k, text, text + k + 1)
		: xasprintf("%.*s %s", (int)k, text, text + k + 1);
}

/* What a line holding a character no game may keep is told; NULL when
 * the text has none.  The one gate for text from mail: every order and
 * header line passes it before a game or a command sees it, so no engine
 * stores what its state file could not be read back with. */
static char *unstorable_reason(const char *text)
{
	uint32_t cp;
	long at = utf8_find_unstorable(text, &cp);
	if (at < 0)
		return NULL;
	char *before = xstrndup(text, (size_t)at);
	char *why = xasprintf("character %zu of the line is U+%04X, a control character "
			      "or noncharacter that a game cannot keep; type the line again "
			      "without it", utf8_count(before) + 1, (unsigned)cp);
	free(before);
	return why;
}

static void add_line(struct submission *s, int lineno, const char *text)
{
	struct order_line *l;
	ALLOC_GROW(s->lines, s->n + 1, s->alloc);
	l = &s->lines[s->n++];
	memset(l, 0, sizeof *l);
	l->lineno = lineno;
	l->text = without_verb_colon(text);
	/* Refused here with a verdict of its own; the rest of the mail is
	 * still read and answered line by line. */
	if ((l->reason = unstorable_reason(l->text)))
		l->code = "bad-character";
}

/* "keyword value" or "keyword: value"; returns the value or NULL. */
static const char *header_value(const char *line, const char *kw)
{
	size_t n = strlen(kw);
	const char *v;
	if (ascii_ncasecmp(line, kw, n))
		return NULL;
	v = line + n;
	if (*v == ':')
		v++; /* "Player:ann" too: the colon ends the keyword */
	else if (*v != ' ' && *v != '\t' && *v != '\0')
		return NULL;
	while (*v == ' ' || *v == '\t')
		v++;
	return v;
}

/* The words people close a mail with; a line that is one of them, with
 * punctuation and perhaps a name after it ("Cheers, Bob"), or a client's
 * footer, ends the orders as a signature line does. */
static bool is_sign_off(const char *line)
{
	static const char *const closings[] = {
		"cheers", "thanks", "thank you", "many thanks", "regards", "best regards",
		"kind regards", "best wishes", "best", "all the best", "yours", "greetings",
		"bye", "ciao", "love", "gruss", "gruß", "grüße", "viele grüße",
		"mit freundlichen grüßen", "merci", "cordialement", "saludos", "groetjes",
	};
	/* The lines mail programs add under what was typed (iOS, Android,
	 * Outlook, Gmail, Yahoo, Proton), in English, German, French,
	 * Spanish, Italian and Dutch; a line starting with one of these is
	 * never an order in any game. */
	static const char *const footers[] = {
		"sent from ", "sent with ", "sent via ", "get outlook for ",
		"download outlook for ", "get the outlook app",
		"gesendet von ", "gesendet mit ", "outlook für ", "holen sie sich outlook",
		"envoyé de ", "envoyé depuis ", "envoyé à partir de ", "envoyé avec ",
		"envoye de ", "envoye depuis ", "obtenir outlook pour ", "télécharger outlook",
		"enviado desde ", "enviado con ", "obtener outlook para ", "descargar outlook",
		"inviato da ", "inviato dal ", "inviato con ", "scarica outlook per ",
		"ottieni outlook per ",
		"verzonden vanaf ", "verzonden vanuit ", "verzonden met ", "verstuurd vanaf ",
		"verstuurd vanuit ", "verstuurd met ", "download outlook voor ",
		"outlook voor ",
	};
	size_t len = strlen(line);
	for (size_t i = 0; i < ARRAY_SIZE(footers); i++)
		if (!ascii_ncasecmp(line, footers[i], strlen(footers[i])))
			return true;
	/* German puts the verb last: "Von meinem iPhone gesendet", "Von
	 * Outlook für Android gesendet". */
	while (len && strchr(".! ", line[len - 1]))
		len--;
	if (!ascii_ncasecmp(line, "von ", 4) && len >= 12 &&
	    !ascii_ncasecmp(line + len - 8, "gesendet", 8))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(closings); i++) {
		size_t n = strlen(closings[i]), words = 0;
		const char *p = line + n;
		if (ascii_ncasecmp(line, closings[i], n) || (*p && !strchr(",.!", *p)))
			continue;
		while (*p && strchr(",.! ", *p))
			p++;
		/* After the closing, at most a name of two words. */
		for (const char *q = p; *q; q++)
			words += (q == p || q[-1] == ' ') && *q != ' ';
		if (words <= 2 && !strpbrk(p, "0123456789,"))
			return true;
	}
	return false;
}

static void strip_comment(char *line)
{
	for (char *p = line; *p; p++)
		if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			return;
		}
}

/* Header lines come before the first order; returns 1 when line was one. */
static int take_header(struct submission *s, const char *line, int lineno, char **err)
{
	static const char *const kws[] = { "game", "player", "password", "turn" };
	char **slots[] = { &s->game, &s->player, &s->password, NULL };
	for (size_t i = 0; i < ARRAY_SIZE(kws); i++) {
		const char *v = header_value(line, kws[i]);
		long long t;
		if (!v)
			continue;
		/* A second `password` line is the command that changes it
		 * (see mail-commands.h): each header line counts once. */
		if (slots[i] ? *slots[i] != NULL : s->turn != 0)
			return 0;
		if (!*v) {
			*err = xasprintf("line %d: '%s' needs a value", lineno, kws[i]);
			return -1;
		}
		char *bad = unstorable_reason(v);
		if (bad) {
			*err = xasprintf("line %d: %s", lineno, bad);
			free(bad);
			return -1;
		}
		if (!slots[i]) {
			if (!parse_int(v, 1, 1000000, &t)) {
				*err = xasprintf("line %d: turn must be a number, not '%s'",
						 lineno, v);
				return -1;
			}
			s->turn = (int)t;
		} else {
			free(*slots[i]);
			*slots[i] = xstrdup(v);
		}
		return 1;
	}
	return 0;
}

/* A line whose first word is a header keyword misspelt ("gmae g1",
 * "plyer ann"): the first such line for each keyword, for the hint when
 * that header line is missing. */
static const char *const header_kws[] = { "game", "player", "password" };
struct near_kw {
	int lineno;
	char *word;
};

static void note_near_keyword(struct near_kw *near, const char *line, int lineno)
{
	char *word = xstrndup(line, strcspn(line, " \t:"));
	for (size_t k = 0; k < ARRAY_SIZE(header_kws); k++) {
		size_t d = str_distance(word, header_kws[k]);
		if (!near[k].word && d > 0 && d <= 2 && d < strlen(word)) {
			near[k].lineno = lineno;
			near[k].word = xstrdup(word);
		}
	}
	free(word);
}

static void near_release(struct near_kw *near)
{
	for (size_t k = 0; k < ARRAY_SIZE(header_kws); k++)
		free(near[k].word);
}

/* The line of text at *i, trimmed (caller frees); *i moves past it. */
static char *next_line(const char *text, size_t len, size_t *i)
{
	const char *nl = memchr(text + *i, '\n', len - *i);
	size_t end = nl ? (size_t)(nl - text) : len;
	char *line = xstrndup(text + *i, end - *i);
	*i = nl ? end + 1 : len;
	return str_trim(line);
}

/* Is the first line from offset i that is not blank a quoted one? */
static bool quote_follows(const char *text, size_t len, size_t i)
{
	while (i < len) {
		char *l = next_line(text, len, &i);
		bool blank = !*l, quoted = l[0] == '>';
		free(l);
		if (!blank)
			return quoted;
	}
	return false;
}

/* How many lines, from this one, are a reply's attribution just above the
 * quoted mail ("On Fri, 15 Jan 2027, GM <gm@x> wrote:"): 1, or 2 where the
 * client wrapped it (Gmail leaves "wrote:" on a line of its own), or 0.
 * next is the offset of the line after this one. */
static int attribution_lines(const char *line, const char *text, size_t len, size_t next)
{
	size_t ll = strlen(line), nl;
	char *l2;
	int n = 0;
	if (ll && line[ll - 1] == ':' && quote_follows(text, len, next))
		return 1;
	if (strncmp(line, "On ", 3) || next >= len)
		return 0;
	l2 = next_line(text, len, &next);
	nl = strlen(l2);
	if (nl && !strchr(l2, ' ') && l2[nl - 1] == ':' && quote_follows(text, len, next))
		n = 2;
	free(l2);
	return n;
}

/* Where a client starts the mail it replies to without quoting it:
 * Outlook's rule of underscores, or a banner such as "-----Original
 * Message-----" or "---------- Forwarded message ---------".  What follows
 * is someone else's text, never orders. */
static bool is_reply_separator(const char *line)
{
	size_t n = strlen(line);
	if (n >= 10 && strspn(line, "_") == n)
		return true;
	if (n < 8 || strncmp(line, "---", 3) || strcmp(line + n - 3, "---"))
		return false;
	for (size_t i = 3; i + 3 < n; i++)
		if (!ascii_ncasecmp(line + i, "message", 7) || !ascii_ncasecmp(line + i, "nachricht", 9))
			return true;
	return false;
}

/* text with every line end a LF (CRLF and a lone CR, as old Mac mail and
 * some webmail send, count as one) and no NUL byte (a client's stray NUL
 * must not cost a player the orders around it); caller frees. */
static char *plain_lines(const char *text, size_t len, size_t *out_len)
{
	char *out = xmalloc(len + 1);
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\r') {
			out[n++] = '\n';
			if (i + 1 < len && text[i + 1] == '\n')
				i++;
		} else if (text[i]) {
			out[n++] = text[i];
		}
	}
	out[n] = '\0';
	*out_len = n;
	return out;
}

static int parse_lines(struct submission *s, const char *text, size_t len, int first_lineno,
		       char **err);

static int parse_orders_text(struct submission *s, const char *raw, size_t raw_len,
			     int first_lineno, char **err)
{
	size_t len;
	char *text = plain_lines(raw, raw_len, &len);
	int rc = parse_lines(s, text, len, first_lineno, err);
	free(text);
	return rc;
}

/* What one line of the orders text did to the reading. */
enum line_step { LINE_NEXT, LINE_STOP, LINE_ERROR };

/* One line (ours to keep or free) at lineno, whose text continues at *i:
 * skipped, a header, an order, or the end of the orders.  *lineno moves
 * past what was read. */
static enum line_step one_line(struct submission *s, char *line, const char *text, size_t len,
			       size_t *i, int *lineno, bool *in_orders, struct near_kw *near,
			       char **err)
{
	int h;
	enum line_step step = LINE_NEXT;

	if (!strcmp(line, "-- ") || !strcmp(line, "--"))
		step = LINE_STOP;
	else if (str_trim(line)[0] == '>')
		(*lineno)++;
	else if ((s->game || s->player || s->password) && is_reply_separator(line))
		step = LINE_STOP;
	else if ((h = attribution_lines(line, text, len, *i))) {
		if (h == 2)
			free(next_line(text, len, i));
		*lineno += h;
	} else {
		strip_comment(line);
		if (!*str_trim(line)) {
			(*lineno)++;
		} else if ((h = *in_orders ? 0 : take_header(s, line, *lineno, err)) < 0) {
			step = LINE_ERROR;
		} else {
			if (!h)
				note_near_keyword(near, line, *lineno);
			/* Text before the header lines ("Hi, here are my
			 * orders") is not part of the orders block: the block
			 * starts at the header. */
			if (!h && (s->game || s->player || s->password) && is_sign_off(line)) {
				step = LINE_STOP;
			} else {
				if (!h && (s->game || s->player || s->password || s->turn)) {
					*in_orders = true;
					add_line(s, *lineno, line);
				}
				(*lineno)++;
			}
		}
	}
	free(line);
	return step;
}

/* After the last line: an `observe` mail, or the three header lines, or
 * *err says which is missing (with a near miss, if one was seen). */
static int headers_complete(struct submission *s, const struct near_kw *near, char **err)
{
	int k;
	/* `observe`, or `observe CODE` confirming it (see submit.c). */
	if (s->game && !s->player && !s->password && s->n == 1 &&
	    (!ascii_casecmp(s->lines[0].text, "observe") ||
	     !ascii_ncasecmp(s->lines[0].text, "observe ", 8) ||
	     !ascii_casecmp(s->lines[0].text, "unobserve"))) {
		s->observe = ascii_ncasecmp(s->lines[0].text, "observe", 7) ? -1 : 1;
		return 0;
	}
	if (s->game && s->player && s->password)
		return 0;
	k = !s->game ? 0 : !s->player ? 1 : 2;
	*err = xasprintf("the orders must begin with the lines 'game ID', "
			 "'player NAME' and 'password SECRET'; %s is missing", header_kws[k]);
	if (near[k].word) {
		char *more = xasprintf("%s (line %d: did you mean '%s' for '%s'?)", *err,
				       near[k].lineno, header_kws[k], near[k].word);
		free(*err);
		*err = more;
	}
	return -1;
}

static int parse_lines(struct submission *s, const char *text, size_t len, int first_lineno,
		       char **err)
{
	int lineno = first_lineno, rc = 0;
	size_t i = 0;
	bool in_orders = false;
	struct near_kw near[3] = { { 0, NULL } };
	enum line_step step = LINE_NEXT;

	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) /* byte-order mark */
		i = 3;
	while (i < len && step == LINE_NEXT) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		char *line = xstrndup(text + i, end - i);

		/* Order text ends up in the game's XML state, which libxml2
		 * cannot read back when it holds bytes that are not UTF-8: one
		 * such order would make the game unreadable after its turn. */
		if (!utf8_valid(line, strlen(line))) {
			*err = xasprintf("line %d: is not UTF-8 text; save the orders as UTF-8",
					 lineno);
			free(line);
			step = LINE_ERROR;
			break;
		}
		i = end + 1;
		step = one_line(s, line, text, len, &i, &lineno, &in_orders, near, err);
	}
	if (step == LINE_ERROR)
		rc = -1;
	else
		rc = headers_complete(s, near, err);
	near_release(near);
	return rc;
}


static bool value_is(const char *v, const char *want)
{
	size_t n = strlen(want);
	return v && !ascii_ncasecmp(v, want, n) && (v[n] == '\0' || v[n] == ';' || v[n] == ' ');
}

/* Orders in a MIME mail: the MIME layer gives the candidate texts (the
 * body, then an orders.txt attachment, ...); the first that holds orders
 * is used, else the first one's complaint is reported. */
static int parse_mime(struct submission *s, const char *text, size_t len, char **err)
{
	struct mime_result r;
	char *e = NULL, *first = NULL;
	int rc = mime_orders_text(text, len, NULL, &r, &e);

	if (rc != MIME_OK) {
		s->quarantine = rc == MIME_QUARANTINE;
		*err = e ? e : xstrdup("the mail could not be read");
		mime_result_release(&r);
		return -1;
	}
	free(e);
	rc = -1;
	for (size_t i = 0; i < r.n && rc; i++) {
		struct submission t;
		char *te = NULL;
		memset(&t, 0, sizeof t);
		if (!parse_orders_text(&t, r.texts[i].text, r.texts[i].len, 1, &te)) {
			free(s->lines);
			s->game = t.game, s->player = t.player, s->password = t.password;
			s->turn = t.turn, s->observe = t.observe;
			s->lines = t.lines, s->n = t.n, s->alloc = t.alloc;
			rc = 0;
		} else {
			if (!first)
				first = te;
			else
				free(te);
			submission_release(&t);
		}
	}
	if (rc)
		*err = first ? first : xstrdup("the mail holds no text to read orders from");
	else
		free(first);
	mime_result_release(&r);
	return rc;
}

static int parse_mail(struct submission *s, const char *text, size_t len, char **err)
{
	size_t body, hlen = mail_header_end(text, len, &body);
	char *ctype, *cte, *charset = NULL;
	int rc = -1;

	s->from = mail_header_get(text, len, "From");
	s->message_id = mail_header_get(text, len, "Message-ID");
	s->subject = mail_header_get(text, len, "Subject");
	ctype = mail_header_get(text, len, "Content-Type");
	cte = mail_header_get(text, len, "Content-Transfer-Encoding");
	/* A plain UTF-8 text mail is read here; anything else (multipart,
	 * HTML, quoted-printable, base64, other charsets, format=flowed, whose
	 * soft line breaks must be joined, a body that is not UTF-8 whatever
	 * its label says) goes through the MIME layer, which parses it in a
	 * sandboxed child. */
	if ((ctype && !value_is(ctype, "text/plain")) || (ctype && strcasestr(ctype, "flowed")) ||
	    !utf8_valid(text + hlen, len - hlen) ||
	    (ctype && (charset = strstr(ctype, "charset=")) &&
	     !value_is(charset + 8, "utf-8") && !value_is(charset + 8, "\"utf-8\"") &&
	     !value_is(charset + 8, "us-ascii") && !value_is(charset + 8, "\"us-ascii\"")) ||
	    (cte && !value_is(cte, "7bit") && !value_is(cte, "8bit"))) {
		rc = parse_mime(s, text, len, err);
		goto out;
	}
	/* The body starts after the blank line; its lines are counted from
	 * there, as in a MIME mail and as the player sees them. */
	rc = parse_orders_text(s, text + body, len - body, 1, err);
out:
	free(ctype);
	free(cte);
	return rc;
}

int submission_parse(const char *text, size_t len, struct submission *s, char **err)
{
	/* A mail handed over with its mbox envelope line first, as procmail
	 * pipes it: the mail starts on the next line. */
	size_t skip = mail_envelope_skip(text, len);

	memset(s, 0, sizeof *s);
	if (mail_is_message(text + skip, len - skip))
		return parse_mail(s, text + skip, len - skip, err);
	return parse_orders_text(s, text, len, 1, err);
}

void submission_release(struct submission *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->lines[i].text);
		free(s->lines[i].canon);
		free(s->lines[i].reason);
		free(s->lines[i].note);
	}
	free(s->lines);
	free(s->game);
	free(s->player);
	free(s->password);
	free(s->from);
	free(s->message_id);
	free(s->subject);
	memset(s, 0, sizeof *s);
}

char *orders_format(const struct strlist *lines)
{
	struct sb sb = SB_INIT;
	for (size_t i = 0; i < lines->n; i++) {
		sb_adds(&sb, lines->v[i]);
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

void orders_parse_stored(const char *text, struct strlist *lines)
{
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n)
			strlist_take(lines, xstrndup(p, n));
		p += n + (nl ? 1 : 0);
	}
}
