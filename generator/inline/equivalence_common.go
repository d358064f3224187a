package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Legacy codes name parts of a common block by EQUIVALENCE with local
// arrays: COMMON /TRC/ TR(6) with EQUIVALENCE (TR(1), T(1)), (TR(4),
// S(1)) gives the temperatures and salinities their own names. Such a
// group has its storage in the block: each reference of a local becomes
// the element, or section, of the common member it is storage associated
// with (T(I) is TR(I), S(I) is TR(3 + I)), as for local groups, and the
// member keeps its name and declaration. A group qualifies when its one
// common member is a rank-1 array with lower bound 1 that starts the
// group and holds all of it (the locals do not extend the block).

// commonMember returns the layout of group g and its common member, nil
// if it has none; ok is false if g has a common member and does not
// qualify.
func (x *expander) commonMember(dl *declLayout, g *eqGroup) (*declLayout, *sema.Symbol, bool) {
	var c *sema.Symbol
	for v := range g.offset {
		if v.Attrs&sema.AttrInCommon == 0 {
			continue
		}
		if c != nil {
			return nil, nil, false // two members of blocks
		}
		c = v
	}
	if c == nil {
		return dl, nil, true
	}
	n, ok := constSize(c)
	if !ok || len(c.Dims) != 1 || c.Dims[0].Lo.Value != 1 || g.offset[c] != 0 || g.length > n {
		return nil, nil, false
	}
	offset := map[*sema.Symbol]int64{}
	for v, off := range g.offset {
		if v != c {
			offset[v] = off
		}
	}
	return &declLayout{u: dl.u, offset: offset, name: c.Name}, c, true
}

// applyCommonEquivalence rewrites the references of the locals of group g
// as references of its common member c, and drops their declarations.
func (x *expander) applyCommonEquivalence(u *ast.Unit, scope *sema.Scope, dl *declLayout, g *eqGroup, c *sema.Symbol) {
	x.rewriteRefs(dl, c)
	dropped := map[*sema.Symbol]bool{}
	for v := range dl.offset {
		dropped[v] = true
		scope.Remove(v)
	}
	var decls []ast.Stmt
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			if d.Entities = x.keepEntities(d.Entities, dropped); len(d.Entities) == 0 {
				continue
			}
		case *ast.AttrStmt:
			if d.Attr != nil && d.Attr.Kind == ast.AttrDimension {
				if d.Entities = x.keepEntities(d.Entities, dropped); len(d.Entities) == 0 {
					continue
				}
			}
		}
		decls = append(decls, d)
	}
	u.Decls = decls
	c.Attrs &^= sema.AttrEquivalence
}
