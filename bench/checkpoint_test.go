package bench

// The benchmark of checkpointed calls (issue 9): kernels whose specs
// list their calls under checkpoints:, each generated with every
// snapshot option (lazy, eager, auto) and measured for adjoint/primal
// time, peak tape, snapshot and total memory, and push/pop traffic.
// checkpoint.sh prints the table; tapenade/checkpoint.sh runs the same
// kernels through Tapenade.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// ckptKernels are the directories of testdata/checkpoint, in the order
// of the tables. Each has spec.yaml (its calls listed under checkpoints:,
// each entry with an explicit snapshots: key), <kernel>.f90 and main.f90.
var ckptKernels = []string{"boxmodel", "sharedread", "overwrite", "constargs", "nested", "stencil"}

// snapshotOptions are the values of snapshots: the benchmark compares;
// the first is the default, with which the kernels' specs are written.
var snapshotOptions = []string{"lazy", "eager", "auto"}

const ckptDir = "testdata/checkpoint"

// errUnavailable wraps the error of a snapshot option that the spec
// loader or the generator rejects (auto, until it is implemented).
var errUnavailable = errors.New("not available")

// withSnapshots returns the spec in data with snapshots: opt on every
// checkpoint entry of every target (added where it is missing), and the
// number of entries set.
func withSnapshots(data []byte, opt string) ([]byte, int, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, 0, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, 0, fmt.Errorf("spec is not one YAML document")
	}
	n := 0
	targets := mapValue(doc.Content[0], "targets")
	if targets == nil || targets.Kind != yaml.SequenceNode {
		return nil, 0, fmt.Errorf("spec has no list of targets")
	}
	for _, t := range targets.Content {
		cps := mapValue(t, "checkpoints")
		if cps == nil {
			continue
		}
		if cps.Kind != yaml.SequenceNode {
			return nil, 0, fmt.Errorf("line %d: checkpoints is not a list", cps.Line)
		}
		for _, c := range cps.Content {
			if c.Kind != yaml.MappingNode {
				return nil, 0, fmt.Errorf("line %d: checkpoint is not a mapping", c.Line)
			}
			if v := mapValue(c, "snapshots"); v != nil {
				v.Kind, v.Tag, v.Value, v.Style = yaml.ScalarNode, "!!str", opt, 0
			} else {
				c.Content = append(c.Content,
					&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "snapshots"},
					&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: opt})
			}
			n++
		}
	}
	out, err := yaml.Marshal(&doc)
	return out, n, err
}

// mapValue is the value of key in the mapping node m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// ckptSpec writes into dir a copy of kernel's spec with snapshots: opt
// on every checkpoint, next to copies of its Fortran sources (not the
// driver), and returns its path. An option the spec loader rejects gives
// an error wrapping errUnavailable.
func ckptSpec(dir, kernel, opt string) (string, error) {
	kdir := filepath.Join(ckptDir, kernel)
	data, err := os.ReadFile(filepath.Join(kdir, "spec.yaml"))
	if err != nil {
		return "", err
	}
	out, n, err := withSnapshots(data, opt)
	if err != nil {
		return "", fmt.Errorf("%s: %v", kernel, err)
	}
	if n == 0 {
		return "", fmt.Errorf("%s: spec.yaml lists no checkpoints", kernel)
	}
	p := filepath.Join(dir, "spec.yaml")
	if _, err := config.Parse("spec.yaml", out); err != nil {
		return "", fmt.Errorf("snapshots: %s: %w: %v", opt, errUnavailable, firstLine(err.Error()))
	}
	if err := os.WriteFile(p, out, 0o666); err != nil {
		return "", err
	}
	srcs, err := filepath.Glob(filepath.Join(kdir, "*.f90"))
	if err != nil {
		return "", err
	}
	for _, s := range srcs {
		if filepath.Base(s) == "main.f90" {
			continue
		}
		b, err := os.ReadFile(s)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(s)), b, 0o666); err != nil {
			return "", err
		}
	}
	return p, nil
}

