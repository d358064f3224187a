! Long statements: continuation after commas and operators, long strings
! split inside, long FORMAT specifications, long line comments.
module long_names_module_for_testing_the_printer
  implicit none
  real, parameter :: coefficient_number_one = 1.0, coefficient_number_two = 2.0, coefficient_number_three = 3.0, &
                     coefficient_number_four = 4.0, coefficient_number_five = 5.0, coefficient_number_six = 6.0
  character(len=*), parameter :: long_message = 'This is a deliberately long character constant that cannot possibly fit on &
    &one line of free-form source once it is indented, so the printer must split it inside the quotes with ampersands &
    &at the end of one line and at the start of the next, which is the rule for character context in free form.'
  character(len=*), parameter :: quotes = 'doubled quotes ''like this'' must never be split between the two quote characters: &
    &''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''&
    &'''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''' end'
contains
  subroutine a_subroutine_with_a_long_argument_list(first_argument, second_argument, third_argument, fourth_argument, &
                                                    fifth_argument, sixth_argument)
    real, intent(inout) :: first_argument, second_argument, third_argument, fourth_argument, fifth_argument, sixth_argument
    ! a very long comment line that goes on that goes on that goes on that goes on that goes on that goes on that goes on that goes on 
    first_argument = coefficient_number_one*second_argument + coefficient_number_two*third_argument**2 - &
      coefficient_number_three*(fourth_argument - fifth_argument)/(sixth_argument + coefficient_number_four) + &
      coefficient_number_five*sin(first_argument)*cos(second_argument) - coefficient_number_six*exp(-third_argument) ! trailing comment on a long statement
    if (first_argument > second_argument .and. second_argument > third_argument .and. third_argument > fourth_argument) then
      if (fourth_argument > fifth_argument .or. fifth_argument > sixth_argument .or. sixth_argument > first_argument) then
        do while (first_argument > 0.0 .and. second_argument > 0.0 .and. third_argument > 0.0 .and. fourth_argument > 0.0)
          first_argument = first_argument - coefficient_number_one*max(second_argument, third_argument, fourth_argument, &
            fifth_argument, sixth_argument, coefficient_number_two, coefficient_number_three, coefficient_number_four)
        end do
      end if
    end if
  end subroutine a_subroutine_with_a_long_argument_list
end module long_names_module_for_testing_the_printer

program long
  use long_names_module_for_testing_the_printer
  implicit none
  integer :: i
  real :: table(40)
  real :: a, b, c, d, e, f
  data table /1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, &
               21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, &
               39.0, 40.0/
  a = 1.0; b = 2.0; c = 3.0; d = 4.0; e = 5.0; f = 6.0
  call a_subroutine_with_a_long_argument_list(a, b, c, d, e, f)
  write(*, 100) long_message, quotes, (table(i), i = 1, 40), a, b, c, d, e, f, coefficient_number_one, coefficient_number_two
  print *, 'short string', 'another string that is rather long but still fits on a continuation line of its own', &
    'and a third one that also fits on its own line without any splitting being necessary at all', i
100 format('message: ', a, /, 'quotes: ', a, /, 'table: ', 40f6.1, /, 'scalars: ', 6(f6.2, 1x), /, 'coefficients: ', &
    2(es12.4, 1x), &
    /, 'and a string edit descriptor that is itself far too long to fit on a single line, so it has to be split inside the quotes')
end program long
