package tangent

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// blockConstruct returns BLOCK construct s with the tangents of its
// statements (a checkpointed region is one, docs/checkpointing.md; the
// tangent has nothing to checkpoint). Package inline moved the
// declarations of a BLOCK into the procedure where it could
// (inline.BlockLocals); one that keeps them would need their tangents
// declared in it: not supported yet when it is active.
func (g *gen) blockConstruct(s *ast.BlockConstruct) ([]ast.Stmt, error) {
	if len(s.Decls) > 0 {
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active BLOCK construct with declarations in tangent mode")
		}
		return []ast.Stmt{s}, nil
	}
	body, err := g.stmts(s.Body)
	if err != nil {
		return nil, err
	}
	n := ast.Copy(s).(*ast.BlockConstruct)
	n.Body = body
	return []ast.Stmt{n}, nil
}
