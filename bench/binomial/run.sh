#!/bin/bash
# Binomial checkpointing of a time loop: the plain adjoint (every step
# taped) against binomial checkpointing with 10, 30 and 100 snapshots,
# on model.f90 (n = 10,000 unknowns, nt = 10,000 steps, main.f90).
# Prints one line per variant: peak bytes of the tapes, of the snapshots
# and of both together, processor times (medians of 3), adjoint/primal,
# forward steps run per step, nu's adjoint; see bench/README.md.
#   bench/binomial/run.sh [FLAGS...]     default flags: -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
flags=${*:--O2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
printf '%-8s %12s %12s %12s %10s %10s %8s %9s %s\n' variant tape_peak snap_peak memory_peak primal_s adjoint_s ratio fwd/step nu_b
for v in plain 10 30 100; do
  d=$work/$v
  mkdir -p "$d"
  cp "$here/model.f90" "$here/main.f90" "$d/"
  if [ $v = plain ]; then
    awk '/^    checkpoints:/{skip=1; next} skip && /^      /{next} {skip=0; print}' "$here/spec.yaml" > "$d/spec.yaml"
  else
    sed "s/snapshots: 30/snapshots: $v/" "$here/spec.yaml" > "$d/spec.yaml"
  fi
  (cd "$d" && "$work/fadj" generate spec.yaml > /dev/null)
  (cd "$d" && gfortran $flags -o main ad/fadj_runtime.f90 model.f90 ad/model_b.f90 main.f90 -I ad 2> build.log) ||
    { cat "$d/build.log"; exit 1; }
  (cd "$d" && ./main > out.txt 2> err.txt) || { cat "$d/err.txt"; exit 1; }
  g() { awk -v k="$1" '$1 == k {print $2}' "$d/out.txt"; }
  fwd=$(awk -v a="$(g advances)" -v s="$(g steps)" 'BEGIN { if (s > 0) printf "%.2f", a/s; else print "1.00" }')
  printf '%-8s %12s %12s %12s %10s %10s %8s %9s %s\n' "$v" "$(g tape_peak)" "$(g snap_peak)" "$(g memory_peak)" \
    "$(g primal_s)" "$(g adjoint_s)" "$(g ratio)" "$fwd" "$(g nu_b)"
done
