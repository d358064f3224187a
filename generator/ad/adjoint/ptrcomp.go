package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER components (decl/ptrcomp.go) are reversed as ALLOCATABLE
// components (alloc_comp.go) when they are allocated and deallocated.
// One associated by => (f%v => a, the field of a state pointing at the
// array of the current time level) is reversed as a pointer variable
// (pointer.go): the adjoint's component follows the primal's
// (f_b%v => a_b), the association before the statement is saved in a
// pair of pointers and restored where the backward sweep passes it, or,
// when the component is associated in a loop, numbered and replayed
// (pointer_replay.go). The variable must be a scalar local of the
// routine whose component is associated only by => and NULLIFY, with
// local targets: the start of the backward sweep aligns the adjoint's
// components with the primal's (componentInits), zeroing what they
// point at, which only a local's adjoint can bear.

// checkPointerComponent rejects pointer assignment s when it associates
// a pointer with a POINTER component, or a POINTER component that
// componentAssoc does not follow.
func (g *gen) checkPointerComponent(s *ast.PointerAssignStmt) error {
	if c, ok := s.Lhs.(*ast.CallExpr); ok && decl.IsRemap(c) {
		if r := decl.PointerComponentIn(g.info, c.Fun); r != nil {
			return notSupported("pointer assignment with bounds ('%s(...) =>') to POINTER component '%s'%s", exprString(c.Fun), exprString(r), " in reverse mode")
		}
	}
	for _, x := range []ast.Expr{s.Lhs, s.Rhs} {
		if r := decl.PointerComponentIn(g.info, x); r != nil && (x != s.Lhs || g.assocComponent(s.Lhs) == nil) && (x != s.Rhs || !g.ownedComponentTarget(x)) { // (wrf_comp_target.go)
			return notSupported("pointer assignment of POINTER component '%s' in reverse mode (fadj follows the association by => of a POINTER component of a scalar variable with a variable)", exprString(r))
		}
	}
	return nil
}

// assocComponent returns the component symbol of x if x is f%c (through
// scalar components: f%g%c), f a scalar variable that is not a pointer,
// c a POINTER component with real data; else nil.
func (g *gen) assocComponent(x ast.Expr) *sema.Symbol {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	for y := sel.X; ; {
		if z, ok := y.(*ast.SelectorExpr); ok {
			y = z.X
			continue
		}
		id, ok := y.(*ast.Ident)
		if !ok {
			return nil
		}
		if v := g.info.ObjectOf(id); v == nil || v.Rank() > 0 || v.Attrs.Has(sema.AttrPointer) {
			return nil
		}
		break
	}
	t := g.info.TypeOf(sel.X)
	if !decl.IsDerived(t) {
		return nil
	}
	c := t.Derived.Component(sel.Sel.Lower())
	if c == nil || !c.Attrs.Has(sema.AttrPointer) || !c.Type.IsReal() {
		return nil
	}
	return c
}

// componentAssociated reports whether a statement of the routine
// associates a POINTER component of v by =>: v shares storage with the
// target, and has an adjoint when it does.
func (g *gen) componentAssociated(v *sema.Symbol) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok && g.assocComponent(assocObject(s)) != nil && g.baseSym(s.Lhs) == v { // (ptr_comp_remap.go)
			found = true
		}
		return !found
	})
	return found
}

// checkAssocBase rejects the association of component reference x of
// active variable v when v is not a local without SAVE, or when the
// routine also allocates or deallocates x: the adjoint's component would
// then be allocated as well as associated.
func (g *gen) checkAssocBase(x ast.Expr, v *sema.Symbol) error {
	if v.IsDummy() || v.Owner != g.scope || v.Attrs.Has(sema.AttrSave) {
		return notSupported("association of POINTER component '%s' of '%s', not a local of '%s' (without SAVE), in reverse mode", exprString(x), v.Name, g.pa.Proc.Name)
	}
	bad := false
	g.compStmts(x, func(s ast.Stmt, _ bool) {
		if a, ok := s.(*ast.AllocateStmt); ok && a.Keyword != "nullify" {
			bad = true
		}
	})
	if bad {
		return notSupported("POINTER component '%s' both associated by => and allocated or deallocated, in reverse mode", exprString(x))
	}
	return nil
}

