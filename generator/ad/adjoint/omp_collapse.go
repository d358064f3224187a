package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// collapse(2) on a parallel loop over a perfect nest of two loops (a 2-D
// stencil), and collapse(3) on a nest of three (a 3-D model's grid). The backward loop keeps collapse(2) when no two iterations
// of the collapsed space write one adjoint element: every adjoint array
// it writes is indexed in one dimension by each loop's variable, in
// every write. Else the backward loop
// is parallel over the outer index only, as for a loop without collapse:
// two colours of blocks of outer iterations, or atomic increments; the
// inner loop runs in order in each outer iteration.

// ompCollapseOK rejects a collapse clause other than collapse(1), and
// collapse(n), n = 2 or 3, of a loop that is not a perfect nest of n DO
// loops with a loop variable, whose inner bounds do not depend on the
// outer indices.
func (g *gen) ompCollapseOK(s *ast.DoConstruct, c *ast.Comment, cl *ast.OmpClause) error {
	n := 0
	switch strings.TrimSpace(cl.Arg) {
	case "1":
		return nil
	case "2":
		n = 2
	case "3":
		n = 3
	default:
		return g.ompError(c, "collapse(%s) in reverse mode (collapse(2) and collapse(3) only)", cl.Arg)
	}
	nest := ompNestN(s, n)
	if nest == nil {
		return g.ompError(c, "collapse(%d) of a loop that is not a perfect nest of %s DO loops in reverse mode", n, map[int]string{2: "two", 3: "three"}[n])
	}
	for k, in := range nest[1:] {
		for _, x := range []ast.Expr{in.Start, in.Stop, in.Step} {
			for _, out := range nest[:k+1] {
				if x != nil && mentions(x, out.Var.Name) {
					return g.ompError(c, "collapse(%d) of a loop nest whose inner bounds depend on an outer index in reverse mode", n)
				}
			}
		}
	}
	return nil
}

// ompNestN returns the n loops of the perfect nest s begins, s first;
// nil if s's body down to depth n is not one DO loop with a loop
// variable at each level.
func ompNestN(s *ast.DoConstruct, n int) []*ast.DoConstruct {
	nest := []*ast.DoConstruct{s}
	for len(nest) < n {
		in := ompNest(nest[len(nest)-1])
		if in == nil {
			return nil
		}
		nest = append(nest, in)
	}
	return nest
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
// collapse(n) of directive c if every adjoint array it writes belongs
// to one iteration of the collapsed space (see above); the statements
// before the inner loops (zeroing private adjoints) move into the
// innermost.
func ompCollapse(s *ast.DoConstruct, c *ast.Comment, back *ast.DoConstruct, d *ast.OmpDirective) {
	cl := c.Omp.Clause("collapse")
	if cl == nil || len(back.Body) == 0 {
		return
	}
	depth := strings.TrimSpace(cl.Arg)
	if depth != "2" && depth != "3" {
		return
	}
	n := len(back.Body) - 1
	in, ok := back.Body[n].(*ast.DoConstruct)
	if !ok || in.Var == nil {
		return
	}
	vars := []string{s.Var.Name, in.Var.Name}
	inner := in
	if depth == "3" {
		if len(in.Body) != 1 {
			return
		}
		inner, ok = in.Body[0].(*ast.DoConstruct)
		if !ok || inner.Var == nil {
			return
		}
		vars = append(vars, inner.Var.Name)
	}
	for _, x := range back.Body[:n] {
		// Zeroings of private adjoints only: a restore (rate =
		// fadj_save3(j), the value at the end of the outer iteration)
		// is for the first inner iteration run, in order.
		if a, ok := x.(*ast.AssignStmt); !ok || !ompIsIdent(a.Lhs) || !ompIsZero(a.Rhs) {
			return
		}
	}
	w := &ompWrites{scalars: map[string][]*ast.AssignStmt{}, arrays: map[string][]*ast.AssignStmt{}, loopVars: map[string]bool{}}
	if w.collect(back.Body) != nil {
		return
	}
	for _, ws := range w.arrays {
		for _, v := range vars {
			if !owned(ws, v) {
				return
			}
		}
	}
	inner.Body = append(append([]ast.Stmt(nil), back.Body[:n]...), inner.Body...)
	back.Body = []ast.Stmt{in}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "collapse", Arg: depth})
}

func ompIsIdent(x ast.Expr) bool {
	_, ok := x.(*ast.Ident)
	return ok
}

// ompIsZero reports whether x is a zero literal.
func ompIsZero(x ast.Expr) bool {
	l, ok := x.(*ast.BasicLit)
	return ok && strings.Trim(strings.SplitN(strings.ToLower(l.Value), "_", 2)[0], "0.de+") == ""
}

// ompFwdCollapse is directive d for forward loop n: without its
// collapse clause when the forward body is no longer a perfect nest (the
// value a private scalar has at the end of an outer iteration, stored
// after the inner loop: the outer loop alone is then parallel).
func ompFwdCollapse(d *ast.OmpDirective, n *ast.DoConstruct) *ast.OmpDirective {
	cl := d.Clause("collapse")
	d = ast.CloneOmp(d)
	if cl == nil {
		return d
	}
	depth := 1
	switch strings.TrimSpace(cl.Arg) {
	case "2":
		depth = 2
	case "3":
		depth = 3
	}
	if depth == 1 || ompNestN(n, depth) != nil {
		return d
	}
	var cls []*ast.OmpClause
	for _, x := range d.Clauses {
		if x.Name != "collapse" {
			cls = append(cls, x)
		}
	}
	d.Clauses = cls
	return d
}
