package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A scalar of a fixed-point loop's state that the body assigns only
// under a condition (if (r > tol) x = x - r/dr): in an iteration that
// skips the assignment the scalar maps to itself, and the adjoint
// iteration, which takes it as defined whole, would drop its incoming
// adjoint. Scalars have no element marks (fixedpoint_mask.go), so such a
// state is rejected at the assignment.

// condScalar returns an error at the first assignment of scalar state
// variable name in the primal body if every assignment of it there lies
// under an IF, SELECT CASE or WHERE (DO loops do not count: their bodies
// are taken as run).
func (fp *fpCode) condScalar(name string, body []ast.Stmt) error {
	var first ast.Stmt
	uncond := false
	var visit func(list []ast.Stmt, cond bool)
	visit = func(list []ast.Stmt, cond bool) {
		for _, st := range list {
			switch s := st.(type) {
			case *ast.AssignStmt:
				if baseName(s.Lhs) == name {
					uncond = uncond || !cond
					if first == nil {
						first = s
					}
				}
			case *ast.IfStmt:
				if a, ok := s.Action.(*ast.AssignStmt); ok && baseName(a.Lhs) == name && first == nil {
					first = s
				}
			case *ast.DoConstruct:
				visit(s.Body, cond)
			case *ast.BlockConstruct:
				visit(s.Body, cond)
			case *ast.IfConstruct, *ast.SelectCase, *ast.WhereConstruct:
				rewriteBlocks(st, func(l []ast.Stmt) []ast.Stmt { visit(l, true); return l })
			}
		}
	}
	visit(body, false)
	if first == nil || uncond {
		return nil
	}
	return diag.At(fp.g.fset, first.Pos(), notSupported("scalar '%s', state of fixed-point loop %s, assigned only under a condition: an iteration that skips it leaves it as it is, which the adjoint iteration does not follow (assign it in every iteration, x = merge(xnew, x, cond))", strings.ToLower(name), fp.d.Name))
}
