#!/bin/bash
# Binomial checkpointing of a time loop: the plain adjoint (every step
# taped) against binomial checkpointing with 10, 30 and 100 snapshots,
# on model.f90 (n = 10,000 unknowns, nt = 10,000 steps, main.f90), the
# time loop a counted DO (loop "do") and, in model_while.f90, the same
# steps in a DO WHILE, whose snapshots fadj places online (loop "while").
# Prints one line per loop and variant, the two loops side by side:
# peak bytes of the tapes, of the snapshots and of both together,
# processor times (medians of 3), adjoint/primal, forward steps run per
# step, forward steps run (advances) against the binomial optimum
# t(steps, snapshots) for the same pair, snapshots the online schedule
# moved, and the gradient's relative difference (2-norm, u_b and nu_b)
# from the counted loop's plain adjoint; see bench/README.md.
#   [NT=10000] [LOOPS="do while"] [VARIANTS="plain 10 30 100"] bench/binomial/run.sh [FLAGS...]
# default flags: -O2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
flags=${*:--O2}
nt=${NT:-10000}
loops=${LOOPS:-do while}
variants=${VARIANTS:-plain 10 30 100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/fadj" ./generator/cmd/fadj)
row='%-6s %-7s %12s %10s %12s %11s %11s %7s %8s %8s %8s %6s %6s %12s\n'
printf "$row" loop variant tape_peak snap_peak memory_peak primal_s adjoint_s ratio fwd/step advances optimum excess moved grad_reldiff
ref=
for v in $variants; do
  for l in $loops; do
    d=$work/$l-$v
    mkdir -p "$d"
    cp "$here/main.f90" "$d/"
    if [ $l = while ]; then cp "$here/model_while.f90" "$d/model.f90"; else cp "$here/model.f90" "$d/"; fi
    if [ $v = plain ]; then
      awk '/^    checkpoints:/{skip=1; next} skip && /^      /{next} {skip=0; print}' "$here/spec.yaml" > "$d/spec.yaml"
      s=0
    else
      sed "s/snapshots: 30/snapshots: $v/" "$here/spec.yaml" > "$d/spec.yaml"
      s=$v
    fi
    (cd "$d" && "$work/fadj" generate spec.yaml > /dev/null)
    (cd "$d" && gfortran $flags -o main ad/fadj_runtime.f90 model.f90 ad/model_b.f90 main.f90 -I ad 2> build.log) ||
      { cat "$d/build.log"; exit 1; }
    (cd "$d" && ./main "$nt" "$s" > out.txt 2> err.txt) || { cat "$d/err.txt"; exit 1; }
    rm -f "$d/main" "$d"/*.o "$d"/*.mod
    g() { awk -v k="$1" '$1 == k {print $2}' "$d/out.txt"; }
    [ -z "$ref" ] && ref=$d/grad.txt
    rel=$(paste "$ref" "$d/grad.txt" | awk '{ e += ($2 - $1)^2; r += $1^2 } END { printf "%.1e", sqrt(e/r) }')
    if [ $v = plain ]; then
      fwd=1.00 adv=- opt=- exc=-
    else
      adv=$(g advances) opt=$(g optimum)
      fwd=$(awk -v a="$adv" -v s="$(g steps)" 'BEGIN { printf "%.2f", a/s }')
      exc=$((adv - opt))
    fi
    printf "$row" "$l" "$v" "$(g tape_peak)" "$(g snap_peak)" "$(g memory_peak)" "$(g primal_s)" "$(g adjoint_s)" \
      "$(g ratio)" "$fwd" "$adv" "$opt" "$exc" "$(g moved)" "$rel"
  done
done
