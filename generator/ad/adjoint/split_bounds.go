package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// splitBoundsChanged rejects an explicit-shape array of a routine
// reversed in split mode whose bounds read a dummy or global the routine
// defines: foo_bwd evaluates its declarations on entry, where the
// variable has the value the call left (ktop = ktop + 1 after
// work(ktop:nlev)), so the array had other bounds than in foo_fwd and the
// pops of its values read the wrong part of the tape.
func (g *gen) splitBoundsChanged(u *ast.Unit) error {
	defs := g.modref().Defines(u.Body, g.scope)
	for _, s := range g.scope.Symbols() {
		for _, d := range s.Dims {
			if d.Kind != sema.ExplicitShape {
				continue
			}
			for _, b := range []sema.Bound{d.Lo, d.Hi} {
				if b.Expr == nil || b.Const {
					continue
				}
				if v := g.definedIn(b.Expr, defs); v != nil {
					return diag.At(g.fset, s.Pos, notSupported("array '%s' whose bounds read '%s', which '%s' defines, reversed in split mode (its backward sweep would declare it with the bounds of the call's end; reverse the calls jointly: call_overrides: {%s: joint})", s.Name, v.Name, g.pa.Proc.Name, g.pa.Proc.Name))
				}
			}
		}
	}
	return nil
}

// definedIn returns a variable (a dummy, a module or common variable)
// that x names and defs holds, or nil.
func (g *gen) definedIn(x ast.Expr, defs map[*sema.Symbol]bool) *sema.Symbol {
	var out *sema.Symbol
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && isInquiry(c) {
			return false // size(psi, 1) reads psi's shape, not its value
		}
		if id, ok := n.(*ast.Ident); ok && out == nil {
			if v := g.scope.Lookup(strings.ToLower(id.Name)); v != nil && defs[v] {
				out = v
			}
		}
		return out == nil
	})
	return out
}

// isInquiry reports whether c calls an intrinsic that reads its
// argument's shape or type only.
func isInquiry(c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return false
	}
	switch strings.ToLower(id.Name) {
	case "size", "lbound", "ubound", "shape", "len", "kind", "rank", "present", "allocated", "associated":
		return true
	}
	return false
}
