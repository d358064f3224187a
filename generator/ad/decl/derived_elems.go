package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE real components of the elements of array components (a
// column's `type(layer_t) :: layers(nl)`, each layer with `real(wp),
// allocatable :: t(:)`): the derivative's col_d%layers(k)%t is allocated
// with col%layers(k)%t, element by element, in DO loops over the array
// component (ElemPaths), each element with its own bounds (ragged).

// partKind is what a component lies under in a variable's type.
type partKind int

const (
	scalarUnder partKind = iota // scalar components only
	elemUnder                   // an array component of fixed shape, not ALLOCATABLE nor POINTER
	otherUnder                  // an ALLOCATABLE or POINTER component
)

// through returns what the components of c's type lie under.
func (k partKind) through(c *sema.Symbol) partKind {
	switch {
	case k == otherUnder || OwnedArray(c):
		return otherUnder
	case len(c.Dims) > 0:
		return elemUnder
	}
	return k
}

// elemPart reports whether component c is an array of derived type of
// fixed shape, neither ALLOCATABLE nor a POINTER: a part of a path to
// the ALLOCATABLE components of its elements.
func elemPart(c *sema.Symbol) bool {
	return len(c.Dims) > 0 && !OwnedArray(c) && IsDerived(c.Type)
}

// ElemPath reports whether path (AllocPaths) goes through an array
// component: its references need DO loops over the elements (PathLoops).
func ElemPath(path []*sema.Symbol) bool {
	for _, c := range path[:len(path)-1] {
		if len(c.Dims) > 0 {
			return true
		}
	}
	return false
}

// pathLevel is an array component on a path (PathLoops): the DO loops
// over its elements, under IF (guard) for an ALLOCATABLE one.
type pathLevel struct {
	guard ast.Expr
	loops []*ast.DoConstruct
}

// PathLoops returns the references of path's component in x and d
// (parallel references of the same derived type), each array component
// on the way subscripted by new indices, and the levels of DO loops over
// those indices (x's bounds), outermost first.
func PathLoops(x, d ast.Expr, path []*sema.Symbol, newIndex func() *ast.Ident) (xc, dc ast.Expr, levels []pathLevel) {
	xc, dc = ast.Clone(x), ast.Clone(d)
	for _, c := range path {
		xc, dc = &ast.SelectorExpr{X: xc, Sel: ast.NewIdent(c.Name)}, &ast.SelectorExpr{X: dc, Sel: ast.NewIdent(c.Name)}
		if c == path[len(path)-1] || len(c.Dims) == 0 && !OwnedArray(c) {
			continue
		}
		var l pathLevel
		if OwnedArray(c) {
			l.guard = Status(ast.Clone(xc), c) // (derived_layers.go)
		}
		idx := make([]ast.Expr, len(c.Dims))
		for k := len(c.Dims); k >= 1; k-- {
			i := newIndex()
			bound := func(fn string) ast.Expr { return deriv.Call(fn, ast.Clone(xc), deriv.Int(k)) }
			l.loops = append(l.loops, &ast.DoConstruct{Var: i, Start: bound("lbound"), Stop: bound("ubound"), End: ast.EndStmt{Keyword: "do"}})
			idx[k-1] = ast.NewIdent(i.Name)
		}
		levels = append(levels, l)
		if len(idx) > 0 {
			xc, dc = &ast.CallExpr{Fun: xc, Args: idx}, &ast.CallExpr{Fun: dc, Args: cloneAll(idx)}
		}
	}
	return xc, dc, levels
}

// ForPath returns the statements f builds for the component path leads
// to in x and d (f gets both references and the component), inside the
// DO loops over the elements of the array components on the way
// (PathLoops); backward runs the loops from the upper bounds down (the
// restorations of records made forward).
func ForPath(x, d ast.Expr, path []*sema.Symbol, backward bool, newIndex func() *ast.Ident, f func(xc, dc ast.Expr, c *sema.Symbol) []ast.Stmt) []ast.Stmt {
	xc, dc, levels := PathLoops(x, d, path, newIndex)
	body := f(xc, dc, path[len(path)-1])
	for k := len(levels) - 1; k >= 0; k-- {
		l := levels[k]
		if backward {
			for _, do := range l.loops {
				do.Start, do.Stop, do.Step = do.Stop, do.Start, deriv.Int(-1)
			}
		}
		body = nest(l.loops, body)
		if l.guard != nil {
			body = []ast.Stmt{If(l.guard, body...)}
		}
	}
	return body
}
