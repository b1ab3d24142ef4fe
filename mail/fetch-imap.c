/* fetch-imap.c - an IMAP mailbox as a source (imap:// with STARTTLS when
 * offered or required, imaps://), on libetpan's low-level API so that the
 * UIDs, the flags and the server's words stay in our hands.
 *
 * Every message of the mailbox is fetched with BODY.PEEK[] (the server sets
 * no \Seen) in UID order and given to fetch_take().  Once that returned
 * WP_OK the message is, at once, moved to the source's move-to folder
 * (UID MOVE, or COPY and \Deleted where MOVE is missing) or marked
 * \Deleted; at the end of the mailbox the \Deleted ones are expunged (UID
 * EXPUNGE of just those where UIDPLUS is offered, else EXPUNGE).  A
 * connection lost in between leaves handled messages in the mailbox, some
 * marked \Deleted; the next run takes them again and finds them in the
 * index, so they are only removed.
 */
#include "fetch-int.h"
#include "tls-verify.h"

#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "fsutil.h"

static bool ok(int r)
{
	return r == MAILIMAP_NO_ERROR || r == MAILIMAP_NO_ERROR_AUTHENTICATED ||
	       r == MAILIMAP_NO_ERROR_NON_AUTHENTICATED;
}

/* "what: the server's words" for a failed command. */
static int fail(mailimap *imap, const struct fetch_net *n, int r, const char *what,
		char **err)
{
	const char *said = imap->imap_response && *imap->imap_response ? imap->imap_response
									  : NULL;
	*err = xasprintf("IMAP %s:%u: %s failed: %s", n->url.host, n->url.port, what,
			 said ? said
			 : r == MAILIMAP_ERROR_STREAM || r == MAILIMAP_ERROR_CONNECTION_REFUSED
				 ? "the connection failed or timed out"
			 : r == MAILIMAP_ERROR_LOGIN ? "wrong user or password"
						     : "the server refused");
	return r == MAILIMAP_ERROR_LOGIN ? WP_ERR_NOPERM : WP_ERR_IO;
}

/* Does the server list capability name (after the last CAPABILITY)? */
static bool has_cap(mailimap *imap, const char *name)
{
	struct mailimap_capability_data *cd;
	clistiter *it;
	if (!imap->imap_connection_info || !(cd = imap->imap_connection_info->imap_capability))
		return false;
	for (it = clist_begin(cd->cap_list); it; it = clist_next(it)) {
		struct mailimap_capability *cap = clist_content(it);
		if (cap->cap_type == MAILIMAP_CAPABILITY_NAME && cap->cap_data.cap_name &&
		    !ascii_casecmp(cap->cap_data.cap_name, name))
			return true;
	}
	return false;
}

static int capability(mailimap *imap)
{
	struct mailimap_capability_data *cd = NULL;
	int r = mailimap_capability(imap, &cd);
	if (cd)
		mailimap_capability_data_free(cd);
	return r;
}

