package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Active WHERE.
//
// A WHERE statement or construct evaluates its masks once, then runs its
// assignments in order, each on the elements its mask selects. The forward
// sweep does the same with the masks computed first into logical arrays
// fadj_where<n> (ELSEWHERE's: the elements no earlier mask selected), each
// assignment a WHERE statement on its mask, preceded by the record of its
// left side if the TBR analysis lists it (the whole array or section: the
// elements the mask leaves alone are restored to the values they had); the
// masks go on the bit tape after the construct, one bit per element. The
// backward sweep pops them and runs the assignments' adjoints in reverse order, each adjoint
// statement on an array a WHERE statement on the assignment's mask, so that
// the elements the mask left alone are untouched. A scalar operand of a
// masked assignment (v = a*u) gets the sum of its contributions over the
// selected elements only: sum(..., mask=fadj_where<n>). A nested WHERE is
// reversed the same way where it runs, its masks within its branch's.
//
// Handled: assignments to arrays whose right sides apply only elemental
// operations and intrinsics (a transformational one, like sum(u), reads
// every element whatever the mask, and its adjoint would have to as well;
// a WHERE referencing user elemental functions arrives as DO loops:
// where_elemental.go); masks that call no user function, ELSEWHERE masks
// whose variables the bodies before them do not assign (they are
// evaluated after those bodies; the WHERE's own mask is evaluated first
// anyway).

// whereStmt reverses an active WHERE statement or construct.
func (g *gen) whereStmt(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	return g.whereMasked(s, nil)
}

// whereMasked reverses WHERE s nested in the branch of another whose
// mask is control (nil at the top): its masks are computed where it runs,
// within control.
func (g *gen) whereMasked(s ast.Stmt, control ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	var branches []*ast.WhereBranch
	switch s := s.(type) {
	case *ast.WhereStmt:
		branches = []*ast.WhereBranch{{Mask: s.Mask, Body: []ast.Stmt{s.Assign}}}
	case *ast.WhereConstruct:
		branches = s.Branches
	}
	rank, err := g.checkWhere(branches)
	if err != nil {
		return nil, nil, err
	}
	masks, fwd, err := g.whereMasks(branches, control, rank)
	if err != nil {
		return nil, nil, err
	}
	// The assignments, forward; their adjoints, backward.
	f, bodyBwd, shape, err := g.whereBodies(branches, masks)
	if err != nil {
		return nil, nil, err
	}
	fwd = append(fwd, f...)
	// The masks on the bit tape, one bit per element, and back.
	for _, m := range masks {
		fwd = append(fwd, tapePushArray(tape.Bits, m, tape.Size(m)))
	}
	if shape == nil {
		ast.Inspect(s, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && shape == nil {
				shape = as.Lhs
			}
			return shape == nil
		})
	}
	if shape == nil {
		return nil, nil, notSupported("active WHERE without assignments in reverse mode")
	}
	var dims []ast.Expr
	for i := 1; i <= rank; i++ {
		dims = append(dims, deriv.Call("size", shape, deriv.Int(i)))
	}
	for i := len(masks) - 1; i >= 0; i-- {
		m := masks[i]
		bwd = append(bwd,
			&ast.IfStmt{Cond: deriv.Call("allocated", m), Action: &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{m}}},
			&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: m, Args: dims}}},
			tapePopArray(tape.Bits, m, tape.Size(m)))
	}
	bwd = append(bwd, bodyBwd...)
	if h := s.Header(); h.Label != 0 {
		c := &ast.ContinueStmt{}
		c.Label, c.Doc = h.Label, h.Doc
		fwd = append([]ast.Stmt{c}, fwd...)
	}
	return fwd, bwd, nil
}

