#!/bin/bash
# The fixed-point kernels of run.sh through Tapenade 3.16 with its
# $AD FP-LOOP directive on the fixed-point loop, with the same drivers.
# The directive names the loop's state (without it Tapenade finds none:
# warnings AD26, and an adjoint loop that stops after two iterations
# with a wrong gradient) and an absolute residual adj_residual=RES (sum
# of the squared changes of the state adjoints; default 1e-24). Jacobi
# and simple, whose loops are DO ... EXIT (FP-LOOP applies only to DO
# WHILE), go through the equivalent DO WHILE of bench/fixedpoint/tapenade/.
# Each driver runs ROUNDS times (default 5); the line gives the medians.
#   RES=1e-24 bench/fixedpoint/tapenade.sh TAPENADE_HOME [FLAGS...]   (default -O2)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tap=$(cd "${1:?usage: $0 TAPENADE_HOME}" && pwd)
shift
kernels=$root/generator/check/testdata/kernels
kit=$tap/ADFirstAidKit
flags=${*:--O2}
res=${RES:-1e-24}
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -I"$kit" -c "$kit/adStack.c" -o "$work/adStack.o"
gcc -O2 -D_ADSTACKPROFILE -I"$kit" -c "$kit/adStack.c" -o "$work/adStack_prof.o"
gcc -O2 -I"$kit" -c "$kit/adFixedPoint.c" -o "$work/adFixedPoint.o"
printf '%-8s %14s %12s %12s %8s %s\n' kernel tape_peak primal_s adjoint_s ratio grad_norm
# kernel routine loop-header-regex "dependents/independents" state
while read -r k routine pat head state; do
  d=$work/$k
  mkdir -p "$d/ad"
  src=$(ls "$kernels/fp_$k"/*.f90)
  [ -f "$here/tapenade/$k.f90" ] && src=$here/tapenade/$k.f90
  sed "s/^\( *$pat\)/!\$AD FP-LOOP $state adj_residual=$res\n\1/" "$src" > "$d/$(basename "$src")"
  (cd "$d" && "$tap/bin/tapenade" -b -head "$routine$head" -O ad ./*.f90 > tapenade.log 2>&1) ||
    { echo "$k: tapenade failed"; tail -3 "$d/tapenade.log"; continue; }
  grep -q ADSTACK_STARTREPEAT "$d"/ad/*_b.f90 && fp=FP-LOOP || fp="plain (FP-LOOP not applied)"
  main=$here/main_$k.f90
  for v in run prof; do
    o=$work/adStack.o
    [ $v = prof ] && o=$work/adStack_prof.o
    (cd "$d" && gfortran $flags -ffree-line-length-none -o $v "$here/tap_timing.f90" ./*.f90 ad/*_b.f90 "$main" "$o" "$work/adFixedPoint.o" > build.log 2>&1) ||
      { echo "$k: build failed"; tail -5 "$d/build.log"; continue 2; }
  done
  out=$(cd "$d" && for r in $(seq "$rounds"); do ./run; done)
  peak=$(cd "$d" && ./prof | sed -n 's/^Peak stack size (.*): *\([0-9]*\) bytes.*/\1/p')
  v() { awk -v k="$1" '$1 == k {print $2}' <<<"$out" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
  printf '%-8s %14s %12s %12s %8s %s  %s\n' "$k" "$peak" "$(v primal_s)" "$(v adjoint_s)" "$(v ratio)" "$(v grad_norm)" "$fp"
done <<'LIST'
viscous viscous picard: (u)/(f,c) u
jacobi jacobi do.while (x)/(b,w) x
newton fpnewton newton: (x)/(p,q) x
simple simple do.while (u,p)/(s,m) u,p
warm warm step: (u)/(q,c,u) u
LIST
