package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type assignments whose adjoint needs a temporary of the type:
// between parts of one variable (s(1) = s(2), s(i) = s(j), whose
// adjoints may be one at run time).

// derivedTemp declares a new local of derived type t and rank rank (an
// allocatable array, allocated by its first assignment, if rank > 0).
func (g *gen) derivedTemp(t *sema.Type, rank int) (*ast.Ident, error) {
	g.ntmp++
	name := "fadj_tmp" + strconv.Itoa(g.ntmp) + g.suffix
	if g.scope.LookupLocal(name) != nil || g.declared[name] {
		return nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
	}
	g.declared[name] = true
	e := &ast.Entity{Name: ast.NewIdent(name)}
	d := &ast.TypeDecl{Type: decl.DerivedType(t), DColon: true, Entities: []*ast.Entity{e}}
	if rank > 0 {
		for i := 0; i < rank; i++ {
			e.Dims = append(e.Dims, &ast.Dim{Colon: true})
		}
		d.Attrs = []*ast.Attr{{Kind: ast.AttrAllocatable}}
	}
	g.decls = append(g.decls, d)
	return ast.NewIdent(name), nil
}

// partsAssignAdjoint returns the adjoint of an assignment of rhs to lhs,
// parts of one derived-type variable of type t and rank rank, whose
// adjoints lhsB and rhsB may be the same at run time: lhsB moved into a
// temporary and zeroed before the increments of rhsB.
func (g *gen) partsAssignAdjoint(lhsB, rhsB ast.Expr, t *sema.Type, rank int) ([]ast.Stmt, error) {
	if rank > 0 && decl.HasArrayPart(t.Derived) {
		return nil, notSupported("derived-type assignment between array parts of one variable, of a type with array components, in reverse mode")
	}
	tmp, err := g.derivedTemp(t, rank)
	if err != nil {
		return nil, err
	}
	out := []ast.Stmt{&ast.AssignStmt{Lhs: tmp, Rhs: ast.Clone(lhsB)}}
	out = append(out, g.zeroRef(ast.Clone(lhsB), t, rank)...)
	return append(out, decl.ForLeaves([]ast.Expr{rhsB, tmp}, rank, t.Derived, g.newIndex, func(l []ast.Expr, _ *sema.Type) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: l[0], Rhs: deriv.Add(ast.Clone(l[0]), l[1])}}
	})...), nil
}

// broadcastAdjoint returns the adjoint of an assignment of a scalar
// rhs of derived type t to lhs, an array of rank rank (u = q, u(2:n) =
// u(1)): each component of rhsB incremented by the sum of lhsB's, then
// lhsB zeroed. same says both are parts of one variable.
func (g *gen) broadcastAdjoint(lhsB, rhsB ast.Expr, t *sema.Type, rank int, same bool) ([]ast.Stmt, error) {
	if same || decl.HasArrayPart(t.Derived) {
		return nil, notSupported("derived-type assignment of a scalar to an array of its own variable or of a type with array components in reverse mode")
	}
	return decl.ForLeaves([]ast.Expr{lhsB, rhsB}, rank, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
		return []ast.Stmt{
			&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), deriv.Call("sum", ast.Clone(l[0])))},
			&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
		}
	}), nil
}

// selfStructAdjoint returns the adjoint of lhs = x, a structure
// constructor of derived type t that reads lhs (v = vec(v%y, 2*v%x)),
// lhsB the adjoint of the scalar lhs: lhsB moved into a temporary and
// zeroed, then the increments by the temporary's components.
func (g *gen) selfStructAdjoint(lhsB ast.Expr, x *ast.CallExpr, t *sema.Type) ([]ast.Stmt, error) {
	tmp, err := g.derivedTemp(t, 0)
	if err != nil {
		return nil, err
	}
	out := []ast.Stmt{&ast.AssignStmt{Lhs: tmp, Rhs: ast.Clone(lhsB)}}
	out = append(out, g.zeroRef(ast.Clone(lhsB), t, 0)...)
	incs, err := g.structAdjoint(ast.NewIdent(tmp.Name), x, t)
	return append(out, incs...), err
}
