#!/bin/sh
# systemd.sh - the installed units wyrmpost@.service and wyrmpost@.timer:
# `systemd-analyze verify` says nothing about them; `systemd-analyze
# security` rates the service's exposure at most 3.0; every system call a
# `run` makes (its workers and its MIME parser's child included, strace)
# is one the unit's SystemCallFilter= lets through, with no memory that
# MemoryDenyWriteExecute= refuses and no socket RestrictAddressFamilies=
# refuses; and, where systemd is PID 1, a real `run` under systemd-run with
# the unit's own properties, then through the unit itself, with an error
# that reaches the journal.
#
# Needs the package installed (tests/pkg/deb.sh runs this in between) and
# root.  Exit 77 (SKIP) without them, and after the other checks passed
# where systemd is not PID 1 (a container): the real run then cannot be.
set -eu

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
unitdir=${UNITDIR:-/lib/systemd/system}
service=$unitdir/wyrmpost@.service
timer=$unitdir/wyrmpost@.timer
bin=/usr/bin/wyrmpost
[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root"; exit 77; }
command -v systemd-analyze >/dev/null 2>&1 || { echo "SKIP: no systemd-analyze"; exit 77; }
[ -f "$service" ] && [ -f "$timer" ] && [ -x "$bin" ] ||
	{ echo "SKIP: the package is not installed (make check-deb installs it)"; exit 77; }

WYRMPOST=$bin
export WYRMPOST top_srcdir
. "$top_srcdir/tests/sh/lib.sh"
instance=pkgtest
campaigns=
cleanup() {
	if [ -d /run/systemd/system ]; then
		systemctl stop "wyrmpost@$instance.timer" "wyrmpost@$instance.service" \
			"wyrmpost@$instance-none.service" >/dev/null 2>&1 || true
		systemctl reset-failed "wyrmpost@$instance-none.service" \
			"wyrmpost@$instance.service" >/dev/null 2>&1 || true
	fi
	for c in $campaigns; do rm -rf "$c"; done
	rm -rf "$scratch"
}
trap cleanup EXIT

# A copy of the example campaign whose order mails all go through the MIME
# parser's sandboxed child (quoted-printable: not the plain-text shortcut).
example_campaign() { # DIR
	cp -R /usr/share/doc/wyrmpost/examples/campaign "$1"
	for m in "$1"/inbox/new/*; do
		sed -i 's|^Content-Type: text/plain; charset=utf-8$|&\nContent-Transfer-Encoding: quoted-printable|' "$m"
	done
	grep -q '^Content-Transfer-Encoding: quoted-printable' "$1/inbox/new/1001.demo.eml"
}
# Every game of the example campaign is at turn 5 and due at lib.sh's clock
# ($WYRMPOST_NOW, T0): a run plays it.
played() { # DIR
	"$bin" -d "$1" status >"$scratch/status" 2>&1 &&
		[ "$(grep -c ' turn 6 ' "$scratch/status")" -eq 7 ]
}

# --- systemd-analyze verify: silent, for an instance of each ----------------
# (A template itself is skipped without a word; an instance is checked.)
mkdir "$scratch/units"
ln -s "$service" "$scratch/units/wyrmpost@$instance.service"
ln -s "$timer" "$scratch/units/wyrmpost@$instance.timer"
expect_status 0 systemd-analyze verify "$scratch/units/wyrmpost@$instance.service" \
	"$scratch/units/wyrmpost@$instance.timer"
if [ -s "$scratch/out" ] || [ -s "$scratch/err" ]; then
	fail "systemd-analyze verify is not silent"
	sed 's/^/  | /' "$scratch/out" "$scratch/err" >&2
else
	ok
fi

# --- systemd-analyze security: exposure at most 3.0 --------------------------
if [ -d /run/systemd/system ]; then
	systemctl daemon-reload
	expect_status 0 systemd-analyze security "wyrmpost@$instance.service"
else
	expect_status 0 systemd-analyze security --offline=true "$scratch/units/wyrmpost@$instance.service"
fi
exposure=$(sed -n "s/^.*Overall exposure level for wyrmpost@$instance\.service: \([0-9.]*\).*/\1/p" "$scratch/out")
echo "systemd-analyze security: exposure $exposure"
[ -n "$exposure" ] && awk -v e="$exposure" 'BEGIN { exit !(e <= 3.0) }' && ok ||
	{ fail "exposure '$exposure', more than 3.0"; grep '✗' "$scratch/out" >&2 || true; }

# --- the system calls of a run, against the unit's filter -------------------
# systemd's rule: the first SystemCallFilter= is an allow list, each later
# "~" line takes its sets out of it.
expand() { # @SET or name: the system calls, one a line
	case $1 in
	@*) systemd-analyze syscall-filter "$1" | sed -n 's/^    \([^# ][^ ]*\)$/\1/p' |
		while read -r s; do expand "$s"; done ;;
	*) echo "$1" ;;
	esac
}
: >"$scratch/allow"
: >"$scratch/deny"
set -f
sed -n 's/^SystemCallFilter=//p' "$service" >"$scratch/filters"
while read -r line; do
	case $line in
	~*) for s in ${line#\~}; do expand "$s"; done >>"$scratch/deny" ;;
	*) for s in $line; do expand "$s"; done >>"$scratch/allow" ;;
	esac
