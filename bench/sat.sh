#!/usr/bin/env bash
# bench/sat.sh — run gospacer's CDCL core, minisat, cadical and gophersat
# over a directory of DIMACS CNF files, one solver and one file at a time,
# and compare: solved counts, wrong answers (against the `expected` column
# of MANIFEST.tsv and against minisat), total time, and per-file time
# ratios against minisat.
#
# usage: bench/sat.sh [-t SECONDS] [-s "SOLVERS"] [DIR]
#   DIR        CNF directory (default $CNF_DIR or ../shared/bench/cnf)
#   -t         per-file timeout in seconds (default $TIMEOUT or 10)
#   -s         solvers to run (default "gospacer minisat cadical gophersat")
# env: GOSPACER=path to use a prebuilt gospacer binary; VERBOSE=1 adds a
#      per-file table; KEEP=1 keeps the per-run outputs in a temp dir.
#
# Columns: solved files; wrong_exp, answers contradicting MANIFEST.tsv's
# `expected`; wrong_ms, answers contradicting minisat's; missed, files
# minisat solves and this solver does not; total_s, wall seconds (a
# timeout counts as the timeout); median and geomean of the per-file
# ratios time(solver)/time(minisat) over the `pairs` files both solve
# where either takes >= 0.05 s.
set -u
cd "$(dirname "$0")/.."
repo=$(pwd)

timeout_s=${TIMEOUT:-10}
solvers="gospacer minisat cadical gophersat"
while getopts "t:s:" opt; do
	case $opt in
	t) timeout_s=$OPTARG ;;
	s) solvers=$OPTARG ;;
	*) sed -n '2,22p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
dir=${1:-${CNF_DIR:-../shared/bench/cnf}}
if [ ! -d "$dir" ]; then
	echo "sat.sh: no CNF directory $dir" >&2
	exit 2
fi
manifest=$dir/MANIFEST.tsv

tmp=$(mktemp -d /tmp/satbench.XXXXXX)
trap '[ "${KEEP:-}" = 1 ] || rm -rf "$tmp"' EXIT

# --- build / locate the solvers ---------------------------------------------

build_gospacer() {
	if [ -n "${GOSPACER:-}" ]; then
		echo "$GOSPACER"
		return
	fi
	if CGO_ENABLED=0 go build -o "$tmp/gospacer" ./cmd/gospacer 2>"$tmp/build.log"; then
		echo "$tmp/gospacer"
		return
	fi
	# cmd/gospacer does not build (no main.go yet, or another package is
	# mid-edit): build a shim around cmd/gospacer/cnf.go alone.
	echo "sat.sh: ./cmd/gospacer does not build; using a shim around cnf.go" >&2
	local shim=$tmp/shim
	mkdir -p "$shim"
	cp cmd/gospacer/cnf.go "$shim/"
	cp go.sum "$shim/"
	cat >"$shim/go.mod" <<-MOD
		module gospacershim
		go 1.26
		require github.com/seed-f9c3434d/gospacer v0.0.0
		replace github.com/seed-f9c3434d/gospacer => $repo
	MOD
	cat >"$shim/main.go" <<-'MAIN'
		package main

		import (
			"fmt"
			"os"
		)

		func main() {
			f, err := os.Open(os.Args[len(os.Args)-1])
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			os.Exit(runCNF(os.Stdout, os.Stderr, f, f.Name(), cnfOptions{}))
		}
	MAIN
	if ! (cd "$shim" && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -o "$tmp/gospacer" . 2>>"$tmp/build.log"); then
		cat "$tmp/build.log" >&2
		echo "sat.sh: cannot build gospacer" >&2
		return 1
	fi
	echo "$tmp/gospacer"
}

build_gophersat() {
	if command -v gophersat >/dev/null; then
		command -v gophersat
		return
	fi
	# Installed outside our module so that it cannot touch go.mod.
	if (cd "$tmp" && GOFLAGS= GOBIN="$tmp/bin" go install github.com/crillab/gophersat@latest) >"$tmp/gophersat.log" 2>&1; then
		echo "$tmp/bin/gophersat"
		return
	fi
	cat "$tmp/gophersat.log" >&2
	return 1
}

declare -A cmd
for s in $solvers; do
	case $s in
	gospacer)
		if bin=$(build_gospacer); then cmd[$s]="$bin"; fi ;;
	minisat | cadical)
		if command -v "$s" >/dev/null; then
			if [ "$s" = minisat ]; then cmd[$s]="minisat -verb=0"; else cmd[$s]="cadical -q"; fi
		else
			echo "sat.sh: $s is not installed; install it with: apt-get update && apt-get install -y minisat cadical" >&2
		fi ;;
	gophersat)
		if bin=$(build_gophersat); then cmd[$s]="$bin"; else echo "sat.sh: cannot install gophersat" >&2; fi ;;
	*) echo "sat.sh: unknown solver $s" >&2 ;;
	esac
