package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Character globals around calls.
//
// A callee reversed jointly runs again in the backward sweep, and a split
// one's backward sweep reads what its forward sweep saw: a character
// module variable it reads (a mode, a scheme name) must then have the
// value it had at the call, and one it writes must get back the value the
// caller's backward sweep expects. The runtime has no character stack, so
// a character scalar is saved as its character codes on the integer stack
// of the kind asked (tape or snapshot), one at a time:
//
//	do fadj_i1 = 1, len(s)
//	  call fadj_push_i4(ichar(s(fadj_i1:fadj_i1)))
//	end do
//
// and restored in the reverse order, through an integer temporary.

// isCharScalar reports whether v is a character scalar (of any length).
func isCharScalar(v *sema.Symbol) bool {
	return v != nil && v.Type != nil && v.Type.IsCharacter() && v.Rank() == 0
}

// charSaves returns the loops saving character scalar ref on the stack of
// kind (Push or SnapPush), and those restoring it.
func (g *gen) charSaves(ref ast.Expr, kind tape.Kind) (push, pop []ast.Stmt) {
	k := g.newIndex()
	code := g.newIndex()
	sub := func() ast.Expr {
		i := ast.NewIdent(k.Name)
		return &ast.CallExpr{Fun: ast.Clone(ref), Args: []ast.Expr{&ast.RangeExpr{Lo: i, Hi: ast.NewIdent(k.Name)}}}
	}
	length := func() ast.Expr { return deriv.Call("len", ast.Clone(ref)) }
	save := tape.Op{Kind: kind, Type: tape.I4, Ref: deriv.Call("ichar", sub())}
	restore := tape.Op{Kind: kind, Type: tape.I4, Ref: ast.NewIdent(code.Name)}.Inverse()
	push = []ast.Stmt{&ast.DoConstruct{Var: k, Start: deriv.Int(1), Stop: length(),
		Body: []ast.Stmt{tape.Lower(save)}, End: ast.EndStmt{Keyword: "do"}}}
	pop = []ast.Stmt{&ast.DoConstruct{Var: ast.NewIdent(k.Name), Start: length(), Stop: deriv.Int(1), Step: deriv.Int(-1),
		Body: []ast.Stmt{tape.Lower(restore), &ast.AssignStmt{Lhs: sub(), Rhs: deriv.Call("char", ast.NewIdent(code.Name))}},
		End:  ast.EndStmt{Keyword: "do"}}}
	return push, pop
}
