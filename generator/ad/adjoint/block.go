package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// plainBlock reverses a BLOCK construct the plan does not checkpoint as
// its statements: package inline moved its declarations into the
// procedure (inline.BlockLocals), and the construct's name is only a
// target of EXIT (jumps.go). A label on it (a GO TO target) goes to a
// CONTINUE before the forward sweep's statements, as for a checkpointed
// region.
func (g *gen) plainBlock(s *ast.BlockConstruct) (fwd, bwd []ast.Stmt, err error) {
	if len(s.Decls) > 0 {
		return nil, nil, notSupported("BLOCK construct with declarations in reverse mode (an ALLOCATABLE local with SAVE, a type with EXTENDS, SEQUENCE, BIND(C), an access attribute, type-bound procedures or a component sized by a variable, or a length or kind read from a variable; a BLOCK in a DO CONCURRENT with a locality specifier, a mask reading what its body defines or an index the procedure reads outside it; a BLOCK in an OpenMP parallel construct)")
	}
	fwd, bwd, err = g.stmts(s.Body)
	if err != nil || s.Label == 0 {
		return fwd, bwd, err
	}
	c := &ast.ContinueStmt{}
	c.Label = s.Label
	return append([]ast.Stmt{c}, fwd...), bwd, nil
}
