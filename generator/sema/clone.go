package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Clone returns a copy of expression e registered in info as e is: the
// same symbols, calls, types and operators for each node, so that a
// rewrite that needs an expression twice (a statement function's
// argument, both comparisons of an arithmetic IF) keeps it analysed.
func (info *Info) Clone(e ast.Expr) ast.Expr {
	c := ast.Clone(e)
	var from, to []ast.Node
	collect := func(list *[]ast.Node) func(ast.Node) bool {
		return func(n ast.Node) bool {
			if n != nil {
				*list = append(*list, n)
			}
			return true
		}
	}
	ast.Inspect(e, collect(&from))
	ast.Inspect(c, collect(&to))
	for i, n := range from {
		m := to[i]
		switch n := n.(type) {
		case *ast.Ident:
			if s, ok := info.Uses[n]; ok {
				info.Uses[m.(*ast.Ident)] = s
			}
		case *ast.CallExpr:
			if k, ok := info.Calls[n]; ok {
				info.Calls[m.(*ast.CallExpr)] = k
			}
		}
		if ex, ok := n.(ast.Expr); ok {
			if t, ok := info.Types[ex]; ok {
				info.Types[m.(ast.Expr)] = t
			}
			if o, ok := info.Operators[ex]; ok {
				info.Operators[m.(ast.Expr)] = o
			}
		}
	}
	return c
}
