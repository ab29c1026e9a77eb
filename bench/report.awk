# Summarizes benchmark results. Input: TSV lines
#   group  file  solver  expected  answer  seconds
# (answer: sat/unsat/unknown/timeout/error; expected: sat/unsat/?).
# Variables: ref (the reference solver, default z3), min (the least time in
# seconds for a file to count in the ratios, default 0.05).
# Output per group and solver: solved, wrong, total time, and the median
# and geometric mean of the per-file ratios solver/ref over files both
# solve where either takes >= min seconds.
BEGIN { FS = "\t"; if (ref == "") ref = "z3"; if (min == "") min = 0.05 }
{
	g = $1; f = $2; s = $3; want = $4; ans = $5; t = $6 + 0
	if (!(g in gseen)) { gseen[g] = 1; gorder[++ng] = g }
	if (!((g, s) in sseen)) { sseen[g, s] = 1; sorder[g, ++ns[g]] = s }
	files[g, s]++
	total[g, s] += t
	if (ans == "sat" || ans == "unsat") {
		if (want != "?" && want != "" && ans != want) wrong[g, s]++
		else { solved[g, s]++; time[g, f, s] = t; ok[g, f, s] = 1 }
	}
	if (!((g, f) in fseen)) { fseen[g, f] = 1; forder[g, ++nf[g]] = f }
}
function sortn(a, n,   i, j, x) {
	for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
}
END {
	printf "%-10s %-10s %7s %6s %10s %7s %12s %12s\n", "group", "solver", "solved", "wrong", "time(s)", "ratios", "median/" ref, "geomean/" ref
	for (gi = 1; gi <= ng; gi++) {
		g = gorder[gi]
		for (si = 1; si <= ns[g]; si++) {
			s = sorder[g, si]; n = 0; lsum = 0
			delete r
			if (s != ref) for (fi = 1; fi <= nf[g]; fi++) {
				f = forder[g, fi]
				if (ok[g, f, s] && ok[g, f, ref]) {
					a = time[g, f, s]; b = time[g, f, ref]
					if (a >= min || b >= min) {
						if (a < 0.001) a = 0.001
						if (b < 0.001) b = 0.001
						r[++n] = a / b; lsum += log(a / b)
					}
				}
			}
			med = "-"; geo = "-"
			if (n > 0) {
				sortn(r, n)
				med = sprintf("%.2f", n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2)
				geo = sprintf("%.2f", exp(lsum / n))
			}
			printf "%-10s %-10s %3d/%-3d %6d %10.2f %7d %12s %12s\n", g, s, solved[g, s], files[g, s], wrong[g, s], total[g, s], n, med, geo
		}
	}
}
