package activity_test

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A test case is a Fortran program (free form, a.f90; line 1 is the
// first line after the opening newline), a target and what the analysis
// must find.
type tcase struct {
	name      string
	src       string
	routine   string   // the target: a procedure name
	ins, outs []string // "x" in the routine's scope, or "module::x"
	// want gives, per procedure that gets derivative versions, the
	// active locations of each version ("a b%c x"), versions in the
	// order of their Index separated by " | ". Common-block members
	// are named as in the first unit declaring the block. Procedures
	// not listed must get no version.
	want map[string]string
	// lines gives, per procedure, the lines of the simple statements
	// (not constructs) each version finds active, like want.
	lines map[string]string
	// diags are the expected diagnostics, "line:col: message", all of
	// them, in order.
	diags []string
	// check makes further assertions.
	check func(t *testing.T, e *env)
}

// env is what a check function gets.
type env struct {
	prog *load.Program
	res  *activity.Result
}

// proc returns the symbol of the procedure named name.
func (e *env) proc(t *testing.T, name string) *sema.Symbol {
	t.Helper()
	var out *sema.Symbol
	for n, s := range e.prog.Info.Scopes {
		u, ok := n.(*ast.Unit)
		if !ok || s.Symbol == nil || s.Symbol.Name != name || s.Kind == sema.InterfaceScope {
			continue
		}
		if u.Kind == ast.ModuleUnit {
			continue
		}
		out = s.Symbol
	}
	if out == nil {
		t.Fatalf("no procedure %q", name)
	}
	return out
}

// sym resolves "x" in procedure proc's scope, or "module::x".
func (e *env) sym(t *testing.T, proc, name string) *sema.Symbol {
	t.Helper()
	if m, v, ok := strings.Cut(name, "::"); ok {
		mod := e.prog.Info.Module(m)
		if mod == nil {
			t.Fatalf("no module %q", m)
		}
		s := mod.Inner.Lookup(v)
		if s == nil {
			t.Fatalf("no %q in module %q", v, m)
		}
		return s
	}
	p := e.proc(t, proc)
	s := p.Proc.Scope.Lookup(name)
	if s == nil {
		t.Fatalf("no %q in %q", name, proc)
	}
	return s
}

// version returns version i of procedure name.
func (e *env) version(t *testing.T, name string, i int) *activity.ProcActivity {
	t.Helper()
	vs := e.res.Versions(e.proc(t, name))
	if i >= len(vs) {
		t.Fatalf("%s has %d versions, want at least %d", name, len(vs), i+1)
	}
	return vs[i]
}

// stmtAt returns the first simple statement of proc's body on line.
func (e *env) stmtAt(t *testing.T, proc string, line int) ast.Stmt {
	t.Helper()
	var found ast.Stmt
	walk(e.proc(t, proc).Proc.Unit.Body, func(s ast.Stmt) {
		if found == nil && e.prog.Fset.Position(s.Pos()).Line == line {
			found = s
		}
	})
	if found == nil {
		t.Fatalf("no statement on line %d of %s", line, proc)
	}
	return found
}

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

func runCase(t *testing.T, c tcase) {
	prog := load1(t, c.src)
	e := &env{prog: prog}
	target := &analysis.Target{Routine: e.proc(t, c.routine)}
	for _, n := range c.ins {
		target.Independents = append(target.Independents, e.sym(t, c.routine, n))
	}
	for _, n := range c.outs {
		target.Dependents = append(target.Dependents, e.sym(t, c.routine, n))
	}
	results, err := analysis.Run(prog, target, activity.Analyzer)
	var got []string
	if err != nil {
		var l diag.List
		if !errors.As(err, &l) {
			t.Fatalf("Run: %v", err)
		}
		for _, d := range l {
			got = append(got, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Msg))
		}
	}
	if strings.Join(got, "\n") != strings.Join(c.diags, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.diags, "\n"))
	}
	res, _ := results[activity.Analyzer].(*activity.Result)
	if res == nil {
		t.Fatalf("no result")
	}
	e.res = res
	// Versions and their active variables.
	vars := map[string][]string{}
	lines := map[string][]string{}
	var order []string
	for _, pa := range res.Procs {
		name := pa.Proc.Name
		if _, ok := vars[name]; !ok {
			order = append(order, name)
		}
		var vs []string
		for _, v := range pa.ActiveVars() {
			vs = append(vs, v.String())
		}
		sort.Strings(vs)
		vars[name] = append(vars[name], strings.Join(vs, " "))
		var ls []int
		walk(pa.Unit.Body, func(s ast.Stmt) {
			if isConstruct(s) || !pa.ActiveStmt(s) {
				return
			}
			ls = append(ls, prog.Fset.Position(s.Pos()).Line)
		})
		sort.Ints(ls)
		lines[name] = append(lines[name], strings.Trim(fmt.Sprint(ls), "[]"))
	}
	for _, name := range order {
		got := strings.Join(vars[name], " | ")
		want, ok := c.want[name]
		if !ok {
			t.Errorf("%s: unexpected versions: %s", name, got)
			continue
		}
		if got != want {
			t.Errorf("%s: active %q, want %q", name, got, want)
		}
		if wl, ok := c.lines[name]; ok {
			if gl := strings.Join(lines[name], " | "); gl != wl {
				t.Errorf("%s: active lines %q, want %q", name, gl, wl)
			}
		}
	}
	for name := range c.want {
		if _, ok := vars[name]; !ok {
			t.Errorf("%s: no version, want %q", name, c.want[name])
		}
	}
	if t.Failed() {
		for _, pa := range res.Procs {
			t.Logf("version %s #%d", pa, pa.Index)
		}
	}
	if c.check != nil {
		c.check(t, e)
	}
}

