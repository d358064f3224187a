! Procedure pointers as infrastructure code writes them: a component with
! NOPASS and a null() initialisation, a module procedure pointer, a
! local one, associations with a dummy procedure, a module procedure
! and another pointer, ASSOCIATED and a call through the pointer.
module reporting
  implicit none
  abstract interface
    subroutine reporter_proc(message)
      character(len=*), intent(in) :: message
    end subroutine reporter_proc
  end interface
  ! A settings node in the style of a YAML reader: an error reporter the
  ! caller may install, and a parent to fall back on.
  type :: node_t
    character(len=32) :: name = ''
    procedure(reporter_proc), pointer, nopass :: report => null()
    type(node_t), pointer :: parent => null()
  end type node_t
  procedure(reporter_proc), pointer :: default_report => null()
contains
  subroutine print_report(message)
    character(len=*), intent(in) :: message
    print '(a)', trim(message)
  end subroutine print_report

  subroutine install(node, r)
    type(node_t), intent(inout) :: node
    procedure(reporter_proc), optional :: r
    if (present(r)) then
      node%report => r
    else
      node%report => print_report
    end if
    default_report => print_report
  end subroutine install

  subroutine complain(node, message)
    type(node_t), target, intent(in) :: node
    character(len=*), intent(in) :: message
    procedure(reporter_proc), pointer :: r
    type(node_t), pointer :: current
    r => node%report
    current => node
    do while (associated(current%parent) .and. .not. associated(r))
      current => current%parent
      r => current%report
    end do
    if (.not. associated(r)) r => default_report
    call r(message)
  end subroutine complain
end module reporting
