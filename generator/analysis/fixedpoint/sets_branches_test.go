package fixedpoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/loops"
)

// TestBranchesWrite checks that a variable every branch of a complete
// IF or SELECT CASE writes is not carried by the iteration (sets_branches.go),
// and that one a branch may leave still is.
func TestBranchesWrite(t *testing.T) {
	const carried = "is overwritten by each iteration and carries a value out of it"
	cases := []struct{ name, body, want string }{
		{"Jacobi ends in branches", `    do i = 1, n
      if (i == 1) then
        tn(i) = 0.5d0*(a + z(i+1))
      else if (i == n) then
        tn(i) = 0.5d0*(z(i-1) + a)
      else
        tn(i) = 0.5d0*(z(i-1) + z(i+1))
      end if
    end do`, ""},
		{"SELECT CASE with DEFAULT", `    do i = 1, n
      select case (i)
      case (1)
        tn(i) = 0.5d0*(a + z(i+1))
      case (n)
        tn(i) = 0.5d0*(z(i-1) + a)
      case default
        tn(i) = 0.5d0*(z(i-1) + z(i+1))
      end select
    end do`, ""},
		{"a scalar in both branches", `    if (a > 0) then
      w = 0.5d0
    else
      w = 0.25d0*a
    end if
    tn = w*z + a`, ""},
		{"no ELSE", `    do i = 1, n
      if (i == 1) then
        tn(i) = 0.5d0*(a + z(i+1))
      else if (i > 1) then
        tn(i) = 0.5d0*z(i-1)
      end if
    end do`, "t.f90:7:5: fixed-point loop loop: 'tn' " + carried},
		{"an array element outside a DO", `    if (a > 0) then
      tn(1) = a
    else
      tn(1) = 2*a
    end if
    w = tn(n)
    tn(2:n) = 0.5d0*z(1:n-1) + w`, "t.f90:7:5: fixed-point loop loop: 'tn' " + carried},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := `subroutine s(a, z, n)
  integer :: n, i
  real(8) :: a, z(n), tn(n), w, e
  e = 1
  fp: do while (e > 1d-12)
    e = 0
` + c.body + `
    e = maxval(abs(tn - z))
    z = tn
  end do fp
end subroutine
`
			_, errs, _ := analyze(t, src, loops.Ref{Name: "fp"}, []string{"z"}, nil, "e i n")
			if c.want == "" && errs != "" || !strings.HasPrefix(errs, c.want) {
				t.Errorf("got  %s\nwant %q", errs, c.want)
			}
		})
	}
}
