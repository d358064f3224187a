package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// src is one source file of a test.
type src struct{ name, text string }

// parse parses the files (in the given order) and fails the test on a
// syntax error.
func parse(t *testing.T, files ...src) (*source.FileSet, []*ast.File) {
	t.Helper()
	fset := source.NewFileSet()
	var out []*ast.File
	for _, f := range files {
		text := strings.TrimLeft(f.text, "\n")
		af, err := parser.ParseFile(fset, f.name, []byte(text), parser.Config{})
		if err != nil {
			t.Fatalf("parse %s: %v", f.name, err)
		}
		out = append(out, af)
	}
	return fset, out
}

// check parses and checks free-form source and fails on any error.
func check(t *testing.T, text string) *Info {
	t.Helper()
	return checkFiles(t, src{"a.f90", text})
}

func checkFiles(t *testing.T, files ...src) *Info {
	t.Helper()
	fset, fs := parse(t, files...)
	info, err := Check(fset, fs, nil)
	if err != nil {
		var sb strings.Builder
		diag.Print(&sb, err, 10)
		t.Fatalf("unexpected errors:\n%s", sb.String())
	}
	return info
}

// scope returns the scope of the unit (or contained procedure) named name.
func scope(t *testing.T, info *Info, name string) *Scope {
	t.Helper()
	for _, s := range info.Scopes {
		if s.Symbol != nil && s.Symbol.Name == name && s.Kind != InterfaceScope {
			return s
		}
	}
	t.Fatalf("no scope %q", name)
	return nil
}

func lookup(t *testing.T, info *Info, unit, name string) *Symbol {
	t.Helper()
	s := scope(t, info, unit).Lookup(name)
	if s == nil {
		t.Fatalf("%s: no symbol %q", unit, name)
	}
	return s
}

// rhs returns the right-hand sides of the assignment statements of the
// execution part of unit u, in order.
func rhs(u *ast.Unit) []ast.Expr {
	var out []ast.Expr
	for _, s := range u.Body {
		if a, ok := s.(*ast.AssignStmt); ok {
			out = append(out, a.Rhs)
		}
	}
	return out
}

func unitNamed(t *testing.T, info *Info, name string) *ast.Unit {
	t.Helper()
	return scope(t, info, name).Unit
}

func TestDeclaredTypes(t *testing.T) {
	info := checkFiles(t,
		src{"kinds.f90", `
module kinds
  implicit none
  integer, parameter :: dp = kind(1.d0), sp = kind(1.0)
  integer, parameter :: wp = selected_real_kind(15, 307)
  integer, parameter :: qp = selected_real_kind(p=30)
  integer, parameter :: xp = selected_real_kind(18)
  integer, parameter :: p6 = selected_real_kind(p=6)
  integer, parameter :: i8 = selected_int_kind(18), i2 = selected_int_kind(3)
  integer, parameter :: lit = 8
end module kinds
`},
		src{"user.f90", `
subroutine s(c1, c2)
  use kinds, only: dp, wp, myqp => qp, xp, p6, i8, i2, lit, sp
  implicit none
  character(len=*) :: c1
  character*(*) :: c2
  real :: a
  double precision :: b
  real*8 :: c
  real(8) :: d
  real(kind=dp) :: e
  real(dp) :: f
  real(wp) :: g
  real(myqp) :: h
  real(xp) :: k
  real(p6) :: l
  real(sp) :: m
  real(kind=lit) :: n
  integer(i8) :: o
  integer(i2) :: p
  integer*8 :: q
  complex :: r
  complex*16 :: t
  complex(dp) :: u
  double complex :: v
  logical :: w
  logical(1) :: x
  character :: y
  character(len=10) :: z
  character*12 :: z2, z3*4
  character(20) :: z4
end subroutine s
`})
	tests := []struct{ name, want string }{
		{"a", "real(4)"}, {"b", "real(8)"}, {"c", "real(8)"}, {"d", "real(8)"}, {"e", "real(8)"},
		{"f", "real(8)"}, {"g", "real(8)"}, {"h", "real(16)"}, {"k", "real(10)"}, {"l", "real(4)"},
		{"m", "real(4)"}, {"n", "real(8)"}, {"o", "integer(8)"}, {"p", "integer(2)"}, {"q", "integer(8)"},
		{"r", "complex(4)"}, {"t", "complex(8)"}, {"u", "complex(8)"}, {"v", "complex(8)"},
		{"w", "logical(4)"}, {"x", "logical(1)"}, {"y", "character(len=1)"}, {"z", "character(len=10)"},
		{"z2", "character(len=12)"}, {"z3", "character(len=4)"}, {"z4", "character(len=20)"},
		{"c1", "character(len=*)"}, {"c2", "character(len=*)"},
	}
	for _, tt := range tests {
		if got := lookup(t, info, "s", tt.name).Type.String(); got != tt.want {
			t.Errorf("%s: type %s, want %s", tt.name, got, tt.want)
		}
	}
	consts := map[string]int64{"dp": 8, "sp": 4, "wp": 8, "qp": 16, "xp": 10, "p6": 4, "i8": 8, "i2": 2}
	for name, want := range consts {
		s := lookup(t, info, "kinds", name)
		if s.Kind != ConstSym || s.Value == nil || s.Value.Int != want {
			t.Errorf("%s = %v, want %d", name, s.Value, want)
		}
	}
	// use association: the symbol of the module, renamed locally
	h := lookup(t, info, "s", "myqp")
	if h.Name != "qp" || h.Module() == nil || h.Module().Name != "kinds" {
		t.Errorf("myqp: name %q module %v", h.Name, h.Module())
	}
	imp := scope(t, info, "s").Import("myqp")
	if imp == nil || imp.Module.Name != "kinds" || imp.Symbol != h {
		t.Errorf("import of myqp: %+v", imp)
	}
}

