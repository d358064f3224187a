package tangent

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// mergeTangent returns the tangent of s = merge(a, b, mask), s of
// derived type and a and b variables or structure constructors (ok):
// IF (mask) the tangent of s = a, ELSE that of s = b, before the
// assignment as other tangents (the mask, free of function references,
// reads the values the assignment reads).
func (g *gen) mergeTangent(s *ast.AssignStmt) (out []ast.Stmt, ok bool, err error) {
	m, ok, err := decl.DerivedMerge(g.info, s.Rhs, func(x ast.Expr) bool { return g.baseSym(x) != nil })
	if !ok || err != nil {
		return nil, ok, err
	}
	var branches [2][]ast.Stmt
	for i, v := range []ast.Expr{m.A, m.B} {
		if branches[i], err = g.derivedAssign(&ast.AssignStmt{Lhs: s.Lhs, Rhs: v}); err != nil {
			return nil, true, err
		}
	}
	return []ast.Stmt{decl.IfElse(ast.Clone(g.replace(m.Mask)), branches[0], branches[1])}, true, nil
}

// selfStructTangent returns the tangent of lhs = x, a structure
// constructor of derived type t that reads lhs (v = vec(v%y, 2*v%x)):
// the components' tangents go into a temporary first, which lhsD then
// takes whole, so none reads a component already set.
func (g *gen) selfStructTangent(lhsD ast.Expr, x *ast.CallExpr, t *sema.Type) ([]ast.Stmt, error) {
	var tmp *ast.Ident
	for {
		g.ntmp++
		name := "fadj_tmp" + strconv.Itoa(g.ntmp) + g.suffix
		if g.scope.LookupLocal(strings.ToLower(name)) == nil {
			tmp = ast.NewIdent(name)
			g.tmpDecls = append(g.tmpDecls, &ast.TypeDecl{Type: decl.DerivedType(t), DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}})
			break
		}
	}
	out, err := g.structTangent(tmp, x, t)
	if err != nil {
		return nil, err
	}
	return append(out, &ast.AssignStmt{Lhs: lhsD, Rhs: ast.NewIdent(tmp.Name)}), nil
}
