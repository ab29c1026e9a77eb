# The statistics of a bench/chc.sh --stat run: for each folder (and all
# folders), solver and KEY in the eighth column (KEY=VALUE,...), the number
# of runs that printed KEY and its median over them, and its median over
# the solved runs (answer sat or unsat and not wrong).
BEGIN { FS = "\t" }
function note(g, s, k, v, solved) {
	if (!(g in gseen)) { gseen[g] = 1; gorder[++ng] = g }
	if (!((g, s) in sseen)) { sseen[g, s] = 1; sorder[g, ++ns[g]] = s }
	if (!(k in kseen)) { kseen[k] = 1; korder[++nk] = k }
	all[g, s, k, ++nall[g, s, k]] = v
	if (solved) sol[g, s, k, ++nsol[g, s, k]] = v
}
NF >= 8 && $8 != "-" {
	solved = ($5 == "sat" || $5 == "unsat") && ($4 == "?" || $4 == "" || $4 == $5)
	n = split($8, kv, ",")
	for (i = 1; i <= n; i++) {
		split(kv[i], p, "=")
		note($1, $3, p[1], p[2] + 0, solved)
		note("all", $3, p[1], p[2] + 0, solved)
	}
}
function sortn(a, n,   i, j, x) {
	for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
}
# median of src[g, s, k, 1..n], "-" when n is 0
function med(src, n, g, s, k,   a, i) {
	if (n == 0) return "-"
	for (i = 1; i <= n; i++) a[i] = src[g, s, k, i]
	sortn(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	printf "%-16s %-22s %-16s %5s %10s %7s %12s\n", "group", "solver", "stat", "runs", "median", "solved", "median-solved"
	for (gi = 1; gi <= ng + 1; gi++) {
		if (gi <= ng) { g = gorder[gi]; if (g == "all") continue } else g = "all"
		for (si = 1; si <= ns[g]; si++) {
			s = sorder[g, si]
			for (ki = 1; ki <= nk; ki++) {
				k = korder[ki]
				if (nall[g, s, k] == 0) continue
				printf "%-16s %-22s %-16s %5d %10s %7d %12s\n", g, s, k, nall[g, s, k], med(all, nall[g, s, k], g, s, k), nsol[g, s, k], med(sol, nsol[g, s, k], g, s, k)
			}
		}
	}
}
