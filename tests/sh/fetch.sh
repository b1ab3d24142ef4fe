#!/bin/sh
# fetch.sh - `wyrmpost fetch` end to end from a Maildir and an mbox: orders
# stored, confirmations in the outbox, the sources emptied; a second run
# does nothing; the same Message-ID again is a no-op; runs killed at each
# step lose nothing and answer nothing twice; the mbox keeps its mode and
# what was not taken; a password file open to others is refused.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender tavern@example.org >/dev/null
md=$scratch/Maildir
mkdir -p "$md/new" "$md/cur" "$md/tmp"
cat >"$scratch/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <source url="maildir:$md"/>
  <source url="mbox:$scratch/mbox"/>
</wyrmpost>
EOX
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw --player cat:cat@example.test:catpw >/dev/null
rm -f "$scratch/c/outbox/new/"*

mail() { # FROM MESSAGE-ID BODY-LINES...: a mail on stdout
	from=$1 id=$2; shift 2
	printf 'From: %s\nTo: tavern@example.org\nSubject: orders\n' "$from"
	[ -n "$id" ] && printf 'Message-ID: %s\n' "$id"
	printf '\n'; printf '%s\n' "$@"
}
outbox() { ls "$scratch/c/outbox/new" | wc -l; }
replies() { ls "$scratch/c/outbox/new" | grep -c "$1" || true; }

mail 'Ann <ann@example.test>' '<a1@example.test>' game\ g1 'player ann' \
	'password annpw' leave >"$md/new/1000.1.host"
{ printf 'From bob@example.test Mon Jan 11 08:00:00 2027\n'
  mail bob@example.test '<b1@example.test>' 'game g1' 'player bob' 'password bobpw' leave \
	'>From here on I hold my tokens'
  printf '\nFrom cat@example.test Mon Jan 11 08:01:00 2027\n'
  mail cat@example.test '' 'game g1' 'player cat' 'password catpw' leave; } >"$scratch/mbox"
chmod 640 "$scratch/mbox"

expect_status 0 wp fetch
for p in ann bob cat; do
	[ "$(cat "$scratch/c/games/g1/orders/0001/$p" 2>/dev/null)" = leave ] && ok ||
		fail "$p's orders not stored"
	[ "$(replies "orders-$p")" -eq 1 ] && ok || fail "$p: no single confirmation"
done
[ -z "$(ls -A "$md/new" "$md/cur" | grep -v :)" ] && ok || fail "maildir not emptied"
[ -f "$scratch/mbox" ] && [ ! -s "$scratch/mbox" ] && ok || fail "mbox not emptied"
[ "$(stat -c %a "$scratch/mbox")" = 640 ] && ok || fail "mbox mode changed"
[ ! -e "$scratch/mbox.lock" ] && ok || fail "dotlock left behind"
[ "$(ls "$scratch/c/spool/seen" | wc -l)" -eq 3 ] && ok || fail "index: 3 entries"
[ -z "$(ls -A "$scratch/c/spool/new")" ] && ok || fail "spool/new not emptied"
expect_grep 'Subject:.*g1' "$scratch/c/outbox/new/$(ls "$scratch/c/outbox/new" | grep orders-bob)"
n=$(outbox)

# Again: nothing to do.
expect_status 0 wp fetch
[ "$(outbox)" -eq "$n" ] && ok || fail "a second run answered something"

# The same Message-ID delivered again (even with other orders): a no-op.
mail 'Ann <ann@example.test>' '<a1@example.test>' 'game g1' 'player ann' \
	'password annpw' 'bogus order' >"$md/new/1001.1.host"
{ printf 'From bob@example.test Mon Jan 11 09:00:00 2027\n'
  mail bob@example.test '<b1@example.test>' 'game g1' 'player bob' 'password bobpw' leave
} >"$scratch/mbox"
expect_status 0 wp fetch
[ ! -e "$md/new/1001.1.host" ] && ok || fail "duplicate left in the maildir"
[ ! -s "$scratch/mbox" ] && ok || fail "duplicate left in the mbox"
[ "$(outbox)" -eq "$n" ] && ok || fail "a duplicate was answered"
[ "$(cat "$scratch/c/games/g1/orders/0001/ann")" = leave ] && ok || fail "duplicate stored"

