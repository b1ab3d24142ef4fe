/* wyrmpost.c - main: global options, then one verb from the table. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "datadir.h"
#include "fsutil.h"
#include "run-batch.h"

static const struct cmd commands[] = {
	{ "init", cmd_init, "init [--sender ADDRESS] [--gamemaster ADDRESS]",
	  "create a campaign directory",
	  "Creates wyrmpost.xml, games/, outbox/ and spool/ in the campaign directory\n"
	  "(made if missing).  --sender is the address mail comes from; --gamemaster\n"
	  "is told about held turns (default: the sender).\n" },
	{ "new", cmd_new,
	  "new ID RULES [--seed N] [--option NAME=VALUE]... [--deadline SPEC] [--tz ZONE]\n"
	  "              --player NAME:EMAIL[:PASSWORD]... [--setup FILE]",
	  "create a game",
	  "Creates game ID played by RULES (see 'wyrmpost help rules').  Each --player\n"
	  "names a player, the address their mail goes to and, optionally, a password;\n"
	  "a password not given is generated and printed once.  Every player is sent a\n"
	  "welcome mail with their password.  --seed fixes the game's random generator\n"
	  "(same seed and same orders: the same game).  --deadline is 0 (every run), an\n"
	  "interval (24h, 90m, 2d, 1w), a daily time (18:00) or days and a time\n"
	  "('tue,fri 18:00', 'mon-fri 09:30') in --tz (default UTC).\n"
	  "--setup gives a game that takes one its starting position as a file (City of\n"
	  "Glass: the book piles).  'wyrmpost help rules' lists the options every game has and each game's own.\n" },
	{ "status", cmd_status, "status [ID]", "show the games, or one game in detail",
	  "Without ID, one line per game: rules, turn, state, deadline and how many of\n"
	  "the awaited players have sent orders.  With ID: the players and the board.\n" },
	{ "check", cmd_check, "check [ID]", "validate the configuration and stored games",
	  "Reads wyrmpost.xml and every game file (current state and every earlier\n"
	  "state under turns/) against the schemas; prints each problem as FILE:LINE:\n"
	  "message and exits with 65 (EX_DATAERR) if there was any.\n" },
	{ "submit", cmd_submit, "submit [FILE]", "take one orders text or mail",
	  "Reads an orders text, or one RFC 5322 mail, from FILE or standard input\n"
	  "(so '|wyrmpost submit' works in a procmail recipe or as fetchmail's mda).\n"
	  "The text starts with 'game ID', 'player NAME' and 'password SECRET' lines,\n"
	  "optionally 'turn N', then one order per line.  Each line is accepted or\n"
	  "rejected with a reason; the confirmation is printed and mailed to the\n"
	  "player.  A later submission for the same turn replaces the earlier one.\n"
	  "A mail is taken as 'fetch' takes one: used once however often it is\n"
	  "delivered, never answered when automatic or from an address in no game,\n"
	  "quarantined unread over the size limit; its exit status is 0 once it is\n"
	  "handled, 75 when delivering it again may help.  Typed orders (no mail\n"
	  "headers) exit 77 (EX_NOPERM) for a wrong password, 65 (EX_DATAERR) for\n"
	  "orders for another turn or a text that holds no orders header.\n" },
	{ "fetch", cmd_fetch, "fetch", "read orders mail from the configured sources",
	  "Reads every <source> of wyrmpost.xml (imap[s]://, pop3[s]://, maildir:PATH,\n"
	  "mbox:PATH; see wyrmpost.xml(5)) and takes\n"
	  "each message as 'submit' would: orders stored and answered, answers only\n"
	  "to addresses registered in some game (others are logged).  A\n"
	  "message is removed from its source only after its orders are stored; a\n"
	  "message seen before (same Message-ID) is only removed; bounces, automatic\n"
	  "replies, bulk and list mail and our own are logged, never answered; mail\n"
	  "over the size limit goes to spool/quarantine/ unread.\n" },
	{ "send", cmd_send, "send [--now]", "deliver the outbox",
	  "Delivers every message in outbox/new by the <smtp> or <sendmail> of\n"
	  "wyrmpost.xml (see wyrmpost.xml(5)) and files it in sent/.  TLS certificates\n"
	  "are verified.  A message that cannot be delivered stays and is tried again\n"
	  "by later runs, 5 minutes later, then 10, 20, ... at most 6 hours apart;\n"
	  "--now tries every message now.  Exits 75 (EX_TEMPFAIL) when some mail\n"
	  "could not be sent, 78 (EX_CONFIG) when no way to send is configured.\n" },
	{ "turn", cmd_turn, "turn ID [--dry-run] [--force]", "process one game's turn now",
	  "Plays the current turn of game ID now, whether or not its deadline has come.\n"
	  "Players who sent nothing get the game's no-orders rule.  --force plays a held\n"
	  "turn, or one that more than half the awaited players missed; --dry-run shows\n"
	  "what would happen and writes nothing.\n" },
	{ "run", cmd_run, "run [--dry-run] [--force] [-j N]", "process every due game (the cron job)",
	  "Fetches orders mail from the configured sources, processes every game whose\n"
	  "deadline has come or whose awaited players have all sent orders, then sends\n"
	  "the outbox if a way to send is configured.  A game whose file is damaged is reported and skipped; the\n"
	  "others still run.  Quiet unless something fails, except for a progress line\n"
	  "when standard error is a terminal.  Exits 75 (EX_TEMPFAIL) when another run\n"
	  "holds the campaign.  -j N (--jobs) plays the games in N processes at once\n"
	  "(default: one per online core), with the same results as -j 1.\n" },
	{ "report", cmd_report, "report ID [--turn N] [--player NAME]",
	  "print a stored turn report",
	  "Prints the report of turn N (default: the last one played), as player NAME\n"
	  "received it, or the public report.\n" },
	{ "site", cmd_site, "site [-o DIR]", "write the web archive of every game",
	  "Writes a static web site of the campaign into DIR (default: the <site dir>\n"
	  "of wyrmpost.xml, else site/ in the campaign): an index of the games with\n"
	  "their rules, turn, deadline, players and open seats; for each game every\n"
	  "public report with its board as a picture, turn by turn; the rules as\n"
	  "played.  Only what observers get: no private report, no address.  Plain\n"
	  "HTML and CSS, no script, readable on a phone.  With <site dir=\"...\"/> in\n"
	  "wyrmpost.xml, every run keeps it up to date.\n" },
	{ "print", cmd_print,
	  "print RULES|ID [--paper a4|letter] [--bleed MM] [--backs none|duplex|fold]\n"
	  "              [--offset X,Y] [--boards poster|page|both] [--small]\n"
	  "              [--templates DIR] [-o FILE]",
	  "print a game's components, or a stored game's sheets, to PDF",
	  "Prints the kit of RULES ('wyrmpost help rules' lists the kits): cards N-up\n"
	  "with crop marks, sheets, tiles and boards, drawn from the layout templates\n"
	  "in templates/RULES/.  Given the id of a game stored in the campaign\n"
	  "instead, prints that game's own sheets filled in from its state.  --paper\n"
	  "(default a4); --bleed MM around each card; --backs duplex puts mirrored\n"
	  "back pages after the fronts (--offset X,Y mm shifts them for your printer),\n"
	  "fold puts backs beside the fronts to fold and cut; --boards prints boards\n"
	  "at true size across pages (poster), on one page (page) or both (default);\n"
	  "--small uses the standard PDF fonts for tiny files.  Templates come from --templates DIR,\n"
	  "WYRMPOST_TEMPLATES, the installed ones, or, for a wyrmpost run in the tree\n"
	  "it was built in, the source tree's.  Writes RULES.pdf or ID.pdf here, or\n"
	  "FILE ('-' for standard output).\n" },
	{ "rollback", cmd_rollback, "rollback ID [--to N]", "put a game back to an earlier turn",
	  "Restores the state the game had before turn N was played (default: the last\n"
	  "turn played), so that turn can be played again.  Orders for it are kept.\n" },
	{ "press", cmd_press, "press ID", "read every message of a game",
	  "Prints every message sent in game ID, oldest first: the players' press (the\n"
	  "sender named even in grey press), their 'gm' notes and the broadcasts.\n" },
	{ "broadcast", cmd_broadcast, "broadcast ID TEXT...", "mail every player and observer",
	  "Mails TEXT from the game master to every player still in game ID and to its\n"
	  "observers, through the outbox (the next 'send' or 'run' delivers it); it is\n"
	  "listed under \"Messages\" in the next report, as press to all.\n" },
	{ "game", cmd_game,
	  "game ID set NAME=VALUE | deadline SPEC | pause | resume | end | delete",
	  "change a running game",
	  "set changes an option every game has (deadline, tz, nmr-drop, hold, remind,\n"
	  "mails-per-turn, open, pdf); deadline SPEC is set deadline=SPEC, counted from\n"
	  "now.  pause stops the turns and deadlines until resume, which gives the\n"
	  "turn a whole deadline from then; end finishes the game with a last report;\n"
	  "delete moves its folder to archive/ID-DATE-TIME.  The players concerned\n"
	  "are mailed, and every change is kept in games/ID/history and shown in the\n"
	  "next report.\n" },
	{ "player", cmd_player,
	  "player ID NAME address EMAIL | password | replace NEWNAME:EMAIL[:PASSWORD] | drop\n"
	  "       | absent FROM TO | back",
	  "change a player of a running game",
	  "address sets where the player's mail goes (both addresses are told);\n"
	  "password mails the player a new one (and prints it once); replace gives\n"
	  "the seat, with everything in it, to a new player, who is sent a welcome\n"
	  "with the game so far; drop takes the player out of the game as missed\n"
	  "turns would.  absent marks the player away from day FROM to day TO\n"
	  "(YYYY-MM-DD in the game's time zone, both included; not held to option\n"
	  "absence-days): no turn waits for them, the no-orders rule plays their\n"
	  "seat, and those turns are not counted as missed; back ends the absence\n"
	  "(or calls off the next).  Every change is kept in games/ID/history and shown in the\n"
	  "next report.\n" },
	{ "offer", cmd_offer, "offer ID [NAME]", "list or offer a game's open seats",
	  "Without NAME, lists the open seats of game ID and who asks for each.  With\n"
	  "NAME, opens that player's seat (the player is told they are out) and mails\n"
	  "the players and observers how to take it over: anyone may mail 'takeover\n"
	  "NAME' with a name and password of their own.  The game's no-orders rule\n"
	  "plays an open seat meanwhile.  With option takeover=gm or auto, a seat at\n"
	  "the nmr-drop limit opens by itself, and every report shows it.\n" },
	{ "approve", cmd_approve, "approve ID SEAT [--refuse]",
	  "give an open seat to the one who asked for it",
	  "Gives the open seat SEAT of game ID, with everything in it, to the one who\n"
	  "asked for it by mail; they are sent a welcome with the game so far, and\n"
	  "the next report tells the others.  --refuse turns the request down (the\n"
	  "asker is told) and leaves the seat open.  With option takeover=auto no\n"
	  "approval is needed: the first to ask takes the seat.\n" },
	{ "export", cmd_export, "export [ID...] -o FILE [--with-secrets]",
	  "write the campaign to an archive, a backup",
	  "Writes the campaign (or only wyrmpost.xml and the games ID...) to FILE, a\n"
	  "tar archive of mode 0600, taken under the campaign's lock and the\n"
	  "outbox's, so that it is whole while cron runs: a run or a delivery under\n"
	  "way is waited for (WYRMPOST_LOCK_WAIT seconds, 120 by default), then the\n"
	  "exit status is 75 (EX_TEMPFAIL).  Secrets are left out: the campaign's\n"
	  "key, mail (outbox/, sent/, mail received in spool/) and any file only its\n"
	  "owner may read, and the players' password hashes are blanked in the\n"
	  "states; --with-secrets keeps them all, for a backup to restore as it was.\n" },
	{ "import", cmd_import, "import FILE [-C DIR]",
	  "restore an archive 'export' wrote, into an empty folder",
	  "Restores the archive FILE into DIR (default: the campaign directory, -d),\n"
	  "which must be empty or missing, then checks it as 'check' does.  A\n"
	  "damaged or cut archive is refused, and nothing is left written: the\n"
	  "files take their place only once the whole archive has been read.\n" },
	{ "help", cmd_help, "help [VERB]", "explain a verb", "Shows help for VERB.\n" },
	{ NULL, NULL, NULL, NULL, NULL },
};

int main(int argc, char **argv)
{
	const struct cmd *cmd;
	int i = 1;
	const char *env = getenv("WYRMPOST_DIR");
	const char *templates = getenv("WYRMPOST_TEMPLATES");
	const char *crash = getenv("WYRMPOST_CRASH_AT");
	const char *batch = getenv("WYRMPOST_RUN_BATCH");

	cli_commands = commands;
	if (env && *env)
		cli_dir = env;
	cli_templates = templates && *templates ? templates : datadir_templates();
	if (crash && *crash)
		fs_set_crashpoint(crash); /* test hook, see fsutil.h */
	if (batch && *batch)
		campaign_set_run_batch(strtoul(batch, NULL, 10)); /* test hook */
	while (i < argc && argv[i][0] == '-') {
		if (!strcmp(argv[i], "-d") && i + 1 < argc) {
			cli_dir = argv[i + 1];
			i += 2;
		} else if (!strcmp(argv[i], "--version")) {
			printf("wyrmpost %s\n", PACKAGE_VERSION);
			return EX_OK;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			return cmd_help(1, argv);
		} else {
			cli_error("unknown option '%s'; see 'wyrmpost help'", argv[i]);
			return EX_USAGE;
		}
	}
	if (i >= argc)
		return cmd_help(1, argv) == EX_OK ? EX_USAGE : EX_USAGE;
	cmd = cmd_find(argv[i]);
	if (!cmd) {
		cli_error("'%s' is not a wyrmpost verb; see 'wyrmpost help'", argv[i]);
		return EX_USAGE;
	}
	return cmd->fn(argc - i, argv + i);
}
