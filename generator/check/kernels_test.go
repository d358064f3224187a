package check

import (
	"bytes"
	"flag"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

var update = flag.Bool("update", false, "rewrite the generated code checked in under testdata/kernels/*/ad")

// kernelsDir holds the corpus: one directory per kernel with its
// spec.yaml and Fortran sources (see its README.md).
const kernelsDir = "testdata/kernels"

// runtimeCache keeps the runtime module compiled across the kernels:
// it is most of what a small kernel's check compiles.
var runtimeCache *RuntimeCache

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fadj-check-runtime-")
	if err != nil {
		panic(err)
	}
	runtimeCache = &RuntimeCache{Dir: dir}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// minKernels and minGoldens are the sizes the corpus promises.
const (
	minKernels = 40
	minGoldens = 15
)

// kernels returns the names of the kernel directories, sorted.
func kernels(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir(kernelsDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(kernelsDir, e.Name(), "spec.yaml")); err != nil {
			t.Errorf("kernel %s has no spec.yaml", e.Name())
			continue
		}
		names = append(names, e.Name())
	}
	if len(names) < minKernels {
		t.Errorf("%d kernels, want at least %d", len(names), minKernels)
	}
	return names
}

// poison gives uninitialized local variables values that make a read of
// them visible (a derivative that depends on one fails), and turns on
// gfortran's run-time checks (array bounds, DO steps).
var poison = []string{"-finit-integer=-1000003", "-finit-real=nan", "-fcheck=all"}

// unsupported returns the error a kernel expects from generation, if it
// uses a feature fadj does not have yet ("" if none).
func unsupported(t *testing.T, name string) string {
	data, err := os.ReadFile(filepath.Join(kernelsDir, name, "unsupported.txt"))
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

// knownWrong returns why a kernel's derivatives are known to be wrong
// (a generator bug), "" if they are not.
func knownWrong(t *testing.T, name string) string {
	data, err := os.ReadFile(filepath.Join(kernelsDir, name, "known_wrong.txt"))
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

// hasReverse reports whether a kernel's spec asks for an adjoint.
func hasReverse(t *testing.T, dir string) bool {
	spec, err := config.Load(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range spec.Targets {
		if tg.Mode.HasReverse() {
			return true
		}
	}
	return false
}

// generateErr runs the generator on a kernel and returns its
// diagnostics, one a line, with paths relative to the kernel directory.
func generateErr(dir string) string {
	_, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err == nil {
		return ""
	}
	var b strings.Builder
	diag.Print(&b, err, 0)
	return strings.TrimSpace(strings.ReplaceAll(b.String(), filepath.ToSlash(dir)+"/", ""))
}

// TestKernels runs fadj check on every kernel (every seventh one in
// go test ./..., all with FADJ_LONG_TESTS=1, as .ci/run does): every finite-difference
// and dot-product test must pass with the tolerances of the kernel's
// spec (the defaults, 1e-6 and 1e-12, unless README.md says why not).
// A kernel with unsupported.txt must instead fail to generate, with
// exactly that message, until fadj learns the feature; one with
// known_wrong.txt (a generator bug, described there) must fail the
// check, until the bug is fixed.
func TestKernels(t *testing.T) { testKernels(t, false) }

// TestKernelsStoreAll checks the store-all adjoints too: they are the
// baseline of the tape benchmarks, not code users get, so the check runs
// only when FADJ_LONG_TESTS=1 (.ci/run sets it for a second go test
// run): it would add a third to the time of go test ./....
func TestKernelsStoreAll(t *testing.T) {
	if os.Getenv("FADJ_LONG_TESTS") != "1" {
		t.Skip("set FADJ_LONG_TESTS=1 to check the store-all adjoints")
	}
	testKernels(t, true)
}

func testKernels(t *testing.T, storeAll bool) {
	gfortrantest.Require(t)
	long := os.Getenv("FADJ_LONG_TESTS") == "1"
	for i, name := range kernels(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(kernelsDir, name)
			if !storeAll && !long && i%7 != 0 && unsupported(t, name) == "" && knownWrong(t, name) == "" {
				// go test ./... checks every seventh kernel, to stay
				// within its time; .ci/run checks them all
				// (FADJ_LONG_TESTS=1).
				t.Skip("every seventh kernel unless FADJ_LONG_TESTS=1")
			}
			if want := unsupported(t, name); want != "" {
				got := generateErr(dir)
				if got == "" {
					t.Fatalf("generation succeeds: fadj supports this kernel now; delete %s/unsupported.txt", dir)
				}
				if got != want {
					t.Fatalf("generation fails with\n%s\nwant (unsupported.txt)\n%s", got, want)
				}
				return
			}
			if storeAll && !hasReverse(t, dir) {
				t.Skip("no adjoint")
			}
			if storeAll && usesOpenMP([]string{filepath.Join(dir, firstSource(t, filepath.Join(dir, "spec.yaml")))}) {
				// Store-all records inside the parallel loops, which
				// reverse mode rejects: the baseline does not apply.
				t.Skip("OpenMP: no store-all adjoint")
			}
			if storeAll && sameAsTBR(t, dir) {
				// TestKernels checks this very code.
				t.Skip("the store-all code is the TBR code: TBR prunes nothing")
			}
			rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{Flags: poison, StoreAll: storeAll, RuntimeCache: runtimeCache})
			if err != nil {
				var b strings.Builder
				diag.Print(&b, err, 0)
				t.Fatalf("fadj check: %s", b.String())
			}
			var buf bytes.Buffer
			rep.Write(&buf)
			t.Logf("\n%s", buf.String())
			if why := knownWrong(t, name); why != "" {
				if rep.OK() {
					t.Fatalf("fadj check passes: the bug is fixed; delete %s/known_wrong.txt", dir)
				}
				t.Logf("known wrong (known_wrong.txt): %s", why)
				return
			}
			ran := 0
			for _, r := range rep.Results {
				if r.Skipped == "" {
					ran++
				}
			}
			if ran == 0 {
				t.Errorf("no test ran")
			}
			if !rep.OK() {
				t.Errorf("fadj check fails:\n%s", buf.String())
			}
		})
	}
}

