# textgeom.awk - the words of a PDF as `pdftotext -bbox` gives them (points,
# origin top left), checked for what a reader would see as a fault: a word
# running off its page (beyond the 5 mm nobody's printer reaches) or two
# words drawn over each other (a label covered by another, or lines of a
# box too tight).  Prints one line per fault; exits 1 if there was one.
# Used by tests/sh/reports.sh.
/<page / {
	match($0, /width="[0-9.]+"/); pw = substr($0, RSTART + 7, RLENGTH - 8) + 0
	match($0, /height="[0-9.]+"/); ph = substr($0, RSTART + 8, RLENGTH - 9) + 0
	page++; n = 0; next
}
/<word / {
	match($0, /xMin="[-0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
	match($0, /yMin="[-0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
	match($0, /xMax="[-0-9.]+"/); x1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
	match($0, /yMax="[-0-9.]+"/); y1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
	w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
	m = 5 * 72 / 25.4
	if (x0 < m || y0 < m || x1 > pw - m || y1 > ph - m) {
		printf "page %d: '%s' off the page (%.1f %.1f %.1f %.1f)\n", page, w, x0, y0, x1, y1
		bad = 1
	}
	# overlap with an earlier word of the page, by more than a sliver of
	# each (glyph boxes of neighbours touch)
	for (i = 0; i < n; i++) {
		ox = (x1 < X1[i] ? x1 : X1[i]) - (x0 > X0[i] ? x0 : X0[i])
		oy = (y1 < Y1[i] ? y1 : Y1[i]) - (y0 > Y0[i] ? y0 : Y0[i])
		if (ox > 0.5 && oy > 0.25 * (y1 - y0) && oy > 0.25 * (Y1[i] - Y0[i])) {
			printf "page %d: '%s' over '%s'\n", page, w, W[i]
			bad = 1
		}
	}
	X0[n] = x0; Y0[n] = y0; X1[n] = x1; Y1[n] = y1; W[n] = w; n++
}
END { exit bad }
