#!/usr/bin/env bash
# Runs the benchmark of checkpointed calls and prints its table.
#
#   bench/checkpoint.sh [-count N] [go test flags...]
#
# BenchmarkCheckpoint generates each kernel of testdata/checkpoint with
# snapshots: lazy, eager and auto on every checkpoint (an option the spec
# loader or the generator rejects is shown as not available), builds it
# with gfortran -O2 and runs its driver (FADJ_BENCH_REPS alternated
# primal and adjoint runs, default 11). With -count N (default 3) each
# figure is the median of the N runs. Byte counts are exact; -1 or "-"
# means the runtime cannot tell (no snapshot stack: snapshots are on the
# tape). The table flags a kernel where auto's peak memory is above the
# smaller of lazy's and eager's. The raw output is kept in $OUT (default
# /tmp/fadj-bench-checkpoint.txt).
set -uo pipefail
cd "$(dirname "$0")/.."
count=3
if [ "${1:-}" = -count ]; then
	count=$2
	shift 2
fi
out=${OUT:-/tmp/fadj-bench-checkpoint.txt}
go test -run '^$' -bench '^BenchmarkCheckpoint$' -benchtime 1x -count "$count" -v "$@" ./bench | tee "$out" >&2
status=${PIPESTATUS[0]}
echo "fadj $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo +changes), $(date -u '+%Y-%m-%d %H:%M UTC'), -count $count"

awk '
function med(key,   n, i, j, t, a) {
	n = split(vals[key], a, " ")
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function bytes(v) { return v < 0 ? "-" : sprintf("%d", v) }
# A sub-benchmark starts: its name alone on a line (go test -v).
/^BenchmarkCheckpoint\/[^ \t]+\/[^ \t]+$/ { cur = $1; note(cur) }
/^BenchmarkCheckpoint\/[^ \t]+\/[^ \t]+[ \t]+[0-9]+[ \t]/ {
	name = $1
	sub(/-[0-9]+$/, "", name)
	note(name)
	for (i = 3; i < NF; i += 2) vals[name SUBSEP $(i + 1)] = vals[name SUBSEP $(i + 1)] " " $i
	ran[name] = 1
}
/^    .*not available: / && cur != "" { m = $0; sub(/^.*not available: /, "", m); na[cur] = m }
/^    [a-z_]+\.go:[0-9]+: / && cur != "" && !/not available: / { m = $0; sub(/^ *[^ ]+: /, "", m); if (!(cur in msg)) msg[cur] = m }
/^--- FAIL: BenchmarkCheckpoint\/[^ \t]+\/[^ \t]+/ { fail[$3] = 1 }
function note(name,   p) {
	split(name, p, "/")
	if (!(p[2] in kseen)) { kseen[p[2]] = 1; korder[++nk] = p[2] }
	if (!((p[2], p[3]) in oseen)) { oseen[p[2], p[3]] = 1; if (!(p[3] in optseen)) { optseen[p[3]] = 1; oorder[++no] = p[3] } }
}
END {
	printf "\nCheckpointed calls: fadj by snapshot option (median of runs)\n"
	printf "%-10s %-6s %9s %10s %9s %12s %12s %12s %14s %10s\n", "kernel", "snaps", "primal ms", "adjoint ms", "adj/prim", "tape B", "snapshot B", "memory B", "traffic B", "grad diff"
	for (i = 1; i <= nk; i++) {
		k = korder[i]
		for (j = 1; j <= no; j++) {
			o = oorder[j]
			if (!((k, o) in oseen)) continue
			b = "BenchmarkCheckpoint/" k "/" o
			if (b in ran && !(b in fail)) {
				mem[o] = med(b SUBSEP "mem-B")
				gd = (b SUBSEP "grad-vs-lazy") in vals ? sprintf("%.1e", med(b SUBSEP "grad-vs-lazy")) : "-"
				printf "%-10s %-6s %9.2f %10.2f %9.2f %12s %12s %12s %14s %10s\n", k, o, med(b SUBSEP "primal-ms"), med(b SUBSEP "adjoint-ms"), med(b SUBSEP "adj/primal"), bytes(med(b SUBSEP "tape-B")), bytes(med(b SUBSEP "snap-B")), bytes(mem[o]), bytes(med(b SUBSEP "traffic-B")), gd
			} else if (b in na) {
				printf "%-10s %-6s not available: %s\n", k, o, na[b]
			} else {
				printf "%-10s %-6s FAILED: %s\n", k, o, (b in msg) ? msg[b] : "see the raw output"
			}
		}
		if (("lazy" in mem) && ("eager" in mem) && ("auto" in mem)) {
			lo = mem["lazy"] < mem["eager"] ? mem["lazy"] : mem["eager"]
			if (mem["auto"] < 0 || lo < 0) printf "%-10s auto vs min(lazy, eager) peak memory: unknown\n", k
			else if (mem["auto"] > lo) printf "%-10s FLAG: auto peak memory %d B > min(lazy, eager) %d B\n", k, mem["auto"], lo
			else printf "%-10s auto peak memory <= min(lazy, eager): ok\n", k
		}
		delete mem
	}
}' "$out"
exit "$status"
