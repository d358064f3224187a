package adjoint

import (
	"errors"
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
// other subscripts the same (a section the same for every index value,
// a(i, :) = a(i-1, :), is the same elements). The first index (in header order, the
// outermost loop) whose offset is not zero decides: a negative offset
// makes its loop run downward, a positive one upward. References that ask
// for both directions (a smoothing a(i) = a(i-1) + a(i+1)) leave no such
// order, nor do other references (t(n+1-i), sum(t)): forall_copy.go
// reverses those.

// forallOrder returns which loops of the nest for FORALL assignment a
// over specs (with masks, nil or not) run downward, or errNoOrder if no
// order is known to fit.
func (g *gen) forallOrder(specs []*ast.ForallSpec, a *ast.AssignStmt, masks ...ast.Expr) ([]bool, error) {
	base := g.baseSym(a.Lhs)
	if base == nil {
		return nil, notSupported("FORALL assignment to '%s' in reverse mode", exprString(a.Lhs))
	}
	refs, other, aliased := g.forallRefs(base, append([]ast.Expr{a.Rhs}, masks...)...)
	// The left side: an element base(...), or a component of one
	// (base(...)%c, base(...)%c(1)); pointers that may be read through
	// another name are not compared.
	lid, lparts, _, simple := refChain(a.Lhs)
	simple = simple && lparts[0].args != nil && g.info.ObjectOf(lid) == base && !aliased
	if !simple && (other || len(refs) > 0) {
		return nil, notSupported("FORALL assignment to '%s' reading it in reverse mode", base.Name)
	}
	down := make([]bool, len(specs))
	set := make([]bool, len(specs))
	known := !other
	for _, r := range refs {
		same, disjoint := sameParts(lparts[1:], r[1:])
		if disjoint {
			continue // another component, or another constant subscript
		}
		var off []int
		if same && r[0].args != nil {
			off, same = g.offsets(specs, lparts[0].args, r[0].args)
		}
		known = known && same
		for k, o := range off {
			if o == 0 {
				continue
			}
			if set[k] && down[k] != (o < 0) {
				known = false
			}
			set[k], down[k] = true, o < 0
			break
		}
	}
	switch {
	case known:
		return down, nil
	case len(lparts) == 1:
		return nil, errNoOrder // forall_copy.go
	}
	return nil, notSupported("FORALL assignment to '%s' reading it in reverse mode", base.Name)
}

// part is a level of a reference below its variable: the variable's
// subscripts (name ""), or a component and its subscripts (nil if none).
type part struct {
	name string
	args []ast.Expr
}

// refChain returns reference x, v(...)%c(...)..., as its variable's name
// and its levels, with the nodes of the chain (not those of the
// subscripts); false if x is not such a reference.
func refChain(x ast.Expr) (*ast.Ident, []part, []ast.Node, bool) {
	var parts []part
	var nodes []ast.Node
	var args []ast.Expr
	for {
		nodes = append(nodes, x)
		switch e := x.(type) {
		case *ast.CallExpr:
			if args != nil {
				return nil, nil, nil, false // a substring a(i)(2:3)
			}
			args, x = e.Args, e.Fun
			if args == nil {
				args = []ast.Expr{}
			}
		case *ast.SelectorExpr:
			parts = append([]part{{name: strings.ToLower(e.Sel.Name), args: args}}, parts...)
			args, x = nil, e.X
		case *ast.Ident:
			return e, append([]part{{args: args}}, parts...), nodes, true
		default:
			return nil, nil, nil, false
		}
	}
}

// forallRefs returns the references to variable v in the expressions
// xs, each as its levels (refChain); other reports a reference to v of
// another form, aliased one to a pointer or target that may alias it.
func (g *gen) forallRefs(v *sema.Symbol, xs ...ast.Expr) (refs [][]part, other, aliased bool) {
	covered := map[ast.Node]bool{}
	for _, x := range xs {
		if x == nil {
			continue
		}
		ast.Inspect(x, func(n ast.Node) bool {
			if n == nil || covered[n] {
				return true
			}
			switch n := n.(type) {
			case *ast.CallExpr, *ast.SelectorExpr:
				if id, parts, nodes, ok := refChain(n.(ast.Expr)); ok && g.info.ObjectOf(id) == v {
					refs = append(refs, parts)
					for _, c := range nodes {
						covered[c] = true
					}
				}
			case *ast.Ident:
				o := g.info.ObjectOf(n)
				aliased = aliased || o != v && aliasable(v) && aliasable(o)
				other = other || o == v
			}
			return true
		})
	}
	return refs, other, aliased
}

// sameParts compares the levels below the variable of a left side (l)
// and of a reference (r): the same components with the same subscripts,
// or disjoint (another component, or a subscript another integer
// constant, at some level); neither when they may overlap.
func sameParts(l, r []part) (same, disjoint bool) {
	for i := 0; i < len(l) && i < len(r); i++ {
		if l[i].name != r[i].name {
			return false, true
		}
		if len(l[i].args) != len(r[i].args) {
			return false, false
		}
		for d := range l[i].args {
			lv, lok := intValue(l[i].args[d])
			rv, rok := intValue(r[i].args[d])
			if lok && rok && lv != rv {
				return false, true
			}
		}
		for d := range l[i].args {
			if !ast.Equal(l[i].args[d], r[i].args[d]) {
				return false, false
			}
		}
	}
	return len(l) == len(r), false
}

// errNoOrder says that no order of a FORALL assignment's loop nest reads
// only the old values of its array.
var errNoOrder = errors.New("no loop order for a FORALL assignment")

// offsets returns, for each index of specs, the offset of subscripts r
// of a reference from subscripts l of the left side along it, or false if
// r is not l shifted by constants along index variables.
func (g *gen) offsets(specs []*ast.ForallSpec, l, r []ast.Expr) ([]int, bool) {
	if len(l) != len(r) {
		return nil, false
	}
	off := make([]int, len(specs))
	seen := make([]bool, len(specs))
	for d, ld := range l {
		if ast.Equal(ld, r[d]) {
			if _, ok := ld.(*ast.RangeExpr); ok && readsIndex(specs, ld) {
				// A section that moves with the indices (a(i, i:n)).
				return nil, false
			}
			continue
		}
		id, ok := ld.(*ast.Ident)
		k := specIndex(specs, id)
		if !ok || k < 0 {
			return nil, false
		}
		c, ok := shift(id, r[d])
		if !ok || seen[k] && off[k] != c {
			return nil, false
		}
		seen[k], off[k] = true, c
	}
	return off, true
}

// readsIndex reports whether x references an index variable of specs.
func readsIndex(specs []*ast.ForallSpec, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && specIndex(specs, id) >= 0 {
			found = true
		}
		return !found
	})
	return found
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
	lit := intValue
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