/* Connect, TLS as the URL and starttls say, verify, log in. */
static int imap_open(const struct fetch_net *n, mailimap **out, char **err)
{
	mailimap *imap = mailimap_new(0, NULL);
	const char *host = n->url.host;
	bool tls = n->url.scheme == FETCH_IMAPS;
	int r, rc;

	*out = imap;
	mailimap_set_timeout(imap, (time_t)n->src->timeout);
	r = tls ? mailimap_ssl_connect_with_callback(imap, host, (uint16_t)n->url.port,
						     tls_setup_sni, (void *)host)
		: mailimap_socket_connect(imap, host, (uint16_t)n->url.port);
	if (!ok(r))
		return fail(imap, n, r, "connecting", err);
	if (!tls && n->src->starttls != MAIL_STARTTLS_NO) {
		r = capability(imap);
		if (!ok(r))
			return fail(imap, n, r, "CAPABILITY", err);
		if (has_cap(imap, "STARTTLS")) {
			r = mailimap_socket_starttls_with_callback(imap, tls_setup_sni,
								   (void *)host);
			if (!ok(r))
				return fail(imap, n, r, "STARTTLS", err);
			tls = true;
		} else if (n->src->starttls == MAIL_STARTTLS_YES) {
			*err = xasprintf("IMAP %s:%u offers no STARTTLS, and the source requires "
					 "it; not logging in", host, n->url.port);
			return WP_ERR_IO;
		}
	}
	/* Before the password goes out: is this the server we meant? */
	if (tls && tls_verify(imap->imap_stream, host, n->src->ca_file, "refusing to log in",
			      err))
		return WP_ERR_IO;
	r = mailimap_login(imap, n->url.user, n->password);
	/* Not needed again this run: gone before a MIME parser child, which
	 * lives for many messages, is forked with a copy of our memory. */
	explicit_bzero(n->password, strlen(n->password));
	if (!ok(r)) {
		rc = fail(imap, n, r, "login", err);
		return rc;
	}
	r = capability(imap);
	return ok(r) ? WP_OK : fail(imap, n, r, "CAPABILITY", err);
}

/* The raw bytes of message uid, or *raw NULL when it is gone. */
static int fetch_uid(mailimap *imap, const struct fetch_net *n, uint32_t uid, char **raw,
		     size_t *len, char **err)
{
	struct mailimap_set *set = mailimap_set_new_single(uid);
	struct mailimap_fetch_type *ft = mailimap_fetch_type_new_fetch_att_list_empty();
	clist *res = NULL;
	int r;

	*raw = NULL;
	mailimap_fetch_type_new_fetch_att_list_add(
		ft, mailimap_fetch_att_new_body_peek_section(mailimap_section_new(NULL)));
	mailimap_fetch_type_new_fetch_att_list_add(ft, mailimap_fetch_att_new_uid());
	r = mailimap_uid_fetch(imap, set, ft, &res);
	mailimap_fetch_type_free(ft);
	mailimap_set_free(set);
	if (!ok(r))
		return fail(imap, n, r, "FETCH", err);
	/* Unsolicited FETCH responses for other messages may come too. */
	for (clistiter *m = clist_begin(res); m && !*raw; m = clist_next(m)) {
		struct mailimap_msg_att *ma = clist_content(m);
		const char *body = NULL;
		size_t blen = 0;
		uint32_t got = 0;
		for (clistiter *i = clist_begin(ma->att_list); i; i = clist_next(i)) {
			struct mailimap_msg_att_item *it = clist_content(i);
			struct mailimap_msg_att_static *st;
			if (it->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC)
				continue;
			st = it->att_data.att_static;
			if (st->att_type == MAILIMAP_MSG_ATT_UID)
				got = st->att_data.att_uid;
			else if (st->att_type == MAILIMAP_MSG_ATT_BODY_SECTION &&
				 st->att_data.att_body_section->sec_body_part) {
				body = st->att_data.att_body_section->sec_body_part;
				blen = st->att_data.att_body_section->sec_length;
			}
		}
		if (got == uid && body) {
			*raw = xmalloc(blen + 1);
			memcpy(*raw, body, blen);
			(*raw)[blen] = '\0';
			*len = blen;
		}
	}
	mailimap_fetch_list_free(res);
	return WP_OK;
}

static int store_deleted(mailimap *imap, struct mailimap_set *set)
{
	struct mailimap_flag_list *fl = mailimap_flag_list_new_empty();
	struct mailimap_store_att_flags *sa;
	int r;
	mailimap_flag_list_add(fl, mailimap_flag_new_deleted());
	sa = mailimap_store_att_flags_new_add_flags_silent(fl);
	r = mailimap_uid_store(imap, set, sa);
	mailimap_store_att_flags_free(sa);
	return r;
}