func TestSelectedKinds(t *testing.T) {
	tests := []struct {
		p, r       int64
		hasP, hasR bool
		want       int64
	}{
		{6, 37, true, true, 4}, {7, 0, true, false, 8}, {15, 307, true, true, 8}, {16, 0, true, false, 10},
		{18, 0, true, false, 10}, {19, 0, true, false, 16}, {33, 0, true, false, 16}, {34, 0, true, false, -1},
		{0, 308, false, true, 10}, {0, 5000, false, true, -2}, {40, 5000, true, true, -3}, {6, 0, true, false, 4},
	}
	for _, tt := range tests {
		if got := selectedRealKind(tt.p, tt.r, tt.hasP, tt.hasR); got != tt.want {
			t.Errorf("selected_real_kind(%d, %d) = %d, want %d", tt.p, tt.r, got, tt.want)
		}
	}
	for r, want := range map[int64]int64{1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 9: 4, 10: 8, 18: 8, 19: 16, 38: 16, 39: -1} {
		if got := selectedIntKind(r); got != want {
			t.Errorf("selected_int_kind(%d) = %d, want %d", r, got, want)
		}
	}
}

func TestImplicitTyping(t *testing.T) {
	info := check(t, `
program p
  implicit double precision (a-h, o-z)
  implicit character*8 (c), logical (l)
  x = 1
  i = 2
  cname = 'abc'
  lflag = .true.
  call inner
contains
  subroutine inner
    y = x
    z = 2
    k = 3
  end subroutine inner
end program p

subroutine ext
  x = 1.0
  n = 2
end subroutine ext
`)
	tests := []struct{ unit, name, want string }{
		{"p", "x", "real(8)"}, {"p", "i", "integer(4)"}, {"p", "cname", "character(len=8)"},
		{"p", "lflag", "logical(4)"},
		{"inner", "y", "real(8)"}, {"inner", "z", "real(8)"}, {"inner", "k", "integer(4)"},
		{"ext", "x", "real(4)"}, {"ext", "n", "integer(4)"},
	}
	for _, tt := range tests {
		s := lookup(t, info, tt.unit, tt.name)
		if s.Type.String() != tt.want || !s.Implicit {
			t.Errorf("%s:%s: %s implicit=%v, want %s", tt.unit, tt.name, s.Type, s.Implicit, tt.want)
		}
	}
	// host association: x in inner is p's x
	if lookup(t, info, "inner", "x") != lookup(t, info, "p", "x") {
		t.Errorf("x in inner is not the host's x")
	}
	if lookup(t, info, "inner", "y").Owner != scope(t, info, "inner") {
		t.Errorf("y is not local to inner")
	}
}

func TestRanksAndBounds(t *testing.T) {
	info := check(t, `
subroutine s(a, b, c, n, d)
  implicit none
  integer, parameter :: m = 3
  integer :: n
  real :: a(n, *), b(:, :), c(0:m, -1:2*m), d(10)
  real, allocatable :: e(:)
  real, pointer :: f(:, :, :)
  dimension :: g(m)
  real :: g
  print *, a(1, 1), b, c, d, e, f, g
end subroutine s
`)
	type dim struct {
		kind   DimKind
		lo, hi int64
		cl, ch bool
	}
	tests := []struct {
		name string
		dims []dim
	}{
		{"a", []dim{{ExplicitShape, 1, 0, true, false}, {AssumedSize, 1, 0, true, false}}},
		{"b", []dim{{AssumedShape, 1, 0, true, false}, {AssumedShape, 1, 0, true, false}}},
		{"c", []dim{{ExplicitShape, 0, 3, true, true}, {ExplicitShape, -1, 6, true, true}}},
		{"d", []dim{{ExplicitShape, 1, 10, true, true}}},
		{"e", []dim{{DeferredShape, 1, 0, true, false}}},
		{"f", []dim{{DeferredShape, 1, 0, true, false}, {DeferredShape, 1, 0, true, false}, {DeferredShape, 1, 0, true, false}}},
		{"g", []dim{{ExplicitShape, 1, 3, true, true}}},
	}
	for _, tt := range tests {
		s := lookup(t, info, "s", tt.name)
		if s.Rank() != len(tt.dims) {
			t.Errorf("%s: rank %d, want %d", tt.name, s.Rank(), len(tt.dims))
			continue
		}
		for i, d := range tt.dims {
			got := s.Dims[i]
			if got.Kind != d.kind || got.Lo.Const != d.cl || got.Hi.Const != d.ch ||
				(d.cl && got.Lo.Value != d.lo) || (d.ch && got.Hi.Value != d.hi) {
				t.Errorf("%s dim %d: %+v, want %+v", tt.name, i, got, d)
			}
		}
	}
	if n, ok := lookup(t, info, "s", "c").Dims[1].Extent(); !ok || n != 8 {
		t.Errorf("extent of c dim 2 = %d, %v", n, ok)
	}
	if lookup(t, info, "s", "a").Dims[0].Hi.Expr == nil {
		t.Errorf("a: bound expression not kept")
	}
	if got := lookup(t, info, "s", "e").Attrs; !got.Has(AttrAllocatable) {
		t.Errorf("e: attrs %s", got)
	}
}