done <"$scratch/filters"
set +f
sort -u "$scratch/allow" -o "$scratch/allow"
sort -u "$scratch/deny" -o "$scratch/deny"
comm -23 "$scratch/allow" "$scratch/deny" >"$scratch/allowed"
[ "$(wc -l <"$scratch/allowed")" -gt 100 ] && grep -qx read "$scratch/allowed" && ok ||
	fail "could not read the unit's SystemCallFilter= ($(wc -l <"$scratch/allowed") calls)"
if command -v strace >/dev/null 2>&1; then
	example_campaign "$scratch/traced"
	expect_status 0 strace -f -qq -o "$scratch/trace" "$bin" -d "$scratch/traced" run
	played "$scratch/traced" && ok || { fail "the traced run played nothing"; cat "$scratch/status" >&2; }
	sed -n 's/^[0-9][0-9]* *\([a-z0-9_]*\)(.*/\1/p' "$scratch/trace" | sort -u >"$scratch/used"
	# The MIME child was there: its socket, its limits, its alarm.
	for s in socketpair prlimit64 close_range alarm clone; do
		grep -qx "$s" "$scratch/used" && ok || fail "the traced run made no $s: no MIME child?"
	done
	comm -23 "$scratch/used" "$scratch/allowed" >"$scratch/refused"
	if [ -s "$scratch/refused" ]; then
		fail "the unit's filter refuses what run calls: $(tr '\n' ' ' <"$scratch/refused")"
	else
		ok
		echo "strace: run made $(wc -l <"$scratch/used") distinct system calls, all allowed"
	fi
	if grep -E '(mmap|mprotect|pkey_mprotect)\(.*PROT_WRITE\|PROT_EXEC|(mprotect|pkey_mprotect)\(.*PROT_EXEC' \
		"$scratch/trace" >"$scratch/wx"; then
		fail "memory MemoryDenyWriteExecute= refuses:"; head -3 "$scratch/wx" >&2
	else
		ok
	fi
	if grep -E '^[0-9]+ +socket(pair)?\(' "$scratch/trace" |
		grep -vE 'socket(pair)?\((AF_UNIX|AF_INET|AF_INET6),' >"$scratch/families"; then
		fail "sockets RestrictAddressFamilies= refuses:"; head -3 "$scratch/families" >&2
	else
		ok
	fi
else
	echo "SKIP: no strace: the run's system calls are not checked against the filter"
fi

# --- a real run under systemd ---------------------------------------------
if [ ! -d /run/systemd/system ]; then
	echo "SKIP: systemd is not PID 1 here: no real run under systemd-run"
	finish || exit 1
	exit 77
fi
camp=/var/lib/wyrmpost/$instance
campaigns="$camp"
rm -rf "$camp"
example_campaign "$camp"
chown -R wyrmpost:wyrmpost "$camp"

# systemd-run with every setting of the unit's [Service] section (%i made
# the instance), and its ExecStart= as the command.
sed -n '/^\[Service\]/,/^\[/p' "$service" | grep -E '^[A-Za-z]+=' |
	sed "s/%i/$instance/g" >"$scratch/props"
set -f
set --
cmd=
while IFS= read -r p; do
	case $p in
	ExecStart=*) cmd=${p#ExecStart=} ;;
	*) set -- "$@" -p "$p" ;;
	esac
done <"$scratch/props"
[ -n "$cmd" ] && ok || fail "no ExecStart= in $service"
# shellcheck disable=SC2086
expect_status 0 systemd-run --quiet --wait --pipe --collect --unit="wyrmpost-$instance-run" \
	-E WYRMPOST_NOW="$T0" "$@" $cmd </dev/null
set +f
played "$camp" && ok || { fail "the run under systemd-run played nothing"; cat "$scratch/status" >&2; }
[ "$(stat -c %U "$camp/games/tavern/game.xml")" = wyrmpost ] && ok ||
	fail "the run did not write as the user wyrmpost"

# The unit itself (the system's clock: nothing due, or the next turns)
# succeeds; its timer starts.
expect_status 0 systemctl start "wyrmpost@$instance.service"
[ "$(systemctl show -p Result --value "wyrmpost@$instance.service")" = success ] && ok ||
	fail "wyrmpost@$instance.service: $(systemctl show -p Result --value "wyrmpost@$instance.service")"
expect_status 0 systemctl start "wyrmpost@$instance.timer"
systemctl is-active --quiet "wyrmpost@$instance.timer" && ok || fail "the timer is not active"
systemctl stop "wyrmpost@$instance.timer"

# An error reaches the journal: a campaign that was never made.
since=$(date '+%Y-%m-%d %H:%M:%S')
if systemctl start "wyrmpost@$instance-none.service" 2>/dev/null; then
	fail "wyrmpost@$instance-none.service succeeded without a campaign"
else
	ok
fi
sleep 1
journalctl -q --no-pager -o cat --since "$since" -u "wyrmpost@$instance-none.service" \
	>"$scratch/journal" 2>&1 || true
expect_grep 'not a campaign' "$scratch/journal"
finish
