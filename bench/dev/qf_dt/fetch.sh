#!/usr/bin/env bash
# Materializes the QF_DT dev files listed in MANIFEST.tsv (the datatype
# scripts of cvc5's regression suite, regress0/datatypes and
# regress1/datatypes, with one expected status) from a git clone or mirror
# of cvc5/cvc5 at the commit the manifest records. The files themselves
# are not committed here.
#
#   bench/dev/qf_dt/fetch.sh /path/to/cvc5.git
#   BENCH=bench/dev bench/smt.sh qf_dt
set -euo pipefail
repo=${1:?usage: $0 CVC5_GIT_DIR}
cd "$(dirname "$0")"
tail -n +2 MANIFEST.tsv | while IFS=$'\t' read -r file _ path commit _; do
  git -C "$repo" show "$commit:$path" >"$file"
done
echo "$(ls ./*.smt2 | wc -l) files"
