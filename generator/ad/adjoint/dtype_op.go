package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Defined operators on derived types and functions whose result is of a
// type with ALLOCATABLE components, as modern models write their
// arithmetic (`h = h + 0.01d0*t`, operator(+) => add_field, with
// `real(8), allocatable :: d(:)` in type field). Each such expression is
// hoisted as a function reference with side effects is
// (funcref_hoist.go), operands first:
//
//	forward:  fadj_fv1 = 0.01d0*t; fadj_fv2 = h + fadj_fv1; push h; h = fadj_fv2
//	          push fadj_fv1, fadj_fv2 (components with their allocation)
//	backward: pop fadj_fv2, fadj_fv1; each adjoint a copy of its value, zeroed
//	          fadj_fv2_b%d += h_b%d; h_b%d = 0; pop h (h_b follows)
//	          call add_field_b(h, h_b, fadj_fv1, fadj_fv1_b, fadj_fv2_b)
//	          call scale_field_b(0.01d0, t, t_b, fadj_fv1_b)
//
// The forward sweep keeps the operators (the specific procedure may be
// PRIVATE where the type's generic is not); the backward sweep calls the
// adjoint of the specific procedure sema resolved. A defined assignment
// stays rejected (assign).

// opOperands returns the operands of n when it is an expression with a
// defined operator of a derived-type scalar result whose specific
// procedure (elemental ones too, on scalars) has an adjoint version;
// else nil.
func (g *gen) opOperands(n ast.Node) []ast.Expr {
	var args []ast.Expr
	switch x := n.(type) {
	case *ast.BinaryExpr:
		args = []ast.Expr{x.X, x.Y}
	case *ast.UnaryExpr:
		args = []ast.Expr{x.X}
	default:
		return nil
	}
	x := n.(ast.Expr)
	f := g.info.Operators[x]
	if f == nil || !decl.IsDerived(g.info.TypeOf(x)) || g.info.Rank(x) != 0 || g.pa.CallPattern(x) == nil {
		return nil
	}
	return args
}

// allocDerivedRef reports whether c references a function with an
// adjoint version and a scalar result of a type with ALLOCATABLE
// components: hoisted, its adjoint a temporary allocated with its value.
func (g *gen) allocDerivedRef(c *ast.CallExpr) bool {
	k, ok := g.info.Calls[c]
	t := g.info.TypeOf(c)
	return ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() && decl.IsDerived(t) && g.info.Rank(c) == 0 &&
		len(decl.AllocLeaves(t)) > 0 && g.pa.CallPattern(c) != nil
}

// hoistCall returns x, a reference, or for an expression with a defined
// operator the reference of its specific procedure with the operands as
// arguments (the first dummy takes the left operand).
func (g *gen) hoistCall(x ast.Expr) *ast.CallExpr {
	if c, ok := x.(*ast.CallExpr); ok {
		return c
	}
	f := g.info.Operators[x]
	return &ast.CallExpr{Fun: ast.NewIdent(f.Name), Args: g.opOperands(x)}
}

// hoistValue returns the expression computing hoisted x into its
// temporary: a copy of x the substitution of hoisted references leaves
// as it is (its operands are substituted).
func hoistValue(x ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{X: x.X, Op: x.Op, OpLit: x.OpLit, Y: x.Y}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{Op: x.Op, OpLit: x.OpLit, X: x.X}
	}
	c := x.(*ast.CallExpr)
	return &ast.CallExpr{Fun: c.Fun, Args: c.Args}
}

// derivedPair declares the temporaries name and its adjoint, of derived
// type t.
func (g *gen) derivedPair(name string, t *sema.Type) (val, adj *ast.Ident, err error) {
	for _, n := range []string{name, name + g.suffix} {
		if g.scope.LookupLocal(n) != nil || g.declared[n] {
			return nil, nil, notSupported("generated name '%s' clashes with a name of '%s'", n, g.pa.Proc.Name)
		}
		g.declared[n] = true
		g.decls = append(g.decls, &ast.TypeDecl{Type: decl.DerivedType(t), DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(n)}}})
	}
	return ast.NewIdent(name), ast.NewIdent(name + g.suffix), nil
}

