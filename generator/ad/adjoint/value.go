package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// VALUE dummies. A VALUE dummy x is a copy of the caller's actual, which
// the call never changes: so the adjoint the caller passes in x_b is
// that of the actual's value, unchanged by the call, and not the adjoint
// of x's value on exit, which the routine may have changed (`x = 2*x`).
// foo_b keeps x_b's value on entry aside, starts x's adjoint at zero as
// a local's, and adds the kept value to it at the end: x_b then holds
// the adjoint of the actual before the call. x itself stays VALUE in
// foo_b, so the forward sweep's changes do not leak back either.
// Supported for real scalars of routines reversed jointly: foo_bwd of a
// split form would need x's values foo_fwd left.

// valueAdjOK reports whether active VALUE dummy s can have an adjoint.
func (g *gen) valueAdjOK(s *sema.Symbol) bool {
	return !g.split && s.Rank() == 0 && s.Type != nil && s.Type.IsReal()
}

// valueAdj adds to r the statements of VALUE dummy s's adjoint: kept and
// zeroed at the start of the backward sweep, added back at its end.
func (g *gen) valueAdj(r *routine, s *sema.Symbol) error {
	g.ntmp++
	keep, err := g.local("fadj_value"+strconv.Itoa(g.ntmp)+g.suffix, s.Type)
	if err != nil {
		return err
	}
	sb := ast.NewIdent(g.aname(s))
	r.inits = append(r.inits,
		&ast.AssignStmt{Lhs: keep, Rhs: sb},
		&ast.AssignStmt{Lhs: ast.NewIdent(sb.Name), Rhs: deriv.Const("0", s.Type)})
	r.finals = append(r.finals, &ast.AssignStmt{Lhs: ast.NewIdent(sb.Name), Rhs: deriv.Add(ast.NewIdent(sb.Name), ast.NewIdent(keep.Name))})
	return nil
}
