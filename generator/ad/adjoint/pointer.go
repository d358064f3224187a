package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Active POINTER variables (real or complex locals, and dummies in the
// activity pattern). The adjoint p_b of a pointer p is a pointer
// associated with the adjoint of p's target wherever p is associated, so
// that increments of p_b go to the target's adjoint:
//
//   - p => t runs with p_b => t_b in the forward sweep; NULLIFY and
//     ALLOCATE act on both (an allocated p_b is zero);
//   - the association of p and p_b before such a statement is kept in a
//     pair of generated pointers, and restored where the backward sweep
//     passes the statement, so that each statement's adjoint sees the
//     associations its forward execution saw. One pair per statement: a
//     pointer statement inside a loop is not supported yet; DEALLOCATE
//     keeps the target until the backward sweep (pointer_dealloc.go);
//   - local pointers and their adjoints are nullified on entry (their
//     association status is undefined there, and the first save reads
//     it); a pointer's adjoint is never zeroed as a whole (its target's
//     adjoint is zeroed as the target's);
//   - an assignment involving a pointer or a TARGET may alias its left
//     side with its right side: its adjoint goes through a temporary
//     (references).

// aliasable reports whether v may share storage through pointer
// association.
func aliasable(v *sema.Symbol) bool {
	return v != nil && v.Kind == sema.VarSym && (v.Attrs.Has(sema.AttrPointer) || v.Attrs.Has(sema.AttrTarget))
}

// pointerOK reports whether reverse mode gives active pointer s an
// adjoint: a local, or a dummy in the pattern (its adjoint is the
// caller's, associated by it).
func (g *gen) pointerOK(s *sema.Symbol) bool {
	return !s.IsDummy() || inPattern(g.pa, s)
}

// aliasedLocals returns the pointers and targets of the routine with
// adjoints: the activity analysis lists one variable of each set that
// pointer association may alias (one location), the others have
// adjoints too.
func (g *gen) aliasedLocals() []*sema.Symbol {
	var out []*sema.Symbol
	for _, s := range g.scope.Symbols() {
		if (aliasable(s) || g.componentAssociated(s)) && s.Owner == g.scope && hasShadow(s.Type) && g.hasAdj(s) { // (derived: dtype_pointer.go, ptrcomp.go)
			out = append(out, s)
		}
	}
	return out
}

// pointerAttrs adds to declaration d of the adjoint of s the POINTER and
// TARGET attributes of s.
func pointerAttrs(s *sema.Symbol, d *ast.TypeDecl) {
	if s.Attrs.Has(sema.AttrPointer) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrPointer})
	}
	if s.Attrs.Has(sema.AttrTarget) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrTarget})
	}
}

// pointerInit returns, for local pointer s with an adjoint, the
// nullification of s and its adjoint on entry.
func (g *gen) pointerInit(s *sema.Symbol) ([]ast.Stmt, error) {
	out := []ast.Stmt{nullify(ast.NewIdent(s.Name), ast.NewIdent(g.aname(s)))}
	plan, err := g.replay(s)
	if plan != nil { // pointer_replay.go: no association yet
		out = append(out, &ast.AssignStmt{Lhs: ast.NewIdent(plan.pid.Name), Rhs: deriv.Int(0)})
		for _, c := range plan.capVars { // replay_capture.go
			out = append(out, &ast.AssignStmt{Lhs: ast.NewIdent(c.Name), Rhs: deriv.Int(0)})
		}
	}
	return out, err
}

func nullify(objs ...ast.Expr) ast.Stmt {
	return &ast.AllocateStmt{Keyword: "nullify", Objects: objs}
}

// activePointer returns the pointer variable of pointer object x if it
// has an adjoint.
func (g *gen) activePointer(x ast.Expr) (*ast.Ident, *sema.Symbol) {
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil, nil
	}
	s := g.info.ObjectOf(id)
	if s == nil || !s.Attrs.Has(sema.AttrPointer) || !g.hasAdj(s) {
		return nil, nil
	}
	return id, s
}

