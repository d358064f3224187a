package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// moduleDesignator reports whether x, the target of the one association
// of a local pointer at the top of routine u's body (t => g%t of a
// module's ocean state), designates a part of a module variable that
// foo_bwd can name again: the base is a module variable (no pointer) the
// routine names by its own name, the subscripts are named constants or
// INTENT(IN) scalar dummies (dummyName), and neither the routine (its
// ALLOCATE statements: splitPointer) nor a procedure it calls may
// allocate it (none references it), so that x designates at the start
// of foo_bwd the storage it designated in foo_fwd, whose values the
// caller restored.
func (g *gen) moduleDesignator(u *ast.Unit, x ast.Expr) bool {
	base := g.baseSym(x)
	if base == nil || base.Kind != sema.VarSym || base.Module() == nil || base.Attrs.Has(sema.AttrPointer) || g.scope.Lookup(base.Name) != base {
		return false
	}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			ast.Inspect(sel.X, func(m ast.Node) bool { return g.dummyName(m, base, &ok) })
			return false
		}
		return g.dummyName(n, base, &ok)
	})
	return ok && !g.calleesReach(u, base)
}

// calleesReach reports whether a procedure routine u calls (CALL or
// function reference) references module variable v.
func (g *gen) calleesReach(u *ast.Unit, v *sema.Symbol) bool {
	reach := false
	visit := func(c sema.Call) {
		if c.Proc == nil || c.Proc.Proc == nil || c.Proc.Proc.Unit == nil || c.IsIntrinsic() {
			return
		}
		for _, s := range g.sh.calleeGlobals(g.info, c.Proc.Proc.Unit) {
			reach = reach || s == v
		}
	}
	walkStmts(u.Body, func(s ast.Stmt) {
		if cs, ok := s.(*ast.CallStmt); ok {
			visit(g.info.CallStmts[cs])
		}
		ast.Inspect(s, func(n ast.Node) bool {
			if x, ok := n.(*ast.CallExpr); ok {
				if c, ok := g.info.Calls[x]; ok && c.Kind == sema.FunctionCall {
					visit(c)
				}
			}
			return true
		})
	})
	return reach
}

// splitHostPointer reports whether v is a pointer of the host that an
// internal procedure reversed in split mode reads by host association
// (the coefficient table k => day of each step): the host's sweeps
// replay or restore its associations, and its adjoint's, a call that may
// read it counting as a read (pointer_replay.go), so foo_bwd reads k (and
// updates k_b) as associated when foo_fwd ran. Not if the procedure
// itself associates, nullifies or allocates it.
func (g *gen) splitHostPointer(v *sema.Symbol) bool {
	if v.Owner == g.scope || isGlobal(v) || g.scope.Parent == nil || g.scope.Parent != v.Owner {
		return false
	}
	moved := false
	walkStmts(g.pa.Unit.Body, func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.PointerAssignStmt:
			moved = moved || g.baseSym(s.Lhs) == v
		case *ast.AllocateStmt:
			for _, o := range s.Objects {
				moved = moved || g.baseSym(o) == v
			}
		}
	})
	return !moved
}