// componentAssoc reverses s, f%c => t: the forward sweep saves the
// associations of f%c and f_b%c (or pushes their number) and associates
// both; the backward sweep restores them.
func (g *gen) componentAssoc(s *ast.PointerAssignStmt) (fwd, bwd []ast.Stmt, err error) {
	v := g.baseSym(s.Lhs)
	if !g.hasAdj(v) {
		push, set, back, err := g.passiveComponent(s, s.Lhs, v)
		return labelled(s, append(append(push, s), set...)), back, err
	}
	if err := g.checkAssocBase(s.Lhs, v); err != nil {
		return nil, nil, err
	}
	if t := g.baseSym(s.Rhs); t != nil && (t.IsDummy() || t.Attrs.Has(sema.AttrPointer)) {
		return nil, nil, notSupported("POINTER component '%s' associated with '%s', a dummy or a pointer, in reverse mode", exprString(s.Lhs), exprString(s.Rhs))
	}
	pb, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, nil, err
	}
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, nil, err
	}
	assoc := &ast.PointerAssignStmt{Lhs: pb, Rhs: rhs}
	if g.compInLoop(s.Lhs) {
		plan, err := g.componentReplay(s.Lhs)
		if err != nil {
			return nil, nil, err
		}
		push, set, back, err := g.replayPartsOf(s, s.Lhs, pb, plan)
		if err != nil {
			return nil, nil, err
		}
		return labelled(s, append(append(push, s, assoc), set...)), back, nil
	}
	save, restore, err := g.refSave(s.Lhs, pb, g.assocComponent(s.Lhs))
	if err != nil {
		return nil, nil, err
	}
	return labelled(s, append(save, s, assoc)), restore, nil
}

// componentNullify returns, for object x (f%c) of NULLIFY s, the save
// of the associations of f%c and f_b%c before s (or the push of their
// number), the nullification of f_b%c after s, and their restoration in
// the backward sweep.
func (g *gen) componentNullify(s *ast.AllocateStmt, x ast.Expr) (save, after, bwd []ast.Stmt, err error) {
	v := g.baseSym(x)
	if !g.hasAdj(v) {
		return g.passiveComponent(s, x, v)
	}
	if !g.componentAssociated(v) {
		return nil, nil, nil, notSupported("NULLIFY of POINTER component '%s' in reverse mode (fadj follows the NULLIFY of a component that => associates)", exprString(x))
	}
	if err := g.checkAssocBase(x, v); err != nil {
		return nil, nil, nil, err
	}
	pb, err := g.adjRef(x)
	if err != nil {
		return nil, nil, nil, err
	}
	if g.compInLoop(x) {
		plan, err := g.componentReplay(x)
		if err != nil {
			return nil, nil, nil, err
		}
		push, set, back, err := g.replayPartsOf(s, x, pb, plan)
		return push, append([]ast.Stmt{nullify(ast.Clone(pb))}, set...), back, err
	}
	save, restore, err := g.refSave(x, pb, g.assocComponent(x))
	return save, []ast.Stmt{nullify(ast.Clone(pb))}, restore, err
}

// passiveReplayedComp reports whether the associations of component
// reference x of passive variable v are replayed (pointer_passive.go):
// it is associated more than once or in a loop, and v is read by an
// active statement.
func (g *gen) passiveReplayedComp(x ast.Expr, v *sema.Symbol) bool {
	return !g.hasAdj(v) && g.compAssociations(x) > 1 && g.readByActive(v)
}

