package decl_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/load"
)

// Whether a routine may define module variable k: passing k to a dummy
// that cannot define it (INTENT(IN), VALUE, one without intent its
// procedure never defines) does not count; a POINTER dummy's target,
// a dummy defined or passed on, an internal procedure's host
// association and an unknown procedure do.
func TestDefinesGlobal(t *testing.T) {
	const src = `module par
  implicit none
  real(8), target :: k(3)
end module
module drv
  use par
  implicit none
contains
  real(8) function f_in(x)
    real(8), intent(in) :: x(3)
    f_in = sum(x)
  end function
  subroutine s_value(x)
    real(8), value :: x
  end subroutine
  subroutine s_none(x, y)
    real(8) :: x(3), y
    y = x(1)
  end subroutine
  subroutine s_none_def(x)
    real(8) :: x(3)
    x(1) = 0
  end subroutine
  subroutine s_none_pass(x)
    real(8) :: x(3)
    call s_none_def(x)
  end subroutine
  subroutine s_ptr(x)
    real(8), pointer, intent(in) :: x(:)
    x(1) = 0
  end subroutine
  subroutine s_host(x)
    real(8) :: x(3)
    call inner()
  contains
    subroutine inner()
      x(1) = 0
    end subroutine
  end subroutine
  subroutine s_inout(x)
    real(8), intent(inout) :: x(3)
  end subroutine
  subroutine uses_in(y)
    real(8) :: y
    y = f_in(k)
  end subroutine
  subroutine uses_value()
    call s_value(k(2))
  end subroutine
  subroutine uses_none(y)
    real(8) :: y
    call s_none(k, y)
  end subroutine
  subroutine uses_none_def()
    call s_none_def(k)
  end subroutine
  subroutine uses_none_pass()
    call s_none_pass(k)
  end subroutine
  subroutine uses_ptr()
    call s_ptr(k)
  end subroutine
  subroutine uses_host()
    call s_host(k)
  end subroutine
  subroutine uses_inout()
    call s_inout(k)
  end subroutine
  subroutine uses_external()
    external ext
    call ext(k)
  end subroutine
  subroutine assigns()
    k(1) = 1
  end subroutine
end module
`
	path := filepath.Join(t.TempDir(), "m.f90")
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	prog, err := load.Files([]string{path}, load.Config{})
	if err != nil {
		t.Fatal(err)
	}
	k := prog.Info.Module("par").Inner.LookupLocal("k")
	for _, c := range []struct {
		routine string
		want    bool
	}{
		{"uses_in", false},
		{"uses_value", false},
		{"uses_none", false},
		{"uses_none_def", true},
		{"uses_none_pass", true},
		{"uses_ptr", true},
		{"uses_host", true},
		{"uses_inout", true},
		{"uses_external", true},
		{"assigns", true},
	} {
		p := prog.Info.Module("drv").Inner.LookupLocal(c.routine)
		if got := decl.DefinesGlobal(prog.Info, p.Proc.Unit, k); got != c.want {
			t.Errorf("%s: DefinesGlobal = %v, want %v", c.routine, got, c.want)
		}
	}
}