// ckptGenerate generates kernel's adjoint with snapshots: opt, in dir
// (which receives the spec and sources). For an option other than the
// default, an error of the spec loader or of the generator wraps
// errUnavailable: the option is not implemented yet.
func ckptGenerate(dir, kernel, opt string) (string, *driver.Result, error) {
	spec, err := ckptSpec(dir, kernel, opt)
	if err != nil {
		return "", nil, err
	}
	res, err := driver.Generate(spec)
	if err != nil {
		if opt != snapshotOptions[0] {
			return "", nil, fmt.Errorf("snapshots: %s: %w: %v", opt, errUnavailable, firstLine(err.Error()))
		}
		return "", nil, fmt.Errorf("%s: %v", kernel, err)
	}
	return spec, res, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

// runtimeFuncs are the statistics of fadj's runtime that
// testdata/checkpoint/common/ckpt_stats_fadj.F90 uses when the runtime
// module defines them (the snapshot stack being added to the runtime).
var runtimeFuncs = []string{
	"fadj_tape_popped_bytes",
	"fadj_snap_peak_bytes",
	"fadj_snap_pushed_bytes",
	"fadj_snap_popped_bytes",
	"fadj_memory_peak_bytes",
	"fadj_snap_reset",
}

// runtimeDefines returns -DHAVE_<NAME> for each of runtimeFuncs that the
// runtime source src defines as a function or subroutine.
func runtimeDefines(src []byte) []string {
	var defs []string
	for _, f := range runtimeFuncs {
		re := regexp.MustCompile(`(?im)^[^!\n]*\b(function|subroutine)[ \t]+` + f + `\b`)
		if re.Match(src) {
			defs = append(defs, "-DHAVE_"+strings.ToUpper(f))
		}
	}
	return defs
}

// unavailable caches, like builds, the errors of options not available.
var unavailable = map[string]error{}

// ckptBuild generates kernel's adjoint with snapshots: opt, compiles it
// with the kernel's source, the statistics module and the driver, and
// returns the executable. Builds are cached (the testing package runs a
// benchmark function several times), and so are errors wrapping
// errUnavailable.
func ckptBuild(tb testing.TB, kernel, opt string) (string, error) {
	tb.Helper()
	gf := gfortrantest.Require(tb)
	key := "checkpoint/" + kernel + "/" + opt
	buildMu.Lock()
	defer buildMu.Unlock()
	if exe, ok := builds[key]; ok {
		return exe, nil
	}
	if err, ok := unavailable[key]; ok {
		return "", err
	}
	if buildDir == "" {
		d, err := os.MkdirTemp("", "fadj-bench-")
		if err != nil {
			tb.Fatal(err)
		}
		buildDir = d
	}
	dir := filepath.Join(buildDir, "checkpoint", kernel, opt)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		tb.Fatal(err)
	}
	_, res, err := ckptGenerate(dir, kernel, opt)
	if errors.Is(err, errUnavailable) {
		unavailable[key] = err
		return "", err
	}
	if err != nil {
		tb.Fatal(err)
	}
	common := filepath.Join("testdata", "common")
	srcs := []string{copyFile(tb, filepath.Join(common, "bench_timing.f90"), dir)}
	var gen []string
	var defs []string
	for _, f := range res.Files {
		p := filepath.Join(dir, path.Base(f.Path))
		if err := os.WriteFile(p, f.Data, 0o666); err != nil {
			tb.Fatal(err)
		}
		if path.Base(f.Path) == "fadj_runtime.f90" {
			srcs = append(srcs, p)
			defs = runtimeDefines(f.Data)
		} else {
			gen = append(gen, p)
		}
	}
	srcs = append(srcs, copyFile(tb, filepath.Join(ckptDir, "common", "ckpt_stats_fadj.F90"), dir))
	srcs = append(srcs, filepath.Join(dir, kernel+".f90")) // copied by ckptSpec
	srcs = append(srcs, gen...)
	srcs = append(srcs, copyFile(tb, filepath.Join(ckptDir, kernel, "main.f90"), dir))
	exe := filepath.Join(dir, kernel)
	c := gfortran.Compiler{Path: gf, Flags: append(buildFlags(), defs...)}
	if err := c.Build(dir, exe, srcs...); err != nil {
		tb.Fatalf("%s (snapshots: %s): %v", kernel, opt, err)
	}
	builds[key] = exe
	return exe, nil
}

// mallocEnv makes glibc's malloc keep freed memory and serve every
// allocation below 32 MiB from its heap. Without it the run time of a
// kernel depends on the allocator's history: glibc serves blocks of
// 128 KiB or more with mmap, and frees them with munmap, until a freed
// mmap'ed block raises that threshold. Automatic arrays of a callee
// called thousands of times (gfortran allocates them with malloc) then
// cost page faults on every call, in one executable and not in another
// (fadj's tape frees large blocks as it grows; Tapenade's adStack uses
// 64 KiB blocks): 8x on the primal of nested. tapenade/checkpoint.sh
// sets the same.
var mallocEnv = []string{"MALLOC_MMAP_THRESHOLD_=33554432", "MALLOC_TRIM_THRESHOLD_=4294967296"}

