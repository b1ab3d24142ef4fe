# pdfgeom.awk - the straight lines of a PDF, in mm on their page, from the
# output of `qpdf --qdf --object-streams=disable` (uncompressed content
# streams, one operator per line as libharu writes them).  Prints
# "PAGE X1 Y1 X2 Y2" for every segment drawn with m and l, after applying
# the graphics state's matrix (q, Q and cm).  Used by tests/sh/kits.sh to
# measure what was printed.
function reset() { a = 1; b = 0; c = 0; d = 1; e = 0; f = 0; depth = 0 }
function tx(x, y) { return (a * x + c * y + e) * 25.4 / 72 }
function ty(x, y) { return (b * x + d * y + f) * 25.4 / 72 }
BEGIN { page = 0; reset() }
/^%% Contents for page [0-9]+/ { page = $5; reset(); next }
page == 0 { next }
$1 == "q" && NF == 1 {
	depth++; sa[depth] = a; sb[depth] = b; sc[depth] = c; sd[depth] = d
	se[depth] = e; sf[depth] = f; next
}
$1 == "Q" && NF == 1 {
	if (depth > 0) {
		a = sa[depth]; b = sb[depth]; c = sc[depth]; d = sd[depth]
		e = se[depth]; f = sf[depth]; depth--
	}
	next
}
$NF == "cm" && NF == 7 {
	# the new matrix is M x CTM
	na = $1 * a + $2 * c; nb = $1 * b + $2 * d
	nc = $3 * a + $4 * c; nd = $3 * b + $4 * d
	ne = $5 * a + $6 * c + e; nf = $5 * b + $6 * d + f
	a = na; b = nb; c = nc; d = nd; e = ne; f = nf
	next
}
$NF == "m" && NF == 3 { px = tx($1, $2); py = ty($1, $2); next }
$NF == "l" && NF == 3 {
	qx = tx($1, $2); qy = ty($1, $2)
	printf "%d %.3f %.3f %.3f %.3f\n", page, px, py, qx, qy
	px = qx; py = qy
	next
}
