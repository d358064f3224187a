package sema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// heatLocality is the heat-equation step of kernel conc_locality as
// written with the locality specifiers of Fortran 2018 and 2023, which
// gfortran 12 does not compile: the kernel holds what lowerLocality makes
// of it (which this test checks), and fadj check proves its derivatives.
const heatLocality = `
module heat_step
  implicit none
  integer, parameter :: dp = kind(1d0)
contains
  subroutine step(n, u, kappa, unew, norm)
    integer, intent(in) :: n
    real(dp), intent(in) :: u(0:n+1), kappa
    real(dp), intent(out) :: unew(n), norm
    real(dp) :: flux, c
    integer :: i
    c = 0.5_dp*kappa
    do concurrent (i = 1:n) local(flux) local_init(c) shared(u, unew) default(none)
      flux = u(i-1) - 2*u(i) + u(i+1)
      c = c*(1 + 0.1_dp*u(i)**2)
      unew(i) = u(i) + c*flux
    end do
    norm = 0
    do concurrent (i = 1:n) reduce(+: norm)
      norm = norm + unew(i)**2
    end do
  end subroutine step
end module heat_step
`

// TestLowerLocality checks the DO CONCURRENT constructs lowerLocality
// rewrites (conc_locality.go): the kernel's step, and a table of others
// with the statements of the procedure's body after it.
func TestLowerLocality(t *testing.T) {
	twin, err := os.ReadFile(filepath.Join("..", "check", "testdata", "kernels", "conc_locality", "heat.f90"))
	if err != nil {
		t.Fatal(err)
	}
	got, want := lowered(t, heatLocality), lowered(t, string(twin))
	if got != want {
		t.Errorf("lowered step:\n%s\nkernel conc_locality's:\n%s", got, want)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"a column temporary", `
subroutine col(n, nz, q)
  integer, intent(in) :: n, nz
  real(8), intent(inout) :: q(nz, n)
  real(8) :: w(nz)
  integer :: i
  do concurrent (i = 1:n) local(w)
    w = q(:, i)
    q(:, i) = w**2
  end do
end subroutine
`, "integer, intent(in) :: n, nz|real(8), intent(inout) :: q(nz, n)|real(8) :: w(nz)|integer :: i|real(8) :: fadj_w0(nz)|fadj_w0 = w|do concurrent (i = 1:n)|w = q(:, i)|q(:, i) = w**2|end do|w = fadj_w0"},
		{"a module variable kept", `
module g
  real(8) :: t
contains
subroutine col(n, q)
  integer, intent(in) :: n
  real(8), intent(inout) :: q(n)
  integer :: i
  do concurrent (i = 1:n) local(t) shared(q)
    t = q(i)
    q(i) = t**2
  end do
end subroutine
end module
`, "integer, intent(in) :: n|real(8), intent(inout) :: q(n)|integer :: i|do concurrent (i = 1:n) local(t) shared(q)|t = q(i)|q(i) = t**2|end do"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lowered(t, tc.src); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// lowered returns the declarations and statements of the first procedure
// of source text after StaticBindings, one a line joined by |, without
// comments.
func lowered(t *testing.T, text string) string {
	t.Helper()
	fset, fs := parse(t, src{"a.f90", text})
	info, err := Check(fset, fs, nil)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	StaticBindings(&Program{Fset: fset, Files: fs, Info: info})
	u := fs[0].Units[0]
	if len(u.Procs) > 0 {
		u = u.Procs[0]
	}
	var b strings.Builder
	if err := printer.Node(&b, u); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "!") && !strings.HasPrefix(l, "subroutine ") && !strings.HasPrefix(l, "end subroutine") && l != "implicit none" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "|")
}
