package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// A derived-type assignment from MERGE (s = merge(a, b, mask), a and b
// variables or structure constructors): the forward sweep records the
// mask before the assignment (mergePush: before the records of the
// left side, which the backward sweep restores before the adjoint
// pops it), the backward sweep runs the adjoint of s = a or of s = b.

// derivedMerge returns the MERGE assigned by s to a derived-type left
// side, if it is one.
func (g *gen) derivedMerge(s *ast.AssignStmt) (decl.Merge, bool, error) {
	if !decl.IsDerived(g.info.TypeOf(s.Lhs)) {
		return decl.Merge{}, false, nil
	}
	return decl.DerivedMerge(g.info, s.Rhs, func(x ast.Expr) bool { return g.baseSym(x) != nil })
}

// mergePush returns the record of the mask of s, a derived-type
// assignment from MERGE whose left side has an adjoint, or nil.
func (g *gen) mergePush(s *ast.AssignStmt) ast.Stmt {
	m, ok, err := g.derivedMerge(s)
	if !ok || err != nil || !g.hasAdj(g.baseSym(s.Lhs)) {
		return nil
	}
	bit := deriv.Call("merge", deriv.Int(1), deriv.Int(0), ast.Clone(m.Mask))
	return tape.Lower(tape.Op{Kind: tape.Push, Type: tape.I4, Ref: bit})
}

// mergeAdjoint returns the adjoint of s = merge(m.A, m.B, m.Mask): the
// mask popped, then the adjoint of s = m.A or of s = m.B.
func (g *gen) mergeAdjoint(s *ast.AssignStmt, m decl.Merge) ([]ast.Stmt, error) {
	var branches [2][]ast.Stmt
	for i, v := range []ast.Expr{m.A, m.B} {
		one := &ast.AssignStmt{Lhs: s.Lhs, Rhs: v}
		adj, err := g.derivedAssignAdjoint(one)
		if err != nil {
			return nil, err
		}
		branches[i] = adj
	}
	flag := g.newIndex()
	pop := tape.Lower(tape.Op{Kind: tape.Pop, Type: tape.I4, Ref: flag})
	cond := &ast.BinaryExpr{X: ast.NewIdent(flag.Name), Op: token.EQ, OpLit: "==", Y: deriv.Int(1)}
	return []ast.Stmt{pop, decl.IfElse(cond, branches[0], branches[1])}, nil
}
