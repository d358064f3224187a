package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATE with an active SOURCE= (`allocate(w, source=x**2)`,
// `allocate(s%h(n), source=0.5d0*x(1))`) in reverse mode: an allocation
// (reversed as any, by deallocating w and w_b) followed by the
// assignment w = e, whose adjoint runs before the deallocation: e's
// adjoints get w_b's. The TBR analysis does not count the values an
// ALLOCATE reads as ones its adjoint needs, so the forward sweep records
// the variables e references (but intent(in) dummies, constants and DO
// variables, which the reversed loops set) before the statement and the backward sweep restores them before the
// adjoint: their values at the statement, which the adjoints of the
// statements before see too. MOLD= gives bounds only: an ordinary
// allocation.

// sourceAlloc reverses ALLOCATE s with the active SOURCE= src, without
// STAT= or ERRMSG=.
func (g *gen) sourceAlloc(s *ast.AllocateStmt, src ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	pushes, pops, err := g.sourceValues(src)
	if err != nil {
		return nil, nil, err
	}
	var back []ast.Stmt
	for _, o := range s.Objects {
		lhs, base, free, err := g.sourceObject(o)
		if err != nil {
			return nil, nil, err
		}
		var adj []ast.Stmt
		if g.hasAdj(base) {
			// (allocate(old, source=s%lay): dtype_bwd_intent.go)
			if adj, err = g.wholeAssignAdjoint(&ast.AssignStmt{Lhs: lhs, Rhs: src}, base); err != nil {
				return nil, nil, err
			}
		}
		back = append(append(adj, free...), back...)
	}
	return withLabel(s, append(pushes, s)), append(pops, back...), nil
}

// sourceObject returns, for ALLOCATE object o (w, w(bounds), p%h or
// p%h(bounds)), the whole object, its variable, and its deallocation
// with its adjoint's.
func (g *gen) sourceObject(o ast.Expr) (lhs ast.Expr, base *sema.Symbol, free []ast.Stmt, err error) {
	if x, c := g.allocComponent(o); c != nil { // alloc_comp.go
		if c.Attrs.Has(sema.AttrPointer) { // ptrcomp.go
			return nil, nil, nil, notSupported("ALLOCATE of POINTER component '%s' with an active SOURCE= in reverse mode", exprString(x))
		}
		if err := g.checkComponentBase(x); err != nil {
			return nil, nil, nil, err
		}
		free = []ast.Stmt{decl.Deallocate(ast.Clone(x))}
		if xb := g.allocAdj(x, c); xb != nil {
			free = append(free, decl.Deallocate(xb))
		}
		return x, g.baseSym(x), free, nil
	}
	id, v, err := g.allocObject(o)
	if err != nil {
		return nil, nil, nil, err
	}
	return id, v, g.unallocate(id, v), nil
}

// sourceValues returns the records of the variables source expression
// x references, whose values its adjoint may read, and their
// restoration (in reverse order).
func (g *gen) sourceValues(x ast.Expr) (push, pop []ast.Stmt, err error) {
	seen := map[*sema.Symbol]bool{}
	walkStmts(g.pa.Unit.Body, func(st ast.Stmt) {
		if d, ok := st.(*ast.DoConstruct); ok && d.Var != nil {
			// A DO variable: the reversed loop sets it (and may not
			// assign it inside).
			seen[g.info.ObjectOf(d.Var)] = true
		}
	})
	seenComp := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if err != nil {
			return false
		}
		if c, ok := g.sourceComponent(n); ok {
			// A numeric component of a derived-type variable (s%h):
			// recorded alone. Restoring the whole variable would
			// restore the allocation of the component the ALLOCATE
			// makes (source=s%h for s%work) before its adjoint.
			if k := exprString(c); !seenComp[k] {
				seenComp[k] = true
				p, q, e := g.pushPop(c)
				if e != nil {
					err = e
					return false
				}
				push, pop = append(push, p), append([]ast.Stmt{q}, pop...)
			}
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			if kw, isKw := n.(*ast.KeywordArg); isKw {
				ast.Inspect(kw.Value, visit) // not its keyword
				return false
			}
			return true
		}
		v := g.info.ObjectOf(id)
		if v == nil || v.Kind != sema.VarSym || seen[v] || v.Attrs.Has(sema.AttrParameter) || v.IsDummy() && v.Intent == ast.IntentIn {
			return true
		}
		seen[v] = true
		p, q, e := g.pushPop(id)
		if e != nil {
			err = e
			return false
		}
		if p != nil {
			push, pop = append(push, p), append([]ast.Stmt{q}, pop...)
		}
		return true
	}
	ast.Inspect(x, visit)
	return push, pop, err
}

// sourceComponent reports whether n is a whole numeric component of a
// derived-type variable, v%c with v a variable the statement does not
// take as constant (an intent(in) dummy's components need no record).
func (g *gen) sourceComponent(n ast.Node) (*ast.SelectorExpr, bool) {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v := g.info.ObjectOf(id)
	t := g.info.TypeOf(sel)
	if v == nil || v.Kind != sema.VarSym || len(v.Dims) > 0 || v.IsDummy() && v.Intent == ast.IntentIn ||
		t == nil || decl.IsDerived(t) || t.IsCharacter() {
		return nil, false
	}
	return sel, true
}
