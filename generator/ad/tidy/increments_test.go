package tidy

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// bodyCase is a statement list before and after a pass.
type bodyCase struct{ name, body, want string }

// runBodyCases runs pass on the unit head + body + tail of each case
// (body indented by indent) and compares the result with want's.
func runBodyCases(t *testing.T, head, tail, indent string, pass func(*ast.Unit), cases []bodyCase) {
	t.Helper()
	in := func(s string) string {
		lines := strings.SplitAfter(s, "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = indent + l
			}
		}
		return strings.Join(lines, "")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, head+in(tc.body)+tail)
			pass(f.Units[0])
			got := endName.ReplaceAllString(print(t, f), "end $1")
			want := endName.ReplaceAllString(print(t, parse(t, head+in(tc.want)+tail)), "end $1")
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestMergeIncrements runs mergeIncrements on loop bodies of a unit
// declaring q_b(0:n+1, 0:n+1), w(n), a_b, s_b, t and p (a POINTER).
func TestMergeIncrements(t *testing.T) {
	const head = "subroutine f(n, q_b, w, a_b, s_b, t, p, k)\n" +
		"  integer :: n, i, j, k\n" +
		"  real(8) :: q_b(0:n+1, 0:n+1), w(n), a_b, s_b, t\n" +
		"  real(8), pointer :: p(:)\n" +
		"  do j = 1, n\n    do i = 1, n\n"
	const tail = "    end do\n  end do\nend subroutine\n"
	runBodyCases(t, head, tail, "      ", mergeIncrements, []bodyCase{{
		name: "the second increment moves up past other elements (constant offsets)",
		body: "q_b(i + 1, j) = q_b(i + 1, j) + w(i)*t\nq_b(i, j + 1) = q_b(i, j + 1) + t\nq_b(i + 1, j) = q_b(i + 1, j) + 4.0d0*t\n",
		want: "q_b(i + 1, j) = q_b(i + 1, j) + w(i)*t + 4.0d0*t\nq_b(i, j + 1) = q_b(i, j + 1) + t\n",
	}, {
		name: "the first moves down when the second's operand is written in between",
		body: "q_b(i, j) = q_b(i, j) + w(i)\ns_b = s_b + t\nq_b(i, j) = q_b(i, j) - 2*s_b\n",
		want: "s_b = s_b + t\nq_b(i, j) = q_b(i, j) + w(i) - 2*s_b\n",
	}, {
		name: "neither: both terms' operands written in between",
		body: "q_b(i, j) = q_b(i, j) + s_b\ns_b = s_b + t\nt = 0\nq_b(i, j) = q_b(i, j) + t\n",
		want: "q_b(i, j) = q_b(i, j) + s_b\ns_b = s_b + t\nt = 0\nq_b(i, j) = q_b(i, j) + t\n",
	}, {
		name: "the element is read in between",
		body: "q_b(i, j) = q_b(i, j) + t\na_b = a_b + q_b(i, j)\nq_b(i, j) = q_b(i, j) + w(i)\n",
		want: "q_b(i, j) = q_b(i, j) + t\na_b = a_b + q_b(i, j)\nq_b(i, j) = q_b(i, j) + w(i)\n",
	}, {
		name: "an element that may be the same is written in between (k, i + 1; a section)",
		body: "q_b(i, j) = q_b(i, j) + t\nq_b(k, j) = 0\nq_b(i, j) = q_b(i, j) + w(i)\nq_b(i, 1) = q_b(i, 1) + t\nq_b(i + 1, 1:n) = 0\nq_b(i, 1) = q_b(i, 1) + w(i)\n",
		want: "q_b(i, j) = q_b(i, j) + t\nq_b(k, j) = 0\nq_b(i, j) = q_b(i, j) + w(i)\nq_b(i, 1) = q_b(i, 1) + t\nq_b(i + 1, 1:n) = 0\nq_b(i, 1) = q_b(i, 1) + w(i)\n",
	}, {
		name: "a call, a label or an IF in between ends the run",
		body: "a_b = a_b + t\ncall g(t)\na_b = a_b + w(i)\ns_b = s_b + t\n10 t = 1\ns_b = s_b + w(i)\n",
		want: "a_b = a_b + t\ncall g(t)\na_b = a_b + w(i)\ns_b = s_b + t\n10 t = 1\ns_b = s_b + w(i)\n",
	}, {
		name: "a function of the user's in a term or in between, a POINTER or INTEGER target",
		body: "a_b = a_b + t\ns_b = g(t)\na_b = a_b + w(i)\ns_b = s_b + t\nt = 1\ns_b = s_b + h(w(i))\np(i) = p(i) + t\nt = 2\np(i) = p(i) + w(i)\nk = k + 1\nt = 2\nk = k + 1\n",
		want: "a_b = a_b + t\ns_b = g(t)\na_b = a_b + w(i)\ns_b = s_b + t\nt = 1\ns_b = s_b + h(w(i))\np(i) = p(i) + t\nt = 2\np(i) = p(i) + w(i)\nk = k + 1\nt = 2\nk = k + 1\n",
	}, {
		name: "a module's variable (not declared here) may be what another names, not a local or dummy",
		body: "a_b = a_b + t\nm_b = 1\na_b = a_b + m_c\n",
		want: "m_b = 1\na_b = a_b + t + m_c\n",
	}, {
		name: "intrinsics and a zero store as the first; comments go to the next statement",
		body: "s_b = 0.0_8\nq_b(i, j) = 1\n! adjoint of a.f90:3\ns_b = s_b - tanh(w(i))*t\n! adjoint of a.f90:2\na_b = a_b + t\n",
		want: "s_b = -tanh(w(i))*t\nq_b(i, j) = 1\n! adjoint of a.f90:3\n! adjoint of a.f90:2\na_b = a_b + t\n",
	}})
}

