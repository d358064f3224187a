package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Dummy procedures bound to intrinsics. Old quadrature and root-finding
// codes take the integrand as a dummy function, and their callers pass
// intrinsics as often as functions of their own (INTRINSIC DSIN, then
// CALL QUAD(DSIN, A, B, N, R)). SpecializeDummyProcedures copies such a
// procedure per intrinsic passed (QUAD_DSIN), and in the copy the dummy's
// references name the intrinsic itself (R = F(A) is R = DSIN(A), with
// INTRINSIC DSIN declared), so that the derivative of the copy uses the
// intrinsic's derivative. The dummy stays in the copy's arguments, and
// the generated code calls the user's QUAD where it runs the primal
// (RespellClones). Only function intrinsics passed to a dummy function.

// intrinsicActual returns the name of the intrinsic function sym, an
// actual argument for dummy procedure d, and whether it is one.
func intrinsicActual(sym, d *Symbol) (string, bool) {
	if sym == nil || sym.Kind != ProcSym || sym.Proc == nil || sym.Proc.Kind != ProcIntrinsic || d.Proc.Form == FormSubroutine {
		return "", false
	}
	return strings.ToLower(sym.Name), true
}

// refersTo reports whether the body of u references name (lower case):
// a call of the dummy, or the dummy passed on.
func refersTo(u *ast.Unit, name string) bool {
	found := false
	for _, st := range u.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Lower() == name {
				found = true
			}
			return !found
		})
	}
	return found
}

// bindIntrinsics renames, in u (a copy of p for a call with arguments
// args), the references of each dummy procedure of p bound to an
// intrinsic to that intrinsic, declared INTRINSIC.
func (c *cloner) bindIntrinsics(p *Symbol, u *ast.Unit, args []ast.Expr) {
	for _, d := range p.Proc.Args {
		if d == nil || d.Kind != ProcSym || d.Proc == nil || d.Proc.Kind != ProcDummy {
			continue
		}
		id, ok := actualOf(d, args).(*ast.Ident)
		if !ok {
			continue
		}
		name, ok := intrinsicActual(c.info.Uses[id], d)
		if !ok {
			continue
		}
		for _, st := range u.Body {
			ast.Inspect(st, func(n ast.Node) bool {
				if r, ok := n.(*ast.Ident); ok && r.Lower() == d.Name {
					r.Name = strings.ToUpper(name)
				}
				return true
			})
		}
		decl := &ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrIntrinsic}, Entities: []*ast.Entity{{Name: &ast.Ident{Name: strings.ToUpper(name)}}}}
		u.Decls = insertAfterImplicit(u.Decls, decl)
	}
}

// insertAfterImplicit returns decls with st after its USE, IMPORT and
// IMPLICIT statements (before any statement function or DATA).
func insertAfterImplicit(decls []ast.Stmt, st ast.Stmt) []ast.Stmt {
	at := 0
	for i, d := range decls {
		switch d.(type) {
		case *ast.UseStmt, *ast.ImportStmt, *ast.ImplicitStmt:
			at = i + 1
		}
	}
	out := append([]ast.Stmt{}, decls[:at]...)
	out = append(out, st)
	return append(out, decls[at:]...)
}
