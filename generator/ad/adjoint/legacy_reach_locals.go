package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// localValue returns the value of local integer scalar s of unit in the
// caller's terms (calleeTerms), when the body defines it once, by an
// assignment outside every DO loop (LINPACK's m = mod(n,5), mp1 = m + 1,
// nincx = n*incx), and nothing else may define it; else nil.
func (g *gen) localValue(unit *ast.Unit, s, d *sema.Symbol, args []ast.Expr, depth int) ast.Expr {
	if depth > 4 || s.Rank() != 0 || s.Type == nil || !s.Type.IsInteger() || s.IsDummy() ||
		s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || s.Attrs.Has(sema.AttrInCommon) || unit.Body == nil {
		return nil
	}
	var def *ast.AssignStmt
	ok, loops := true, 0
	isS := func(x ast.Expr) bool {
		id, isID := x.(*ast.Ident)
		return isID && g.info.ObjectOf(id) == s
	}
	pre := func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.DoConstruct:
			if n.Var != nil && isS(n.Var) {
				ok = false
			}
			loops++
		case *ast.AssignStmt:
			if isS(n.Lhs) {
				if def != nil || loops > 0 {
					ok = false
				}
				def = n
			}
		case *ast.IOStmt:
			if refsVar(g.info, n, s) {
				ok = false // a READ may define it
			}
		case *ast.CallStmt:
			for _, a := range n.Args {
				if isS(a) {
					ok = false
				}
			}
		case *ast.CallExpr:
			if k, isRef := g.info.Calls[n]; !isRef || k.Kind != sema.ArrayElement {
				for _, a := range n.Args {
					if isS(a) && !g.intrinsicRef(n) {
						ok = false
					}
				}
			}
		}
		return ok
	}
	post := func(c *ast.Cursor) bool {
		if _, isDo := c.Node().(*ast.DoConstruct); isDo {
			loops--
		}
		return true
	}
	ast.Apply(&ast.Unit{Body: unit.Body}, pre, post)
	if !ok || def == nil {
		return nil
	}
	return g.calleeTermsAt(def.Rhs, d, args, nil, nil, depth+1)
}

// intrinsicRef reports whether function reference c is of an intrinsic.
func (g *gen) intrinsicRef(c *ast.CallExpr) bool {
	k, ok := g.info.Calls[c]
	return ok && k.Kind == sema.FunctionCall && isIntrinsicProc(k.Proc)
}

func isIntrinsicProc(p *sema.Symbol) bool {
	return p != nil && p.Kind == sema.ProcSym && p.Proc != nil && p.Proc.Kind == sema.ProcIntrinsic
}

// integerIntrinsics are the intrinsics a bound of the callee may use.
var integerIntrinsics = map[string]bool{"mod": true, "max": true, "min": true, "abs": true, "iabs": true, "max0": true, "min0": true}
