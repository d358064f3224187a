package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Elemental procedures. The adjoint f_b of an elemental procedure f is
// declared IMPURE ELEMENTAL (F2008): its dummies are f's scalars and
// their adjoints, so a reference with array arguments (`r = rho(t, s)`,
// `call limit(q, f)`) is reversed by one call of f_b with the same arrays
// and their adjoints, which runs f_b element by element in array element
// order. Each element's f_b records and pops its own tape segment (joint
// reversal), so the order does not matter; IMPURE lets it push on the
// tape and call other adjoints. Split reversal (f_fwd over the elements,
// later f_bwd over them in the same order) would pop the segments in the
// wrong order: it is rejected with array arguments. An active scalar
// variable beside array arguments (`rho(t, s, p)`, `call scale(x, c)`
// with a scalar p or c) gets the elements' adjoints in an array
// temporary of the reference's shape, zeroed before f_b, whose sum is
// added to its adjoint after (elementalScalarAdj). The adjoints of an
// external elemental procedure get an interface block in each adjoint
// calling them (interfaces.go), as an elemental procedure needs an
// explicit interface.

// isElemental reports whether u is declared ELEMENTAL.
func isElemental(u *ast.Unit) bool {
	for _, k := range u.Prefix {
		if k.Name == "elemental" {
			return true
		}
	}
	return false
}

// elementalVersion reports whether the adjoint of version pa is
// IMPURE ELEMENTAL: its procedure is elemental and a module, internal or
// external procedure (whose adjoints' callers get an interface for them:
// elementalInterface).
func elementalVersion(pa *activity.ProcActivity) bool {
	if pa == nil || pa.Unit == nil || !isElemental(pa.Unit) || pa.Proc == nil || pa.Proc.Proc == nil {
		return false
	}
	// The target's own version of an external procedure stays a scalar
	// routine: its callers (the user's code, fadj check's driver) have
	// no interface for it, which an elemental one needs.
	k := pa.Proc.Proc.Kind
	return k == sema.ProcModule || k == sema.ProcInternal || k == sema.ProcExternal && !pa.IsTarget
}

// elementalInterface returns the interface body of generated routine u,
// the adjoint of external elemental procedure c, nil if c is not one:
// its callers need it.
func elementalInterface(c *activity.ProcActivity, u *ast.Unit) *ast.Unit {
	if !elementalVersion(c) || c.Proc.Proc.Kind != sema.ProcExternal {
		return nil
	}
	b := decl.InterfaceBody(u)
	if b != nil {
		b.Prefix = u.Prefix
	}
	return b
}

// elementalScalarArg passes, in CALL c of an elemental subroutine with
// array arguments, the adjoint of scalar a of active dummy ds: an array
// temporary, summed into the adjoint of a variable (elementalScalarAdj)
// or of an expression's operands (elementalExprAdj). It reports false if
// a is not a scalar beside arrays.
func (g *gen) elementalScalarArg(c *activeCall, a ast.Expr, ds *sema.Symbol) (bool, error) {
	arr := g.elementalArray(c.callee, c.args)
	if arr == nil || g.info.Rank(a) > 0 {
		return false, nil
	}
	adj := g.elementalScalarAdj
	if bs := g.baseSym(a); bs == nil || bs.Kind != sema.VarSym || !g.hasAdj(bs) {
		if !g.elementalExprArg(c.callee, c.args, a, ds) { // elemental_expr.go
			return false, nil
		}
		adj = func(a, arr ast.Expr, _ *sema.Symbol) (ast.Expr, []ast.Stmt, []ast.Stmt, error) {
			return g.elementalExprAdj(a, arr)
		}
	}
	tb, pre, post, err := adj(a, arr, ds)
	if err != nil {
		return true, err
	}
	c.bargs = append(c.bargs, tb)
	c.bnames = append(c.bnames, ds.Name+g.suffix)
	c.zeros, c.posts = append(c.zeros, pre...), append(c.posts, post...)
	return true, nil
}

// elementalPrefix returns the prefix keywords IMPURE ELEMENTAL of the
// adjoint of version pa if it is elemental.
func elementalPrefix(pa *activity.ProcActivity) []*ast.Keyword {
	if !elementalVersion(pa) {
		return nil
	}
	u := pa.Unit
	return []*ast.Keyword{{KwPos: u.Pos(), Name: "impure"}, {KwPos: u.Pos(), Name: "elemental"}}
}

// elementalArrayRef checks a reference of procedure callee with actual
// arguments actuals (nil for an absent one): an elemental procedure with
// an array argument must be reversed jointly.
func (g *gen) elementalArrayRef(callee *activity.ProcActivity, fun ast.Expr, actuals []ast.Expr, split bool) error {
	u := callee.Unit
	if !isElemental(u) {
		return nil
	}
	array := false
	for _, a := range actuals {
		array = array || a != nil && g.info.Rank(a) > 0
	}
	if !array {
		return nil
	}
	if split {
		return notSupported("reference of elemental procedure '%s' with array arguments reversed with calls: split", exprString(fun))
	}
	return nil
}

// elementalArray returns the first array among actuals of a reference of
// elemental version callee, or nil if it has none (or is not one).
func (g *gen) elementalArray(callee *activity.ProcActivity, actuals []ast.Expr) ast.Expr {
	if !elementalVersion(callee) {
		return nil
	}
	for _, a := range actuals {
		if a != nil && g.info.Rank(a) > 0 {
			return a
		}
	}
	return nil
}

// elementalScalarAdj returns the adjoint argument for active scalar
// variable a (of dummy ds) beside array arguments of an elemental
// function, arr one of them: an array temporary allocated like arr and
// zeroed (pre); after the call its sum goes to a's adjoint (post).
func (g *gen) elementalScalarAdj(a, arr ast.Expr, ds *sema.Symbol) (tmp ast.Expr, pre, post []ast.Stmt, err error) {
	ar, err := g.adjRef(a)
	if err != nil {
		return nil, nil, nil, err
	}
	if decl.IsDerived(ds.Type) {
		return g.elementalDerivedAdj(a, ar, arr, ds.Type) // elemental_dtype.go
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(ds.Type.Kind)}
	t := g.allocatable("fadj_esum", ts, g.info.Rank(arr))
	if t == nil {
		return nil, nil, nil, notSupported("generated name 'fadj_esum%d' clashes with a name of '%s'", g.nsave, g.pa.Proc.Name)
	}
	pre = []ast.Stmt{decl.AllocateMold(t, ast.Clone(arr)), &ast.AssignStmt{Lhs: ast.NewIdent(t.Name), Rhs: deriv.Const("0", ds.Type)}}
	post = []ast.Stmt{&ast.AssignStmt{Lhs: ar, Rhs: deriv.Add(ast.Clone(ar), deriv.Call("sum", ast.NewIdent(t.Name)))},
		decl.Deallocate(ast.NewIdent(t.Name))}
	return t, pre, post, nil
}
