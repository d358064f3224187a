package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// collapse(2) on a parallel loop over a perfect nest of two loops (a 2-D
// stencil). The backward loop keeps collapse(2) when no two iterations
// of the collapsed space write one adjoint element: every adjoint array
// it writes is indexed in one dimension by the outer loop's variable and
// in another by the inner one's, in every write. Else the backward loop
// is parallel over the outer index only, as for a loop without collapse:
// two colours of blocks of outer iterations, or atomic increments; the
// inner loop runs in order in each outer iteration.

// ompCollapseOK rejects a collapse clause other than collapse(1), and
// collapse(2) of a loop that is not a perfect nest of two DO loops with
// a loop variable, whose inner bounds do not depend on the outer index.
func (g *gen) ompCollapseOK(s *ast.DoConstruct, c *ast.Comment, cl *ast.OmpClause) error {
	switch strings.TrimSpace(cl.Arg) {
	case "1":
		return nil
	case "2":
	default:
		return g.ompError(c, "collapse(%s) in reverse mode (collapse(2) only)", cl.Arg)
	}
	in := ompNest(s)
	if in == nil {
		return g.ompError(c, "collapse(2) of a loop that is not a perfect nest of two DO loops in reverse mode")
	}
	for _, x := range []ast.Expr{in.Start, in.Stop, in.Step} {
		if x != nil && mentions(x, s.Var.Name) {
			return g.ompError(c, "collapse(2) of a loop nest whose inner bounds depend on the outer index in reverse mode")
		}
	}
	return nil
}

// ompNest returns the inner loop of s if s's body is one DO loop with a
// loop variable, nil if not.
func ompNest(s *ast.DoConstruct) *ast.DoConstruct {
	if len(s.Body) != 1 {
		return nil
	}
	in, ok := s.Body[0].(*ast.DoConstruct)
	if !ok || in.Var == nil || in.While != nil || in.Concurrent != nil {
		return nil
	}
	return in
}

// ompCollapse gives backward loop back, whose directive is d, the
// collapse(2) of directive c if every adjoint array it writes belongs
// to one iteration of the collapsed space (see above); the statements
// before the inner loop (zeroing private adjoints) move into it.
func ompCollapse(s *ast.DoConstruct, c *ast.Comment, back *ast.DoConstruct, d *ast.OmpDirective) {
	cl := c.Omp.Clause("collapse")
	if cl == nil || strings.TrimSpace(cl.Arg) != "2" || len(back.Body) == 0 {
		return
	}
	n := len(back.Body) - 1
	in, ok := back.Body[n].(*ast.DoConstruct)
	if !ok || in.Var == nil {
		return
	}
	for _, x := range back.Body[:n] {
		if a, ok := x.(*ast.AssignStmt); !ok || !ompIsIdent(a.Lhs) {
			return
		}
	}
	w := &ompWrites{scalars: map[string][]*ast.AssignStmt{}, arrays: map[string][]*ast.AssignStmt{}, loopVars: map[string]bool{}}
	if w.collect(back.Body) != nil {
		return
	}
	for _, ws := range w.arrays {
		if !owned(ws, s.Var.Name) || !owned(ws, in.Var.Name) {
			return
		}
	}
	in.Body = append(append([]ast.Stmt(nil), back.Body[:n]...), in.Body...)
	back.Body = []ast.Stmt{in}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "collapse", Arg: "2"})
}

func ompIsIdent(x ast.Expr) bool {
	_, ok := x.(*ast.Ident)
	return ok
}
