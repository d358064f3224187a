package explain

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
)

var update = flag.Bool("update", false, "rewrite testdata/*/explain.txt")

// TestText compares the text report of each kernel with its golden
// file: a stencil with branches, a time loop with a checkpointed call, a
// module model, checkpointed and fixed-point loops and a region.
func TestText(t *testing.T) {
	for _, k := range []string{"stencil", "timeloop", "module", "strategy", "loops"} {
		t.Run(k, func(t *testing.T) {
			r, err := Run(filepath.Join("testdata", k, "spec.yaml"), driver.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteText(&buf, r); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", k, "explain.txt")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != string(want) {
				t.Errorf("report differs from %s (go test -update rewrites it):\n%s", golden, got)
			}
		})
	}
}

// TestErrors checks that a spec the generator rejects gives its
// diagnostics, and no report.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("m.f90", "subroutine f(x, y)\n  real(8) :: x, y\n  y = x*x\nend subroutine\n")
	write("spec.yaml", "version: 1\nsources: [m.f90]\noutput: {dir: ad}\ntargets:\n  - routine: g\n    independents: [x]\n    dependents: [y]\n")
	r, err := Run(filepath.Join(dir, "spec.yaml"), driver.Options{}, nil)
	if err == nil || r != nil {
		t.Fatalf("got report %v, error %v; want an error", r, err)
	}
	if !strings.Contains(err.Error(), "spec.yaml:5:") {
		t.Errorf("error %q does not name the spec's line", err)
	}
}
