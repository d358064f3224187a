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
		{"lastprivate step 2", `  !$omp parallel do lastprivate(t)
  do i = 1, n, 2
    t = x(i)
    y(i) = t*t
  end do
  y(1) = y(1) + t
`, "k.f90:4:3: not supported yet: lastprivate of an active variable in a loop of step other than 1 or -1 in reverse mode"},
		{"firstprivate written", `  t = x(1)
  !$omp parallel do firstprivate(t)
  do i = 1, n
    t = t*x(i)
    y(i) = t
  end do
`, "k.f90:5:3: not supported yet: firstprivate variable 't' written in the loop (carried from one iteration to the next of a thread) in reverse mode"},
		{"lastprivate in a region", `  !$omp parallel
  !$omp do lastprivate(t)
  do i = 1, n
    t = x(i)
    y(i) = t*t
  end do
  !$omp end parallel
  y(1) = y(1) + t
`, "k.f90:5:3: not supported yet: lastprivate of an active variable on !$omp do in reverse mode"},
		{"collapse 4", `  !$omp parallel do collapse(4)
  do i = 1, n
    y(i) = x(i)**2
  end do
`, "k.f90:4:3: not supported yet: collapse(4) in reverse mode (collapse(2) and collapse(3) only)"},
		{"collapse 3 not a nest", `  !$omp parallel do collapse(3)
  do i = 1, n
    do k = 1, n
      y(i) = y(i) + x(k)**2
    end do
  end do
`, "k.f90:4:3: not supported yet: collapse(3) of a loop that is not a perfect nest of three DO loops in reverse mode"},
		{"collapse not a nest", `  !$omp parallel do collapse(2)
  do i = 1, n
    y(i) = x(i)**2
  end do
`, "k.f90:4:3: not supported yet: collapse(2) of a loop that is not a perfect nest of two DO loops in reverse mode"},
		{"call updating a host variable's adjoint", `  c = x(1)
  !$omp parallel do
  do i = 1, n
    call sq(x(i), y(i))
  end do
contains
  subroutine sq(a, b)
    real(8) :: a, b
    b = a*c
  end subroutine
`, "k.f90:5:3: not supported yet: a call of 'sq', whose adjoint updates the adjoint of 'c' that all threads share, in the adjoint of an !$omp parallel do loop"},
		{"call with an element for an array", `  !$omp parallel do
  do i = 1, n
    call sq(1, x(i), y(i))
  end do
contains
  subroutine sq(m, a, b)
    integer :: m
    real(8) :: a(m), b(m)
    b = a*a
  end subroutine
`, "k.f90:4:3: not supported yet: an element of 'x' passed to array dummy 'a' of 'sq' in the adjoint of an !$omp parallel do loop"},
		{"call snapshot of a shared array", `  !$omp parallel do
  do i = 1, n
    call sq(x, y(i), i)
  end do
contains
  subroutine sq(a, b, k)
    integer :: k
    real(8) :: a(:), b
    a(k) = a(k)*a(k)
    b = a(k)
  end subroutine
`, "k.f90:4:3: not supported yet: !$omp parallel do whose iterations need the tape to restore 'x', which other iterations share, in reverse mode"},
		{"shared scalar", `  !$omp parallel do
  do i = 1, n
    c = x(i)
    y(i) = c*c
  end do
`, "k.f90:4:3: not supported yet: an assignment to 'c' in the adjoint of the !$omp parallel do loop"},
		{"sections with a clause", `  !$omp parallel
  !$omp sections private(t)
  t = x(1)
  y(1) = t*t
  !$omp end sections
  !$omp end parallel
`, "k.f90:5:3: not supported yet: !$omp sections with clauses in a parallel region in reverse mode"},
		{"parallel sections lastprivate", `  !$omp parallel sections lastprivate(t)
  !$omp section
  t = x(1)
  y = x * t
  !$omp end parallel sections
`, "k.f90:4:3: not supported yet: clause lastprivate of !$omp parallel sections in reverse mode"},
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
    y(1) = y(1) * x(i)**2
    !$omp end critical
  end do
`, "k.f90:6:5: not supported yet: !$omp critical around active code other than a sum (s = s + e) or, in a parallel do, a lone max or min update (m = max(m, e)) in reverse mode"},
		{"critical sum read in the loop", `  !$omp parallel do
  do i = 2, n
    !$omp critical
    y(1) = y(1) + x(i)**2
    !$omp end critical
    y(i) = x(i) * 2
  end do
