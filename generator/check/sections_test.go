package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// An array named as several sections is tested on all of them: a
// tangent wrong in the first section fails (only the last was tested).
func TestSeveralSections(t *testing.T) {
	gfortrantest.Require(t)
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("spec.yaml", "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - routine: f\n    mode: tangent\n    independents: [u(2:3), u(5)]\n    dependents: [s]\ncheck:\n  inputs: {n: 6}\n")
	write("f.f90", "subroutine f(u, s, n)\n  integer, intent(in) :: n\n  real(8), intent(in) :: u(n)\n  real(8), intent(out) :: s\n  s = sum(u**2)\nend subroutine f\n")
	const deriv = `
subroutine f_d(u, u_d, s, s_d, n)
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), u_d(n)
  real(8), intent(out) :: s, s_d
  s_d = sum(2*u*u_d) + u_d(WRONG)
  s = sum(u**2)
end subroutine f_d
`
	defer func(g func(string, driver.Options) (*driver.Result, error)) { generate = g }(generate)
	for _, tc := range []struct {
		wrong string
		ok    bool
	}{{"1", true}, {"4", true}, {"2", false}, {"5", false}} {
		generate = func(string, driver.Options) (*driver.Result, error) {
			return &driver.Result{Files: []driver.Output{{Path: "ad/f_d.f90", Data: []byte(strings.ReplaceAll(deriv, "WRONG", tc.wrong))}}}, nil
		}
		rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		rep.Write(&buf)
		if rep.OK() != tc.ok {
			t.Errorf("u_d(%s) added: OK = %v, want %v:\n%s", tc.wrong, rep.OK(), tc.ok, buf.String())
		}
	}
}

// The sections of an array named several times are joined; an array
// also named whole is tested whole.
func TestWriteDriverSeveralSections(t *testing.T) {
	p := &Program{Routine: "f", Tangent: "f_d", Samples: 1, FDStep: 1e-7, Args: []*Arg{
		{Name: "u", Class: Float, Type: "real(8)", Dims: []string{"1:6"}, Size: 6, Independent: true, Dependent: true, Active: true, InSection: "2:4;1", OutSection: "6"},
	}}
	src := WriteDriver(p)
	want := "  fadjmi_u = .false.\n  fadjmi_u(2:4) = .true.\n  fadjmi_u(1) = .true.\n  fadjmo_u = .false.\n  fadjmo_u(6) = .true.\n"
	if !strings.Contains(src, want) {
		t.Errorf("driver lacks %q:\n%s", want, src)
	}
}

// A module variable of derived type is declared by the driver only as
// its copies; its leaves' derivatives are components of the generated
// modules' variables.
func TestWriteDriverGlobalRecord(t *testing.T) {
	p := &Program{Routine: "f", Tangent: "f_d", Adjoint: "f_b", Samples: 1, FDStep: 1e-7, Args: []*Arg{
		{Name: "rad", Class: Record, Type: "type(trad)", Size: 1, Global: "yoerad::rad", DName: "rad_d", BName: "rad_b"},
		{Name: "rad%logk", Class: Float, Type: "real(8)", Size: 1, Leaf: true, Global: "rad%logk", Independent: true, DName: "rad_d%logk", BName: "rad_b%logk"},
		{Name: "rad%heat", Class: Float, Type: "real(8)", Size: 1, Leaf: true, Global: "rad%heat", Dependent: true, DName: "rad_d%heat", BName: "rad_b%heat"},
	}}
	src := WriteDriver(p)
	for _, want := range []string{
		"  type(trad) :: fadj0_rad, fadjv_rad, fadjw_rad\n",
		"  read(fadj_u, *) fadj0_rad%logk\n  read(fadj_u, *) fadj0_rad%heat\n",
		"    rad_d%logk = fadjv_rad%logk\n    rad_d%heat = 0\n    call f_d()\n",
		"    rad_b%logk = 0\n    rad_b%heat = fadjw_rad%heat\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "real(0)") || strings.Contains(src, "fadjd_rad") {
		t.Errorf("driver declares the record wrongly:\n%s", src)
	}
}
