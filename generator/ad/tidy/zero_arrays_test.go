package tidy

import "testing"

// TestZeroedArrays: the zeroing of a local array goes where the loop
// nest after it sets each element first, and stays otherwise.
func TestZeroedArrays(t *testing.T) {
	const head = "subroutine f(n, m, w, c)\n" +
		"  integer, intent(in) :: n\n  integer :: m, i, j\n  logical :: c\n" +
		"  real(8) :: w(n), k(n), a(n), b(0:n+1, n), d(n), e(m), g(n)\n" +
		"  integer :: p(n)\n"
	const tail = "end subroutine\n"
	runBodyCases(t, head, tail, "", zeroedArrays, []bodyCase{{
		name: "one dimension, reversed, another zeroing in between",
		body: "  a = 0.0_8\n  k = 0.0_8\n  do i = n, 1, -1\n    w(i) = 1\n    a(i) = a(i) + 2*w(i)\n    w(i) = a(i)\n  end do\n",
		want: "  k = 0.0_8\n  do i = n, 1, -1\n    w(i) = 1\n    a(i) = 2*w(i)\n    w(i) = a(i)\n  end do\n",
	}, {
		name: "two dimensions with an explicit lower bound, a decrement",
		body: "  b = 0\n  do j = 1, n\n    do i = n + 1, 0, -1\n      b(i, j) = b(i, j) - w(j)\n    end do\n  end do\n",
		want: "  do j = 1, n\n    do i = n + 1, 0, -1\n      b(i, j) = -w(j)\n    end do\n  end do\n",
	}, {
		name: "kept: part of the range, another element, a read first, a bound that may change, a branch, an INTEGER",
		body: "  a = 0\n  do i = 2, n\n    a(i) = a(i) + 1\n  end do\n" +
			"  d = 0\n  do i = 1, n - 1\n    d(i) = d(i) + d(i + 1)\n  end do\n" +
			"  g = 0\n  do i = 1, n\n    w(i) = g(i)\n    g(i) = g(i) + 1\n  end do\n" +
			"  e = 0\n  do i = 1, m\n    e(i) = e(i) + 1\n  end do\n" +
			"  k = 0\n  do i = 1, n\n    if (c) exit\n    k(i) = k(i) + 1\n  end do\n" +
			"  p = 0\n  do i = 1, n\n    p(i) = p(i) + 1\n  end do\n",
		want: "  a = 0\n  do i = 2, n\n    a(i) = a(i) + 1\n  end do\n" +
			"  d = 0\n  do i = 1, n - 1\n    d(i) = d(i) + d(i + 1)\n  end do\n" +
			"  g = 0\n  do i = 1, n\n    w(i) = g(i)\n    g(i) = g(i) + 1\n  end do\n" +
			"  e = 0\n  do i = 1, m\n    e(i) = e(i) + 1\n  end do\n" +
			"  k = 0\n  do i = 1, n\n    if (c) exit\n    k(i) = k(i) + 1\n  end do\n" +
			"  p = 0\n  do i = 1, n\n    p(i) = p(i) + 1\n  end do\n",
	}, {
		name: "kept: a dummy, a call naming it before the nest",
		body: "  w = 0\n  do i = 1, n\n    w(i) = w(i) + 1\n  end do\n  a = 0\n  call h(a)\n  do i = 1, n\n    a(i) = a(i) + 1\n  end do\n",
		want: "  w = 0\n  do i = 1, n\n    w(i) = w(i) + 1\n  end do\n  a = 0\n  call h(a)\n  do i = 1, n\n    a(i) = a(i) + 1\n  end do\n",
	}})
}
