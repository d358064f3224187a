package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A BLOCK local of a derived type with a default initialisation (an
// accumulator `type(acc_t) :: a` with `real(8) :: s = 0`) is initialised
// on each entry to the block; hoisted into the procedure, it would be
// initialised once per call. It moves with a template of its type
// declared beside it, fadj_init_a, which the procedure initialises on
// entry and never changes, and the block starts with a = fadj_init_a: the
// components with a default initialisation get it on each entry, the
// others are undefined there anyway. ALLOCATABLE and POINTER locals need
// none (an ALLOCATE initialises; they are unallocated, or undefined, on
// entry). A block that runs at most once per call (runOnce) needs none
// either. A type the block defines with a default initialisation moves
// with it the same way (block_typedef.go).

// reinits returns the assignments re-initialising the locals of b that
// td declares and that need it, declaring their templates in the
// procedure.
func (h *hoister) reinits(b *ast.BlockConstruct, td *ast.TypeDecl) []ast.Stmt {
	if h.once[b] {
		return nil
	}
	var out []ast.Stmt
	for _, e := range td.Entities {
		s := h.x.info.Defs[e.Name]
		if s == nil || s.Kind != sema.VarSym || s.Attrs&(sema.AttrSave|sema.AttrAllocatable|sema.AttrPointer) != 0 || !defaultInit(s) {
			continue
		}
		name := h.fresh(b, "fadj_init_"+s.Name)
		h.names[name] = true
		tmpl := &sema.Symbol{Name: name, Kind: sema.VarSym, Type: s.Type, KindName: s.KindName, ArgIndex: -1, Pos: s.Pos}
		h.scope.Add(tmpl)
		id := ast.NewIdent(name)
		h.x.info.Defs[id] = tmpl
		// (After the block's declarations, a type it defines included,
		// which move with it.)
		b.Decls = append(b.Decls, &ast.TypeDecl{Type: ast.Clone(td.Type), DColon: true, Entities: []*ast.Entity{{Name: id}}})
		out = append(out, &ast.AssignStmt{Lhs: h.x.use(s, s.Name), Rhs: h.x.use(tmpl, name)})
	}
	return out
}