// pointerSave declares a pair of pointers like p and returns the
// statements saving the associations of p and pb into them, and those
// restoring them. A statement in a loop is rejected: one pair holds one
// association.
func (g *gen) pointerSave(p *ast.Ident, v *sema.Symbol, pb *ast.Ident) (save, restore []ast.Stmt, err error) {
	if len(g.loops) > 0 && g.reallocatedTarget(v) { // ptr_advance.go
		return nil, nil, notSupported("association of active pointer '%s' with an ALLOCATABLE target that the loop around it allocates anew (an automatic TARGET array of a BLOCK in a loop), in reverse mode", v.Name)
	}
	if len(g.loops) > 0 && g.advanced(v) { // ptr_advance.go
		return nil, nil, notSupported("association of active pointer '%s', advanced through its own target, inside a loop in reverse mode (its base targets must have lower bound 1, its advances no stride)", v.Name)
	}
	if len(g.loops) > 0 {
		return nil, nil, notSupported("association of active pointer '%s' inside a loop in reverse mode", v.Name)
	}
	return g.refSave(ast.NewIdent(p.Name), ast.NewIdent(pb.Name), v)
}

// refSave is pointerSave for pointer reference p (a variable or a
// component, f%v, of symbol v) and its adjoint pb.
func (g *gen) refSave(p, pb ast.Expr, v *sema.Symbol) (save, restore []ast.Stmt, err error) {
	g.ntmp++
	name := "fadj_ptr" + strconv.Itoa(g.ntmp)
	for _, n := range []string{name, name + g.suffix} {
		if g.scope.LookupLocal(n) != nil {
			return nil, nil, notSupported("generated name '%s' clashes with a name of '%s'", n, g.pa.Proc.Name)
		}
		e := &ast.Entity{Name: ast.NewIdent(n)}
		for range v.Dims {
			e.Dims = append(e.Dims, &ast.Dim{Colon: true})
		}
		g.decls = append(g.decls, &ast.TypeDecl{Type: pointerType(v), // dtype_pointer.go
			Attrs: []*ast.Attr{{Kind: ast.AttrPointer}}, DColon: true, Entities: []*ast.Entity{e}})
	}
	s, sb := ast.NewIdent(name), ast.NewIdent(name+g.suffix)
	save = []ast.Stmt{
		&ast.PointerAssignStmt{Lhs: s, Rhs: ast.Clone(p)},
		&ast.PointerAssignStmt{Lhs: sb, Rhs: ast.Clone(pb)}}
	restore = []ast.Stmt{
		&ast.PointerAssignStmt{Lhs: ast.Clone(p), Rhs: ast.NewIdent(name)},
		&ast.PointerAssignStmt{Lhs: ast.Clone(pb), Rhs: ast.NewIdent(name + g.suffix)}}
	return save, restore, nil
}

// pointerAssign reverses p => t: the forward sweep saves the associations
// of p and p_b, and associates both; the backward sweep restores them.
func (g *gen) pointerAssign(s *ast.PointerAssignStmt) (fwd, bwd []ast.Stmt, err error) {
	if fwd, bwd, ok, err := g.componentRemap(s); ok { // ptr_comp_remap.go
		return fwd, bwd, err
	}
	if err := g.checkPointerComponent(s); err != nil { // ptrcomp.go
		return nil, nil, err
	}
	if obj := g.remapObject(s); obj != nil {
		return g.remapAssign(s, obj) // pointer_remap.go
	}
	if g.assocComponent(s.Lhs) != nil {
		return g.componentAssoc(s) // ptrcomp.go
	}
	p, v := g.activePointer(s.Lhs)
	if v == nil {
		b := g.baseSym(s.Lhs)
		if b != nil && b.Attrs.Has(sema.AttrPointer) && g.hasAdj(b) {
			return nil, nil, notSupported("pointer assignment to '%s' in reverse mode", exprString(s.Lhs))
		}
		return g.passiveAssoc(s, b) // pointer_passive.go
	}
	if set := g.modPtrOf(v); set != nil {
		return g.modPtrStmt(s, v, set, s.Rhs) // ptr_module.go
	}
	if fwd, bwd, ok, err := g.splitLocalModPtr(s, v); ok { // split_ptr_module.go
		return fwd, bwd, err
	}
	if g.split {
		if _, ok := g.splitPointer(g.pa.Unit, v); ok {
			return labelled(s, []ast.Stmt{s}), nil, nil // foo_bwd associates it again (split_pointer.go)
		}
	}
	pb := ast.NewIdent(g.aname(v))
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, nil, err
	}
	assoc := &ast.PointerAssignStmt{Lhs: pb, Rhs: rhs}
	plan, err := g.replay(v)
	if err != nil {
		return nil, nil, err
	}
	if plan != nil { // pointer_replay.go
		push, set, bwd, err := g.replayParts(s, p, v, plan)
		if err != nil {
			return nil, nil, err
		}
		return labelled(s, append(append(append(push, s), g.fwdAssoc(s.Rhs, assoc)...), set...)), bwd, nil // pointer_alloc_target.go
	}
	save, restore, err := g.pointerSave(p, v, pb)
	if err != nil {
		return nil, nil, err
	}
	var a ast.Stmt = assoc
	if m := g.moduleCompAssoc(p, s.Rhs, assoc); m != nil { // wrf_module_target.go
		a = m
	}
	fwd = append(save, s, a)
	return labelled(s, fwd), restore, nil
}