done

# --- run ----------------------------------------------------------------------

files=$(cd "$dir" && ls -- *.cnf | LC_ALL=C sort)
nfiles=$(echo "$files" | wc -l)
echo "# $nfiles files in $dir, timeout ${timeout_s}s"

# answer FILE RC: sat, unsat or unknown, from the solver's output and code.
answer() {
	if grep -qE '^(s )?UNSATISFIABLE' "$1"; then echo unsat
	elif grep -qE '^(s )?SATISFIABLE' "$1"; then echo sat
	elif [ "$2" = 10 ]; then echo sat
	elif [ "$2" = 20 ]; then echo unsat
	else echo unknown
	fi
}

for s in $solvers; do
	[ -n "${cmd[$s]:-}" ] || continue
	: >"$tmp/$s.tsv"
	for f in $files; do
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086
		timeout "$timeout_s" ${cmd[$s]} "$dir/$f" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		t1=$(date +%s.%N)
		a=$(answer "$tmp/out" "$rc")
		secs=$(echo "$t0 $t1" | awk '{printf "%.3f", $2 - $1}')
		[ "$a" = unknown ] && secs=$timeout_s
		printf '%s\t%s\t%s\n' "$f" "$a" "$secs" >>"$tmp/$s.tsv"
	done
done

# --- report -------------------------------------------------------------------

expected() { # file -> expected answer column of MANIFEST.tsv
	[ -f "$manifest" ] || return
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "expected") c = i; next }
		c { print $1 "\t" $c }' "$manifest"
}
expected >"$tmp/expected.tsv"
if [ -f "$tmp/minisat.tsv" ]; then cp "$tmp/minisat.tsv" "$tmp/ref.tsv"; else : >"$tmp/ref.tsv"; fi

printf '%-10s %8s %9s %8s %7s %9s %7s %8s %6s %s\n' solver solved wrong_exp wrong_ms missed total_s median geomean pairs "(missed: solved by minisat, not by this solver)"
for s in $solvers; do
	[ -f "$tmp/$s.tsv" ] || continue
	awk -F'\t' -v me="$s" -v nfiles="$nfiles" '
		FILENAME ~ /expected.tsv$/ { want[$1] = $2; next }
		FILENAME ~ /ref.tsv$/ { ma[$1] = $2; mt[$1] = $3; next }
		{
			ans[$1] = $2; t[$1] = $3; total += $3
			if ($2 != "unknown") solved++
			if ($2 != "unknown" && ($1 in want) && (want[$1] == "sat" || want[$1] == "unsat") && want[$1] != $2) { wexp++; wl = wl " " $1 }
			if ($2 != "unknown" && ($1 in ma) && ma[$1] != "unknown" && ma[$1] != $2) { wms++; wl = wl " " $1 }
			if (($1 in ma) && ma[$1] != "unknown" && $2 == "unknown") { missed++; ml = ml " " $1 }
			if (($1 in ma) && ma[$1] != "unknown" && $2 != "unknown" && ($3 >= 0.05 || mt[$1] >= 0.05)) {
				m = mt[$1] < 0.001 ? 0.001 : mt[$1]; x = $3 < 0.001 ? 0.001 : $3
				r[++n] = x / m; lsum += log(x / m)
			}
		}
		END {
			# insertion sort for the median
			for (i = 2; i <= n; i++) { v = r[i]; for (j = i - 1; j >= 1 && r[j] > v; j--) r[j + 1] = r[j]; r[j + 1] = v }
			med = n ? (n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2) : 0
			geo = n ? exp(lsum / n) : 0
			printf "%-10s %4d/%-3d %9d %8d %7d %9.2f %7.3f %8.3f %6d %s\n", me, solved, nfiles, wexp, wms, missed, total, med, geo, n, ml
			if (wexp + wms) printf "  WRONG:%s\n", wl
		}' "$tmp/expected.tsv" "$tmp/ref.tsv" "$tmp/$s.tsv"
done

if [ "${VERBOSE:-}" = 1 ]; then
	echo
	echo "# per file: answer and seconds"
	header="file"
	for s in $solvers; do [ -f "$tmp/$s.tsv" ] && header="$header\t$s\tsecs"; done
	printf "%b\n" "$header"
	for f in $files; do
		row=$f
		for s in $solvers; do
			[ -f "$tmp/$s.tsv" ] || continue
			row="$row\t$(awk -F'\t' -v f="$f" '$1 == f { print $2 "\t" $3 }' "$tmp/$s.tsv")"
		done
		printf "%b\n" "$row"
	done
fi
[ "${KEEP:-}" = 1 ] && echo "# outputs kept in $tmp"
exit 0
