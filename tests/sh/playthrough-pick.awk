# pick.awk - what a scripted player sends, from the text of their latest
# mail with "Your orders for turn": the lines "A whole turn from you" asks
# for, each copied from "You may send one of"; "NONE" when nothing is
# needed from them.
{ sub(/\r$/, "") }
/^Your orders for turn/ { need = ""; n = 0; inlist = 0; blk = 1; next }
blk && /^  A whole turn from you:/ { need = $0; next }
blk && /^  You may send one of:/ { inlist = 1; next }
inlist && /^    [^ -]/ { l = $0; sub(/^    /, "", l); sub(/ #.*/, "", l); list[++n] = l; next }
inlist { inlist = 0 }
function first(s) { sub(/ .*/, "", s); return s }
END {
	if (!blk || need == "" || n == 0) { print "NONE"; exit }
	if (need ~ /[0-9]+ actions/) { print list[1]; print "pass"; exit }
	alt = need ~ / or '/
	rest = need; out = 0
	while (match(rest, /'[^']*'/)) {
		verb = first(substr(rest, RSTART + 1, RLENGTH - 2))
		rest = substr(rest, RSTART + RLENGTH)
		for (i = 1; i <= n; i++)
			if (first(list[i]) == verb) { print list[i]; out++; break }
		if (alt && out) exit
	}
	if (!out) print list[1]
}
