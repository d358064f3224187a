package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// A state array the body assigns whole from a copy of itself
// (fixedpoint_mask.go): tnew = t; the interior of tnew updated;
// t = tnew. The elements of tnew the body does not update carry t's own
// values back: φ is the identity there, a parameter of the loop, as if
// the body left them. So the marks of t are those of tnew's assignments
// after the copy: the copy resets them, t = tnew marks nothing.

// copyVia returns the name of x if the recording sweep f defines plain
// state array p only by a top-level t = x after a top-level x = t, x
// declared with the same bounds and not assigned after t = x; "" else.
func (fp *fpCode) copyVia(p *fpPart, f []ast.Stmt) string {
	if p.path != "" || p.rank == 0 {
		return ""
	}
	name := strings.ToLower(p.v.Name)
	defs := 0
	ast.Inspect(&ast.Unit{Body: f}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && baseName(a.Lhs) == name {
			defs++
		}
		return true
	})
	back := -1
	via := ""
	for j, st := range f {
		if a, ok := st.(*ast.AssignStmt); ok && isName(a.Lhs, name) {
			if x, ok := a.Rhs.(*ast.Ident); ok {
				back, via = j, strings.ToLower(x.Name)
			}
		}
	}
	if defs != 1 || back < 0 || via == name || assignedNames(f[back+1:])[via] {
		return ""
	}
	xs := fp.g.scope.Lookup(via)
	if xs == nil || len(xs.Dims) != len(p.v.Dims) {
		return ""
	}
	for k, d := range p.v.Dims {
		if !sameBound(d.Lo.Expr, xs.Dims[k].Lo.Expr) || d.Hi.Expr == nil || !sameBound(d.Hi.Expr, xs.Dims[k].Hi.Expr) {
			return ""
		}
	}
	for i := 0; i < back; i++ {
		if a, ok := f[i].(*ast.AssignStmt); ok && isName(a.Lhs, via) && isName(a.Rhs, name) {
			return via
		}
	}
	if copiesElems(f[:back], via, name) { // fp_copy_elems.go
		p.viaElems = true
		return via
	}
	return ""
}

// isName reports whether x is the name name (lower case).
func isName(x ast.Expr, name string) bool {
	id, ok := x.(*ast.Ident)
	return ok && strings.ToLower(id.Name) == name
}

// sameBound reports whether two declared bounds are written alike (nil:
// the default lower bound 1).
func sameBound(a, b ast.Expr) bool {
	s := func(x ast.Expr) string {
		if x == nil {
			return "1"
		}
		return strings.ToLower(printer.ExprString(x))
	}
	return s(a) == s(b)
}

// viaMark returns markAssigns' statement before assignment a for part p
// defined through copy p.via: the reset before the copy, the mark of an
// assignment to the copy, nothing for others; ok false if p has no copy.
func viaMark(a *ast.AssignStmt, p *fpPart) (m *ast.AssignStmt, ok bool) {
	if p.via == "" {
		return nil, false
	}
	name := strings.ToLower(p.v.Name)
	if baseName(a.Lhs) != p.via {
		return nil, true
	}
	if p.viaElems && ownCopy(a, p.via, name) {
		return elemMark(a, p, "0"), true // fp_copy_elems.go
	}
	if isName(a.Lhs, p.via) && isName(a.Rhs, name) {
		return &ast.AssignStmt{Lhs: ast.NewIdent(p.mark), Rhs: parseExpr("0")}, true
	}
	path, subs, okp := lhsPath(a.Lhs)
	if !okp || path != "" {
		return &ast.AssignStmt{Lhs: ast.NewIdent(p.mark), Rhs: parseExpr("1")}, true // (taken as all)
	}
	var lhs ast.Expr = ast.NewIdent(p.mark)
	if subs != nil {
		args := make([]ast.Expr, len(subs))
		for i, s := range subs {
			args[i] = ast.Clone(s)
		}
		lhs = &ast.CallExpr{Fun: lhs, Args: args}
	}
	return &ast.AssignStmt{Lhs: lhs, Rhs: parseExpr("1")}, true
}
