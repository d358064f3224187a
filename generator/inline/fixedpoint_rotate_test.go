package inline_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/inline"
)

// TestFixedPointRotate checks which exits in the middle of a loop's body
// are moved to its end by peeling the statements before them: the
// routine's body printed afterwards.
func TestFixedPointRotate(t *testing.T) {
	head := "subroutine s(x, xn, res, tol, n)\n  real(8) :: x(3), xn(3), res, tol\n  integer :: it, n, i\n"
	tests := []struct{ name, loop, body string }{{
		name: "a DO without control",
		loop: "  do\n    xn = cos(x)\n    res = maxval(abs(xn - x))\n    if (res < tol) exit\n    x = 0.5d0*(x + xn)\n  end do\n",
		body: "xn = cos(x)\nres = maxval(abs(xn - x))\nif (.not. (res < tol)) then\n  do\n    x = 0.5d0*(x + xn)\n    xn = cos(x)\n    res = maxval(abs(xn - x))\n    if (res < tol) exit\n  end do\nend if",
	}, {
		name: "a counted DO: the last update after a count run to its end",
		loop: "  fp: do it = 1, n\n    xn = cos(x)\n    if (maxval(abs(xn - x)) < tol) exit fp\n    x = 0.5d0*(x + xn)\n  end do fp\n",
		body: "it = 1\nif (it <= n) then\n  xn = cos(x)\n  if (.not. (maxval(abs(xn - x)) < tol)) then\n    fp: do it = 2, n\n      x = 0.5d0*(x + xn)\n      xn = cos(x)\n      if (maxval(abs(xn - x)) < tol) exit fp\n    end do fp\n    if (it > n) x = 0.5d0*(x + xn)\n  end if\nend if",
	}, {
		name: "the update reads the count: left alone",
		loop: "  do it = 1, n\n    xn = cos(x)\n    if (res < tol) exit\n    x = xn/it\n  end do\n",
		body: "do it = 1, n\n  xn = cos(x)\n  if (res < tol) exit\n  x = xn/it\nend do",
	}, {
		name: "a CALL before the exit: rotated with a flag",
		loop: "  do\n    call f(x, xn)\n    if (res < tol) exit\n    x = xn\n  end do\n",
		body: "fadj_fpf = .true.\ndo\n  if (.not. fadj_fpf) then\n    x = xn\n  end if\n  call f(x, xn)\n  fadj_fpf = .false.\n  if (res < tol) exit\nend do",
	}, {
		name: "a CALL before the exit of a counted DO: the last update after a count run to its end",
		loop: "  do it = 1, n\n    call f(x, xn)\n    if (res < tol) exit\n    x = xn\n  end do\n",
		body: "fadj_fpf = .true.\ndo it = 1, n\n  if (.not. fadj_fpf) then\n    x = xn\n  end if\n  call f(x, xn)\n  fadj_fpf = .false.\n  if (res < tol) exit\nend do\nif (.not. fadj_fpf .and. it > n) then\n  x = xn\nend if",
	}, {
		name: "a CALL before the exit of a DO WHILE: the last update after the header ends it",
		loop: "  do while (it < n)\n    it = it + 1\n    call f(x, xn)\n    if (res < tol) exit\n    x = xn\n  end do\n",
		body: "fadj_fpf = .true.\ndo while (it < n)\n  if (.not. fadj_fpf) then\n    x = xn\n  end if\n  it = it + 1\n  call f(x, xn)\n  fadj_fpf = .false.\n  if (res < tol) exit\nend do\nif (.not. fadj_fpf .and. .not. (res < tol)) then\n  x = xn\nend if",
	}, {
		name: "a CALL before the exit, the update reading the count: left alone",
		loop: "  do it = 1, n\n    call f(x, xn)\n    if (res < tol) exit\n    x = xn/it\n  end do\n",
		body: "do it = 1, n\n  call f(x, xn)\n  if (res < tol) exit\n  x = xn/it\nend do",
	}, {
		name: "a DO WHILE: the last update after the loop left by its header",
		loop: "  do while (it < n)\n    it = it + 1\n    xn = cos(x)\n    if (maxval(abs(xn - x)) < tol) exit\n    x = 0.5d0*(x + xn)\n  end do\n",
		body: "if (it < n) then\n  it = it + 1\n  xn = cos(x)\n  if (.not. (maxval(abs(xn - x)) < tol)) then\n    do while (it < n)\n      x = 0.5d0*(x + xn)\n      it = it + 1\n      xn = cos(x)\n      if (maxval(abs(xn - x)) < tol) exit\n    end do\n    if (.not. (maxval(abs(xn - x)) < tol)) x = 0.5d0*(x + xn)\n  end if\nend if",
	}, {
		name: "a DO WHILE counting at the end: the header tested before B counts one more",
		loop: "  do while (it < n)\n    xn = cos(x)\n    if (res < tol) exit\n    x = xn\n    it = it + 1\n  end do\n",
		body: "if (it < n) then\n  xn = cos(x)\n  if (.not. (res < tol)) then\n    do while ((it + 1) < n)\n      x = xn\n      it = it + 1\n      xn = cos(x)\n      if (res < tol) exit\n    end do\n    if (.not. (res < tol)) then\n      x = xn\n      it = it + 1\n    end if\n  end if\nend if",
	}, {
		name: "a DO WHILE whose update changes the header otherwise: left alone",
		loop: "  do while (it < n)\n    xn = cos(x)\n    if (res < tol) exit\n    it = it + 1\n    x = xn\n  end do\n",
		body: "do while (it < n)\n  xn = cos(x)\n  if (res < tol) exit\n  it = it + 1\n  x = xn\nend do",
	}, {
		name: "a labelled DO with labelled DOs: the copy's terminal labels dropped",
		loop: "  do 20 it = 1, n\n    do 30 i = 1, 3\n      xn(i) = cos(x(i))\n30  continue\n    if (maxval(abs(xn - x)) < tol) exit\n    x = 0.5d0*(x + xn)\n20 continue\n",
		body: "it = 1\nif (it <= n) then\n  do i = 1, 3\n    xn(i) = cos(x(i))\n    continue\n  end do\n  if (.not. (maxval(abs(xn - x)) < tol)) then\n    do it = 2, n\n      x = 0.5d0*(x + xn)\n      do i = 1, 3\n        xn(i) = cos(x(i))\n        30 continue\n      end do\n      if (maxval(abs(xn - x)) < tol) exit\n    end do\n    if (it > n) x = 0.5d0*(x + xn)\n  end if\nend if",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, head+tt.loop+"end subroutine s\n")
			u := prog.Files[0].Units[0]
			d := u.Body[0].(*ast.DoConstruct)
			inline.FixedPointExits(prog.Info, []*ast.DoConstruct{d})
			checkBody(t, prog, tt.body)
		})
	}
}