// checkWhere rejects the active WHERE branches reverse mode does not
// handle, and returns the rank of their masks.
func (g *gen) checkWhere(branches []*ast.WhereBranch) (rank int, err error) {
	for k, b := range branches {
		if b.Mask != nil {
			if name := g.elementalRef(b.Mask); name != "" {
				return 0, notSupported(whereElementalMsg, name) // where_elemental.go
			}
			if g.callsUser(b.Mask) {
				return 0, notSupported("function reference in the mask of an active WHERE in reverse mode")
			}
			// An ELSEWHERE mask is evaluated after the bodies before it:
			// computing it first is right if they leave it alone.
			ast.Inspect(b.Mask, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && err == nil {
					if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && g.defines(asStmts(branches[:k]), v) {
						err = notSupported("ELSEWHERE mask reading '%s', which the WHERE assigns before, in reverse mode", id.Name)
					}
				}
				return err == nil
			})
			if err != nil {
				return 0, err
			}
			if rank == 0 {
				rank = g.info.Rank(b.Mask)
			}
		}
		for _, st := range b.Body {
			switch st.(type) {
			case *ast.WhereStmt, *ast.WhereConstruct:
				continue // checked when reversed
			}
			as, ok := st.(*ast.AssignStmt)
			if !ok {
				return 0, notSupported("%s in an active WHERE in reverse mode", ast.StmtName(st))
			}
			if g.info.Rank(as.Lhs) == 0 {
				return 0, notSupported("scalar assignment in an active WHERE in reverse mode")
			}
			if name := g.elementalRef(as.Rhs); name != "" {
				return 0, notSupported(whereElementalMsg, name)
			}
			if name, ok := g.whereTransformational(as.Rhs, g.info.Rank(as.Lhs)); ok { // where_shift.go
				return 0, notSupported("'%s' in an active WHERE in reverse mode (fadj moves a reference of a transformational intrinsic out of a WHERE when no assignment of the WHERE before it changes what it reads, and the user functions it calls are elemental)", name)
			}
		}
	}
	if rank == 0 {
		return 0, notSupported("active WHERE without an array mask in reverse mode")
	}
	return rank, nil
}

// whereMasks computes the masks, one per branch, selecting disjoint
// elements (within control, the mask of an enclosing branch, if not nil).
func (g *gen) whereMasks(branches []*ast.WhereBranch, control ast.Expr, rank int) (masks []*ast.Ident, fwd []ast.Stmt, err error) {
	var taken ast.Expr
	for _, b := range branches {
		m := g.allocatable("fadj_where", &ast.TypeSpec{Kind: ast.Logical}, rank)
		if m == nil {
			return nil, nil, notSupported("generated name 'fadj_where%d' clashes with a name of '%s'", g.nsave, g.pa.Proc.Name)
		}
		var rhs ast.Expr
		switch {
		case taken == nil:
			rhs = b.Mask
		case b.Mask == nil:
			rhs = not(taken)
		default:
			rhs = logical(not(taken), token.AND, ".and.", paren(b.Mask))
		}
		if control != nil {
			rhs = logical(control, token.AND, ".and.", paren(rhs))
		}
		fwd = append(fwd, &ast.AssignStmt{Lhs: m, Rhs: rhs})
		if taken == nil {
			taken = m
		} else {
			taken = paren(logical(taken, token.OR, ".or.", m))
		}
		masks = append(masks, m)
	}
	return masks, fwd, nil
}

// whereBodies reverses the branches' assignments under their masks: each
// runs as a WHERE statement forward, and its adjoint statements under the
// same mask backward. shape is an array of the masks' shape.
func (g *gen) whereBodies(branches []*ast.WhereBranch, masks []*ast.Ident) (fwd, bwd []ast.Stmt, shape ast.Expr, err error) {
	for k, b := range branches {
		for _, st := range b.Body {
			as, ok := st.(*ast.AssignStmt)
			if !ok {
				f, bw, err := g.whereMasked(st, masks[k])
				if err != nil {
					return nil, nil, nil, err
				}
				fwd = append(fwd, f...)
				bwd = append(bw, bwd...)
				continue
			}
			if shape == nil {
				shape = as.Lhs
			}
			g.whereShift = masks[k] // where_shift.go
			f, bw, err := g.stmt(as)
			g.whereShift = nil
			if err != nil {
				return nil, nil, nil, err
			}
			for _, x := range f {
				if x == ast.Stmt(as) {
					x = &ast.WhereStmt{Mask: masks[k], Assign: as}
				}
				fwd = append(fwd, x)
			}
			scalars := g.scalarAdjoints(as)
			var mb []ast.Stmt
			for _, x := range bw {
				if unmaskedAdj(x, masks[k]) {
					mb = append(mb, x) // where_shift.go
					continue
				}
				mb = append(mb, g.masked(x, masks[k], scalars))
			}
			bwd = append(mb, bwd...)
		}
	}
	return fwd, bwd, shape, nil
}

