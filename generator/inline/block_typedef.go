package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A BLOCK may define a derived type for its own locals (a face state, a
// scratch record). The definition moves into the procedure with the
// locals (renamed like them where the name is taken): the type is the
// same, only its scope grows, and the derivative of a local of it is of
// the same type as for a procedure's own type. A type that extends
// another, has type-bound procedures, SEQUENCE or BIND(C), or whose
// components' kinds, lengths or bounds read anything but named constants
// keeps the BLOCK's declarations (then rejected when active); a local of
// one with a default initialisation is initialised again on each entry
// (block_decl_init.go).
func (h *hoister) typeDefMoves(b *ast.BlockConstruct, def *ast.TypeDef) bool {
	if def.Extends != nil || def.Abstract || def.Sequence != nil || def.Contains != nil || len(def.Bindings) > 0 || len(def.Attrs) > 0 {
		return false
	}
	s := h.x.info.Defs[def.Name]
	if s == nil || s.Kind != sema.TypeSym || s.Owner != h.x.info.Scopes[b] {
		return false
	}
	for _, c := range def.Components {
		if c.Type == nil || c.Type.Kind == ast.Class || !h.specConst(c) {
			return false
		}
	}
	return true
}

// specConst reports whether the kinds, lengths and bounds of component
// declaration c read only named constants and intrinsic inquiries (a
// dummy, which specOK allows for a local, cannot size a component).
func (h *hoister) specConst(c *ast.TypeDecl) bool {
	ok := true
	ast.Inspect(c, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && ok {
			if s := h.x.info.ObjectOf(id); s != nil && s.Kind == sema.VarSym {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// movedType reports whether s is a derived type b defines that moves
// with its locals (typeDefMoves).
func (h *hoister) movedType(b *ast.BlockConstruct, s *sema.Symbol) bool {
	if s.Kind != sema.TypeSym {
		return false
	}
	for _, d := range b.Decls {
		if def, ok := d.(*ast.TypeDef); ok && h.x.info.Defs[def.Name] == s {
			return true
		}
	}
	return false
}

// defaultInit reports whether local s of a BLOCK is of a derived type
// with a default initialisation (at any depth): it is initialised on
// each entry to the block, which the hoisted local would not be.
func defaultInit(s *sema.Symbol) bool {
	return typeInits(s.Type, 0)
}

func typeInits(t *sema.Type, depth int) bool {
	if t == nil || !t.IsDerived() || t.Derived == nil || depth > 8 {
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && (c.Init != nil || !c.Attrs.Has(sema.AttrPointer) && !c.Attrs.Has(sema.AttrAllocatable) && typeInits(c.Type, depth+1)) {
			return true
		}
	}
	return false
}
