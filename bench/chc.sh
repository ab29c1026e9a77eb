#!/usr/bin/env bash
# Runs gospacer and z3 (its Spacer) on the CHC folders of ../shared/bench/chc
# with one timeout, one solver at a time, and prints per folder and solver:
# files, solved / wrong / unknown (against the column `expected` of each
# MANIFEST.tsv; '?' expects nothing, so no answer there is wrong), total
# time, the median and geometric-mean per-file time ratio gospacer/z3 over
# the files both solve where either takes >= 0.05 s (RATIO_MIN=0.01
# bench/chc.sh: another least time), and the median peak memory
# (/usr/bin/time -v, when installed).
#
#   bench/chc.sh [-t SECONDS] [--engine NAME | --engines A,B,...] [--no-golem]
#                [--validate-with z3] [-r REPEATS] [FOLDER...]
#   BENCH=/path/to/chc bench/chc.sh            (default ../shared/bench/chc)
#   KEEP=results.tsv bench/chc.sh              (keep the raw results)
#   GOSPACER=/path/to/binary bench/chc.sh      (instead of building cmd/gospacer)
#   PLOTS=dir/name PLOTFMT=png bench/chc.sh    (where the plots go, below)
#
# FOLDER is a folder name under the bench directory (default: all of them),
# or a path with a slash (a folder with a MANIFEST.tsv anywhere, e.g.
# ../shared/bench-next/chc/adt), reported under its last name.
# --engine is passed to gospacer (spacer, bmc, ...). --engines runs
# gospacer once per engine, each a solver of its own (gospacer-NAME) in the
# same run, and adds the column `unique`: files that solver solves and no
# other gospacer engine does. --opt NAME=VALUE (repeatable) goes to every
# gospacer run. --base BINARY runs a second gospacer binary (another
# commit's build) as the solver gospacer-base, with the same flags: a
# branch against main in one run. --no-z3 leaves z3 out (a quick run of
# gospacer alone; the ratio columns are then empty).
#
# Golem (github.com/usi-verification-and-security/golem), when `golem` is
# on PATH and --no-golem is not given, runs too, and three more tables
# follow with the ratios against Golem: over the files both solve (the rule
# above), over the files Golem answers in under 0.1 s, where a fixed cost
# shows, and over every file both solve, however short; -l QF_LRA on files over
# Real, QF_LIA otherwise, its engine from GOLEM_ENGINE (default: Golem's
# own default), stopped by timeout(1) at the same timeout. It reads neither
# arrays nor z3's fixedpoint format: those runs count as errors.
#
# -r REPEATS runs every solver up to REPEATS times on each file, in turn,
# while its runs take under REPEAT_UNDER seconds (default 1), and keeps the
# least time (answer, memory, statistics and model check are those of the
# first run): a file of a few milliseconds then counts at its cost, not at
# the machine's noise, for every solver alike.
#
# --stat KEY (repeatable) runs gospacer with --stats and keeps the value
# of every statistic named ENGINE.KEY (e.g. --stat cache-hits for
# bam-value.cache-hits) in an eighth column of the results; the report
# then adds the median of each KEY per folder and solver, over all files
# and over the solved ones.
#
# --validate-with z3 checks every `sat` model gospacer prints independently:
# bench/chcmodel.py writes one script per clause (the input's declarations,
# each predicate replaced by its define-fun, then the negated clause), and z3
# must answer unsat on each. A model z3 refutes, or that lacks a predicate,
# is rejected (must be 0); a clause z3 cannot decide in time leaves the model
# unchecked. Unsat answers are checked against the manifest (the wrong
# column); gospacer itself replays every derivation before answering.
#
# With --validate-with z3, every HORN model is also checked as CHC-COMP's
# model track (2026) does, when its validator is found: the validator
# (tools/validator/validate-model.py of github.com/chc-comp/chc-comp-2026,
# not shipped here) reads the output after `sat` (one model) and writes one
# script, each predicate replaced by its define-fun and the negated
# conjunction of all clauses, which z3 must answer unsat within
# CHCCOMP_TIMEOUT seconds (default 90, the track's). The validator is
# looked for at $CHCCOMP_VALIDATOR, else
# ../shared/chc-comp-2026/tools/validator/validate-model.py; it needs
# python3 with ply (apt-get install python3-ply). Without it, a note and
# the clause-by-clause check only.
#
# z3's fixedpoint format (declare-rel/rule/query, the spacer-diverging
# folder): z3 answers sat when the query is reachable, the reverse of HORN.
# gospacer prints z3's convention for those files too, so the answers of the
# two solvers compare directly; there the model follows gospacer's `unsat`.
#
# Z3NEW=COMMAND adds the solver z3new, run as `COMMAND FILE` under the same
# timeout: the newest z3 through bench/z3wasm.js (its header says how to
# install it), e.g. Z3NEW="node $PWD/bench/z3wasm.js". Its time includes
# about a second of WebAssembly start-up, so compare its solved counts;
# the ratio columns stay against z3 4.8.12.
#
# An output with an `(error` line counts as an error even when an answer
# follows: z3 reports a malformed command and answers for the script
# without it (array_zero__flag in spacer-diverging), which is not an
# answer for the file; the manifests record such runs as errors too.
#
# Plots: beside the table, a cactus plot (files solved within a time, one
# line per solver) and a scatter plot (per file, gospacer's time against
# z3's, log-log, unsolved files on the border at the timeout; against
# gospacer-base when z3 is not in the run) are written to PREFIX-cactus.FMT
# and PREFIX-scatter.FMT: PREFIX is $PLOTS, else KEEP's name without .tsv,
# else bench/out/chc; FMT is $PLOTFMT (svg, the default, png or pdf);
# PLOTS= (empty) draws none. bench/plot draws them with gonum.org/v1/plot, a
# Go module of its own (the solver's module does not depend on it); when it
# cannot be built (no module cache and no network), a note and no plots.
#
# The script works with an older gospacer CLI: options it does not list in
# its --help (--engine, --model, -t) are left out, with a note.
set -uo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 [-t SECONDS] [-r REPEATS] [--engine NAME | --engines A,B,...] [--opt NAME=VALUE] [--base BINARY] [--no-golem] [--no-z3] [--stat KEY] [--validate-with z3] [FOLDER...]" >&2; exit 2; }
timeout_s=10
repeats=1
engine=
engines=
opts=()
golem_ok=1
z3_ok=1
base_bin=
validate=
stats=()
folders=()
while [ $# -gt 0 ]; do
  case $1 in
    -t) [ $# -ge 2 ] || usage; timeout_s=$2; shift 2 ;;
    -t*) timeout_s=${1#-t}; shift ;;
    -r) [ $# -ge 2 ] || usage; repeats=$2; shift 2 ;;
    --engine|-engine) [ $# -ge 2 ] || usage; engine=$2; shift 2 ;;
    --engine=*) engine=${1#--engine=}; shift ;;
    --engines) [ $# -ge 2 ] || usage; engines=$2; shift 2 ;;
    --engines=*) engines=${1#--engines=}; shift ;;
    --opt) [ $# -ge 2 ] || usage; opts+=(--opt "$2"); shift 2 ;;
    --stat) [ $# -ge 2 ] || usage; stats+=("$2"); shift 2 ;;
    --no-golem) golem_ok=; shift ;;
    --no-z3) z3_ok=; shift ;;
    --base) [ $# -ge 2 ] || usage; base_bin=$(realpath "$2"); shift 2 ;;
    --validate-with) [ $# -ge 2 ] || usage; validate=$2; shift 2 ;;
    --validate-with=*) validate=${1#--validate-with=}; shift ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) folders+=("$1"); shift ;;
  esac
done
case $validate in ''|z3) ;; *) echo "only z3 validates models" >&2; exit 2 ;; esac
bench=${BENCH:-../shared/bench/chc}
if [ ${#folders[@]} -eq 0 ]; then
  for d in "$bench"/*/; do [ -f "$d/MANIFEST.tsv" ] && folders+=("$(basename "$d")"); done
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ -n "${GOSPACER:-}" ]; then
  cp "$GOSPACER" "$out/gospacer" || exit 1
else
  # (built, then copied: a binary the Go linker has just written starts
  # about 0.5 ms slower per run than a copy of it, as installed peers are;
  # see the README, "Fixed cost, fifteenth round")
  CGO_ENABLED=0 go build -o "$out/gospacer.built" ./cmd/gospacer || exit 1
  cp "$out/gospacer.built" "$out/gospacer" && rm "$out/gospacer.built" || exit 1
fi
if [ -n "$base_bin" ]; then
  cp "$base_bin" "$out/gospacer-base" || exit 1
  base_bin=$out/gospacer-base
fi

# the options this gospacer understands
help=$("$out/gospacer" --help 2>&1)
has() { grep -q -- "^ *-$1\b" <<<"$help"; }
gflags=()
if has t; then gflags+=(-t "$timeout_s"); else echo "note: gospacer has no -t; the timeout alone stops it" >&2; fi
if [ -n "$engine" ]; then
  if has engine; then gflags+=(--engine "$engine"); else echo "note: gospacer has no --engine; running its default" >&2; fi
fi
want_model=
if has model; then gflags+=(--model); want_model=1
elif [ -n "$validate" ]; then echo "note: gospacer has no --model; no model to validate" >&2; fi

gflags+=("${opts[@]}")
if [ ${#stats[@]} -gt 0 ]; then
  if has stats; then gflags+=(--stats); else echo "note: gospacer has no --stats; no statistics" >&2; stats=(); fi
fi
solvers=(gospacer)
if [ -n "$engines" ]; then
  solvers=()
  for e in ${engines//,/ }; do solvers+=("gospacer-$e"); done
fi
[ -n "$base_bin" ] && solvers+=(gospacer-base)
if [ -n "$golem_ok" ] && command -v golem >/dev/null; then solvers+=(golem); fi
if [ -z "$z3_ok" ]; then :
elif command -v z3 >/dev/null; then solvers+=(z3); else
  echo "note: z3 not installed (apt-get update && apt-get install -y z3)" >&2
  [ -n "$validate" ] && { echo "--validate-with z3 needs z3" >&2; exit 2; }
fi
[ -n "${Z3NEW:-}" ] && solvers+=(z3new)
timev=
if /usr/bin/time -v true >/dev/null 2>&1; then timev=1; else
  echo "note: no /usr/bin/time -v (apt-get install -y time): no memory figures" >&2
fi

# run SOLVER FILE -> "answer<TAB>seconds<TAB>peak KB[<TAB>stats]" (stdout
# kept in $out/stdout; stats: KEY=VALUE,... for the --stat keys, from a
# gospacer run's stderr)
run() {
  local solver=$1 file=$2 cmd
  case $solver in
    gospacer) cmd=("$out/gospacer" "${gflags[@]}" "$file") ;;
    gospacer-base) cmd=("$base_bin" "${gflags[@]}" "$file") ;;
    gospacer-*) cmd=("$out/gospacer" "${gflags[@]}" --engine "${solver#gospacer-}" "$file") ;;
    z3) cmd=(z3 "-T:$timeout_s" "$file") ;;
    z3new) read -ra cmd <<<"$Z3NEW"; cmd+=("$file") ;;
    golem)
      local logic=QF_LIA
      grep -q 'Real' "$file" && logic=QF_LRA
      cmd=(timeout "$timeout_s" golem -l "$logic" ${GOLEM_ENGINE:+-e "$GOLEM_ENGINE"} "$file") ;;
  esac
  # a hard stop 2 s after the solver's own timeout; time(1) outside it sees
  # the solver's peak memory through timeout(1)'s rusage of its child
  cmd=(timeout -k 1 $((${timeout_s%.*} + 2)) "${cmd[@]}")
  [ -n "$timev" ] && cmd=(/usr/bin/time -v -o "$out/time" "${cmd[@]}")
  rm -f "$out/time"
  local t0 t1 ans rc kb=-
  t0=$(date +%s.%N)
  "${cmd[@]}" >"$out/stdout" 2>"$out/stderr"
  rc=$?
  t1=$(date +%s.%N)
  ans=$(grep -m1 -E '^(sat|unsat|unknown|timeout)$' "$out/stdout")
  [ -z "$ans" ] && ans=error
  # a solver that reports an error in the file (z3 goes on after one and
  # answers for the rest of the script) has not solved the file: the
  # manifests record such a run as an error too
  grep -q '^(error' "$out/stdout" && ans=error
  [ $rc -eq 124 ] || [ $rc -eq 137 ] && [ "$ans" = error ] && ans=timeout
  if [ -f "$out/time" ]; then
    kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$out/time")
    [ -z "$kb" ] && kb=-
  fi
  local st=
  if [ ${#stats[@]} -gt 0 ] && [[ $solver == gospacer* ]]; then
    local k v
    for k in "${stats[@]}"; do
      v=$(grep -m1 -oE ":[A-Za-z0-9_-]+\.$k [0-9.]+" "$out/stderr" | awk '{ print $2 }')
      [ -n "$v" ] && st=${st:+$st,}$k=$v
    done
    st=$'\t'${st:--}
  fi
  awk -v a="$ans" -v t0="$t0" -v t1="$t1" -v kb="$kb" -v st="$st" 'BEGIN { printf "%s\t%.3f\t%s%s\n", a, t1 - t0, kb, st }'
}

# least SOLVER FILE LINE -> LINE (run's output for the first run) with
# its time the least of up to $repeats runs, repeated while under
# REPEAT_UNDER seconds
least() {
  local solver=$1 file=$2 line=$3 best i r t rest
  best=$(cut -f2 <<<"$line")
  for ((i = 1; i < repeats; i++)); do
    awk -v t="$best" -v u="${REPEAT_UNDER:-1}" 'BEGIN { exit !(t < u) }' || break
    r=$(run "$solver" "$file")
    t=$(cut -f2 <<<"$r")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { printf "%.3f", (b < a ? b : a) }')
  done
  rest=$(cut -f3- <<<"$line")
  printf '%s\t%s\t%s\n' "${line%%$'\t'*}" "$best" "$rest"
}

# CHC-COMP's validator, when --validate-with is given and it is found
chccomp= chccomp_py=
if [ -n "$validate" ]; then
  v=${CHCCOMP_VALIDATOR:-../shared/chc-comp-2026/tools/validator/validate-model.py}
  for py in python3 /usr/bin/python3; do
    if "$py" -c 'import ply' 2>/dev/null; then chccomp_py=$py; break; fi
  done
  if [ ! -f "$v" ]; then echo "note: no CHC-COMP validator at $v (set CHCCOMP_VALIDATOR); its check is skipped" >&2
  elif [ -z "$chccomp_py" ]; then echo "note: the CHC-COMP validator needs python3 with ply (apt-get install python3-ply); its check is skipped" >&2
  else chccomp=$v; fi
fi
chccomp_t=${CHCCOMP_TIMEOUT:-90}

# chccomp_model FILE -> valid / rejected / unchecked: CHC-COMP's check of
# the model in $out/stdout
chccomp_model() {
  local file=$1 r
  # the validator wants a name ending in .smt2 and writes its script to
  # stdout; it prints a set-info attribute as |:origin| with its string's
  # quotes doubled, which z3 and cvc5 refuse, so it reads the input without
  # its one-line set-info commands (CHC-COMP's own files have none)
  grep -v '^[[:space:]]*(set-info ' "$file" >"$out/chccomp-input.smt2"
  if ! "$chccomp_py" "$chccomp" "$out/chccomp-input.smt2" <"$out/stdout" >"$out/chccomp.smt2" 2>>"$out/chccomp.log"; then
    echo "$file: the CHC-COMP validator failed on the output" >>"$out/validate.log"
    echo rejected; return
  fi
  r=$(timeout -k 1 $((chccomp_t + 2)) z3 "-T:$chccomp_t" "$out/chccomp.smt2" 2>/dev/null | head -1)
  case $r in
    unsat) echo valid ;;
    sat) echo "$file: CHC-COMP's check refutes the model" >>"$out/validate.log"; echo rejected ;;
    *) echo "$file: CHC-COMP's check undecided by z3 in ${chccomp_t} s" >>"$out/validate.log"; echo unchecked ;;
  esac
}

# validate FILE -> valid / rejected / unchecked, for the model in $out/stdout
validate_model() {
  local file=$1 dir=$out/clauses verdict=valid r
  if ! grep -q '^(' "$out/stdout"; then echo rejected; return; fi
  rm -rf "$dir"
  python3 bench/chcmodel.py "$file" "$out/stdout" "$dir" 2>>"$out/validate.log"
  case $? in 0) ;; 3) echo rejected; return ;; *) echo unchecked; return ;; esac
  for c in "$dir"/clause-*.smt2; do
    [ -f "$c" ] || continue
    r=$(timeout -k 1 $((${timeout_s%.*} + 2)) z3 "-T:$timeout_s" "$c" 2>/dev/null | head -1)
    case $r in
      unsat) ;;
      sat) verdict=rejected; echo "$file: model refuted on $(basename "$c")" >>"$out/validate.log"; break ;;
      *) verdict=unchecked ;;
    esac
  done
  echo $verdict
}

results=$out/results.tsv
: >"$results"
validated=0 rejected=0 unchecked=0 cvalid=0 crejected=0 cunchecked=0
for folder in "${folders[@]}"; do
  dir=$bench/$folder
  case $folder in */*) dir=${folder%/}; folder=$(basename "$dir") ;; esac
  manifest=$dir/MANIFEST.tsv
  [ -f "$manifest" ] || { echo "no $manifest" >&2; continue; }
  col=$(head -1 "$manifest" | tr '\t' '\n' | grep -n -x expected | cut -d: -f1)
  while IFS=$'\t' read -r file expected; do
    path=$dir/$file
    fp=0
    grep -q '^[[:space:]]*(query' "$path" && fp=1
    for s in "${solvers[@]}"; do
      line=$(run "$s" "$path")
      ans=${line%%$'\t'*}
      # the model follows sat (HORN) or unsat (z3's fixedpoint reading)
      if [[ $s == gospacer* ]] && [ -n "$validate" ] && [ -n "$want_model" ] &&
         { { [ $fp = 0 ] && [ "$ans" = sat ]; } || { [ $fp = 1 ] && [ "$ans" = unsat ]; }; }; then
        v=$(validate_model "$path")
        case $v in
          valid) validated=$((validated + 1)) ;;
          rejected) rejected=$((rejected + 1)); echo "REJECTED model: $folder/$file" >&2 ;;
          *) unchecked=$((unchecked + 1)) ;;
        esac
        if [ -n "$chccomp" ] && [ $fp = 0 ]; then
          case $(chccomp_model "$path") in
            valid) cvalid=$((cvalid + 1)) ;;
            rejected) crejected=$((crejected + 1)); echo "REJECTED by CHC-COMP's validator: $folder/$file" >&2 ;;
            *) cunchecked=$((cunchecked + 1)) ;;
          esac
        fi
      fi
      line=$(least "$s" "$path" "$line")
      printf '%s\t%s\t%s\t%s\t%s\n' "$folder" "$file" "$s" "$expected" "$line" >>"$results"
    done
  done < <(tail -n +2 "$manifest" | cut -f1,"$col")
