package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// clearBranchLabel clears, in s (a copy whose label was just cleared), the
// label the first branch of an IF or WHERE construct repeats (the
// parser's Branches[0].Head): the printer prints it for a construct whose
// own label is cleared, so that the label moved onto a CONTINUE (or
// dropped from a copy of a checkpointed step) appeared twice. The branch
// is copied: s may be a shallow copy (ast.Copy) sharing the original's.
func clearBranchLabel(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.IfConstruct:
		if len(s.Branches) > 0 && s.Branches[0].Head.Label != 0 {
			b := *s.Branches[0]
			b.Head.Label = 0
			s.Branches = append([]*ast.IfBranch{&b}, s.Branches[1:]...)
		}
	case *ast.WhereConstruct:
		if len(s.Branches) > 0 && s.Branches[0].Head.Label != 0 {
			b := *s.Branches[0]
			b.Head.Label = 0
			s.Branches = append([]*ast.WhereBranch{&b}, s.Branches[1:]...)
		}
	}
}