/* Take message uid off the mailbox: moved, or marked \Deleted (*marked). */
static int remove_uid(mailimap *imap, const struct fetch_net *n, uint32_t uid, bool *marked,
		      char **err)
{
	struct mailimap_set *set = mailimap_set_new_single(uid);
	const char *to = n->src->move_to;
	int r = MAILIMAP_NO_ERROR;

	if (to && has_cap(imap, "MOVE")) {
		r = mailimap_uid_move(imap, set, to);
		mailimap_set_free(set);
		return ok(r) ? WP_OK : fail(imap, n, r, "MOVE", err);
	}
	if (to)
		r = mailimap_uid_copy(imap, set, to);
	if (ok(r))
		r = store_deleted(imap, set);
	mailimap_set_free(set);
	if (!ok(r))
		return fail(imap, n, r, to ? "COPY" : "STORE \\Deleted", err);
	*marked = true;
	return WP_OK;
}

static int expunge(mailimap *imap, const struct fetch_net *n, const clist *uids,
		   char **err)
{
	int r;
	if (has_cap(imap, "UIDPLUS")) {
		struct mailimap_set *set = mailimap_set_new_empty();
		for (clistiter *it = clist_begin((clist *)uids); it; it = clist_next(it))
			mailimap_set_add_single(set, *(uint32_t *)clist_content(it));
		r = mailimap_uid_expunge(imap, set);
		mailimap_set_free(set);
	} else {
		r = mailimap_expunge(imap);
	}
	return ok(r) ? WP_OK : fail(imap, n, r, "EXPUNGE", err);
}

static int by_uid(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static int take_all(struct fetch_run *fr, mailimap *imap, const struct fetch_net *n,
		    char **err)
{
	struct mailimap_search_key *key = mailimap_search_key_new_all();
	clist *found = NULL, *marked = clist_new();
	uint32_t *uids = NULL;
	size_t nuids = 0;
	int r, rc = WP_OK;

	r = mailimap_uid_search(imap, NULL, key, &found);
	mailimap_search_key_free(key);
	if (!ok(r)) {
		clist_free(marked);
		return fail(imap, n, r, "SEARCH", err);
	}
	uids = xcalloc((size_t)clist_count(found) + 1, sizeof *uids);
	for (clistiter *it = clist_begin(found); it; it = clist_next(it))
		uids[nuids++] = *(uint32_t *)clist_content(it);
	mailimap_search_result_free(found);
	qsort(uids, nuids, sizeof *uids, by_uid);

	for (size_t i = 0; i < nuids && !rc; i++) {
		char *raw;
		size_t len;
		bool del = false;
		rc = fetch_uid(imap, n, uids[i], &raw, &len, err);
		if (rc || !raw)
			continue;
		char *name = xasprintf("UID %lu", (unsigned long)uids[i]);
		rc = fetch_take(fr, name, raw, len, err);
		free(name);
		free(raw);
		crashpoint("fetch-before-remove");
		if (!rc)
			rc = remove_uid(imap, n, uids[i], &del, err);
		if (del)
			clist_append(marked, &uids[i]);
	}
	/* Expunged even after a failure, so that what was handled goes. */
	if (clist_count(marked)) {
		char *e2 = NULL;
		int xrc = expunge(imap, n, marked, &e2);
		if (xrc && !rc) {
			rc = xrc;
			*err = e2;
			e2 = NULL;
		}
		free(e2);
	}
	clist_free(marked);
	free(uids);
	return rc;
}

int fetch_imap(struct fetch_run *fr, const struct fetch_net *n, char **err)
{
	mailimap *imap;
	int rc = imap_open(n, &imap, err), r;

	if (!rc && n->src->move_to) {
		/* NO when it exists already: that is fine. */
		mailimap_create(imap, n->src->move_to);
	}
	if (!rc) {
		r = mailimap_select(imap, n->url.mailbox);
		if (!ok(r))
			rc = fail(imap, n, r, "SELECT", err);
	}
	if (!rc)
		rc = take_all(fr, imap, n, err);
	if (imap->imap_stream)
		mailimap_logout(imap);
	mailimap_free(imap);
	return rc;
}