func isConstruct(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.IfStmt, *ast.IfConstruct, *ast.DoConstruct, *ast.SelectCase, *ast.WhereConstruct,
		*ast.ForallConstruct, *ast.BlockConstruct, *ast.AssociateConstruct, *ast.WhereStmt, *ast.ForallStmt:
		return true
	}
	return false
}

// walk calls f for every statement of a body, nested ones included.
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

// findExpr returns the first expression of proc's body for which ok
// holds.
func (e *env) findExpr(t *testing.T, proc string, ok func(ast.Expr) bool) ast.Expr {
	t.Helper()
	var found ast.Expr
	walk(e.proc(t, proc).Proc.Unit.Body, func(s ast.Stmt) {
		ast.Inspect(s, func(n ast.Node) bool {
			if x, isx := n.(ast.Expr); isx && found == nil && ok(x) {
				found = x
			}
			return found == nil
		})
	})
	if found == nil {
		t.Fatalf("expression not found in %s", proc)
	}
	return found
}

func isCall(name string) func(ast.Expr) bool {
	return func(x ast.Expr) bool {
		c, ok := x.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := c.Fun.(*ast.Ident)
		return ok && id.Lower() == name
	}
}

func isIdent(name string) func(ast.Expr) bool {
	return func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && id.Lower() == name
	}
}

func TestActivity(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runCase(t, c) })
	}
}

