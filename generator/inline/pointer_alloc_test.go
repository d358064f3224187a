package inline_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/source"
)

// TestPointerAllocatables checks which local pointers become
// ALLOCATABLE, one snippet each: the first unit printed afterwards, its
// identifiers resolved and its references classified.
func TestPointerAllocatables(t *testing.T) {
	tests := []struct{ name, src, want string }{{
		name: "a work array allocated and freed, ASSOCIATED and NULLIFY",
		src: `subroutine s(n, x)
  integer n
  real(8) x(n)
  real(8), pointer :: w(:), p
  allocate(w(n))
  w = x*2
  if (associated(w)) x = w
  nullify(w, p)
  deallocate(w)
end subroutine s
`,
		want: "integer :: n\nreal(8) :: x(n)\nreal(8), allocatable :: w(:), p\nallocate(w(n))\nw = x*2\nif (allocated(w)) x = w\nif (allocated(w)) deallocate(w)\nif (allocated(p)) deallocate(p)\ndeallocate(w)",
	}, {
		name: "associated with => stays a pointer; the other is split off",
		src: `subroutine s(n, x)
  integer n
  real(8), target :: x(n)
  real(8), pointer :: v(:), w(:)
  allocate(w(n))
  v => x
  w = v
  deallocate(w)
end subroutine s
`,
		want: "integer :: n\nreal(8), target :: x(n)\nreal(8), pointer :: v(:)\nreal(8), allocatable :: w(:)\nallocate(w(n))\nv => x\nw = v\ndeallocate(w)",
	}, {
		name: "passed to a POINTER dummy stays a pointer",
		src: `subroutine s(n)
  integer n
  real(8), pointer :: w(:)
  call t(w, n)
contains
  subroutine t(p, n)
    real(8), pointer :: p(:)
    integer n
    allocate(p(n))
  end subroutine t
end subroutine s
`,
		want: "integer :: n\nreal(8), pointer :: w(:)\ncall t(w, n)",
	}, {
		name: "initialised with => null(), freed at the end: no state carried",
		src: `subroutine s(n, x)
  integer n
  real(8) x(n)
  real(8), pointer :: w(:) => null()
  if (.not. associated(w)) allocate(w(n))
  w = x
  x = w**2
  if (associated(w)) deallocate(w)
end subroutine s
`,
		want: "integer :: n\nreal(8) :: x(n)\nreal(8), allocatable :: w(:)\nif (.not. allocated(w)) allocate(w(n))\nw = x\nx = w**2\nif (allocated(w)) deallocate(w)",
	}, {
		name: "initialised, asked about and kept between calls: stays a pointer",
		src: `subroutine s(n, x)
  integer n
  real(8) x(n)
  real(8), pointer :: w(:) => null()
  if (.not. associated(w)) then
    allocate(w(n))
    w = 1
  end if
  x = x*w
end subroutine s
`,
		want: "integer :: n\nreal(8) :: x(n)\nreal(8), pointer :: w(:) => null()\nif (.not. associated(w)) then\n  allocate(w(n))\n  w = 1\nend if\nx = x*w",
	}, {
		name: "a dummy pointer is kept",
		src: `subroutine s(w)
  real(8), pointer :: w(:)
  allocate(w(3))
end subroutine s
`,
		want: "real(8), pointer :: w(:)\nallocate(w(3))",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src) // where_elemental_test.go
			inline.PointerAllocatables(prog)
			u := prog.Files[0].Units[0]
			var buf strings.Builder
			for _, s := range append(append(u.Decls[:0:0], u.Decls...), u.Body...) {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", g, tt.want)
			}
			checkResolved(t, prog, u) // where_elemental_test.go
		})
	}
}

// TestModulePointers checks that module pointers only ever allocated
// become ALLOCATABLE, that one a unit associates stays a pointer, and that
// Respell asks ASSOCIATED of the converted ones under the names the
// generated units see them by (through a module that uses theirs, renamed).
func TestModulePointers(t *testing.T) {
	src := `module f
  real(8), pointer :: h(:), g(:) => null(), q(:)
end module f
module d
  use f
contains
  subroutine s(n)
    integer n
    real(8), target :: t(3)
    allocate(h(n), g(n))
    q => t
  end subroutine s
end module d
`
	prog := loadSnippet(t, src)
	mods := inline.PointerAllocatables(prog)
	var buf strings.Builder
	printer.Node(&buf, prog.Files[0].Units[0].Decls[0])
	printer.Node(&buf, prog.Files[0].Units[0].Decls[1])
	if want := "real(8), pointer :: q(:)\nreal(8), allocatable :: h(:), g(:)"; strings.TrimSpace(buf.String()) != want {
		t.Errorf("module f declares:\n%s\nwant:\n%s", buf.String(), want)
	}
	gen, err := parser.ParseFile(source.NewFileSet(), "g.f90", []byte(`module d_b
  use d
contains
  subroutine s_b(h)
    real(8), allocatable :: h(:)
    if (allocated(h)) deallocate(h)
  end subroutine s_b
  subroutine r_b()
    use f, only: hh => h
    if (allocated(g) .and. allocated(hh) .and. allocated(q)) continue
  end subroutine r_b
end module d_b
`), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	mods.Respell(gen)
	buf.Reset()
	printer.Fprint(&buf, gen)
	for _, want := range []string{"if (allocated(h)) deallocate(h)", "if (associated(g) .and. associated(hh) .and. allocated(q)) continue"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("respelled code lacks %q:\n%s", want, buf.String())
		}
	}
}