// ckptMeasurement is what one run of a checkpoint kernel's driver
// prints: the timings of measurement, then the statistics of one more
// adjoint (bytes; -1 where the runtime cannot tell).
type ckptMeasurement struct {
	measurement
	snapPeak, memPeak, tapeTraffic, snapTraffic, traffic int64
	grad                                                 []float64
}

// ckptRun runs a checkpoint kernel's executable with reps alternated
// primal and adjoint runs, and reads its output and grad.txt.
func ckptRun(exe string, reps int) (ckptMeasurement, error) {
	var m ckptMeasurement
	dir := filepath.Dir(exe)
	out, err := runEnv(dir, mallocEnv, exe, strconv.Itoa(reps))
	if err != nil {
		return m, err
	}
	if m.measurement, err = parse(out); err != nil {
		return m, fmt.Errorf("%s: %v\n%s", exe, err, out)
	}
	kv, err := keyInts(out, "snap_peak_bytes", "memory_peak_bytes", "tape_traffic_bytes", "snap_traffic_bytes", "traffic_bytes")
	if err != nil {
		return m, fmt.Errorf("%s: %v\n%s", exe, err, out)
	}
	m.snapPeak, m.memPeak, m.tapeTraffic, m.snapTraffic, m.traffic = kv[0], kv[1], kv[2], kv[3], kv[4]
	if m.grad, err = readGrad(filepath.Join(dir, "grad.txt")); err != nil {
		return m, err
	}
	return m, nil
}

// keyInts reads the integer values of the "key value" lines keys.
func keyInts(out []byte, keys ...string) ([]int64, error) {
	vals := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 {
			vals[f[0]] = f[1]
		}
	}
	res := make([]int64, len(keys))
	for i, k := range keys {
		s, ok := vals[k]
		if !ok {
			return nil, fmt.Errorf("no %s line in the driver's output", k)
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", k, err)
		}
		res[i] = v
	}
	return res, nil
}

func readGrad(p string) ([]float64, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var g []float64
	for _, f := range strings.Fields(string(data)) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		g = append(g, v)
	}
	return g, nil
}

// relDiff is ||a - b|| / ||b||, or +Inf if the lengths differ.
func relDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var d, n float64
	for i := range a {
		d += (a[i] - b[i]) * (a[i] - b[i])
		n += b[i] * b[i]
	}
	if n == 0 {
		return math.Sqrt(d)
	}
	return math.Sqrt(d / n)
}

// BenchmarkCheckpoint runs each checkpoint kernel generated with each
// snapshot option, and reports the median primal and adjoint times of
// one driver run and their ratio, then the peak bytes of the tape, of
// the snapshot stack (-1: the runtime has none, snapshots are on the
// tape) and of both at one time, the bytes pushed and popped in all, and
// the relative difference of the gradient from lazy's. An option that
// the spec loader or the generator rejects is skipped, saying why. It
// fails if auto's peak memory is above the smaller of lazy's and eager's.
func BenchmarkCheckpoint(b *testing.B) {
	for _, k := range ckptKernels {
		b.Run(k, func(b *testing.B) {
			mem := map[string]int64{}
			var lazyGrad []float64
			for _, opt := range snapshotOptions {
				b.Run(opt, func(b *testing.B) {
					exe, err := ckptBuild(b, k, opt)
					if errors.Is(err, errUnavailable) {
						b.Skip(err)
					}
					if err != nil {
						b.Fatal(err)
					}
					b.ResetTimer()
					var m ckptMeasurement
					for i := 0; i < b.N; i++ {
						if m, err = ckptRun(exe, reps(b)); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(m.primal*1e3, "primal-ms")
					b.ReportMetric(m.adjoint*1e3, "adjoint-ms")
					b.ReportMetric(m.ratio, "adj/primal")
					b.ReportMetric(float64(m.peak), "tape-B")
					b.ReportMetric(float64(m.snapPeak), "snap-B")
					b.ReportMetric(float64(m.memPeak), "mem-B")
					b.ReportMetric(float64(m.traffic), "traffic-B")
					if opt == snapshotOptions[0] {
						lazyGrad = m.grad
					} else if lazyGrad != nil {
						d := relDiff(m.grad, lazyGrad)
						b.ReportMetric(d, "grad-vs-lazy")
						if !(d <= 1e-10) {
							b.Errorf("gradient differs from lazy's by %.3g (relative)", d)
						}
					}
					mem[opt] = m.memPeak
				})
			}
			if auto, ok := mem["auto"]; ok {
				lazy, okl := mem["lazy"]
				eager, oke := mem["eager"]
				if okl && oke && lazy >= 0 && eager >= 0 && auto > min(lazy, eager) {
					b.Errorf("auto's peak memory %d B is above min(lazy %d B, eager %d B)", auto, lazy, eager)
				}
			}
		})
	}
}
