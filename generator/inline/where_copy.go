package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A WHERE assignment whose masks or right side read other elements of
// the array it assigns part of (where (mask(2:n-1)) q(2:n-1) = q(2:n-1)
// + c*f(q(1:n-2) - 2*q(2:n-1) + q(3:n))) reads, as an array assignment,
// their values before it. Its loop reads them in a copy of the array made
// just before (fadj_wc1 = q), with the same shape; an element q(i) is
// fadj_wc1(i - lbound(q, 1) + lbound(fadj_wc1, 1)), whatever bounds an
// earlier assignment of the copy gave it:
//
//	fadj_wc1 = q
//	do fadj_wi1 = 1, size(q(2:n - 1), 1)
//	  if (mask(fadj_wi1 + 1)) q(fadj_wi1 + 1) = fadj_wc1(fadj_wi1 + 1 + lbound(fadj_wc1, 1) - 1) + ...
//	end do
//
// The masks read the copy too: no assignment before has defined the
// array (independent), so it holds what the WHERE's masks saw.

// arrayCopy is the copy of array orig (of variable or component s) that
// one assignment's loop reads.
type arrayCopy struct {
	key  string // orig as printed
	orig ast.Expr
	s    *sema.Symbol
	sym  *sema.Symbol
}

// copyable reports whether the array that designator whole names can be
// copied into a temporary: a real or complex array.
func (w *whereLoops) copyable(whole ast.Expr) bool {
	s := w.array(whole)
	return s != nil && s.Type != nil && (s.Type.IsReal() || s.Type.IsComplex()) && s.Type.Kind > 0
}

// copy declares the copy of array whole for the loop of assignment as,
// makes it the one the loop reads, and returns its assignment.
func (w *whereLoops) copy(whole ast.Expr, as *ast.AssignStmt) ast.Stmt {
	s := w.array(whole)
	w.ncopy++
	sym := w.temp("fadj_wc"+strconv.Itoa(w.ncopy), s.Type, w.kindIdent(s), len(s.Dims))
	w.copied = &arrayCopy{key: ast.Key(whole), orig: whole, s: s, sym: sym}
	st := &ast.AssignStmt{Lhs: w.use(sym), Rhs: w.info.Clone(whole)}
	st.Start = as.Start
	return st
}

// elementOf returns the element id(subs) of array s, which id names: of
// its copy if the loop reads one.
func (w *whereLoops) elementOf(id ast.Expr, s *sema.Symbol, subs []ast.Expr) ast.Expr {
	c := w.copied
	if c == nil || ast.Key(id) != c.key {
		return w.element(id, s, subs)
	}
	for d := range subs {
		// (A subscript is an integer sum or product: no parentheses.)
		var shifted ast.Expr = &ast.BinaryExpr{X: subs[d], Op: token.PLUS, OpLit: "+", Y: w.intrinsic("lbound", w.use(c.sym), w.intLit(d+1))}
		if lo := w.lower(c.orig, s, d); !isZero(lo) {
			shifted = &ast.BinaryExpr{X: shifted, Op: token.MINUS, OpLit: "-", Y: w.paren(lo)}
		}
		subs[d] = shifted
	}
	return w.element(w.use(c.sym), c.sym, subs)
}

// kindIdent returns the named constant of the kind of s's type as its
// declaration spells it, if the procedure sees it as the same constant.
func (w *whereLoops) kindIdent(s *sema.Symbol) *ast.Ident {
	if s.KindName == nil {
		return nil
	}
	k := w.info.ObjectOf(s.KindName)
	if k == nil || w.scope.Lookup(k.Name) != k {
		return nil
	}
	id := ast.NewIdent(s.KindName.Name)
	w.info.Uses[id] = k
	return id
}

func isZero(x ast.Expr) bool {
	l, ok := x.(*ast.BasicLit)
	return ok && l.Kind == token.INT && l.Value == "0"
}
