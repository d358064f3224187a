package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// boundEnv evaluates the bounds of the target's arrays in Go, where the
// sizes of the input file are decided: integer constants, the integer
// arguments (ints), + - * /, min, max, mod, and integer module
// variables or their components, or integer components of derived-type
// arguments (u(isd:ied), x0(m%n), od(config%n_g, nlev)) whose value
// check.inputs gives or that have an initial value. The driver sets the
// given ones before the setup routine and stops if, after it, one of
// them has another value than the arrays were sized with (BoundVar).
type boundEnv struct {
	ints  map[string]*Arg
	spec  *config.Spec
	t     *config.Target
	scope *sema.Scope // the target's
	p     *Program
	errs  diag.List
}

// BoundVar is an integer module variable (or component of one) that an
// array bound of the target reads.
type BoundVar struct {
	Ref   string // as check.inputs names it: isd, m%n
	Local string // the driver's reference: fadjn1, fadjn1%n
	Value int
	Given bool // by check.inputs: the driver sets it
}

func (e *boundEnv) bound(b sema.Bound, def int) (int, bool) {
	if b.Const {
		return int(b.Value), true
	}
	if b.Expr == nil {
		return def, def != 0
	}
	return e.eval(b.Expr)
}

func (e *boundEnv) eval(x ast.Expr) (int, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		if a := e.ints[x.Lower()]; a != nil {
			return a.IntValue, true
		}
		return e.module(x)
	case *ast.SelectorExpr:
		return e.module(x)
	case *ast.BasicLit:
		if x.Kind == token.INT {
			v, err := strconv.Atoi(x.Value)
			return v, err == nil
		}
	case *ast.ParenExpr:
		return e.eval(x.X)
	case *ast.UnaryExpr:
		v, ok := e.eval(x.X)
		switch x.Op {
		case token.MINUS:
			return -v, ok
		case token.PLUS:
			return v, ok
		}
	case *ast.BinaryExpr:
		l, ok1 := e.eval(x.X)
		r, ok2 := e.eval(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case token.PLUS:
			return l + r, true
		case token.MINUS:
			return l - r, true
		case token.STAR:
			return l * r, true
		case token.SLASH:
			// Fortran's integer division truncates toward zero, as Go's.
			return l / max(r, 1), r != 0
		}
	case *ast.CallExpr:
		return e.call(x)
	}
	return 0, false
}

// call evaluates min, max and mod of integers.
func (e *boundEnv) call(x *ast.CallExpr) (int, bool) {
	f, ok := x.Fun.(*ast.Ident)
	if !ok || len(x.Args) == 0 {
		return 0, false
	}
	if s := e.scope.Lookup(f.Lower()); s != nil && (s.Kind == sema.GenericSym || s.Kind == sema.VarSym || s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Unit != nil) {
		return 0, false // a function (or array) of the program's
	}
	if f.Lower() == "size" {
		return e.size(x)
	}
	if len(x.Args) < 2 {
		return 0, false
	}
	var vs []int
	for _, a := range x.Args {
		v, ok := e.eval(a)
		if !ok {
			return 0, false
		}
		vs = append(vs, v)
	}
	switch f.Lower() {
	case "min":
		m := vs[0]
		for _, v := range vs[1:] {
			m = min(m, v)
		}
		return m, true
	case "max":
		m := vs[0]
		for _, v := range vs[1:] {
			m = max(m, v)
		}
		return m, true
	case "mod":
		return vs[0] % max(vs[1], 1), len(vs) == 2 && vs[1] != 0
	}
	return 0, false
}

