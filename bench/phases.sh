#!/usr/bin/env bash
# Prints the share of preprocessing and of the witness check in
# solve.time (issue 42's quarter), summed over the files of a folder, for
# two gospacer builds measured in turn:
#
#   bench/phases.sh BIN_A BIN_B [N] [FOLDER]
#
# Each file runs N times (default 10) per build with `--stats -t 10`, the
# builds alternated run by run. The values --stats prints are rounded to
# the millisecond and a small file's preprocessing takes 1-2 ms, so a
# least-of-N sum moves by ±5% from round to round; per file and build the
# script takes the mean over the 60% of the runs with the least
# solve.time (the rounding dithered away, the slow outliers left out),
# then sums over the files. FOLDER defaults to ../shared/bench/chc/lia-arrays.
#
# Both binaries run as copies (cp): a binary that the Go linker has just
# written starts about 0.5 ms slower per run on this machine than a
# byte-identical copy of it (see the README, "Fixed cost, fifteenth
# round"), which would favour whichever binary was copied.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$1" "$tmp/a"
cp "$2" "$tmp/b"
A=$tmp/a
B=$tmp/b
N=${3:-10}
D=${4:-$here/../../shared/bench/chc/lia-arrays}
for f in "$D"/*.smt2; do
	for _ in $(seq "$N"); do
		for bin in A B; do
			"${!bin}" --stats -t 10 "$f" 2>&1 | awk -v bin=$bin -v f="$(basename "$f")" '
				/:solve.preprocess-time/ { p = $2 }
				/:solve.check-time/ { c = $2 }
				/:solve.time/ { s = $2 }
				END { print bin, f, p + 0, c + 0, s + 0 }'
		done
	done
done | python3 -c '
import sys, collections
runs = collections.defaultdict(list)
for line in sys.stdin:
    b, f, p, c, s = line.split()
    runs[(b, f)].append((float(s), float(p), float(c)))
tot = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
for (b, f), v in runs.items():
    v.sort()
    k = max(1, int(len(v) * 0.6))
    for i in range(3):
        tot[b][i] += sum(x[i] for x in v[:k]) / k
for b in sorted(tot):
    s, p, c = tot[b]
    print(f"{b} preprocess {p:.4f} s  check {c:.4f} s  solve.time {s:.4f} s  preprocess/solve {p/s:.3f}  check/solve {c/s:.3f}")
'
