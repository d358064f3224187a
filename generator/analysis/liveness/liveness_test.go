package liveness_test

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// TestAdjoint: the variables the adjoint of callee g reads on entry, and
// the lines of the statements its forward sweep leaves out, without the
// generator's refinements (what the TBR analysis uses for snapshots).
func TestAdjoint(t *testing.T) {
	tests := []struct {
		name, src string
		entry     string // variables live on entry
		dead      string // lines of dead statements
	}{{
		name: "a diagnostic computed from the state needs the state only",
		src: `subroutine g(n, u, d)
  integer :: n, i
  real(8) :: u(n), d(n)
  do i = 1, n
    d(i) = u(i)**2
  end do
end subroutine`,
		entry: "n u", dead: "5",
	}, {
		name: "an update whose result nothing in the adjoint reads",
		src: `subroutine g(x, y)
  real(8) :: x, y
  y = y + x*x
end subroutine`,
		entry: "x", dead: "3",
	}, {
		name: "a value the adjoint of a later statement reads is computed",
		src: `subroutine g(v, w)
  real(8) :: v, w
  v = 3*w
  v = v*v
end subroutine`,
		entry: "w", dead: "4",
	}, {
		name: "an iteration-private array is not live across iterations",
		src: `subroutine g(n, u, k)
  integer :: n, i
  real(8) :: u(n), k(n), t(n)
  do i = 1, n
    t(i) = u(i) + k(i)*u(i)
  end do
  do i = 1, n
    u(i) = t(i)
  end do
end subroutine`,
		entry: "k n u", dead: "5 8",
	}, {
		name: "a module variable is always computed",
		src: `module m
  real(8) :: s
end module
subroutine g(x)
  use m
  real(8) :: x
  s = x*x
end subroutine`,
		entry: "x", dead: "",
	}, {
		name: "a branch condition is read",
		src: `subroutine g(x, y, c)
  real(8) :: x, y, c
  if (c > 0) then
    y = x*x
  else
    y = sin(x)
  end if
end subroutine`,
		entry: "c x", dead: "4 6",
	}, {
		name: "what a DO WHILE condition reads is live at the end of its body",
		src: `subroutine g(x, m)
  real(8) :: x
  integer :: m
  do while (m > 0)
    x = x*x
    m = m - 1
  end do
end subroutine`,
		entry: "m x", dead: "",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entry, dead := adjoint(t, tt.src)
			if entry != tt.entry || dead != tt.dead {
				t.Errorf("entry {%s} dead {%s}, want entry {%s} dead {%s}", entry, dead, tt.entry, tt.dead)
			}
		})
	}
}

// adjoint analyses g of src, every real argument active, and returns its
// entry set and dead lines.
func adjoint(t *testing.T, src string) (entry, dead string) {
	t.Helper()
	read := func(name string) ([]byte, error) {
		if name == "t.f90" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	proc := prog.Info.Global.Lookup("g")
	target := &analysis.Target{Routine: proc}
	for _, d := range proc.Proc.Args {
		if d.Type != nil && d.Type.IsReal() {
			target.Independents = append(target.Independents, d)
			target.Dependents = append(target.Dependents, d)
		}
	}
	res, err := analysis.Run(prog, target, activity.Analyzer, tbr.Analyzer)
	if err := analysis.Errors(err); err != nil {
		t.Fatal(err)
	}
	pa := res[activity.Analyzer].(*activity.Result).Procs[0]
	pt := res[tbr.Analyzer].(*tbr.Result).Version(pa)
	scope := prog.Info.ScopeOf(pa.Unit)
	if !liveness.Applies(pa.Unit, scope) {
		t.Fatal("liveness does not apply")
	}
	r := liveness.Adjoint(liveness.Body(pa.Unit), liveness.Config{
		Info:  prog.Info,
		Scope: scope,
		AdjointReads: func(s ast.Stmt) []*sema.Symbol {
			var out []*sema.Symbol
			for _, v := range pt.AdjointReads(s) {
				out = append(out, v.Sym)
			}
			return out
		},
		Records: func(s ast.Stmt, x ast.Expr) bool {
			for _, y := range pt.RecordBefore(s) {
				if y == x {
					return true
				}
			}
			return false
		},
	})
	var names, lines []string
	for v := range r.Entry {
		names = append(names, v.Name)
	}
	for s, d := range r.Dead {
		if d {
			lines = append(lines, fmt.Sprint(prog.Fset.Position(s.Pos()).Line))
		}
	}
	sort.Strings(names)
	sort.Strings(lines)
	return strings.Join(names, " "), strings.Join(lines, " ")
}
