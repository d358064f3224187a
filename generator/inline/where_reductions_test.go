package inline_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/inline"
)

// TestWhereReductions checks which references of transformational
// intrinsics leave their WHERE, one snippet each: the routine's body
// printed afterwards.
func TestWhereReductions(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "a WHERE statement: sum and maxval of arrays it does not assign",
		src: `subroutine s(b, c)
  real(8) :: b(4), c(4)
  where (b > 0) c = b/sum(b) + maxval(b)*b
end subroutine s
`,
		body: "fadj_wr1 = sum(b)\nfadj_wr2 = maxval(b)\nwhere (b > 0) c = b/fadj_wr1 + fadj_wr2*b",
	}, {
		name: "the assignment's own variable: read before it is assigned",
		src: `subroutine s(t)
  real(8) :: t(4)
  where (t > 0) t = t/norm2(t)
end subroutine s
`,
		body: "fadj_wr1 = norm2(t)\nwhere (t > 0) t = t/fadj_wr1",
	}, {
		name: "a construct: an array result (matmul), a mask, count; a later assignment reading an earlier one's variable stays",
		src: `subroutine s(k, t, f, wet)
  real(8) :: k(3, 3), t(3), f(3)
  logical :: wet(3)
  where (wet .and. t > sum(t)/count(wet))
    f = matmul(k, t)
    t = t + sum(f)
  elsewhere (f > maxval(t))
    f = 0
  end where
end subroutine s
`,
		body: "fadj_wr1 = sum(t)\nfadj_wr2 = count(wet)\nfadj_wr3 = matmul(k, t)\n" +
			"where (wet .and. t > fadj_wr1/fadj_wr2)\n  f = fadj_wr3\n  t = t + sum(f)\nelsewhere (f > maxval(t))\n  f = 0\nend where",
	}, {
		name: "a label moves to the first temporary; shifts, inquiries and user functions stay",
		src: `subroutine s(a, b, k)
  integer :: k
  real(8) :: a(4), b(4)
  if (k > 1) go to 10
10 where (a > 0) a = cshift(b, 1)*size(b) + g(b) + sum(b)
contains
  function g(x)
    real(8) :: x(:), g(size(x))
    g = 2*x
  end function g
end subroutine s
`,
		body: "if (k > 1) go to 10\n10 fadj_wr1 = sum(b)\nwhere (a > 0) a = cshift(b, 1)*size(b) + g(b) + fadj_wr1",
	}, {
		name: "a later assignment reading an earlier one's variable: the construct split there, the ELSEWHERE on the mask's complement",
		src: `subroutine s(h, t, u)
  real(8) :: h(4), t(4), u(4)
  where (h > 0)
    t = h**2
    u = t/sum(t)
  elsewhere
    u = maxval(t)
  end where
end subroutine s
`,
		body: "where (h > 0)\n  t = h**2\nend where\nfadj_wr1 = sum(t)\nwhere (h > 0)\n  u = t/fadj_wr1\nend where\n" +
			"fadj_wr2 = maxval(t)\nwhere (.not. (h > 0))\n  u = fadj_wr2\nend where",
	}, {
		name: "in a procedure with OpenMP directives: left alone",
		src: `subroutine s(a, b)
  real(8) :: a(4), b(4)
  !$omp parallel workshare
  where (a > 0) a = sum(b)*a
  !$omp end parallel workshare
end subroutine s
`,
		body: "!$omp parallel workshare\nwhere (a > 0) a = sum(b)*a",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src)
			inline.WhereReductions(prog)
			checkBody(t, prog, tt.body)
		})
	}
}
