package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Assumed-size dummies of a routine reversed in split mode. foo_fwd
// leaves foo_bwd the values its backward sweep reads, which for the
// published DSCAL (dx(i) = da*dx(i), da active) include dx(*): it has no
// size, but the routine reaches dx(1 : hi) only, hi from its own
// dummies (legacy_reach.go), which foo_bwd gets again from the caller
// (a split call keeps its actual arguments): foo_fwd pushes that section
// and foo_bwd pops it.

// splitReach reports whether assumed-size dummy s of unit u has a reach
// in u starting at 1 or more, and records the section for splitPushPop.
func (g *gen) splitReach(u *ast.Unit, s *sema.Symbol) bool {
	if !s.IsDummy() || !assumedSizeLike(s) || s.Owner == nil || s.Owner.Unit == nil || s.Owner.Unit != u {
		return false
	}
	args := make([]ast.Expr, len(u.Args))
	for i, a := range u.Args {
		d := s.Owner.LookupLocal(a.Lower())
		if d == nil {
			return false
		}
		id := ast.NewIdent(a.Name)
		g.info.Uses[id] = d
		args[i] = id
	}
	r, ok := g.dummyReach(u, s, args)
	if !ok {
		return false
	}
	// (No index below 1 of the dummy itself is referenced in a
	// conforming run: the lowest the reach finds, from branches not
	// taken, need not be bounded.)
	id := ast.NewIdent(s.Name)
	g.info.Uses[id] = s
	// (Positions from the dummy's first element: s(lo : lo + hi - 1)
	// for a lower bound lo, legacy_reach_lower.go.)
	first := g.info.Clone(dummyLower(s))
	last := r.hi
	if n, ok := intConst(first); !ok || n != 1 {
		last = simplify(deriv.Sub(deriv.Add(&ast.ParenExpr{X: g.info.Clone(first)}, &ast.ParenExpr{X: r.hi}), deriv.Int(1)))
	}
	sec := &ast.CallExpr{Fun: id, Args: []ast.Expr{&ast.RangeExpr{Lo: first, Hi: last}}}
	g.info.Calls[sec] = sema.Call{Kind: sema.ArrayElement, Proc: s, Section: true, Type: s.Type, Rank: 1}
	if g.splitSecs == nil {
		g.splitSecs = map[*sema.Symbol]ast.Expr{}
	}
	g.splitSecs[s] = sec
	return true
}

// sectionPushPop returns the push and pop of section sec of array s.
func (g *gen) sectionPushPop(sec ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	typ, ok := tape.TypeOf(s.Type)
	if !ok {
		return nil, nil, notSupported("no tape for variable '%s' of type %s", s.Name, s.Type)
	}
	n := deriv.Call("size", sec)
	return []ast.Stmt{tapePushArray(typ, sec, n)}, []ast.Stmt{tapePopArray(typ, g.info.Clone(sec), deriv.Call("size", g.info.Clone(sec)))}, nil
}
