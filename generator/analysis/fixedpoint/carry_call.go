package fixedpoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// call is carry.stmt of a CALL statement. A whole variable passed to an
// INTENT(OUT) dummy carries no value into the call, whatever the callee
// defines (the actual becomes undefined on entry, or deallocated, or its
// components default-initialized): the Jacobi sweep `call sweep(u,
// uold, unew, dt)` writing unew, read after it, leaves unew an
// intermediate of the iteration, not a value carried to the next. Other
// arguments are read, and the call kills nothing.
func (c *carry) call(s *ast.CallStmt, kills bool) {
	a := c.a
	out := map[*sema.Symbol]bool{}
	for _, arg := range a.in.ModRef.Call(s, a.scope).Args {
		id, whole := arg.Expr.(*ast.Ident)
		if whole && arg.Dummy != nil && arg.Dummy.Intent == ast.IntentOut && !arg.Dummy.Attrs.Has(sema.AttrPointer) && !arg.Reads &&
			a.info.ObjectOf(id) == arg.Var {
			out[arg.Var] = true
		}
	}
	read := a.referenced([]ast.Stmt{s})
	for v := range read {
		if out[v] && !a.in.ModRef.Call(s, a.scope).Uses[v] {
			delete(read, v)
		}
	}
	c.read(read)
	if kills {
		for v := range out {
			c.written[v] = true
		}
	}
}
