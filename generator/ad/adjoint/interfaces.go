package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// interfaces returns an interface block for the derivative routines of
// the external procedures the routine calls whose dummies need an explicit
// interface (assumed shape, OPTIONAL, VALUE, POINTER, ALLOCATABLE, TARGET):
// the caller of the original had one, its adjoint needs one for foo_b
// (or foo_fwd and foo_bwd). Nil if none is needed.
func (g *gen) interfaces() ast.Stmt {
	ib := &ast.InterfaceBlock{End: ast.EndStmt{Keyword: "interface"}}
	for _, c := range g.pa.Callees() {
		if c.Unit == nil {
			continue
		}
		cs := g.info.ScopeOf(c.Unit)
		if cs == nil || cs.Parent != nil || !decl.NeedsInterface(cs, c.Unit) && !isElemental(c.Unit) {
			continue
		}
		for _, u := range g.sh.units[c] {
			b := elementalInterface(c, u) // elemental.go
			if b == nil {
				b = decl.InterfaceBody(u)
			}
			if b != nil {
				ib.Bodies = append(ib.Bodies, b)
				ib.Members = append(ib.Members, b)
			}
		}
	}
	if len(ib.Bodies) == 0 {
		return nil
	}
	return ib
}
