package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// selectType reverses SELECT TYPE construct s. The selector's dynamic
// type is the same when the backward sweep reaches the construct
// (selectTypeSupported and selectTypeCalls reject what could change it in
// between), so the backward sweep dispatches again with the same SELECT
// TYPE around each block's adjoint instead of recording which block ran;
// each block's associate name stands there for the selector, as in the
// forward sweep.
func (g *gen) selectType(s *ast.SelectType) (fwd, bwd []ast.Stmt, err error) {
	if err := g.checkCalls(s.Selector); err != nil {
		return nil, nil, err
	}
	if err := g.selectTypeSupported(s); err != nil { // select_type_check.go
		return nil, nil, err
	}
	fs, bs := make([][]ast.Stmt, len(s.Guards)), make([][]ast.Stmt, len(s.Guards))
	reversed := false
	for i, gd := range s.Guards {
		if fs[i], bs[i], err = g.stmts(gd.Body); err != nil {
			return nil, nil, err
		}
		reversed = reversed || len(bs[i]) > 0
	}
	// Without its name: the backward sweep and the copies of a
	// checkpointed loop's body hold the construct again, and nothing
	// names it (an EXIT leaving it is rejected).
	nf, nb := unnamed(withBodies(s, fs)), unnamed(withBodies(s, bs))
	if empty(fs) && s.Label == 0 {
		fwd = nil // nothing left to run forward (dead assignments)
	} else {
		fwd = []ast.Stmt{nf}
	}
	if !reversed {
		return fwd, nil, nil
	}
	nb.Label = 0
	nb.Doc = nil
	return fwd, []ast.Stmt{nb}, nil
}

// empty reports whether every body is empty.
func empty(bodies [][]ast.Stmt) bool {
	for _, b := range bodies {
		if len(b) > 0 {
			return false
		}
	}
	return true
}

// selectTypeSel returns the variable at the root of the selector of s,
// through the associate names of enclosing constructs, or nil.
func (g *gen) selectTypeSel(s *ast.SelectType) *sema.Symbol {
	v := g.baseSym(s.Selector)
	for i := 0; i < 8 && v != nil; i++ {
		sel := sema.AssocSelector(v)
		if sel == nil {
			break
		}
		v = g.baseSym(sel)
	}
	return v
}

// withBodies returns a shallow copy of s whose blocks have bodies.
func withBodies(s *ast.SelectType, bodies [][]ast.Stmt) *ast.SelectType {
	n := ast.Copy(s).(*ast.SelectType)
	n.Guards = make([]*ast.TypeGuard, len(s.Guards))
	for i, gd := range s.Guards {
		c := *gd
		c.Body = bodies[i]
		n.Guards[i] = &c
	}
	return n
}

// unnamed drops the construct name of s, in place.
func unnamed(s *ast.SelectType) *ast.SelectType {
	s.Name, s.End.Name = nil, nil
	for _, gd := range s.Guards {
		gd.Name = nil
	}
	return s
}