# Never answered: logged in spool/fetch.log, removed.
mail MAILER-DAEMON@example.test '<d1@example.test>' 'Undelivered' >"$md/new/1002.1.host"
{ printf 'Precedence: bulk\n'; mail 'list@example.test' '<l1@example.test>' 'news'; } \
	>"$md/cur/1003.1.host:2,S"
expect_status 0 wp fetch
[ "$(outbox)" -eq "$n" ] && ok || fail "a bounce or bulk mail was answered"
expect_grep 'not answered: a bounce' "$scratch/c/spool/fetch.log"
expect_grep 'not answered: Precedence' "$scratch/c/spool/fetch.log"
[ -z "$(ls -A "$md/new" "$md/cur" | grep -v :)" ] && ok || fail "ignored mail left"

# Killed at every step of one message: taken once, answered once.
i=0
for point in fetch-spooled fetch-answered fetch-indexed fetch-before-remove \
	fetch-mbox-rename; do
	i=$((i + 1))
	# Cat replaces her orders; each time a new mail in the maildir and the mbox.
	mail cat@example.test "<c$i@example.test>" 'game g1' 'player cat' 'password catpw' \
		leave >"$md/new/2000.$i.host"
	{ printf 'From cat@example.test Mon Jan 11 10:00:00 2027\n'
	  mail cat@example.test "<cm$i@example.test>" 'game g1' 'player cat' \
		'password catpw' leave; } >"$scratch/mbox"
	before=$(outbox)
	set +e
	WYRMPOST_CRASH_AT=$point wp fetch >/dev/null 2>&1
	st=$?
	set -e
	[ "$st" -eq 137 ] && ok || fail "$point: not killed ($st)"
	expect_status 0 wp fetch
	[ -z "$(ls -A "$md/new" "$md/cur" | grep -v :)" ] && ok || fail "$point: maildir left"
	[ ! -s "$scratch/mbox" ] && ok || fail "$point: mbox left"
	[ -z "$(ls -A "$scratch/c/spool/new")" ] && ok || fail "$point: spool left"
	[ ! -e "$scratch/mbox.lock" ] && ok || fail "$point: stale lock after the rerun"
	# Each of cat's two mails answered once, never twice: a reply is
	# named by the mail it answers.
	[ "$(outbox)" -eq $((before + 2)) ] && ok ||
		fail "$point: $(outbox) mails, wanted $((before + 2))"
	[ "$(replies orders-cat)" -eq $((2 * i + 1)) ] && ok ||
		fail "$point: cat answered $(replies orders-cat) times, wanted $((2 * i + 1))"
done

# Over the size limit: quarantined unread, removed from the source.
sed -i 's|</wyrmpost>|  <limits message-size="2000"/>\n</wyrmpost>|' "$scratch/c/wyrmpost.xml"
before=$(outbox)
mail 'Big <ann@example.test>' '<big@example.test>' 'game g1' 'player ann' 'password annpw' \
	"$(head -c 3000 /dev/zero | tr '\0' x)" >"$md/new/3000.1.host"
expect_status 0 wp fetch
[ "$(ls "$scratch/c/spool/quarantine" | wc -l)" -eq 1 ] && ok || fail "not quarantined"
[ ! -e "$md/new/3000.1.host" ] && ok || fail "quarantined mail left at the source"
[ "$(outbox)" -eq "$before" ] && ok || fail "quarantined mail answered"
expect_grep 'quarantined' "$scratch/c/spool/fetch.log"

# An empty and a binary file in the Maildir: not mail; each named in the
# log by its source and Maildir name, kept in the quarantine, unanswered.
before=$(outbox)
: >"$md/new/3001.1.host"
printf 'MZ\000\001\377\376binary' >"$scratch/bin"
cp "$scratch/bin" "$md/cur/3002.1.host:2,S"
expect_status 0 wp fetch
expect_grep "maildir:$md: new/3001.1.host: not a mail (empty, 0 bytes); kept as spool/quarantine/$(sha256sum </dev/null | cut -d' ' -f1).eml" \
	"$scratch/c/spool/fetch.log"
