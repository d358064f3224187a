package bazelgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bazelbuild/buildtools/build"
)

func TestIsSpec(t *testing.T) {
	const spec = "version: 1\ntargets: []\n"
	cases := []struct {
		name, data string
		want       bool
	}{
		{"spec.yaml", spec, true},
		{"spec.yml", spec, true},
		{"fadj.yaml", spec, true},
		{"model.fadj.yaml", spec, true},
		{"model.fadj.yml", spec, true},
		{".fadj.yaml", spec, false},
		{"model.yaml", spec, false},
		{"Spec.yaml", spec, false},
		{"spec.yaml", "openapi: 3.0.0\nversion: 1\n", false},
		{"spec.yaml", "- a\n- b\n", false},
		{"spec.yaml", "version: 1\ntargets: [\n", true}, // broken: report it
		{"spec.yaml", "{\"version\": 1, \"targets\": []}", true},
	}
	for _, c := range cases {
		if got := isSpecName(c.name) && looksLikeSpec([]byte(c.data)); got != c.want {
			t.Errorf("%s %q: got %v, want %v", c.name, c.data, got, c.want)
		}
	}
}

func TestNewName(t *testing.T) {
	cases := []struct {
		spec, dir string
		taken     []string
		want      string
	}{
		{"spec.yaml", "heat", nil, "heat_ad"},
		{"fadj.yml", "heat", nil, "heat_ad"},
		{"cost.fadj.yaml", "heat", nil, "cost_ad"},
		{"cost.yaml", "heat", nil, "cost_ad"},
		{"spec.yaml", "my model", nil, "my_model_ad"},
		{"spec.yaml", "heat", []string{"heat_ad"}, "heat_spec_ad"},
		{"cost.fadj.yaml", "heat", []string{"cost_ad_test"}, "heat_cost_ad"},
		{"spec.yaml", "heat", []string{"heat_ad", "heat_spec_ad"}, ""},
	}
	for _, c := range cases {
		taken := map[string]bool{}
		for _, n := range c.taken {
			taken[n] = true
		}
		got, err := newName(c.spec, c.dir, taken)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("newName(%s, %s, %v) = %q, %v; want %q", c.spec, c.dir, c.taken, got, err, c.want)
		}
	}
}

func TestRuleKept(t *testing.T) {
	cases := []struct {
		build string
		want  bool
	}{
		{"fortran_adjoint(name = \"a\")\n", false},
		{"# keep\nfortran_adjoint(name = \"a\")\n", true},
		{"# keep: hand-written\nfortran_adjoint(name = \"a\")\n", true},
		{"# keeper\nfortran_adjoint(name = \"a\")\n", false},
		{"fortran_adjoint(name = \"a\")  # keep\n", true},
		{"fortran_adjoint(  # keep\n    name = \"a\",\n)\n", true},
		{"fortran_adjoint(\n    # keep\n    name = \"a\",\n)\n", true},
		{"fortran_adjoint(\n    name = \"a\",\n    srcs = [],  # keep\n)\n", false},
	}
	for _, c := range cases {
		f, err := build.ParseBuild("BUILD", []byte(c.build))
		if err != nil {
			t.Fatal(err)
		}
		if got := ruleKept(f.Stmt[len(f.Stmt)-1].(*build.CallExpr)); got != c.want {
			t.Errorf("%s: got %v, want %v", c.build, got, c.want)
		}
	}
}

// TestUnformattedUntouched checks that a build file whose rules are
// right is not rewritten, however it is formatted.
func TestUnformattedUntouched(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"spec.yaml": "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n",
		"f.f90":     "subroutine f(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y\n  y = x\nend subroutine f\n",
		"BUILD": `load("@fadj//rules:defs.bzl", "fortran_adjoint", "fortran_adjoint_test")
fortran_adjoint(name="f_ad", spec="spec.yaml", srcs=["f.f90"], outs=["ad/f_d.f90"])
fortran_adjoint_test(name="f_ad_test", spec="spec.yaml", srcs=["f.f90"])
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Plan(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range got {
		t.Errorf("rewrites %s:\n%s", f.Path, f.Data)
	}
}

// TestHugeSpecFile: a file named like a spec but larger than a spec may
// be is reported, without being read (issue 14, finding 4: a 20 GB sparse
// spec.yaml anywhere under the tree crashed fadj bazel).
func TestHugeSpecFile(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "big", "spec.yaml")
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(20 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Plan(root, Options{})
	if want := p + ": cannot read spec: file is 20 GiB, more than the limit of 4 MiB"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