func TestIntentsAndArgs(t *testing.T) {
	info := check(t, `
subroutine s(x, y, z, w, opt, f)
  implicit none
  real, intent(in) :: x
  real, intent(out) :: y
  real, intent(inout) :: z
  real :: w
  real, optional, value :: opt
  real, external :: f
  intent(in) :: w
  y = x + w
  z = z + f(y)
end subroutine s
`)
	sc := scope(t, info, "s")
	want := []struct {
		name   string
		intent ast.Intent
	}{{"x", ast.IntentIn}, {"y", ast.IntentOut}, {"z", ast.IntentInOut}, {"w", ast.IntentIn}, {"opt", ast.IntentNone}}
	for i, w := range want {
		s := sc.Lookup(w.name)
		if s.Intent != w.intent || !s.IsDummy() || s.ArgIndex != i {
			t.Errorf("%s: intent %v dummy %v index %d", w.name, s.Intent, s.IsDummy(), s.ArgIndex)
		}
	}
	if a := sc.Lookup("opt").Attrs; !a.Has(AttrOptional | AttrValue) {
		t.Errorf("opt attrs %s", a)
	}
	f := sc.Lookup("f")
	if f.Kind != ProcSym || f.Proc.Kind != ProcDummy || f.Proc.Form != FormFunction || f.ArgIndex != 5 || f.Type != Real4 {
		t.Errorf("f: %s %+v", f, f.Proc)
	}
	p := sc.Symbol.Proc
	if len(p.Args) != 6 || p.Args[2].Name != "z" {
		t.Errorf("args %v", p.Args)
	}
}

func TestCommonBlocks(t *testing.T) {
	info := check(t, `
program p
  common x(5), v
  common /params/ dt, n /stats/ e
  common /params/ k
  x = 0
end program p

subroutine s
  common /params/ step, m, kk
  step = 1
end subroutine s
`)
	params := info.Common("params")
	if params == nil || len(params.Decls) != 2 {
		t.Fatalf("params: %+v", params)
	}
	names := func(d *CommonDecl) string {
		var s []string
		for _, m := range d.Members {
			s = append(s, m.Name)
		}
		return strings.Join(s, ",")
	}
	if got := names(params.Decls[0]); got != "dt,n,k" {
		t.Errorf("params in p: %s", got)
	}
	if got := names(params.Decls[1]); got != "step,m,kk" {
		t.Errorf("params in s: %s", got)
	}
	blank := info.Common("")
	if blank == nil || names(blank.Decls[0]) != "x,v" {
		t.Errorf("blank common: %+v", blank)
	}
	k := lookup(t, info, "p", "k")
	if k.Common != params || k.CommonIndex != 2 || !k.Attrs.Has(AttrInCommon) {
		t.Errorf("k: common %v index %d", k.Common, k.CommonIndex)
	}
	if x := lookup(t, info, "p", "x"); x.Rank() != 1 || x.Type != Real4 {
		t.Errorf("x: %s rank %d", x.Type, x.Rank())
	}
}

func TestHostAssociation(t *testing.T) {
	info := check(t, `
module m
  implicit none
  real :: modvar
contains
  subroutine ms(a)
    real, intent(inout) :: a
    a = a + modvar + helper(a)
  contains
    real function helper(b)
      real, intent(in) :: b
      helper = b * modvar + a
    end function helper
  end subroutine ms
end module m
`)
	helper := lookup(t, info, "ms", "helper")
	if helper.Proc.Kind != ProcInternal || helper.Proc.Host.Name != "ms" {
		t.Errorf("helper: %+v", helper.Proc)
	}
	if lookup(t, info, "helper", "a") != lookup(t, info, "ms", "a") {
		t.Error("a in helper is not ms's dummy")
	}
	if lookup(t, info, "helper", "modvar").Module().Name != "m" {
		t.Error("modvar not from module m")
	}
	if !scope(t, info, "helper").ImplicitNone() {
		t.Error("IMPLICIT NONE not inherited")
	}
	if ms := lookup(t, info, "m", "ms"); ms.Proc.Kind != ProcModule {
		t.Errorf("ms: %v", ms.Proc.Kind)
	}
}

