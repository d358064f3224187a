package decl_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/load"
)

// The name under which a derivative reaches module variable u: its
// own, a rename's, or, where the routine hides it (a variable of its
// name or of its derivative's), the generated one.
func TestReachName(t *testing.T) {
	const src = `module state
  implicit none
  real(8) :: u(3)
end module
module drv
  implicit none
contains
  subroutine sees()
    use state, only: u
    u = 0
  end subroutine
  subroutine renames()
    use state, only: w => u
    w = 0
  end subroutine
  subroutine unseen()
  end subroutine
  subroutine dummy(u)
    real(8) :: u(3)
    u = 0
  end subroutine
  subroutine adjname()
    real(8) :: u_b
    u_b = 0
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
	u := prog.Info.Module("state").Inner.LookupLocal("u")
	for _, c := range []struct {
		routine, want string
		hidden        bool
	}{
		{"sees", "u", false},
		{"renames", "w", false},
		{"unseen", "u", false},
		{"dummy", "fadj_state_u", true},
		{"adjname", "fadj_state_u", true},
	} {
		p := prog.Info.Module("drv").Inner.LookupLocal(c.routine)
		unit := p.Proc.Unit
		sc := prog.Info.ScopeOf(unit)
		if got := decl.Hidden(sc, unit.Decls, u, "_b"); got != c.hidden {
			t.Errorf("%s: Hidden = %v, want %v", c.routine, got, c.hidden)
		}
		if got := decl.ReachName(sc, unit.Decls, u, "_b"); got != c.want {
			t.Errorf("%s: ReachName = %s, want %s", c.routine, got, c.want)
		}
	}
}
