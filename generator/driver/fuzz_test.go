package driver_test

import (
	"errors"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/driver/compiles"
	"github.com/fadj-dev/fadj/generator/fuzzbound"
	"github.com/fadj-dev/fadj/generator/gfortran"
)

// generateBudget is what generating from an input may cost: linear in
// its size, with wide margins (the AD core allocates about 2 KB per byte
// of a long sum).
var generateBudget = fuzzbound.Budget{Time: 10 * time.Second, TimePerByte: 200 * time.Microsecond, Alloc: 256 << 20, AllocPerByte: 32 << 10}

// FuzzGenerate runs the whole generation (front end, analyses, tangent and
// adjoint) on mutated kernels of the corpus: whatever the source and the
// spec, Generate must not panic, and its errors must be positioned
// diagnostics, never internal errors. With FADJ_FUZZ_COMPILE=r (0 < r <= 1)
// a sample r of the inputs that generate is compiled too (compiles.Check):
// generated code must compile whenever the mutated source does.
func FuzzGenerate(f *testing.F) {
	dirs, _ := filepath.Glob("../check/testdata/kernels/*/spec.yaml")
	for _, sp := range dirs {
		spec, err := os.ReadFile(sp)
		if err != nil {
			continue
		}
		s, err := config.Parse(sp, spec)
		if err != nil || len(s.Sources) != 1 {
			continue
		}
		name := s.Sources[0].Text
		src, err := os.ReadFile(filepath.Join(filepath.Dir(sp), name))
		if err != nil {
			continue
		}
		f.Add(spec, name, src)
	}
	// Large inputs, in both modes. The product stays small: its partials
	// are quadratic in the number of factors (a known limit of the AD
	// core, measured by bench/scale -dims product).
	for kind, src := range fuzzbound.Large(8 << 10) {
		if kind == "product" {
			src = fuzzbound.Large(1 << 10)[kind]
		}
		f.Add([]byte("version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: both, independents: [x], dependents: [y]}\n"), "f.f90", []byte(src))
	}
	f.Fuzz(func(t *testing.T, spec []byte, name string, src []byte) {
		name = filepath.Base(name)
		if name == "." || name == "/" || name == "spec.yaml" || strings.ContainsAny(name, "\x00") {
			return
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "spec.yaml"), spec, 0o644); err != nil {
			return
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return
		}
		var res *driver.Result
		var err error
		generateBudget.Run(t, len(spec)+len(src), func() { res, err = driver.Generate(filepath.Join(dir, "spec.yaml")) })
		if err == nil {
			compileSample(t, filepath.Join(dir, "spec.yaml"), res, spec, src)
			return
		}
		var l diag.List
		if !errors.As(err, &l) {
			return // an I/O error (the spec names files the test did not write)
		}
		for _, e := range l {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("internal error: %v", e)
			}
			if e.Pos.Line < 1 {
				t.Fatalf("diagnostic without a position: %v", e)
			}
		}
	})
}

// compileRate is FADJ_FUZZ_COMPILE: the share of generated inputs that
// FuzzGenerate compiles.
var compileRate = func() float64 {
	r, err := strconv.ParseFloat(os.Getenv("FADJ_FUZZ_COMPILE"), 64)
	if err != nil || r <= 0 {
		return 0
	}
	return min(r, 1)
}()

// compileSample compiles what was generated, for a sample of the inputs
// chosen by their hash (the same input always gets the same answer).
func compileSample(t *testing.T, specPath string, res *driver.Result, spec, src []byte) {
	if compileRate == 0 {
		return
	}
	h := fnv.New64a()
	h.Write(spec)
	h.Write(src)
	if float64(h.Sum64()%1000000)/1e6 >= compileRate {
		return
	}
	gfc, err := gfortran.Find()
	if err != nil {
		t.Fatal(err)
	}
	err = compiles.Check(gfc, specPath, res, t.TempDir())
	if err != nil && !errors.Is(err, compiles.ErrSource) {
		t.Fatalf("generated code does not compile:\n%v", err)
	}
	// FADJ_FUZZ_COMPILE_LOG counts the compilations (the fuzzer's
	// workers are processes: a file they append to).
	if log := os.Getenv("FADJ_FUZZ_COMPILE_LOG"); log != "" {
		verdict := "compiled\n"
		if err != nil {
			verdict = "source-rejected\n"
		}
		if f, e := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); e == nil {
			f.WriteString(verdict)
			f.Close()
		}
	}
}
