#!/usr/bin/env bash
# Compares gospacer configurations on the CHC folders of ../shared/bench/chc:
# each file is run with every configuration in turn (so a loaded machine
# weighs on all of them alike), and the report (bench/chcreport.awk) gives
# per folder and configuration: files, solved / wrong / unknown against the
# manifests, total time, and the time ratios against the first
# configuration.
#
#   bench/chcopts.sh [-t SECONDS] [-c NAME=PARAMS]... [-b NAME=BINARY]... [FOLDER...]
#
# -c NAME=PARAMS  a configuration of the branch's own binary: PARAMS is a
#                 comma-separated list of engine parameters (--opt), e.g.
#                 -c no-itp=spacer.itp=false; -c default= is the default
# -b NAME=BINARY  another gospacer binary with its default parameters (a
#                 build of main, say)
# With neither, the default configuration alone runs. Witnesses are
# checked by gospacer itself (chc.Solve); bench/chc.sh --validate-with z3
# checks models independently.
#
#   KEEP=results.tsv bench/chcopts.sh ...   (keep the raw results)
set -uo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 [-t SECONDS] [-c NAME=PARAMS]... [-b NAME=BINARY]... [FOLDER...]" >&2; exit 2; }
timeout_s=10
names=() bins=() params=() folders=()
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
CGO_ENABLED=0 go build -o "$out/gospacer" ./cmd/gospacer || exit 1
while [ $# -gt 0 ]; do
  case $1 in
    -t) [ $# -ge 2 ] || usage; timeout_s=$2; shift 2 ;;
    -c) [ $# -ge 2 ] || usage; names+=("${2%%=*}"); bins+=("$out/gospacer"); params+=("${2#*=}"); shift 2 ;;
    -b) [ $# -ge 2 ] || usage; names+=("${2%%=*}"); bins+=("${2#*=}"); params+=(""); shift 2 ;;
    -h|--help|-*) usage ;;
    *) folders+=("$1"); shift ;;
  esac
done
if [ ${#names[@]} -eq 0 ]; then names=(default); bins=("$out/gospacer"); params=(""); fi
bench=${BENCH:-../shared/bench/chc}
if [ ${#folders[@]} -eq 0 ]; then
  for d in "$bench"/*/; do [ -f "$d/MANIFEST.tsv" ] && folders+=("$(basename "$d")"); done
fi

results=$out/results.tsv
: >"$results"
for folder in "${folders[@]}"; do
  manifest=$bench/$folder/MANIFEST.tsv
  [ -f "$manifest" ] || { echo "no $manifest" >&2; continue; }
  col=$(head -1 "$manifest" | tr '\t' '\n' | grep -n -x expected | cut -d: -f1)
  while IFS=$'\t' read -r file expected; do
    for i in "${!names[@]}"; do
      cmd=("${bins[$i]}" -t "$timeout_s")
      IFS=, read -ra ps <<<"${params[$i]}"
      for p in "${ps[@]}"; do [ -n "$p" ] && cmd+=(--opt "$p"); done
      t0=$(date +%s.%N)
      ans=$(timeout -k 1 $((${timeout_s%.*} + 2)) "${cmd[@]}" "$bench/$folder/$file" 2>/dev/null | grep -m1 -E '^(sat|unsat|unknown)$')
      t1=$(date +%s.%N)
      [ -z "$ans" ] && ans=error
      awk -v g="$folder" -v f="$file" -v s="${names[$i]}" -v w="$expected" -v a="$ans" -v t0="$t0" -v t1="$t1" \
        'BEGIN { printf "%s\t%s\t%s\t%s\t%s\t%.3f\t-\n", g, f, s, w, a, t1 - t0 }' >>"$results"
    done
  done < <(tail -n +2 "$manifest" | cut -f1,"$col")
done
awk -v ref="${names[0]}" -f bench/chcreport.awk "$results"
if [ -n "${KEEP:-}" ]; then cp "$results" "$KEEP"; echo "results kept in $KEEP"; fi
