package load

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/sema"
)

// TestEffectiveIntents checks what fadj takes a dummy's intent to be, and
// the warning it gives when the declaration says less than the code
// does: declared vs effective, one Fortran snippet each.
func TestEffectiveIntents(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// eff maps "proc.dummy" to its effective intent: in, out or inout.
		eff  map[string]string
		want []string // warnings, "line:col: message"
	}{{
		name: "read in a loop (the cavity solver's line smoother)",
		src: `subroutine smooth(n, phi)
  integer, intent(in) :: n
  real(8), intent(out) :: phi(n)
  integer :: i
  do i = 2, n-1
    phi(i) = 0.5d0*(phi(i-1) + phi(i+1))
  end do
end subroutine smooth
`,
		eff:  map[string]string{"smooth.phi": "inout", "smooth.n": "in"},
		want: []string{"3:27: warning: 'phi' is declared intent(out) but read before it is written at t.f90:6:21; treated as inout"},
	}, {
		name: "optional diagnostic zeroed and accumulated under IF (PRESENT(...))",
		src: `subroutine s(n, x, flux, diag)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out), optional :: flux(n), diag
  integer :: i
  if (present(flux)) flux = 0d0
  if (present(diag)) then
    diag = 0d0
  end if
  do i = 1, 3
    if (present(flux)) flux(:) = flux(:) + x/3
    if (present(diag) .and. present(flux)) diag = diag + sum(flux)
  end do
end subroutine s
`,
		eff: map[string]string{"s.flux": "out", "s.diag": "out"},
	}, {
		name: "optional written under a test that is more than PRESENT",
		src: `subroutine s(c, flux)
  logical, intent(in) :: c
  real(8), intent(out), optional :: flux
  if (present(flux) .and. c) flux = 0d0
  if (present(flux)) flux = flux + 1d0
end subroutine s
`,
		eff:  map[string]string{"s.flux": "inout"},
		want: []string{"3:37: warning: 'flux' is declared intent(out) but read before it is written at t.f90:5:29; treated as inout"},
	}, {
		name: "read on one branch only",
		src: `subroutine s(c, y)
  logical, intent(in) :: c
  real(8), intent(out) :: y
  if (c) then
    y = y + 1d0
  else
    y = 0d0
  end if
end subroutine s
`,
		eff:  map[string]string{"s.y": "inout"},
		want: []string{"3:27: warning: 'y' is declared intent(out) but read before it is written at t.f90:5:9; treated as inout"},
	}, {
		name: "written on every branch before it is read",
		src: `subroutine s(c, y)
  logical, intent(in) :: c
  real(8), intent(out) :: y
  if (c) then
    y = 1d0
  else if (.not. c) then
    y = 3d0
  else
    y = 2d0
  end if
  y = y*2d0
end subroutine s
`,
		eff: map[string]string{"s.y": "out"},
	}, {
		name: "written in a loop that may run zero times, read after it",
		src: `subroutine s(n, y)
  integer, intent(in) :: n
  real(8), intent(out) :: y
  integer :: i
  do i = 1, n
    y = i
  end do
  y = y + 1d0
end subroutine s
`,
		eff:  map[string]string{"s.y": "inout"},
		want: []string{"3:27: warning: 'y' is declared intent(out) but read before it is written at t.f90:8:7; treated as inout"},
	}, {
		name: "read in a DO WHILE condition",
		src: `subroutine s(y)
  real(8), intent(out) :: y
  do while (y > 1d0)
    y = y/2d0
  end do
end subroutine s
`,
		eff:  map[string]string{"s.y": "inout"},
		want: []string{"2:27: warning: 'y' is declared intent(out) but read before it is written at t.f90:3:13; treated as inout"},
	}, {
		name: "read through a callee",
		src: `subroutine smooth(n, phi)
  integer, intent(in) :: n
  real(8), intent(inout) :: phi(n)
  integer :: i
  do i = 2, n-1
    phi(i) = 0.5d0*(phi(i-1) + phi(i+1))
  end do
end subroutine smooth
subroutine f(n, x, y)
  integer, intent(in) :: n
  real(8), intent(out) :: x(n)
  real(8), intent(out) :: y
  call smooth(n, x)
  y = sum(x**2)
end subroutine f
`,
		eff:  map[string]string{"f.x": "inout", "f.y": "out", "smooth.phi": "inout"},
		want: []string{"11:27: warning: 'x' is declared intent(out) but read before it is written, by the call of 'smooth' at t.f90:13:3; treated as inout"},
	}, {
		name: "read through an array section",
		src: `subroutine smooth(n, phi)
  integer, intent(in) :: n
  real(8), intent(inout) :: phi(n)
  phi(2) = phi(1) + phi(3)
end subroutine smooth
subroutine f(n, x)
  integer, intent(in) :: n
  real(8), intent(out) :: x(n)
  call smooth(n-1, x(2:n))
end subroutine f
`,
		eff:  map[string]string{"f.x": "inout"},
		want: []string{"8:27: warning: 'x' is declared intent(out) but read before it is written, by the call of 'smooth' at t.f90:9:3; treated as inout"},
	}, {
		name: "read through sequence association of an element",
		src: `      subroutine smooth(n, phi)
      integer n
      double precision phi(n)
      phi(2) = phi(1) + phi(3)
      end
      subroutine f(n, x)
      integer, intent(in) :: n
      double precision, intent(out) :: x(n)
      call smooth(n-1, x(2))
      end
`,
		eff:  map[string]string{"f.x": "inout", "smooth.phi": "inout"},
		want: []string{"8:40: warning: 'x' is declared intent(out) but read before it is written, by the call of 'smooth' at t.f90:9:7; treated as inout"},
	}, {
		name: "inquiry intrinsics do not read",
		src: `subroutine s(phi, n)
  real(8), intent(out) :: phi(:)
  integer, intent(out) :: n
  n = size(phi) + ubound(phi, 1)
  phi = 0d0
end subroutine s
`,
		eff: map[string]string{"s.phi": "out", "s.n": "out"},
	}, {
		name: "whole assignment first",
		src: `subroutine s(phi)
  real(8), intent(out) :: phi(3)
  phi = 0d0
  phi(2) = phi(1) + phi(3)
end subroutine s
`,
		eff: map[string]string{"s.phi": "out"},
	}, {
		name: "filled element by element over its bounds, then read",
		src: `subroutine s(n, phi, y)
  integer, intent(in) :: n
  real(8), intent(out) :: phi(n), y
  integer :: i
  do i = 1, n
    phi(i) = i
  end do
  y = phi(1)
end subroutine s
`,
		eff: map[string]string{"s.phi": "out", "s.y": "out"},
	}, {
		name: "defined by sections that cover it, then read",
		src: `subroutine s(n, x, z)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: z(0:n)
  z(0) = 1d0
  z(1:n-1) = x(1:n-1)
  z(n) = 2d0
  z = z*2d0
end subroutine s
`,
		eff: map[string]string{"s.z": "out"},
	}, {
		name: "a boundary element, then a sweep reading ahead: inout, no warning",
		src: `subroutine s(n, phi)
  integer, intent(in) :: n
  real(8), intent(out) :: phi(n)
  integer :: i
  phi(1) = 0d0
  do i = 2, n-1
    phi(i) = 0.5d0*(phi(i-1) + phi(i+1))
  end do
end subroutine s
`,
		eff: map[string]string{"s.phi": "inout"},
	}, {
		name: "a WHERE construct defining the array on every branch",
		src: `subroutine s(n, u, v)
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: v(n)
  where (u > 0.5d0)
    v = u
    v = v*2d0
  elsewhere
    v = 0d0
  end where
  v = v + 1d0
end subroutine s
`,
		eff: map[string]string{"s.v": "out"},
	}, {
		name: "intent(in) defined through an implicit interface",
		src: `subroutine g(a)
  real(8) a
  a = 2d0*a
end subroutine g
subroutine h(x)
  real(8), intent(in) :: x
  call g(x)
end subroutine h
`,
		eff:  map[string]string{"h.x": "inout", "g.a": "inout"},
		want: []string{"6:26: warning: 'x' is declared intent(in) but defined by the call of 'g' at t.f90:7:3; treated as inout"},
	}, {
		name: "a backward GO TO after the definition",
		src: `subroutine h(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = x
10 y = y*x
  if (y < 1.0d0) go to 10
end subroutine h
`,
		eff: map[string]string{"h.y": "out"},
	}, {
		name: "a forward GO TO around the definition",
		src: `subroutine h(c, y, z)
  logical, intent(in) :: c
  real(8), intent(out) :: y, z
  if (c) go to 10
  y = 0d0
10 z = y
end subroutine h
`,
		eff:  map[string]string{"h.y": "inout", "h.z": "out"},
		want: []string{"3:27: warning: 'y' is declared intent(out) but read before it is written at t.f90:6:8; treated as inout"},
	}, {
		name: "read in a subscript",
		src: `subroutine s(k, a)
  integer, intent(out) :: k
  real(8), intent(inout) :: a(10)
  a(k) = 1d0
  k = 1
end subroutine s
`,
		eff:  map[string]string{"s.k": "inout", "s.a": "out"},
		want: []string{"2:27: warning: 'k' is declared intent(out) but read before it is written at t.f90:4:5; treated as inout"},
	}, {
		name: "read by a statement function",
		src: `      subroutine s(y, z)
      double precision, intent(out) :: y, z
      double precision f, t
      f(t) = t*y
      z = f(2d0)
      end
`,
		eff:  map[string]string{"s.y": "inout", "s.z": "out"},
		want: []string{"2:40: warning: 'y' is declared intent(out) but read before it is written at t.f90:5:11; treated as inout"},
	}, {
		name: "read by an internal procedure",
		src: `subroutine s(y)
  real(8), intent(out) :: y
  call inner()
contains
  subroutine inner()
    y = y + 1d0
  end subroutine inner
end subroutine s
`,
		eff:  map[string]string{"s.y": "inout"},
		want: []string{"2:27: warning: 'y' is declared intent(out) but read before it is written, by the call of 'inner' at t.f90:3:3; treated as inout"},
	}, {
		name: "allocatable intent(out): the compiler deallocates it",
		src: `subroutine s(a)
  real(8), allocatable, intent(out) :: a(:)
  if (allocated(a)) a = a + 1d0
  allocate(a(3))
  a = 1d0
end subroutine s
`,
		eff: map[string]string{"s.a": "out"},
	}, {
		name: "intent(out) derived type whose components are allocated (a mesh's init)",
		src: `module m
  type :: mesh_t
    real(8), allocatable :: area(:)
    integer, allocatable :: perm(:)
  end type mesh_t
end module m
subroutine init(g, n)
  use m
  type(mesh_t), intent(out) :: g
  integer, intent(in) :: n
  allocate(g%area(n), g%perm(2:n+1))
  g%area = 1d0
  g%perm = 1
end subroutine init
`,
		eff: map[string]string{"init.g": "out", "init.n": "in"},
	}, {
		name: "intent(out) derived type with allocatable components, read after its first writes: trusted",
		src: `module m
  type :: flux_t
    real(8), allocatable :: dn(:)
  end type flux_t
end module m
subroutine fill(f, n)
  use m
  type(flux_t), intent(out) :: f
  integer, intent(in) :: n
  integer :: k
  allocate(f%dn(n))
  f%dn(1) = 1d0
  do k = 2, n
    f%dn(k) = 0.5d0*f%dn(k-1)
  end do
end subroutine fill
`,
		eff: map[string]string{"fill.f": "out", "fill.n": "in"},
	}, {
		name: "READ defines, WRITE reads",
		src: `subroutine s(u, v)
  real(8), intent(out) :: u, v
  read(*, *) u
  write(*, *) u, v
  v = 1d0
end subroutine s
`,
		eff:  map[string]string{"s.u": "out", "s.v": "inout"},
		want: []string{"2:30: warning: 'v' is declared intent(out) but read before it is written at t.f90:4:18; treated as inout"},
	}, {
		name: "written only through local pointers to a component and to a section",
		src: `subroutine s(a, q)
  type t
    real(8), allocatable :: h(:)
  end type t
  type(t), target :: a
  real(8), target :: q(4)
  real(8), pointer :: p(:), r(:), inner(:)
  p => a%h
  r => p
  r(1) = 2*r(2)
  inner => q(2:3)
  inner = 0
end subroutine s
`,
		eff: map[string]string{"s.a": "inout", "s.q": "out"},
	}, {
		name: "ALLOCATE defines",
		src: `subroutine s(x, n)
  real(8), allocatable :: x(:)
  integer :: n
  allocate(x(n))
end subroutine s
`,
		eff: map[string]string{"s.x": "inout", "s.n": "in"},
	}, {
		name: "a section written directly",
		src: `subroutine s(q)
  real(8) :: q(4)
  q(2:3) = 0
end subroutine s
`,
		eff: map[string]string{"s.q": "out"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := Files([]string{"t.f90"}, Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range prog.Warnings {
				got = append(got, strings.TrimPrefix(w.Error(), "t.f90:"))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			intents := prog.Info.EffectiveIntents()
			for key, want := range tt.eff {
				proc, dummy, _ := strings.Cut(key, ".")
				p := prog.Info.Global.Lookup(proc)
				if p == nil || p.Proc == nil {
					t.Fatalf("no procedure %s", proc)
				}
				var u *sema.DummyUse
				for _, d := range p.Proc.Args {
					if d != nil && d.Name == dummy {
						u = intents.Of(d)
					}
				}
				if u == nil {
					t.Fatalf("no dummy %s", key)
				}
				if got := u.Effective.String(); got != want {
					t.Errorf("%s: effective intent %s, want %s", key, got, want)
				}
			}
		})
	}
}
