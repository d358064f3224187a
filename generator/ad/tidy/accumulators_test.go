package tidy

import "testing"

// TestZeroedAccumulators runs zeroedAccumulators on bodies of a unit
// declaring the scalars k_b, s_b, t (REAL), m (INTEGER) and the arrays
// w(n), q_b(n).
func TestZeroedAccumulators(t *testing.T) {
	const head = "subroutine f(n, w, q_b, c)\n" +
		"  integer :: n, i, j, m\n" +
		"  logical :: c\n" +
		"  real(8) :: w(n), q_b(n), k_b, s_b, t\n"
	const tail = "end subroutine\n"
	runBodyCases(t, head, tail, "  ", zeroedAccumulators, []bodyCase{{
		name: "a loop temporary's adjoint, zeroed before the loop and at the end of each iteration",
		body: "k_b = 0.0_8\ndo i = n, 1, -1\n  k_b = k_b + w(i)\n  q_b(i) = q_b(i) + t*k_b\n  k_b = 0.0_8\nend do\n",
		want: "k_b = 0.0_8\ndo i = n, 1, -1\n  k_b = w(i)\n  q_b(i) = q_b(i) + t*k_b\n  k_b = 0.0_8\nend do\n",
	}, {
		name: "nested loops, a decrement, statements not naming it in between",
		body: "k_b = 0.0_8\nt = 1\ndo j = 1, n\n  do i = n, 1, -1\n    q_b(i) = 1\n    k_b = k_b - w(i)*t\n    k_b = 0\n  end do\nend do\n",
		want: "k_b = 0.0_8\nt = 1\ndo j = 1, n\n  do i = n, 1, -1\n    q_b(i) = 1\n    k_b = -w(i)*t\n    k_b = 0\n  end do\nend do\n",
	}, {
		name: "IF: zero after when every path ends zero",
		body: "k_b = 0\nif (c) then\n  k_b = k_b + 1\n  k_b = 0\nelse\n  t = k_b\nend if\nk_b = k_b + w(1)\nif (c) then\n  k_b = 0\nend if\nk_b = k_b + w(2)\n",
		want: "k_b = 0\nif (c) then\n  k_b = 1\n  k_b = 0\nelse\n  t = k_b\nend if\nk_b = w(1)\nif (c) then\n  k_b = 0\nend if\nk_b = k_b + w(2)\n",
	}, {
		name: "not known zero: the body does not end zero, a CYCLE, a call, a label, no zero before",
		body: "k_b = 0\ndo i = 1, n\n  k_b = k_b + w(i)\nend do\ns_b = 0\ndo i = 1, n\n  s_b = s_b + w(i)\n  if (c) cycle\n  s_b = 0\nend do\nk_b = 0\ncall g(k_b)\nk_b = k_b + 1\ns_b = 0\n10 s_b = s_b + 1\nt = t + 1\n",
		want: "k_b = 0\ndo i = 1, n\n  k_b = k_b + w(i)\nend do\ns_b = 0\ndo i = 1, n\n  s_b = s_b + w(i)\n  if (c) cycle\n  s_b = 0\nend do\nk_b = 0\ncall g(k_b)\nk_b = k_b + 1\ns_b = 0\n10 s_b = s_b + 1\nt = t + 1\n",
	}, {
		name: "an INTEGER, an array, a term naming the accumulator",
		body: "m = 0\nq_b = 0\nk_b = 0\ndo i = 1, n\n  m = m + i\n  q_b = q_b + w\n  k_b = k_b + k_b*w(i)\n  m = 0\n  q_b = 0\n  k_b = 0\nend do\n",
		want: "m = 0\nq_b = 0\nk_b = 0\ndo i = 1, n\n  m = m + i\n  q_b = q_b + w\n  k_b = k_b + k_b*w(i)\n  m = 0\n  q_b = 0\n  k_b = 0\nend do\n",
	}})
}
