# The simulation of bench/portfolio-sim.sh (see there). Input: the TSV
# lines of bench/chc.sh's KEEP files
#   group  file  solver  expected  answer  seconds  peak-KB [stat]
# Variables: limit (seconds; default the least timeout of the engines'
# runs), specs (N=A,B,...;N=... member sets to evaluate instead of the
# greedy choice).
BEGIN { FS = "\t"; ncores = split("2 4 8", cores, " ") }
function solvedBy(g, f, e) { return ((g, f, e) in tm) && tm[g, f, e] <= limit }
{
	g = $1; f = $2; s = $3; want = $4; ans = $5; t = $6 + 0
	if (!(g in gseen)) { gseen[g] = 1; gorder[++ng] = g }
	if (!(s in sseen)) { sseen[s] = 1; sorder[++ns] = s; isEngine[s] = (s ~ /^gospacer-/) && s != "gospacer-portfolio" && s != "gospacer-base" }
	if (!((g, f) in fseen)) { fseen[g, f] = 1; forder[g, ++nf[g]] = f }
	ran[g, s] = 1
	if (ans == "sat" || ans == "unsat") {
		if (want != "?" && want != "" && ans != want) { wrong[g, s]++; next }
		if (!((g, f, s) in tm) || t < tm[g, f, s]) tm[g, f, s] = t
	} else if (t > unanswered[s]) unanswered[s] = t
}
# best is, for file f of group g, the least time of the members of set
# (names, separated by spaces) that solve it, or -1.
function best(g, f, set,   m, k, n, b) {
	n = split(set, m, " "); b = -1
	for (k = 1; k <= n; k++)
		if (solvedBy(g, f, m[k]) && (b < 0 || tm[g, f, m[k]] < b)) b = tm[g, f, m[k]]
	return b
}
# score sets total (files solved) and cost (summed time, limit for an
# unsolved file) of set over every file of every group that every engine
# ran on.
function score(set,   gi, g, fi, b) {
	total = 0; cost = 0
	for (gi = 1; gi <= ng; gi++) {
		g = gorder[gi]
		if (!swept(g)) continue
		for (fi = 1; fi <= nf[g]; fi++) {
			b = best(g, forder[g, fi], set)
			if (b >= 0) { total++; cost += b } else cost += limit
		}
	}
}
# swept reports whether every engine ran on group g: the folders the
# simulation covers.
function swept(g,   si) {
	for (si = 1; si <= ns; si++) if (isEngine[sorder[si]] && !ran[g, sorder[si]]) return 0
	return 1
}
function short(e) { sub(/^gospacer-/, "", e); return e }
function report(label, set,   gi, g, fi, f, b, sp, n, l, sol, extra, sum, m, k, nm, names) {
	nm = split(set, m, " "); names = ""
	for (k = 1; k <= nm; k++) names = names (k > 1 ? "," : "") short(m[k])
	printf "\n%s: %s\n", label, names
	printf "%-18s %5s %7s %9s %7s %9s\n", "folder", "files", "spacer", "portfolio", "beyond", "geomean/spacer"
	for (gi = 1; gi <= ng + 1; gi++) {
		if (gi <= ng) { g = gorder[gi]; if (!swept(g)) continue } else g = "all"
		if (g == "all") { printf "%-18s %5d %7d %9d %7d %9s\n", g, allFiles, allSp, allSol, allSol - allSp, allN ? sprintf("%.2f", exp(allSum / allN)) : "-"; continue }
		sol = 0; sp = 0; n = 0; sum = 0
		for (fi = 1; fi <= nf[g]; fi++) {
			f = forder[g, fi]; b = best(g, f, set)
			if (b >= 0) sol++
			if (solvedBy(g, f, spacer)) {
				sp++
				if (b >= 0) { n++; l = log((b > 0.001 ? b : 0.001) / (tm[g, f, spacer] > 0.001 ? tm[g, f, spacer] : 0.001)); sum += l; allSum += l; allN++ }
			}
		}
		allFiles += nf[g]; allSp += sp; allSol += sol
		printf "%-18s %5d %7d %9d %7d %9s\n", g, nf[g], sp, sol, sol - sp, n ? sprintf("%.2f", exp(sum / n)) : "-"
	}
	allFiles = allSp = allSol = allSum = allN = 0
}
END {
	spacer = "gospacer-spacer"
	if (!(spacer in sseen)) { print "portfolio-sim: no runs of spacer alone (solver gospacer-spacer)" > "/dev/stderr"; exit 2 }
	if (limit == "") {
		limit = -1
		for (si = 1; si <= ns; si++) if (isEngine[sorder[si]] && sorder[si] in unanswered && (limit < 0 || unanswered[sorder[si]] < limit)) limit = unanswered[sorder[si]]
		if (limit < 0) limit = 1e9
		limit = int(limit) # the timeout, without the time the run took to stop
	}
	printf "answers within %s s\n\n", limit
	printf "%-18s %-20s %6s %6s\n", "folder", "solver", "solved", "wrong"
	for (gi = 1; gi <= ng; gi++) {
		g = gorder[gi]
		for (si = 1; si <= ns; si++) {
			s = sorder[si]
			if (!ran[g, s]) continue
			n = 0
			for (fi = 1; fi <= nf[g]; fi++) if (solvedBy(g, forder[g, fi], s)) n++
			printf "%-18s %-20s %6d %6d\n", g, short(s), n, wrong[g, s]
		}
	}
	if (specs != "") {
		nsp = split(specs, sp, ";")
		for (k = 1; k <= nsp; k++) {
			split(sp[k], kv, "="); n = split(kv[2], mem, ","); set = ""
			for (j = 1; j <= n; j++) {
				if (!(("gospacer-" mem[j]) in sseen)) { print "portfolio-sim: no runs of " mem[j] > "/dev/stderr"; exit 2 }
				set = set (j > 1 ? " " : "") "gospacer-" mem[j]
			}
			report(kv[1] " cores (given)", set)
		}
		exit 0
	}
	# greedy: spacer, then the engine that adds most
	set = spacer; size = 1; ci = 1
	while (ci <= ncores) {
		while (size < cores[ci]) {
			pick = ""; pt = -1; pc = 0
			for (si = 1; si <= ns; si++) {
				e = sorder[si]
				if (!isEngine[e] || index(" " set " ", " " e " ")) continue
				score(set " " e)
				if (total > pt || (total == pt && cost < pc)) { pick = e; pt = total; pc = cost }
			}
			if (pick == "") break
			set = set " " pick; size++
		}
		report(cores[ci] " cores (greedy)", set)
		if (size < cores[ci]) break # no engine left
		ci++
	}
}
