! A column microphysics scheme written as IFS physics is (CLOUDSC):
! per level, the source/sink matrices are reset with whole-array
! sections, filled by increments, scaled by a nonlinear limiter and
! solved implicitly. The sections kill the arrays' old values, so the
! increments after them need no records: only the level's reset and the
! in-place scaling are taped.
subroutine micro(klon, klev, q, t, dt, qout)
  implicit none
  integer, intent(in) :: klon, klev
  real(8), intent(in) :: q(klon, klev, 3), t(klon, klev), dt
  real(8), intent(out) :: qout(klon, klev, 3)
  real(8) :: solqa(klon, 3, 3), sink(klon, 3), ratio(klon, 3), qn(klon, 3)
  integer :: jk, jl, jm, jn
  do jk = 1, klev
    solqa(:, :, :) = 0.0d0
    sink(:, :) = 0.0d0
    do jm = 1, 3
      do jl = 1, klon
        ! condensation and evaporation between species jm and jm+1
        solqa(jl, jm, jm) = solqa(jl, jm, jm) + dt*0.1d0*q(jl, jk, jm)*t(jl, jk)
        solqa(jl, mod(jm, 3) + 1, jm) = solqa(jl, mod(jm, 3) + 1, jm) - dt*0.05d0*q(jl, jk, jm)**2
        solqa(jl, jm, mod(jm, 3) + 1) = solqa(jl, jm, mod(jm, 3) + 1) + dt*0.05d0*q(jl, jk, jm)**2
      end do
    end do
    do jm = 1, 3
      do jn = 1, 3
        do jl = 1, klon
          sink(jl, jm) = sink(jl, jm) + solqa(jl, jm, jn)**2
        end do
      end do
    end do
    do jm = 1, 3
      do jl = 1, klon
        ratio(jl, jm) = q(jl, jk, jm)/(q(jl, jk, jm) + sqrt(sink(jl, jm)))
      end do
    end do
    do jm = 1, 3
      do jn = 1, 3
        do jl = 1, klon
          solqa(jl, jm, jn) = solqa(jl, jm, jn)*ratio(jl, jm)
        end do
      end do
    end do
    do jm = 1, 3
      do jl = 1, klon
        qn(jl, jm) = q(jl, jk, jm) + sum(solqa(jl, jm, :))
      end do
    end do
    qout(:, jk, :) = qn
  end do
end subroutine micro