// module evaluates an integer module variable or a component of one.
func (e *boundEnv) module(x ast.Expr) (int, bool) {
	var path []string
	for {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		path = append([]string{sel.Sel.Lower()}, path...)
		x = sel.X
	}
	id, ok := x.(*ast.Ident)
	if !ok || e.scope == nil {
		return 0, false
	}
	s := e.scope.Lookup(id.Lower())
	if s != nil && s.Kind == sema.ConstSym && len(path) == 0 && s.Value != nil && s.Value.Kind == sema.IntValue {
		return int(s.Value.Int), true
	}
	// A component of a derived-type dummy (od(config%n_g, nlev)) is set
	// in the driver's record as a module variable is.
	record := s != nil && s.Kind == sema.VarSym && s.IsDummy() && len(path) > 0 && s.Type != nil && s.Type.IsDerived()
	if !record && (s == nil || s.Kind != sema.VarSym || s.IsDummy() || s.Module() == nil) {
		return 0, false
	}
	if !record && !publicVar(s) {
		return 0, false // the driver cannot USE it
	}
	ref := strings.Join(append([]string{s.Name}, path...), "%")
	for _, bv := range e.p.BoundVars {
		if bv.Ref == ref {
			return bv.Value, true
		}
	}
	// The symbol the reference ends at, for its type and initial value.
	end := s
	for _, c := range path {
		if end.Type == nil || !end.Type.IsDerived() || end.Type.Derived == nil || len(end.Dims) > 0 {
			return 0, false
		}
		var next *sema.Symbol
		for _, comp := range end.Type.Derived.Components {
			if comp.Name == c {
				next = comp
			}
		}
		if next == nil {
			return 0, false
		}
		end = next
	}
	if end.Type == nil || !end.Type.IsInteger() || len(end.Dims) > 0 {
		return 0, false
	}
	bv := BoundVar{Ref: ref}
	if in := e.spec.Check.InputFor(ref); in != nil {
		v, errs := intInput(e.t, ref, in)
		e.errs = append(e.errs, errs...)
		bv.Value, bv.Given = v, true
	} else if v, ok := e.initial(end.Init); ok {
		bv.Value = v
	} else {
		return 0, false
	}
	local := s.Name
	if !record {
		local = fmt.Sprintf("fadjn%d", len(e.p.BoundVars)+1)
		e.p.Uses = append(e.p.Uses, fmt.Sprintf("use %s, only: %s => %s", s.Module().Name, local, s.Name))
	}
	bv.Local = strings.Join(append([]string{local}, path...), "%")
	e.p.BoundVars = append(e.p.BoundVars, bv)
	return bv.Value, true
}

// initial evaluates a constant initial value.
func (e *boundEnv) initial(x ast.Expr) (int, bool) {
	if x == nil {
		return 0, false
	}
	c := &boundEnv{ints: map[string]*Arg{}, spec: e.spec, t: e.t, p: &Program{}}
	return c.eval(x)
}

// size evaluates size(a) and size(a, k) of an argument the driver has
// already shaped (dq(size(q, 1), size(q, 2)) after q).
func (e *boundEnv) size(x *ast.CallExpr) (int, bool) {
	id, ok := x.Args[0].(*ast.Ident)
	if !ok || len(x.Args) > 2 {
		return 0, false
	}
	var arg *Arg
	for _, a := range e.p.Args {
		if a.Name == id.Lower() && a.Global == "" && len(a.Dims) > 0 {
			arg = a
		}
	}
	if arg == nil {
		return 0, false
	}
	extent := func(d string) (int, bool) {
		lo, hi, ok := strings.Cut(d, ":")
		l, err1 := strconv.Atoi(lo)
		h, err2 := strconv.Atoi(hi)
		return max(h-l+1, 0), ok && err1 == nil && err2 == nil
	}
	if len(x.Args) == 1 {
		n := 1
		for _, d := range arg.Dims {
			v, ok := extent(d)
			if !ok {
				return 0, false
			}
			n *= v
		}
		return n, true
	}
	k, ok := e.eval(x.Args[1])
	if !ok || k < 1 || k > len(arg.Dims) {
		return 0, false
	}
	return extent(arg.Dims[k-1])
}

// publicVar reports whether module variable s is public: the driver
// can USE it.
func publicVar(s *sema.Symbol) bool {
	m := s.Module()
	if s.Attrs.Has(sema.AttrPrivate) {
		return false
	}
	return m == nil || m.Inner == nil || !m.Inner.DefaultPrivate() || s.Attrs.Has(sema.AttrPublic)
}
