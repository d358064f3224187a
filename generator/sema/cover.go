package sema

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Sections that cover a rank-1 array.
//
// An intent(out) array is often defined piece by piece before it is read:
// z(1) = ...; z(2:n) = ..., or element by element in a loop over its
// bounds. The effective-intent analysis tracks, along straight-line code,
// the intervals of such arrays defined so far, with bounds of the form
// k, v or v ± k (v a variable, k a literal), and counts the array defined
// whole once they cover its declared bounds. Anything it cannot read
// leaves the array partly defined, which is safe.

// bound is v + k (v nil for the constant k).
type bound struct {
	v *Symbol
	k int64
}

// interval is [lo, hi].
type interval struct{ lo, hi bound }

// boundOf reads x as a bound.
func boundOf(info *Info, x ast.Expr) (bound, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		k, err := strconv.ParseInt(x.Value, 10, 64)
		return bound{k: k}, err == nil
	case *ast.Ident:
		s := info.ObjectOf(x)
		if s == nil || (s.Kind != VarSym && s.Kind != ConstSym) {
			return bound{}, false
		}
		if s.Kind == ConstSym {
			if s.Value == nil || s.Value.Kind != IntValue {
				return bound{}, false
			}
			return bound{k: s.Value.Int}, true
		}
		return bound{v: s}, true
	case *ast.ParenExpr:
		return boundOf(info, x.X)
	case *ast.BinaryExpr:
		if x.OpLit != "+" && x.OpLit != "-" {
			return bound{}, false
		}
		a, ok1 := boundOf(info, x.X)
		b, ok2 := boundOf(info, x.Y)
		if !ok1 || !ok2 || b.v != nil && (a.v != nil || x.OpLit == "-") {
			return bound{}, false
		}
		if b.v != nil {
			a, b = b, a
		}
		if x.OpLit == "-" {
			b.k = -b.k
		}
		return bound{v: a.v, k: a.k + b.k}, true
	}
	return bound{}, false
}

// declared returns the declared bounds of a rank-1 explicit-shape array.
func declared(info *Info, s *Symbol) (interval, bool) {
	if len(s.Dims) != 1 || s.Dims[0].Kind != ExplicitShape {
		return interval{}, false
	}
	d := s.Dims[0]
	lo := bound{k: 1}
	if d.Lo.Expr != nil {
		var ok bool
		if lo, ok = boundOf(info, d.Lo.Expr); !ok {
			return interval{}, false
		}
	}
	hi, ok := boundOf(info, d.Hi.Expr)
	return interval{lo, hi}, ok
}

// sectionOf returns the interval a rank-1 element or section reference
// x of s designates.
func sectionOf(info *Info, s *Symbol, x ast.Expr) (interval, bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return interval{}, false
	}
	decl, ok := declared(info, s)
	if !ok {
		return interval{}, false
	}
	switch a := c.Args[0].(type) {
	case *ast.RangeExpr:
		if a.Stride != nil {
			return interval{}, false
		}
		iv := decl
		if a.Lo != nil {
			if iv.lo, ok = boundOf(info, a.Lo); !ok {
				return interval{}, false
			}
		}
		if a.Hi != nil {
			if iv.hi, ok = boundOf(info, a.Hi); !ok {
				return interval{}, false
			}
		}
		return iv, true
	case *ast.KeywordArg:
		return interval{}, false
	default:
		b, ok := boundOf(info, a)
		return interval{b, b}, ok
	}
}

// covers reports whether the intervals cover [want.lo, want.hi]: a chain
// from the lower bound, each interval starting right after the last.
func covers(list []interval, want interval) bool {
	cur := want.lo
	for range list {
		if cur.v == want.hi.v && cur.k == want.hi.k+1 {
			return true
		}
		next := false
		for _, iv := range list {
			if iv.lo == cur {
				cur = bound{v: iv.hi.v, k: iv.hi.k + 1}
				next = true
				break
			}
		}
		if !next {
			return false
		}
	}
	return cur.v == want.hi.v && cur.k == want.hi.k+1
}

// defineSection records that x, an element or section of s, is defined
// in straight-line code, and whether s is now covered whole.
func (w *intentWalker) defineSection(s *Symbol, x ast.Expr) bool {
	iv, ok := sectionOf(w.info, s, x)
	if !ok {
		return false
	}
	if w.cover == nil {
		w.cover = map[*Symbol][]interval{}
	}
	w.cover[s] = append(w.cover[s], iv)
	decl, _ := declared(w.info, s)
	return covers(w.cover[s], decl)
}

// loopFill returns the arrays a counted DO loop of step 1 defines element
// by element over [start+k, stop+k], by assignments to a(i+k) at the top
// of its body, and whether each is then covered.
func (w *intentWalker) loopFill(s *ast.DoConstruct) []*Symbol {
	if s.Var == nil || s.Step != nil && !isLit(s.Step, "1") {
		return nil
	}
	i := w.info.ObjectOf(s.Var)
	start, ok1 := boundOf(w.info, s.Start)
	stop, ok2 := boundOf(w.info, s.Stop)
	if i == nil || !ok1 || !ok2 {
		return nil
	}
	var out []*Symbol
	for _, st := range s.Body {
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			continue
		}
		c, ok := a.Lhs.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			continue
		}
		id, ok := c.Fun.(*ast.Ident)
		if !ok {
			continue
		}
		arr := w.info.ObjectOf(id)
		sub, ok := boundOf(w.info, c.Args[0])
		if arr == nil || !w.tracked(arr) || !ok || sub.v != i {
			continue
		}
		if _, ok := declared(w.info, arr); !ok {
			continue
		}
		iv := interval{bound{start.v, start.k + sub.k}, bound{stop.v, stop.k + sub.k}}
		if w.cover == nil {
			w.cover = map[*Symbol][]interval{}
		}
		w.cover[arr] = append(w.cover[arr], iv)
		decl, _ := declared(w.info, arr)
		if covers(w.cover[arr], decl) {
			out = append(out, arr)
		}
	}
	return out
}

func isLit(x ast.Expr, v string) bool {
	b, ok := x.(*ast.BasicLit)
	return ok && b.Value == v
}