// masked returns adjoint statement x of an assignment under mask m: an
// assignment to an array adjoint becomes a WHERE statement on m; one to
// the adjoint of a scalar (scalars: a variable or an array element, as
// printed) sums over the selected elements only; pops and copies to
// temporaries stay as they are.
func (g *gen) masked(x ast.Stmt, m *ast.Ident, scalars map[string]bool) ast.Stmt {
	as, ok := x.(*ast.AssignStmt)
	if !ok {
		return x
	}
	name := strings.ToLower(refName(as.Lhs))
	switch {
	case scalars[ast.Key(as.Lhs)]:
		n := &ast.AssignStmt{Lhs: as.Lhs, Rhs: maskSums(as.Rhs, m)}
		return n
	case strings.HasPrefix(name, "fadj_tmp"):
		return x // the copy of the left side's adjoint, whole
	}
	return &ast.WhereStmt{Mask: m, Assign: as}
}

// maskSums returns x with each sum(t) (the broadcast of a scalar's
// contributions) summed under mask m.
func maskSums(x ast.Expr, m ast.Expr) ast.Expr {
	switch y := x.(type) {
	case *ast.CallExpr:
		if id, ok := y.Fun.(*ast.Ident); ok && id.Lower() == "sum" && len(y.Args) == 1 {
			return &ast.CallExpr{Fun: y.Fun, Args: []ast.Expr{y.Args[0], &ast.KeywordArg{Name: ast.NewIdent("mask"), Value: m}}}
		}
		return y
	case *ast.BinaryExpr:
		n := *y
		n.X, n.Y = maskSums(y.X, m), maskSums(y.Y, m)
		return &n
	case *ast.ParenExpr:
		n := *y
		n.X = maskSums(y.X, m)
		return &n
	case *ast.UnaryExpr:
		n := *y
		n.X = maskSums(y.X, m)
		return &n
	}
	return x
}

// scalarAdjoints returns the adjoints (as printed) of the scalar
// designators with adjoints that assignment as references: variables and
// array elements.
func (g *gen) scalarAdjoints(as *ast.AssignStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(as, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || !g.isDesignatorRef(x) || g.info.Rank(x) != 0 || !g.hasAdj(g.baseSym(x)) {
			return true
		}
		if r, err := g.adjRef(x); err == nil {
			out[ast.Key(r)] = true
		}
		return true
	})
	return out
}

// isDesignatorRef reports whether x is a variable, an array element (or
// section) or a component of one of the body.
func (g *gen) isDesignatorRef(x ast.Expr) bool {
	switch y := x.(type) {
	case *ast.Ident:
		v := g.info.ObjectOf(y)
		return v != nil && v.Kind == sema.VarSym
	case *ast.CallExpr:
		c, ok := g.info.Calls[y]
		return ok && c.Kind == sema.ArrayElement
	case *ast.SelectorExpr:
		return g.isDesignatorRef(y.X) // a component, cells(i)%vol
	}
	return false
}

// transformational returns the name of a function referenced in x that is
// not elemental (a user function, or an intrinsic like sum or matmul).
func (g *gen) transformational(x ast.Expr) (string, bool) {
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		k, ok := g.info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall {
			return true
		}
		if !k.IsIntrinsic() {
			name = exprString(c.Fun)
			return false
		}
		if r, ok := deriv.Lookup(k.Proc.Name); !ok || r.Form != deriv.Elemental {
			if !inquiry(k.Proc.Name) {
				name = exprString(c.Fun)
			}
		}
		return name == ""
	})
	return name, name != ""
}

// inquiry reports whether intrinsic name only inquires about its argument
// (its value does not depend on the elements).
func inquiry(name string) bool {
	switch strings.ToLower(name) {
	case "size", "shape", "lbound", "ubound", "kind", "len", "huge", "tiny", "epsilon", "digits", "precision", "range", "radix":
		return true
	}
	return false
}

func asStmts(branches []*ast.WhereBranch) []ast.Stmt {
	var out []ast.Stmt
	for _, b := range branches {
		out = append(out, b.Body...)
	}
	return out
}

func not(x ast.Expr) ast.Expr {
	return &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: paren(x)}
}

func paren(x ast.Expr) ast.Expr {
	switch x.(type) {
	case *ast.Ident, *ast.ParenExpr, *ast.CallExpr:
		return x
	}
	return &ast.ParenExpr{X: x}
}

func logical(x ast.Expr, op token.Kind, lit string, y ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: x, Op: op, OpLit: lit, Y: y}
}