func TestUseAcrossFilesReversed(t *testing.T) {
	// The user comes first, the modules after, in reverse dependency order.
	info := checkFiles(t,
		src{"main.f90", `
program main
  use physics, only: step, g => gravity
  use consts
  implicit none
  real(wp) :: v
  v = 0
  call step(v, 0.1_wp)
  print *, v, g, pi
end program main
`},
		src{"physics.f90", `
module physics
  use consts, only: wp
  implicit none
  private
  public :: step, gravity
  real(wp), parameter :: gravity = 9.81_wp
  real(wp) :: hidden
contains
  subroutine step(v, dt)
    real(wp), intent(inout) :: v
    real(wp), intent(in) :: dt
    v = v + gravity * dt
  end subroutine step
end module physics
`},
		src{"consts.f90", `
module consts
  implicit none
  integer, parameter :: wp = kind(1.d0)
  real(wp), parameter :: pi = 3.14159265358979_wp
end module consts
`})
	var order []string
	for _, m := range info.Modules {
		order = append(order, m.Name)
	}
	if strings.Join(order, ",") != "consts,physics" {
		t.Errorf("module order %v", order)
	}
	if v := lookup(t, info, "main", "v"); v.Type != Real8 {
		t.Errorf("v: %s", v.Type)
	}
	g := lookup(t, info, "main", "g")
	if g.Name != "gravity" || g.Kind != ConstSym || g.Value == nil || g.Value.Real != 9.81 || g.Type != Real8 {
		t.Errorf("g: %s %v %v", g, g.Value, g.Type)
	}
	phys := info.Module("physics").Inner
	if phys.Exported("hidden") != nil || phys.Exported("wp") != nil || phys.Exported("step") == nil {
		t.Errorf("physics exports: %v", phys.Exports())
	}
	if pi := lookup(t, info, "main", "pi"); pi.Module().Name != "consts" {
		t.Errorf("pi from %v", pi.Module())
	}
}

func TestCallGraph(t *testing.T) {
	info := check(t, `
module m
contains
  recursive subroutine walk(n)
    integer :: n
    if (n > 0) call walk(n - 1)
    call leaf
  end subroutine walk
  subroutine leaf
    print *, sqrt(2.0)
  end subroutine leaf
  subroutine ping(n)
    integer :: n
    if (n > 0) call pong(n - 1)
  end subroutine ping
  subroutine pong(n)
    integer :: n
    if (n > 0) call ping(n - 1)
  end subroutine pong
end module m

program main
  use m
  real :: y
  external ext
  call walk(3)
  call ping(2)
  y = f(1.0)
  call ext(y)
  call lib(y)
end program main

real function f(x)
  f = g(x) + x
  call lib(f)
contains
  real function g(z)
    g = z * 2
  end function g
end function f
`)
	order, cycles := info.CallGraph.BottomUp()
	pos := map[string]int{}
	for i, n := range order {
		pos[n.Proc.Name] = i
	}
	for _, e := range [][2]string{{"leaf", "walk"}, {"walk", "main"}, {"g", "f"}, {"f", "main"}, {"ping", "main"}, {"pong", "main"}} {
		if pos[e[0]] >= pos[e[1]] {
			t.Errorf("%s should come before %s in %v", e[0], e[1], order)
		}
	}
	if len(order) != 7 {
		t.Errorf("order %v", order)
	}
	var cyc []string
	for _, c := range cycles {
		var s []string
		for _, n := range c {
			s = append(s, n.Proc.Name)
		}
		cyc = append(cyc, strings.Join(s, "+"))
	}
	if strings.Join(cyc, " ") != "walk ping+pong" {
		t.Errorf("cycles %v", cyc)
	}
	main := info.CallGraph.Node(info.Global.Lookup("main"))
	var callees []string
	for _, c := range main.Callees {
		tag := ""
		switch {
		case c.Intrinsic():
			tag = "(intrinsic)"
		case c.External():
			tag = "(external)"
		case c.Defined():
			tag = "(" + c.Proc.Proc.Kind.String() + ")"
		}
		callees = append(callees, c.Proc.Name+tag)
	}
	if got := strings.Join(callees, " "); got != "walk(module) ping(module) f(external) ext(external) lib(external)" {
		t.Errorf("main callees: %s", got)
	}
	leaf := info.CallGraph.Node(lookup(t, info, "m", "leaf"))
	if len(leaf.Callees) != 1 || !leaf.Callees[0].Intrinsic() {
		t.Errorf("leaf callees %v", leaf.Callees)
	}
	if f := info.CallGraph.Node(info.Global.Lookup("f")); f.Unit() == nil || len(f.Callers) != 1 {
		t.Errorf("f: %v callers %v", f.Unit(), f.Callers)
	}
	// both declarations of the external lib are one node
	lib := info.CallGraph.Node(lookup(t, info, "main", "lib"))
	if lib == nil || !lib.External() || len(lib.Callers) != 2 || info.CallGraph.Node(lookup(t, info, "f", "lib")) != lib {
		t.Errorf("lib: %v callers %v", lib, lib.Callers)
	}
}

