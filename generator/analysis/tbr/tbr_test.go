package tbr_test

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

func load1(t testing.TB, src string) *load.Program {
	t.Helper()
	text := strings.TrimLeft(src, "\n")
	prog, err := load.Files([]string{"a.f90"}, load.Config{ReadFile: func(string) ([]byte, error) { return []byte(text), nil }})
	if err != nil {
		var sb strings.Builder
		diag.Print(&sb, err, 0)
		t.Fatalf("load: %s", sb.String())
	}
	return prog
}

func procSym(t testing.TB, prog *load.Program, name string) *sema.Symbol {
	t.Helper()
	for n, s := range prog.Info.Scopes {
		u, ok := n.(*ast.Unit)
		if !ok || s.Symbol == nil || s.Symbol.Name != name || s.Kind == sema.InterfaceScope || u.Kind == ast.ModuleUnit {
			continue
		}
		return s.Symbol
	}
	t.Fatalf("no procedure %q", name)
	return nil
}

// run analyses src for routine with independents ins and dependents outs.
func run(t testing.TB, src, routine string, ins, outs []string, an *analysis.Analyzer) (*load.Program, *activity.Result, *tbr.Result) {
	t.Helper()
	return runProg(t, load1(t, src), routine, ins, outs, an)
}

// runProg is run on a program already loaded.
func runProg(t testing.TB, prog *load.Program, routine string, ins, outs []string, an *analysis.Analyzer) (*load.Program, *activity.Result, *tbr.Result) {
	t.Helper()
	p := procSym(t, prog, routine)
	target := &analysis.Target{Routine: p}
	for _, n := range ins {
		target.Independents = append(target.Independents, p.Proc.Scope.Lookup(n))
	}
	for _, n := range outs {
		target.Dependents = append(target.Dependents, p.Proc.Scope.Lookup(n))
	}
	results, err := analysis.Run(prog, target, an)
	if err := analysis.Errors(err); err != nil {
		var l diag.List
		if errors.As(err, &l) {
			var sb strings.Builder
			diag.Print(&sb, err, 0)
			t.Fatalf("Run: %s", sb.String())
		}
		t.Fatalf("Run: %v", err)
	}
	act := results[activity.Analyzer].(*activity.Result)
	res := results[an].(*tbr.Result)
	return prog, act, res
}

// walk calls f for every statement of list, constructs before their bodies.
func walk(list []ast.Stmt, f func(ast.Stmt)) {
	for _, s := range list {
		f(s)
		switch s := s.(type) {
		case *ast.IfStmt:
			walk([]ast.Stmt{s.Action}, f)
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				walk(b.Body, f)
			}
		case *ast.DoConstruct:
			walk(s.Body, f)
		case *ast.SelectCase:
			for _, c := range s.Cases {
				walk(c.Body, f)
			}
		case *ast.WhereStmt:
			walk([]ast.Stmt{s.Assign}, f)
		case *ast.WhereConstruct:
			for _, b := range s.Branches {
				walk(b.Body, f)
			}
		case *ast.ForallStmt:
			walk([]ast.Stmt{s.Assign}, f)
		case *ast.ForallConstruct:
			walk(s.Body, f)
		case *ast.BlockConstruct:
			walk(s.Body, f)
		case *ast.AssociateConstruct:
			walk(s.Body, f)
		}
	}
}

