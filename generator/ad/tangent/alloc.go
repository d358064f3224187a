package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable variables (decl/alloc.go states the invariant): the tangent
// x_d of an active allocatable x is allocatable, allocated and
// deallocated with x, zero when allocated.

// shadowed returns the variable of ALLOCATE or DEALLOCATE object o
// (x or x(bounds)) if it has a tangent, else nil.
func (g *gen) shadowed(o ast.Expr) (*ast.Ident, *sema.Symbol) {
	id, ok := o.(*ast.Ident)
	if c, isCall := o.(*ast.CallExpr); isCall {
		id, ok = c.Fun.(*ast.Ident)
	}
	if !ok {
		return nil, nil
	}
	s := g.info.ObjectOf(id)
	if s == nil || s.Kind != sema.VarSym || !hasShadow(s.Type) || !g.pa.ActiveVar(s) {
		return nil, nil
	}
	return id, s
}

// allocStmt returns ALLOCATE or DEALLOCATE s followed by the same for
// the tangents of its active objects. A tangent is allocated with the
// bounds its variable got (x_d(lo:hi), or MOLD=x after SOURCE= or MOLD=)
// and set to the tangent of SOURCE=, or zero. With STAT= the tangents
// follow the variables' status, as the allocation may have failed.
func (g *gen) allocStmt(s *ast.AllocateStmt) ([]ast.Stmt, error) {
	var src ast.Expr
	stat := false
	for _, o := range s.Options {
		switch o.Name.Lower() {
		case "source":
			src = o.Value
		case "stat":
			stat = true
		}
	}
	var after []ast.Stmt
	for _, o := range s.Objects {
		var id, xd ast.Expr
		var v *sema.Symbol
		if x, d, c := g.componentShadow(o); c != nil { // alloc_comp.go
			id, xd, v = x, d, c
		} else if x, sv := g.shadowed(o); sv != nil {
			id, xd, v = x, g.tident(x, sv), sv
		} else {
			continue
		}
		if s.Keyword == "nullify" { // pointer.go
			after = append(after, &ast.AllocateStmt{Keyword: "nullify", Objects: []ast.Expr{xd}})
			continue
		}
		var st []ast.Stmt
		switch s.Keyword {
		case "allocate":
			var alloc ast.Stmt = decl.AllocateLike(xd, id, v.Type, v.Rank())
			if c, ok := o.(*ast.CallExpr); ok {
				alloc = &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: xd, Args: c.Args}}}
			}
			val := ast.Expr(deriv.Const("0", v.Type))
			if src != nil {
				d, err := g.tangent(src)
				if err != nil {
					return nil, err
				}
				if d != nil {
					val = d
				}
			}
			st = []ast.Stmt{alloc, &ast.AssignStmt{Lhs: xd, Rhs: val}}
			if decl.IsDerived(v.Type) { // dtype_alloc.go
				var err error
				if st, err = g.derivedAllocValue(alloc, xd, v, src); err != nil {
					return nil, err
				}
			}
			if stat {
				// A failed allocation (x allocated already) leaves x
				// and x_d as they were.
				st = []ast.Stmt{decl.If(&ast.BinaryExpr{X: decl.Allocated(ast.Clone(id)), Op: token.AND, OpLit: ".and.",
					Y: decl.Not(decl.Allocated(ast.Clone(xd)))}, st...)}
			}
		case "deallocate":
			st = []ast.Stmt{decl.Deallocate(xd)}
			if stat {
				st = []ast.Stmt{decl.If(decl.Allocated(xd), st...)}
			}
		default:
			return nil, notSupported("%s of active '%s'", s.Keyword, v.Name)
		}
		after = append(after, decl.Associate(v, st...)...) // (a POINTER component: ptrcomp.go)
	}
	if len(after) == 0 {
		return []ast.Stmt{s}, nil
	}
	return append([]ast.Stmt{s}, after...), nil
}

