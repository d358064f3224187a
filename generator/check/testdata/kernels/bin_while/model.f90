! A DO WHILE time loop, whose trip count is known only when it ends:
! the online schedule (Stumm and Walther) is not there yet.
subroutine model(x, tend, y)
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(in) :: tend
  real(8), intent(out) :: y
  real(8) :: t
  t = 0
  time: do while (t < tend)
    x = x + 0.1d0*sin(x)
    t = t + 0.1d0
  end do time
  y = x
end subroutine
