#!/usr/bin/env bash
# Simulates N-core portfolios from runs of each engine alone: what a
# portfolio whose members each have a core of their own would answer, and
# when (per file, the least time over its members that answer correctly),
# and chooses the members for 2, 4 and 8 cores.
#
#   bench/portfolio-sim.sh [-t SECONDS] [--members N=A,B,...]... RESULTS.tsv...
#
# RESULTS are the raw results bench/chc.sh keeps (KEEP=...), from runs with
# --engines A,B,... (solvers gospacer-A, gospacer-B, ...; another solver of
# the files, z3 or gospacer-portfolio say, is reported beside but never a
# member). Run each engine alone once and keep the file, e.g.
#
#   KEEP=out/members.tsv bench/chc.sh -t 10 --no-z3 --no-golem \
#       --engines spacer,pdkind,clover,bam,bmc,kind lia-lin lra-ts arrays
#   bench/portfolio-sim.sh out/members.tsv
#
# Files may come from several runs (one engine each, other folders, other
# timeouts): -t SECONDS (default: the least timeout, the largest time of
# an unanswered run) counts only answers within it, so that members swept
# at different timeouts compare. A run answering against the manifest's
# expected answer is wrong (it never enters a portfolio: the portfolio
# checks every witness) and is counted in its own column.
#
# Members: spacer first (the best engine alone), then greedily the engine
# that adds the most files solved over all folders (ties: the least summed
# time), up to N members on N cores; --members N=A,B,... evaluates a given
# set instead (repeatable). The simulation ignores what members cost each
# other on shared memory and the portfolio's start (tens of milliseconds
# per member): on fewer cores than members, run the portfolio itself.
#
# Output: per folder and engine alone, files solved; then per N, the
# members and, per folder that every engine ran on, the files solved, the
# files beyond Spacer's, and the geometric mean of the per-file time ratio
# portfolio/spacer over the files both solve. With fewer engines than N,
# the N-core set is all of them.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=
specs=()
usage() { echo "usage: $0 [-t SECONDS] [--members N=A,B,...]... RESULTS.tsv..." >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -t) [ $# -ge 2 ] || usage; limit=$2; shift 2 ;;
    --members) [ $# -ge 2 ] || usage; specs+=("$2"); shift 2 ;;
    --members=*) specs+=("${1#--members=}"); shift ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
for f in "$@"; do [ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 2; }; done

cat "$@" | awk -v limit="$limit" -v specs="$(IFS=';'; echo "${specs[*]-}")" -f bench/portfolio-sim.awk
