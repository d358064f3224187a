package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A passive pointer (k => day, its target without derivative) that an
// active statement reads (x = x - k*x**2): the backward sweep reads it
// with the association it has then. That is the one of the forward sweep
// only if nothing associates it anew after: a second association, or one
// in a loop, would make the adjoint read another target, silently. Until
// the associations of such pointers are recorded as those of active
// pointers are (pointer_replay.go), that case is rejected.

// checkPassivePointer rejects the association s of passive pointer v
// when v is associated more than once or in a loop, and read by an
// active statement.
func (g *gen) checkPassivePointer(s ast.Stmt, v *sema.Symbol) error {
	if v == nil || !v.Attrs.Has(sema.AttrPointer) {
		return nil
	}
	n, inLoop := g.associations(v)
	if (n <= 1 && !inLoop) || !g.readByActive(v) {
		return nil
	}
	return notSupported("passive pointer '%s' associated anew while active statements read its target, in reverse mode", v.Name)
}

// associations counts the statements of the routine that associate v
// (=>, ALLOCATE, DEALLOCATE, NULLIFY) and tells whether one is in a loop.
func (g *gen) associations(v *sema.Symbol) (n int, inLoop bool) {
	isAssoc := func(st ast.Node) bool {
		switch st := st.(type) {
		case *ast.PointerAssignStmt:
			return g.baseSym(st.Lhs) == v
		case *ast.AllocateStmt:
			for _, o := range st.Objects {
				if g.baseSym(o) == v {
					return true
				}
			}
		}
		return false
	}
	for _, st := range g.pa.Unit.Body {
		ast.Inspect(st, func(x ast.Node) bool {
			if isAssoc(x) {
				n++
			}
			if d, ok := x.(*ast.DoConstruct); ok {
				for _, b := range d.Body {
					ast.Inspect(b, func(y ast.Node) bool {
						inLoop = inLoop || isAssoc(y)
						return !inLoop
					})
				}
			}
			return true
		})
	}
	return n, inLoop
}

// readByActive reports whether an assignment to a variable with an
// adjoint references v.
func (g *gen) readByActive(v *sema.Symbol) bool {
	found := false
	for _, st := range g.pa.Unit.Body {
		ast.Inspect(st, func(x ast.Node) bool {
			a, ok := x.(*ast.AssignStmt)
			if found || !ok {
				return !found
			}
			if b := g.baseSym(a.Lhs); b == nil || !g.hasAdj(b) {
				return true
			}
			ast.Inspect(a, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
					found = true
				}
				return !found
			})
			return !found
		})
	}
	return found
}