// sameAsTBR reports whether the kernel in dir generates the same code
// with store-all recording as with TBR.
func sameAsTBR(t *testing.T, dir string) bool {
	t.Helper()
	spec := filepath.Join(dir, "spec.yaml")
	tbr, err := driver.Generate(spec)
	if err != nil {
		t.Fatalf("fadj generate: %v", err)
	}
	all, err := driver.GenerateWith(spec, driver.Options{StoreAll: true})
	if err != nil {
		t.Fatalf("fadj generate (store-all): %v", err)
	}
	return slices.EqualFunc(tbr.Files, all.Files, func(a, b driver.Output) bool {
		return a.Path == b.Path && bytes.Equal(a.Data, b.Data)
	})
}

// TestKernelsReadme checks that README.md has a row for every kernel
// and no other, and that a kernel with tolerances larger than the
// defaults says why in its row.
func TestKernelsReadme(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(kernelsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The first table lists the kernels; the one after "## The issue's
	// list" names kernels in its last column.
	kernelTable, index, _ := strings.Cut(string(data), "\n## ")
	rows := map[string]string{}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9_]+)` \\|(.*)$")
	for _, m := range row.FindAllStringSubmatch(kernelTable, -1) {
		rows[m[1]] = m[2]
	}
	names := kernels(t)
	for _, line := range strings.Split(index, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) < 2 || strings.HasPrefix(cells[0], "---") {
			continue
		}
		for _, m := range regexp.MustCompile("`([a-z0-9_]+)`").FindAllStringSubmatch(cells[len(cells)-1], -1) {
			if !slices.Contains(names, m[1]) {
				t.Errorf("README.md: %q names %s, which is not a kernel", cells[0], m[1])
			}
		}
	}
	for _, name := range names {
		r, ok := rows[name]
		if !ok {
			t.Errorf("README.md has no row for kernel %s", name)
			continue
		}
		spec, err := config.Load(filepath.Join(kernelsDir, name, "spec.yaml"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if spec.Check.FDTolerance > config.DefaultCheckFDTolerance && !strings.Contains(r, "fd_tolerance") {
			t.Errorf("%s: fd_tolerance %g is larger than the default: README.md must say why", name, spec.Check.FDTolerance)
		}
		if spec.Check.DotTolerance > config.DefaultCheckDotTolerance && !strings.Contains(r, "dot_tolerance") {
			t.Errorf("%s: dot_tolerance %g is larger than the default: README.md must say why", name, spec.Check.DotTolerance)
		}
		if unsupported(t, name) != "" && !strings.Contains(r, "not supported yet") {
			t.Errorf("%s: has unsupported.txt; its README.md row must say 'not supported yet'", name)
		}
		if knownWrong(t, name) != "" && !strings.Contains(r, "known wrong") {
			t.Errorf("%s: has known_wrong.txt; its README.md row must say 'known wrong'", name)
		}
	}
	for name := range rows {
		if !slices.Contains(names, name) {
			t.Errorf("README.md has a row for %s, which is not a kernel", name)
		}
	}
}

// TestKernelGoldens compares the code fadj generates for the kernels
// that have an ad/ directory with the files checked in there (all but
// the runtime module, which generator/runtime tests); -update rewrites
// them.
func TestKernelGoldens(t *testing.T) {
	n := 0
	for _, name := range kernels(t) {
		dir := filepath.Join(kernelsDir, name)
		adDir := filepath.Join(dir, "ad")
		if _, err := os.Stat(adDir); err != nil {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			specPath := filepath.Join(dir, "spec.yaml")
			spec, err := config.Load(specPath)
			if err != nil {
				t.Fatal(err)
			}
			if spec.Output.Dir.Clean() != "ad" {
				t.Fatalf("output.dir is %q; a golden kernel writes to ad", spec.Output.Dir.Text)
			}
			res, err := driver.Generate(specPath)
			if err != nil {
				var b strings.Builder
				diag.Print(&b, err, 0)
				t.Fatalf("generate: %s", b.String())
			}
			runtime := path.Join("ad", spec.Output.Runtime+".f90")
			want := map[string][]byte{}
			for _, f := range res.Files {
				if f.Path != runtime {
					want[path.Base(f.Path)] = f.Data
				}
			}
			old, _ := filepath.Glob(filepath.Join(adDir, "*.f90"))
			if *update {
				for _, p := range old {
					if want[filepath.Base(p)] == nil {
						if err := os.Remove(p); err != nil {
							t.Fatal(err)
						}
					}
				}
				for base, data := range want {
					if err := os.WriteFile(filepath.Join(adDir, base), data, 0o666); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			for _, p := range old {
				if want[filepath.Base(p)] == nil {
					t.Errorf("%s is not generated any more (go test -run TestKernelGoldens -update removes it)", p)
				}
			}
			for base, data := range want {
				got, err := os.ReadFile(filepath.Join(adDir, base))
				if err != nil {
					t.Errorf("%s is generated but not checked in (go test -run TestKernelGoldens -update)", filepath.Join(adDir, base))
					continue
				}
				if !bytes.Equal(got, data) {
					t.Errorf("%s differs from what fadj generates (go test -run TestKernelGoldens -update):\n%s", filepath.Join(adDir, base), firstDiff(string(got), string(data)))
				}
			}
		})
	}
	if n < minGoldens {
		t.Errorf("%d kernels have goldens, want at least %d", n, minGoldens)
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n  checked in: " + a + "\n  generated:  " + b
		}
	}
	return "(same lines, different bytes)"
}

// TestKernelsSplit checks that a kernel asking for split reversal gets
// it: its adjoint has _fwd and _bwd routines (and one with joint
// overrides too has an adjoint _b of the joint callee), so that calls:
// split cannot silently fall back to joint reversal.
func TestKernelsSplit(t *testing.T) {
	n := 0
	for _, name := range kernels(t) {
		specPath := filepath.Join(kernelsDir, name, "spec.yaml")
		spec, err := config.Load(specPath)
		if err != nil {
			t.Fatal(err)
		}
		var split, joint []string
		for _, tg := range spec.Targets {
			if tg.Calls == config.Split {
				split = append(split, tg.Routine)
			}
			for _, o := range tg.CallOverrides {
				if o.Calls == config.Split {
					split = append(split, o.Name)
				} else {
					joint = append(joint, o.Name)
				}
			}
		}
		if len(split) == 0 || unsupported(t, name) != "" {
			continue
		}
		n++
		res, err := driver.Generate(specPath)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var all strings.Builder
		for _, f := range res.Files {
			all.Write(f.Data)
		}
		code := strings.ToLower(all.String())
		if !strings.Contains(code, "_fwd(") || !strings.Contains(code, "_bwd(") {
			t.Errorf("%s: calls: split, but the adjoint has no _fwd/_bwd routines", name)
		}
		for _, j := range joint {
			if !strings.Contains(code, "subroutine "+j+"_b(") || strings.Contains(code, "subroutine "+j+"_fwd(") {
				t.Errorf("%s: %s is joint by an override, but its adjoint is not %s_b alone", name, j, j)
			}
		}
	}
	if n < 3 {
		t.Errorf("%d kernels ask for split reversal, want at least 3", n)
	}
}