// records describes the records of every version of the procedures, as
// "proc#index: line:ref,ref line:ref", versions sorted.
func records(prog *load.Program, act *activity.Result, res *tbr.Result) map[string]string {
	out := map[string]string{}
	for _, pa := range act.Procs {
		pt := res.Version(pa)
		var parts []string
		walk(pa.Unit.Body, func(s ast.Stmt) {
			rs := pt.RecordBefore(s)
			var names []string
			for _, r := range rs {
				names = append(names, printer.ExprString(r))
			}
			// A checkpointed call's snapshot: Snp as records, Sbk
			// marked.
			if c, ok := s.(*ast.CallStmt); ok && pt.Checkpoint(c) != nil {
				cp := pt.Checkpoint(c)
				for _, r := range cp.Snp {
					names = append(names, refString(r))
				}
				for _, r := range cp.Sbk {
					names = append(names, "sbk:"+refString(r))
				}
			}
			if len(names) == 0 {
				return
			}
			parts = append(parts, fmt.Sprintf("%d:%s", prog.Fset.Position(s.Pos()).Line, strings.Join(names, ",")))
		})
		key := pa.Proc.Name
		if pa.Index > 0 {
			key = fmt.Sprintf("%s#%d", key, pa.Index)
		}
		out[key] = strings.Join(parts, " ")
	}
	return out
}

func refString(r tbr.Ref) string {
	if r.Expr != nil {
		return printer.ExprString(r.Expr)
	}
	return r.Var.Name
}

type tcase struct {
	name      string
	src       string
	routine   string
	ins, outs []string
	want      map[string]string // per procedure (name#i for version i > 0): "line:ref,ref line:ref"
	storeAll  map[string]string // the same with tbr.StoreAll, if given
}