// namedModuleVar reports whether v is a module variable the routine
// names as v (h => grid%h of a module's grid): what the routine writes
// through the pointer is among its effects on v (sema's pointer
// aliases), which its callers' snapshots follow.
func (g *gen) namedModuleVar(v *sema.Symbol) bool {
	return v.Module() != nil && !v.Attrs.Has(sema.AttrPointer) && g.scope.Lookup(v.Name) == v
}

// pointerTarget returns the adjoint of pointer target t: null(), or the
// same designator of the adjoint of a variable with one.
func (g *gen) pointerTarget(t ast.Expr) (ast.Expr, error) {
	if c, ok := t.(*ast.CallExpr); ok {
		if id, ok := c.Fun.(*ast.Ident); ok && strings.EqualFold(id.Name, "null") && len(c.Args) == 0 {
			return &ast.CallExpr{Fun: ast.NewIdent(id.Name)}, nil
		}
	}
	if v := g.baseSym(t); v == nil || !g.hasAdj(v) {
		return nil, notSupported("active pointer associated with '%s', which has no adjoint", exprString(t))
	} else if v.Owner != g.scope && !g.modPtrMember(v) && !g.namedModuleVar(v) { // ptr_module.go
		return nil, notSupported("active pointer associated with '%s', not a variable of '%s', in reverse mode", exprString(t), g.pa.Proc.Name)
	}
	if vectorSubscript(g.info, t) {
		return nil, notSupported("vector subscript in '%s' in reverse mode", exprString(t))
	}
	return g.adjRef(t)
}

// pointerObjects reports whether NULLIFY, ALLOCATE or DEALLOCATE s acts
// on a pointer with an adjoint.
func (g *gen) pointerObjects(s *ast.AllocateStmt) bool {
	for _, o := range s.Objects {
		x := o
		if c, ok := o.(*ast.CallExpr); ok {
			x = c.Fun
		}
		if _, v := g.activePointer(x); v != nil {
			return true
		}
		if s.Keyword == "nullify" && (g.passiveReplayed(g.baseSym(x)) || g.assocComponent(x) != nil) { // pointer_passive.go, ptrcomp.go
			return true
		}
	}
	return false
}

