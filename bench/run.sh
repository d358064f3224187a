#!/usr/bin/env bash
# Runs fadj's benchmarks of generated code and prints their tables.
#
#   bench/run.sh [-count N] [go test flags...]
#
# BenchmarkTape (peak tape bytes, TBR vs store-all), BenchmarkAdjointRuntime
# (adjoint/primal CPU time, gfortran -O2) and BenchmarkGenerate (lines/s of
# driver.Generate). Each driver run alternates FADJ_BENCH_REPS (default 11)
# primal and adjoint runs; with -count N (default 3) every figure in the
# tables is the median of the N runs. The raw `go test -bench` output is
# kept in $OUT (default /tmp/fadj-bench.txt), for benchstat. FADJ_BENCH_FLAGS
# replaces the gfortran flags (default "-O2 -ffree-line-length-none").
set -euo pipefail
cd "$(dirname "$0")/.."
count=3
if [ "${1:-}" = -count ]; then
	count=$2
	shift 2
fi
out=${OUT:-/tmp/fadj-bench.txt}
go test -run '^$' -bench 'Tape|AdjointRuntime' -benchtime 1x -count "$count" "$@" ./bench | tee "$out" >&2
go test -run '^$' -bench 'Generate' -count "$count" "$@" ./bench | tee -a "$out" >&2

# The tables: medians over the -count runs of each metric.
awk '
function med(key,   n, i, j, t, a) {
	n = split(vals[key], a, " ")
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
/^Benchmark/ {
	name = $1
	sub(/-[0-9]+$/, "", name)
	split(name, p, "/")
	bench = p[1]; kernel = p[2]
	if (!(bench SUBSEP kernel in seen)) { seen[bench, kernel] = 1; order[bench] = order[bench] " " kernel }
	for (i = 3; i < NF; i += 2) {
		k = bench SUBSEP kernel SUBSEP $(i + 1)
		vals[k] = vals[k] " " $i
	}
}
END {
	n = split(order["BenchmarkTape"], ks, " ")
	if (n > 0) {
		printf "\nPeak tape bytes, TBR vs store-all (median of runs)\n"
		printf "%-10s %14s %14s %13s\n", "kernel", "TBR", "store-all", "store-all/TBR"
		ge2 = 0
		for (i = 1; i <= n; i++) {
			b = "BenchmarkTape" SUBSEP ks[i] SUBSEP
			r = med(b "storeall/tbr")
			if (r >= 2) ge2++
			printf "%-10s %14d %14d %13.3f\n", ks[i], med(b "tbr-B"), med(b "storeall-B"), r
		}
		printf "kernels with store-all/TBR >= 2: %d of %d\n", ge2, n
	}
	n = split(order["BenchmarkAdjointRuntime"], ks, " ")
	if (n > 0) {
		printf "\nAdjoint/primal CPU time, gfortran -O2 (median of runs)\n"
		printf "%-10s %12s %12s %12s\n", "kernel", "primal ms", "adjoint ms", "adj/primal"
		for (i = 1; i <= n; i++) {
			b = "BenchmarkAdjointRuntime" SUBSEP ks[i] SUBSEP
			if (ks[i] == "median") {
				printf "%-10s %12s %12s %12.2f\n", "median", "", "", med(b "adj/primal")
			} else {
				printf "%-10s %12.2f %12.2f %12.2f\n", ks[i], med(b "primal-ms"), med(b "adjoint-ms"), med(b "adj/primal")
			}
		}
	}
	n = split(order["BenchmarkGenerate"], ks, " ")
	if (n > 0) {
		printf "\nGeneration speed, driver.Generate (median of runs)\n"
		printf "%-10s %8s %12s %12s\n", "spec", "lines", "ms/op", "lines/s"
		for (i = 1; i <= n; i++) {
			b = "BenchmarkGenerate" SUBSEP ks[i] SUBSEP
			printf "%-10s %8d %12.2f %12.0f\n", ks[i], med(b "lines"), med(b "ns/op") / 1e6, med(b "lines/s")
		}
	}
}' "$out"