func TestTypeOf(t *testing.T) {
	text := `
program p
  implicit none
  integer, parameter :: dp = kind(1.d0)
  integer :: i, n, iv(10)
  integer(8) :: i8
  real :: r, rv(10), rm(3, 4)
  real(dp) :: d, dv(10), dm(4, 4)
  complex :: z
  complex(dp) :: zd
  logical :: l
  character(len=5) :: c5
  character(len=3) :: c3
  x1 = i + n
  x1 = i + r
  x1 = i * d
  x1 = r + d
  x1 = r * z
  x1 = d + z
  x1 = r + zd
  x1 = i ** 2
  x1 = i8 + i
  x1 = 1.d0
  x1 = 2.5_dp
  x1 = 1e-3_8
  x1 = 1.0
  x1 = .5
  x1 = 10_8
  x1 = 'abc'
  x1 = c5 // c3
  x1 = c5(2:4)
  x1 = i < n
  x1 = l .and. i > 0
  x1 = .not. l
  x1 = -d
  x1 = (r)
  x1 = sqrt(r)
  x1 = sqrt(d)
  x1 = exp(dv)
  x1 = abs(zd)
  x1 = abs(i)
  x1 = dble(r)
  x1 = real(i)
  x1 = real(i, dp)
  x1 = real(zd)
  x1 = int(d)
  x1 = nint(d, 8)
  x1 = sum(rv)
  x1 = sum(rm, dim=1)
  x1 = maxval(dm)
  x1 = matmul(dm, dv)
  x1 = matmul(dm, dm)
  x1 = dot_product(rv, rv)
  x1 = size(rm)
  x1 = shape(rm)
  x1 = rv
  x1 = rv(2:5)
  x1 = rm(1, :)
  x1 = rm(:, :)
  x1 = rm(2, 3)
  x1 = rv(iv)
  x1 = rv + 1.0
  x1 = dm * 2
  x1 = [1.0_dp, 2.0_dp]
  x1 = (/ (i, i = 1, 3) /)
  x1 = (1.0, 2.0)
  x1 = (1.0_dp, 0)
  x1 = max(i, 3)
  x1 = max(r, d)
  x1 = transpose(rm)
  x1 = reshape(rv, [2, 5])
  x1 = spread(rv, 1, 3)
  x1 = merge(rv, 0.0, rv > 0)
  x1 = trim(c5)
  x1 = len(c5)
  x1 = huge(d)
  x1 = cmplx(r, r, dp)
  x1 = aimag(zd)
  x1 = count(rv > 0)
  x1 = any(rv > 0)
  x1 = maxloc(rv)
  x1 = maxloc(rm, dim=2)
  x1 = float(i)
  x1 = dsqrt(d)
  x1 = mod(i, 3)
  x1 = ichar('a')
  x1 = char(65)
end program p
`
	text = strings.Replace(text, "implicit none\n", "implicit none\n  real :: x1\n", 1)
	fset, files := parse(t, src{"t.f90", text})
	info, err := Check(fset, files, nil)
	var errs []string
	if err != nil {
		for _, e := range err.(diag.List) {
			if !strings.Contains(e.Msg, "cannot assign") && !strings.Contains(e.Msg, "rank mismatch") {
				errs = append(errs, e.Error())
			}
		}
	}
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	want := []string{
		"integer(4) 0", "real(4) 0", "real(8) 0", "real(8) 0", "complex(4) 0", "complex(8) 0", "complex(8) 0",
		"integer(4) 0", "integer(8) 0", "real(8) 0", "real(8) 0", "real(8) 0", "real(4) 0", "real(4) 0",
		"integer(8) 0", "character(len=3) 0", "character(len=8) 0", "character(len=3) 0", "logical(4) 0",
		"logical(4) 0", "logical(4) 0", "real(8) 0", "real(4) 0", "real(4) 0", "real(8) 0", "real(8) 1",
		"real(8) 0", "integer(4) 0", "real(8) 0", "real(4) 0", "real(8) 0", "real(8) 0", "integer(4) 0",
		"integer(8) 0", "real(4) 0", "real(4) 1", "real(8) 0", "real(8) 1", "real(8) 2", "real(4) 0",
		"integer(4) 0", "integer(4) 1", "real(4) 1", "real(4) 1", "real(4) 1", "real(4) 2", "real(4) 0",
		"real(4) 1", "real(4) 1", "real(8) 2", "real(8) 1", "integer(4) 1", "complex(4) 0", "complex(8) 0",
		"integer(4) 0", "real(8) 0", "real(4) 2", "real(4) 2", "real(4) 2", "real(4) 1",
		"character(len=?) 0", "integer(4) 0", "real(8) 0", "complex(8) 0", "real(8) 0", "integer(4) 0",
		"logical(4) 0", "integer(4) 1", "integer(4) 1", "real(4) 0", "real(8) 0", "integer(4) 0",
		"integer(4) 0", "character(len=1) 0",
	}
	got := rhs(unitNamed(t, info, "p"))
	if len(got) != len(want) {
		t.Fatalf("%d assignments, %d expectations", len(got), len(want))
	}
	for i, x := range got {
		s := info.TypeOf(x).String() + " " + itoa(info.Rank(x))
		if s != want[i] {
			t.Errorf("line %d: %s, want %s", fset.Position(x.Pos()).Line, s, want[i])
		}
	}
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i))) }

