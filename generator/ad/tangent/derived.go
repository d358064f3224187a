package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived types (decl/derived.go, docs/derivedtypes.md): the tangent of
// a variable p of derived type t is p_d of type t, whose real and
// complex components hold the tangents of p's. A variable is active as
// a whole: when any of its components is, every real and complex
// component of p_d is kept exact (zeroed where p_d is declared, set by
// every assignment to an active variable's component), the simplest
// choice that is sound whatever the analysis finds of each component.

// hasShadow reports whether a variable of type t has a tangent.
func hasShadow(t *sema.Type) bool { return isFloat(t) || (decl.IsDerived(t) && decl.HasFloat(t)) }

// checkDerivedVar rejects the active derived-type variables whose
// tangents fadj does not build yet.
func (g *gen) checkDerivedVar(v activity.Var) error {
	s := v.Sym
	switch {
	case s.Type == nil || !s.Type.IsDerived():
		return notSupported("active derived-type component '%s' of a variable of type %s", v, s.Type)
	case s.Attrs.Has(sema.AttrPointer) && (s.Rank() > 0 || decl.HasPointerComponent(s.Type) || len(decl.AllocLeaves(s.Type)) > 0): // (dtype_pointer.go)
		return notSupported("active POINTER derived-type variable '%s', an array or of a type with ALLOCATABLE or POINTER components,", s.Name)
	case s.Attrs.Has(sema.AttrInCommon):
		return notSupported("active derived-type variable '%s' in a common block", s.Name)
	case s.Attrs.Has(sema.AttrResult) && !derivedResult(s): // dtype_func.go
		return notSupported("active derived-type function result '%s' that is an array, ALLOCATABLE or POINTER, or has such components", s.Name)
	}
	if err := decl.CheckDerived(s.Type); err != nil {
		return err
	}
	if s.Module() != nil && !decl.IsAllocatable(s) && decl.InitsFloat(s.Type) && !decl.ZeroInitOK(s) { // (an allocatable's derivative is zeroed when allocated)
		return notSupported("active module variable '%s' of type '%s', which initialises a real component (its derivative, of the same type, would start at that value: a PRIVATE or CLASS component leaves no structure constructor zeroing it)", s.Name, s.Type.Derived.Name)
	}
	if decl.IsAllocatable(s) {
		if err := decl.CheckAllocDerived(s); err != nil { // dtype_alloc.go
			return err
		}
	}
	for _, d := range s.Dims {
		if d.Kind == sema.DeferredShape && !decl.IsAllocatable(s) {
			return notSupported("deferred-shape active derived-type variable '%s'", s.Name)
		}
	}
	// The rest as for a real variable.
	c := *s
	c.Type = sema.Real8
	return g.checkActiveVar(activity.Var{Sym: &c})
}

// zero returns the statements zeroing the tangent name of variable s.
func (g *gen) zero(name string, s *sema.Symbol) []ast.Stmt {
	if s.Attrs.Has(sema.AttrPointer) && s.IsDummy() && !decl.IsDerived(s.Type) {
		return zeroPointerDummy(name, s) // indep_ptr.go
	}
	if s.Attrs.Has(sema.AttrPointer) {
		return []ast.Stmt{&ast.AllocateStmt{Keyword: "nullify", Objects: []ast.Expr{ast.NewIdent(name)}}} // pointer.go
	}
	if !decl.IsDerived(s.Type) {
		return []ast.Stmt{zeroTangent(name, s.Type)}
	}
	return decl.ZeroDerived(ast.NewIdent(name), s.Rank(), s.Type.Derived, func() *ast.Ident {
		return g.newTemp("fadj_i", sema.Int4)
	})
}

// shadowRef returns the tangent of variable reference x (x, a(i), p%a,
// p%a(i), u(i)%v): x with its base variable renamed.
func (g *gen) shadowRef(x ast.Expr) (ast.Expr, error) {
	switch x := x.(type) {
	case *ast.Ident:
		if s := g.baseSym(x); s != nil {
			return g.tident(x, s), nil
		}
	case *ast.CallExpr:
		if c, ok := g.info.Calls[x]; ok && c.Kind == sema.ArrayElement {
			f, err := g.shadowRef(x.Fun)
			if err != nil {
				return nil, err
			}
			return &ast.CallExpr{Fun: f, Args: x.Args}, nil
		}
	case *ast.SelectorExpr:
		b, err := g.shadowRef(x.X)
		if err != nil {
			return nil, err
		}
		return &ast.SelectorExpr{X: b, Sel: x.Sel}, nil
	}
	return nil, notSupported("tangent of reference '%s'", exprString(x))
}

// selectorTangent returns the tangent of component reference x, nil for
// zero.
func (g *gen) selectorTangent(x *ast.SelectorExpr) (ast.Expr, error) {
	if err := g.checkCalls(x.X); err != nil {
		return nil, err
	}
	s := g.baseSym(x)
	if s == nil || !g.pa.ActiveVar(s) {
		return nil, nil
	}
	return g.shadowRef(x)
}

