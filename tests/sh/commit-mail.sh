#!/bin/sh
# commit-mail.sh - a turn's mail leaves only after the turn is committed:
# with one game's game.xml immutable (chattr +i), then with its folder on a
# full file system (a small tmpfs), `run` sends none of that game's mail,
# plays and mails the other games, and once the game is mended plays it
# and sends each of its mails once, new orders and all: no Message-ID is
# sent twice.  As root only (chattr, mount): SKIP otherwise.
. "$top_srcdir/tests/sh/lib.sh"
C=$scratch/c
mnt=$C/games/g2
trap 'chattr -i "$C/games/g2/game.xml" 2>/dev/null; umount "$mnt" 2>/dev/null;
	rm -rf "$scratch"' EXIT

cat >"$scratch/rec" <<EOS
#!/bin/sh
cat >>"$scratch/rec.msg"
EOS
chmod +x "$scratch/rec"
wp init --sender gm@example.test >/dev/null
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <sendmail command="$scratch/rec -i"/>
</wyrmpost>
EOX
for g in g1 g2 g3; do
	wp new $g burglar --seed 5 --deadline 1h --player ann:ann@example.test:pa \
		--player bob:bob@example.test:pb --player cat:cat@example.test:pc \
		--option seats=3 --option rounds=2 >/dev/null
done
expect_status 0 wp send # the welcome mails
: >"$scratch/rec.msg"

sent() { # KEY: how many times the mail KEY went to the sendmail command
	grep -c -F "Message-ID: <$1@" "$scratch/rec.msg" || true
}
turn_of() { sed -n 's/.* turn="\([0-9]*\)".*/\1/p' "$C/games/$1/game.xml" | head -n 1; }
orders() { # GAME PLAYER PASSWORD ORDER
	printf 'game %s\nplayer %s\npassword %s\n%s\n' "$1" "$2" "$3" "$4" >"$scratch/o"
	expect_status 0 wp submit "$scratch/o"
}
# No Message-ID went out twice (nor, so, under two contents).
once_each() {
	if grep '^Message-ID:' "$scratch/rec.msg" | sort | uniq -d | grep -q .; then
		fail "$1: a Message-ID sent twice"
		grep '^Message-ID:' "$scratch/rec.msg" | sort | uniq -d >&2
	else
		ok
	fi
}

# 1. An immutable game.xml.
if ! chattr +i "$C/games/g2/game.xml" 2>/dev/null; then
	echo "commit-mail.sh: chattr +i does not work here"
	exit 77
fi
T1=$((T0 + 7200))
WYRMPOST_NOW=$T1 expect_status 74 wp run
expect_grep 'g2:' "$scratch/err"
[ "$(sent g2-0001-report-ann)" -eq 0 ] && ok || fail "immutable: g2's report sent"
ls "$C/outbox/new" | grep -q '^g2-' && fail "immutable: g2's mail in outbox/new" || ok
[ "$(sent g1-0001-report-ann)" -eq 1 ] && ok || fail "immutable: g1's report not sent"
[ "$(sent g3-0001-report-bob)" -eq 1 ] && ok || fail "immutable: g3's report not sent"
[ "$(turn_of g1)" = 2 ] && [ "$(turn_of g3)" = 2 ] && ok || fail "immutable: g1, g3 not played"
[ "$(turn_of g2)" = 1 ] && ok || fail "immutable: g2 played"
# Again, still immutable: still nothing of g2's; then new orders, mended.
WYRMPOST_NOW=$((T1 + 60)) expect_status 74 wp run
[ "$(sent g2-0001-report-ann)" -eq 0 ] && ok || fail "immutable again: g2's report sent"
orders g2 bob pb leave
chattr -i "$C/games/g2/game.xml"
WYRMPOST_NOW=$((T1 + 120)) expect_status 0 wp run
[ "$(turn_of g2)" = 2 ] && ok || fail "mended: g2 not played"
[ "$(sent g2-0001-report-ann)" -eq 1 ] && ok || fail "mended: g2's report to ann not sent once"
[ "$(sent g2-0001-report-bob)" -eq 1 ] && ok || fail "mended: g2's report to bob not sent once"
ls "$C/outbox/tmp" | grep -q . && fail "mended: mail left held in outbox/tmp" || ok
once_each immutable

# 2. g2's folder on a full file system.
rm -rf "$scratch/g2"
cp -R "$C/games/g2" "$scratch/g2"
if ! mount -t tmpfs -o size=2m tmpfs "$mnt" 2>/dev/null; then
	echo "commit-mail.sh: cannot mount a tmpfs here"
	exit 77
fi
cp -R "$scratch/g2/." "$mnt"
dd if=/dev/zero of="$mnt/filler" bs=4k 2>/dev/null || true
T2=$((T1 + 7200))
WYRMPOST_NOW=$T2 expect_status 74 wp run
[ "$(sent g2-0002-report-ann)" -eq 0 ] && ok || fail "full: g2's report sent"
ls "$C/outbox/new" | grep -q '^g2-' && fail "full: g2's mail in outbox/new" || ok
[ "$(sent g1-0002-report-ann)" -eq 1 ] && ok || fail "full: g1's report not sent"
[ "$(sent g3-0002-report-ann)" -eq 1 ] && ok || fail "full: g3's report not sent"
[ "$(turn_of g2)" = 2 ] && ok || fail "full: g2 played"
rm "$mnt/filler"
WYRMPOST_NOW=$((T2 + 60)) expect_status 0 wp run
[ "$(turn_of g2)" = 3 ] && ok || fail "full, mended: g2 not played"
[ "$(sent g2-0002-report-ann)" -eq 1 ] && ok || fail "full, mended: g2's report not sent once"
once_each full
finish