// pointerAlloc reverses NULLIFY or ALLOCATE s of active pointers: the
// forward sweep saves the associations and acts on the pointers and
// their adjoints (allocated zero), the backward sweep frees the
// adjoints it allocated and restores the associations.
func (g *gen) pointerAlloc(s *ast.AllocateStmt) (fwd, bwd []ast.Stmt, err error) {
	if s.Keyword == "deallocate" && len(s.Options) == 0 {
		return g.pointerDealloc(s) // pointer_dealloc.go
	}
	if _, v := g.activePointer(s.Objects[0]); len(s.Objects) == 1 && s.Keyword == "nullify" && g.modPtrOf(v) != nil {
		return g.modPtrStmt(s, v, g.modPtrOf(v), nil) // ptr_module.go
	}
	if s.Keyword == "nullify" && len(s.Objects) > 1 && g.nullifiesModPtr(s) {
		return g.nullifyEach(s)
	}
	if s.Keyword == "deallocate" || len(s.Options) > 0 {
		return nil, nil, notSupported("%s of an active pointer in reverse mode", strings.ToUpper(s.Keyword))
	}
	var after []ast.Stmt
	for _, o := range s.Objects {
		x, bounds := o, ast.Expr(nil)
		if c, ok := o.(*ast.CallExpr); ok {
			x, bounds = c.Fun, c
		}
		p, v := g.activePointer(x)
		if v == nil && g.assocComponent(x) != nil {
			if s.Keyword != "nullify" {
				return nil, nil, notSupported("%s of POINTER component '%s' with active pointers in reverse mode", strings.ToUpper(s.Keyword), exprString(x))
			}
			push, set, back, err := g.componentNullify(s, x) // ptrcomp.go
			if err != nil {
				return nil, nil, err
			}
			fwd, after, bwd = append(fwd, push...), append(after, set...), append(back, bwd...)
			continue
		}
		if v == nil {
			push, set, back, err := g.passiveNullify(s, x) // pointer_passive.go
			if err != nil {
				return nil, nil, err
			}
			fwd, after, bwd = append(fwd, push...), append(after, set...), append(back, bwd...)
			continue
		}
		pb := ast.NewIdent(g.aname(v))
		if plan, err := g.replay(v); err != nil {
			return nil, nil, err
		} else if plan != nil { // pointer_replay.go: a NULLIFY
			push, set, back, err := g.replayParts(s, p, v, plan)
			if err != nil {
				return nil, nil, err
			}
			fwd = append(fwd, push...)
			if !g.split { // (foo_fwd has no adjoints: split_replay.go)
				after = append(after, nullify(pb))
			}
			after = append(after, set...)
			bwd = append(back, bwd...)
			continue
		}
		save, restore, err := g.pointerSave(p, v, pb)
		if err != nil {
			return nil, nil, err
		}
		fwd = append(fwd, save...)
		if s.Keyword == "nullify" {
			after = append(after, nullify(pb))
		} else {
			var obj ast.Expr = pb
			if bounds != nil {
				obj = &ast.CallExpr{Fun: pb, Args: bounds.(*ast.CallExpr).Args}
			}
			after = append(after, &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{obj}},
				g.zeroFor(&ast.AssignStmt{Lhs: ast.NewIdent(pb.Name), Rhs: deriv.Const("0", v.Type)}, v)) // (dtype_alloc.go)
			restore = append(g.pointerFree(p, v, pb), restore...) // pointer_dealloc.go
		}
		bwd = append(restore, bwd...)
	}
	fwd = append(append(fwd, s), after...)
	return labelled(s, fwd), bwd, nil
}

// nullifiesModPtr reports whether NULLIFY s names a module pointer of a
// set (ptr_module.go), whose association is a number.
func (g *gen) nullifiesModPtr(s *ast.AllocateStmt) bool {
	for _, o := range s.Objects {
		if _, v := g.activePointer(o); g.modPtrOf(v) != nil {
			return true
		}
	}
	return false
}

// nullifyEach reverses NULLIFY s as one NULLIFY per object (in order:
// the objects are distinct pointers), each reversed on its own.
func (g *gen) nullifyEach(s *ast.AllocateStmt) (fwd, bwd []ast.Stmt, err error) {
	for _, o := range s.Objects {
		one := &ast.AllocateStmt{Keyword: s.Keyword, Objects: []ast.Expr{o}}
		one.Start = s.Pos()
		f, b, err := g.pointerAlloc(one)
		if err != nil {
			return nil, nil, err
		}
		fwd, bwd = append(fwd, f...), append(b, bwd...)
	}
	return labelled(s, fwd), bwd, nil
}

// hasActivePointers reports whether a pointer of the routine has an
// adjoint.
func (g *gen) hasActivePointers() bool {
	for _, s := range g.scope.Symbols() {
		if s.Kind == sema.VarSym && s.Attrs.Has(sema.AttrPointer) && g.hasAdj(s) {
			return true
		}
	}
	return false
}
