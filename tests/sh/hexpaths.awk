# hexpaths.awk - the closed six-cornered paths (hexagons) among the
# segments that pdfgeom.awk prints ("PAGE X1 Y1 X2 Y2", a path's segments
# one after another, each starting where the last ended).  Prints
# "PAGE MINX MINY MAXX MAXY" in mm for each, at full precision: callers
# choose by width and round as they need.  Used by the kit tests.
function flush() {
	if (n == 5)
		printf "%d %.17g %.17g %.17g %.17g\n", pg, minx, miny, maxx, maxy
	n = 0
}
{
	if (n > 0 && ($1 != pg || $2 != ex || $3 != ey)) flush()
	if (n == 0) { pg = $1; minx = maxx = $2; miny = maxy = $3 }
	n++; ex = $4; ey = $5
	if ($4 < minx) minx = $4; if ($4 > maxx) maxx = $4
	if ($5 < miny) miny = $5; if ($5 > maxy) maxy = $5
}
END { flush() }
