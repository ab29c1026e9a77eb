#!/usr/bin/env bash
# Runs gospacer, z3 and cvc5 (those installed) on the SMT-LIB folders of
# ../shared/bench with one timeout, one solver at a time, and prints per
# folder: solved counts, wrong answers (against MANIFEST.tsv), total time,
# and the median and geometric-mean per-file time ratios against z3 over
# the files both solve where either takes >= 0.05 s; when cvc5 is in the
# run, the same table again against cvc5.
#
#   bench/smt.sh [-t SECONDS] [FOLDER...]      (default: all SMT-LIB folders)
#   BENCH=/path/to/bench bench/smt.sh
#   KEEP=results.tsv bench/smt.sh              (keep the raw results)
#   PLOTS=dir/name PLOTFMT=png bench/smt.sh    (where the plots go, below)
#
# Plots, as bench/chc.sh draws them (bench/plot): a cactus plot (files
# solved within a time, one line per solver, all folders of the run
# together) and a scatter plot (per file, gospacer's time against z3's)
# in PREFIX-cactus.FMT and PREFIX-scatter.FMT: PREFIX is $PLOTS, else
# KEEP's name without .tsv, else bench/out/smt; FMT is $PLOTFMT (svg, the
# default, png or pdf); PLOTS= (empty) draws none.
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
if printf '%s\n' "${solvers[@]}" | grep -qx cvc5; then
  echo; echo "against cvc5:"
  awk -v ref=cvc5 -f bench/report.awk "$results"
fi
if [ -n "${KEEP:-}" ]; then cp "$results" "$KEEP"; echo "results kept in $KEEP"; fi
# the plots, by bench/plot (its own Go module)
if [ -n "${KEEP:-}" ]; then plots=${PLOTS-${KEEP%.tsv}}; else plots=${PLOTS-bench/out/smt}; fi
if [ -n "$plots" ] && [ -s "$results" ]; then
  fmt=${PLOTFMT:-svg}
  if ! (cd bench/plot && CGO_ENABLED=0 go build -o "$out/plot" . 2>"$out/plot.log"); then
    echo "note: bench/plot does not build (no module cache or network?): no plots" >&2
    sed 's/^/  /' "$out/plot.log" | head -5 >&2
  else
    mkdir -p "$(dirname "$plots")"
    pargs=(-t "$timeout_s" -title "${folders[*]}" -cactus "$plots-cactus.$fmt")
    printf '%s\n' "${solvers[@]}" | grep -qx z3 && pargs+=(-scatter "$plots-scatter.$fmt" -ours gospacer -ref z3)
    if "$out/plot" "${pargs[@]}" "$results"; then
      echo "plots: $plots-cactus.$fmt$(printf '%s\n' "${solvers[@]}" | grep -qx z3 && echo " $plots-scatter.$fmt")"
    else
      echo "note: bench/plot failed: no plots" >&2
    fi
  fi
fi