var cases = []tcase{
	{
		name: "straight line",
		src: `
subroutine f(x, y)
  real, intent(in) :: x
  real, intent(out) :: y
  real :: a, b, c
  a = 2.0*x
  b = 3.0
  c = a*b
  y = sin(c) + b
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a c x y"},
		lines: map[string]string{"f": "5 7 8"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			if !f.IsTarget || f.Pattern.String() != "in(x) out(y)" {
				t.Errorf("target version %s", f)
			}
			b := e.sym(t, "f", "b")
			if f.ActiveVar(b) {
				t.Errorf("b is active")
			}
			if !f.ActiveExpr(e.findExpr(t, "f", isCall("sin"))) {
				t.Errorf("sin(c) is not active")
			}
			if f.ActiveExpr(e.findExpr(t, "f", isIdent("b"))) {
				t.Errorf("b is an active expression")
			}
		},
	},
	{
		name: "kill",
		src: `
subroutine f(x, y, z)
  real :: x, y, z
  y = x
  z = y*y
  y = 2.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y", "z"},
		want:  map[string]string{"f": "x y z"},
		lines: map[string]string{"f": "3 4"},
		// y is zero on exit: its derivative is zero.
		diags: []string{"1:17: warning: dependent 'y' does not depend on any independent: its derivative is zero"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			y := e.sym(t, "f", "y")
			s5 := e.stmtAt(t, "f", 5)
			if !f.IsVaried(s5, false, y) || f.IsVaried(s5, true, y) {
				t.Errorf("y = 2.0 must kill the varied status of y")
			}
			if !f.IsUseful(s5, true, y) || f.IsUseful(s5, false, y) {
				t.Errorf("y is useful after y = 2.0 and not before it")
			}
		},
	},
	{
		name: "killed before use",
		src: `
subroutine f(x, y)
  real :: x, y, t
  t = x
  t = 1.0
  y = t*y
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": ""},
		diags: []string{"1:17: warning: dependent 'y' does not depend on any independent: its derivative is zero"},
	},
	{
		name: "integers cut dependence",
		src: `
subroutine f(x, a, y)
  real :: x, y, a(10)
  integer :: i, k
  k = int(x)
  i = nint(x*2.0) + floor(x)
  y = a(k) + real(i) + a(i)
  if (x > 0.0) y = y + 1.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": ""},
		diags: []string{"1:20: warning: dependent 'y' does not depend on any independent: its derivative is zero"},
	},
	{
		name: "branches",
		src: `
subroutine f(x, y, c)
  real :: x, y, a, b
  logical :: c
  if (c) then
    a = x
    b = 1.0
  else if (x > 2.0) then
    a = 2.0
    b = x
  else
    a = x*x
  end if
  y = a
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a x y"},
		lines: map[string]string{"f": "5 11 13"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			if !f.ActiveStmt(e.stmtAt(t, "f", 4)) {
				t.Errorf("the IF construct is not active")
			}
		},
	},
	{
		name: "loop needs a second iteration",
		src: `
subroutine f(x, y, n)
  real :: x, y, a, b
  integer :: n, i
  a = 0.0
  b = 0.0
  do i = 1, n
    b = a
    a = x
  end do
  y = b
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a b x y"},
		lines: map[string]string{"f": "7 8 10"},
	},
	{
		name: "do while",
		src: `
subroutine f(x, y)
  real :: x, y, r
  integer :: k
  r = x
  k = 0
  do while (r > 1.0 .and. k < 10)
    r = sqrt(r)
    k = k + 1
  end do
  y = r
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "r x y"},
		lines: map[string]string{"f": "4 7 10"},
	},
	{
		name: "exit and cycle",
		src: `
subroutine f(x, y, n)
  real :: x, y, a, b, c
  integer :: n, i
  a = 0.0
  b = 0.0
  c = 0.0
  outer: do i = 1, n
    if (i > 5) exit outer
    b = a
    if (i > 3) cycle
    a = x
    c = b
  end do outer
  y = b
  do
    c = c + x
    if (c > 10.0) exit
    c = 0.0
  end do
  y = y + c
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a b c x y"},
		lines: map[string]string{"f": "9 11 12 14 16 20"},
	},
	{
		name: "array element does not kill",
		src: `
subroutine f(x, y)
  real :: x, y, a(3)
  a(1) = x
  a(2) = 0.0
  y = a(1) + a(2)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a x y"},
		lines: map[string]string{"f": "3 4 5"},
	},
	{
		name: "whole array kills",
		src: `
subroutine f(x, y)
  real :: x, y, a(3)
  a = x
  a = 0.0
  y = sum(a)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		diags: []string{"1:17: warning: dependent 'y' does not depend on any independent: its derivative is zero"},
	},
	{
		name: "sections",
		src: `
subroutine f(x, y, n)
  integer :: n
  real :: x(n), y(n), t(n), s(n)
  t = 0.0
  s = 1.0
  t(2:n) = x(1:n-1)
  s(1:n:2) = t(1:n:2)
  y(:) = s*2.0 + t(size(x))
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "s t x y"},
		lines: map[string]string{"f": "6 7 8"},
	},
	{
		name: "derived type components",
		src: `
module m
  type state
    real :: u, v
    integer :: n
  end type
end module
subroutine f(x, y)
  use m
  real :: x, y
  type(state) :: s, t
  s%u = x
  s%v = x
  s%n = 3
  t = s
  y = t%u*t%n
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "s%u t%u x y"},
		lines: map[string]string{"f": "11 14 15"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			s := e.sym(t, "f", "s")
			if !f.ActiveVar(s) || !f.ActiveComponent(s, "%u") || f.ActiveComponent(s, "%v") {
				t.Errorf("s: active %v, %%u %v, %%v %v", f.ActiveVar(s), f.ActiveComponent(s, "%u"), f.ActiveComponent(s, "%v"))
			}
		},
	},
	{
		name: "nested derived type passed to a subroutine",
		src: `
module m
  type inner
    real :: a, b
  end type
  type outer
    type(inner) :: p
    real :: w
  end type
contains
  subroutine g(s)
    type(inner), intent(inout) :: s
    s%b = s%a*2.0
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y
  type(outer) :: v
  v%p%a = x
  v%p%b = 0.0
  v%w = x
  call g(v%p)
  y = v%p%b
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "v%p%a v%p%b x y", "g": "s%a s%b"},
		lines: map[string]string{"f": "19 22 23", "g": "12"},
		check: func(t *testing.T, e *env) {
			g := e.version(t, "g", 0)
			if g.Pattern.String() != "in(s%a) out(s%b)" {
				t.Errorf("g pattern %s", g.Pattern)
			}
		},
	},
	{
		name: "module variables as independent and dependent",
		src: `
module m
  real :: p, q, r, unused
end module
subroutine f()
  use m
  r = 2.0*p
  q = r + 1.0
end subroutine
`,
		routine: "f", ins: []string{"m::p"}, outs: []string{"m::q"},
		want:  map[string]string{"f": "p q r"},
		lines: map[string]string{"f": "6 7"},
	},
	{
		name: "common blocks across units",
		src: `
subroutine f(x, y)
  real :: x, y
  real :: a, b
  common /c/ a, b
  a = x
  call g
  y = b
end subroutine
subroutine g
  real :: u, v
  common /c/ u, v
  v = u*u
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a b x y", "g": "a b"},
		lines: map[string]string{"f": "5 6 7", "g": "12"},
		check: func(t *testing.T, e *env) {
			g := e.version(t, "g", 0)
			if !g.ActiveVar(e.sym(t, "g", "u")) || !g.ActiveIn(e.sym(t, "g", "u")) || !g.ActiveOut(e.sym(t, "g", "v")) {
				t.Errorf("g: u and v must be active through the common block")
			}
		},
	},
	{
		name: "common block as independent",
		src: `
subroutine f(y)
  real :: y
  real :: a, b
  common /c/ a, b
  y = a*b
end subroutine
`,
		routine: "f", ins: []string{"a"}, outs: []string{"y"},
		want:  map[string]string{"f": "a y"},
		lines: map[string]string{"f": "5"},
	},
	{
		name: "function with active result",
		src: `
real function sq(z)
  real, intent(in) :: z
  sq = z*z
end function
subroutine f(x, y)
  real :: x, y
  real, external :: sq
  y = sq(x) + sq(2.0)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y", "sq": "sq z"},
		lines: map[string]string{"f": "8", "sq": "3"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			var calls []ast.Expr
			walk(e.proc(t, "f").Proc.Unit.Body, func(s ast.Stmt) {
				ast.Inspect(s, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						calls = append(calls, c)
					}
					return true
				})
			})
			if len(calls) != 2 {
				t.Fatalf("%d calls", len(calls))
			}
			if v := f.CallPattern(calls[0]); v == nil || v.Pattern.String() != "in(z) out(sq)" {
				t.Errorf("sq(x) calls %v", v)
			}
			if v := f.CallPattern(calls[1]); v != nil {
				t.Errorf("sq(2.0) calls %v", v)
			}
			if !f.ActiveExpr(calls[0]) || f.ActiveExpr(calls[1]) {
				t.Errorf("ActiveExpr: sq(x) %v, sq(2.0) %v", f.ActiveExpr(calls[0]), f.ActiveExpr(calls[1]))
			}
			if !f.ActiveExpr(calls[0].(*ast.CallExpr).Args[0]) {
				t.Errorf("x in sq(x) is not active")
			}
		},
	},
	{
		name: "two patterns for one callee and a passive call",
		src: `
module m
contains
  subroutine g(a, b, c)
    real, intent(in) :: a, b
    real, intent(out) :: c
    c = a*b
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, t1, t2, t3, k
  k = 3.0
  call g(x, k, t1)
  call g(k, x, t2)
  call g(k, k, t3)
  y = t1 + t2 + t3
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t1 t2 x y", "g": "a c | b c"},
		lines: map[string]string{"f": "13 14 16", "g": "6 | 6"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			g := e.proc(t, "g")
			v0 := f.CallPattern(e.stmtAt(t, "f", 13))
			v1 := f.CallPattern(e.stmtAt(t, "f", 14))
			if v0 == nil || v1 == nil || v0 == v1 {
				t.Fatalf("calls of g: %v, %v", v0, v1)
			}
			if f.CallPattern(e.stmtAt(t, "f", 15)) != nil {
				t.Errorf("call g(k, k, t3) is not passive")
			}
			if e.res.Lookup(g, v1.Pattern) != v1 || e.res.Lookup(g, activity.Pattern{}) != nil {
				t.Errorf("Lookup")
			}
			if len(f.Callees()) != 2 {
				t.Errorf("callees %v", f.Callees())
			}
			if v0.Index != 0 || v1.Index != 1 || e.res.Procs[0] != v0 || e.res.Procs[2] != f {
				t.Errorf("versions are not in callee-first order")
			}
		},
	},
	{
		name: "nested calls",
		src: `
module m
contains
  subroutine h(a, b)
    real, intent(in) :: a
    real, intent(inout) :: b
    b = b + a*a
  end subroutine
  subroutine g(u, v, w)
    real :: u, v, w
    call h(u, v)
    call h(v, w)
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, t
  t = 1.0
  y = 0.0
  call g(x, t, y)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y", "g": "u v w", "h": "a b"},
		lines: map[string]string{"f": "19", "g": "10 11", "h": "6"},
		check: func(t *testing.T, e *env) {
			g := e.version(t, "g", 0)
			if g.Pattern.String() != "in(u) out(w)" {
				t.Errorf("g pattern %s", g.Pattern)
			}
			// h is called with in(a) out(b) both times: one version.
			if n := len(e.res.Versions(e.proc(t, "h"))); n != 1 {
				t.Errorf("h has %d versions", n)
			}
		},
	},
	{
		name: "external procedure without body",
		src: `
subroutine f(x, y)
  real :: x, y, t, k
  external ext
  k = 1.0
  call ext(x, t)
  call ext(k, k)
  call ext(x)
  y = t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		lines: map[string]string{"f": "5 7 8"},
		diags: []string{"5:3: warning: call to external procedure 'ext' without source: assumed to make every real argument depend on every other"},
	},
	{
		name: "external with an interface",
		src: `
subroutine f(x, y)
  real :: x, y, t, k
  interface
    subroutine ext(a, b)
      real, intent(in) :: a
      real, intent(out) :: b
    end subroutine
  end interface
  k = 2.0
  t = x
  call ext(k, t)
  y = t + x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "12"},
	},
	{
		name: "recursion",
		src: `
module m
contains
  recursive subroutine r(n, x, y)
    integer, intent(in) :: n
    real, intent(in) :: x
    real, intent(inout) :: y
    if (n > 0) then
      y = y*x
      call r(n - 1, x, y)
    end if
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y
  y = 1.0
  call r(3, x, y)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y", "r": "x y | x y"},
		lines: map[string]string{"f": "17", "r": "8 9 | 8 9"},
		check: func(t *testing.T, e *env) {
			r0, r1 := e.version(t, "r", 0), e.version(t, "r", 1)
			if r0.Pattern.String() != "in(x) out(y)" || r1.Pattern.String() != "in(x,y) out(y)" {
				t.Errorf("patterns %s, %s", r0.Pattern, r1.Pattern)
			}
			if r1.CallPattern(e.stmtAt(t, "r", 9)) != r1 {
				t.Errorf("the recursive call of version 1 is not to itself")
			}
		},
	},
	{
		name: "mutual recursion",
		src: `
module m
contains
  recursive subroutine ping(n, a, b)
    integer :: n
    real :: a, b
    if (n > 0) call pong(n - 1, a, b)
    b = b + 1.0
  end subroutine
  recursive subroutine pong(n, a, b)
    integer :: n
    real :: a, b
    b = a*b
    if (n > 0) call ping(n - 1, b, a)
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, t
  t = 2.0
  call ping(4, x, t)
  y = t
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "t x y", "ping": "a b | a b | a b", "pong": "a b | a b | a b"},
	},
	{
		name: "intent(out) kills",
		src: `
module m
contains
  subroutine zero(a)
    real, intent(out) :: a
    a = 0.0
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, t
  t = x
  call zero(t)
  y = t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "13"},
	},
	{
		name: "statement functions",
		src: `
subroutine f(x, y)
  real :: x, y, sq, z, w, cut
  sq(z) = z*z + w
  cut(z) = real(int(z))
  w = 2.0
  y = sq(x) + sq(w) + cut(x)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "6"},
	},
	{
		name: "intrinsics with passive arguments",
		src: `
subroutine f(x, y, z, n)
  integer :: n, m
  real :: x(n), y, z
  m = size(x) + mod(n, 3)
  y = sign(3.0, x(1)) + aint(x(1)) + epsilon(x(1)) + real(mod(m, 2)) + real(lbound(x, 1))
  z = sign(x(1), -1.0) + max(x(2), 0.0) + abs(x(3)) + mod(x(1), 2.0) + sum(x)/real(size(x))
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y", "z"},
		want:  map[string]string{"f": "x y z"},
		lines: map[string]string{"f": "6"},
		diags: []string{"1:17: warning: dependent 'y' does not depend on any independent: its derivative is zero"},
	},
	{
		name: "complex",
		src: `
subroutine f(x, y)
  complex :: x, z
  real :: y
  z = x*(1.0, 2.0)
  y = real(z) + aimag(z) + abs(z)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y z"},
		lines: map[string]string{"f": "4 5"},
	},
	{
		name: "go to falls back to flow-insensitive",
		src: `
subroutine f(x, y)
  real :: x, y, t, u
  t = x
  go to 10
  t = 0.0
10 continue
  y = t
  t = 5.0
  u = 1.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		lines: map[string]string{"f": "3 5 7 8"},
		check: func(t *testing.T, e *env) {
			if !e.version(t, "f", 0).Flat {
				t.Errorf("not flat")
			}
		},
	},
	{
		name: "select case",
		src: `
subroutine f(x, y, k)
  real :: x, y, a
  integer :: k
  a = 0.0
  select case (k)
  case (1)
    a = x
  case (2:3)
    a = x*x
  end select
  y = a
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a x y"},
		lines: map[string]string{"f": "7 9 11"},
	},
	{
		name: "where and forall do not kill",
		src: `
subroutine f(x, y, n)
  integer :: n, i
  real :: x(n), y(n), t(n)
  t = x
  where (x > 0.0) t = 0.0
  y = 0.0
  where (x > 1.0)
    y = x
  elsewhere
    y = -t
  end where
  forall (i = 1:n) y(i) = y(i)*2.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		lines: map[string]string{"f": "4 5 8 10 12"},
	},
	{
		name: "internal procedure uses host variables",
		src: `
subroutine f(x, y)
  real :: x, y, s
  s = x
  call inner()
  y = s
contains
  subroutine inner()
    s = s*2.0
  end subroutine
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "s x y", "inner": "s"},
		lines: map[string]string{"f": "3 4 5", "inner": "8"},
	},
	{
		name: "function with a side effect on a module variable",
		src: `
module m
  real :: acc
contains
  real function addto(v)
    real, intent(in) :: v
    acc = acc + v
    addto = 2.0
  end function
end module
subroutine f(x, y)
  use m
  real :: x, y, d
  acc = 0.0
  d = addto(x)
  y = acc*d
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "acc x y", "addto": "acc v"},
		lines: map[string]string{"f": "14 15", "addto": "6"},
		check: func(t *testing.T, e *env) {
			a := e.version(t, "addto", 0)
			if a.Pattern.String() != "in(v) out(acc)" {
				t.Errorf("addto pattern %s", a.Pattern)
			}
		},
	},
	{
		name: "saved local variable outlives the call",
		src: `
module m
contains
  subroutine accum(v, tot)
    real, intent(in) :: v
    real, intent(out) :: tot
    real, save :: s = 0.0
    s = s + v
    tot = s
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, t1
  call accum(x, t1)
  call accum(1.0, y)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		// s, saved in accum, carries the derivative from one call to
		// the next: it is active in f too (a derivative global).
		want: map[string]string{"f": "s x y", "accum": "s v | s tot"},
		check: func(t *testing.T, e *env) {
			if p := e.version(t, "accum", 1).Pattern.String(); p != "in(s) out(tot)" {
				t.Errorf("second call pattern %s", p)
			}
		},
	},
	{
		name: "generic interface and keyword arguments",
		src: `
module m
  interface mul
    module procedure mulr
  end interface
contains
  real function mulr(a, b)
    real, intent(in) :: a, b
    mulr = a*b
  end function
end module
subroutine f(x, y)
  use m
  real :: x, y, k
  k = 2.0
  y = mul(b=x, a=k)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "x y", "mulr": "b mulr"},
	},
	{
		name: "associate",
		src: `
module m
contains
  real function twice(v)
    real, intent(in) :: v
    twice = 2.0*v
  end function
end module
subroutine f(x, y)
  use m
  real :: x, y
  real :: s(3)
  s = 0.0
  associate (p => s(2), q => x*2.0, r => twice(x))
    p = q + r
  end associate
  y = s(2)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "q r s x y", "twice": "twice v"},
		lines: map[string]string{"f": "14 16"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			var p *sema.Symbol
			for id, s := range e.prog.Info.Defs {
				if id.Name == "p" {
					p = s
				}
			}
			if p == nil || !f.ActiveVar(p) {
				t.Errorf("the associate name p (an alias of s) is not active")
			}
		},
	},
	{
		name: "function result as dependent",
		src: `
module m
contains
  function cube(x) result(r)
    real, intent(in) :: x
    real :: r
    r = x**3
  end function
end module
`,
		routine: "cube", ins: []string{"x"}, outs: []string{"r"},
		want:  map[string]string{"cube": "r x"},
		lines: map[string]string{"cube": "6"},
	},
	{
		name: "integer independent",
		src: `
subroutine f(n, x, y)
  integer :: n
  real :: x, y
  y = x*n
end subroutine
`,
		routine: "f", ins: []string{"n", "x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		diags: []string{"1:14: independent 'n' is integer: only real and complex variables can be differentiated"},
	},
	{
		name: "logical dependent and local independent",
		src: `
subroutine f(x, ok)
  real :: x, t
  logical :: ok
  t = x
  ok = t > 0.0
end subroutine
`,
		routine: "f", ins: []string{"t"}, outs: []string{"ok"},
		want: map[string]string{"f": ""},
		diags: []string{
			"1:17: dependent 'ok' is logical: only real and complex variables can be differentiated",
			"2:14: independent 't' is not a dummy argument of 'f' nor a module or common-block variable",
		},
	},
	{
		name: "equivalence of an active variable",
		src: `
subroutine f(x, y)
  real :: x, y, a, b
  equivalence (a, b)
  a = x
  y = b
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "a x y"},
		diags: []string{
			"2:17: not supported: EQUIVALENCE of active variable 'a' at a.f90:3:3",
			"2:20: not supported: EQUIVALENCE of active variable 'b' at a.f90:3:3",
		},
	},
	{
		name: "active local pointer (one location with its target)",
		src: `
subroutine f(x, y)
  real, target :: x
  real :: y
  real, pointer :: p
  p => x
  y = p*2.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "x y"},
	},
	{
		name: "active module pointer",
		src: `
module m
  real, pointer :: p
end module
subroutine f(x, y)
  use m
  real, target :: x
  real :: y
  p => x
  y = p*2.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "p y"}, // (the generators take module pointers: ad/tangent/ptr_module.go)
	},
	{
		name: "read into an active variable",
		src: `
subroutine f(x, y)
  real :: x, y, t
  t = x*2.0
  y = t
  read (*, *) t
  y = y + t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "t x y"}, // (the derivatives zero t's: ad/tangent/io.go, ad/adjoint/io.go)
	},
	{
		name: "namelist of a module read into an active variable",
		src: `
module cfg
  real :: t, c
  namelist /params/ t, c
end module
subroutine f(x, y)
  use cfg
  real :: x, y
  t = x*2.0
  y = t
  read (10, nml=params)
  y = y + t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "t x y"}, // (a real member: the READ's elements told by a sentinel, ad/decl/read_namelist.go)
	},
	{
		name: "read back what the write before wrote",
		src: `
subroutine f(x, y)
  real :: x, y
  y = x
  write (3, *) x
  rewind (3)
  read (3, *) x
  y = y*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "x y"}, // (x keeps its value and its derivative: io_roundtrip.go)
	},
	{
		name: "read back from a unit opened on another file",
		src: `
subroutine f(x, y)
  real :: x, y
  y = x
  open (3, file='a.txt')
  write (3, *) x
  close (3)
  open (3, file='b.txt')
  read (3, *) x
  y = y*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		diags: []string{"8:15: not supported yet: READ into active variable 'x' from a unit the WRITE of varied values at a.f90:5:3 writes to (fadj does not carry derivatives through files: the value read back depends on the independents)"},
	},
	{
		name: "read back after another write to the unit",
		src: `
subroutine f(x, y)
  real :: x, y
  y = x
  write (3, *) x
  rewind (3)
  write (3, *) 2.0*y
  rewind (3)
  read (3, *) x
  y = y*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		diags: []string{"8:15: not supported yet: READ into active variable 'x' from a unit the WRITE of varied values at a.f90:4:3 writes to (fadj does not carry derivatives through files: the value read back depends on the independents)"},
	},
	{
		name: "read back through another unit on the same file",
		src: `
subroutine f(x, y)
  real :: x, y, t
  t = x
  y = t
  open (10, file='tmp.dat')
  write (10, *) x
  close (10)
  open (20, file='tmp.dat')
  read (20, *) t
  y = y*t
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		diags: []string{"9:16: not supported yet: READ into active variable 't' from a unit the WRITE of varied values at a.f90:6:3 writes to (fadj does not carry derivatives through files: the value read back depends on the independents)"},
	},
	{
		name: "read from a unit a write of varied values wrote",
		src: `
subroutine f(x, y)
  real :: x, y, t
  t = x
  y = t
  write (3, *) x
  rewind (3)
  read (3, *) t
  y = y*t
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		diags: []string{"7:15: not supported yet: READ into active variable 't' from a unit the WRITE of varied values at a.f90:5:3 writes to (fadj does not carry derivatives through files: the value read back depends on the independents)"},
	},
	{
		name: "namelist read of an active real(16), which has no sentinel",
		src: `
subroutine f(x, y)
  real :: x, y, c
  real(kind=16) :: t
  namelist /params/ t, c
  t = x*2.0
  y = t
  read (10, nml=params)
  y = y + t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		diags: []string{"7:3: not supported yet: NAMELIST READ of group 'params' holding active variable 't' (the input decides which of the group's variables it sets, so which derivatives to zero is not known)"},
	},
	{
		name: "read into a passive variable",
		src: `
subroutine f(x, y)
  real :: x, y, t
  read (*, *) t
  y = t*x
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "4"},
	},
	{
		name: "type-bound procedure",
		src: `
module m
  type body
    real :: mass, pos
  contains
    procedure :: move
  end type
contains
  subroutine move(self, dt)
    class(body), intent(inout) :: self
    real, intent(in) :: dt
    self%pos = self%pos + dt/self%mass
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y
  type(body) :: b
  b%mass = 2.0
  b%pos = 0.0
  call b%move(x)
  y = b%pos
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "b%pos x y", "move": "dt self"},
		lines: map[string]string{"f": "20 21", "move": "11"},
	},
	{
		name: "fixed form with labelled loops",
		src: `
subroutine f(x, y, n)
  real :: x(n), y
  integer :: n, i, j
  y = 0.0
  do 10 i = 1, n
    do 10 j = 1, n
      y = y + x(i)*x(j)
10 continue
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "7"},
	},
	{
		name: "defined operator and assignment",
		src: `
module vec
  type v2
    real :: x, y
  end type
  interface operator(.dot.)
    module procedure dot
  end interface
  interface assignment(=)
    module procedure fill
  end interface
contains
  real function dot(a, b)
    type(v2), intent(in) :: a, b
    dot = a%x*b%x + a%y*b%y
  end function
  subroutine fill(a, s)
    type(v2), intent(out) :: a
    real, intent(in) :: s
    a%x = s
    a%y = 0.0
  end subroutine
end module
subroutine f(x, y)
  use vec
  real :: x, y
  type(v2) :: p, q
  p = x
  q = 2.0
  y = p .dot. q
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "p%x x y", "fill": "a%x s", "dot": "a%x dot"},
		lines: map[string]string{"f": "27 29"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			if v := f.CallPattern(e.stmtAt(t, "f", 27)); v == nil || v.Proc.Name != "fill" {
				t.Errorf("p = x calls %v", v)
			}
			if v := f.CallPattern(e.stmtAt(t, "f", 28)); v != nil {
				t.Errorf("q = 2.0 calls %v", v)
			}
			rhs := e.stmtAt(t, "f", 29).(*ast.AssignStmt).Rhs
			if v := f.CallPattern(rhs); v == nil || v.Pattern.String() != "in(a%x) out(dot)" {
				t.Errorf("p .dot. q calls %v", v)
			}
		},
	},
	{
		name: "external function without body",
		src: `
subroutine f(x, y)
  real :: x, y
  real, external :: ef
  y = ef(x, 2.0)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y"},
		lines: map[string]string{"f": "4"},
		diags: []string{"4:7: warning: call to external procedure 'ef' without source: assumed to make every real argument depend on every other"},
	},
	{
		name: "exit from a named block",
		src: `
subroutine f(x, y, c)
  real :: x, y, a
  logical :: c
  a = 0.0
  blk: block
    if (c) exit blk
    a = x
  end block blk
  y = a
  chk: if (x > 0.0) then
    if (c) exit chk
    y = y*x
  end if chk
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a x y"},
		lines: map[string]string{"f": "7 9 12"},
	},
	{
		name: "main program with module variables",
		src: `
module state
  real :: p, e
end module
program main
  use state
  real :: t
  t = p*p
  e = t + 1.0
  print *, e
end program
`,
		routine: "main", ins: []string{"state::p"}, outs: []string{"state::e"},
		want:  map[string]string{"main": "e p t"},
		lines: map[string]string{"main": "7 8"},
	},
	{
		name: "active arguments of a call",
		src: `
module m
contains
  subroutine g(a, b, c, d)
    real, intent(in) :: a, b
    real, intent(out) :: c, d
    c = a*b
    d = b
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y, k, t, u
  k = 2.0
  call g(x*k, k, t, u)
  y = t + u
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want: map[string]string{"f": "t x y", "g": "a c"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			call := e.stmtAt(t, "f", 14).(*ast.CallStmt)
			want := []bool{true, false, true, false}
			for i, a := range call.Args {
				if got := f.ActiveExpr(a); got != want[i] {
					t.Errorf("argument %d: active %v", i+1, got)
				}
			}
			mul := call.Args[0].(*ast.BinaryExpr)
			if !f.ActiveExpr(mul.X) || f.ActiveExpr(mul.Y) {
				t.Errorf("x*k: x %v, k %v", f.ActiveExpr(mul.X), f.ActiveExpr(mul.Y))
			}
			lhs := e.stmtAt(t, "f", 15).(*ast.AssignStmt)
			if !f.ActiveExpr(lhs.Lhs) || f.ActiveExpr(e.stmtAt(t, "f", 13).(*ast.AssignStmt).Lhs) {
				t.Errorf("left-hand sides")
			}
		},
	},
	{
		name: "loop: varied only from the second iteration on",
		src: `
subroutine f(x, y, n)
  real :: x, y, a, b
  integer :: n, i
  a = 0.0
  b = 0.0
  do i = 1, n
    y = y + b
    b = a
    a = x
  end do
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "a b x y"},
		lines: map[string]string{"f": "7 8 9"},
		check: func(t *testing.T, e *env) {
			f := e.version(t, "f", 0)
			s := e.stmtAt(t, "f", 7)
			if !f.IsVaried(s, false, e.sym(t, "f", "b")) || !f.IsVaried(s, false, e.sym(t, "f", "a")) {
				t.Errorf("the loop did not reach its fixed point")
			}
			if f.IsVaried(e.stmtAt(t, "f", 5), true, e.sym(t, "f", "b")) {
				t.Errorf("b is varied before the loop")
			}
		},
	},
	{
		name: "return and stop",
		src: `
subroutine f(x, y, n)
  real :: x, y, t
  integer :: n, i
  t = 0.0
  do i = 1, n
    if (i == 3) then
      y = t
      return
    end if
    if (i == 4) stop
    t = t + x
  end do
  y = 0.0
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "t x y"},
		lines: map[string]string{"f": "7 11"},
	},
	{
		name: "optional argument absent",
		src: `
module m
contains
  subroutine g(a, b, c)
    real, intent(in) :: a
    real, intent(in), optional :: b
    real, intent(out) :: c
    c = a
    if (present(b)) c = c*b
  end subroutine
end module
subroutine f(x, y)
  use m
  real :: x, y
  call g(c=y, a=x)
end subroutine
`,
		routine: "f", ins: []string{"x"}, outs: []string{"y"},
		want:  map[string]string{"f": "x y", "g": "a c"},
		lines: map[string]string{"f": "14", "g": "7 8"},
	},
}

func TestNoTarget(t *testing.T) {
	prog := load1(t, "subroutine f\nend subroutine\n")
	_, err := analysis.Run(prog, nil, activity.Analyzer)
	if err == nil || !strings.Contains(err.Error(), "no target routine") {
		t.Errorf("err = %v", err)
	}
}

func TestRoutineWithoutBody(t *testing.T) {
	prog := load1(t, `
subroutine f(x)
  real :: x
  external g
  call g(x)
end subroutine
`)
	e := &env{prog: prog}
	var g *sema.Symbol
	for _, n := range prog.Info.CallGraph.Nodes {
		if n.Proc.Name == "g" {
			g = n.Proc
		}
	}
	_ = e
	res, err := analysis.Run(prog, &analysis.Target{Routine: g}, activity.Analyzer)
	if err == nil || !strings.Contains(err.Error(), "routine 'g' has no body in the analysed files") {
		t.Errorf("err = %v", err)
	}
	if r := res[activity.Analyzer].(*activity.Result); r.Target != nil || len(r.Procs) != 0 {
		t.Errorf("result %+v", r)
	}
}

func TestWarningsAreNotErrors(t *testing.T) {
	prog := load1(t, `
subroutine f(x, y)
  real :: x, y
  y = 1.0
end subroutine
`)
	e := &env{prog: prog}
	target := &analysis.Target{Routine: e.proc(t, "f"), Independents: []*sema.Symbol{e.sym(t, "f", "x")}, Dependents: []*sema.Symbol{e.sym(t, "f", "y")}}
	_, err := analysis.Run(prog, target, activity.Analyzer)
	if err == nil {
		t.Fatal("no warning")
	}
	if analysis.Errors(err) != nil {
		t.Errorf("Errors(%v) = %v", err, analysis.Errors(err))
	}
}
