package restructure

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// arithmeticIfs replaces each arithmetic IF (e) l1, l2, l3 by an IF
// construct whose branches GO TO the labels: IF (e < 0) THEN; GO TO l1;
// ELSE IF (e > 0) THEN; GO TO l3; ELSE; GO TO l2; END IF, one
// comparison when l1 or l3 is l2. The later passes then see the
// forward GO TOs and the IF ... GO TO back of F77 loops they already
// take. With three distinct labels e is evaluated twice, so an e that
// references a function other than an intrinsic (which may have side
// effects) is left alone (reverse mode rejects it at its position).
func (r *rewriter) arithmeticIfs(root *ast.Unit) {
	ast.Apply(root, func(c *ast.Cursor) bool {
		s, ok := c.Node().(*ast.ArithIfStmt)
		if !ok {
			_, expr := c.Node().(ast.Expr)
			return !expr
		}
		if out := r.arithmeticIf(s); out != nil {
			c.Replace(out)
		}
		return false
	}, nil)
}

// arithmeticIf returns the construct replacing s, or nil to keep s.
func (r *rewriter) arithmeticIf(s *ast.ArithIfStmt) ast.Stmt {
	neg, zero, plus := s.Neg.Label, s.Zero.Label, s.Plus.Label
	type branch struct {
		op    token.Kind // comparison of e with 0; 0 for the ELSE
		label *ast.LabelRef
	}
	var bs []branch
	// No test for equality: gfortran warns of it for reals
	// (-Wcompare-reals), and e == 0 is the case left over.
	switch {
	case neg == zero && zero == plus:
		g := &ast.GotoStmt{StmtHeader: s.StmtHeader, Target: s.Neg}
		return g
	case neg == zero:
		bs = []branch{{token.LE, s.Neg}, {0, s.Plus}}
	case zero == plus:
		bs = []branch{{token.LT, s.Neg}, {0, s.Zero}}
	default:
		if r.info == nil || r.callsFunction(s.Expr) {
			return nil
		}
		bs = []branch{{token.LT, s.Neg}, {token.GT, s.Plus}, {0, s.Zero}}
	}
	out := &ast.IfConstruct{StmtHeader: s.StmtHeader, End: ast.EndStmt{Keyword: "if"}}
	e := s.Expr
	for i, b := range bs {
		jump := &ast.GotoStmt{Target: &ast.LabelRef{LabelPos: b.label.LabelPos, Label: b.label.Label}}
		jump.Start = s.Start
		br := &ast.IfBranch{Body: []ast.Stmt{jump}}
		br.Head.Start = s.Start
		if b.op != 0 {
			x := e
			if i > 0 {
				x = r.info.Clone(e)
			}
			zero := &ast.BasicLit{ValuePos: e.Pos(), Kind: token.INT, Value: "0"}
			br.Cond = &ast.BinaryExpr{X: x, OpPos: e.Pos(), Op: b.op, OpLit: b.op.String(), Y: zero}
		}
		out.Branches = append(out.Branches, br)
	}
	return out
}

// callsFunction reports whether e references a procedure other than an
// intrinsic.
func (r *rewriter) callsFunction(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := r.info.Calls[c]; ok && (k.Kind == sema.FunctionCall || k.Kind == sema.CallUnknown) && !k.IsIntrinsic() {
				found = true
			}
		}
		return !found
	})
	return found
}
