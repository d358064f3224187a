package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// FORALL in reverse mode.
//
// Each assignment of a FORALL statement or construct becomes a DO nest
// over the index values (the mask an IF around it), run in an order in
// which no iteration reads an element another has already assigned
// (forall_dep.go), one nest after the other as the construct's
// assignments run one after the other; each nest is reversed like any
// other DO nest (concurrent.go), with its tape and TBR records. The mask
// is evaluated again by each nest: no assignment may change what the
// mask or the index bounds read for a later one, and the nests keep the
// index variables of the routine as they were. Only assignments are
// handled in a FORALL (no nested FORALL or WHERE, no pointer
// assignment).

// forall reverses FORALL statement or construct s.
func (g *gen) forall(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	var specs []*ast.ForallSpec
	var mask ast.Expr
	var body []ast.Stmt
	switch s := s.(type) {
	case *ast.ForallStmt:
		specs, mask, body = s.Specs, s.Mask, []ast.Stmt{s.Assign}
	case *ast.ForallConstruct:
		specs, mask, body = s.Specs, s.Mask, s.Body
	}
	assigns, err := g.forallAssigns(specs, body)
	if err != nil {
		return nil, nil, err
	}
	h := *s.Header()
	for k, a := range assigns {
		if v := g.forallReads(mask, g.forallWrites(assigns[:k])); v != nil {
			return nil, nil, notSupported("FORALL mask reading '%s', which an assignment of the construct defines before another, in reverse mode", v.Name)
		}
		if k > 0 {
			h = ast.StmtHeader{Start: a.Start}
		}
		down, err := g.forallOrder(specs, a, mask)
		if err == errNoOrder {
			f, b, err := g.forallCopy(h, specs, mask, a) // forall_copy.go
			if err != nil {
				return nil, nil, err
			}
			fwd, bwd = append(fwd, f...), append(b, bwd...)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		nest, err := g.indexNest(h, nil, specs, down, mask, []ast.Stmt{a})
		if err != nil {
			return nil, nil, err
		}
		f, b, err := g.doConstruct(nest)
		if err != nil {
			return nil, nil, err
		}
		fwd = append(fwd, f...)
		bwd = append(b, bwd...)
	}
	return g.keepIndices(specs, fwd, bwd)
}

// forallAssigns returns the assignments of body, the statements of a
// FORALL over specs, or an error if it holds anything else or if an
// assignment defines what the bounds read.
func (g *gen) forallAssigns(specs []*ast.ForallSpec, body []ast.Stmt) ([]*ast.AssignStmt, error) {
	var assigns []*ast.AssignStmt
	for _, st := range body {
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			return nil, notSupported("%s in FORALL in reverse mode", ast.StmtName(st))
		}
		if g.info.Assignments[a] != nil {
			return nil, notSupported("defined assignment in FORALL in reverse mode")
		}
		assigns = append(assigns, a)
	}
	w := g.forallWrites(assigns)
	for _, sp := range specs {
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			if x == nil {
				continue
			}
			if err := g.checkCalls(x); err != nil {
				return nil, err
			}
			if g.forallReads(x, w) != nil {
				return nil, notSupported("FORALL bounds reading what its assignments define in reverse mode")
			}
		}
	}
	return assigns, nil
}