// TestMergeIncrementsUntouched: units where names may alias or
// statements run for all elements in turn keep their increments.
func TestMergeIncrementsUntouched(t *testing.T) {
	for _, src := range []string{
		// OpenMP: an atomic update must stay one statement.
		"subroutine f(n, x_b, t)\n  integer :: n, i\n  real(8) :: x_b(n), t\n  do i = 1, n\n    !$omp atomic\n    x_b(1) = x_b(1) + t\n    x_b(2) = x_b(2) + t\n    x_b(1) = x_b(1) + 2*t\n  end do\nend subroutine\n",
		// FORALL: the statement in between runs for every i first.
		"subroutine f(n, x_b, t)\n  integer :: n, i\n  real(8) :: x_b(0:n+1), t(n)\n  forall (i = 1:n)\n    x_b(i + 1) = x_b(i + 1) + t(i)\n    x_b(i) = x_b(i) + t(i)\n    x_b(i + 1) = x_b(i + 1) + t(i)\n  end forall\nend subroutine\n",
		// ASSOCIATE: y is x_b.
		"subroutine f(n, x_b, t)\n  integer :: n\n  real(8) :: x_b(n), t\n  associate (y => x_b)\n    x_b(1) = x_b(1) + t\n    y(1) = 0\n    x_b(1) = x_b(1) + t\n  end associate\nend subroutine\n",
		// EQUIVALENCE: z is x_b.
		"subroutine f(x_b, t)\n  real(8) :: x_b(2), z(2), t\n  equivalence (x_b, z)\n  x_b(1) = x_b(1) + t\n  z(1) = 0\n  x_b(1) = x_b(1) + t\nend subroutine\n",
		// An internal procedure may change anything.
		"subroutine f(x_b, t)\n  real(8) :: x_b(2), t\n  x_b(1) = x_b(1) + t\n  x_b(2) = 0\n  x_b(1) = x_b(1) + t\ncontains\n  subroutine g()\n  end subroutine\nend subroutine\n",
	} {
		f := parse(t, src)
		want := print(t, f)
		mergeIncrements(f.Units[0])
		if got := print(t, f); got != want {
			t.Errorf("changed:\n%s\nwas\n%s", got, want)
		}
	}
}
