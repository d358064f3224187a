! N-body style bookkeeping with nested derived types: a system holds
! bodies, each body holds vec3 position/velocity and an array history.
module bodies
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)

  type vec3
     real(dp) :: x = 0.0_dp, y = 0.0_dp, z = 0.0_dp
  end type vec3

  type body
     character(len=8) :: name
     real(dp) :: mass
     type(vec3) :: pos, vel
     real(dp), dimension(3) :: hist
  end type body

  type system
     integer :: nbody
     type(body) :: b(3)
     type(vec3) :: com
  end type system

contains

  function vadd(a, b) result(c)
    type(vec3), intent(in) :: a, b
    type(vec3) :: c
    c%x = a%x + b%x
    c%y = a%y + b%y
    c%z = a%z + b%z
  end function vadd

  function vscale(s, a) result(c)
    real(dp), intent(in) :: s
    type(vec3), intent(in) :: a
    type(vec3) :: c
    c = vec3(s * a%x, s * a%y, s * a%z)
  end function vscale

  real(dp) function vdot(a, b)
    type(vec3), intent(in) :: a, b
    vdot = a%x*b%x + a%y*b%y + a%z*b%z
  end function vdot

  subroutine center_of_mass(s)
    type(system), intent(inout) :: s
    real(dp) :: mtot
    integer :: i
    s%com = vec3(0.0_dp, 0.0_dp, 0.0_dp)
    mtot = 0.0_dp
    do i = 1, s%nbody
       s%com = vadd(s%com, vscale(s%b(i)%mass, s%b(i)%pos))
       mtot = mtot + s%b(i)%mass
    end do
    s%com = vscale(1.0_dp / mtot, s%com)
  end subroutine center_of_mass

end module bodies

program derived_types
  use bodies
  implicit none
  type(system) :: sys
  type(vec3) :: p
  real(dp) :: ekin, dt
  integer :: i, step

  sys%nbody = 3
  sys%b(1) = body('sun', 10.0_dp, vec3(0.0_dp, 0.0_dp, 0.0_dp), &
                  vec3(0.0_dp, 0.0_dp, 0.0_dp), (/ 0.0_dp, 0.0_dp, 0.0_dp /))
  sys%b(2)%name = 'planet'
  sys%b(2)%mass = 1.0_dp
  sys%b(2)%pos = vec3(1.0_dp, 0.0_dp, 0.0_dp)
  sys%b(2)%vel = vec3(0.0_dp, 1.0_dp, 0.0_dp)
  sys%b(2)%hist = 0.0_dp
  sys%b(3) = sys%b(2)
  sys%b(3)%name = 'moon'
  sys%b(3)%mass = 0.25_dp
  sys%b(3)%pos%x = -2.0_dp          ! nested component assignment
  sys%b(3)%pos%z = 0.5_dp
  sys%b(3)%vel%y = -0.5_dp

  call center_of_mass(sys)
  write (*, '(a, 3f10.5)') 'com   ', sys%com%x, sys%com%y, sys%com%z

  ! free drift; record x-coordinate history in an array component
  dt = 0.5_dp
  do step = 1, 3
     do i = 1, sys%nbody
        sys%b(i)%pos = vadd(sys%b(i)%pos, vscale(dt, sys%b(i)%vel))
        sys%b(i)%hist(step) = sys%b(i)%pos%x + sys%b(i)%pos%y
     end do
  end do

  ekin = 0.0_dp
  do i = 1, sys%nbody
     ekin = ekin + 0.5_dp * sys%b(i)%mass * vdot(sys%b(i)%vel, sys%b(i)%vel)
     write (*, '(a8, 1x, 3f9.4, a, 3f8.3)') sys%b(i)%name, sys%b(i)%pos%x, &
          sys%b(i)%pos%y, sys%b(i)%pos%z, ' |', sys%b(i)%hist
  end do
  write (*, '(a, f12.6)') 'ekin  ', ekin

  call center_of_mass(sys)
  p = sys%com
  write (*, '(a, 3f10.5)') 'com   ', p
  write (*, '(a, f10.5)') 'sum of hist(2:3) over bodies: ', &
       sum(sys%b(:)%hist(2)) + sum(sys%b(:)%hist(3))
  write (*, '(a, 3f8.2)') 'masses ', sys%b%mass
end program derived_types
