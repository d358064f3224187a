! SELECT TYPE as modern code writes it: a selector that is a name, an
! associate name, a construct name repeated on the guards, intrinsic
! and derived types, CLASS IS and CLASS DEFAULT.
module values
  implicit none
  type :: base_t
  end type base_t
  type, extends(base_t) :: real_t
    real(8) :: v = 0.0d0
  end type real_t
contains
  subroutine show(node, x)
    class(base_t), intent(in) :: node
    real(8), intent(inout) :: x
    select type (node)
    type is (real_t)
      x = node%v
    class default
      x = 0.0d0
    end select
  end subroutine show

  subroutine any_value(a, s)
    class(*), intent(in) :: a
    character(len=8), intent(out) :: s
    kind: select type (p => a)
    type is (integer)
      s = 'integer'
    type is (real(8)) kind
      s = 'real8'
      if (p < 0.0d0) s = 'negative'
    class is (real_t) kind
      s = 'real_t'
    class default kind
      s = '?'
    end select kind
  end subroutine any_value
end module values
