#!/bin/sh
# mail-corpus.sh - the real-world mail of ../shared/mail-corpus (public mail
# parsers' test messages, and one that crashes libetpan), when it is beside
# the tree; SKIP when it is not (as in a release tarball's make distcheck).
#  1. every corpus mail through a Maildir source: no crash, each answered
#     (only to a registered address), ignored or quarantined, nothing left
#     behind, nothing taken as orders;
#  2. the crasher is quarantined, and the mail after it in
#     the same fetch is still handled;
#  3. the fuzz target's replay (tests/fuzz/) reads every corpus mail and
#     keeps every promise of mime.h.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailparts.sh"
corpus=$top_srcdir/../shared/mail-corpus
crasher=$(ls "$corpus"/crashers/*.eml 2>/dev/null | head -n 1)
if [ ! -d "$corpus" ] || [ -z "$crasher" ]; then
	echo "SKIP: no ../shared/mail-corpus beside the tree"
	exit 77
fi

C=$scratch/c
md=$scratch/in
mkdir -p "$md/new" "$md/cur" "$md/tmp"
wp init --sender gm@example.test >/dev/null
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="GM" address="gm@example.test"/>
  <source url="maildir:$md"/>
</wyrmpost>
EOX
cp "$C/wyrmpost.xml" "$scratch/wyrmpost.xml"
wp new g1 burglar --seed 5 --option seats=8 --deadline 24h \
	--player ann:ann@example.test:annpw --player bob:bob@example.test:bobpw >/dev/null
rm -f "$C/outbox/new/"*

# 1. The whole corpus: third-party and damaged mail, none of it orders.
n=0
for f in "$corpus"/*.eml "$corpus"/crashers/*.eml; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	cp "$f" "$md/new/$n.corpus"
done
rm -f "$C/outbox/new/"*
q0=$(ls "$C/spool/quarantine" 2>/dev/null | wc -l)
set +e
wp fetch >"$scratch/out" 2>"$scratch/err"
st=$?
set -e
[ "$st" -eq 0 ] && ok || { fail "fetch of the corpus exited $st"; cat "$scratch/err" >&2; }
[ -z "$(find "$md" -type f)" ] && ok || fail "corpus mail left in the Maildir"
[ -z "$(ls -A "$C/spool/new")" ] && ok || fail "corpus mail left in spool/new"
answered=$(ls "$C/outbox/new" | wc -l)
quarantined=$(( $(ls "$C/spool/quarantine" | wc -l) - q0 ))
# Most have a sender, but one in no game of ours: logged, never answered
# (some share a Message-ID: taken once).
strangers=$(grep -c 'not answered: .* is in no game' "$C/spool/fetch.log" || true)
[ $((answered + strangers)) -ge $((n / 2)) ] && [ "$answered" -lt "$n" ] && ok ||
	fail "corpus: $n mails, $answered answered, $strangers strangers logged"
[ "$quarantined" -ge 1 ] && ok || fail "corpus: the crasher was not quarantined"
[ "$(grep -c 'not answered: a bounce' "$C/spool/fetch.log")" -ge 2 ] && ok ||
	fail "corpus: the bounces were not recognised"
# No answer to a bounce, and every answer says why the mail was not orders.
for f in "$C"/outbox/new/*; do
	[ -e "$f" ] || continue
	grep -qi '^To:.*MAILER-DAEMON' "$f" && fail "answered a bounce: $f"
	grep -qi '^To:.*\(ann\|bob\)@example.test' "$f" && ok || fail "answered a stranger: $f"
	mp_text "$f" >"$scratch/reply"
	grep -q 'could not be read\|must begin with\|not be parsed\|could not be parsed' \
		"$scratch/reply" && ok || { fail "odd answer $f"; sed 's/^/  | /' "$scratch/reply" >&2; }
done
# The same mail again: only removed.
for f in "$corpus"/*.eml; do
	n=$((n + 1))
	cp "$f" "$md/new/$n.corpus"
done
expect_status 0 wp fetch
[ "$(ls "$C/outbox/new" | wc -l)" -eq "$answered" ] && ok || fail "corpus answered twice"
[ -z "$(find "$md" -type f)" ] && ok || fail "corpus mail left the second time"
# Nothing stored as orders from any of it.
[ -z "$(ls "$C/games/g1/orders/0001" 2>/dev/null)" ] &&
	ok || fail "corpus mail stored as orders"

# 2. The crasher, then a good mail, in one fetch, on a campaign that has
# seen neither.
rm -rf "$C" "$md" && mkdir -p "$md/new" "$md/cur" "$md/tmp"
wp init --sender gm@example.test >/dev/null
cp "$scratch/wyrmpost.xml" "$C/wyrmpost.xml"
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw >/dev/null
rm -f "$C/outbox/new/"*
cp "$crasher" "$md/new/1"
{ printf 'From: Ann <ann@example.test>\nTo: gm@example.test\nSubject: orders\n'
  printf 'Message-ID: <a9@example.test>\n\ngame g1\nplayer ann\npassword annpw\nhelp\n'; } >"$md/new/2"
expect_status 0 wp fetch
[ "$(ls "$C/spool/quarantine" | wc -l)" -eq 1 ] && ok || fail "the crasher was not quarantined"
expect_grep 'quarantined' "$scratch/err"
ls "$C/outbox/new" | grep -q 'orders-ann' && ok || fail "the mail after the crasher was lost"

# 3. The fuzz target's replay over the corpus (not crashers/: the known
# libetpan crash would end the replay, as it would any process).
find "$corpus" -maxdepth 1 -type f -name '*.eml' | sort >"$scratch/seeds"
# shellcheck disable=SC2046 # the paths have no blanks
expect_status 0 "$top_builddir/fuzz-replay" $(cat "$scratch/seeds")
if [ "$(wc -l <"$scratch/out")" -eq "$(wc -l <"$scratch/seeds")" ]; then ok; else
	fail "$(wc -l <"$scratch/seeds") corpus mails but $(wc -l <"$scratch/out") lines"
fi
finish
