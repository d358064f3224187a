package adjoint_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// TestForallReverse checks how reverse mode runs FORALL assignments and
// DO CONCURRENT: the order of each assignment's DO nest (one reading only
// old values), the FORALL kept with a copy of the adjoint when no order
// is known, and the constructs still rejected, at their position.
func TestForallReverse(t *testing.T) {
	const head = "subroutine s(n, x, a, y)\n  type pt\n    real(8) :: m, v(2)\n  end type\n  integer, intent(in) :: n\n  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: a(n)\n  real(8), intent(out) :: y\n  real(8) :: b(n), w(n, 2), u(n, 2)\n  type(pt) :: c(n)\n  integer :: i, j\n"
	const tail = "  y = sum(a)\nend subroutine\n"
	cases := []struct {
		name, body string
		has, not   []string // in the adjoint
		err        string
	}{
		{name: "reads lower: downward", body: "  forall (i = 2:n) a(i) = a(i-1)*x(i)\n",
			has: []string{"do i = n, 2, -1\na(i) = a(i - 1)*x(i)"}, not: []string{"forall"}},
		{name: "reads higher: upward", body: "  forall (i = 1:n-1) a(i) = a(i+1)*x(i)\n",
			has: []string{"do i = 1, n - 1\na(i) = a(i + 1)*x(i)"}, not: []string{"forall"}},
		{name: "same element", body: "  forall (i = 1:n, a(i) > 0) a(i) = a(i)**2*x(i)\n",
			has: []string{"do i = 1, n\n", "if (a(i) > 0) then"}},
		{name: "both directions: the FORALL with a copy", body: "  forall (i = 2:n-1) a(i) = a(i-1)*a(i+1) + x(i)\n",
			has: []string{"call fadj_push_r8_array(a, size(a))\nforall (i = 2:n - 1) a(i) = a(i - 1)*a(i + 1) + x(i)", "fadj_tmp1_b = a_b", "a_b(i - 1) = a_b(i - 1) + a(i + 1)*fadj_tmp1_b(i)"}},
		{name: "reversed: the FORALL with a copy", body: "  forall (i = 1:n) a(i) = a(n+1-i)*x(i)\n",
			has: []string{"forall (i = 1:n) a(i) = a(n + 1 - i)*x(i)", "a_b(n + 1 - i) = a_b(n + 1 - i) + x(i)*fadj_tmp1_b(i)"}},
		{name: "construct: a nest per assignment", body: "  forall (i = 2:n)\n    b(i) = x(i)*a(i)\n    a(i) = b(i) + a(i-1)\n  end forall\n",
			has: []string{"do i = 2, n\nb(i) = x(i)*a(i)", "do i = n, 2, -1\na(i) = b(i) + a(i - 1)"}},
		{name: "do concurrent: index kept", body: "  i = 1\n  do concurrent (i = 1:n, j = 1:2, x(i) > 0)\n    b(i) = x(i)*j\n  end do\n  a = a*b(i)\n",
			has: []string{"fadj_keep_i = i", "do i = 1, n\ndo j = 1, 2\nif (x(i) > 0) then", "i = fadj_keep_i"}, not: []string{"concurrent"}},
		{name: "component read reversed", body: "  forall (i = 1:n) c(i)%m = c(n+1-i)%m*x(i)\n  a = c%m\n",
			err: "not supported yet: FORALL assignment to 'c' reading it in reverse mode"},
		{name: "another component", body: "  c%m = a\n  c%v = 1\n  forall (i = 2:n) c(i)%m = c(i)%v(2)*c(i-1)%m + sum(c%v(1))\n  a = c%m\n",
			has: []string{"do i = n, 2, -1\n"}},
		{name: "nested forall", body: "  forall (i = 2:n)\n    b(i) = x(i)\n    forall (j = i:i, x(j) > 0) a(j) = a(j-1)*b(i)\n  end forall\n",
			has: []string{"do i = 2, n\nb(i) = x(i)", "do i = 2, n\ndo j = i, i, -1\nif (x(j) > 0) then"}},
		{name: "nested forall without an order", body: "  forall (i = 2:n-1)\n    forall (j = i:i) a(j) = a(j-1)*a(j+1)\n  end forall\n",
			err: "not supported yet: FORALL assignment to 'a(...)' in a nested FORALL, reading it, in reverse mode"},
		{name: "do concurrent mask reading its own element", body: "  do concurrent (i = 1:n, a(i) > 0)\n    a(i) = sqrt(a(i))*x(i)\n  end do\n",
			has: []string{"do i = 1, n\nif (a(i) > 0) then"}},
		{name: "do concurrent mask reading another iteration's element", body: "  do concurrent (i = 1:n-1, a(i) > 0)\n    a(i+1) = x(i)\n  end do\n",
			err: "k.f90:12:3: not supported yet: DO CONCURRENT mask reading 'a', which its body defines, in reverse mode"},
		{name: "mask reading an earlier assignment", body: "  forall (i = 1:n, a(i) > 0)\n    a(i) = x(i)\n    b(i) = a(i)\n  end forall\n",
			err: "k.f90:12:3: not supported yet: FORALL mask reading 'a', which an assignment of the construct defines before another, in reverse mode"},
		{name: "bounds reading what it assigns", body: "  b = 1\nforall (i = 1:int(b(1))) b(i) = x(i)*a(i)\n",
			err: "not supported yet: FORALL bounds reading what its assignments define in reverse mode"},
		{name: "sections the same for every index: a nest", body: "  w = 1\n  forall (i = 2:n) w(i, :) = w(i-1, :)*x(i)\n  a = w(:, 1)\n",
			has: []string{"fadj_save1 = w(2:n, :)\ndo i = n, 2, -1\nw(i, :) = w(i - 1, :)*x(i)", "w(i, :) = fadj_save1(i, :)"}, not: []string{"forall"}},
		{name: "a section moving with the index: the FORALL with a copy", body: "  w = 1\n  forall (i = 1:2) w(i:n, i) = w(i:n, 3-i)*x(i)\n  a = w(:, 1)\n",
			has: []string{"forall (i = 1:2) w(i:n, i) = w(i:n, 3 - i)*x(i)"}},
		{name: "where in forall: a nest per assignment", body: "  w = 1\n  u = 1\n  forall (i = 2:n)\n    where (u(i, :) > 0)\n      w(i, :) = w(i-1, :)*x(i)\n    elsewhere\n      w(i, :) = x(i)\n    end where\n  end forall\n  a = w(:, 1)\n",
			has: []string{"do i = n, 2, -1\nfadj_where1 = u(i, :) > 0\n", "do i = 2, n\nfadj_where3 = u(i, :) > 0\nfadj_where4 = .not. fadj_where3\n"}, not: []string{"forall"}},
		{name: "where mask reading an earlier assignment of the where: one nest", body: "  w = 1\n  u = 1\n  forall (i = 1:n)\n    where (w(i, :) > 0)\n      w(i, :) = w(i, :)*x(i)\n      u(i, :) = w(i, :)**2\n    end where\n  end forall\n  a = u(:, 1)\n",
			has: []string{"do i = 1, n\nfadj_where1 = w(i, :) > 0\n", "where (fadj_where1) w(i, :) = w(i, :)*x(i)\n", "where (fadj_where1) u(i, :) = w(i, :)**2\n"}},
		{name: "where mask reading an earlier assignment of the where, another index's", body: "  w = 1\n  u = 1\n  forall (i = 2:n)\n    where (w(i, :) > 0)\n      w(i, :) = w(i, :)*x(i)\n      u(i, :) = w(i-1, :)**2\n    end where\n  end forall\n  a = u(:, 1)\n",
			err: "not supported yet: WHERE mask in FORALL reading 'w', which an assignment of the WHERE defines before another, in reverse mode"},
		{name: "where assignment without an order", body: "  w = 1\n  forall (i = 2:n-1)\n    where (x(i) > w(i, :)) w(i, :) = w(i-1, :)*w(i+1, :)\n  end forall\n  a = w(:, 1)\n",
			err: "not supported yet: assignment to 'w(...)' in a WHERE in FORALL, reading it in no known loop order, in reverse mode"},
		{name: "cycle in do concurrent", body: "  do concurrent (i = 1:n, j = 1:2)\n    if (x(i) < 0) cycle\n    a(i) = a(i)*x(i)\n  end do\n",
			has: []string{"do i = 1, n\ndo j = 1, 2\nif (x(i) < 0) then\ncall fadj_push_bits(1, 1)\ngo to 90000", "90000 continue\nend do\nend do"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", head+c.body+tail)
			_, af, err := generate(t, prog, "s", []string{"x", "a"}, []string{"a", "y"})
			if c.err != "" {
				if err == nil || !strings.HasSuffix(err.Error(), c.err) {
					t.Fatalf("got error %v\nwant %s", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			var sb strings.Builder
			if err := printer.Fprint(&sb, af); err != nil {
				t.Fatal(err)
			}
			// Indentation aside.
			out := regexp.MustCompile(`\n *`).ReplaceAllString(sb.String(), "\n")
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("adjoint lacks %q:\n%s", h, out)
				}
			}
			for _, n := range c.not {
				if strings.Contains(out, n) {
					t.Errorf("adjoint has %q:\n%s", n, out)
				}
			}
		})
	}
}
