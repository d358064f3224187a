#!/bin/bash
# OpenMP calls in reverse mode: the adjoint of the omp_column_calls kernel
# (column physics, a call per column in !$omp parallel do,
# generator/check/testdata/kernels) is a parallel loop calling the
# callee's adjoint, each thread on its own tape. Builds it with -fopenmp
# and times the primal and the adjoint on NCOL columns of NZ levels, as
# run.sh does for the stencil (wall time: least and median of 7 rounds,
# each round on 1 thread then on 2).
#   bench/openmp/columns.sh [NZ [NCOL [FLAGS...]]]   default: 60 50000 -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nz=${1:-60}
ncol=${2:-50000}
shift 2 || shift $# || true
flags=${*:--O2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
cp "$root/generator/check/testdata/kernels/omp_column_calls/physics.f90" "$here/columns_main.f90" "$work/"
cat > "$work/spec.yaml" <<SPEC
version: 1
sources: [physics.f90]
output: {dir: ad}
targets:
  - routine: physics_step
    mode: reverse
    independents: [t, q, kappa, w]
    dependents: [t, q]
SPEC
(cd "$work" && ./fadj generate spec.yaml > /dev/null)
(cd "$work" && gfortran $flags -fopenmp -o main ad/fadj_runtime.f90 physics.f90 ad/physics_step_b.f90 columns_main.f90 -I ad 2> build.log) ||
  { cat "$work/build.log"; exit 1; }
printf '%-8s %10s %10s %10s %10s %22s\n' threads primal_s adjoint_s primal_med adjoint_med checksum
(cd "$work" && ./main "$nz" "$ncol") | while read -r t p a pm am cs; do
  printf '%-8s %10s %10s %10s %10s %22s\n' "$t" "$p" "$a" "$pm" "$am" "$cs"
done
