package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Shifts in an active WHERE. A WHERE assignment evaluates a cshift or
// eoshift of its right side whole, whatever the mask (where (dq /= 0) r
// = (q - cshift(q, -1))/dq, the slope ratio of flux limiters), and uses
// its elements where the mask holds. The adjoint statements of the
// assignment run under the mask (where.go), on the elements of the left
// side; those of the shift's argument are on other elements: they run
// unmasked, from the shift's adjoint masked by merge (rb where the mask
// holds, 0 elsewhere, so the elements the mask leaves alone, whose
// partial derivatives may not even be finite, add nothing).

// whereShiftState is the gen's state for shifts in WHERE.
type whereShiftState struct {
	// whereShift is the mask of the WHERE assignment being reversed, nil
	// outside one (and inside a shift's argument).
	whereShift *ast.Ident
}

// isShift reports whether intrinsic name is a shift whose adjoint
// whereShiftAdj masks.
func isShift(name string) bool {
	n := strings.ToLower(name)
	return n == "cshift" || n == "eoshift"
}

// whereShiftAdj returns the adjoint statements of shift x, of adjoint rb,
// in the WHERE assignment whose mask is g.whereShift.
func (g *gen) whereShiftAdj(x *ast.CallExpr, c sema.Call, rb ast.Expr) ([]ast.Stmt, error) {
	m := g.whereShift
	g.whereShift = nil
	defer func() { g.whereShift = m }()
	zero := deriv.Const("0", g.info.TypeOf(x))
	out, err := g.intrinsic(x, c, deriv.Call("merge", rb, zero, ast.NewIdent(m.Name)))
	if err != nil {
		return nil, err
	}
	for _, s := range out {
		if !unmaskedAdj(s, m) {
			return nil, notSupported("'%s' of an expression whose adjoint needs temporaries, in an active WHERE in reverse mode", exprString(x.Fun))
		}
	}
	return out, nil
}

// unmaskedAdj reports whether adjoint statement s of a WHERE assignment
// of mask m comes from a shift's argument: an assignment reading the
// shift's adjoint masked by merge with m (whereShiftAdj). Statements
// are recognized by that, as copies of them (a first adjoint statement
// gets the comment naming the source line) are not the same nodes.
func unmaskedAdj(s ast.Stmt, m *ast.Ident) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(as.Rhs, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if f, ok := c.Fun.(*ast.Ident); ok && f.Lower() == "merge" && len(c.Args) == 3 {
			if id, ok := c.Args[2].(*ast.Ident); ok && strings.EqualFold(id.Name, m.Name) {
				found = true
			}
		}
		return !found
	})
	return found
}

// whereTransformational is transformational (where.go) for the right
// side of a WHERE assignment: a shift of the assignment's rank is
// allowed (whereShiftAdj), not a transformational reference in its
// arguments.
func (g *gen) whereTransformational(x ast.Expr, rank int) (string, bool) {
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		if k, ok := g.info.Calls[c]; ok && k.Kind == sema.FunctionCall && k.IsIntrinsic() && isShift(k.Proc.Name) && g.info.Rank(c) == rank {
			for _, a := range c.Args {
				if kw, ok := a.(*ast.KeywordArg); ok {
					a = kw.Value
				}
				if nm, bad := g.transformational(a); bad {
					name = nm
				}
			}
			return false
		}
		if nm, bad := g.transformational(c); bad && nm == exprString(c.Fun) {
			name = nm
			return false
		}
		return true
	})
	return name, name != ""
}