var cases = []tcase{
	{
		name: "subscript of a recorded element in a passive statement",
		src: `
subroutine f(x, y)
  real :: x, y
  real :: w(4)
  integer :: k
  w = 1
  y = x*w(3)
  k = 3
  w(k) = 5
  k = 1
  y = y*y
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "8:w(k) 9:k 10:y"},
	},
	{
		name: "product needs both operands",
		src: `
subroutine f(x, z, y)
  real :: x, z, y
  y = x*x
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:     map[string]string{"f": "4:x"},
		storeAll: map[string]string{"f": "3:y 4:x"},
	},
	{
		name: "linear needs nothing",
		src: `
subroutine f(x, z, y)
  real :: x, z, y
  y = x + z
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x", "z"}, outs: []string{"y"},
		want:     map[string]string{"f": ""},
		storeAll: map[string]string{"f": "3:y 4:x"},
	},
	{
		name: "nonlinear intrinsic",
		src: `
subroutine f(x, y)
  real :: x, y
  y = sin(x)
  x = 2*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "4:x"},
	},
	{
		name: "value never used in partials",
		src: `
subroutine f(x, y)
  real :: x, y
  y = 3*x
  x = 1
  y = y + x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": ""},
	},
	{
		name: "shift and mask of linear intrinsics",
		src: `
subroutine f(x, w, y)
  real :: x(4), w(4), y
  integer :: k
  k = 1
  y = sum(cshift(x, k))
  k = 2
  y = y + sum(x, mask=w > 0)
  w = 1
  y = y + sum(pack(x, w > 0))
  w = 2
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "6:k 8:w 10:w"},
	},
	{
		name: "passive factor of an active term",
		src: `
subroutine f(x, c, y)
  real :: x, c, y
  y = c*x
  c = 1
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "4:c"},
	},
	{
		name: "killed then used again",
		src: `
subroutine f(x, y, z)
  real :: x, y, z
  z = x*x
  x = 1
  x = 2
  y = z*x
  x = 3
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "4:x 7:x"},
	},
	{
		name: "needed before only",
		src: `
subroutine f(x, y)
  real :: x, y, t
  y = x*x
  t = y
  x = t + 1
  t = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "5:x"},
	},
	{
		name: "needed in one branch only",
		src: `
subroutine f(x, y, c)
  real :: x, y
  logical :: c
  if (c) then
    y = x*x
  else
    y = 2*x
  end if
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "9:x"},
	},
	{
		name: "overwritten in one branch",
		src: `
subroutine f(x, y, c)
  real :: x, y
  logical :: c
  y = exp(x)
  if (c) x = 1
  y = y + x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "5:x"},
	},
	{
		name: "loop carried needs",
		src: `
subroutine f(x, y, n)
  real :: x, y
  integer :: n, i
  do i = 1, n
    y = y*x
    x = x + 1
  end do
end subroutine
`,
		routine: "f", ins: []string{"x", "y"}, outs: []string{"y"},
		want: map[string]string{"f": "5:y 6:x"},
	},
	{
		name: "needed in the next iteration only",
		src: `
subroutine f(x, y, n)
  real :: x, y
  integer :: n, i
  do i = 1, n
    x = x + 1
    y = y*x
  end do
end subroutine
`,
		routine: "f", ins: []string{"x", "y"}, outs: []string{"y"},
		want: map[string]string{"f": "5:x 6:y"},
	},
	{
		name: "iterated square",
		src: `
subroutine f(x, n)
  real :: x
  integer :: n, i
  do i = 1, n
    x = x*x
  end do
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"x"},
		want:     map[string]string{"f": "5:x"},
		storeAll: map[string]string{"f": "5:x"},
	},
	{
		name: "array element",
		src: `
subroutine f(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = a(i)*b(i)
  end do
end subroutine
`,
		routine: "f", ins: []string{"a", "b"}, outs: []string{"a"},
		want: map[string]string{"f": "5:a(i)"},
	},
	{
		name: "integer index overwritten",
		src: `
subroutine f(a, y, n)
  integer :: n, i, k
  real :: a(n), y
  k = 1
  do i = 1, n
    y = y*a(k)
    k = k + 2
  end do
end subroutine
`,
		routine: "f", ins: []string{"a", "y"}, outs: []string{"y"},
		want:     map[string]string{"f": "6:y 7:k"},
		storeAll: map[string]string{"f": "6:y 7:k"},
	},
	{
		name: "passive statements add nothing",
		src: `
subroutine f(x, y, p, q)
  real :: x, y, p, q
  p = q*q
  y = 2*x + p
  q = 0
  p = 1
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:     map[string]string{"f": ""},
		storeAll: map[string]string{"f": "3:p 4:y 5:q 6:p"},
	},
	{
		name: "call in joint mode",
		src: `
subroutine g(u, v)
  real, intent(inout) :: u
  real, intent(in) :: v
  u = u*v
end subroutine
subroutine f(x, y)
  real :: x, y
  y = 2*x
  call g(y, x)
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:     map[string]string{"g": "4:u", "f": "9:y 10:x"},
		storeAll: map[string]string{"g": "4:u", "f": "8:y 9:y 10:x"},
	},
	{
		name: "passive call overwriting a needed value",
		src: `
subroutine h(u)
  real, intent(out) :: u
  u = 1
end subroutine
subroutine f(x, y)
  real :: x, y
  y = x*x
  call h(x)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "8:x"},
	},
	{
		name: "exit keeps the set at the exit",
		src: `
subroutine f(x, y, n)
  real :: x, y
  integer :: n, i
  do i = 1, n
    y = y*x
    if (y > 10) exit
    x = 1
  end do
  x = 2
end subroutine
`,
		routine: "f", ins: []string{"x", "y"}, outs: []string{"y"},
		want: map[string]string{"f": "5:y 7:x 9:x"},
	},
	{
		name: "division needs the denominator",
		src: `
subroutine f(x, z, y)
  real :: x, z, y
  y = x/z
  x = 1
  z = 1
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "5:z"},
	},
	{
		name: "power and select case",
		src: `
subroutine f(x, y, k)
  real :: x, y
  integer :: k
  select case (k)
  case (1)
    y = x**3
  case default
    y = -x
  end select
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "10:x"},
	},
	{
		name: "user function",
		src: `
real function g(u)
  real, intent(in) :: u
  g = u + 1
end function
subroutine f(x, y)
  real :: x, y
  y = g(x)
  x = 0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"g": "", "f": "8:x"},
	},
	{
		name: "go to: no kills",
		src: `
subroutine f(x, y, n)
  real :: x, y
  integer :: n
10 y = y*x
  x = 1
  n = n - 1
  if (n > 0) go to 10
  x = 2
end subroutine
`,
		routine: "f", ins: []string{"x", "y"}, outs: []string{"y"},
		want: map[string]string{"f": "4:y 5:x 8:x"},
	},
	{
		name: "passive value of a varied variable",
		src: `
subroutine f(x, y)
  real :: x, y
  y = x*x
  x = 2
  y = y*x
  y = y + real(int(x))
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "4:x"},
	},
	{
		name: "DO variable needed before the loop",
		src: `
subroutine f(a, y, n)
  integer :: n, i
  real :: a(n), y
  i = 2
  y = a(i)*a(i)
  do i = 1, n
    a(i) = 2*a(i)
  end do
  i = 0
end subroutine
`,
		routine: "f", ins: []string{"a"}, outs: []string{"y", "a"},
		want:     map[string]string{"f": "6:i 7:a(i)"},
		storeAll: map[string]string{"f": "5:y 6:i 7:a(i)"},
	},
	{
		name: "call with an INTENT(OUT) argument",
		src: `
subroutine g(u, v, w)
  real, intent(in) :: u
  real, intent(inout) :: v
  real, intent(out) :: w
  w = u*v
  v = 0
end subroutine
subroutine f(x, y, z)
  real :: x, y, z
  z = 1
  call g(x, y, z)
  y = x + z
end subroutine
`,
		routine: "f", ins: []string{"x", "y"}, outs: []string{"y", "z"},
		want: map[string]string{"g": "6:v", "f": "11:y"},
	},
	{
		// CLOUDSC resets its work arrays with a(:, :) = 0 at each level: that
		// kills them like a = 0, so the increments after it record nothing.
		name: "a section of all of an array kills it",
		src: `
subroutine f(x, y, n, m)
  integer :: n, m, i, k
  real :: x(n), y, a(n, 2)
  y = 0
  do k = 1, m
    a(:, :) = 0
    do i = 1, n
      a(i, 1) = a(i, 1) + x(i)
    end do
    do i = 1, n
      a(i, 2) = a(i, 1)*a(i, 1)
    end do
    y = y + sum(a)
  end do
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "6:a(:, :) 11:a(i, 2)"},
	},
	{
		name: "a partial section does not kill",
		src: `
subroutine f(x, y, n, m)
  integer :: n, m, i, k
  real :: x(n), y, a(n, 2)
  y = 0
  do k = 1, m
    a(:, 1) = 0
    do i = 1, n
      a(i, 1) = a(i, 1) + x(i)
    end do
    do i = 1, n
      a(i, 2) = a(i, 1)*a(i, 1)
    end do
    y = y + sum(a)
  end do
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "6:a(:, 1) 8:a(i, 1) 11:a(i, 2)"},
	},
	{
		// An observation clock advances its cursor k in an IF
		// condition; the branch's adjoint reads u(k - 1): k is recorded
		// before the IF (the second step's condition overwrites it).
		name: "a function reference defining its argument",
		src: `
module clock
contains
  logical function due(k, t)
    integer, intent(inout) :: k
    real, intent(in) :: t
    due = t > 0.5*k
    if (due) k = k + 1
  end function due
end module clock
subroutine f(u, y, n)
  use clock
  integer :: n, it, k
  real :: u(n), y
  k = 1
  y = 0
  do it = 1, n
    if (due(k, real(it))) y = y + u(k - 1)**2
  end do
end subroutine
`,
		routine: "f", ins: []string{"u"}, outs: []string{"y"},
		want: map[string]string{"f": "17:k"},
	},
}

func TestTBR(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check := func(an *analysis.Analyzer, want map[string]string) {
				prog, act, res := run(t, c.src, c.routine, c.ins, c.outs, an)
				got := records(prog, act, res)
				var keys []string
				for k := range got {
					keys = append(keys, k)
				}
				for k := range want {
					if _, ok := got[k]; !ok {
						keys = append(keys, k)
					}
				}
				sort.Strings(keys)
				for _, k := range keys {
					if got[k] != want[k] {
						t.Errorf("%s %s: records %q, want %q", an.Name, k, got[k], want[k])
					}
				}
				if t.Failed() {
					for _, pa := range act.Procs {
						pt := res.Version(pa)
						walk(pa.Unit.Body, func(s ast.Stmt) {
							t.Logf("%s line %d: in %v out %v", pa, prog.Fset.Position(s.Pos()).Line, pt.Required(s, false), pt.Required(s, true))
						})
					}
				}
			}
			check(tbr.Analyzer, c.want)
			if c.storeAll != nil {
				check(tbr.StoreAll, c.storeAll)
			}
		})
	}
}

const heat = `
subroutine heat(u, n, nt, c)
  integer :: n, nt, i, t
  real :: u(n), c
  real :: un(n), flux, r
  do t = 1, nt
    un = u
    do i = 2, n - 1
      flux = un(i+1) - 2*un(i) + un(i-1)
      r = c*flux
      u(i) = un(i) + r
      u(i) = u(i) + 0.01*u(i)*u(i)
    end do
  end do
end subroutine
`

// TestHeatStoreAllRecordsMore compares the two strategies on a
// heat-equation-like kernel.
func TestHeatStoreAllRecordsMore(t *testing.T) {
	ins, outs := []string{"u", "c"}, []string{"u"}
	prog, act, res := run(t, heat, "heat", ins, outs, tbr.Analyzer)
	got := records(prog, act, res)["heat"]
	// flux is needed by r = c*flux (c is active) and overwritten in the
	// next iteration; u is needed by the quadratic term, and tracked as a
	// whole array, so both assignments to u(i) record the element. The
	// old values of un (only copied, linearly) and r (only added) are
	// never needed.
	if want := "8:flux 10:u(i) 11:u(i)"; got != want {
		t.Errorf("tbr records %q, want %q", got, want)
	}
	prog2, act2, all := run(t, heat, "heat", ins, outs, tbr.StoreAll)
	gotAll := records(prog2, act2, all)["heat"]
	if want := "6:un 8:flux 9:r 10:u(i) 11:u(i)"; gotAll != want {
		t.Errorf("store-all records %q, want %q", gotAll, want)
	}
	if res.Records() >= all.Records() {
		t.Errorf("tbr records %d values, store-all %d: want fewer", res.Records(), all.Records())
	}
	t.Logf("static records: tbr %d, store-all %d", res.Records(), all.Records())
}

// TestRequired checks the TBR sets around statements.
func TestRequired(t *testing.T) {
	src := `
subroutine f(x, y, z)
  real :: x, y, z
  y = x*z
  x = 0
end subroutine
`
	prog, act, res := run(t, src, "f", []string{"x", "z"}, []string{"y"}, tbr.Analyzer)
	pt := res.Version(act.Target)
	if pt == nil || pt.Activity != act.Target {
		t.Fatalf("no version for the target")
	}
	var s1, s2 ast.Stmt
	walk(act.Target.Unit.Body, func(s ast.Stmt) {
		switch prog.Fset.Position(s.Pos()).Line {
		case 3:
			s1 = s
		case 4:
			s2 = s
		}
	})
	str := func(vs []tbr.Var) string {
		var l []string
		for _, v := range vs {
			l = append(l, v.String())
		}
		return strings.Join(l, " ")
	}
	if got := str(pt.Required(s1, false)); got != "" {
		t.Errorf("before line 3: %q, want empty", got)
	}
	if got := str(pt.Required(s1, true)); got != "x z" {
		t.Errorf("after line 3: %q, want \"x z\"", got)
	}
	if got := str(pt.Required(s2, true)); got != "z" {
		t.Errorf("after line 4: %q, want \"z\"", got)
	}
	if res.Version(nil) != nil {
		t.Errorf("Version(nil) is not nil")
	}
}
