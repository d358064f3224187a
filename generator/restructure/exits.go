package restructure

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// loopExits turns a GO TO the statement right after a DO loop, from
// inside the loop, into an EXIT of it: F77 solvers leave their iteration
// so (MITgcm's CG2D: IF ( err .LT. tol ) GOTO 11 ... 10 CONTINUE, 11
// CONTINUE), and the fixed-point adjoint needs the EXIT. From inside an
// inner loop the EXIT names the loop (named fadj_do if it has no name).
// Control flow is unchanged; the label stays.
func (r *rewriter) loopExits(list []ast.Stmt) {
	for i, s := range list {
		for _, b := range bodies(s) {
			r.loopExits(b)
		}
		do, ok := s.(*ast.DoConstruct)
		if !ok || i+1 >= len(list) {
			continue
		}
		if l := list[i+1].Header().Label; l != 0 {
			r.exitsTo(do, l)
		}
	}
}

// exitsTo replaces the GO TO l of the body of do by EXITs of it.
func (r *rewriter) exitsTo(do *ast.DoConstruct, l int) {
	depth := 0
	root := &ast.Unit{Body: do.Body}
	ast.Apply(root, func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.DoConstruct:
			depth++
		case *ast.GotoStmt:
			if n.Target.Label != l {
				break
			}
			ex := &ast.ExitStmt{}
			ex.StmtHeader = n.StmtHeader
			if depth > 0 {
				if do.Name == nil {
					do.Name = r.name("fadj_do")
					do.End.Name = ast.NewIdent(do.Name.Name)
				}
				ex.Construct = ast.NewIdent(do.Name.Name)
			}
			c.Replace(ex)
		case ast.Expr:
			return false // (no statement inside an expression)
		}
		return true
	}, func(c *ast.Cursor) bool {
		if _, ok := c.Node().(*ast.DoConstruct); ok {
			depth--
		}
		return true
	})
	do.Body = root.Body
}
