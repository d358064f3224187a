package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Complex active variables in reverse mode. With the convention of
// docs/derivatives.md the adjoint of z = a + ib is zb = ab + i*bb, a
// complex variable of z's kind: deriv.AdjointTerm conjugates the complex
// partials, and the implicit conversions of assignment are their own
// adjoints (a real x = z takes real(z), whose adjoint zb += xb is the
// conversion of xb to complex; z = x has the adjoint xb += real(zb), the
// conversion back).

// complexLocal reports whether s is a complex local variable or dummy of
// the routine, or a complex module variable. A complex dummy's adjoint is
// a complex dummy of the same convention, which the caller's adjoint
// passes (its own complex variable's adjoint); a module variable's is a
// complex variable of the adjoint module. Complex common variables are
// not supported yet.
func (g *gen) complexLocal(s *sema.Symbol) bool {
	if s.Type == nil || !s.Type.IsComplex() {
		return false
	}
	if isGlobal(s) {
		return true
	}
	return s.Owner == g.scope
}

// complexSaves returns the saves (of kind push) of complex reference r,
// which a call may define, and their restorations: its parts on the real
// tape of its kind; false if r is not complex.
func (g *gen) complexSaves(r tbr.Ref, push tape.Kind, callee string) (pushes, pops []ast.Stmt, ok bool, err error) {
	t := r.Var.Type
	if r.Expr != nil {
		t = g.info.TypeOf(r.Expr)
	}
	if t == nil || !t.IsComplex() {
		return nil, nil, false, nil
	}
	ref := r.Expr
	if ref == nil {
		if ref, err = g.wholeRef(r.Var, callee); err != nil {
			return nil, nil, true, err
		}
	}
	typ, tok := tape.TypeOf(sema.BasicType(sema.RealType, t.Kind))
	if !tok {
		return nil, nil, true, notSupported("variable '%s' of type %s defined by '%s', reversed jointly: no tape for it", r.Var.Name, t, callee)
	}
	for _, d := range r.Var.Dims {
		if d.Kind == sema.AssumedSize && r.Expr == nil {
			return nil, nil, true, notSupported("assumed-size array '%s' defined by '%s', reversed jointly", r.Var.Name, callee)
		}
	}
	if vectorSubscript(g.info, ref) {
		return nil, nil, true, notSupported("vector subscript in '%s' in reverse mode", exprString(ref))
	}
	array := g.info.Rank(ref) != 0 || (isIdent(ref) && r.Var.Rank() > 0)
	for _, part := range []string{"re", "im"} {
		op := tape.Op{Kind: push, Type: typ, Ref: &ast.SelectorExpr{X: ref, Sel: ast.NewIdent(part)}}
		if array {
			op.Count = tape.Size(ref)
		}
		part := array && underComponent(ref) // dtype_complex.go
		pushes = append(pushes, leafLower(op, part))
		pops = append([]ast.Stmt{leafLower(op.Inverse(), part)}, pops...)
	}
	return pushes, pops, true, nil
}

// convertAdj returns the adjoint rb of the left side of s converted to
// the type of its right side when one is real and the other complex: a
// real y = z takes real(z), whose adjoint is the complex cmplx(yb, 0); a
// complex z = x converts x, whose adjoint is real(zb).
func (g *gen) convertAdj(s *ast.AssignStmt, rb ast.Expr) ast.Expr {
	lt, rt := g.info.TypeOf(s.Lhs), g.info.TypeOf(s.Rhs)
	switch {
	case lt == nil || rt == nil:
	case lt.IsReal() && rt.IsComplex():
		return deriv.Call("cmplx", rb, deriv.Kw("kind", deriv.Int(rt.Kind)))
	case lt.IsComplex() && rt.IsReal():
		return deriv.Call("real", rb, deriv.Int(rt.Kind))
	}
	return rb
}

// complexPushPop returns the records of complex reference x (of type t,
// the left side of an assignment) and their restorations: its real and
// imaginary parts, x%re and x%im, on the real tape of its kind.
func (g *gen) complexPushPop(x ast.Expr, t *sema.Type) (push, pop []ast.Stmt, err error) {
	typ, ok := tape.TypeOf(sema.BasicType(sema.RealType, t.Kind))
	if !ok {
		return nil, nil, notSupported("no tape for variable '%s' of type %s", exprString(x), t)
	}
	if s := g.baseSym(x); s != nil {
		for _, d := range s.Dims {
			if d.Kind == sema.AssumedSize {
				return nil, nil, notSupported("assumed-size array '%s' overwritten in reverse mode", s.Name)
			}
		}
	}
	if vectorSubscript(g.info, x) {
		return nil, nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
	}
	rank := g.info.Rank(x)
	for _, part := range []string{"re", "im"} {
		ref := &ast.SelectorExpr{X: x, Sel: ast.NewIdent(part)}
		if rank == 0 {
			push = append(push, tapePush(typ, ref))
			pop = append([]ast.Stmt{tapePop(typ, ref)}, pop...)
			continue
		}
		n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{x}}
		if underComponent(x) { // dtype_complex.go
			op := tape.Op{Kind: tape.Push, Type: typ, Ref: ref, Count: n}
			push = append(push, partLower(op, false))
			pop = append([]ast.Stmt{partLower(op.Inverse(), false)}, pop...)
			continue
		}
		push = append(push, tapePushArray(typ, ref, n))
		pop = append([]ast.Stmt{tapePopArray(typ, ref, n)}, pop...)
	}
	return push, pop, nil
}

// complexSymPushPop returns the records of complex variable s, whole
// (named ref), and their restorations: its parts on the real tape.
func complexSymPushPop(ref ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	typ, ok := tape.TypeOf(sema.BasicType(sema.RealType, s.Type.Kind))
	if !ok {
		return nil, nil, notSupported("no tape for variable '%s' of type %s", s.Name, s.Type)
	}
	for _, d := range s.Dims {
		if d.Kind == sema.AssumedSize {
			return nil, nil, notSupported("assumed-size array '%s' recorded whole in reverse mode", s.Name)
		}
	}
	for _, part := range []string{"re", "im"} {
		r := &ast.SelectorExpr{X: ref, Sel: ast.NewIdent(part)}
		if s.Rank() == 0 {
			push = append(push, tapePush(typ, r))
			pop = append([]ast.Stmt{tapePop(typ, r)}, pop...)
			continue
		}
		n := deriv.Call("size", ref)
		push = append(push, tapePushArray(typ, r, n))
		pop = append([]ast.Stmt{tapePopArray(typ, r, n)}, pop...)
	}
	return push, pop, nil
}
