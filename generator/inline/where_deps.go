package inline

import (
	"slices"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Which WHEREs run element by element (where_elemental.go): what their
// masks and right sides read of the arrays their assignments define.

// path is what a designator names, up to subscripts: its variable and
// the components selected (s%q(2:n) is s, [q]). Two designators may
// overlap when their variables are the same and one path is a prefix of
// the other (s and s%q; s(1)%q and s(2)%q, subscripts ignored).
type path struct {
	root  *sema.Symbol
	comps []string
}

func (p path) overlaps(q path) bool {
	if p.root != q.root {
		return false
	}
	n := min(len(p.comps), len(q.comps))
	return slices.Equal(p.comps[:n], q.comps[:n])
}

// independent reports whether assignment as, under the masks of branches,
// gives the WHERE's values run element by element after the assignments
// before it, whose left sides defined holds (as's is added): the masks
// read none of them, and neither the masks nor as's right side read what
// as defines other than as its left side, or else as other parts of the
// array it assigns a part of, which copy returns: the loop reads them in
// a copy made before it (where_copy.go).
func (w *whereLoops) independent(branches []*ast.WhereBranch, as *ast.AssignStmt, defined *[]path) (copy ast.Expr, ok bool) {
	v, ok := w.path(as.Lhs)
	if !ok || w.aliasable(as.Lhs) {
		return nil, false
	}
	key := ast.Key(as.Lhs)
	whole := arrayPart(as.Lhs)
	base := ""
	if w.copyable(whole) {
		base = ast.Key(whole)
	}
	need := false
	for _, b := range branches {
		if b.Mask != nil {
			ok, c := w.reads(b.Mask, v, key, base, *defined)
			if !ok {
				return nil, false
			}
			need = need || c
		}
	}
	ok, c := w.reads(as.Rhs, v, key, base, nil)
	if !ok {
		return nil, false
	}
	*defined = append(*defined, v)
	if need || c {
		return whole, true
	}
	return nil, true
}

// arrayPart returns the array designator x is a part of (q for q(2:n),
// s%q for s%q(2:n)), or x.
func arrayPart(x ast.Expr) ast.Expr {
	if c, ok := x.(*ast.CallExpr); ok {
		return c.Fun
	}
	return x
}

// path returns the path of designator x: a variable, a component of
// one, an element or section of those.
func (w *whereLoops) path(x ast.Expr) (path, bool) {
	switch y := x.(type) {
	case *ast.Ident:
		if s := w.info.ObjectOf(y); s != nil && s.Kind == sema.VarSym {
			return path{root: s}, true
		}
	case *ast.SelectorExpr:
		p, ok := w.path(y.X)
		p.comps = append(slices.Clip(p.comps), y.Sel.Lower())
		return p, ok
	case *ast.CallExpr:
		if w.info.Calls[y].Kind == sema.ArrayElement {
			return w.path(y.Fun)
		}
	}
	return path{}, false
}

// aliasable reports whether designator x may share storage with others
// than those of its path: a POINTER or TARGET variable or component.
func (w *whereLoops) aliasable(x ast.Expr) bool {
	out := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if s := w.info.ObjectOf(id); s != nil && s.Attrs&(sema.AttrPointer|sema.AttrTarget) != 0 {
				out = true
			}
		}
		return !out
	})
	return out
}

// reads reports whether x reads nothing defined may overlap, and what v
// may overlap only as the designator key, or, when base is not "", as
// parts of the array base (copy then reports it does).
func (w *whereLoops) reads(x ast.Expr, v path, key, base string, defined []path) (ok, copy bool) {
	ok = true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if !ok {
			return false
		}
		e, isExpr := n.(ast.Expr)
		if !isExpr {
			return true
		}
		p, isRef := w.path(e)
		if !isRef {
			return true
		}
		if p.overlaps(v) && ast.Key(e) != key {
			if base != "" && ast.Key(arrayPart(e)) == base {
				copy = true
			} else {
				ok = false
			}
		}
		for _, d := range defined {
			ok = ok && !p.overlaps(d)
		}
		for _, sub := range subscripts(e) {
			ast.Inspect(sub, visit)
		}
		return false
	}
	ast.Inspect(x, visit)
	return ok, copy
}

// subscripts returns the subscripts along designator x.
func subscripts(x ast.Expr) []ast.Expr {
	switch y := x.(type) {
	case *ast.SelectorExpr:
		return subscripts(y.X)
	case *ast.CallExpr:
		return append(subscripts(y.Fun), y.Args...)
	}
	return nil
}

// globalsSafe reports whether no user function WHERE s references may
// read, on entry, a variable outside its procedure's locals and dummies
// that an assignment of s defines (a module, common or host variable
// lhss name): the loops call it between the assignments of two
// elements, where the WHERE calls it before any. A function without a
// body in the program may read anything.
func (w *whereLoops) globalsSafe(s ast.Stmt, lhss []ast.Expr) bool {
	outside := map[*sema.Symbol]bool{}
	for _, l := range lhss {
		if p, ok := w.path(l); ok && (p.root.Owner != w.scope || p.root.Attrs&sema.AttrInCommon != 0) {
			outside[p.root.CanonicalGlobal()] = true
		}
	}
	if len(outside) == 0 {
		return true
	}
	safe := true
	ast.Inspect(s, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !safe {
			return safe
		}
		k, ok := w.info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() {
			return true
		}
		if k.Proc == nil || k.Proc.Proc == nil || k.Proc.Proc.Unit == nil {
			safe = false
			return false
		}
		for _, e := range w.intents().Effects(k.Proc) {
			if e.Reads() && outside[e.Var.CanonicalGlobal()] {
				safe = false
			}
		}
		return safe
	})
	return safe
}
