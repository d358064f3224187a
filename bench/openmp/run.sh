#!/bin/bash
# OpenMP in reverse mode: the adjoint of the omp_stencil kernel (a 1-D
# stencil in !$omp parallel do, generator/check/testdata/kernels) is
# itself a parallel loop. Builds it with -fopenmp and times the primal and
# the adjoint on n points (wall time: least and median of 7 rounds, each
# round on 1 thread then on 2, so that both see the same load).
#   bench/openmp/run.sh [N [M [FLAGS...]]]   default: 20000000 1 -O2
# M calls in a row per timing (for an N whose arrays fit the caches).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-20000000}
m=${2:-1}
shift 2 || shift $# || true
flags=${*:--O2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
cp "$root/generator/check/testdata/kernels/omp_stencil/stencil.f90" "$here/main.f90" "$work/"
cat > "$work/spec.yaml" <<SPEC
version: 1
sources: [stencil.f90]
output: {dir: ad}
targets:
  - routine: stencil
    mode: reverse
    independents: [u, c]
    dependents: [unew, r]
SPEC
(cd "$work" && ./fadj generate spec.yaml > /dev/null)
(cd "$work" && gfortran $flags -fopenmp -o main ad/fadj_runtime.f90 stencil.f90 ad/stencil_b.f90 main.f90 -I ad 2> build.log) ||
  { cat "$work/build.log"; exit 1; }
printf '%-8s %10s %10s %10s %10s %22s\n' threads primal_s adjoint_s primal_med adjoint_med checksum
(cd "$work" && ./main "$n" "$m") | while read -r t p a pm am cs; do
  printf '%-8s %10s %10s %10s %10s %22s\n' "$t" "$p" "$a" "$pm" "$am" "$cs"
done
