package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Active POINTER variables (locals and dummies of real or complex type):
// the tangent p_d of a pointer p is a pointer associated with the tangent
// of p's target wherever p is associated (p => x gives p_d => x_d,
// NULLIFY, ALLOCATE and DEALLOCATE act on both), so that p_d is the
// tangent of the values p designates. The tangent of a TARGET is a
// TARGET.

// withAliased returns vars with the pointers and targets of the routine
// that have tangents: the activity analysis lists one variable of each
// set that pointer association may alias (one location).
func (g *gen) withAliased(vars []activity.Var) []activity.Var {
	for _, s := range g.scope.Symbols() {
		if s.Kind != sema.VarSym || s.Owner != g.scope || !hasShadow(s.Type) || !g.pa.ActiveVar(s) { // (derived: dtype_pointer.go)
			continue
		}
		if !s.Attrs.Has(sema.AttrPointer) && !s.Attrs.Has(sema.AttrTarget) && !g.componentAssociated(s) { // (ptrcomp.go)
			continue
		}
		vars = addVar(vars, s)
	}
	return g.withAliasedGlobals(vars) // ptr_module.go
}

// addVar returns vars with s, whole, unless it is there.
func addVar(vars []activity.Var, s *sema.Symbol) []activity.Var {
	for _, v := range vars {
		if v.Sym == s {
			return vars
		}
	}
	return append(vars, activity.Var{Sym: s})
}

// pointerAttrs adds to declaration d of the tangent of s the POINTER and
// TARGET attributes of s.
func pointerAttrs(s *sema.Symbol, d *ast.TypeDecl) {
	if s.Attrs.Has(sema.AttrPointer) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrPointer})
		if s.Attrs.Has(sema.AttrContiguous) && !s.IsDummy() {
			// (passed to a CONTIGUOUS POINTER dummy, the tangent must be simply contiguous too)
			d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrContiguous})
		}
	}
	if s.Attrs.Has(sema.AttrTarget) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrTarget})
	}
}

// pointerAssign returns p => t followed by p_d => t_d when p has a
// tangent: t is a variable with a tangent, or null().
func (g *gen) pointerAssign(s *ast.PointerAssignStmt) ([]ast.Stmt, error) {
	if out, ok, err := g.componentRemap(s); ok { // ptr_comp_remap.go
		return out, err
	}
	if err := g.checkPointerComponent(s); err != nil { // ptrcomp.go
		return nil, err
	}
	p := g.baseSym(s.Lhs)
	if p == nil || !hasShadow(p.Type) || !g.pa.ActiveVar(p) { // (derived: dtype_pointer.go)
		return []ast.Stmt{s}, nil
	}
	lhs, err := g.tangentRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, err
	}
	return []ast.Stmt{s, &ast.PointerAssignStmt{Lhs: lhs, Rhs: rhs}}, nil
}

// pointerTarget returns the tangent of pointer target t: null(), or the
// same designator of the tangent of an active variable.
func (g *gen) pointerTarget(t ast.Expr) (ast.Expr, error) {
	if c, ok := t.(*ast.CallExpr); ok {
		if id, ok := c.Fun.(*ast.Ident); ok && strings.EqualFold(id.Name, "null") && len(c.Args) == 0 {
			return &ast.CallExpr{Fun: ast.NewIdent(id.Name)}, nil
		}
	}
	v := g.baseSym(t)
	if v == nil || v.Kind != sema.VarSym || !g.pa.ActiveVar(v) {
		return nil, notSupported("active pointer associated with '%s', which has no derivative", exprString(t))
	}
	return g.tangentRef(t)
}
