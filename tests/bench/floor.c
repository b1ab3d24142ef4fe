/* floor.c - the floor for `make bench`: parse and rewrite every
 * DIR/games/ID/game.xml with libxml2 alone (no schema, no engine, no
 * reports), writing to a temporary file and renaming, as wyrmpost does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

int main(int argc, char **argv)
{
	char path[4096], tmp[4200];
	struct dirent *de;
	DIR *d;
	long n = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: bench-floor CAMPAIGN-DIR\n");
		return 64;
	}
	snprintf(path, sizeof path, "%s/games", argv[1]);
	d = opendir(path);
	if (!d) {
		perror(path);
		return 66;
	}
	while ((de = readdir(d))) {
		xmlDoc *doc;
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/games/%s/game.xml", argv[1], de->d_name);
		doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
		if (!doc)
			continue;
		snprintf(tmp, sizeof tmp, "%s.floor", path);
		if (xmlSaveFormatFileEnc(tmp, doc, "UTF-8", 1) < 0 || rename(tmp, path)) {
			perror(tmp);
			return 74;
		}
		xmlFreeDoc(doc);
		n++;
	}
	closedir(d);
	printf("%ld\n", n);
	return 0;
}