// derivedHoistTemps returns the record of the value of hoisted reference
// r, of derived type t, after its statement (component by component,
// ALLOCATABLE ones with their allocation) and its restoration, which
// leaves its adjoint allocated as the value, zero.
func (g *gen) derivedHoistTemps(r *hoistRef, t *sema.Type) (push, pop []ast.Stmt, err error) {
	push, pop, err = g.recordDerived(ast.NewIdent(r.val.Name), 0, t, tape.Push, false)
	if err != nil {
		return nil, nil, err
	}
	pop = append(pop, &ast.AssignStmt{Lhs: ast.NewIdent(r.adj.Name), Rhs: ast.NewIdent(r.val.Name)})
	return push, append(pop, g.zeroRef(ast.NewIdent(r.adj.Name), t, 0)...), nil
}

// hoistedLhs reverses assignment s once its hoisted references are
// (hoistedAssign), or s without any (stmt): a whole scalar of a type
// with ALLOCATABLE components given a hoisted value, a variable's or a
// passive one by allocDerivedAssign, others by assign.
func (g *gen) hoistedLhs(s *ast.AssignStmt) (fwd, bwd []ast.Stmt, err error) {
	t := g.info.TypeOf(s.Lhs)
	if b := g.baseSym(s.Lhs); b == nil || !g.hasAdj(b) || !decl.IsDerived(t) || len(decl.AllocLeaves(t)) == 0 || g.info.Rank(s.Lhs) != 0 {
		return g.assign(s) // (a passive left side: its records only)
	}
	if r := g.hoistedRef(s.Rhs); r != nil {
		return g.allocDerivedAssign(s, ast.NewIdent(r.adj.Name), t) // dtype_result.go
	}
	if rb := g.baseSym(s.Rhs); rb != nil && g.info.Rank(s.Rhs) == 0 && sameType(g.info.TypeOf(s.Rhs), t) {
		if rb == g.baseSym(s.Lhs) && !g.disjointElements(s.Lhs, s.Rhs) { // dtype_disjoint.go
			return nil, nil, notSupported("assignment of a whole value of type '%s', which has ALLOCATABLE components, from a part of the same variable in reverse mode", t.Derived.Name)
		}
		var rhsB ast.Expr // (nil: a passive right side)
		if g.hasAdj(rb) {
			if rhsB, err = g.adjRef(s.Rhs); err != nil {
				return nil, nil, err
			}
		}
		return g.allocDerivedAssign(s, rhsB, t)
	}
	if !g.pa.ActiveStmt(s) {
		return g.allocDerivedAssign(s, nil, t) // a passive value (field_of([0d0]))
	}
	return g.assign(s)
}

// sameType reports whether a and b are the same derived type.
func sameType(a, b *sema.Type) bool {
	return decl.IsDerived(a) && decl.IsDerived(b) && a.Derived == b.Derived
}

// hoistedPartAdjoint returns the adjoint of the assignment of hoisted
// r to a scalar of derived type t (a variable, or a component of a
// structure constructor) whose adjoint is lhsB: lhsB moved into r's.
func (g *gen) hoistedPartAdjoint(lhsB ast.Expr, r *hoistRef, t *sema.Type) []ast.Stmt {
	return decl.ForLeaves([]ast.Expr{lhsB, ast.NewIdent(r.adj.Name)}, 0, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
		return []ast.Stmt{
			&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
			&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
		}
	})
}

// opLit returns the spelling of the operator of x, a unary or binary
// expression.
func opLit(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return x.OpLit
	case *ast.UnaryExpr:
		return x.OpLit
	}
	return "?"
}

// derivedOperand returns a, an operand of a hoisted expression, when it
// is (in parentheses or not, or as a keyword argument) a reference of a function with an adjoint
// and a scalar derived-type result, without side effects: hoisted too,
// its adjoint a temporary the operator's adjoint increments.
func (g *gen) derivedOperand(a ast.Expr) *ast.CallExpr {
	for {
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
			continue
		}
		p, ok := a.(*ast.ParenExpr)
		if !ok {
			break
		}
		a = p.X
	}
	c, ok := a.(*ast.CallExpr)
	if !ok || !g.derivedFuncRef(c) || g.info.Rank(c) != 0 || g.sideEffects(c) {
		return nil
	}
	return c
}

// nestedDerivedRef reports whether c, a reference with a derived-type
// result, has such a reference as an argument (add(p%v, scale(a, f))):
// both are hoisted, the inner one's adjoint a temporary.
func (g *gen) nestedDerivedRef(c *ast.CallExpr) bool {
	if g.derivedOperand(c) == nil {
		return false
	}
	for _, a := range c.Args {
		if g.derivedOperand(a) != nil {
			return true
		}
	}
	return false
}
