#!/bin/bash
# OpenMP parallel regions in reverse mode: the adjoint of the omp_region
# kernel (a !$omp parallel region with two !$omp do loops, SINGLE and
# MASTER blocks, generator/check/testdata/kernels) is itself one parallel
# region. Builds it with -fopenmp and times the primal and the adjoint on
# n points, as run.sh does for the stencil (wall time: least and median
# of 7 rounds, each round on 1 thread then on 2).
#   bench/openmp/region.sh [N [FLAGS...]]   default: 20000000 -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-20000000}
shift 1 || true
flags=${*:--O2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
cp "$root/generator/check/testdata/kernels/omp_region/region.f90" "$here/region_main.f90" "$work/"
cat > "$work/spec.yaml" <<SPEC
version: 1
sources: [region.f90]
output: {dir: ad}
targets:
  - routine: region
    mode: reverse
    independents: [u, c]
    dependents: [v, w, s]
SPEC
(cd "$work" && ./fadj generate spec.yaml > /dev/null)
(cd "$work" && gfortran $flags -fopenmp -o main ad/fadj_runtime.f90 region.f90 ad/region_b.f90 region_main.f90 -I ad 2> build.log) ||
  { cat "$work/build.log"; exit 1; }
printf '%-8s %10s %10s %10s %10s %22s\n' threads primal_s adjoint_s primal_med adjoint_med checksum
(cd "$work" && ./main "$n") | while read -r t p a pm am cs; do
  printf '%-8s %10s %10s %10s %10s %22s\n' "$t" "$p" "$a" "$pm" "$am" "$cs"
done