`, "k.f90:6:5: not supported yet: !$omp critical around active code other than a sum (s = s + e) or, in a parallel do, a lone max or min update (m = max(m, e)) in reverse mode"},
		{"atomic product", `  !$omp parallel do
  do i = 1, n
    !$omp atomic
    c = c * x(i)
  end do
  y(1) = c
`, "k.f90:4:3: not supported yet: an assignment to 'c' in the adjoint of the !$omp parallel do loop (and 1 more errors)"},
		{"carried private", `  t = 0.0d0
  !$omp parallel private(t)
  t = 0.0d0
  !$omp do
  do i = 1, n
    t = 0.9d0 * t + x(i)**2
    y(i) = t
  end do
  !$omp end do
  !$omp end parallel
`, "k.f90:7:3: not supported yet: private variable 't' carried from one iteration to the next of !$omp do, with an adjoint, in reverse mode"},
		{"replicated call", `  !$omp parallel
  call sq(x(1), y(1))
  !$omp end parallel
contains
  subroutine sq(a, b)
    real(8) :: a, b
    b = a*a
  end subroutine
`, "k.f90:5:3: not supported yet: a call of active code run by every thread of the !$omp parallel region in reverse mode (put it in !$omp single)"},
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

// TestOmpDirectives: the directives of the forward and backward sweeps
// of parallel regions and collapsed loops, in order (the kernels
// omp_region, omp_region_steps and omp_collapse check the derivatives).
func TestOmpDirectives(t *testing.T) {
	head := "subroutine s(n, x, y, c)\n  integer :: n, i, j, k\n  real(8) :: x(n), y(n), c, t\n"
	head2 := "subroutine s(n, a, b, c)\n  integer :: n, i, j\n  real(8) :: a(n, n), b(n, n), c\n"
	for _, c := range []struct{ name, head, body, want string }{
		{"region", head, `  !$omp parallel private(t)
  !$omp master
  y(1) = y(1) * c
  !$omp end master
  !$omp barrier
  !$omp do
  do i = 2, n
    t = x(i) * x(i-1)
    y(i) = y(i) + sin(t)
  end do
  !$omp end do
  !$omp end parallel
`, `parallel private(t)
master
end master
barrier
master
end master
barrier
do
end parallel
parallel private(fadj_ombs2, fadj_omnb2, fadj_omph2)
do private(t, t_b)
master
end master
barrier
master
end master
barrier
end parallel`},
		{"region ending a loop body", head, `  do k = 1, 3
    !$omp parallel
    !$omp do
    do i = 1, n
      y(i) = y(i) * c + x(i)
    end do
    !$omp end do
    !$omp end parallel
  end do
`, `parallel
barrier
master
end master
barrier
do
master
end master
barrier
end parallel
parallel
master
end master
barrier
do private(fadj_tmp1_b) reduction(+:c_b)
master
end master
barrier
end parallel`},
		{"call", head, `  !$omp parallel do
  do i = 1, n
    call sq(x(i), y(i), c)
  end do
contains
  subroutine sq(a, b, e)
    real(8), intent(in) :: a, e
    real(8), intent(inout) :: b
    b = sin(b)*a*e
  end subroutine
`, `parallel do
parallel do reduction(+:c_b)`},
		{"collapse kept", head2, `  !$omp parallel do collapse(2)
  do j = 1, n
    do i = 1, n
      b(i, j) = sin(a(i, j)) * c
    end do
  end do
`, `parallel do collapse(2)
parallel do reduction(+:c_b) collapse(2)`},
		{"collapse dropped", head2, `  !$omp parallel do collapse(2)
  do j = 1, n
    do i = 1, n
      b(i, j) = a(i, j) * a(1, j) * c
    end do
  end do
`, `parallel do collapse(2)
parallel do reduction(+:c_b)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", c.head+c.body+"end subroutine\n")
			ins, outs := []string{"x", "c"}, []string{"y"}
			if c.head == head2 {
				ins, outs = []string{"a", "c"}, []string{"b"}
			}
			_, af, err := generate(t, prog, "s", ins, outs)
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			printer.Fprint(&sb, af)
			var got []string
			for _, l := range strings.Split(sb.String(), "\n") {
				if l = strings.TrimSpace(l); strings.HasPrefix(l, "!$omp ") {
					got = append(got, strings.TrimPrefix(l, "!$omp "))
				}
			}
			if strings.Join(got, "\n") != c.want {
				t.Errorf("directives:\n%s\nwant:\n%s\ngenerated:\n%s", strings.Join(got, "\n"), c.want, sb.String())
			}
		})
	}
}
