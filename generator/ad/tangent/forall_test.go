package tangent_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// TestForallTangent checks that the tangent keeps FORALL (a statement
// becoming a construct) and DO CONCURRENT with the tangent statements
// inside, runs a DO CONCURRENT calling a procedure as a DO nest, and
// rejects what a FORALL cannot hold.
func TestForallTangent(t *testing.T) {
	const head = "subroutine s(n, x, y)\n  integer, intent(in) :: n\n  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: y(n)\n  real(8) :: b(n, n)\n  integer :: i, j\n"
	const tail = "contains\n  pure real(8) function sq(a)\n    real(8), intent(in) :: a\n    sq = a*a\n  end function\nend subroutine\n"
	cases := []struct {
		name, body string
		has        []string
		err        string
	}{
		{name: "forall statement", body: "  forall (i = 2:n, x(i) > 0) y(i) = y(i-1)*x(i)\n",
			has: []string{"forall (i = 2:n, x(i) > 0)\ny_d(i) = x(i)*y_d(i - 1) + y(i - 1)*x_d(i)\ny(i) = y(i - 1)*x(i)\nend forall"}},
		{name: "nested forall", body: "  forall (i = 2:n)\n    forall (j = i:i) y(j) = y(j-1)*x(i)\n  end forall\n",
			has: []string{"forall (i = 2:n)\nforall (j = i:i)\ny_d(j) = x(i)*y_d(j - 1) + y(j - 1)*x_d(i)\ny(j) = y(j - 1)*x(i)\nend forall\nend forall"}},
		{name: "do concurrent kept", body: "  do concurrent (i = 1:n)\n    y(i) = y(i)*x(i)\n  end do\n",
			has: []string{"do concurrent (i = 1:n)\ny_d(i) = x(i)*y_d(i) + y(i)*x_d(i)\ny(i) = y(i)*x(i)\nend do"}},
		{name: "do concurrent calling a function", body: "  do concurrent (i = 1:n)\n    y(i) = sq(x(i))\n  end do\n",
			has: []string{"real(8) :: sq_res1_d\ndo i = 1, n\n"}}, // i is not read elsewhere: not kept
		{name: "do concurrent keeping the index", body: "  i = 3\n  do concurrent (i = 1:n)\n    y(i) = sq(x(i))\n  end do\n  y(i) = 2*y(i)\n",
			has: []string{"= i\ndo i = 1, n\n", "end do\ni = fadj_keep_i"}},
		{name: "named do concurrent calling a function", body: "  sweep: do concurrent (i = 1:n, j = 1:2)\n    if (x(i) < 0) cycle sweep\n    y(i) = sq(x(i))*j\n  end do sweep\n",
			has: []string{"do i = 1, n\nsweep: do j = 1, 2\nif (x(i) < 0) cycle sweep\n", "end do sweep\nend do\n"}},
		{name: "forall with a function reference", body: "  forall (i = 1:n) y(i) = sq(x(i))\n",
			err: "not supported yet: FORALL assignment to 'y(...)' whose tangent needs more than an assignment"},
		{name: "where in forall", body: "  forall (i = 1:n)\n    b(i, :) = x\n    where (b(i, :) > 0)\n      b(i, :) = b(i, :)*x(i)\n    elsewhere\n      b(i, :) = 0\n    end where\n  end forall\n  y = b(:, 1)\n",
			has: []string{"forall (i = 1:n)\nb_d(i, :) = x_d\nb(i, :) = x\nwhere (b(i, :) > 0)\nb_d(i, :) = x(i)*b_d(i, :) + b(i, :)*x_d(i)\nb(i, :) = b(i, :)*x(i)\nelsewhere\nb_d(i, :) = 0.0_8\nb(i, :) = 0\nend where\nend forall"}},
		{name: "where in forall assigning what no index selects", body: "  forall (i = 1:n)\n    where (x > 0) y = y*x\n  end forall\n",
			err: "not supported yet: assignment to 'y' in a WHERE in FORALL, not to a section its indices select, in tangent mode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", head+c.body+tail)
			f, err := generate(t, prog, "s", []string{"x", "y"}, []string{"y"})
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
			if err := printer.Fprint(&sb, f); err != nil {
				t.Fatal(err)
			}
			// Indentation aside.
			out := regexp.MustCompile(`\n *`).ReplaceAllString(sb.String(), "\n")
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("tangent lacks %q:\n%s", h, out)
				}
			}
		})
	}
}