func TestCallClassification(t *testing.T) {
	info := check(t, `
module m
  implicit none
  type pt
    real :: x, y
    real :: v(3)
  end type pt
  interface norm
    module procedure norm_r, norm_d
  end interface
contains
  real function mf(a)
    real, intent(in) :: a
    mf = a
  end function mf
  real function norm_r(a)
    real, intent(in) :: a(:)
    norm_r = sqrt(sum(a**2))
  end function norm_r
  double precision function norm_d(a)
    double precision, intent(in) :: a(:)
    norm_d = sqrt(sum(a**2))
  end function norm_d
end module m

program p
  use m
  implicit none
  real :: a(10), b, ext, sf, q, bv(2)
  double precision :: dd(3)
  character(len=8) :: s, sa(4)
  type(pt) :: t
  external ext
  sf(q) = q * 2.0
  b = a(1)
  bv = a(2:3)
  s = s(1:2)
  s = sa(2)(1:3)
  b = mf(b)
  b = ext(b)
  b = sin(b)
  b = sf(b)
  t = pt(1.0, 2.0, [1.0, 2.0, 3.0])
  b = t%v(2)
  b = norm(a)
  b = norm(dd)
  b = inner(b)
contains
  real function inner(x)
    real, intent(in) :: x
    inner = x
  end function inner
end program p
`)
	type want struct {
		kind     CallKind
		proc     string
		procKind ProcKind
		section  bool
		generic  string
		typ      string
	}
	wants := []want{
		{ArrayElement, "a", ProcUnknown, false, "", "real(4)"},
		{ArrayElement, "a", ProcUnknown, true, "", "real(4)"},
		{Substring, "s", ProcUnknown, false, "", "character(len=2)"},
		{Substring, "sa", ProcUnknown, false, "", "character(len=3)"},
		{FunctionCall, "mf", ProcModule, false, "", "real(4)"},
		{FunctionCall, "ext", ProcExternal, false, "", "real(4)"},
		{FunctionCall, "sin", ProcIntrinsic, false, "", "real(4)"},
		{FunctionCall, "sf", ProcStmtFunc, false, "", "real(4)"},
		{StructConstructor, "pt", ProcUnknown, false, "", "type(pt)"},
		{ArrayElement, "v", ProcUnknown, false, "", "real(4)"},
		{FunctionCall, "norm_r", ProcModule, false, "norm", "real(4)"},
		{FunctionCall, "norm_d", ProcModule, false, "norm", "real(8)"},
		{FunctionCall, "inner", ProcInternal, false, "", "real(4)"},
	}
	xs := rhs(unitNamed(t, info, "p"))
	if len(xs) != len(wants) {
		t.Fatalf("%d assignments", len(xs))
	}
	for i, x := range xs {
		call, ok := x.(*ast.CallExpr)
		if !ok {
			t.Errorf("%d: %T", i, x)
			continue
		}
		c := info.Calls[call]
		w := wants[i]
		pk := ProcUnknown
		if c.Proc != nil && c.Proc.Proc != nil && c.Proc.Kind == ProcSym {
			pk = c.Proc.Proc.Kind
		}
		gen := ""
		if c.Local != nil && c.Local.Kind == GenericSym {
			gen = c.Local.Name
		}
		if c.Kind != w.kind || c.Proc == nil || c.Proc.Name != w.proc || pk != w.procKind || c.Section != w.section || gen != w.generic {
			t.Errorf("%d: %v %v %v section=%v generic=%q, want %+v", i, c.Kind, c.Proc, pk, c.Section, gen, w)
		}
		if got := info.TypeOf(x).String(); got != w.typ {
			t.Errorf("%d: type %s, want %s", i, got, w.typ)
		}
	}
}

func TestIntrinsicVsExternal(t *testing.T) {
	info := check(t, `
program p
  real :: x, y, sqrt, myf
  intrinsic dsin
  external cos
  x = sqrt(y)
  x = myf(y)
  x = cos(y)
  x = abs(y)
  x = foo(y)
  call bar(dsin)
end program p
`)
	sc := scope(t, info, "p")
	for name, want := range map[string]ProcKind{"sqrt": ProcIntrinsic, "myf": ProcExternal, "cos": ProcExternal,
		"dsin": ProcIntrinsic, "foo": ProcExternal, "bar": ProcExternal} {
		s := sc.Lookup(name)
		if s == nil || s.Kind != ProcSym || s.Proc.Kind != want {
			t.Errorf("%s: %v", name, s)
		}
	}
	if s := sc.Lookup("foo"); s.Type != Real4 || !s.Implicit || s.Proc.Form != FormFunction {
		t.Errorf("foo: %s %v", s.Type, s.Implicit)
	}
	if sc.Lookup("abs") != nil {
		t.Error("abs entered into the scope")
	}
	xs := rhs(sc.Unit)
	if c := info.Calls[xs[3].(*ast.CallExpr)]; !c.IsIntrinsic() || c.Proc.Name != "abs" {
		t.Errorf("abs: %+v", c)
	}
	if s := sc.Lookup("bar"); s.Proc.Form != FormSubroutine {
		t.Errorf("bar: %+v", s.Proc)
	}
}

