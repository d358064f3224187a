#!/bin/bash
# Issue 10's acceptance 4, measured side by side: fadj's and Tapenade
# 3.16's binomial checkpointing of bench/binomial's model at equal
# snapshot counts, their runs alternated in one session so that the
# machine's load falls on both alike. Each run of a driver (main.f90,
# tap_main.f90) times 3 primal and 3 adjoint calls and prints the ratio
# of the medians; ROUNDS runs per tool and count (default 5) give the
# median of those ratios, and fadj's median over Tapenade's.
#   bench/binomial/sidebyside.sh TAPENADE_HOME [NT]   (default NT 10000)
#   environment: SNAPSHOTS (default "10 30"), ROUNDS (default 5)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tap=$(cd "${1:?usage: $0 TAPENADE_HOME [NT]}" && pwd)
nt=${2:-10000}
kit=$tap/ADFirstAidKit
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
gcc -O2 -I"$kit" -c "$kit/adStack.c" -o "$work/adStack.o"
gcc -O2 -I"$kit" -c "$kit/adBinomial.c" -o "$work/adBinomial.o"

# build S: the two executables for S snapshots, $work/S/{fadj,tap}/main.
build() {
  local s=$1 d=$work/$1
  mkdir -p "$d/fadj" "$d/tap/ad"
  cp "$here/main.f90" "$here/model.f90" "$d/fadj/"
  sed "s/snapshots: 30/snapshots: $s/" "$here/spec.yaml" > "$d/fadj/spec.yaml"
  (cd "$d/fadj" && "$work/fadj" generate spec.yaml > /dev/null &&
    gfortran -O2 -o main ad/fadj_runtime.f90 model.f90 ad/model_b.f90 main.f90 -I ad)
  sed "s/^  time: do it = 1, nt/!\$AD BINOMIAL-CKP nt+1 $s 1\n  time: do it = 1, nt/" "$here/model.f90" > "$d/tap/model.f90"
  (cd "$d/tap" && "$tap/bin/tapenade" -b -head "model(cost)/(u,nu)" -O ad model.f90 > tapenade.log 2>&1) ||
    { tail -3 "$d/tap/tapenade.log"; exit 1; }
  (cd "$d/tap" && gfortran -O2 -ffree-line-length-none -o main model.f90 ad/model_b.f90 "$here/tap_main.f90" \
    "$work/adStack.o" "$work/adBinomial.o")
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1)/2)] }'; }

printf '%-9s %8s %14s %14s %10s\n' snapshots rounds fadj_ratio tapenade_ratio fadj/tap
for s in ${SNAPSHOTS:-10 30}; do
  build "$s"
  : > "$work/$s/f.txt"
  : > "$work/$s/t.txt"
  for ((r = 0; r < rounds; r++)); do
    (cd "$work/$s/fadj" && ./main "$nt" "$s") | awk '$1 == "ratio" {print $2}' >> "$work/$s/f.txt"
    (cd "$work/$s/tap" && ./main "$nt") | awk '$1 == "ratio" {print $2}' >> "$work/$s/t.txt"
  done
  f=$(median < "$work/$s/f.txt")
  t=$(median < "$work/$s/t.txt")
  printf '%-9s %8s %14s %14s %10s\n' "$s" "$rounds" "$f" "$t" "$(awk -v f="$f" -v t="$t" 'BEGIN { printf "%.3f", f/t }')"
done