// passiveComponent returns, for statement s associating component
// reference x of passive variable v (=>, NULLIFY), the push of the
// number of x's association before s, its setting after s, and the
// backward code associating x again, when they are replayed.
func (g *gen) passiveComponent(s ast.Stmt, x ast.Expr, v *sema.Symbol) (push, set, bwd []ast.Stmt, err error) {
	if !g.passiveReplayedComp(x, v) {
		return nil, nil, nil, nil
	}
	if v.IsDummy() || v.Owner != g.scope || v.Attrs.Has(sema.AttrSave) {
		return nil, nil, nil, notSupported("POINTER component '%s' of passive '%s', not a local of '%s' (without SAVE), associated anew while active statements read it, in reverse mode", exprString(x), v.Name, g.pa.Proc.Name)
	}
	plan, err := g.componentReplay(x)
	if err != nil {
		return nil, nil, nil, err
	}
	return g.replayPartsOf(s, x, nil, plan)
}

// componentReplay returns the replay plan of component reference x, or
// the rejection of its association in a loop.
func (g *gen) componentReplay(x ast.Expr) (*replayPlan, error) {
	key := strings.ToLower(printer.ExprString(x))
	if plan, ok := g.compReplays[key]; ok {
		return plan, nil
	}
	if g.compReplays == nil {
		g.compReplays = map[string]*replayPlan{}
	}
	is := func(y ast.Expr) bool { return strings.ToLower(printer.ExprString(y)) == key }
	plan, err := g.replayOf("fadj_cpid_"+strings.ReplaceAll(key, "%", "_"), is, true, g.hasAdj(g.baseSym(x)))
	if err != nil {
		return nil, err
	}
	if plan == nil {
		return nil, notSupported("POINTER component '%s' associated anew with a target that cannot be associated again in the backward sweep (fadj replays associations with null() or TARGETs of '%s' whose subscripts do not change), in reverse mode", exprString(x), g.pa.Proc.Name)
	}
	g.compReplays[key] = plan
	return plan, nil
}

// compAssociations counts the statements associating component
// reference x, counting those in loops twice.
func (g *gen) compAssociations(x ast.Expr) int {
	n := 0
	g.compStmts(x, func(_ ast.Stmt, inLoop bool) {
		n++
		if inLoop {
			n++
		}
	})
	return n
}

// compInLoop reports whether a statement associating component
// reference x is in a loop: its associations are all numbered and
// replayed (pointer_replay.go).
func (g *gen) compInLoop(x ast.Expr) bool {
	found := false
	g.compStmts(x, func(_ ast.Stmt, inLoop bool) { found = found || inLoop })
	return found
}

// compStmts calls f with each statement associating component
// reference x (=>, NULLIFY, ALLOCATE, DEALLOCATE) and whether it is in
// a loop.
func (g *gen) compStmts(x ast.Expr, f func(s ast.Stmt, inLoop bool)) {
	key := strings.ToLower(printer.ExprString(x))
	is := func(y ast.Expr) bool {
		if c, isCall := y.(*ast.CallExpr); isCall {
			y = c.Fun
		}
		return strings.ToLower(printer.ExprString(y)) == key
	}
	var walk func(list []ast.Stmt, inLoop bool)
	walk = func(list []ast.Stmt, inLoop bool) {
		for _, st := range list {
			ast.Inspect(st, func(y ast.Node) bool {
				switch y := y.(type) {
				case *ast.DoConstruct:
					walk(y.Body, true)
					return false
				case *ast.PointerAssignStmt:
					if is(y.Lhs) {
						f(y, inLoop)
					}
				case *ast.AllocateStmt:
					for _, o := range y.Objects {
						if is(o) {
							f(y, inLoop)
						}
					}
				}
				return true
			})
		}
	}
	walk(g.pa.Unit.Body, false)
}

// ownedKind names the attribute of component c: ALLOCATABLE or POINTER.
func ownedKind(c *sema.Symbol) string {
	if c.Attrs.Has(sema.AttrPointer) {
		return "POINTER"
	}
	return "ALLOCATABLE"
}
