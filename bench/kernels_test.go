// Package bench measures the code fadj generates: peak tape bytes with
// the TBR analysis against the store-all baseline, adjoint/primal run
// time under gfortran -O2, and generation speed. Each kernel is a
// directory of testdata: spec.yaml, its Fortran source, and main.f90, a
// driver of realistic size that alternates primal and adjoint runs and
// prints "key value" lines (see testdata/common/bench_timing.f90).
// run.sh runs the benchmarks and prints a table; tapenade/compare.sh
// runs the same drivers on Tapenade's adjoints.
package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/check"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// kernels are the directories of testdata, in the order of the tables.
var kernels = []string{"heat2d", "lorenz96", "burgers", "shallow2d", "rnn", "poisson", "upwind", "fisher", "odc", "torsion"}

// buildFlags build primal and adjoint alike (both are in one
// executable): -O2 -ffree-line-length-none, or $FADJ_BENCH_FLAGS (say
// "-O2 -flto -ffree-line-length-none", to see the tape calls inlined).
func buildFlags() []string {
	if s := os.Getenv("FADJ_BENCH_FLAGS"); s != "" {
		return strings.Fields(s)
	}
	return []string{"-O2", "-ffree-line-length-none"}
}

// measurement is what one run of a kernel's driver prints.
type measurement struct {
	primal, adjoint float64 // median seconds
	ratio           float64 // adjoint/primal, of the medians
	peak            int64   // peak tape bytes
	cost, gradNorm  float64
}

// builds caches executables across benchmark rounds: the testing
// package calls a benchmark function several times.
var (
	buildMu  sync.Mutex
	builds   = map[string]string{} // kernel/mode -> executable
	buildDir string
)

// checkRuntime keeps the runtime module compiled across the fadj check
// runs of the correctness tests.
var checkRuntime *check.RuntimeCache

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fadj-bench-runtime-")
	if err != nil {
		panic(err)
	}
	checkRuntime = &check.RuntimeCache{Dir: dir}
	code := m.Run()
	os.RemoveAll(dir)
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// build generates kernel's adjoint (store-all or TBR), compiles it with
// its source and driver, and returns the executable.
func build(tb testing.TB, kernel string, storeAll bool) string {
	tb.Helper()
	gf := gfortrantest.Require(tb)
	mode := "tbr"
	if storeAll {
		mode = "storeall"
	}
	key := kernel + "/" + mode
	buildMu.Lock()
	defer buildMu.Unlock()
	if exe, ok := builds[key]; ok {
		return exe
	}
	if buildDir == "" {
		d, err := os.MkdirTemp("", "fadj-bench-")
		if err != nil {
			tb.Fatal(err)
		}
		buildDir = d
	}
	dir := filepath.Join(buildDir, kernel, mode)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		tb.Fatal(err)
	}
	kdir := filepath.Join("testdata", kernel)
	res, err := driver.GenerateWith(filepath.Join(kdir, "spec.yaml"), driver.Options{StoreAll: storeAll})
	if err != nil {
		tb.Fatalf("%s: %v", kernel, err)
	}
	// Order: modules before their users.
	srcs := []string{copyFile(tb, "testdata/common/bench_timing.f90", dir)}
	var gen []string
	for _, f := range res.Files {
		p := filepath.Join(dir, path.Base(f.Path))
		if err := os.WriteFile(p, f.Data, 0o666); err != nil {
			tb.Fatal(err)
		}
		if path.Base(f.Path) == "fadj_runtime.f90" {
			srcs = append(srcs, p)
		} else {
			gen = append(gen, p)
		}
	}
	srcs = append(srcs, copyFile(tb, "testdata/common/tape_fadj.f90", dir))
	srcs = append(srcs, copyFile(tb, filepath.Join(kdir, kernel+".f90"), dir))
	srcs = append(srcs, gen...)
	srcs = append(srcs, copyFile(tb, filepath.Join(kdir, "main.f90"), dir))
	exe := filepath.Join(dir, kernel)
	c := gfortran.Compiler{Path: gf, Flags: buildFlags()}
	if err := c.Build(dir, exe, srcs...); err != nil {
		tb.Fatalf("%s (%s): %v", kernel, mode, err)
	}
	builds[key] = exe
	return exe
}

func copyFile(tb testing.TB, src, dir string) string {
	tb.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		tb.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(p, data, 0o666); err != nil {
		tb.Fatal(err)
	}
	return p
}

// run runs a kernel's executable with reps alternated primal and
// adjoint runs.
func run(tb testing.TB, exe string, reps int) measurement {
	tb.Helper()
	out, err := runArgs(filepath.Dir(exe), exe, strconv.Itoa(reps))
	if err != nil {
		tb.Fatal(err)
	}
	m, err := parse(out)
	if err != nil {
		tb.Fatalf("%s: %v\n%s", exe, err, out)
	}
	return m
}

// runArgs runs exe in dir with args and a time limit, and returns its
// standard output. (gfortran.Run takes no arguments.)
func runArgs(dir, exe string, args ...string) ([]byte, error) {
	return runEnv(dir, nil, exe, args...)
}

// runEnv is runArgs with env added to the environment.
func runEnv(dir string, env []string, exe string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("%s %s: %v\n%s", exe, strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// parse reads the "key value" lines of a driver.
func parse(out []byte) (measurement, error) {
	var m measurement
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		var err error
		switch f[0] {
		case "primal_s":
			m.primal, err = strconv.ParseFloat(f[1], 64)
		case "adjoint_s":
			m.adjoint, err = strconv.ParseFloat(f[1], 64)
		case "ratio":
			m.ratio, err = strconv.ParseFloat(f[1], 64)
		case "tape_peak_bytes":
			m.peak, err = strconv.ParseInt(f[1], 10, 64)
		case "cost":
			m.cost, err = strconv.ParseFloat(f[1], 64)
		case "grad_norm":
			m.gradNorm, err = strconv.ParseFloat(f[1], 64)
		default:
			continue
		}
		if err != nil {
			return m, fmt.Errorf("%s: %v", f[0], err)
		}
		seen[f[0]] = true
	}
	for _, k := range []string{"primal_s", "adjoint_s", "ratio", "tape_peak_bytes", "cost", "grad_norm"} {
		if !seen[k] {
			return m, fmt.Errorf("no %s line in the driver's output", k)
		}
	}
	return m, nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
