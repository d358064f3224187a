package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// DEALLOCATE of active pointers (pointer.go). The statements before it
// need, in the backward sweep, the values of the target it frees and an
// adjoint for them. So the forward sweep frees nothing: it saves the
// associations of p and p_b, as for any pointer statement, and
// disassociates both (NULLIFY), which is all the program after it can
// tell (a pointer associated with the freed target is undefined: the
// program may not use it). The backward sweep associates p and p_b with
// that target and its adjoint again. The adjoint there is zero: nothing
// after the DEALLOCATE reads the values it drops. The storage is freed
// where the backward sweep reverses the ALLOCATE of a local pointer
// (pointerFree): p is associated with it there again.

// pointerDealloc reverses DEALLOCATE s (without options) of active
// pointers: s must name only such pointers, saved by association.
func (g *gen) pointerDealloc(s *ast.AllocateStmt) (fwd, bwd []ast.Stmt, err error) {
	var after []ast.Stmt
	for _, o := range s.Objects {
		p, v := g.activePointer(o)
		if v == nil {
			return nil, nil, notSupported("DEALLOCATE of an active pointer with other objects in reverse mode")
		}
		if plan, err := g.replay(v); err != nil {
			return nil, nil, err
		} else if plan != nil {
			return nil, nil, notSupported("DEALLOCATE of active pointer '%s', whose associations are replayed, in reverse mode", v.Name)
		}
		pb := ast.NewIdent(g.aname(v))
		save, restore, err := g.pointerSave(p, v, pb)
		if err != nil {
			return nil, nil, err
		}
		fwd = append(fwd, save...)
		after = append(after, nullify(ast.NewIdent(p.Name), ast.NewIdent(pb.Name)))
		bwd = append(restore, bwd...)
	}
	return labelled(s, append(fwd, after...)), bwd, nil
}

// pointerFree returns what the backward sweep does reversing ALLOCATE
// of pointer p (adjoint pb): the adjoint's storage is freed, and a local
// pointer's too (the forward sweep of the adjoint keeps it until then if
// the program deallocates it; a local's target is unreachable after
// the routine anyway).
func (g *gen) pointerFree(p *ast.Ident, v *sema.Symbol, pb *ast.Ident) []ast.Stmt {
	out := []ast.Stmt{&ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ast.NewIdent(pb.Name)}}}
	if !v.IsDummy() && !isGlobal(v) && !v.Attrs.Has(sema.AttrSave) {
		out = append(out, &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ast.NewIdent(p.Name)}})
	}
	return out
}
