# smtp-send.bash PORT FROM MESSAGE-ID LINES... - one mail to the campaign
# (gm@example.test) over SMTP on 127.0.0.1:PORT, as a player's mail
# program sends it: FROM is the envelope and From address, each LINE a
# line of the body; an empty MESSAGE-ID gets one made up.  bash for its
# /dev/tcp; used by the tests that run the real Postfix of mailservers.sh.
port=$1 from=$2 id=$3
shift 3
[ -n "$id" ] || id="$$.$(date +%s%N)@player.example.test"
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
reply() { # the last line of a reply, which must start with $1
	while IFS= read -r -t 10 line <&3; do
		line=${line%?}
		case $line in "$1-"*) ;; "$1 "*) return 0 ;; *) echo "smtp: $line" >&2; return 1 ;; esac
	done
	echo "smtp: no answer" >&2
	return 1
}
reply 220 || exit 1
printf 'EHLO player.example.test\r\n' >&3; reply 250 || exit 1
printf 'MAIL FROM:<%s>\r\n' "$from" >&3; reply 250 || exit 1
printf 'RCPT TO:<gm@example.test>\r\n' >&3; reply 250 || exit 1
printf 'DATA\r\n' >&3; reply 354 || exit 1
{
	printf 'From: %s\r\nTo: gm@example.test\r\nSubject: orders\r\n' "$from"
	printf 'Message-ID: <%s>\r\n\r\n' "$id"
	for l; do printf '%s\r\n' "$l"; done
	printf '.\r\n'
} >&3
reply 250 || exit 1
printf 'QUIT\r\n' >&3
reply 221