// wholeAllocatable returns the allocatable variable an assignment to
// lhs may reallocate (lhs is the whole of it, outside a WHERE), or nil.
func (g *gen) wholeAllocatable(lhs ast.Expr) *sema.Symbol {
	id, ok := lhs.(*ast.Ident)
	if !ok || g.inWhere > 0 { // (a masked assignment does not reallocate)
		return nil
	}
	if s := g.baseSym(id); decl.IsAllocatable(s) {
		return s
	}
	return nil
}

// reallocAssign returns the code of x = e, x a whole active allocatable
// array that e does not reference, with tangent assignment tan: the
// assignment, which may reallocate x, then the tangent realigned with x
// and assigned. (Assigned first, as for other variables, a tangent
// that is a scalar would not take the new shape.)
func (g *gen) reallocAssign(pre []ast.Stmt, primal ast.Stmt, x *ast.Ident, s *sema.Symbol, tan []ast.Stmt) []ast.Stmt {
	out := withPrefix(pre, primal)
	lo, hi := decl.Bounds(x, s.Rank())
	out = append(out, decl.Realign(g.tident(x, s), lo, hi, decl.AllocateLike(g.tident(x, s), x, s.Type, s.Rank()))...)
	return append(out, tan...)
}

// entryAlign returns the statement aligning the tangent of allocatable
// x, owned by the caller or global, with x on entry, zeroed if zero (the
// value on entry is passive).
func (g *gen) entryAlign(x *ast.Ident, s *sema.Symbol, zero bool) ast.Stmt {
	xd := g.tident(x, s)
	z := g.zeroShadow(xd.Name, s.Type, s.Rank())
	if blk, ok := z.(*ast.BlockConstruct); ok && len(decl.AllocPaths(s.Type)) > 0 {
		// Allocated with x's bounds (decl.AllocateLike), its ALLOCATABLE
		// components follow x's.
		blk.Body = append(decl.FollowComponents(x.Name, xd.Name, s, true, g.newIndex), blk.Body...)
	}
	return decl.FollowLike(x, xd, s.Rank(), s.Type, z, zero)
}

// references reports whether x names variable s.
func (g *gen) references(x ast.Expr, s *sema.Symbol) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && g.info.ObjectOf(id) == s {
			found = true
		}
		return !found
	})
	return found
}

// moveAlloc returns CALL MOVE_ALLOC(from, to) s, each a variable or an
// ALLOCATABLE component, with the same for the tangents: moved along when
// both have one, else from's dropped or to's realigned with to, zero.
func (g *gen) moveAlloc(s *ast.CallStmt, from, to ast.Expr) ([]ast.Stmt, error) {
	fd, _, err := g.moveArg(from)
	if err != nil {
		return nil, err
	}
	td, tv, err := g.moveArg(to)
	if err != nil {
		return nil, err
	}
	out := []ast.Stmt{s}
	switch {
	case fd != nil && td != nil:
		out = append(out, &ast.CallStmt{Name: ast.NewIdent("move_alloc"), Args: []ast.Expr{fd, td}, Parens: true})
	case fd != nil:
		out = append(out, decl.If(decl.Allocated(fd), decl.Deallocate(ast.Clone(fd))))
	case td != nil:
		if id, ok := to.(*ast.Ident); ok {
			out = append(out, g.entryAlign(id, tv, true))
			break
		}
		lo, hi := decl.Bounds(ast.Clone(to), tv.Rank())
		out = append(out, decl.Realign(td, lo, hi, decl.AllocateLike(ast.Clone(td), ast.Clone(to), tv.Type, tv.Rank()))...)
		out = append(out, &ast.AssignStmt{Lhs: ast.Clone(td), Rhs: deriv.Const("0", tv.Type)})
	}
	return out, nil
}

