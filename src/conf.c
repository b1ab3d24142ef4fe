/* conf.c - wyrmpost.xml; see conf.h and wyrmpost.xml(5). */
#include "conf.h"

#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "schemas.h"
#include "xmlutil.h"

/* A file named in wyrmpost.xml, relative to the directory it is in. */
static char *conf_path(const char *conf, char *name)
{
	const char *slash = strrchr(conf, '/');
	char *full;
	if (!name || name[0] == '/' || !slash)
		return name;
	full = xasprintf("%.*s/%s", (int)(slash - conf), conf, name);
	free(name);
	return full;
}

/* <smtp> and the timeout of <sendmail>; what the schema cannot say. */
static int load_sending(struct config *c, xmlNode *root, const char *path, char **err)
{
	xmlNode *n = xml_first(root, "smtp");
	xmlNode *sm = xml_first(root, "sendmail");
	char *tls;

	c->send_timeout = 30;
	if (sm)
		xml_attr_int(sm, "timeout", &c->send_timeout);
	if (!n)
		return 0;
	if (sm) {
		*err = xasprintf("%s: <smtp> and <sendmail> are both given; keep one", path);
		return -1;
	}
	c->smtp.url = xml_attr(n, "url");
	c->smtp.user = xml_attr(n, "user");
	c->smtp.password_file = conf_path(path, xml_attr(n, "password-file"));
	c->smtp.ca_file = conf_path(path, xml_attr(n, "ca-file"));
	xml_attr_int(n, "timeout", &c->send_timeout);
	tls = xml_attr(n, "starttls");
	c->smtp.starttls = !tls || !strcmp(tls, "yes") ? CONFIG_STARTTLS_YES
			   : !strcmp(tls, "auto")      ? CONFIG_STARTTLS_AUTO
						       : CONFIG_STARTTLS_NO;
	free(tls);
	if (!c->smtp.user != !c->smtp.password_file) {
		*err = xasprintf("%s: <smtp> needs both user and password-file, or neither",
				 path);
		return -1;
	}
	return 0;
}

/* One <source>: its url and, for IMAP and POP3, how to log in. */
static void load_source(struct config *c, xmlNode *n, const char *path)
{
	struct config_source *s;
	char *tls;

	c->fetch_sources = xrealloc(c->fetch_sources,
				    (c->nfetch_sources + 1) * sizeof *c->fetch_sources);
	s = &c->fetch_sources[c->nfetch_sources++];
	memset(s, 0, sizeof *s);
	s->url = xml_attr(n, "url");
	s->password_file = conf_path(path, xml_attr(n, "password-file"));
	s->ca_file = conf_path(path, xml_attr(n, "ca-file"));
	s->move_to = xml_attr(n, "move-to");
	s->timeout = 30;
	xml_attr_int(n, "timeout", &s->timeout);
	tls = xml_attr(n, "starttls");
	s->starttls = !tls || !strcmp(tls, "auto") ? CONFIG_STARTTLS_AUTO
		      : !strcmp(tls, "yes")        ? CONFIG_STARTTLS_YES
						   : CONFIG_STARTTLS_NO;
	free(tls);
	strlist_add(&c->sources, s->url);
}

