package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// WhereReductions hoists the references of transformational intrinsics
// (sum, maxval, dot_product, matmul, ...) out of WHERE masks and
// assignments into temporaries assigned just before the WHERE:
//
//	where (mask) c = b/sum(b)     becomes     fadj_wr1 = sum(b)
//	                                          where (mask) c = b/fadj_wr1
//
// The standard evaluates a non-elemental function reference in a WHERE
// without masked control (F2018 10.2.3.2), so this is the same
// computation, made where both differentiators take it: reverse mode
// reverses a WHERE of elemental operations only. A reference is hoisted
// when it calls no user function and reads no variable that a part of
// the WHERE evaluated before it assigns (a mask comes after the bodies
// of the branches before it; an assignment's right side before the
// assignment itself, so where (t > 0) t = t/norm2(t) is hoisted). cshift and eoshift stay (reverse mode reverses them in
// place, where_shift.go), as do inquiries (size, lbound). A WHERE that
// ends a labelled DO loop, in DO CONCURRENT or in a procedure with
// OpenMP directives is left alone; a WHERE's own label moves to the
// first temporary's assignment, which a GO TO must run too.
func WhereReductions(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			whereReductions(prog.Info, u)
		}
	}
}

func whereReductions(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		whereReductions(info, p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit || info.Scopes[u] == nil || hasOmp(u) {
		return // (a temporary in a parallel loop would be shared)
	}
	w := newWhereLoops(info, u)
	u.Body = w.hoistReductions(u.Body)
}

// hoistReductions returns list with the transformational references of
// its WHEREs (nested in constructs too) hoisted.
func (w *whereLoops) hoistReductions(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.WhereConstruct:
			// Parts whose references read the assignments before them
			// (where_split.go).
			for _, p := range w.splitWhere(s) {
				out = append(append(out, w.reductionTemps(p)...), p)
			}
			continue
		case *ast.WhereStmt:
			out = append(out, w.reductionTemps(s)...)
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				b.Body = w.hoistReductions(b.Body)
			}
		case *ast.DoConstruct:
			if len(s.Concurrent) == 0 {
				s.Body = w.hoistReductions(s.Body)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				c.Body = w.hoistReductions(c.Body)
			}
		case *ast.BlockConstruct:
			s.Body = w.hoistReductions(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// reductionTemps replaces the hoistable references of WHERE s by
// temporaries and returns their assignments.
func (w *whereLoops) reductionTemps(s ast.Stmt) []ast.Stmt {
	h := s.Header()
	if h == nil || w.terms[h.Label] {
		return nil
	}
	var out []ast.Stmt
	w.hoistIn(s, map[*sema.Symbol]bool{}, &out)
	for _, st := range out {
		st.(*ast.AssignStmt).Start = s.Pos()
	}
	if len(out) > 0 && h.Label != 0 {
		first := out[0].Header()
		first.Label, first.LabelPos = h.Label, h.LabelPos
		h.Label, h.LabelPos = 0, source.NoPos
	}
	return out
}

// hoistIn hoists the references of WHERE s in the order the WHERE
// evaluates its parts: a mask after the bodies of the branches before
// it, an assignment's right side before the assignment. assigned holds
// the variables the assignments before have defined, whose references
// stay.
func (w *whereLoops) hoistIn(s ast.Stmt, assigned map[*sema.Symbol]bool, out *[]ast.Stmt) {
	var branches []*ast.WhereBranch
	switch s := s.(type) {
	case *ast.WhereStmt:
		s.Mask = w.hoistExpr(s.Mask, assigned, out)
		w.hoistAssign(s.Assign, assigned, out)
		return
	case *ast.WhereConstruct:
		branches = s.Branches
	}
	for _, b := range branches {
		if b.Mask != nil {
			b.Mask = w.hoistExpr(b.Mask, assigned, out)
		}
		for _, st := range b.Body {
			switch st := st.(type) {
			case *ast.AssignStmt:
				w.hoistAssign(st, assigned, out)
			case *ast.WhereStmt, *ast.WhereConstruct:
				w.hoistIn(st, assigned, out)
			}
		}
	}
}

// hoistAssign hoists the references of WHERE assignment as, then adds
// its variable to assigned.
func (w *whereLoops) hoistAssign(as *ast.AssignStmt, assigned map[*sema.Symbol]bool, out *[]ast.Stmt) {
	as.Rhs = w.hoistExpr(as.Rhs, assigned, out)
	if c, ok := as.Lhs.(*ast.CallExpr); ok {
		for i, a := range c.Args {
			c.Args[i] = w.hoistExpr(a, assigned, out)
		}
	}
	if b := w.baseOf(as.Lhs); b != nil {
		assigned[b] = true
	}
}

// hoistExpr returns x with its hoistable references replaced by
// temporaries, whose assignments it adds to out.
func (w *whereLoops) hoistExpr(x ast.Expr, assigned map[*sema.Symbol]bool, out *[]ast.Stmt) ast.Expr {
	if x == nil {
		return nil
	}
	holder := &ast.ParenExpr{X: x} // (Apply does not replace its root)
	ast.Apply(holder, func(c *ast.Cursor) bool {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok || !w.hoistable(call, assigned) {
			return true
		}
		w.nred++
		sym := w.temp("fadj_wr"+strconv.Itoa(w.nred), w.info.TypeOf(call), nil, w.info.Rank(call))
		*out = append(*out, &ast.AssignStmt{Lhs: w.use(sym), Rhs: call})
		c.Replace(w.use(sym))
		return false
	}, nil)
	return holder.X
}

// hoistable reports whether call is a reference of a transformational
// intrinsic with a numeric or logical result that reads no variable of
// assigned and calls no user function.
func (w *whereLoops) hoistable(call *ast.CallExpr, assigned map[*sema.Symbol]bool) bool {
	k, ok := w.info.Calls[call]
	if !ok || k.Kind != sema.FunctionCall || !k.IsIntrinsic() || k.Proc == nil {
		return false
	}
	switch k.Proc.Name {
	case "sum", "product", "maxval", "minval", "dot_product", "matmul", "norm2", "count", "any", "all":
	default:
		return false
	}
	if t := w.info.TypeOf(call); t == nil || !(t.IsReal() || t.IsComplex() || t.IsInteger() || t.IsLogical()) || t.Kind <= 0 {
		return false
	}
	ok = true
	ast.Inspect(call, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if c, isCall := w.info.Calls[n]; isCall && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				ok = false
			}
		case *ast.Ident:
			if s := w.info.ObjectOf(n); s != nil && assigned[s] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// baseOf returns the variable at the root of designator x.
func (w *whereLoops) baseOf(x ast.Expr) *sema.Symbol { return baseSymbol(w.info, x) } // (fixedpoint_exit.go)
