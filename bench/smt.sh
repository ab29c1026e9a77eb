#!/usr/bin/env bash
# Runs gospacer, z3 and cvc5 (those installed) on the SMT-LIB folders of
# ../shared/bench with one timeout, one solver at a time, and prints per
# folder: solved counts, wrong answers (against MANIFEST.tsv), total time,
# and the median and geometric-mean per-file time ratios against z3 over
# the files both solve where either takes >= 0.05 s (RATIO_MIN=0.01
# bench/smt.sh: another least time); when cvc5 is in the run, the same
# table again against cvc5; with --base, against the base binary too.
#
#   bench/smt.sh [-t SECONDS] [-r REPEATS] [-c] [--base BINARY] [FOLDER...]
#                                              (default: all SMT-LIB folders)
#   BENCH=/path/to/bench bench/smt.sh
#
# -r REPEATS runs every solver REPEATS times on each file (in turn: file
# by file, solver by solver, run by run) and keeps its least time: most
# files take well under a second, where the machine's load decides which
# files reach the 0.05 s of the ratios (a file's answer is the first
# run's, or a later run's sat/unsat that differs from it, so that no
# wrong answer hides). With -r, the ratios are also printed over the
# files where either takes >= 0.01 s: the fixed cost of start-up shows
# there. --base BINARY runs a second gospacer binary (another commit's
# build, e.g. main's) as the solver gospacer-base, and prints the ratios
# gospacer/gospacer-base as well. -c measures each run's CPU time (user +
# system, by /usr/bin/time; GC threads count too) instead of its wall-clock
# time, which on a loaded machine measures the load: a run stopped by the
# timeout keeps its wall-clock time. /usr/bin/time counts in 0.01 s, so
# with -c the ratios over files >= 0.01 s are not printed, and a file of
# 0.05 s reads 0.04 or 0.05 (a ratio of 1.25 is one tick).
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
repeats=1
base_bin=
cpu_time=
usage() { echo "usage: $0 [-t SECONDS] [-r REPEATS] [-c] [--base BINARY] [FOLDER...]" >&2; exit 2; }
args=()
while [ $# -gt 0 ]; do
  case $1 in
    -t) [ $# -ge 2 ] || usage; timeout_s=$2; shift 2 ;;
    -t*) timeout_s=${1#-t}; shift ;;
    -r) [ $# -ge 2 ] || usage; repeats=$2; shift 2 ;;
    -c) cpu_time=1; shift ;;
    -r*) repeats=${1#-r}; shift ;;
    --base) [ $# -ge 2 ] || usage; base_bin=$(realpath "$2"); shift 2 ;;
    -*) usage ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- "${args[@]+"${args[@]}"}"
case $repeats in ''|*[!0-9]*|0) usage ;; esac
if [ -n "$cpu_time" ] && [ ! -x /usr/bin/time ]; then echo "-c needs /usr/bin/time (apt-get install time)" >&2; exit 2; fi
bench=${BENCH:-../shared/bench}
folders=("$@")
[ ${#folders[@]} -eq 0 ] && folders=(qf_lra qf_idl qf_lia qf_uf qf_ax)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
CGO_ENABLED=0 go build -o "$out/gospacer" ./cmd/gospacer || exit 1

solvers=(gospacer)
[ -n "$base_bin" ] && solvers+=(gospacer-base)
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
    gospacer-base) cmd=("$base_bin" -t "$timeout_s" "$file") ;;
    z3) cmd=(z3 "-T:$timeout_s" "$file") ;;
    cvc5) cmd=(cvc5 --tlimit=$((timeout_s * 1000)) "$file") ;;
  esac
  local t0 t1 ans cpu=
  [ -n "$cpu_time" ] && { rm -f "$out/cpu"; cmd=(/usr/bin/time -f '%U %S' -o "$out/cpu" "${cmd[@]}"); }
  t0=$(date +%s.%N)
  ans=$(timeout -k 1 $((timeout_s + 1)) "${cmd[@]}" 2>/dev/null | grep -m1 -E '^(sat|unsat|unknown)$')
  local rc=$?
  t1=$(date +%s.%N)
  [ -z "$ans" ] && ans=error
  [ $rc -ne 0 ] && [ "$ans" = error ] && ans=timeout
  # the CPU time when the process ended by itself, else the wall-clock time
  [ -n "$cpu_time" ] && [ -s "$out/cpu" ] && cpu=$(awk 'NF == 2 && $1 ~ /^[0-9.]+$/ { print $1 + $2 }' "$out/cpu" | tail -1)
  awk -v a="$ans" -v t0="$t0" -v t1="$t1" -v cpu="$cpu" 'BEGIN { printf "%s\t%.3f\n", a, (cpu != "" ? cpu : t1 - t0) }'
}

# runs SOLVER FILE -> "answer<TAB>seconds": repeats runs, the least time
# (see the header for the answer)
runs() {
  local first r a t best i
  first=$(run "$1" "$2")
  a=${first%%$'\t'*}; best=${first#*$'\t'}
  for ((i = 1; i < repeats; i++)); do
    r=$(run "$1" "$2")
    t=${r#*$'\t'}
    case ${r%%$'\t'*} in
      sat|unsat) [ "${r%%$'\t'*}" != "$a" ] && a=${r%%$'\t'*} ;;
    esac
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { printf "%.3f", (b < a ? b : a) }')
  done
  printf '%s\t%s\n' "$a" "$best"
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
      printf '%s\t%s\t%s\t%s\t%s\n' "$folder" "$file" "$s" "$expected" "$(runs "$s" "$dir/$file")" >>"$results"
    done
  done
done
[ "$repeats" -gt 1 ] && echo "least time of $repeats runs per file and solver"
[ -n "$cpu_time" ] && echo "times are CPU seconds (user + system)"
refs=()
printf '%s\n' "${solvers[@]}" | grep -qx z3 && refs+=(z3)
printf '%s\n' "${solvers[@]}" | grep -qx cvc5 && refs+=(cvc5)
[ -n "$base_bin" ] && refs+=(gospacer-base)
[ ${#refs[@]} -eq 0 ] && refs=(z3)
for ref in "${refs[@]}"; do
  [ "$ref" != "${refs[0]}" ] && { echo; echo "against $ref:"; }
  awk -v ref="$ref" -v min="${RATIO_MIN-}" -f bench/report.awk "$results"
  if [ "$repeats" -gt 1 ] && [ -z "${RATIO_MIN-}" ] && [ -z "$cpu_time" ]; then
    echo "against $ref, over the files where either takes >= 0.01 s:"
    awk -v ref="$ref" -v min=0.01 -f bench/report.awk "$results"
  fi
done
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
