package driver_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/driver"
)

const outputsSrc = `subroutine f(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = x*x
end subroutine f

subroutine g(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = sin(x)
end subroutine g

module m
contains
  subroutine ms(a, b)
    real(8), intent(in) :: a
    real(8), intent(out) :: b
    b = exp(a)
  end subroutine ms
end module m
`

// TestOutputsMatchGenerate checks that Outputs, which reads the spec
// only, lists exactly the files Generate produces.
func TestOutputsMatchGenerate(t *testing.T) {
	const head = "version: 1\nsources: [f.f90]\n"
	cases := []struct {
		name, spec, want string
	}{
		{"tangent", head + "output: {dir: ad}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n",
			"ad/f_d.f90"},
		{"reverse", head + "output: {dir: ad}\ntargets:\n  - {routine: f, independents: [x], dependents: [y]}\n",
			"ad/f_b.f90 ad/fadj_runtime.f90"},
		{"both", head + "output: {dir: ad}\ntargets:\n  - {routine: F, mode: both, independents: [x], dependents: [y]}\n",
			"ad/f_b.f90 ad/f_d.f90 ad/fadj_runtime.f90"},
		{"module procedure", head + "output: {dir: ad}\ntargets:\n  - {routine: 'M::Ms', mode: tangent, independents: [a], dependents: [b]}\n",
			"ad/m_ms_d.f90"},
		{"module procedure unqualified", head + "output: {dir: ad}\ntargets:\n  - {routine: ms, mode: tangent, independents: [a], dependents: [b]}\n",
			"ad/ms_d.f90"},
		{"custom suffix and runtime", head + "output: {dir: ./gen//sub, suffix: _Adj, tangent_suffix: _tl, runtime: My_Tape}\n" +
			"targets:\n  - {routine: f, mode: both, independents: [x], dependents: [y]}\n",
			"gen/sub/My_Tape.f90 gen/sub/f_adj.f90 gen/sub/f_tl.f90"},
		{"dir dot", head + "output: {dir: .}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n",
			"f_d.f90"},
		{"several targets", head + "output: {dir: ad}\ntargets:\n" +
			"  - {routine: g, mode: tangent, independents: [x], dependents: [y]}\n" +
			"  - {routine: f, mode: both, independents: [x], dependents: [y]}\n" +
			"  - {routine: 'm::ms', mode: tangent, independents: [a], dependents: [b]}\n",
			"ad/f_b.f90 ad/f_d.f90 ad/fadj_runtime.f90 ad/g_d.f90 ad/m_ms_d.f90"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{"spec.yaml": c.spec, "f.f90": outputsSrc} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			specPath := filepath.Join(dir, "spec.yaml")
			spec, err := config.Load(specPath)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(driver.Outputs(spec), " ")
			res, err := driver.Generate(specPath)
			if err != nil {
				t.Fatal(err)
			}
			var gen []string
			for _, f := range res.Files {
				gen = append(gen, f.Path)
			}
			if g := strings.Join(gen, " "); got != g {
				t.Errorf("Outputs: %s\nGenerate: %s", got, g)
			}
			if got != c.want {
				t.Errorf("Outputs: %s\nwant:    %s", got, c.want)
			}
		})
	}
}

// TestGenerateSameInAnyDirectory is issue 4's determinism check: the
// example, as shipped and with adjoint code and the runtime module too,
// generated from two directories with different absolute paths gives
// byte-identical files that hold no absolute path.
func TestGenerateSameInAnyDirectory(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(exampleDir, "heat.f90"))
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := os.ReadFile(filepath.Join(exampleDir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	both := "version: 1\nsources: [heat.f90]\noutput: {dir: ad}\ntargets:\n" +
		"  - {routine: heat, mode: both, independents: [u0, r], dependents: [cost]}\n"
	checkout, err := filepath.Abs(exampleDir)
	if err != nil {
		t.Fatal(err)
	}
	for name, spec := range map[string]string{"shipped": string(shipped), "both": both} {
		t.Run(name, func(t *testing.T) {
			var runs [][]driver.Output
			var dirs []string
			for _, sub := range []string{"one", filepath.Join("two", "levels", "deeper")} {
				dir := filepath.Join(t.TempDir(), sub)
				if err := os.MkdirAll(dir, 0o777); err != nil {
					t.Fatal(err)
				}
				for n, text := range map[string][]byte{"spec.yaml": []byte(spec), "heat.f90": src} {
					if err := os.WriteFile(filepath.Join(dir, n), text, 0o666); err != nil {
						t.Fatal(err)
					}
				}
				res, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
				if err != nil {
					t.Fatal(err)
				}
				runs = append(runs, res.Files)
				dirs = append(dirs, dir)
			}
			if len(runs[0]) == 0 || len(runs[0]) != len(runs[1]) {
				t.Fatalf("runs wrote %d and %d files", len(runs[0]), len(runs[1]))
			}
			for i, f := range runs[0] {
				g := runs[1][i]
				if f.Path != g.Path || !bytes.Equal(f.Data, g.Data) {
					t.Errorf("%s (in %s) and %s (in %s) differ", f.Path, dirs[0], g.Path, dirs[1])
				}
				for _, abs := range append(dirs, checkout, os.TempDir()) {
					if bytes.Contains(f.Data, []byte(abs)) {
						t.Errorf("%s holds the absolute path %s", f.Path, abs)
					}
				}
			}
		})
	}
}
