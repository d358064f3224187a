package inline

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Integer linear forms c + Σ k·atom for the lengths and offsets of
// constructor_segments.go: an atom is an integer expression that is not
// a sum, difference or constant multiple (n, size(u), ubound(u, 1)),
// keyed by its printed text, which names the same value everywhere in
// one statement that calls no user function.
type linForm struct {
	c int64
	t map[string]int64 // atom key -> coefficient, no zero entries
}

func constForm(c int64) linForm { return linForm{c: c} }

func (a linForm) add(b linForm, k int64) linForm {
	r := linForm{c: a.c + k*b.c, t: map[string]int64{}}
	for key, v := range a.t {
		r.t[key] = v
	}
	for key, v := range b.t {
		if r.t[key] += k * v; r.t[key] == 0 {
			delete(r.t, key)
		}
	}
	return r
}

func (a linForm) plus(b linForm) linForm  { return a.add(b, 1) }
func (a linForm) minus(b linForm) linForm { return a.add(b, -1) }

// constant reports whether a has no atoms, and its value.
func (a linForm) constant() (int64, bool) { return a.c, len(a.t) == 0 }

func (a linForm) keys() []string {
	keys := make([]string, 0, len(a.t))
	for k := range a.t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// less orders forms by their coefficients, atom by atom in key order,
// then by their constants: a total order in which forms that differ by a
// constant are ordered by it, and any other two are adjacent only where
// the statement tests their order at run time.
func (a linForm) less(b linForm) bool {
	seen := map[string]bool{}
	var keys []string
	for _, k := range append(a.keys(), b.keys()...) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if a.t[k] != b.t[k] {
			return a.t[k] < b.t[k]
		}
	}
	return a.c < b.c
}

func (a linForm) equal(b linForm) bool {
	d := a.minus(b)
	c, ok := d.constant()
	return ok && c == 0
}

// formOf returns the linear form of integer expression x, recording its
// atoms in atoms.
func formOf(info *sema.Info, x ast.Expr, atoms map[string]ast.Expr) linForm {
	switch y := x.(type) {
	case *ast.ParenExpr:
		return formOf(info, y.X, atoms)
	case *ast.UnaryExpr:
		if info.Operators[y] == nil && (y.Op == token.MINUS || y.Op == token.PLUS) {
			f := formOf(info, y.X, atoms)
			if y.Op == token.MINUS {
				return constForm(0).minus(f)
			}
			return f
		}
	case *ast.BinaryExpr:
		if info.Operators[y] != nil {
			break
		}
		switch y.Op {
		case token.PLUS, token.MINUS:
			a, b := formOf(info, y.X, atoms), formOf(info, y.Y, atoms)
			if y.Op == token.MINUS {
				return a.minus(b)
			}
			return a.plus(b)
		case token.STAR:
			a, b := formOf(info, y.X, atoms), formOf(info, y.Y, atoms)
			if c, ok := a.constant(); ok {
				return constForm(0).add(b, c)
			}
			if c, ok := b.constant(); ok {
				return constForm(0).add(a, c)
			}
		}
	}
	if v, ok := info.ConstValue(x); ok {
		if v.Kind == sema.IntValue {
			return constForm(v.Int)
		}
	}
	key := printer.ExprString(x)
	if _, ok := atoms[key]; !ok {
		atoms[key] = x
	}
	return linForm{t: map[string]int64{key: 1}}
}

// formExpr returns an expression of form a, its atoms cloned from
// atoms.
func (w *whereLoops) formExpr(a linForm, atoms map[string]ast.Expr) ast.Expr {
	var x ast.Expr
	term := func(k int64, e ast.Expr) {
		neg := k < 0
		if neg {
			k = -k
		}
		if k != 1 {
			e = &ast.BinaryExpr{X: w.intLit(int(k)), Op: token.STAR, OpLit: "*", Y: w.paren(e)}
		}
		switch {
		case x == nil && neg:
			x = &ast.UnaryExpr{Op: token.MINUS, OpLit: "-", X: e}
		case x == nil:
			x = e
		case neg:
			x = &ast.BinaryExpr{X: x, Op: token.MINUS, OpLit: "-", Y: w.operand(e)}
		default:
			x = &ast.BinaryExpr{X: x, Op: token.PLUS, OpLit: "+", Y: w.operand(e)}
		}
	}
	for _, k := range a.keys() {
		term(a.t[k], w.info.Clone(atoms[k]))
	}
	switch {
	case a.c > 0 || a.c == 0 && x == nil:
		term(1, w.intLit(int(a.c)))
	case a.c < 0:
		term(-1, w.intLit(int(-a.c)))
	}
	return x
}

// operand returns e parenthesised if it is a sum or difference (the
// right operand of + or -).
func (w *whereLoops) operand(e ast.Expr) ast.Expr {
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.PLUS || b.Op == token.MINUS) {
		return &ast.ParenExpr{X: e}
	}
	return e
}

// nonNegative returns the condition a >= 0, spelt atoms >= -constant.
func (w *whereLoops) nonNegative(a linForm, atoms map[string]ast.Expr) ast.Expr {
	c := a.c
	a.c = 0
	var rhs ast.Expr = w.intLit(int(abs64(c)))
	if c > 0 {
		rhs = &ast.UnaryExpr{Op: token.MINUS, OpLit: "-", X: rhs}
	}
	return &ast.BinaryExpr{X: w.formExpr(a, atoms), Op: token.GE, OpLit: ">=", Y: rhs}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
