package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// labelled returns fwd, the forward code of pointer statement s among
// others (saves and pushes before it, its adjoint's association after
// it), with s's label on a CONTINUE before them: a GO TO s runs them
// all. (withLabel, in stmts.go, wants s last.)
func labelled(s ast.Stmt, fwd []ast.Stmt) []ast.Stmt {
	h := s.Header()
	if h.Label == 0 || len(fwd) == 1 {
		return fwd
	}
	c := &ast.ContinueStmt{}
	c.Label = h.Label
	c.Doc = h.Doc
	out := []ast.Stmt{c}
	for _, f := range fwd {
		if f == s {
			n := ast.Copy(s)
			n.Header().Label = 0
			n.Header().Doc = nil
			clearBranchLabel(n) // branch_labels.go
			f = n
		}
		out = append(out, f)
	}
	return out
}
