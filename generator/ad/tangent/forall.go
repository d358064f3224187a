package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Active FORALL in tangent mode.
//
// A FORALL construct runs its assignments one after the other, each
// evaluating its right side for every index value before assigning. The
// tangent keeps the construct, header and mask as they are, each
// assignment preceded by its tangent's: the tangent's right side is
// evaluated for every index with the values of before the assignment, as
// the tangent of a plain assignment is, and the tangents of the elements
// it reads are those of before too (forall (i = 2:n) a(i) = a(i-1) reads
// old values; so does a_d(i) = a_d(i-1)). A FORALL statement becomes a
// construct. A FORALL may hold only assignments to elements: an
// assignment whose tangent needs a statement other than one such
// assignment (a scalar temporary, a call) is rejected, and so is anything
// else active in it (a WHERE) but a nested FORALL.

// forall returns the tangent of FORALL statement or construct s.
func (g *gen) forall(s ast.Stmt) ([]ast.Stmt, error) {
	return g.forallIn(s, nil)
}

// forallIn returns the tangent of FORALL s nested in FORALLs over outer.
func (g *gen) forallIn(s ast.Stmt, outer []*ast.ForallSpec) ([]ast.Stmt, error) {
	if !g.pa.ActiveStmt(s) {
		return []ast.Stmt{s}, nil
	}
	n := &ast.ForallConstruct{End: ast.EndStmt{Keyword: "forall"}}
	var body []ast.Stmt
	switch s := s.(type) {
	case *ast.ForallStmt:
		n.Specs, n.Mask, body = s.Specs, s.Mask, []ast.Stmt{s.Assign}
	case *ast.ForallConstruct:
		n.Name, n.Specs, n.Mask, body = s.Name, s.Specs, s.Mask, s.Body
		n.End = s.End
	}
	n.StmtHeader = *s.Header()
	if err := g.checkCalls(n.Mask); err != nil {
		return nil, err
	}
	for _, sp := range n.Specs {
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			if err := g.checkCalls(x); err != nil {
				return nil, err
			}
		}
	}
	for _, st := range body {
		switch st.(type) {
		case *ast.ForallStmt, *ast.ForallConstruct:
			out, err := g.forallIn(st, append(append([]*ast.ForallSpec{}, outer...), n.Specs...)) // a nested FORALL
			if err != nil {
				return nil, err
			}
			n.Body = append(n.Body, out...)
			continue
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			if g.pa.ActiveStmt(st) {
				return nil, notSupported("active %s in FORALL in tangent mode", ast.StmtName(st))
			}
			n.Body = append(n.Body, st)
			continue
		}
		out, err := g.assign(a)
		if err != nil {
			return nil, err
		}
		for _, t := range out {
			if ta, ok := t.(*ast.AssignStmt); !ok || !indexedBy(ta.Lhs, append(append([]*ast.ForallSpec{}, outer...), n.Specs...)) {
				return nil, notSupported("FORALL assignment to '%s' whose tangent needs more than an assignment", exprString(a.Lhs))
			}
		}
		n.Body = append(n.Body, out...)
	}
	return []ast.Stmt{n}, nil
}

// indexedBy reports whether x references an index variable of specs.
func indexedBy(x ast.Expr, specs []*ast.ForallSpec) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			for _, sp := range specs {
				if strings.EqualFold(id.Name, sp.Var.Name) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
