#!/bin/bash
# Fixed-point loops: the plain adjoint (every iteration taped, as many
# adjoint iterations) against the two-phase fixed-point adjoint, on the
# fixed-point kernels of generator/check/testdata/kernels at benchmark
# sizes. Prints one line per kernel and variant; see bench/README.md.
#   bench/fixedpoint/run.sh [FLAGS...]     default flags: -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kernels=$root/generator/check/testdata/kernels
flags=${*:--O2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
printf '%-8s %-6s %12s %12s %12s %8s %10s %6s %s\n' kernel adj tape_peak primal_s adjoint_s ratio adj_iters conv grad_norm
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
    (cd "$d" && ./main > out.txt 2> err.txt) || { cat "$d/err.txt"; exit 1; }
    v() { awk -v k="$1" '$1 == k {print $2}' "$d/out.txt"; }
    iters=$(v fp_last_iters)
    [ $variant = plain ] && iters=-
    printf '%-8s %-6s %12s %12s %12s %8s %10s %6s %s\n' "$k" "$variant" "$(v tape_peak)" "$(v primal_s)" "$(v adjoint_s)" "$(v ratio)" "$iters" "$(v fp_converged)" "$(v grad_norm)"
    grep -h 'did not converge' "$d/err.txt" | head -2 || true
  done
done
