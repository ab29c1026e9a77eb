# Summarizes CHC benchmark results (bench/chc.sh). Input: TSV lines
#   group  file  solver  expected  answer  seconds  peak-KB
# (answer: sat/unsat/unknown/timeout/error; expected: sat/unsat/?; peak-KB a
# number or -). Variables: ref (the reference solver, default z3), min (the
# least time in seconds for a file to count in the ratios, default 0.05).
# Output per group and solver, then for all groups: files, solved, wrong,
# unknown (unknown, timeout or error), total time, the median and geometric
# mean of the per-file ratios solver/ref over files both solve where either
# takes >= min seconds (with below set: where ref takes < below seconds,
# whatever min says), the median peak memory in MB, and for a solver
# whose name starts with `ours` (default gospacer) the files it solves and
# no other such solver does (unique; "-" when it is the only one).
BEGIN { FS = "\t"; if (ref == "") ref = "z3"; if (min == "") min = 0.05; if (ours == "") ours = "gospacer"; if (below != "") suf = "<" below "s" }
function add(g, f, s, want, ans, t, kb) {
	if (!(g in gseen)) { gseen[g] = 1; gorder[++ng] = g }
	if (!((g, s) in sseen)) { sseen[g, s] = 1; sorder[g, ++ns[g]] = s }
	files[g, s]++
	total[g, s] += t
	if (ans == "sat" || ans == "unsat") {
		if (want != "?" && want != "" && ans != want) wrong[g, s]++
		else { solved[g, s]++; time[g, f, s] = t; ok[g, f, s] = 1 }
	} else unknown[g, s]++
	if (kb != "-" && kb != "") mem[g, s, ++nmem[g, s]] = kb / 1024
	if (!((g, f) in fseen)) { fseen[g, f] = 1; forder[g, ++nf[g]] = f }
}
{ add($1, $2, $3, $4, $5, $6 + 0, $7); add("all", $1 "/" $2, $3, $4, $5, $6 + 0, $7) }
function sortn(a, n,   i, j, x) {
	for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
}
function median(a, n) { sortn(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
END {
	printf "%-16s %-18s %5s %6s %5s %7s %9s %6s %10s %10s %8s %6s\n", "group", "solver", "files", "solved", "wrong", "unknown", "time(s)", "ratios", "median/" ref suf, "geomean/" ref suf, "peak(MB)", "unique"
	for (gi = 1; gi <= ng + 1; gi++) {
		if (gi <= ng) { g = gorder[gi]; if (g == "all") continue } else g = "all"
		for (si = 1; si <= ns[g]; si++) {
			s = sorder[g, si]; n = 0; lsum = 0
			delete r
			if (s != ref) for (fi = 1; fi <= nf[g]; fi++) {
				f = forder[g, fi]
				if (ok[g, f, s] && ok[g, f, ref]) {
					a = time[g, f, s]; b = time[g, f, ref]
					if (below != "" ? b < below : a >= min || b >= min) {
						if (a < 0.001) a = 0.001
						if (b < 0.001) b = 0.001
						r[++n] = a / b; lsum += log(a / b)
					}
				}
			}
			med = "-"; geo = "-"; mm = "-"
			if (n > 0) {
				med = sprintf("%.2f", median(r, n))
				geo = sprintf("%.2f", exp(lsum / n))
			}
			if (nmem[g, s] > 0) {
				delete m
				for (i = 1; i <= nmem[g, s]; i++) m[i] = mem[g, s, i]
				mm = sprintf("%.0f", median(m, nmem[g, s]))
			}
			uniq = "-"
			if (index(s, ours) == 1) {
				others = 0
				for (sj = 1; sj <= ns[g]; sj++) if (sorder[g, sj] != s && index(sorder[g, sj], ours) == 1) others++
				if (others > 0) {
					uniq = 0
					for (fi = 1; fi <= nf[g]; fi++) {
						f = forder[g, fi]
						if (!ok[g, f, s]) continue
						alone = 1
						for (sj = 1; sj <= ns[g]; sj++) { o = sorder[g, sj]; if (o != s && index(o, ours) == 1 && ok[g, f, o]) alone = 0 }
						uniq += alone
					}
				}
			}
			printf "%-16s %-18s %5d %6d %5d %7d %9.2f %6d %10s %10s %8s %6s\n", g, s, files[g, s], solved[g, s], wrong[g, s], unknown[g, s], total[g, s], n, med, geo, mm, uniq
		}
	}
}
