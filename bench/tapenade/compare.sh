#!/usr/bin/env bash
# Compares fadj's adjoints of the benchmark kernels with Tapenade's.
#
#   bench/tapenade/compare.sh [TAPENADE_HOME]
#
# TAPENADE_HOME (the argument or the environment variable) is a Tapenade
# 3.16 binary distribution: bin/tapenade, build/libs/*.jar and the
# ADFirstAidKit (adStack.c). Needs java, gfortran, gcc and go.
# Environment: KERNELS (default: all of bench/testdata), REPS (alternated
# primal/adjoint runs per driver run, default 11), ROUNDS (driver runs per
# tool, alternating fadj and Tapenade, default 3), STRATEGIES (fadj's
# strategies to run, each a row FADJ-<strategy>; default: the spec's own,
# row fadj), KEEP=1 keeps the work directory.
#
# For each kernel, fadj generate and tapenade -b (reverse mode, -head
# "routine(dependents)/(independents)" from the spec) write adjoints that
# the same driver (testdata/<kernel>/main.f90) calls; both are built with
# gfortran -O2 -ffree-line-length-none, Tapenade's with its adStack.c
# (gcc -O2). Printed per kernel and tool: the median adjoint time over the
# rounds, the median adjoint/primal ratio (each measured within one
# process, alternating primal and adjoint), the tape peak, and the
# relative difference ||g_fadj - g_tapenade|| / ||g_fadj|| of the
# gradients. SNAP_PEAK_B is fadj's snapshot stacks' peak (checkpointed
# calls and loops; not in its tape peak); Tapenade's snapshots are on its
# one stack, in TAPE_PEAK_B. Tapenade's peak comes from a second build of adStack.c with
# -D_ADSTACKPROFILE: adStack counts 64 KiB blocks, so its peak is rounded
# up to a multiple of 65536 bytes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bench=$(dirname "$here")
repo=$(dirname "$bench")
tap=${1:-${TAPENADE_HOME:-}}
if [ -z "$tap" ] || [ ! -x "$tap/bin/tapenade" ]; then
	echo "usage: $0 TAPENADE_HOME (or set TAPENADE_HOME): a Tapenade 3.16 directory with bin/tapenade" >&2
	exit 2
fi
tap=$(cd "$tap" && pwd)
kit=$tap/ADFirstAidKit
reps=${REPS:-11}
rounds=${ROUNDS:-3}
kernels=${KERNELS:-$(cd "$bench/testdata" && for d in */spec.yaml; do echo "${d%/spec.yaml}"; done)}
fc=(gfortran -O2 -ffree-line-length-none)

