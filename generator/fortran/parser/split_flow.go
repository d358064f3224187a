package parser

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// reach returns which top-level statements of body run when the
// procedure is entered at body[start]: those from start on up to a
// statement after which control does not go on (RETURN, STOP, GO TO,
// arithmetic IF), and, from each label a statement run can jump to, the
// statements from the one that holds that label on. jump reports that
// one of them lies before start.
func reach(body []ast.Stmt, start int) (keep []bool, jump bool) {
	at := map[int]int{} // label -> the top-level statement that holds it
	for i, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 {
				if _, format := st.(*ast.FormatStmt); !format {
					at[st.Header().Label] = i
				}
			}
			_, expr := n.(ast.Expr)
			return !expr
		})
	}
	keep = make([]bool, len(body))
	work := []int{start}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for ; i < len(body) && !keep[i]; i++ {
			keep[i] = true
			if i < start {
				jump = true
			}
			for _, l := range labelRefs(body[i]) {
				if j, ok := at[l]; ok && !keep[j] {
					work = append(work, j)
				}
			}
			if endsFlow(body[i]) {
				break
			}
		}
	}
	return keep, jump
}

// endsFlow reports whether control never goes on to the statement after s.
func endsFlow(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.GotoStmt, *ast.ReturnStmt, *ast.StopStmt, *ast.ArithIfStmt, *ast.AssignedGotoStmt:
		return true
	}
	return false
}

// labelRefs returns the labels s and the statements inside it name:
// jump targets, ASSIGNed labels, ERR=/END= and alternate returns (and
// FORMAT labels, which reach ignores).
func labelRefs(s ast.Stmt) []int {
	var out []int
	refs := func(list ...*ast.LabelRef) {
		for _, l := range list {
			if l != nil {
				out = append(out, l.Label)
			}
		}
	}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GotoStmt:
			refs(n.Target)
		case *ast.ComputedGotoStmt:
			refs(n.Targets...)
		case *ast.AssignedGotoStmt:
			refs(n.Targets...)
		case *ast.ArithIfStmt:
			refs(n.Neg, n.Zero, n.Plus)
		case *ast.LabelAssignStmt:
			refs(n.Target)
		case *ast.LabelRef:
			refs(n)
		case *ast.StarExpr:
			if n.Label != 0 {
				out = append(out, n.Label)
			}
		}
		return true
	})
	return out
}

// freshLabel returns a label that u does not use.
func freshLabel(u *ast.Unit) int {
	used := map[int]bool{}
	ast.Inspect(u, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 {
			used[st.Header().Label] = true
		}
		return true
	})
	l := 99999
	for used[l] {
		l--
	}
	return l
}