done
[ "$repeats" -gt 1 ] && echo "least time of up to $repeats runs per file and solver (repeated under ${REPEAT_UNDER:-1} s)"
awk -v ref=z3 -v ours=gospacer -v min="${RATIO_MIN-}" -f bench/chcreport.awk "$results"
if printf '%s\n' "${solvers[@]}" | grep -qx golem; then
  echo; echo "against Golem:"
  awk -v ref=golem -v ours=gospacer -v min="${RATIO_MIN-}" -f bench/chcreport.awk "$results"
  echo; echo "against Golem, on the files Golem answers in under 0.1 s (those both solve):"
  awk -v ref=golem -v ours=gospacer -v below=0.1 -f bench/chcreport.awk "$results"
  # every file both solve, however short: on files of a few milliseconds
  # the ratio is mostly the two processes' start-up and the wrapper's
  # (the README, "how the Golem bound is counted")
  echo; echo "against Golem, over every file both solve (start-up included):"
  awk -v ref=golem -v ours=gospacer -v min=0 -f bench/chcreport.awk "$results"
fi
if [ ${#stats[@]} -gt 0 ]; then echo; awk -f bench/chcstats.awk "$results"; fi
if [ -n "$validate" ]; then
  echo "models validated by z3: $validated valid, $rejected rejected, $unchecked unchecked (z3 undecided)"
  [ -n "$chccomp" ] && echo "models validated by CHC-COMP's validator with z3 (${chccomp_t} s): $cvalid valid, $crejected rejected, $cunchecked unchecked (z3 undecided)"
  [ -s "$out/validate.log" ] && sed 's/^/  /' "$out/validate.log"
fi
if [ -n "${KEEP:-}" ]; then cp "$results" "$KEEP"; echo "results kept in $KEEP"; fi
# the plots, by bench/plot (its own Go module)
if [ -n "${KEEP:-}" ]; then plots=${PLOTS-${KEEP%.tsv}}; else plots=${PLOTS-bench/out/chc}; fi
if [ -n "$plots" ] && [ -s "$results" ]; then
  fmt=${PLOTFMT:-svg}
  ours=${solvers[0]} ref=
  for s in "${solvers[@]}"; do [ "$s" = z3 ] && ref=z3; done
  if [ -z "$ref" ]; then for s in "${solvers[@]}"; do [ "$s" = gospacer-base ] && ref=gospacer-base; done; fi
  if ! (cd bench/plot && CGO_ENABLED=0 go build -o "$out/plot" . 2>"$out/plot.log"); then
    echo "note: bench/plot does not build (no module cache or network?): no plots" >&2
    sed 's/^/  /' "$out/plot.log" | head -5 >&2
  else
    mkdir -p "$(dirname "$plots")"
    pargs=(-t "$timeout_s" -title "${folders[*]}" -cactus "$plots-cactus.$fmt")
    [ -n "$ref" ] && [ "$ref" != "$ours" ] && pargs+=(-scatter "$plots-scatter.$fmt" -ours "$ours" -ref "$ref")
    if "$out/plot" "${pargs[@]}" "$results"; then
      echo "plots: $plots-cactus.$fmt${ref:+ $plots-scatter.$fmt}"
    else
      echo "note: bench/plot failed: no plots" >&2
    fi
  fi
fi
[ "$rejected" -eq 0 ] && [ "$crejected" -eq 0 ]
