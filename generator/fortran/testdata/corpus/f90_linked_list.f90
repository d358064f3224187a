! A sorted singly linked list of (key, value) records built with
! pointers: insertion, search, removal, in-place reversal, cleanup.
module linked_list
  implicit none

  type node
     integer :: key
     real :: value
     type(node), pointer :: next => null()
  end type node

  type list
     type(node), pointer :: head => null()
     integer :: length = 0
  end type list

contains

  subroutine insert_sorted(l, key, value)
    type(list), intent(inout) :: l
    integer, intent(in) :: key
    real, intent(in) :: value
    type(node), pointer :: new, cur

    allocate(new)
    new%key = key
    new%value = value
    if (.not. associated(l%head)) then
       l%head => new
    else if (key < l%head%key) then
       new%next => l%head
       l%head => new
    else
       cur => l%head
       do while (associated(cur%next))
          if (cur%next%key > key) exit
          cur => cur%next
       end do
       new%next => cur%next
       cur%next => new
    end if
    l%length = l%length + 1
  end subroutine insert_sorted

  function find(l, key) result(p)
    type(list), intent(in) :: l
    integer, intent(in) :: key
    type(node), pointer :: p
    p => l%head
    do while (associated(p))
       if (p%key == key) return
       p => p%next
    end do
    nullify(p)
  end function find

  logical function remove(l, key)
    type(list), intent(inout) :: l
    integer, intent(in) :: key
    type(node), pointer :: cur, prev
    remove = .false.
    nullify(prev)
    cur => l%head
    do while (associated(cur))
       if (cur%key == key) then
          if (associated(prev)) then
             prev%next => cur%next
          else
             l%head => cur%next
          end if
          deallocate(cur)
          l%length = l%length - 1
          remove = .true.
          return
       end if
       prev => cur
       cur => cur%next
    end do
  end function remove

  subroutine reverse(l)
    type(list), intent(inout) :: l
    type(node), pointer :: prev, cur, nxt
    nullify(prev)
    cur => l%head
    do while (associated(cur))
       nxt => cur%next
       cur%next => prev
       prev => cur
       cur => nxt
    end do
    l%head => prev
  end subroutine reverse

  subroutine show(l, label)
    type(list), intent(in) :: l
    character(len=*), intent(in) :: label
    type(node), pointer :: p
    character(len=200) :: buf
    integer :: pos
    buf = ''
    pos = 1
    p => l%head
    do while (associated(p))
       write (buf(pos:), '(i4)') p%key
       pos = pos + 4
       p => p%next
    end do
    write (*, '(a, a, i3, a, a)') label, ' (', l%length, '):', trim(buf)
  end subroutine show

  subroutine destroy(l)
    type(list), intent(inout) :: l
    type(node), pointer :: p
    do while (associated(l%head))
       p => l%head
       l%head => p%next
       deallocate(p)
    end do
    l%length = 0
  end subroutine destroy

end module linked_list

program list_demo
  use linked_list
  implicit none
  type(list) :: l
  type(node), pointer :: hit
  integer :: keys(8) = (/ 42, 17, 8, 99, 23, 4, 15, 16 /)
  integer :: i
  real :: total

  do i = 1, size(keys)
     call insert_sorted(l, keys(i), 0.5 * real(keys(i)))
  end do
  call show(l, 'sorted  ')

  hit => find(l, 23)
  if (associated(hit)) print '(a, i3, f8.2)', 'found    ', hit%key, hit%value
  hit => find(l, 5)
  print '(a, l2)', 'found 5? ', associated(hit)

  print '(a, 2l2)', 'removed  ', remove(l, 99), remove(l, 100)
  print '(a, l2)', 'removed 4', remove(l, 4)
  call show(l, 'after rm')

  call reverse(l)
  call show(l, 'reversed')

  ! walk the list summing values
  total = 0.0
  hit => l%head
  do while (associated(hit))
     total = total + hit%value
     hit => hit%next
  end do
  print '(a, f8.2)', 'total    ', total

  call destroy(l)
  call show(l, 'empty   ')
end program list_demo