expect_grep "maildir:$md: cur/3002.1.host:2,S: not a mail (binary, 12 bytes); kept as spool/quarantine/" \
	"$scratch/c/spool/fetch.log"
[ "$(ls "$scratch/c/spool/quarantine" | wc -l)" -eq 3 ] && ok || fail "not mail not quarantined"
cmp -s "$scratch/c/spool/quarantine/$(sha256sum <"$scratch/bin" | cut -d' ' -f1).eml" \
	"$scratch/bin" && ok || fail "the binary file's copy differs"
[ -z "$(ls -A "$md/new" "$md/cur" | grep -v :)" ] && ok || fail "not mail left at the source"
[ "$(outbox)" -eq "$before" ] && ok || fail "not mail answered"
# Headers alone, and a NUL in the From's display name, from the Maildir:
# the first answered as holding no orders, the second taken as bob's.
printf 'From: Bob <bob@example.test>\nMessage-ID: <hd@example.test>\n' >"$md/new/3003.1.host"
printf 'From: "Bob\000B" <bob@example.test>\nMessage-ID: <nul@example.test>\n\ngame g1\nplayer bob\npassword bobpw\nleave\n' \
	>"$md/new/3004.1.host"
rm "$scratch/c/games/g1/orders/0001/bob"
bobs=$(replies orders-bob)
expect_status 0 wp fetch
[ "$(grep -l 'Your mail held no orders' "$scratch/c/outbox/new/"unreadable-* | wc -l)" -eq 1 ] &&
	ok || fail "headers alone from the Maildir not answered"
[ "$(replies elsewhere-bob)" -eq 0 ] && ok || fail "a NUL in From: a false notice"
[ "$(cat "$scratch/c/games/g1/orders/0001/bob")" = leave ] && ok ||
	fail "a NUL in From: bob's orders not stored"
[ "$(replies orders-bob)" -eq $((bobs + 1)) ] && ok || fail "a NUL in From: bob not answered"

# Replies capped per address and day through the Maildir too; a run
# killed after answering counts that answer once when the mail comes back.
sed -i 's|<limits message-size="2000"/>|<limits message-size="2000" replies-per-day="2"/>|' \
	"$scratch/c/wyrmpost.xml"
export WYRMPOST_NOW=$((T0 + 2 * 86400))
before=$(outbox)
mail 'Ann <ann@example.test>' '<r1@example.test>' 'Hello' >"$md/new/4001.1.host"
set +e
WYRMPOST_CRASH_AT=fetch-answered wp fetch >/dev/null 2>&1
set -e
expect_status 0 wp fetch
[ "$(outbox)" -eq $((before + 1)) ] && ok || fail "killed run: $(outbox) mails, wanted $((before + 1))"
for i in 2 3 4; do
	mail 'Ann <ann@example.test>' "<r$i@example.test>" "Hello $i" >"$md/new/400$i.1.host"
done
expect_status 0 wp fetch
[ "$(outbox)" -eq $((before + 2)) ] && ok || fail "capped: $(outbox) mails, wanted $((before + 2))"
[ "$(grep -c 'replies: no reply to ann@example.test' "$scratch/c/spool/fetch.log")" -eq 2 ] &&
	ok || fail "capped replies not logged"
export WYRMPOST_NOW=$T0

# A network source whose password file others can read is refused unused.
printf 'secret\n' >"$scratch/pw"
chmod 644 "$scratch/pw"
sed -i "s|</wyrmpost>|  <source url=\"pop3s://gm@127.0.0.1:9/\" password-file=\"$scratch/pw\"/>\n</wyrmpost>|" \
	"$scratch/c/wyrmpost.xml"
expect_status 78 wp fetch
expect_grep 'open to group or others' "$scratch/err"
[ ! -s "$scratch/mbox" ] && ok || fail "the other sources were not read"
# A source URL that is not one: the configuration is refused.
sed -i 's|pop3s://gm@127.0.0.1:9/|pop3s://127.0.0.1:9|' "$scratch/c/wyrmpost.xml"
expect_status 78 wp fetch
finish
