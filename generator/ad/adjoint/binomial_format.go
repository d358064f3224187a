package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// FORMAT statements in a checkpointed loop.
//
// Legacy time loops print diagnostics with labelled FORMATs. A FORMAT
// is not executable, and the forms of the step (advance, record, the
// loop's one plain pass) appear more than once in the routine, where
// its label may not: each form goes without them, and the FORMATs of
// the loop follow its forward sweep once, with their labels, for the
// I/O statements of every form to name.

// loopFormats returns clones of the FORMAT statements of list, at any
// depth, in order.
func loopFormats(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if f, ok := n.(*ast.FormatStmt); ok {
			out = append(out, ast.Clone(ast.Stmt(f)))
		}
		return true
	})
	return out
}

// dropFormats removes the FORMAT statements of list, a copy of a form,
// at any depth.
func dropFormats(list []ast.Stmt) []ast.Stmt {
	out := list[:0]
	for _, st := range list {
		if _, ok := st.(*ast.FormatStmt); ok {
			continue
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = dropFormats(st.Body)
		case *ast.BlockConstruct:
			st.Body = dropFormats(st.Body)
		case *ast.AssociateConstruct:
			st.Body = dropFormats(st.Body)
		case *ast.IfConstruct:
			for _, br := range st.Branches {
				br.Body = dropFormats(br.Body)
			}
		case *ast.SelectCase:
			for _, c := range st.Cases {
				c.Body = dropFormats(c.Body)
			}
		}
		out = append(out, st)
	}
	return out
}
