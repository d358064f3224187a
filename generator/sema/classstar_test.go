package sema

import "testing"

// TestClassStar checks CLASS(*) (unlimited polymorphic) declarations:
// a dummy taking actuals of any type, an ALLOCATABLE component. They
// were errors ("derived type '*' is not defined", "type mismatch in
// argument ... integer(4) passed to class(*)").
func TestClassStar(t *testing.T) {
	fset, files := parse(t, src{"star.f90", `module reg
  implicit none
  type entry_t
    class(*), allocatable :: val
  end type
  type(entry_t) :: entries(2)
contains
  subroutine put(i, v)
    integer, intent(in) :: i
    class(*), intent(in) :: v
    allocate(entries(i)%val, source=v)
  end subroutine
  subroutine use_it(x, ctx)
    real(8), intent(in) :: x
    class(*), intent(in) :: ctx
    call put(1, x)
    call put(2, 3)
    call put(1, ctx)
  end subroutine
end module reg
`})
	info, err := Check(fset, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := info.Modules[0].Inner.Lookup("use_it").Proc.Args[1]
	if ty := ctx.Type; ty == nil || !ty.Class || ty.Derived != nil {
		t.Errorf("ctx has type %v, want CLASS(*)", ty)
	}
}