// moveArg returns the tangent of MOVE_ALLOC argument x (an allocatable
// variable, or an ALLOCATABLE component of an active variable), nil if it
// has none, and x's symbol (the component's for a component).
func (g *gen) moveArg(x ast.Expr) (ast.Expr, *sema.Symbol, error) {
	if id, ok := x.(*ast.Ident); ok {
		v := g.info.ObjectOf(id)
		if !decl.IsAllocatable(v) {
			return nil, nil, notSupported("MOVE_ALLOC of other than allocatable variables and components")
		}
		if sid, _ := g.shadowed(id); sid != nil {
			return g.tident(id, v), v, nil
		}
		return nil, v, nil
	}
	if _, xd, c := g.componentShadow(x); c != nil { // alloc_comp.go
		return xd, c, nil
	}
	sel, ok := x.(*ast.SelectorExpr)
	if ok && decl.IsDerived(g.info.TypeOf(sel.X)) {
		for _, c := range decl.AllocComponents(g.info.TypeOf(sel.X)) {
			if c.Name == sel.Sel.Lower() {
				return nil, c, nil // of a passive variable
			}
		}
	}
	return nil, nil, notSupported("MOVE_ALLOC of '%s', not an allocatable variable or component", exprString(x))
}

// followCall returns, after CALL s of a procedure without a tangent
// version, the realignment of the tangents of the active allocatables
// it may reallocate (zero where newly allocated: the values the
// callee gives are passive).
func (g *gen) followCall(s *ast.CallStmt) []ast.Stmt {
	if g.globals.modref == nil {
		g.globals.modref = modref.New(g.info)
	}
	mc := g.globals.modref.Call(s, g.scope)
	out := g.followCallComponents(mc)
	for _, v := range decl.Reallocated(g.info, s, mc) {
		if !hasShadow(v.Type) || !g.pa.ActiveVar(v) {
			continue
		}
		x := ast.NewIdent(v.Name)
		if v.Module() != nil {
			x = ast.NewIdent(decl.LocalName(g.pa.Unit.Decls, v))
		}
		if g.scope.Lookup(x.Name) != v {
			continue // not visible here: nothing here reads it
		}
		out = append(out, g.entryAlign(x, v, false))
	}
	return out
}

// followCallComponents returns the realignment of the tangents' ALLOCATABLE
// and POINTER components of the active derived-type variables passed
// whole to a call that may define them (an allocation routine without a
// tangent version: call field_alloc(f, n)).
func (g *gen) followCallComponents(mc *modref.Call) []ast.Stmt {
	var out []ast.Stmt
	for _, a := range mc.Args {
		x, whole := a.Expr.(*ast.Ident)
		// (An ALLOCATE is no definition of a value: a dummy that may
		// change counts, whatever mod/ref says.)
		if !whole || a.Var == nil || a.Var.Rank() != 0 || a.Dummy != nil && a.Dummy.Intent == ast.IntentIn ||
			!g.pa.ActiveVar(a.Var) || g.scope.Lookup(x.Name) != a.Var {
			continue
		}
		xd := g.tident(x, a.Var)
		for _, p := range decl.AllocPaths(a.Var.Type) {
			out = append(out, decl.ForPath(ast.NewIdent(x.Name), ast.NewIdent(xd.Name), p, false, g.newIndex, func(y, yd ast.Expr, c *sema.Symbol) []ast.Stmt {
				zero := &ast.AssignStmt{Lhs: ast.Clone(yd), Rhs: zeroConst(c.Type)}
				return decl.Associate(c, decl.Follow(y, yd, c.Rank(), zero, false))
			})...)
		}
	}
	return out
}

// globalAlloc returns the name of allocatable module variable s in the
// tangent of u, for the alignment of its tangent on entry: its own, or
// a renamed USE of it where u does not see it (it reaches it through
// callees) or has a variable of its name or of its tangent's
// (alloc_clash.go).
func (g *gen) globalAlloc(u *ast.Unit, s *sema.Symbol) (*ast.Ident, error) {
	name := decl.LocalName(u.Decls, s)
	if g.scope.Lookup(strings.ToLower(name)) == s {
		return ast.NewIdent(name), nil
	}
	alias := decl.HiddenName(s)
	if g.scope.Lookup(alias) != nil {
		return nil, notSupported("generated name '%s' clashes with a name of '%s'", alias, g.pa.Proc.Name)
	}
	g.allocUses = append(g.allocUses, &ast.UseStmt{Module: ast.NewIdent(s.Module().Name), Only: true,
		Items: []*ast.UseItem{{Local: ast.NewIdent(alias), Name: ast.NewIdent(s.Name)}}})
	return ast.NewIdent(alias), nil
}
