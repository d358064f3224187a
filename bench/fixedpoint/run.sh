#!/bin/bash
# Fixed-point loops: the plain adjoint (every iteration taped, as many
# adjoint iterations) against the two-phase fixed-point adjoint, on the
# fixed-point kernels of generator/check/testdata/kernels at benchmark
# sizes. Both variants of a kernel are built, then run alternately
# (ROUNDS rounds, default 5, each timing 7 or 15 calls) so that both see
# the same load; the line of each variant gives the median over the
# rounds of its medians, and the spread of its ratio. See
# bench/README.md.
#   bench/fixedpoint/run.sh [FLAGS...]     default flags: -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kernels=$root/generator/check/testdata/kernels
flags=${*:--O2}
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
med() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '%-8s %-6s %12s %12s %12s %8s %15s %10s %6s %s\n' kernel adj tape_peak primal_s adjoint_s ratio ratio_range adj_iters conv grad_norm
for k in viscous jacobi newton simple warm; do
  src=$(ls "$kernels/fp_$k"/*.f90)
  for variant in plain fp; do
    d=$work/$k-$variant
    mkdir -p "$d"
    cp "$src" "$kernels/fp_$k/spec.yaml" "$d/"
    if [ $variant = plain ]; then
      # The same spec without its fixed_point entries.
      awk '/^    fixed_point:/{skip=1; next} skip && /^      /{next} {skip=0; print}' "$kernels/fp_$k/spec.yaml" > "$d/spec.yaml"
    fi
    (cd "$d" && "$work/fadj" generate spec.yaml > /dev/null)
    (cd "$d" && gfortran $flags -o main ad/fadj_runtime.f90 "$here/timing.f90" ./*.f90 ad/*_b.f90 "$here/main_$k.f90" -I ad 2> build.log) ||
      { cat "$d/build.log"; exit 1; }
  done
  for r in $(seq "$rounds"); do
    for variant in plain fp; do
      d=$work/$k-$variant
      (cd "$d" && ./main > "out$r.txt" 2> "err$r.txt") || { cat "$d/err$r.txt"; exit 1; }
    done
  done
  for variant in plain fp; do
    d=$work/$k-$variant
    v() { awk -v k="$1" '$1 == k {print $2}' "$d"/out*.txt | med; }
    range=$(awk '$1 == "ratio" {print $2}' "$d"/out*.txt | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.3f-%.3f", lo, hi}')
    iters=$(v fp_last_iters)
    [ $variant = plain ] && iters=-
    printf '%-8s %-6s %12s %12s %12s %8s %15s %10s %6s %s\n' "$k" "$variant" "$(v tape_peak)" "$(v primal_s)" "$(v adjoint_s)" "$(v ratio)" "$range" "$iters" "$(awk '$1 == "fp_converged" {print $2}' "$d/out1.txt")" "$(awk '$1 == "grad_norm" {print $2}' "$d/out1.txt")"
    grep -h 'did not converge' "$d"/err*.txt | head -2 || true
  done
done
