#!/usr/bin/env bash
# Measures the CLOVER engine's settings against spacer and z3 on a folder of
# CHC files with a MANIFEST.tsv (columns file, expected): clover at
# clover.k = 1, 2, 3, 5, 10 (the default k is whatever clover.go's DefaultK
# says; the run passes k explicitly), clover without EC lemmas and clover
# without data candidates (both at the default k), gospacer's spacer engine,
# and z3. Each file is run with every configuration in turn, so a loaded
# machine weighs on all of them alike. Prints per configuration: files,
# solved sat / unsat, wrong (an answer contradicting `expected`; '?'
# expects nothing), unknown (no answer: unknown, timeout, error), and the
# total wall time (a timeout counts as what it took, about the bound);
# then the files no configuration solves.
#
#   bench/clover-k.sh [-t SECONDS] [DIR]
#   DIR defaults to engines/clover/testdata
#   GOSPACER=/path/to/binary bench/clover-k.sh   (instead of building cmd/gospacer)
#   KEEP=results.tsv bench/clover-k.sh           (keep the raw results)
#   Z3=/path/to/z3                                (default: z3 on PATH; absent, its column is skipped)
set -uo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 [-t SECONDS] [DIR]" >&2; exit 2; }
timeout_s=10
while [ $# -gt 0 ]; do
  case $1 in
    -t) [ $# -ge 2 ] || usage; timeout_s=$2; shift 2 ;;
    -h|--help|-*) usage ;;
    *) break ;;
  esac
done
[ $# -le 1 ] || usage
dir=${1:-engines/clover/testdata}
manifest=$dir/MANIFEST.tsv
[ -f "$manifest" ] || { echo "no $manifest" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bin=${GOSPACER:-}
if [ -z "$bin" ]; then
  bin=$out/gospacer
  CGO_ENABLED=0 go build -o "$bin" ./cmd/gospacer || exit 1
fi
z3=${Z3:-z3}

# Configuration name and its gospacer arguments (engine, then --opt's).
names=(clover-k1 clover-k2 clover-k3 clover-k5 clover-k10 clover-noec clover-nodata spacer)
args=(
  "--engine clover --opt clover.k=1"
  "--engine clover --opt clover.k=2"
  "--engine clover --opt clover.k=3"
  "--engine clover --opt clover.k=5"
  "--engine clover --opt clover.k=10"
  "--engine clover --opt clover.ec-lemmas=false"
  "--engine clover --opt clover.data=false"
  "--engine spacer"
)
if command -v "$z3" >/dev/null; then names+=(z3); args+=(z3); fi

col=$(head -1 "$manifest" | tr '\t' '\n' | grep -n -x expected | cut -d: -f1)
[ -n "$col" ] || { echo "$manifest has no column expected" >&2; exit 2; }
results=$out/results.tsv
: >"$results"
while IFS=$'\t' read -r file expected; do
  [ -f "$dir/$file" ] || { echo "missing $dir/$file" >&2; continue; }
  for i in "${!names[@]}"; do
    if [ "${args[$i]}" = z3 ]; then
      cmd=("$z3" "-T:$timeout_s" "$dir/$file")
    else
      read -ra a <<<"${args[$i]}"
      cmd=("$bin" -t "$timeout_s" "${a[@]}" "$dir/$file")
    fi
    t0=$(date +%s.%N)
    ans=$(timeout -k 1 $((${timeout_s%.*} + 2)) "${cmd[@]}" 2>/dev/null | head -1)
    t1=$(date +%s.%N)
    case $ans in sat|unsat) ;; *) ans=unknown ;; esac
    awk -v f="$file" -v s="${names[$i]}" -v w="$expected" -v a="$ans" -v t0="$t0" -v t1="$t1" \
      'BEGIN { printf "%s\t%s\t%s\t%s\t%.3f\n", f, s, w, a, t1 - t0 }' >>"$results"
  done
done < <(tail -n +2 "$manifest" | cut -f1,"$col")

awk -F'\t' -v order="${names[*]}" '
{
  f = $1; s = $2; want = $3; got = $4; t = $5
  files[s]++; time[s] += t
  if (got == "sat" || got == "unsat") {
    if (want != "?" && got != want) { wrong[s]++; wrongf[s] = wrongf[s] " " f }
    else { solved[f] = 1; if (got == "sat") nsat[s]++; else nunsat[s]++ }
  } else unk[s]++
  if (!(f in seen)) { seen[f] = 1; fl[++nf] = f }
}
END {
  n = split(order, cs, " ")
  printf "%-14s %5s %5s %5s %5s %7s %9s\n", "configuration", "files", "sat", "unsat", "wrong", "unknown", "time(s)"
  for (i = 1; i <= n; i++) {
    s = cs[i]
    printf "%-14s %5d %5d %5d %5d %7d %9.1f\n", s, files[s], nsat[s], nunsat[s], wrong[s], unk[s], time[s]
  }
  for (i = 1; i <= n; i++) if (wrong[cs[i]]) printf "WRONG %s:%s\n", cs[i], wrongf[cs[i]]
  none = ""
  for (i = 1; i <= nf; i++) if (!(fl[i] in solved)) none = none " " fl[i]
  printf "solved by no configuration:%s\n", none == "" ? " (none)" : none
}' "$results"
if [ -n "${KEEP:-}" ]; then cp "$results" "$KEEP"; echo "results kept in $KEEP"; fi
