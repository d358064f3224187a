package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// TestOmpNotSupported: the OpenMP loops reverse mode cannot make parallel
// safely are rejected at their directive.
func TestOmpNotSupported(t *testing.T) {
	head := "subroutine s(n, x, y)\n  integer :: n, i, k\n  real(8) :: x(n), y(n), t, c\n"
	for _, c := range []struct{ name, body, want string }{
		{"carried private", `  !$omp parallel do private(t) firstprivate(k)
  do i = 1, n
    t = x(i)*k
    k = 2
    y(i) = t*t + k*x(i)
  end do
`, "k.f90:4:3: not supported yet: private variable 'k' of !$omp parallel do read by its adjoint before it is computed again"},
		{"lastprivate", `  !$omp parallel do lastprivate(t)
  do i = 1, n
    t = x(i)
    y(i) = t*t
  end do
  y(1) = y(1) + t
`, "k.f90:4:3: not supported yet: lastprivate of an active variable in reverse mode"},
		{"collapse 3", `  !$omp parallel do collapse(3)
  do i = 1, n
    y(i) = x(i)**2
  end do
`, "k.f90:4:3: not supported yet: collapse(3) in reverse mode (collapse(2) only)"},
		{"collapse not a nest", `  !$omp parallel do collapse(2)
  do i = 1, n
    y(i) = x(i)**2
  end do
`, "k.f90:4:3: not supported yet: collapse(2) of a loop that is not a perfect nest of two DO loops in reverse mode"},
		{"call", `  !$omp parallel do
  do i = 1, n
    call sq(x(i), y(i))
  end do
contains
  subroutine sq(a, b)
    real(8) :: a, b
    b = a*a
  end subroutine
`, "k.f90:4:3: not supported yet: a call in the adjoint of an !$omp parallel do loop"},
		{"shared scalar", `  !$omp parallel do
  do i = 1, n
    c = x(i)
    y(i) = c*c
  end do
`, "k.f90:4:3: not supported yet: an assignment to 'c' in the adjoint of the !$omp parallel do loop"},
		{"sections", `  !$omp parallel
  !$omp sections
  y = x
  !$omp end sections
  !$omp end parallel
`, "k.f90:5:3: not supported yet: !$omp sections in a parallel region in reverse mode"},
		{"nested parallel do", `  !$omp parallel
  !$omp parallel do
  do i = 1, n
    y(i) = x(i)**2
  end do
  !$omp end parallel
`, "k.f90:5:3: not supported yet: !$omp parallel do in a parallel region in reverse mode"},
		{"critical active", `  !$omp parallel do
  do i = 1, n
    !$omp critical
    y(1) = y(1) + x(i)**2
    !$omp end critical
  end do
`, "k.f90:6:5: not supported yet: !$omp critical around active code in reverse mode"},
		{"replicated tape", `  !$omp parallel private(t)
  t = x(1)
  y(1) = y(1) * t
  !$omp end parallel
`, "k.f90:4:3: not supported yet: statements run by every thread of the !$omp parallel region need the tape in reverse mode (put them in !$omp single)"},
		{"conditional line", `  y = x
  !$ y = 2*x
`, "k.f90:5:3: not supported yet: !$ line in reverse mode"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", head+c.body+"end subroutine\n")
			_, af, err := generate(t, prog, "s", []string{"x"}, []string{"y"})
			if err == nil {
				var sb strings.Builder
				printer.Fprint(&sb, af)
				t.Fatalf("no error; generated:\n%s", sb.String())
			}
			if err.Error() != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