func TestIntrinsicModules(t *testing.T) {
	info := check(t, `
program p
  use iso_fortran_env, only: real64, int32, output_unit
  use iso_c_binding
  implicit none
  real(real64) :: a
  integer(int32) :: b
  real(c_double) :: c
  integer(c_int) :: d
  real(c_float) :: e
  integer(c_long) :: f
  character(kind=c_char) :: g
  a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = c_null_char
  write (output_unit, *) a, b, c, d, e, f
end program p
`)
	for name, want := range map[string]string{"a": "real(8)", "b": "integer(4)", "c": "real(8)", "d": "integer(4)",
		"e": "real(4)", "f": "integer(8)", "g": "character(len=1)"} {
		if got := lookup(t, info, "p", name).Type.String(); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	if v := lookup(t, info, "p", "output_unit").Value; v == nil || v.Int != 6 {
		t.Errorf("output_unit = %v", v)
	}
}

func TestLabelsFixedForm(t *testing.T) {
	fset, files := parse(t, src{"lab.f", `
      PROGRAM LAB
      INTEGER I, K
  100 FORMAT (I5)
      DATA K /1/
      DO 10 I = 1, 3
         IF (I .EQ. 2) GO TO 20
         WRITE (6, 100) I
   10 CONTINUE
   20 IF (K) 30, 30, 40
   30 WRITE (6, 200) K
   40 CONTINUE
  200 FORMAT (1X, I3)
      END
`})
	if _, err := Check(fset, files, nil); err != nil {
		t.Fatal(err)
	}
}

func TestTypeBoundBlockAssociate(t *testing.T) {
	info := check(t, `
module shapes
  implicit none
  type :: shape
    real :: a = 0
  contains
    procedure :: area => shape_area
    procedure, nopass :: kind_name
    generic :: scaled => scale_r, scale_i
    procedure :: scale_r, scale_i
  end type shape
  type, extends(shape) :: square
    real :: side = 1
  contains
    procedure :: area => square_area
  end type square
contains
  real function shape_area(self)
    class(shape), intent(in) :: self
    shape_area = self%a
  end function shape_area
  real function square_area(self)
    class(square), intent(in) :: self
    square_area = self%side**2
  end function square_area
  character(len=8) function kind_name()
    kind_name = 'shape'
  end function kind_name
  real function scale_r(self, f)
    class(shape), intent(in) :: self
    real, intent(in) :: f
    scale_r = self%area() * f
  end function scale_r
  real function scale_i(self, n)
    class(shape), intent(in) :: self
    integer, intent(in) :: n
    scale_i = self%area() * n
  end function scale_i
end module shapes

program p
  use shapes
  implicit none
  type(square) :: sq
  class(shape), allocatable :: s
  real :: x, y
  x = sq%area()
  x = sq%scaled(2.0)
  x = sq%scaled(3)
  print *, sq%kind_name(), sq%side, sq%shape%a
  block
    real :: t
    integer :: k
    t = x * 2
    k = 3
    y = t + k
  end block
  associate (z => sq%side, w => x + 1.0)
    z = w
  end associate
end program p
`)
	sq := lookup(t, info, "shapes", "square")
	if b := sq.Binding("area"); b == nil || bindingTarget(b).Name != "square_area" {
		t.Errorf("square%%area: %v", b)
	}
	if b := sq.Binding("kind_name"); b == nil || b.Attrs&AttrNoPass == 0 {
		t.Errorf("kind_name: %v", b)
	}
	if sq.Parent == nil || sq.Parent.Name != "shape" || len(sq.Components) != 2 {
		t.Errorf("square: parent %v components %v", sq.Parent, sq.Components)
	}
	xs := rhs(unitNamed(t, info, "p"))
	wantProcs := []string{"square_area", "scale_r", "scale_i"}
	for i, w := range wantProcs {
		c := info.Calls[xs[i].(*ast.CallExpr)]
		if c.Kind != FunctionCall || c.Proc == nil || c.Proc.Name != w || c.Local == nil {
			t.Errorf("call %d: %+v, want %s", i, c, w)
		}
	}
	// dynamic dispatch: scale_r calls every override of area
	n := info.CallGraph.Node(lookup(t, info, "shapes", "scale_r"))
	var callees []string
	for _, c := range n.Callees {
		callees = append(callees, c.Proc.Name)
	}
	if strings.Join(callees, " ") != "shape_area square_area" {
		t.Errorf("scale_r callees %v", callees)
	}
	// BLOCK and ASSOCIATE scopes
	var block, assoc *Scope
	for node, s := range info.Scopes {
		switch node.(type) {
		case *ast.BlockConstruct:
			block = s
		case *ast.AssociateConstruct:
			assoc = s
		}
	}
	if block == nil || block.LookupLocal("t") == nil || block.Lookup("x") != lookup(t, info, "p", "x") {
		t.Fatalf("block scope %v", block)
	}
	if scope(t, info, "p").LookupLocal("t") != nil {
		t.Error("t leaked out of the block")
	}
	if assoc == nil {
		t.Fatal("no associate scope")
	}
	if z := assoc.LookupLocal("z"); z == nil || z.Type != Real4 || z.Selector == nil {
		t.Errorf("z: %v", z)
	}
}

func TestAssociateReadOnly(t *testing.T) {
	fset, files := parse(t, src{"a.f90", `
program p
  real :: x
  x = 1
  associate (w => x + 1.0)
    w = 2
  end associate
end program p
`})
	_, err := Check(fset, files, nil)
	if err == nil || !strings.Contains(err.Error(), "a.f90:5:5: cannot assign to 'w': it is associated with an expression") {
		t.Errorf("got %v", err)
	}
}

func TestExternalModules(t *testing.T) {
	text := `
program p
  use mpi
  use netcdf, only: nf90_open
  implicit none
  call mpi_init(ierr)
end program p
`
	fset, files := parse(t, src{"a.f90", text})
	if _, err := Check(fset, files, nil); err == nil || !strings.Contains(err.Error(), "module 'mpi' not found") {
		t.Errorf("without config: %v", err)
	}
	fset, files = parse(t, src{"a.f90", text})
	info, err := Check(fset, files, &Config{ExternalModules: []string{"mpi", "netcdf"}})
	if err != nil {
		t.Fatalf("with config: %v", err)
	}
	if s := lookup(t, info, "p", "ierr"); s.Type != Invalid {
		t.Errorf("ierr: %v", s.Type)
	}
}

func TestDefaultKinds(t *testing.T) {
	fset, files := parse(t, src{"a.f90", `
program p
  real :: a
  double precision :: b
  integer :: i
  x = 1.0
  y = 1.0d0 + a
end program p
`})
	info, err := Check(fset, files, &Config{DefaultRealKind: 8})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]*Type{"a": Real8, "b": Real8, "i": Int4, "x": Real8} {
		if got := lookup(t, info, "p", name).Type; got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

func TestLiteralKinds(t *testing.T) {
	info := check(t, `
program p
  use iso_c_binding, only: c_int, c_double
  implicit none
  integer, parameter :: lk = 1, dp = 8
  integer(c_int) :: i
  logical(lk) :: l
  real(c_double) :: d
  complex(dp) :: z
  i = 3_c_int
  l = .true._lk
  d = 1.5_c_double
  d = 2.0q0
  i = 7_2
  d = 1.0e0_dp
  z = (1.0_dp, 2)
  z = (1, 2)
end program p
`)
	want := []string{"integer(4)", "logical(1)", "real(8)", "real(16)", "integer(2)", "real(8)", "complex(8)", "complex(4)"}
	for i, x := range rhs(unitNamed(t, info, "p")) {
		if got := info.TypeOf(x).String(); got != want[i] {
			t.Errorf("%d: %s, want %s", i, got, want[i])
		}
	}
}

func TestReexportIntrinsicModule(t *testing.T) {
	info := check(t, `
module wrap
  use iso_fortran_env
  use iso_c_binding, only: c_double
  implicit none
  integer, parameter :: wp = real64
end module wrap

program p
  use wrap
  implicit none
  real(wp) :: a
  real(c_double) :: b
  integer(int64) :: c
  a = 1; b = 2; c = 3
end program p
`)
	for name, want := range map[string]*Type{"a": Real8, "b": Real8, "c": Int8} {
		if got := lookup(t, info, "p", name).Type; got != want {
			t.Errorf("%s: %s", name, got)
		}
	}
}

// TestGenericElemental checks that a generic reference that both an
// elemental and a non-elemental specific match resolves to the
// non-elemental one, whatever their order (F2018 15.5.5.2): the
// compiler calls it, and differentiating the other gave wrong
// derivatives.
func TestGenericElemental(t *testing.T) {
	info := check(t, `
module m
  implicit none
  interface lim
    module procedure lim_s, lim_v
  end interface
contains
  elemental real(8) function lim_s(a, b)
    real(8), intent(in) :: a, b
    lim_s = a*b
  end function lim_s
  function lim_v(a, b)
    real(8), intent(in) :: a(:), b(:)
    real(8) :: lim_v(size(a))
    lim_v = a + b
  end function lim_v
end module m

program p
  use m
  implicit none
  real(8) :: a(3), b(3), x, y, c(3, 2)
  a = lim(a, b)
  x = lim(x, y)
  c = lim(c, c)
end program p
`)
	want := []string{"lim_v", "lim_s", "lim_s"}
	for i, x := range rhs(unitNamed(t, info, "p")) {
		c := info.Calls[x.(*ast.CallExpr)]
		if c.Proc == nil || c.Proc.Name != want[i] {
			t.Errorf("%d: %v, want %s", i, c.Proc, want[i])
		}
	}
}