work=$(mktemp -d /tmp/fadj-tapenade-XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then
	echo "work directory: $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

(cd "$repo" && go build -o "$work/fadj" ./generator/cmd/fadj)
gcc -O2 -c -I"$kit" "$kit/adStack.c" -o "$work/adStack.o"
gcc -O2 -D_ADSTACKPROFILE -c -I"$kit" "$kit/adStack.c" -o "$work/adStack_prof.o"
common=$bench/testdata/common

# spec_list KEY FILE: the YAML flow list after KEY, comma-separated.
spec_list() {
	sed -n "s/^ *$1: *\[\(.*\)\].*/\1/p" "$2" | tr -d ' '
}

# field KEY OUTPUT: the value of a "key value" line of a driver.
field() {
	awk -v k="$1" '$1 == k {print $2}' <<<"$2"
}

median() {
	sort -g | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

printf '%-10s %-9s %12s %12s %10s %14s %12s %12s\n' KERNEL TOOL ADJOINT_MS PRIMAL_MS ADJ/PRIMAL TAPE_PEAK_B SNAP_PEAK_B GRAD_RELDIFF
for k in $kernels; do
	src=$bench/testdata/$k
	w=$work/$k
	mkdir -p "$w/tap"
	spec=$src/spec.yaml
	routine=$(sed -n 's/^ *- routine: *\([A-Za-z0-9_]*\).*/\1/p' "$spec" | head -1)
	indeps=$(spec_list independents "$spec" | tr ',' ' ')
	deps=$(spec_list dependents "$spec" | tr ',' ' ')

	# fadj, once per strategy (the spec's own when STRATEGIES is unset)
	ftools=()
	for st in ${STRATEGIES:-spec}; do
		ft=fadj
		[ "$st" = spec ] || ft=fadj-$st
		ftools+=("$ft")
		mkdir -p "$w/$ft"
		cp "$src"/*.f90 "$src/spec.yaml" "$w/$ft/"
		if [ "$st" != spec ]; then
			sed -i "s/^\( *\)- routine: \(.*\)/&\n\1  strategy: $st/" "$w/$ft/spec.yaml"
		fi
		(cd "$w/$ft" && "$work/fadj" generate spec.yaml >/dev/null)
		(cd "$w/$ft" && "${fc[@]}" -o bench "$common/bench_timing.f90" ad/fadj_runtime.f90 \
			"$common/tape_fadj.f90" "$k.f90" $(ls ad/*.f90 | grep -v fadj_runtime) main.f90)
	done

	# Tapenade
	cp "$src/$k.f90" "$src/main.f90" "$w/tap/"
	mkdir -p "$w/tap/ad"
	tapok=1
	if ! (cd "$w/tap" && "$tap/bin/tapenade" -b -head "$routine($deps)/($indeps)" -O ad "$k.f90" >tapenade.log 2>&1 &&
		"${fc[@]}" -o bench "$common/bench_timing.f90" "$here/tape_tapenade.f90" \
			"$k.f90" ad/*_b.f90 main.f90 "$work/adStack.o" &&
		"${fc[@]}" -o bench_prof "$common/bench_timing.f90" "$here/tape_tapenade.f90" \
			"$k.f90" ad/*_b.f90 main.f90 "$work/adStack_prof.o") >"$w/tap/build.log" 2>&1; then
		tapok=0
	fi

	: >"$w/tap.runs"
	declare -A fpeak=() fsnap=()
	for ft in "${ftools[@]}"; do : >"$w/$ft.runs"; done
	for r in $(seq "$rounds"); do
		for ft in "${ftools[@]}"; do
			out=$(cd "$w/$ft" && ./bench "$reps")
			echo "$(field adjoint_s "$out") $(field primal_s "$out") $(field ratio "$out")" >>"$w/$ft.runs"
			fpeak[$ft]=$(field tape_peak_bytes "$out")
			fsnap[$ft]=$(field snap_peak_bytes "$out")
		done
		if [ $tapok = 1 ]; then
			out=$(cd "$w/tap" && ./bench "$reps")
			echo "$(field adjoint_s "$out") $(field primal_s "$out") $(field ratio "$out")" >>"$w/tap.runs"
		fi
	done
	tools="${ftools[*]}"
	if [ $tapok = 1 ]; then
		tools="$tools tap"
		out=$(cd "$w/tap" && ./bench_prof 1)
		tpeak=$(sed -n 's/^Peak stack size (.*): *\([0-9]*\) bytes.*/\1/p' <<<"$out")
		reldiff=$(paste "$w/${ftools[0]}/grad.txt" "$w/tap/grad.txt" |
			awk '{d = $1 - $2; s += d * d; n += $1 * $1} END {if (n > 0) printf "%.1e", sqrt(s / n); else print "-"}')
	fi
	for tool in $tools; do
		adj=$(awk '{print $1 * 1000}' "$w/$tool.runs" | median)
		pri=$(awk '{print $2 * 1000}' "$w/$tool.runs" | median)
		rat=$(awk '{print $3}' "$w/$tool.runs" | median)
		if [ $tool != tap ]; then
			name=$tool peak=${fpeak[$tool]} snap=${fsnap[$tool]:--} diff=-
		else
			name=tapenade peak=${tpeak:--} snap=- diff=$reldiff
		fi
		printf '%-10s %-9s %12.2f %12.2f %10.2f %14s %12s %12s\n' "$k" "$name" "$adj" "$pri" "$rat" "$peak" "$snap" "$diff"
	done
	if [ $tapok = 0 ]; then
		printf '%-10s %-9s %s\n' "$k" tapenade "failed: $(grep -m1 -o 'undefined reference to .[A-Za-z0-9_]*' "$w/tap/build.log" || tail -1 "$w/tap/build.log")"
		cat "$w/tap/ad/"*.msg 2>/dev/null | grep '(AD09)' | sed 's/^/    tapenade: /' || true
	fi
done
