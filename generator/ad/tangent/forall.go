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
// else active in it but a nested FORALL or a WHERE. A WHERE keeps its
// masks, each assignment under them preceded by its tangent's (whereBody):
// in a FORALL the masks are evaluated for every index value first, then
// each assignment runs for every index value, so the tangent's reads the
// values of before its assignment too.

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
		switch st := st.(type) {
		case *ast.WhereStmt, *ast.WhereConstruct:
			out, err := g.forallWhere(st, append(append([]*ast.ForallSpec{}, outer...), n.Specs...))
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

// forallWhere returns the tangent of WHERE s in a FORALL over specs:
// the WHERE's, each of its assignments one to a section the indices
// select.
func (g *gen) forallWhere(s ast.Stmt, specs []*ast.ForallSpec) ([]ast.Stmt, error) {
	if err := whereIndexed(s, specs, "assignment to '%s' in a WHERE in FORALL, not to a section its indices select, in tangent mode"); err != nil {
		return nil, err
	}
	var out []ast.Stmt
	var err error
	switch s := s.(type) {
	case *ast.WhereStmt:
		out, err = g.whereStmt(s)
	case *ast.WhereConstruct:
		out, err = g.whereConstruct(s)
	}
	for _, t := range out {
		if err == nil {
			err = whereIndexed(t, specs, "assignment to '%s' in a WHERE in FORALL whose tangent needs more than an assignment")
		}
	}
	return out, err
}

// whereIndexed rejects, with message format, an assignment of s to what
// no index variable of specs selects.
func whereIndexed(s ast.Stmt, specs []*ast.ForallSpec, format string) error {
	var err error
	ast.Inspect(s, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && err == nil && !indexedBy(a.Lhs, specs) {
			err = notSupported(format, exprString(a.Lhs))
		}
		return err == nil
	})
	return err
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
