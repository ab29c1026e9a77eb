#!/usr/bin/env bash
# Runs gospacer, z3 and cvc5 (those installed) on the SMT-LIB folders of
# ../shared/bench with one timeout, one solver at a time, and prints per
# folder: solved counts, wrong answers (against MANIFEST.tsv), total time,
# and the median and geometric-mean per-file time ratios against z3 over
# the files both solve where either takes >= 0.05 s.
#
#   bench/smt.sh [-t SECONDS] [FOLDER...]      (default: all SMT-LIB folders)
#   BENCH=/path/to/bench bench/smt.sh
#
# A FOLDER with a slash is a path (bench/dev/qf_dt, the datatype files of
# cvc5's regression suite kept in the repository); a plain name is a
# folder of $BENCH.
set -uo pipefail
cd "$(dirname "$0")/.."
timeout_s=10
while getopts t: opt; do
  case $opt in
    t) timeout_s=$OPTARG ;;
    *) echo "usage: $0 [-t SECONDS] [FOLDER...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
bench=${BENCH:-../shared/bench}
folders=("$@")
[ ${#folders[@]} -eq 0 ] && folders=(qf_lra qf_idl qf_lia qf_uf qf_ax)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
CGO_ENABLED=0 go build -o "$out/gospacer" ./cmd/gospacer || exit 1

solvers=(gospacer)
for s in z3 cvc5; do
  if command -v $s >/dev/null; then solvers+=($s); else
    echo "note: $s not installed (apt-get update && apt-get install -y z3 cvc5)" >&2
  fi
done

# run SOLVER FILE -> "answer<TAB>seconds"
run() {
  local solver=$1 file=$2 cmd
  case $solver in
    gospacer) cmd=("$out/gospacer" -t "$timeout_s" "$file") ;;
    z3) cmd=(z3 "-T:$timeout_s" "$file") ;;
    cvc5) cmd=(cvc5 --tlimit=$((timeout_s * 1000)) "$file") ;;
  esac
  local t0 t1 ans
  t0=$(date +%s.%N)
  ans=$(timeout -k 1 $((timeout_s + 1)) "${cmd[@]}" 2>/dev/null | grep -m1 -E '^(sat|unsat|unknown)$')
  local rc=$?
  t1=$(date +%s.%N)
  [ -z "$ans" ] && ans=error
  [ $rc -ne 0 ] && [ "$ans" = error ] && ans=timeout
  awk -v a="$ans" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%s\t%.3f\n", a, t1 - t0 }'
}

results=$out/results.tsv
for folder in "${folders[@]}"; do
  dir=$bench/$folder
  case $folder in */*) dir=$folder ;; esac
  manifest=$dir/MANIFEST.tsv
  [ -f "$manifest" ] || { echo "no $manifest" >&2; continue; }
  col=$(head -1 "$manifest" | tr '\t' '\n' | grep -n -x expected | cut -d: -f1)
  tail -n +2 "$manifest" | cut -f1,"$col" | while IFS=$'\t' read -r file expected; do
    for s in "${solvers[@]}"; do
      printf '%s\t%s\t%s\t%s\t%s\n' "$folder" "$file" "$s" "$expected" "$(run "$s" "$dir/$file")" >>"$results"
    done
  done
done
awk -v ref=z3 -f bench/report.awk "$results"
if [ -n "${KEEP:-}" ]; then cp "$results" "$KEEP"; echo "results kept in $KEEP"; fi
