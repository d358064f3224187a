package check

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestKernelsStrategies checks every kernel's adjoint under strategies
// recompute and auto (issue 12, acceptance 2), where its code differs from
// the spec's strategy's (TestKernels checks that one). Long: it runs when
// FADJ_LONG_TESTS=1.
func TestKernelsStrategies(t *testing.T) {
	if os.Getenv("FADJ_LONG_TESTS") != "1" {
		t.Skip("set FADJ_LONG_TESTS=1 to check the adjoints under strategies recompute and auto")
	}
	gfortrantest.Require(t)
	for _, st := range []config.Strategy{config.Recompute, config.Auto} {
		for _, name := range kernels(t) {
			t.Run(string(st)+"/"+name, func(t *testing.T) {
				t.Parallel()
				dir := filepath.Join(kernelsDir, name)
				if unsupported(t, name) != "" || knownWrong(t, name) != "" {
					t.Skip("unsupported or known wrong")
				}
				if !hasReverse(t, dir) {
					t.Skip("no adjoint")
				}
				if sameCode(t, dir, st) {
					t.Skip("the same code as the spec's strategy")
				}
				rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{Flags: poison, Strategy: st, RuntimeCache: runtimeCache})
				if err != nil {
					var b strings.Builder
					diag.Print(&b, err, 0)
					t.Fatalf("fadj check: %s", b.String())
				}
				var buf bytes.Buffer
				rep.Write(&buf)
				t.Logf("\n%s", buf.String())
				if !rep.OK() {
					t.Errorf("fadj check fails under strategy %s:\n%s", st, buf.String())
				}
			})
		}
	}
}

// sameCode reports whether the kernel in dir generates the same code
// under strategy st as under its spec's.
func sameCode(t *testing.T, dir string, st config.Strategy) bool {
	t.Helper()
	spec := filepath.Join(dir, "spec.yaml")
	a, err := driver.Generate(spec)
	if err != nil {
		t.Fatalf("fadj generate: %v", err)
	}
	b, err := driver.GenerateWith(spec, driver.Options{Strategy: st})
	if err != nil {
		t.Fatalf("fadj generate (strategy %s): %v", st, err)
	}
	return slices.EqualFunc(a.Files, b.Files, func(x, y driver.Output) bool {
		return x.Path == y.Path && bytes.Equal(x.Data, y.Data)
	})
}
