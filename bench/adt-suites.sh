#!/usr/bin/env bash
# Rebuilds the folder of issue 40's "TIP/IsaPlanner-style sat files of the
# Eldarica and RInGen regression suites": the datatype CHC systems with an
# expected `sat` that those two repositories ship, byte for byte, with a
# MANIFEST.tsv in the columns of ../shared/bench-next/chc/adt (file,
# source_repo, path_in_repo, commit, track, expected, family, bytes, sha256),
# so that bench/chc.sh runs it like any other folder:
#
#   bench/adt-suites.sh ELDARICA_GIT RINGEN_GIT OUT
#   bench/chc.sh -t 10 --no-golem OUT
#
# ELDARICA_GIT and RINGEN_GIT are git directories of
# github.com/uuverifiers/eldarica and github.com/Columpio/RInGen (a clone's
# .git, or a bare mirror); their HEAD is read, and its commit goes into the
# manifest. OUT must not exist.
#
# What is taken, and the expected answer of each:
#   - eldarica regression-tests/horn-adt: the files whose answer in the
#     folder's Answers file (Eldarica's own expected output) is sat, that
#     declare a datatype and do not use Eldarica's `_size` extension (which
#     no other solver reads).
#   - RInGen Tests/tests/gold/OriginalTrans/TIP.Original/{isaplanner,prod}:
#     RInGen's Horn translations of the TIP benchmarks (TIP's README: prod
#     from "Productive Use of Failure", isaplanner from IsaPlanner), the
#     files that are Horn systems ((set-logic HORN); a few translations are
#     empty). These are TIP's theorems, so sat; TIP's false/ folder (false
#     properties) and tip2015/ (235 more sat systems, left out to keep a run
#     at 10 s under an hour) are not taken. CHC-COMP's ringen-adt-benchmarks
#     family holds the same translations reformatted, with verdict sat
#     (../shared/bench-next/chc/adt has five isaplanner ones).
# An `unsat` answer that replays is a counterexample to the label: the
# label would be wrong, not the solver.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 ELDARICA_GIT RINGEN_GIT OUT" >&2
  exit 2
fi
eld=$1 rin=$2 out=$3
if [ -e "$out" ]; then
  echo "$0: $out exists" >&2
  exit 2
fi
mkdir -p "$out"
manifest=$out/MANIFEST.tsv
printf 'file\tsource_repo\tpath_in_repo\tcommit\ttrack\texpected\tfamily\tbytes\tsha256\n' >"$manifest"

# add GIT REPO PATH FAMILY PREFIX: copies PATH of GIT's HEAD as the file
# NAME__REST (NAME: REPO's name; REST: PATH without PREFIX, slashes as __)
# and writes its manifest row (expected sat).
add() {
  local git=$1 repo=$2 path=$3 family=$4 prefix=$5 commit name
  commit=$(git --git-dir="$git" rev-parse HEAD)
  name="${repo##*/}__${path#"$prefix"}"
  name=${name//\//__}
  git --git-dir="$git" show "HEAD:$path" >"$out/$name"
  printf '%s\t%s\t%s\t%s\tADT-LIA\tsat\t%s\t%s\t%s\n' "$name" "$repo" "$path" "$commit" "$family" \
    "$(wc -c <"$out/$name" | tr -d ' ')" "$(sha256sum "$out/$name" | cut -d' ' -f1)" >>"$manifest"
}

# Eldarica: the Answers file lists each test's name on a line of its own,
# its answer on the next.
dir=regression-tests/horn-adt
git --git-dir="$eld" show "HEAD:$dir/Answers" |
  awk '/\.smt2$/ { name = $0; next } name != "" && /^(sat|unsat)$/ { print name "\t" $0; name = "" }' |
  while IFS=$'\t' read -r f answer; do
    [ "$answer" = sat ] || continue
    text=$(git --git-dir="$eld" show "HEAD:$dir/$f")
    grep -q declare-datatype <<<"$text" || continue
    grep -q _size <<<"$text" && continue
    add "$eld" uuverifiers/eldarica "$dir/$f" eldarica/horn-adt "regression-tests/"
  done

# RInGen: the Horn translations of TIP's isaplanner and prod.
gold=Tests/tests/gold/OriginalTrans/TIP.Original
for sub in isaplanner prod; do
  git --git-dir="$rin" ls-tree --name-only "HEAD:$gold/$sub" | sort | while read -r f; do
    case $f in *.smt2) ;; *) continue ;; esac
    git --git-dir="$rin" show "HEAD:$gold/$sub/$f" | grep -q '(set-logic HORN)' || continue
    add "$rin" Columpio/RInGen "$gold/$sub/$f" "RInGen/TIP/$sub" "$gold/"
  done
done

echo "$(($(wc -l <"$manifest") - 1)) files in $out" >&2
