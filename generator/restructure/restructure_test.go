package restructure_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/restructure"
)

// TestProgram checks the rewrites, one snippet each: the body of the
// routine as printed afterwards.
func TestProgram(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "computed GO TO",
		src: `subroutine s(k, y)
  integer :: k
  real(8) :: y
  go to (10, 20, 10) k
  y = 0
10 y = y + 1
20 continue
end subroutine s
`,
		body: `select case (k)
case (1, 3)
  go to 10
case (2)
  go to 20
end select
y = 0
10 y = y + 1
20 continue`,
	}, {
		name: "arithmetic IF, three labels: e compared twice",
		src: `subroutine s(x, y)
  real(8) :: x, y
  if (x - 0.5d0) 10, 20, 30
10 y = -x
  return
20 y = 0
  return
30 y = x
end subroutine s
`,
		body: `if (x - 0.5d0 < 0) then
  go to 10
else if (x - 0.5d0 > 0) then
  go to 30
else
  go to 20
end if
10 y = -x
return
20 y = 0
return
30 y = x`,
	}, {
		name: "arithmetic IF, two labels equal, one of them back: an F77 loop (left by an EXIT)",
		src: `subroutine s(k, y)
  integer :: k
  real(8) :: y
5 y = y*0.5d0
  k = k - 1
  if (k) 10, 10, 5
10 continue
end subroutine s
`,
		body: `fadj_goto5: do
  y = y*0.5d0
  k = k - 1
  if (k <= 0) then
    exit
  else
    cycle fadj_goto5
  end if
  exit fadj_goto5
end do fadj_goto5
10 continue`,
	}, {
		name: "arithmetic IF on a function reference needing two comparisons: kept (evaluated once)",
		src: `subroutine s(x, y)
  real(8) :: x, y
  if (f(x)) 10, 20, 10
  y = 1
10 y = 2
  if (f(x)) 20, 30, 40
20 y = 3
30 y = 4
40 continue
contains
  real(8) function f(t)
    real(8) :: t
    f = t - 1
  end function f
end subroutine s
`,
		body: `if (f(x)) 10, 20, 10
y = 1
10 y = 2
if (f(x)) 20, 30, 40
20 y = 3
30 y = 4
40 continue`,
	}, {
		name: "F77 loops, nested by labels, one left by a GO TO (an EXIT of the outer loop)",
		src: `subroutine s(n, y)
  integer :: n, i, j
  real(8) :: y
  i = 1
10 j = 1
20 y = y + i*j
  if (y > 100) go to 30
  j = j + 1
  if (j <= n) go to 20
  i = i + 1
  if (i <= n) go to 10
30 continue
end subroutine s
`,
		body: `i = 1
fadj_goto10: do
  j = 1
  fadj_goto20: do
    y = y + i*j
    if (y > 100) exit fadj_goto10
    j = j + 1
    if (j <= n) cycle fadj_goto20
    exit fadj_goto20
  end do fadj_goto20
  i = i + 1
  if (i <= n) cycle fadj_goto10
  exit fadj_goto10
end do fadj_goto10
30 continue`,
	}, {
		name: "an unconditional GO TO back; a forward GO TO to the label; an EXIT of the enclosing DO",
		src: `subroutine s(n, y)
  integer :: n, k
  real(8) :: y
  do k = 1, n
    if (k > 3) go to 5
    y = y + k
5   y = y*0.5d0
    if (y < 1) exit
    go to 5
  end do
end subroutine s
`,
		body: `fadj_do: do k = 1, n
  if (k > 3) go to 5
  y = y + k
  5 fadj_goto5: do
    y = y*0.5d0
    if (y < 1) exit fadj_do
    cycle fadj_goto5
  end do fadj_goto5
end do fadj_do`,
	}, {
		name: "assigned GO TO, with a list and without one (only the labels it can reach: not 50)",
		src: `subroutine s(n, y)
  integer :: n, l
  real(8) :: y
  if (n > 3) then
    assign 10 to l
  else
    assign 20 to l
  end if
  go to l, (10, 20)
10 y = 1
  go to 30
20 y = 2
30 assign 40 to l
  if (n > 5) then
    assign 50 to l
50  y = y + 1
  end if
  go to l
40 continue
end subroutine s
`,
		body: `if (n > 3) then
  l = 10
else
  l = 20
end if
select case (l)
case (10)
  go to 10
case (20)
  go to 20
end select
10 y = 1
go to 30
20 y = 2
30 l = 40
if (n > 5) then
  l = 50
  50 y = y + 1
end if
select case (l)
case (10)
  go to 10
case (20)
  go to 20
case (40)
  go to 40
end select
40 continue`,
	}, {
		name: "a jump into the region leaves it alone",
		src: `subroutine s(n, y)
  integer :: n
  real(8) :: y
  if (n > 3) go to 20
10 y = y*0.5d0
20 y = y - 1
  if (y > 1) go to 10
end subroutine s
`,
		body: `if (n > 3) go to 20
10 y = y*0.5d0
20 y = y - 1
if (y > 1) go to 10`,
	}, {
		name: "straight-line code scrambled by GO TOs",
		src: `subroutine s(y)
  real(8) :: y
  go to 1
3 y = y*2
  go to 4
2 y = y*3
  go to 3
1 y = y*y
  go to 2
4 y = y + 1
end subroutine s
`,
		body: `1 y = y*y
2 y = y*3
3 y = y*2
4 y = y + 1`,
	}, {
		name: "a block jumped to twice stays, the GO TO to the next statement goes",
		src: `subroutine s(y)
  real(8) :: y
  if (y > 0) go to 2
  go to 1
2 y = y*3
  return
1 y = y*y
  go to 2
end subroutine s
`,
		body: `if (y > 0) go to 2
1 y = y*y
2 y = y*3
return`,
	}, {
		name: "overlapping loops (ZEROIN): the outer region extends to the inner loop's GO TO",
		src: `subroutine s(y)
  real(8) :: y
20 y = y/2
30 y = y - 1
  if (y > 5) go to 20
  if (y > 1) go to 30
end subroutine s
`,
		body: `fadj_goto20: do
  y = y/2
  fadj_goto30: do
    y = y - 1
    if (y > 5) cycle fadj_goto20
    if (y > 1) cycle fadj_goto30
    exit fadj_goto30
  end do fadj_goto30
  exit fadj_goto20
end do fadj_goto20`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			restructure.Program(prog)
			var buf strings.Builder
			for _, s := range prog.Files[0].Units[0].Body {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.body {
				t.Errorf("body:\n%s\nwant:\n%s", g, tt.body)
			}
		})
	}
}
