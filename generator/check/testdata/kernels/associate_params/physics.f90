! IFS physics style: parameters in a derived type passed as an argument,
! and the whole routine inside an ASSOCIATE construct naming them and a
! component of the state (updated through its associate name), with a
! nested ASSOCIATE on an element with a constant subscript.
module phys_params
  implicit none
  integer, parameter :: jprb = kind(1.0d0)
  type tparams
    real(jprb) :: rlcrit, rtaumel, rkconv
    real(jprb) :: coefs(3)
  end type tparams
  type tstate
    real(jprb) :: t(8), q(8)
  end type tstate
end module phys_params

subroutine cloud_step(klev, ydpar, st, paph, precip)
  use phys_params
  implicit none
  integer, intent(in) :: klev
  type(tparams), intent(in) :: ydpar
  type(tstate), intent(inout) :: st
  real(jprb), intent(in) :: paph(klev+1) ! half-level pressures (a bound klev+1)
  real(jprb), intent(out) :: precip
  real(jprb) :: zcond
  integer :: jk
  associate(rlcrit => ydpar%rlcrit, rtaumel => ydpar%rtaumel, &
            rkconv => ydpar%rkconv, temp => st%t, hum => st%q)
    precip = 0.0_jprb
    do jk = 1, klev
      zcond = rkconv*max(hum(jk) - rlcrit, 0.0_jprb)**2
      hum(jk) = hum(jk) - zcond
      temp(jk) = temp(jk) + rtaumel*zcond
      precip = precip + zcond*(paph(jk+1) - paph(jk))
    end do
    associate(c2 => ydpar%coefs(2))
      precip = precip*(1.0_jprb + c2*temp(1))
    end associate
  end associate
end subroutine cloud_step
