#!/usr/bin/env bash
# Compares fadj's adjoints of the checkpoint kernels (bench/testdata/
# checkpoint) with Tapenade's, for issue 9's goal: on each kernel fadj's
# adjoint/primal ratio at most 0.8 times Tapenade's, and its traffic
# (bytes pushed + popped) no larger.
#
#   bench/tapenade/checkpoint.sh [TAPENADE_HOME]
#
# TAPENADE_HOME (the argument or the environment variable) is a Tapenade
# 3.16 binary distribution: bin/tapenade and ADFirstAidKit/adStack.c.
# Needs java, gfortran, gcc and go. Environment: KERNELS (default: all of
# testdata/checkpoint), SNAPSHOTS (fadj's snapshot options, default
# "lazy"; "lazy eager auto" runs the three, an option fadj rejects is
# shown as not available), REPS (alternated primal/adjoint runs per
# driver run, default 11), ROUNDS (driver runs per tool, alternating the
# tools, default 3), KEEP=1 keeps the work directory.
#
# Tapenade runs as `tapenade -b -head "routine(dependents)/(independents)"`:
# its default joint reversal checkpoints every call, with its default
# (lazy) snapshots. The same driver (main.f90) calls both adjoints, built
# with gfortran -O2 -ffree-line-length-none; Tapenade's with adStack.c
# (gcc -O2). Per kernel and tool: the medians of the adjoint and primal
# times and of their ratio (measured within one process), the peak
# memory and the traffic of one adjoint, and the relative difference
# ||g_fadj - g_tapenade|| / ||g_fadj|| of the gradients. fadj's peak is
# fadj_memory_peak_bytes (tape and snapshot stack at one time; the tape
# peak while the runtime has no snapshot stack); Tapenade's comes from a
# second build of adStack.c with -D_ADSTACKPROFILE, which counts 64 KiB
# blocks (so it is rounded up to a multiple of 65536) and the bytes pushed
# and popped (adStack_showTotalTraffic). Tapenade keeps its tape and its
# snapshots on one stack; so does fadj's runtime until its snapshot
# stack lands, and both figures cover both.
#
# The drivers run with glibc malloc tuned to keep its memory (see
# mallocEnv in bench/checkpoint_test.go): otherwise the automatic arrays
# of callees cost page faults on every call in one tool's executable and
# not in the other's, and the ratios measure the allocator.
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
snapshots=${SNAPSHOTS:-lazy}
ckpt=$bench/testdata/checkpoint
kernels=${KERNELS:-$(cd "$ckpt" && for d in */spec.yaml; do echo "${d%/spec.yaml}"; done)}
fc=(gfortran -O2 -ffree-line-length-none)
menv=(MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=4294967296)
timing=$bench/testdata/common/bench_timing.f90

