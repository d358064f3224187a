package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// STAT= and ERRMSG= of ALLOCATE and DEALLOCATE in reverse mode. The
// statement runs as written in the forward sweep, so the primal's status
// and message are the program's. An allocation with STAT= may fail (an
// array already allocated, no memory): the allocation of each object,
// variable or component, is recorded before the statement and restored
// after its adjoint (saveAlloc), the adjoint following, so that the
// backward sweep does not depend on the outcome. The adjoint's own
// allocations (decl.Follow) take no STAT=: they re-create allocations
// the primal made. The STAT= and ERRMSG= variables, which the statement
// overwrites, are recorded before it and restored after its adjoint,
// for the adjoints of the statements before that read them (a branch
// on an earlier status).

// keepStatus returns the records of the STAT= and ERRMSG= variables
// vars before the statement, and their restoration, in reverse order.
func (g *gen) keepStatus(vars []ast.Expr) (push, pop []ast.Stmt, err error) {
	for _, v := range vars {
		p, q, err := g.pushPop(v)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(push, p), append([]ast.Stmt{q}, pop...)
	}
	return push, pop, nil
}