int config_load(struct config *c, const char *path, char **err)
{
	char *buf;
	size_t len;
	xmlDoc *doc;
	xmlNode *root, *n;

	memset(c, 0, sizeof *c);
	if (fs_read_file(path, &buf, &len, err))
		return -1;
	doc = xml_parse(buf, len, path, err);
	free(buf);
	if (!doc)
		return -1;
	if (xml_validate(doc, schema_config_rng, path, err)) {
		xmlFreeDoc(doc);
		return -1;
	}
	root = xmlDocGetRootElement(doc);
	n = xml_first(root, "sender");
	c->sender = xml_attr(n, "address");
	c->sender_name = xml_attr(n, "name");
	if (!c->sender_name)
		c->sender_name = xstrdup("wyrmpost");
	n = xml_first(root, "gamemaster");
	c->gamemaster = n ? xml_attr(n, "address") : xstrdup(c->sender);
	for (n = root->children; n; n = n->next)
		if (xml_is(n, "source"))
			load_source(c, n, path);
	n = xml_first(root, "sendmail");
	c->sendmail = n ? xml_attr(n, "command") : NULL;
	c->message_size = 1048576;
	c->give_up = 120;
	c->send_budget = 120;
	c->replies_per_day = 20;
	n = xml_first(root, "limits");
	if (n) {
		xml_attr_int(n, "message-size", &c->message_size);
		xml_attr_int(n, "give-up", &c->give_up);
		xml_attr_int(n, "send-budget", &c->send_budget);
		xml_attr_int(n, "replies-per-day", &c->replies_per_day);
	}
	c->give_up *= 3600;
	if (load_sending(c, root, path, err)) {
		xmlFreeDoc(doc);
		config_release(c);
		return -1;
	}
	/* The web archive `run` refreshes (see site.h). */
	n = xml_first(root, "site");
	c->site_dir = n ? conf_path(path, xml_attr(n, "dir")) : NULL;
	c->site_url = n ? xml_attr(n, "url") : NULL;
	n = xml_first(root, "defaults");
	for (xmlNode *o = n ? n->children : NULL; o; o = o->next) {
		char *name, *value;
		if (!xml_is(o, "option"))
			continue;
		name = xml_attr(o, "name");
		value = xml_attr(o, "value");
		strlist_addf(&c->defaults, "%s=%s", name, value);
		free(name);
		free(value);
	}
	xmlFreeDoc(doc);
	return 0;
}

void config_release(struct config *c)
{
	free(c->sender_name);
	free(c->sender);
	free(c->gamemaster);
	strlist_clear(&c->defaults);
	strlist_clear(&c->sources);
	for (size_t i = 0; i < c->nfetch_sources; i++) {
		free(c->fetch_sources[i].url);
		free(c->fetch_sources[i].password_file);
		free(c->fetch_sources[i].ca_file);
		free(c->fetch_sources[i].move_to);
	}
	free(c->fetch_sources);
	free(c->sendmail);
	free(c->site_dir);
	free(c->site_url);
	free(c->smtp.url);
	free(c->smtp.user);
	free(c->smtp.password_file);
	free(c->smtp.ca_file);
	memset(c, 0, sizeof *c);
}

char *config_template(const char *sender, const char *gamemaster)
{
	return xasprintf(
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<!-- wyrmpost campaign configuration; see wyrmpost.xml(5). -->\n"
		"<wyrmpost format=\"1\">\n"
		"  <!-- Outgoing mail (confirmations, reports) comes from here. -->\n"
		"  <sender name=\"wyrmpost\" address=\"%s\"/>\n"
		"  <!-- Told when a turn is held because too many players missed it. -->\n"
		"  <gamemaster address=\"%s\"/>\n"
		"  <!-- Orders mail is read from this Maildir (inbox/ beside this file):\n"
		"       have your mail system deliver the campaign's address there, or\n"
		"       read a mailbox instead: imaps://, pop3s://, mbox: (wyrmpost.xml(5)). -->\n"
		"  <source url=\"maildir:inbox\"/>\n"
		"  <!-- Outgoing mail waits in outbox/ until one way to send it is set:\n"
		"  <sendmail command=\"/usr/sbin/sendmail -t -i\"/>\n"
		"  or <smtp url=\"smtps://mail.example.org\" user=\"...\" password-file=\"...\"/> -->\n"
		"  <!-- Options every new game starts with, unless `new` says otherwise. -->\n"
		"  <defaults>\n"
		"    <option name=\"deadline\" value=\"24h\"/>\n"
		"  </defaults>\n"
		"</wyrmpost>\n",
		sender, gamemaster);
}
