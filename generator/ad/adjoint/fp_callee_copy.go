package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A callee that defines the state dummy whole from a local it assembles
// (a Jacobi sweep: tn(1) = t(1); tn(n) = t(n); the interior of tn; t =
// tn): the boundary elements carry t's own values back, so φ is the
// identity there, as if the callee left them (fixedpoint_mask_copy.go
// for the same pattern in the loop's body). The marks after the call are
// those of the local's assignments other than the copies of the dummy's
// own elements; the copies must come first, so that an element a later
// assignment defines is marked.

// calleeCopy is the copy pattern of dummy d in callee's body, if any.
type calleeCopy struct {
	via  string          // the local (lower case)
	back *ast.AssignStmt // d = via
}

// calleeCopyOf returns the pattern: d assigned only by one top-level
// d = x, x a local of the callee of d's declared bounds, assigned nowhere
// after it; ok false else.
func calleeCopyOf(callee *sema.Proc, d *sema.Symbol) (calleeCopy, bool) {
	name := strings.ToLower(d.Name)
	var c calleeCopy
	defs := 0
	ast.Inspect(&ast.Unit{Body: callee.Unit.Body}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && baseName(a.Lhs) == name {
			defs++
		}
		return true
	})
	at := -1
	for j, st := range callee.Unit.Body {
		if a, ok := st.(*ast.AssignStmt); ok && isName(a.Lhs, name) {
			if x, ok := a.Rhs.(*ast.Ident); ok {
				at, c = j, calleeCopy{strings.ToLower(x.Name), a}
			}
		}
	}
	if defs != 1 || at < 0 || c.via == name || callee.Scope == nil || assignedNames(callee.Unit.Body[at+1:])[c.via] {
		return c, false
	}
	x := callee.Scope.Lookup(c.via)
	if x == nil || x.Owner != callee.Scope || x.ArgIndex >= 0 || len(x.Dims) != len(d.Dims) || x.Type == nil || !x.Type.IsReal() {
		return c, false
	}
	for k, dm := range d.Dims {
		if !sameBound(dm.Lo.Expr, x.Dims[k].Lo.Expr) || dm.Hi.Expr == nil || !sameBound(dm.Hi.Expr, x.Dims[k].Hi.Expr) {
			return c, false
		}
	}
	return c, true
}

// ownCopy reports whether a is via(e) = name(e), the same subscripts.
func ownCopy(a *ast.AssignStmt, via, name string) bool {
	l, ok1 := a.Lhs.(*ast.CallExpr)
	r, ok2 := a.Rhs.(*ast.CallExpr)
	if !ok1 || !ok2 || !isName(l.Fun, via) || !isName(r.Fun, name) || len(l.Args) != len(r.Args) {
		return false
	}
	for i := range l.Args {
		if !sameBound(l.Args[i], r.Args[i]) {
			return false
		}
	}
	return true
}

// namedIntLit returns the value of id as a literal if it names, in
// scope (the callee's), an integer named constant whose value sema
// computed (a module's n, the bound of a callee's sweep), for the marks
// in the caller's terms.
func namedIntLit(scope *sema.Scope, id *ast.Ident) (ast.Expr, bool) {
	if scope == nil {
		return nil, false
	}
	s := scope.Lookup(strings.ToLower(id.Name))
	if s == nil || s.Kind != sema.ConstSym || s.Value == nil || s.Value.Kind != sema.IntValue || s.Value.Int < 0 {
		return nil, false
	}
	return &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(s.Value.Int, 10)}, true
}
