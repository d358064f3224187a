#!/bin/bash
# bench/binomial's model through Tapenade 3.16: its plain adjoint, and
# binomial checkpointing ($AD BINOMIAL-CKP nt+1 S 1 on the time loop)
# with 10, 30 and 100 snapshots, with the same driver (tap_main.f90).
# The peak is adStack's (-D_ADSTACKPROFILE; Tapenade's snapshots go on
# the same stack), in 64 KiB blocks.
#   bench/binomial/tapenade.sh TAPENADE_HOME [NT]    (default NT 10000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tap=$(cd "${1:?usage: $0 TAPENADE_HOME [NT]}" && pwd)
nt=${2:-10000}
kit=$tap/ADFirstAidKit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -I"$kit" -c "$kit/adStack.c" -o "$work/adStack.o"
gcc -O2 -D_ADSTACKPROFILE -I"$kit" -c "$kit/adStack.c" -o "$work/adStack_prof.o"
gcc -O2 -I"$kit" -c "$kit/adBinomial.c" -o "$work/adBinomial.o"
printf '%-8s %14s %10s %10s %8s %s\n' variant stack_peak primal_s adjoint_s ratio nu_b
for v in plain 10 30 100; do
  d=$work/$v
  mkdir -p "$d/ad"
  if [ $v = plain ]; then
    cp "$here/model.f90" "$d/"
  else
    sed "s/^  time: do it = 1, nt/!\$AD BINOMIAL-CKP nt+1 $v 1\n  time: do it = 1, nt/" "$here/model.f90" > "$d/model.f90"
  fi
  (cd "$d" && "$tap/bin/tapenade" -b -head "model(cost)/(u,nu)" -O ad model.f90 > tapenade.log 2>&1) ||
    { echo "$v: tapenade failed"; tail -3 "$d/tapenade.log"; continue; }
  for b in run prof; do
    o=$work/adStack.o
    [ $b = prof ] && o=$work/adStack_prof.o
    (cd "$d" && gfortran -O2 -ffree-line-length-none -o $b model.f90 ad/model_b.f90 "$here/tap_main.f90" "$o" "$work/adBinomial.o" > build.log 2>&1) ||
      { echo "$v: build failed"; tail -5 "$d/build.log"; continue 2; }
  done
  out=$(cd "$d" && ./run "$nt")
  peak=$(cd "$d" && ./prof "$nt" | sed -n 's/^Peak stack size (.*): *\([0-9]*\) bytes.*/\1/p')
  g() { awk -v k="$1" '$1 == k {print $2}' <<<"$out"; }
  printf '%-8s %14s %10s %10s %8s %s\n' "$v" "$peak" "$(g primal_s)" "$(g adjoint_s)" "$(g ratio)" "$(g nu_b)"
done
