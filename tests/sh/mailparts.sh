# mailparts.sh - read a delivered mail the way a mail program would, for the
# shell tests: split it into its MIME parts and undo their transfer
# encodings, whatever the sender's header layout (folded or not, quoted
# parameters or not, CRLF or LF).  Sourced (POSIX sh, awk, base64).
#
#   mp_split MSG DIR     DIR/N.hdr (the part's header, unfolded) and
#                        DIR/N.raw (its body, still encoded), N = 0 for the
#                        message itself, then 1, 2, ... in order
#   mp_decode DIR N      part N's body, decoded, on stdout
#   mp_type DIR N        part N's content type, lower case ("text/plain")
#   mp_text MSG          every text/plain part, decoded, on stdout
#   mp_attachment MSG TYPE OUT [SUFFIX]   the first part of TYPE
#                        ("application/pdf"), or else whose file name ends
#                        in SUFFIX (".pdf"), decoded, into OUT; fails if
#                        there is none

mp_split() {
	rm -rf "$2"
	mkdir -p "$2"
	# A part starts after any line "--B" where B is a boundary seen in a
	# Content-Type above; "--B--" closes its multipart.
	tr -d '\r' <"$1" | awk -v dir="$2" '
	function flush_header(   h, l, b) {
		h = tolower(hdr)
		if (match(h, /content-type:[^\n]*boundary=/)) {
			# Take the boundary from the original text (it is case-sensitive).
			l = substr(hdr, RSTART + RLENGTH)
			if (substr(l, 1, 1) == "\"") {
				l = substr(l, 2)
				b = substr(l, 1, index(l, "\"") - 1)
			} else {
				b = l
				sub(/[;\n \t].*/, "", b)
			}
			if (b != "")
				bounds["--" b] = 1
		}
		printf "%s", hdr > (dir "/" n ".hdr")
		close(dir "/" n ".hdr")
		printf "" > (dir "/" n ".raw")
	}
	BEGIN { n = 0; inhdr = 1; hdr = "" }
	{
		if (inhdr) {
			if ($0 == "") {
				flush_header()
				inhdr = 0
			} else if ($0 ~ /^[ \t]/ && hdr != "") {
				sub(/^[ \t]+/, " ")
				hdr = substr(hdr, 1, length(hdr) - 1) $0 "\n"
			} else {
				hdr = hdr $0 "\n"
			}
			next
		}
		line = $0
		sub(/[ \t]+$/, "", line)
		if (line in bounds) {
			close(dir "/" n ".raw")
			n++
			inhdr = 1
			hdr = ""
			next
		}
		if (substr(line, length(line) - 1) == "--" && (substr(line, 1, length(line) - 2) in bounds)) {
			close(dir "/" n ".raw")
			n++
			# Text after a closing delimiter (the epilogue) is no part.
			printf "" > (dir "/" n ".hdr")
			close(dir "/" n ".hdr")
			printf "" > (dir "/" n ".raw")
			next
		}
		print > (dir "/" n ".raw")
	}
	END { if (inhdr && hdr != "") flush_header() }'
}

mp_field() { # DIR N FIELD: the value of a header field, lower case, up to ';'
	grep -i "^$3:" "$1/$2.hdr" 2>/dev/null | head -n 1 | sed 's/^[^:]*:[ \t]*//; s/;.*//' |
		tr 'A-Z' 'a-z' | tr -d ' \t"'
}

mp_type() {
	t=$(mp_field "$1" "$2" content-type)
	echo "${t:-text/plain}"
}

mp_decode() {
	case $(mp_field "$1" "$2" content-transfer-encoding) in
	base64) tr -cd 'A-Za-z0-9+/=' <"$1/$2.raw" | base64 -d ;;
	quoted-printable)
		awk 'BEGIN { for (i = 0; i < 256; i++) hex[sprintf("%02X", i)] = i }
		{
			line = $0
			sub(/[ \t]+$/, "", line)
			soft = (substr(line, length(line)) == "=")
			if (soft)
				line = substr(line, 1, length(line) - 1)
			out = ""
			while ((p = index(line, "=")) > 0) {
				out = out substr(line, 1, p - 1)
				h = toupper(substr(line, p + 1, 2))
				if (h in hex) {
					out = out sprintf("%c", hex[h])
					line = substr(line, p + 3)
				} else {
					out = out "="
					line = substr(line, p + 1)
				}
			}
			printf "%s%s", out line, soft ? "" : "\n"
		}' "$1/$2.raw" ;;
	*) cat "$1/$2.raw" ;;
	esac
}

mp_text() {
	mp_d=$(mktemp -d "${TMPDIR:-/tmp}/mp-XXXXXX")
	mp_split "$1" "$mp_d"
	mp_i=0
	while [ -e "$mp_d/$mp_i.hdr" ]; do
		[ "$(mp_type "$mp_d" $mp_i)" = text/plain ] && [ -s "$mp_d/$mp_i.raw" ] &&
			mp_decode "$mp_d" $mp_i
		mp_i=$((mp_i + 1))
	done
	rm -rf "$mp_d"
}

mp_attachment() {
	mp_d=$(mktemp -d "${TMPDIR:-/tmp}/mp-XXXXXX")
	mp_split "$1" "$mp_d"
	mp_i=0
	mp_found=1
	while [ -e "$mp_d/$mp_i.hdr" ]; do
		if [ "$(mp_type "$mp_d" $mp_i)" = "$2" ]; then
			mp_decode "$mp_d" $mp_i >"$3"
			mp_found=0
			break
		fi
		mp_i=$((mp_i + 1))
	done
	mp_i=0
	while [ $mp_found -ne 0 ] && [ -n "${4:-}" ] && [ -e "$mp_d/$mp_i.hdr" ]; do
		if grep -i -q "name\*\{0,1\}=\"\{0,1\}[^;]*$4\"\{0,1\}[ \t]*\(;\|\$\)" "$mp_d/$mp_i.hdr"; then
			mp_decode "$mp_d" $mp_i >"$3"
			mp_found=0
		fi
		mp_i=$((mp_i + 1))
	done
	rm -rf "$mp_d"
	return $mp_found
}
