package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Deferred-length character allocatables (character(len=:),
// allocatable :: mode: a scheme name chosen at run time). Their length
// is part of the allocation the backward sweep restores: it is recorded
// with the bounds, and the restoring ALLOCATE is typed,
//
//	push(len(x))                        pop(fadj_len)
//	                                    if (allocated(x)) then
//	                                      if (len(x) /= fadj_len) deallocate(x)
//	                                    end if
//	                                    allocate(character(len=fadj_len) :: x)
//
// (gfortran rejects an ALLOCATE of such an x without a type-spec).

// deferredLen reports whether v is a character variable of deferred
// length.
func deferredLen(v *sema.Symbol) bool {
	return v != nil && v.Type != nil && v.Type.IsCharacter() && v.Type.Len == sema.LenDeferred
}

// recordLen adds to allocation record r of deferred-length character x
// (variable v) the push of its length (after its values, before its
// bounds), its pop and the deallocation of an x of another length (the
// bounds' pops go before them), and makes r's ALLOCATE typed with it.
func (g *gen) recordLen(r *allocRecord, x ast.Expr, v *sema.Symbol, push tape.Kind) error {
	n, err := g.lenLocal()
	if err != nil {
		return err
	}
	r.push = append(r.push, r.op(push, tape.I4, deriv.Call("len", x), nil))
	other := &ast.BinaryExpr{X: deriv.Call("len", ast.Clone(x)), Op: token.NE, OpLit: "/=", Y: ast.NewIdent(n.Name)}
	r.popBounds = append(r.popBounds, r.op(push.Inverse(), tape.I4, n, nil),
		decl.If(decl.Allocated(ast.Clone(x)), decl.If(other, decl.Deallocate(ast.Clone(x)))))
	a := r.alloc.(*ast.AllocateStmt)
	a.Type = charLenSpec(ast.NewIdent(n.Name), v.Type.Kind)
	return nil
}

// charLenSpec returns the type-spec character(len=n[, kind=k]).
func charLenSpec(n ast.Expr, kind int) *ast.TypeSpec {
	t := &ast.TypeSpec{Kind: ast.Character, Len: n, LenKeyword: true}
	if kind != 1 && kind != 0 {
		t.KindSel, t.KindKeyword = deriv.Int(kind), true
	}
	return t
}

// lenLocal declares (once) the local a recorded length is popped into.
func (g *gen) lenLocal() (*ast.Ident, error) {
	const name = "fadj_len"
	if !g.declared[name] {
		if g.scope.LookupLocal(name) != nil {
			return nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		g.declared[name] = true
		g.decls = append(g.decls, &ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, DColon: true,
			Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}})
	}
	return ast.NewIdent(name), nil
}
