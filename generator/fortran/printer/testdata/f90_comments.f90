! Comments everywhere: before units, between declarations, before ELSE,
! CASE and END statements, after every kind of statement, blank lines.

! a second block of comments after a blank line

module commented ! after MODULE
  ! before IMPLICIT
  implicit none ! after IMPLICIT

  ! after a blank line, before a declaration
  integer :: counter = 0 ! after a declaration
  ! before CONTAINS
contains ! after CONTAINS
  ! before a procedure
  subroutine bump(n) ! after SUBROUTINE
    integer, intent(in) :: n ! after an argument declaration
    ! before IF
    if (n > 0) then ! after IF THEN
      ! inside IF
      counter = counter + n
      ! before ELSE IF
    else if (n < 0) then ! after ELSE IF
      counter = counter - n
    ! before ELSE
    else ! after ELSE
      counter = 0
      ! before END IF
    end if ! after END IF
    ! before END SUBROUTINE
  end subroutine bump ! after END SUBROUTINE
end module commented ! after END MODULE

! before PROGRAM
program comments
  use commented ! after USE
  implicit none
  integer :: i

  ! before DO
  do i = 1, 3 ! after DO
    call bump(i) ! after CALL
    ! before END DO
  end do ! after END DO
  select case (counter) ! after SELECT CASE
  ! before the first CASE
  case (0) ! after CASE
    print *, 'zero' ! after PRINT
  ! before CASE DEFAULT
  case default ! after CASE DEFAULT
    print *, counter
  end select ! after END SELECT
  ! comment with 'quotes' and "double quotes" and ! bangs
  !!! several bangs
  !
  ! (the line above is an empty comment)
end program comments
! a trailing comment after the last unit

! and one after a blank line