work=$(mktemp -d /tmp/fadj-tapenade-ckpt-XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then
	echo "work directory: $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

(cd "$repo" && go build -o "$work/fadj" ./generator/cmd/fadj)
gcc -O2 -c -I"$kit" "$kit/adStack.c" -o "$work/adStack.o"
gcc -O2 -D_ADSTACKPROFILE -c -I"$kit" "$kit/adStack.c" -o "$work/adStack_prof.o"

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

reldiff() {
	paste "$1" "$2" | awk '{d = $1 - $2; s += d * d; n += $1 * $1} END {if (n > 0) printf "%.1e", sqrt(s / n); else print "-"}'
}

echo "fadj $(cd "$repo" && git rev-parse --short HEAD)$(cd "$repo" && git diff --quiet HEAD || echo +changes), $(date -u '+%Y-%m-%d %H:%M UTC'), REPS=$reps ROUNDS=$rounds"
printf '%-10s %-12s %11s %10s %9s %12s %14s %9s\n' KERNEL TOOL ADJOINT_MS PRIMAL_MS ADJ/PRIM PEAK_B TRAFFIC_B GRAD_DIFF
goals=()
for k in $kernels; do
	src=$ckpt/$k
	w=$work/$k
	spec=$src/spec.yaml
	routine=$(sed -n 's/^ *- routine: *\([A-Za-z0-9_]*\).*/\1/p' "$spec" | head -1)
	indeps=$(spec_list independents "$spec" | tr ',' ' ')
	deps=$(spec_list dependents "$spec" | tr ',' ' ')

	# fadj, one build per snapshot option: the spec with every
	# "snapshots:" line set to it.
	tools=()
	declare -A note=()
	for opt in $snapshots; do
		d=$w/fadj-$opt
		mkdir -p "$d"
		cp "$src/$k.f90" "$src/main.f90" "$d/"
		sed -E "s/^( *snapshots: *)[a-z]+/\1$opt/" "$spec" >"$d/spec.yaml"
		if ! (cd "$d" && "$work/fadj" generate spec.yaml) >"$d/generate.log" 2>&1; then
			if [ "$opt" = lazy ]; then
				cat "$d/generate.log" >&2
				exit 1
			fi
			note[fadj-$opt]="not available: $(head -1 "$d/generate.log")"
			continue
		fi
		defs=()
		for f in fadj_tape_popped_bytes fadj_snap_peak_bytes fadj_snap_pushed_bytes fadj_snap_popped_bytes fadj_memory_peak_bytes fadj_snap_reset; do
			if grep -Eiq "^[^!]*\b(function|subroutine)[[:space:]]+$f\b" "$d/ad/fadj_runtime.f90"; then
				defs+=("-DHAVE_${f^^}")
			fi
		done
		(cd "$d" && "${fc[@]}" "${defs[@]}" -o bench "$timing" ad/fadj_runtime.f90 "$ckpt/common/ckpt_stats_fadj.F90" \
			"$k.f90" $(ls ad/*.f90 | grep -v fadj_runtime) main.f90) >"$d/build.log" 2>&1 || {
			cat "$d/build.log" >&2
			exit 1
		}
		tools+=("fadj-$opt")
	done

	# Tapenade
	d=$w/tapenade
	mkdir -p "$d/ad"
	cp "$src/$k.f90" "$src/main.f90" "$d/"
	if (cd "$d" && "$tap/bin/tapenade" -b -head "$routine($deps)/($indeps)" -O ad "$k.f90" >tapenade.log 2>&1 &&
		"${fc[@]}" -o bench "$timing" "$here/ckpt_stats_tapenade.f90" "$k.f90" ad/*_b.f90 main.f90 "$work/adStack.o" &&
		"${fc[@]}" -o bench_prof "$timing" "$here/ckpt_stats_tapenade.f90" "$k.f90" ad/*_b.f90 main.f90 "$work/adStack_prof.o") \
		>"$d/build.log" 2>&1; then
		tools+=(tapenade)
	else
		note[tapenade]="failed: $(grep -m1 -o 'undefined reference to .[A-Za-z0-9_]*' "$d/build.log" || tail -1 "$d/build.log")"
	fi

	declare -A peak=() traffic=() ratio=()
	for t in "${tools[@]}"; do
		: >"$w/$t.runs"
	done
	for r in $(seq "$rounds"); do
		for t in "${tools[@]}"; do
			d=$w/$t
			if ! out=$(cd "$d" && env "${menv[@]}" ./bench "$reps" 2>"$d/run.err"); then
				note[$t]="run failed: $(grep -m1 -E 'signal|Error|error' "$d/run.err" || tail -1 "$d/run.err")"
				continue
			fi
			echo "$(field adjoint_s "$out") $(field primal_s "$out") $(field ratio "$out")" >>"$w/$t.runs"
			if [ "$t" != tapenade ]; then
				peak[$t]=$(field memory_peak_bytes "$out")
				traffic[$t]=$(field traffic_bytes "$out")
			fi
		done
	done
	if [ -z "${note[tapenade]:-}" ] && [ -x "$w/tapenade/bench_prof" ]; then
		out=$(cd "$w/tapenade" && env "${menv[@]}" ./bench_prof 1 2>/dev/null) || true
		peak[tapenade]=$(sed -n 's/^Peak stack size (.*): *\([0-9]*\) bytes.*/\1/p' <<<"$out" | tail -1)
		traffic[tapenade]=$(sed -n 's/^Total push\/pop traffic *\([0-9]*\) bytes.*/\1/p' <<<"$out" | awk 'NR == 1 {a = $1} {b = $1} END {print b - a}')
	fi
	for t in "${tools[@]}"; do
		if [ -n "${note[$t]:-}" ] || [ ! -s "$w/$t.runs" ]; then
			printf '%-10s %-12s %s\n' "$k" "$t" "${note[$t]:-no runs}"
			continue
		fi
		adj=$(awk '{print $1 * 1000}' "$w/$t.runs" | median)
		pri=$(awk '{print $2 * 1000}' "$w/$t.runs" | median)
		ratio[$t]=$(awk '{print $3}' "$w/$t.runs" | median)
		diff=-
		if [ "$t" = tapenade ] && [ -f "$w/fadj-lazy/grad.txt" ]; then
			diff=$(reldiff "$w/fadj-lazy/grad.txt" "$w/tapenade/grad.txt")
		elif [ "$t" != fadj-lazy ] && [ "$t" != tapenade ] && [ -f "$w/fadj-lazy/grad.txt" ]; then
			diff=$(reldiff "$w/fadj-lazy/grad.txt" "$w/$t/grad.txt")
		fi
		printf '%-10s %-12s %11.2f %10.2f %9.2f %12s %14s %9s\n' "$k" "$t" "$adj" "$pri" "${ratio[$t]}" "${peak[$t]:--}" "${traffic[$t]:--}" "$diff"
	done
	for t in "${!note[@]}"; do
		case " ${tools[*]} " in *" $t "*) ;; *) printf '%-10s %-12s %s\n' "$k" "$t" "${note[$t]}" ;; esac
	done
	if [ -n "${ratio[tapenade]:-}" ]; then
		for t in "${tools[@]}"; do
			[ "$t" = tapenade ] && continue
			[ -n "${ratio[$t]:-}" ] || continue
			goals+=("$(awk -v k="$k" -v t="$t" -v rf="${ratio[$t]}" -v rt="${ratio[tapenade]}" -v tf="${traffic[$t]:--1}" -v tt="${traffic[tapenade]:--1}" 'BEGIN {
				q = rf / rt
				s = (tf >= 0 && tt > 0) ? sprintf("%.2f", tf / tt) : "-"
				printf "%-10s %-12s %14.2f %5s %16s %5s", k, t, q, q <= 0.8 ? "yes" : "no", s, (s != "-" && tf <= tt) ? "yes" : (s == "-" ? "-" : "no")
			}')")
		done
	fi
	unset note peak traffic ratio
done
if [ ${#goals[@]} -gt 0 ]; then
	printf '\nIssue 9 goal: adj/primal ratio <= 0.8x Tapenade'"'"'s, traffic <= Tapenade'"'"'s\n'
	printf '%-10s %-12s %14s %5s %16s %5s\n' KERNEL TOOL RATIO/TAPENADE MET TRAFFIC/TAPENADE MET
	printf '%s\n' "${goals[@]}"
fi
