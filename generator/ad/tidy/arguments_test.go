package tidy

import (
	"strings"
	"testing"
)

func TestUnusedArguments(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{{
		name: "a callee's unused dummies and their actuals, by position and keyword",
		src: `subroutine top_b(x, x_b, y, y_b)
  real(8) :: x, x_b, y, y_b
  call sq_b(x, x_b, y, y_b)
  call sq_b(a_b=x_b, a=x, b=y, b_b=y_b)
end subroutine
subroutine sq_b(a, a_b, b, b_b)
  real(8), intent(in) :: a
  real(8) :: a_b, b, b_b
  a_b = a_b + 2*a*b_b
end subroutine
`,
		want: `subroutine top_b(x, x_b, y, y_b)
  real(8) :: x, x_b, y, y_b
  call sq_b(x, x_b, y_b)
  call sq_b(a_b=x_b, a=x, b_b=y_b)
end subroutine

subroutine sq_b(a, a_b, b_b)
  real(8), intent(in) :: a
  real(8) :: a_b, b_b
  a_b = a_b + 2*a*b_b
end subroutine
`,
	}, {
		name: "a bound used only by a dropped dummy goes with it; a local passed only to it goes",
		src: `subroutine top_b(x_b, n)
  integer :: n
  real(8) :: x_b(n), w(n)
  call fwd(n, w)
  call bwd(n, x_b)
end subroutine
subroutine fwd(n, phi)
  integer :: n
  real(8) :: phi(n)
end subroutine
subroutine bwd(n, phi_b)
  integer :: n
  real(8) :: phi_b(n)
  phi_b = 0
end subroutine
`,
		want: `subroutine top_b(x_b, n)
  integer :: n
  real(8) :: x_b(n)
  call fwd()
  call bwd(n, x_b)
end subroutine

subroutine fwd
end subroutine

subroutine bwd(n, phi_b)
  integer :: n
  real(8) :: phi_b(n)
  phi_b = 0
end subroutine
`,
	}, {
		name: "interface bodies follow",
		src: `subroutine top_b(x, x_b)
  real(8) :: x(:), x_b(:)
  interface
    subroutine g_b(u, u_b, v)
      real(8) :: u(:), u_b(:), v
    end subroutine
  end interface
  call g_b(x, x_b, 1.0d0)
end subroutine
subroutine g_b(u, u_b, v)
  real(8) :: u(:), u_b(:), v
  u_b = 2*u_b
end subroutine
`,
		want: `subroutine top_b(x, x_b)
  real(8) :: x(:), x_b(:)
  interface
    subroutine g_b(u_b)
      real(8) :: u_b(:)
    end subroutine
  end interface
  call g_b(x_b)
end subroutine

subroutine g_b(u_b)
  real(8) :: u_b(:)
  u_b = 2*u_b
end subroutine
`,
	}, {
		name: "kept: the public routine, a name passed as an argument, a name defined twice, alternate returns",
		src: `subroutine top_b(x, unused)
  real(8) :: x, unused
  external p_b
  call p_b(x)
  call h(p_b)
  call r_b(x, *10)
10 continue
contains
  subroutine d_b(z)
    real(8) :: z
  end subroutine
end subroutine
subroutine p_b(a)
  real(8) :: a
end subroutine
subroutine r_b(a, *)
  real(8) :: a
end subroutine
module m
contains
  subroutine d_b(z)
    real(8) :: z
  end subroutine
end module
`,
		want: `subroutine top_b(x, unused)
  real(8) :: x, unused
  external :: p_b
  call p_b(x)
  call h(p_b)
  call r_b(x, *10)
  10 continue
contains
  subroutine d_b(z)
    real(8) :: z
  end subroutine
end subroutine

subroutine p_b(a)
  real(8) :: a
end subroutine

subroutine r_b(a, *)
  real(8) :: a
end subroutine

module m
contains
  subroutine d_b(z)
    real(8) :: z
  end subroutine
end module
`,
	}, {
		name: "an unused dummy procedure declared with PROCEDURE(iface) goes with its declaration",
		src: `subroutine top_b(x, x_b)
  real(8) :: x, x_b
  call g_b(h, x, x_b)
end subroutine
subroutine g_b(f, a, a_b)
  procedure(func1d) :: f
  real(8) :: a, a_b
  call h_b(a, a_b)
end subroutine
`,
		want: `subroutine top_b(x, x_b)
  real(8) :: x, x_b
  call g_b(x, x_b)
end subroutine

subroutine g_b(a, a_b)
  real(8) :: a, a_b
  call h_b(a, a_b)
end subroutine
`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, tc.src)
			File(f, "top_b")
			got := endName.ReplaceAllString(print(t, f), "end $1")
			got = strings.ReplaceAll(got, "end module m\n", "end module\n")
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestSharedCall checks that a CALL statement shared by two units (the
// generators reuse statements) loses its actual arguments once.
func TestSharedCall(t *testing.T) {
	f := parse(t, "subroutine top_b(x, y)\n  real(8) :: x, y\n  call s_b(x, y)\nend subroutine\nsubroutine top2_b(x, y)\n  real(8) :: x, y\n  call s_b(x, y)\nend subroutine\nsubroutine s_b(a, b)\n  real(8) :: a, b\n  b = 1\nend subroutine\n")
	f.Units[1].Body[0] = f.Units[0].Body[0]
	File(f, "top_b", "top2_b")
	got := print(t, f)
	if want := "call s_b(y)"; strings.Count(got, want) != 2 {
		t.Errorf("got\n%s\nwant two %q", got, want)
	}
}

func TestUnusedPrivateProcs(t *testing.T) {
	f := parse(t, `module m_d
  use m
  private :: c, g, h, k
  integer, parameter :: c = 2
contains
  subroutine run_d(x, x_d)
    real(8) :: x, x_d
    x_d = c*x*x_d*h(x)
    x = c*x*x
  end subroutine
  real(8) function g(x)
    real(8) :: x
    g = k(x)
  end function
  real(8) function h(x)
    real(8) :: x
    h = x
  end function
  real(8) function k(x)
    real(8) :: x
    k = x
  end function
end module
`)
	File(f, "run_d")
	got := print(t, f)
	for _, want := range []string{"private :: c, h\n", "function h(x)"} {
		if !strings.Contains(got, want) {
			t.Errorf("got\n%s\nwant %q", got, want)
		}
	}
	for _, gone := range []string{"function g", "function k"} {
		if strings.Contains(got, gone) {
			t.Errorf("got\n%s\nwant no %q", got, gone)
		}
	}
}

func TestFirstAllocations(t *testing.T) {
	f := parse(t, `subroutine f_b(v_b, n)
  integer :: n
  real(8) :: v_b(n, n)
  real(8), allocatable :: fadj_tmp1_b(:), fadj_save1(:), mine(:)
  logical, allocatable :: fadj_where1(:, :), fadj_where2(:)
  fadj_tmp1_b = v_b(:, 1)
  mine = v_b(:, 2)
  allocate(fadj_save1(n))
  fadj_save1 = 0
  if (n > 1) fadj_where1 = v_b > 0
  if (allocated(fadj_where1)) deallocate(fadj_where1)
  allocate(fadj_where1(n, n))
  where (fadj_where1) v_b = 0
  fadj_where2 = v_b(1, :) > 0
  allocate(fadj_where2(n))
  v_b(:, 1) = fadj_tmp1_b + sum(mine) + fadj_save1
end subroutine
`)
	File(f, "f_b")
	got := print(t, f)
	want := "  allocate(fadj_tmp1_b(0), fadj_where1(0, 0))\n  fadj_tmp1_b = v_b(:, 1)\n"
	if !strings.Contains(got, want) || strings.Count(got, "(0") != 2 {
		t.Errorf("got\n%s\nwant only\n%s", got, want)
	}
}