// derivedAssign returns the tangent of assignment s of a whole variable
// of derived type (p = q, u(i) = p): the copy of q's tangent, or zero.
func (g *gen) derivedAssign(s *ast.AssignStmt) ([]ast.Stmt, error) {
	if decl.HasPointerComponent(g.info.TypeOf(s.Lhs)) { // ptrcomp.go
		return nil, notSupported("assignment of a whole value of type '%s', which has a POINTER component", g.info.TypeOf(s.Lhs).Derived.Name)
	}
	lhs, err := g.shadowRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	if rb := g.baseSym(s.Rhs); rb != nil && g.pa.ActiveVar(rb) {
		rhs, err := g.shadowRef(s.Rhs)
		if err != nil {
			return nil, err
		}
		return []ast.Stmt{&ast.AssignStmt{Lhs: lhs, Rhs: rhs}}, nil
	}
	if c, ok := g.isConstructor(s.Rhs); ok && g.info.Rank(s.Lhs) == 0 {
		if b := g.baseSym(s.Lhs); b != nil && refersTo(g.info, s.Rhs, b) {
			return g.selfStructTangent(lhs, c, g.info.TypeOf(s.Lhs)) // dtype_merge.go
		}
		return g.structTangent(lhs, c, g.info.TypeOf(s.Lhs))
	}
	if out, ok, err := g.mergeTangent(s); ok { // dtype_merge.go
		return out, err
	}
	if out, ok := g.derivedFuncTangent(s.Rhs, lhs, g.info.TypeOf(s.Lhs)); ok && g.info.Rank(s.Lhs) == 0 { // dtype_func.go
		return out, nil
	}
	if g.baseSym(s.Rhs) == nil {
		// A function result.
		if g.info.Operators[s.Rhs] != nil && g.pa.ActiveStmt(s) {
			return nil, notSupported("active derived-type assignment from an expression with the defined operator %s on arrays of derived type", opLit(s.Rhs)) // dtype_op.go
		}
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active derived-type assignment from an expression ('%s')", printer.ExprString(s.Rhs))
		}
		if err := g.checkCalls(s.Rhs); err != nil {
			return nil, err
		}
	}
	t := g.info.TypeOf(s.Lhs)
	zero := decl.ZeroDerived(lhs, g.info.Rank(s.Lhs), t.Derived, func() *ast.Ident {
		return g.newTemp("fadj_i", sema.Int4)
	})
	return zero, nil
}

// zeroConst returns the zero of the tangent of a reference of type t.
func zeroConst(t *sema.Type) ast.Expr { return deriv.Const("0", t) }

// isConstructor reports whether x is a structure constructor.
func (g *gen) isConstructor(x ast.Expr) (*ast.CallExpr, bool) {
	c, ok := x.(*ast.CallExpr)
	return c, ok && g.info.Calls[c].Kind == sema.StructConstructor
}

// structTangent returns the assignments setting lhs, the tangent of
// a scalar of derived type t, to the tangent of structure constructor x:
// component by component, zero for the components x omits.
func (g *gen) structTangent(lhs ast.Expr, x *ast.CallExpr, t *sema.Type) ([]ast.Stmt, error) {
	parts, err := decl.ConstructorParts(x, t.Derived)
	if err != nil {
		return nil, err
	}
	var out []ast.Stmt
	for _, p := range parts {
		c := p.Comp
		if !decl.HasFloat(c.Type) {
			if p.Expr != nil {
				if err := g.checkCalls(p.Expr); err != nil {
					return nil, err
				}
			}
			continue
		}
		sub := &ast.SelectorExpr{X: ast.Clone(lhs), Sel: ast.NewIdent(c.Name)}
		st, err := g.partTangent(sub, c, p.Expr)
		if err != nil {
			return nil, err
		}
		out = append(out, st...)
	}
	return out, nil
}

// partTangent returns the assignments setting sub, the tangent of
// component c, to the tangent of e (zero for nil).
func (g *gen) partTangent(sub ast.Expr, c *sema.Symbol, e ast.Expr) ([]ast.Stmt, error) {
	zero := func() []ast.Stmt {
		if c.Type.IsFloat() {
			return []ast.Stmt{&ast.AssignStmt{Lhs: sub, Rhs: zeroConst(c.Type)}}
		}
		return decl.ZeroDerived(sub, len(c.Dims), c.Type.Derived, func() *ast.Ident { return g.newTemp("fadj_i", sema.Int4) })
	}
	if e == nil {
		return zero(), nil
	}
	if c.Type.IsFloat() {
		d, err := g.tangent(e)
		if err != nil || d == nil {
			return zero(), err
		}
		return []ast.Stmt{&ast.AssignStmt{Lhs: sub, Rhs: g.replace(d)}}, nil
	}
	if n, ok := g.isConstructor(e); ok && len(c.Dims) == 0 {
		return g.structTangent(sub, n, c.Type)
	}
	if b := g.baseSym(e); b != nil && g.info.Rank(e) == len(c.Dims) {
		if !g.pa.ActiveVar(b) {
			return zero(), nil
		}
		d, err := g.shadowRef(e)
		if err != nil {
			return nil, err
		}
		return []ast.Stmt{&ast.AssignStmt{Lhs: sub, Rhs: d}}, nil
	}
	if out, ok := g.derivedFuncTangent(e, sub, c.Type); ok && len(c.Dims) == 0 { // dtype_func.go
		return out, nil
	}
	return nil, notSupported("component '%s' of a structure constructor given by an expression", c.Name)
}

// refersTo reports whether x references variable s.
func refersTo(info *sema.Info, x ast.Expr, s *sema.Symbol) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == s {
			found = true
		}
		return !found
	})
	return found
}
