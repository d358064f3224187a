package adjoint

import (
	"errors"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The order of a FORALL assignment's loop nest.
//
// A FORALL assignment evaluates its right side (and the mask) for every
// index value before it assigns any element. A DO nest assigning element
// by element is the same unless an iteration reads an element an earlier
// one wrote: forall (i = 2:n) a(i) = a(i-1) reads the old a(i-1). The
// nest is the same when each element of the left side's array it reads is
// either the one it writes or one written by a later iteration, if at all:
// a(i-1) read by iteration i is written by iteration i-1, later when i
// runs downward. So each reference to the assigned array in the right
// side and the mask must have the left side's subscripts, an index
// variable i there replaced by i+c or i-c (c an integer literal), the
// other subscripts the same. The first index (in header order, the
// outermost loop) whose offset is not zero decides: a negative offset
// makes its loop run downward, a positive one upward. References that ask
// for both directions (a smoothing a(i) = a(i-1) + a(i+1)) leave no such
// order, nor do other references (t(n+1-i), sum(t)): forall_copy.go
// reverses those.

// forallOrder returns which loops of the nest for FORALL assignment a
// over specs (with mask, or nil) run downward, or errNoOrder if no order
// is known to fit.
func (g *gen) forallOrder(specs []*ast.ForallSpec, a *ast.AssignStmt, mask ast.Expr) ([]bool, error) {
	base := g.baseSym(a.Lhs)
	if base == nil {
		return nil, notSupported("FORALL assignment to '%s' in reverse mode", exprString(a.Lhs))
	}
	var refs []*ast.CallExpr
	handled := map[*ast.Ident]bool{}
	other, aliased := false, false
	for _, x := range []ast.Expr{a.Rhs, mask} {
		if x == nil {
			continue
		}
		ast.Inspect(x, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && g.info.ObjectOf(id) == base {
					refs = append(refs, n)
					handled[id] = true
				}
			case *ast.Ident:
				o := g.info.ObjectOf(n)
				if !handled[n] && o != base && aliasable(base) && aliasable(o) {
					aliased = true
				}
				other = other || !handled[n] && o == base
			}
			return true
		})
	}
	// Left sides of derived types (a(i)%v) and pointers that may be read
	// through another name are not compared.
	lhs, simple := a.Lhs.(*ast.CallExpr)
	if simple {
		_, simple = lhs.Fun.(*ast.Ident)
	}
	if aliased || !simple && (other || len(refs) > 0) {
		return nil, notSupported("FORALL assignment to '%s' reading it in reverse mode", base.Name)
	}
	if other {
		return nil, errNoOrder
	}
	down := make([]bool, len(specs))
	set := make([]bool, len(specs))
	for _, r := range refs {
		off, ok := g.offsets(specs, lhs, r)
		if !ok {
			return nil, errNoOrder
		}
		for k, o := range off {
			if o == 0 {
				continue
			}
			if set[k] && down[k] != (o < 0) {
				return nil, errNoOrder
			}
			set[k], down[k] = true, o < 0
			break
		}
	}
	return down, nil
}

// errNoOrder says that no order of a FORALL assignment's loop nest reads
// only the old values of its array.
var errNoOrder = errors.New("no loop order for a FORALL assignment")

// offsets returns, for each index of specs, the offset of reference r
// from left side lhs along it, or false if r is not lhs shifted by
// constants along index variables.
func (g *gen) offsets(specs []*ast.ForallSpec, lhs, r *ast.CallExpr) ([]int, bool) {
	if len(lhs.Args) != len(r.Args) {
		return nil, false
	}
	off := make([]int, len(specs))
	seen := make([]bool, len(specs))
	for d, l := range lhs.Args {
		if ast.Equal(l, r.Args[d]) {
			if _, ok := l.(*ast.RangeExpr); ok {
				return nil, false
			}
			continue
		}
		id, ok := l.(*ast.Ident)
		k := specIndex(specs, id)
		if !ok || k < 0 {
			return nil, false
		}
		c, ok := shift(id, r.Args[d])
		if !ok || seen[k] && off[k] != c {
			return nil, false
		}
		seen[k], off[k] = true, c
	}
	return off, true
}

// specIndex returns the position in specs of the index variable named
// id, or -1.
func specIndex(specs []*ast.ForallSpec, id *ast.Ident) int {
	if id == nil {
		return -1
	}
	for k, sp := range specs {
		if strings.EqualFold(sp.Var.Name, id.Name) {
			return k
		}
	}
	return -1
}

// shift returns c if x is v+c, v-c, c+v or v (c an integer literal).
func shift(v *ast.Ident, x ast.Expr) (int, bool) {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	isV := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && strings.EqualFold(id.Name, v.Name)
	}
	lit := func(e ast.Expr) (int, bool) {
		l, ok := e.(*ast.BasicLit)
		if !ok || l.Kind != token.INT {
			return 0, false
		}
		n, err := strconv.Atoi(l.Value)
		return n, err == nil
	}
	if isV(x) {
		return 0, true
	}
	b, ok := x.(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	switch {
	case b.Op == token.PLUS && isV(b.X):
		return lit(b.Y)
	case b.Op == token.PLUS && isV(b.Y):
		return lit(b.X)
	case b.Op == token.MINUS && isV(b.X):
		c, ok := lit(b.Y)
		return -c, ok
	}
	return 0, false
}

// forallWrites returns the variables the assignments of a FORALL define,
// in order.
func (g *gen) forallWrites(assigns []*ast.AssignStmt) []*sema.Symbol {
	var w []*sema.Symbol
	for _, a := range assigns {
		if v := g.baseSym(a.Lhs); v != nil {
			w = append(w, v)
		}
	}
	return w
}

// forallReads returns the first variable of vars that x references (or
// may, by pointer association), or nil.
func (g *gen) forallReads(x ast.Expr, vars []*sema.Symbol) *sema.Symbol {
	if x == nil {
		return nil
	}
	for _, v := range vars {
		if g.references(x, v) {
			return v
		}
	}
	return nil
}
