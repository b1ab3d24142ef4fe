/* conf.c - wyrmpost.xml; see conf.h and wyrmpost.xml(5). */
#include "conf.h"

#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "schemas.h"
#include "xmlutil.h"

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
			strlist_take(&c->sources, xml_attr(n, "url"));
	n = xml_first(root, "sendmail");
	c->sendmail = n ? xml_attr(n, "command") : NULL;
	c->message_size = 1048576;
	n = xml_first(root, "limits");
	if (n)
		xml_attr_int(n, "message-size", &c->message_size);
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
	free(c->sendmail);
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
		"  <!-- Options every new game starts with, unless `new` says otherwise. -->\n"
		"  <defaults>\n"
		"    <option name=\"deadline\" value=\"24h\"/>\n"
		"  </defaults>\n"
		"</wyrmpost>\n",
		sender, gamemaster);
}
