package decl

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// ReadItemZeros returns, in item order, the statements leaf gives for
// each item of a READ (the zeroing of its derivative), those of the
// items of an implied DO inside a DO nest with the same variable and
// bounds: (a(i), i = 1, n) zeroes a(1:n) element by element, not a. Both
// modes zero what a READ defines this way.
func ReadItemZeros(items []ast.Expr, leaf func(x ast.Expr) ([]ast.Stmt, error)) ([]ast.Stmt, error) {
	var out []ast.Stmt
	for _, x := range items {
		d, ok := x.(*ast.ImpliedDo)
		if !ok {
			z, err := leaf(x)
			if err != nil {
				return nil, err
			}
			out = append(out, z...)
			continue
		}
		body, err := ReadItemZeros(d.Items, leaf)
		if err != nil {
			return nil, err
		}
		if len(body) > 0 {
			out = append(out, &ast.DoConstruct{Var: ast.NewIdent(d.Var.Name), Start: d.Start, Stop: d.Stop, Step: d.Step,
				Body: body, End: ast.EndStmt{Keyword: "do"}})
		}
	}
	return out, nil
}
