! String processing in free form: CHARACTER(len=*) dummies, len=20
! variables, TRIM, ADJUSTL, LEN, LEN_TRIM, INDEX, substrings, doubled
! quotes in both quote styles, strings continued over several lines,
! semicolon-separated statements, and a word splitter / Caesar cipher.
module text_utils
  implicit none
contains

  ! count blank-separated words
  integer function word_count(s)
    character(len=*), intent(in) :: s
    integer :: i
    logical :: inword
    word_count = 0; inword = .false.
    do i = 1, len_trim(s)
       if (s(i:i) /= ' ') then
          if (.not. inword) word_count = word_count + 1
          inword = .true.
       else
          inword = .false.
       end if
    end do
  end function word_count

  function caesar(s, shift) result(t)
    character(len=*), intent(in) :: s
    integer, intent(in) :: shift
    character(len=len(s)) :: t
    integer :: i, c
    t = s
    do i = 1, len(s)
       c = iachar(s(i:i))
       if (c >= iachar('a') .and. c <= iachar('z')) then
          t(i:i) = achar(modulo(c - iachar('a') + shift, 26) + iachar('a'))
       else if (c >= iachar('A') .and. c <= iachar('Z')) then
          t(i:i) = achar(modulo(c - iachar('A') + shift, 26) + iachar('A'))
       end if
    end do
  end function caesar

  subroutine split_first(s, head, rest)
    character(len=*), intent(in) :: s
    character(len=*), intent(out) :: head, rest
    character(len=len(s)) :: w
    integer :: k
    w = adjustl(s)
    k = index(w, ' ')
    if (k == 0) then
       head = w; rest = ''
    else
       head = w(1:k-1)
       rest = adjustl(w(k:))
    end if
  end subroutine split_first

  logical function is_palindrome(s)
    character(len=*), intent(in) :: s
    integer :: i, n
    n = len_trim(s)
    is_palindrome = .true.
    do i = 1, n / 2
       if (s(i:i) /= s(n-i+1:n-i+1)) then
          is_palindrome = .false.; return
       end if
    end do
  end function is_palindrome

end module text_utils

program strings
  use text_utils
  implicit none
  character(len=20) :: name, padded
  character(len=80) :: sentence, head, rest
  character(len=*), parameter :: q1 = 'it''s a "test"'
  character(len=*), parameter :: q2 = "say ""hi"" and 'bye'"
  character(len=:), allocatable :: joined
  character(len=100) :: long_text
  integer :: nw

  name = 'Fortran'
  padded = '    left padded'
  print '(a, a, a)', '[', name, ']'
  print '(a, a, a)', '[', trim(name), ']'
  print '(a, a, a)', '[', trim(adjustl(padded)), ']'
  print '(a, 3i4)', 'len, len_trim, index:', len(name), len_trim(name), index(name, 'tran')
  print '(a)', q1
  print '(a)', q2
  print '(a, a)', 'substring name(2:4) = ', name(2:4)

  ! a character literal continued across lines: '&' ends the first line and
  ! '&' starts the continuation, so the blanks in between are not part of it
  long_text = 'The quick brown fox jumps over the lazy dog while the &
              &cat watches from the window.'
  print '(a)', trim(long_text)
  print '(a, i3)', 'length:', len_trim(long_text)
  nw = word_count(long_text); print '(a, i3)', 'words:', nw

  sentence = 'alpha beta   gamma delta'
  do while (len_trim(sentence) > 0)
     call split_first(sentence, head, rest)
     write (*, '(2x, a, 1x, a)') '->', trim(head)
     sentence = rest
  end do

  print '(a)', caesar('Hello, World!', 3)
  print '(a)', caesar(caesar('Hello, World!', 3), -3)
  print '(a, 2l2)', 'palindromes:', is_palindrome('racecar'), is_palindrome('fortran')

  joined = trim(name) // ' ' // '90' // '/' // "95" // '/' // '2003'
  print '(a, a, i3)', joined, ' has length', len(joined)
  ! comparison operators on strings (lexical, blank padded)
  print '(a, 4l2)', 'compare:', 'abc' < 'abd', 'abc' == 'abc   ', &
       lle('Zeta', 'alpha'), 'b' > 'a'
end program strings
