package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// CallFunctionArgs hoists the references of user functions with a real
// or complex result out of the actual arguments of CALL statements into
// temporaries assigned just before the call (ALLOCATABLE for an array
// result: the assignment allocates them with its shape)
// (call update(n, u, rho(t, s)*dt) becomes fadj_fa1 = rho(t, s);
// call update(n, u, fadj_fa1*dt)): the differentiators reverse such an
// assignment, and an expression or a temporary passed to a dummy, but
// not a function reference inside an argument. The references are
// hoisted outermost first (a reference in another's arguments stays in
// that one's assignment), left to right, the order in which gfortran
// evaluates them, all before the call as the standard's are; a function
// with side effects on what other arguments are sees the same values.
//
// A labelled CALL gives its label to the first assignment (a GO TO to it
// runs them), unless the label ends a DO loop (DO 10 ..., 10 CALL ...),
// whose last statement the CALL must stay: such a CALL keeps its
// arguments, as one in a DO CONCURRENT or in a procedure with OpenMP
// directives does (a temporary would be shared by the iterations or
// threads). A logical IF whose action is such a CALL becomes an IF
// construct.
func CallFunctionArgs(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			callFunctionArgs(prog.Info, u)
		}
	}
}

func callFunctionArgs(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		callFunctionArgs(info, p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit && u.Kind != ast.ProgramUnit || info.Scopes[u] == nil {
		return
	}
	if hasOmp(u) {
		return
	}
	h := &argHoister{w: newWhereLoops(info, u)}
	u.Body = h.list(u.Body)
}

// argHoister hoists the function references of one procedure's calls.
type argHoister struct {
	w *whereLoops // (its names and declarations)
	n int
}

// list returns list with the calls in it (and in the constructs in it)
// preceded by their hoisted references.
func (h *argHoister) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.CallStmt:
			out = append(out, h.call(s)...)
			continue
		case *ast.IfStmt:
			if c, ok := s.Action.(*ast.CallStmt); ok && !h.w.terms[s.Label] {
				if body := h.call(c); len(body) > 1 {
					n := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: s.Cond, Body: body}}, End: ast.EndStmt{Keyword: "if"}}
					n.StmtHeader = s.StmtHeader
					out = append(out, n)
					continue
				}
			}
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				b.Body = h.list(b.Body)
			}
		case *ast.DoConstruct:
			if len(s.Concurrent) == 0 {
				s.Body = h.list(s.Body)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				c.Body = h.list(c.Body)
			}
		case *ast.BlockConstruct:
			s.Body = h.list(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// call returns the assignments of the hoisted references of s's
// arguments, then s.
func (h *argHoister) call(s *ast.CallStmt) []ast.Stmt {
	if h.w.terms[s.Label] {
		return []ast.Stmt{s} // the end of a DO 10 loop stays its last statement
	}
	var out []ast.Stmt
	for i, a := range s.Args {
		s.Args[i] = h.hoist(a, &out, s)
	}
	if len(out) > 0 {
		// A GO TO to the call runs the assignments too.
		first := out[0].Header()
		first.Doc, first.BlankBefore, s.Doc, s.BlankBefore = s.Doc, s.BlankBefore, nil, false
		first.Label, first.LabelPos, s.Label, s.LabelPos = s.Label, s.LabelPos, 0, source.NoPos
	}
	return append(out, s)
}

// hoist returns x with its outermost qualifying references replaced by
// temporaries, whose assignments it appends to out.
func (h *argHoister) hoist(x ast.Expr, out *[]ast.Stmt, s *ast.CallStmt) ast.Expr {
	replace := func(c *ast.CallExpr) ast.Expr {
		h.n++
		t := h.w.temp("fadj_fa"+strconv.Itoa(h.n), h.w.info.TypeOf(c), h.kindName(c), h.w.info.Rank(c))
		as := &ast.AssignStmt{Lhs: h.w.use(t), Rhs: c}
		as.Start = s.Start
		*out = append(*out, as)
		return h.w.use(t)
	}
	if c, ok := x.(*ast.CallExpr); ok && h.qualifies(c) {
		return replace(c)
	}
	if kw, ok := x.(*ast.KeywordArg); ok {
		kw.Value = h.hoist(kw.Value, out, s)
		return kw
	}
	ast.Apply(x, func(cur *ast.Cursor) bool {
		c, ok := cur.Node().(*ast.CallExpr)
		if !ok || !h.qualifies(c) {
			return true
		}
		cur.Replace(replace(c))
		return false
	}, nil)
	return x
}

// qualifies reports whether c references a user function with a real or
// complex result, not a POINTER.
func (h *argHoister) qualifies(c *ast.CallExpr) bool {
	k, ok := h.w.info.Calls[c]
	if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() || k.Proc == nil || h.w.info.Rank(c) < 0 {
		return false
	}
	if r := k.Proc.Proc; r != nil && r.Result != nil && r.Result.Attrs&sema.AttrPointer != 0 {
		return false // its value may be passed as a pointer
	}
	t := h.w.info.TypeOf(c)
	return t != nil && (t.IsReal() || t.IsComplex()) && t.Kind > 0
}

// kindName returns the named constant of the kind of c's result, as
// its function spells it, if the procedure sees it as the same constant.
func (h *argHoister) kindName(c *ast.CallExpr) *ast.Ident {
	f := h.w.info.Calls[c].Proc
	if f.KindName == nil && f.Proc != nil && f.Proc.Result != nil {
		f = f.Proc.Result
	}
	return h.w.kindIdent(f)
}

// hasOmp reports whether the body of u holds OpenMP directives: a
// temporary or loop index the rewrites add would be shared by the
// threads, and a WORKSHARE takes WHERE constructs but no DO loops.
func hasOmp(u *ast.Unit) bool {
	omp := false
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st != nil {
			for _, c := range st.Header().Doc {
				omp = omp || c.Omp != nil
			}
		}
		return !omp
	})
	return omp
}
