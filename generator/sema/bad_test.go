package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
)

// badInputs are programs that gfortran 12 rejects, with the first
// diagnostic Check reports.
var badInputs = []struct {
	name, src, want string
}{
	{"selecttypecomp", `module m
  type :: b
  end type b
  type, extends(b) :: r
    real(8) :: v
  end type r
contains
  subroutine s(node, x)
    class(b), intent(in) :: node
    real(8), intent(out) :: x
    select type (node)
    type is (r)
      x = node%w
    end select
  end subroutine s
end module m`,
		"bad.f90:13:16: type 'r' has no component 'w'"},
	{"selecttypeintentin", `module m
  type :: b
  end type b
  type, extends(b) :: r
    real(8) :: v
  end type r
contains
  subroutine s(node)
    class(b), intent(in) :: node
    select type (q => node)
    class is (r)
      q%v = 1.0d0
    end select
  end subroutine s
end module m`,
		"bad.f90:12:7: cannot assign to intent(in) argument 'node'"},
	{"selecttypenotpoly", `subroutine s(x)
  real(8) :: x
  select type (x)
  type is (real(8))
    x = 1.0d0
  end select
end subroutine s`,
		"bad.f90:3:16: the selector of SELECT TYPE must be polymorphic (CLASS), not real(8)"},
	{"selecttypeexpr", `subroutine s(x)
  class(*) :: x(:)
  select type (x(1))
  end select
end subroutine s`,
		"bad.f90:3:16: SELECT TYPE of an expression needs an associate name (name => expression)"},
	{"procpointertarget", `module m
  abstract interface
    subroutine r_proc(x)
      real(8), intent(inout) :: x
    end subroutine r_proc
  end interface
contains
  subroutine s(x)
    real(8) :: x
    procedure(r_proc), pointer :: p
    p => x
  end subroutine s
end module m`,
		"bad.f90:11:10: the target of procedure pointer assignment must be a procedure, not 'x'"},
	{"procpointeriface", `module m
  type t
    procedure(nothing), pointer, nopass :: f => null()
  end type t
end module m`,
		"bad.f90:3:15: 'nothing' is not a procedure with an explicit interface"},
	{"undeclared", `program p
  implicit none
  x = 1.0
end program p`,
		"bad.f90:3:3: undeclared name 'x' (IMPLICIT NONE is in effect)"},
	{"redecl", `program p
  integer :: x
  real :: x
end program p`,
		"bad.f90:3:11: 'x' is already declared at 2:14"},
	{"nomodule", `program p
  use foo
end program p`,
		"bad.f90:2:7: module 'foo' not found"},
	{"notinmod", `module m
  integer :: a
end module m
program p
  use m, only: a, bar
end program p`,
		"bad.f90:5:19: 'bar' is not in module 'm'"},
	{"privmod", `module m
  private
  integer :: a
end module m
program p
  use m, only: a
end program p`,
		"bad.f90:6:16: 'a' is private in module 'm'"},
	{"assignconst", `program p
  integer, parameter :: n = 3
  n = 4
end program p`,
		"bad.f90:3:3: cannot assign to named constant 'n'"},
	{"intentin", `subroutine s(x)
  real, intent(in) :: x
  x = 1.0
end subroutine s`,
		"bad.f90:3:3: cannot assign to intent(in) argument 'x'"},
	{"intentinpass", `module m
contains
  subroutine setit(y)
    real, intent(out) :: y
    y = 1.0
  end subroutine setit
  subroutine s(x)
    real, intent(in) :: x
    call setit(x)
  end subroutine s
end module m`,
		"bad.f90:9:16: intent(in) argument 'x' passed to intent(out) argument 'y' of 'setit'"},
	{"intentnondummy", `subroutine s(x)
  real :: x
  real, intent(in) :: y
end subroutine s`,
		"bad.f90:3:23: INTENT attribute on 'y', which is not a dummy argument"},
	{"subscripts", `program p
  real :: a(3, 3)
  a(1) = 0.0
end program p`,
		"bad.f90:3:3: 'a' has rank 2 but 1 subscript given"},
	{"toomany", `module m
contains
  subroutine s(a)
    real :: a
  end subroutine s
end module m
program p
  use m
  call s(1.0, 2.0)
end program p`,
		"bad.f90:9:8: too many arguments in call to 's' (2 given, 1 expected)"},
	{"badkw", `module m
contains
  subroutine s(a)
    real :: a
  end subroutine s
end module m
program p
  use m
  call s(b=1.0)
end program p`,
		"bad.f90:9:10: 's' has no argument named 'b'"},
	{"callfunc", `module m
contains
  real function f(a)
    real :: a
    f = a
  end function f
end module m
program p
  use m
  call f(1.0)
end program p`,
		"bad.f90:10:8: 'f' is a function, not a subroutine"},
	{"funcsub", `module m
contains
  subroutine s(a)
    real :: a
  end subroutine s
end module m
program p
  use m
  real :: x
  x = s(1.0)
end program p`,
		"bad.f90:10:7: 's' is a subroutine, not a function"},
	{"procnoiface", `subroutine s(f)
  real :: g
  procedure(g) :: f
end subroutine s`,
		"bad.f90:3:13: 'g' is not a procedure with an explicit interface"},
	{"procinit", `subroutine s(f)
  external h
  procedure() :: f => h
end subroutine s`,
		"bad.f90:3:18: initialisation of procedure 'f', which is not a pointer"},
	{"kindnonconst", `program p
  integer :: dp = 8
  real(dp) :: x
end program p`,
		"bad.f90:3:8: kind parameter 'dp' is not a constant"},
	{"kind3", `program p
  real(3) :: x
end program p`,
		"bad.f90:2:8: kind 3 is not supported for real"},
	{"logreal", `program p
  real :: x
  x = .true.
end program p`,
		"bad.f90:3:7: type mismatch: cannot assign logical(4) to real(4)"},
	{"exitname", `program p
  integer :: i
  do i = 1, 3
    exit outer
  end do
end program p`,
		"bad.f90:4:10: no enclosing DO construct named 'outer'"},
	{"cycleif", `program p
  integer :: i
  do i = 1, 3
    blk: if (i > 1) then
      cycle blk
    end if blk
  end do
end program p`,
		"bad.f90:5:13: no enclosing DO construct named 'blk'"},
	{"constructproc", `subroutine foo(y)
  real :: y
  integer :: i
  foo: do i = 1, 3
    y = y + i
  end do foo
end subroutine foo`,
		"bad.f90:4:3: construct name 'foo' is the name of the procedure"},
	{"constructvar", `program p
  integer :: i, outer
  outer: do i = 1, 3
  end do outer
end program p`,
		"bad.f90:3:3: construct name 'outer' is already declared at 2:17"},
	{"constructtwice", `program p
  integer :: i
  outer: do i = 1, 3
  end do outer
  outer: do i = 1, 3
  end do outer
end program p`,
		"bad.f90:5:3: construct name 'outer' is already used at 3:3"},
	{"goto", `program p
  go to 99
end program p`,
		"bad.f90:2:9: label 99 is not defined in this scope"},
	{"duplabel", `program p
10 continue
10 continue
end program p`,
		"bad.f90:3:1: label 10 is already defined at 2:1"},
	{"usecycle", `module a
  use b
end module a
module b
  use a
end module b`,
		"bad.f90:5:7: USE cycle: a -> b -> a"},
	{"missingarg", `module m
contains
  subroutine s(a, b)
    real :: a, b
  end subroutine s
end module m
program p
  use m
  call s(1.0)
end program p`,
		"bad.f90:9:8: missing argument 'b' in call to 's'"},
	{"argtype", `module m
contains
  subroutine s(a)
    real(8) :: a
  end subroutine s
end module m
program p
  use m
  call s(1.0)
end program p`,
		"bad.f90:9:10: type mismatch in argument 'a' of 's': real(4) passed to real(8)"},
	{"generic", `module m
  interface g
    module procedure gi
  end interface
contains
  subroutine gi(a)
    integer :: a
  end subroutine gi
end module m
program p
  use m
  call g(1.0)
end program p`,
		"bad.f90:12:8: no specific procedure of generic 'g' matches these arguments"},
	{"notype", `program p
  type(point) :: x
end program p`,
		"bad.f90:2:8: derived type 'point' is not defined"},
	{"nocomp", `program p
  type pt
    real :: x
  end type pt
  type(pt) :: a
  a%y = 1.0
end program p`,
		"bad.f90:6:5: type 'pt' has no component 'y'"},
	{"useredecl", `module m
  real :: a
end module m
program p
  use m
  integer :: a
end program p`,
		"bad.f90:6:14: 'a' is use-associated from module 'm'"},
	{"litkind", `program p
  integer :: k = 8
  real :: x
  x = 1.0_k
end program p`,
		"bad.f90:4:7: kind parameter 'k' is not a constant"},
	{"opdef", `program p
  logical :: l
  real :: x
  x = l + 1.0
end program p`,
		"bad.f90:4:9: operator + is not defined for logical(4) and real(4)"},
	{"ifcond", `program p
  real :: x
  x = 1.0
  if (x) x = 2.0
end program p`,
		"bad.f90:4:7: IF condition must be logical, not real(4)"},
	{"ambig", `module a
  real :: v
end module a
module b
  real :: v
end module b
program p
  use a
  use b
  v = 1.0
end program p`,
		"bad.f90:10:3: 'v' is ambiguous: it is in modules 'a' and 'b'"},
	{"notarray", `program p
  real :: x
  x = 1.0
  x = x(2)
end program p`,
		"bad.f90:4:7: 'x' is not an array"},
	{"rankarg", `module m
contains
  subroutine s(v)
    real :: v(:)
  end subroutine s
end module m
program p
  use m
  real :: a(2,2)
  call s(a)
end program p`,
		"bad.f90:10:10: rank mismatch in argument 'v' of 's': rank 2 passed to rank 1"},
	{"rettype", `program p
  real(8) :: f
  print *, f(1.0)
end program p
real function f(x)
  f = x
end function f`,
		"bad.f90:3:12: 'f' is real(8) here but real(4) at its definition at 5:15"},
	{"undeclaredfunc", `program p
  implicit none
  print *, foo(1.0)
end program p`,
		"bad.f90:3:12: undeclared name 'foo' (IMPLICIT NONE is in effect)"},
	{"kindsel", `program p
  integer, parameter :: dp = selected_real_kind(40)
  real(dp) :: x
end program p`,
		"bad.f90:3:8: kind -1 is not supported for real"},
	{"readintent", `program p
  integer :: n
  n = 3
  data n /4/
  call s(n)
contains
  subroutine s(k)
    integer, intent(in) :: k
    read (*, *) k
  end subroutine s
end program p`,
		"bad.f90:9:17: cannot assign to intent(in) argument 'k'"},
	{"remaprank", `program p
  real, target :: a(6)
  real, pointer :: q(:,:)
  q(1:2) => a
end program p`,
		"bad.f90:4:3: 'q' has rank 2 but 1 subscript given"},
	{"remapmixed", `program p
  real, target :: a(2,3)
  real, pointer :: q(:,:)
  q(0:, 1:3) => a
end program p`,
		"bad.f90:4:9: the bounds of a pointer assignment are either all lower bounds (lo:) or all bounds (lo:hi)"},
	{"remapreal", `program p
  real, target :: a(6)
  real, pointer :: q(:)
  q(1.5:) => a
end program p`,
		"bad.f90:4:5: a bound of a pointer assignment must be an integer scalar, not real(4)"},
	{"remapnotptr", `program p
  real, target :: a(6)
  real :: q(6)
  q(1:6) => a
end program p`,
		"bad.f90:4:3: the target of '=>' must be a pointer"},
	{"doparam", `program p
  integer, parameter :: n = 3
  do n = 1, 3
  end do
end program p`,
		"bad.f90:3:6: cannot assign to named constant 'n'"},
	// issue 14, finding 7: gfortran says "Integer too big for its kind"
	{"inttoobig", "subroutine s(y)\n  integer :: y\n  y = " + strings.Repeat("1", 1000) + "\nend subroutine s",
		"bad.f90:3:7: integer 11111111111111111111... is too big for its kind 4 (at most 2147483647)"},
	{"intmin", "subroutine s(y)\n  integer :: y\n  y = -2147483648\nend subroutine s",
		"bad.f90:3:8: integer 2147483648 is too big for its kind 4 (at most 2147483647)"},
	{"int8toobig", "subroutine s(y)\n  integer(8) :: y\n  y = 9223372036854775808_8\nend subroutine s",
		"bad.f90:3:7: integer 9223372036854775808 is too big for its kind 8 (at most 9223372036854775807)"},
}

func TestBadInputs(t *testing.T) {
	if len(badInputs) < 20 {
		t.Fatalf("only %d bad inputs", len(badInputs))
	}
	for _, tt := range badInputs {
		t.Run(tt.name, func(t *testing.T) {
			fset, files := parse(t, src{"bad.f90", tt.src + "\n"})
			_, err := Check(fset, files, nil)
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			l := err.(diag.List)
			if got := l[0].Error(); got != tt.want {
				var sb strings.Builder
				diag.Print(&sb, err, 5)
				t.Errorf("first error\n  %s\nwant\n  %s\nall:\n%s", got, tt.want, sb.String())
			}
		})
	}
}
