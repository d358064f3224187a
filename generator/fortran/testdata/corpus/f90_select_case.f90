! SELECT CASE on integers (ranges, lists, open ranges, default), on
! characters (single values, lists and ranges) and on logicals, used to
! build a tiny tokenizer and a grade table.
program select_case_demo
  implicit none
  integer :: scores(9) = (/ -5, 0, 2, 4, 5, 7, 10, 55, 100 /)
  character(len=*), parameter :: text = 'x1 = 3.5*(y + 42) - z_2 ! done'
  character(len=1) :: c
  integer :: i, nlet, ndig, nop, nspace, nother
  character(len=10) :: grade
  character(len=40) :: kinds

  do i = 1, size(scores)
     select case (scores(i))
     case (:-1)
        grade = 'invalid'
     case (0)
        grade = 'zero'
     case (1:3)
        grade = 'low'
     case (4, 5)
        grade = 'medium'
     case (6:9, 11:20)
        grade = 'high'
     case (10)
        grade = 'perfect'
     case default
        grade = 'overflow'
     end select
     write (*, '(i5, 2x, a)') scores(i), trim(grade)
  end do

  nlet = 0; ndig = 0; nop = 0; nspace = 0; nother = 0
  kinds = ''
  scan: do i = 1, len(text)
     c = text(i:i)
     select case (c)
     case ('a':'z', 'A':'Z', '_')
        nlet = nlet + 1
        kinds(i:i) = 'a'
     case ('0':'9')
        ndig = ndig + 1
        kinds(i:i) = '9'
     case ('+', '-', '*', '/', '=')
        nop = nop + 1
        kinds(i:i) = 'o'
     case (' ')
        nspace = nspace + 1
        kinds(i:i) = '.'
     case ('!')
        kinds(i:i) = '#'
        exit scan
     case default
        nother = nother + 1
        kinds(i:i) = '?'
     end select
  end do scan
  write (*, '(a)') text
  write (*, '(a)') trim(kinds)
  write (*, '(a, 5i4)') 'let dig op sp other:', nlet, ndig, nop, nspace, nother

  ! selecting on a logical expression, and a named select construct
  do i = 1, 4
     classify: select case (mod(i, 2) == 0)
     case (.true.)
        write (*, '(i2, a)') i, ' even'
     case (.false.)
        select case (i)
        case (1)
           write (*, '(i2, a)') i, ' odd (unit)'
        case default
           write (*, '(i2, a)') i, ' odd'
        end select
     end select classify
  end do

  ! character selector on whole words
  call command('start')
  call command('STOP')
  call command('pause')
  call command('reset')

contains

  subroutine command(word)
    character(len=*), intent(in) :: word
    select case (word)
    case ('start', 'run')
       print *, word, ' -> running'
    case ('stop', 'STOP', 'halt')
       print *, word, ' -> stopped'
    case ('pause')
       print *, word, ' -> paused'
    case default
       print *, word, ' -> unknown command'
    end select
  end subroutine command

end program select_case_demo
