package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// AliasedArguments gives a copy of its value to the dummy a callee only
// reads, where a CALL passes one array to two dummies and the callee
// defines the other: Numerical Recipes' rkdumb steps its state in place
// with call rk4(v, dv, nvar, x, h, v, derivs), rk4 reading y and writing
// yout. The adjoint assumes the arguments distinct (it rejects such a
// call); with fadj_al1 = v; call rk4(fadj_al1, dv, nvar, x, h, v, derivs)
// they are. The copy changes nothing when the callee reads no element of
// y after it wrote that element of yout, which AliasedArguments checks
// on the callee's form (safeAlias): its only definition of yout is
// yout(i) = e in a DO loop over i at the top level of its body, e reads
// y only as y(i), no statement after the loop reads y, and nothing jumps.
func AliasedArguments(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			aliasedArgs(prog.Info, u)
		}
	}
}

func aliasedArgs(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		aliasedArgs(info, p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit && u.Kind != ast.ProgramUnit || info.Scopes[u] == nil || hasOmp(u) {
		return
	}
	c := &aliasCopier{w: newWhereLoops(info, u)}
	u.Body = c.list(u.Body)
}

type aliasCopier struct {
	w *whereLoops
}

// list returns list with a copy before each call that needs one (in the
// constructs in it too).
func (c *aliasCopier) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.CallStmt:
			out = append(out, c.call(s)...)
			continue
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				b.Body = c.list(b.Body)
			}
		case *ast.DoConstruct:
			if len(s.Concurrent) == 0 {
				s.Body = c.list(s.Body)
			}
		case *ast.SelectCase:
			for _, k := range s.Cases {
				k.Body = c.list(k.Body)
			}
		case *ast.BlockConstruct:
			s.Body = c.list(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// call returns s, preceded by the copy of an argument passed twice if
// the callee allows it (see AliasedArguments).
func (c *aliasCopier) call(s *ast.CallStmt) []ast.Stmt {
	info := c.w.info
	p := info.CallStmts[s].Proc
	if c.w.terms[s.Label] || p == nil || p.Proc == nil || p.Proc.Unit == nil || len(s.Args) != len(p.Proc.Args) {
		return []ast.Stmt{s}
	}
	for i, a := range s.Args {
		v := aliasVar(info, a)
		if v == nil {
			continue
		}
		for j := range s.Args {
			if j == i || aliasVar(info, s.Args[j]) != v {
				continue
			}
			// Dummy i only read, dummy j defined as safeAlias allows.
			if !safeAlias(info, p.Proc.Unit, p.Proc.Args[i], p.Proc.Args[j]) {
				continue
			}
			t := c.w.temp("fadj_al", v.Type, c.w.kindIdent(v), v.Rank())
			cp := &ast.AssignStmt{Lhs: c.w.use(t), Rhs: c.w.use(v)}
			cp.Start = s.Start
			s.Args[i] = c.w.use(t)
			// A GO TO to the call runs the copy too.
			h := cp.Header()
			h.Doc, h.BlankBefore, s.Doc, s.BlankBefore = s.Doc, s.BlankBefore, nil, false
			h.Label, h.LabelPos, s.Label, s.LabelPos = s.Label, s.LabelPos, 0, source.NoPos
			return []ast.Stmt{cp, s}
		}
	}
	return []ast.Stmt{s}
}

// aliasVar returns the variable actual argument a names whole, if it is
// a real array the copy can be assigned from (not assumed-size, not a
// pointer), else nil.
func aliasVar(info *sema.Info, a ast.Expr) *sema.Symbol {
	id, ok := a.(*ast.Ident)
	if !ok {
		return nil
	}
	v := info.ObjectOf(id)
	if v == nil || v.Kind != sema.VarSym || v.Type == nil || !v.Type.IsReal() || v.Rank() == 0 || v.Attrs.Has(sema.AttrPointer) {
		return nil
	}
	for _, d := range v.Dims {
		if d.Kind == sema.AssumedSize {
			return nil
		}
	}
	return v
}

// safeAlias reports whether callee u, given one array as its dummies r
// and o, behaves as if r were a copy (see AliasedArguments).
func safeAlias(info *sema.Info, u *ast.Unit, r, o *sema.Symbol) bool {
	if r == nil || o == nil || r == o || r.Kind != sema.VarSym || o.Kind != sema.VarSym || r.Rank() != 1 || o.Rank() != 1 {
		return false
	}
	refs := func(n ast.Node, s *sema.Symbol) int {
		k := 0
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.ObjectOf(id) == s {
				k++
			}
			return true
		})
		return k
	}
	jumps := false
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			jumps = true
		}
		return !jumps
	})
	if jumps || refs(&ast.Unit{Body: u.Body}, o) != 1 {
		return false
	}
	loop := -1
	for k, s := range u.Body {
		if refs(s, o) == 1 {
			loop = k
		}
	}
	do, ok := u.Body[loop].(*ast.DoConstruct)
	if !ok || do.Var == nil || do.While != nil || len(do.Concurrent) > 0 {
		return false
	}
	iv := info.ObjectOf(do.Var)
	var def *ast.AssignStmt
	for _, s := range do.Body {
		if as, ok := s.(*ast.AssignStmt); ok && refs(as.Lhs, o) == 1 {
			def = as
		} else if refs(s, r) > 0 || refs(s, o) > 0 {
			return false // another statement of the loop reads r
		}
	}
	if def == nil || !elementAt(info, def.Lhs, o, iv) {
		return false
	}
	// The loop's definition reads r only as r(i).
	ok = true
	ast.Inspect(def.Rhs, func(n ast.Node) bool {
		if x, isCall := n.(*ast.CallExpr); isCall && elementAt(info, x, r, iv) {
			return false
		}
		if id, isID := n.(*ast.Ident); isID && info.ObjectOf(id) == r {
			ok = false
		}
		return ok
	})
	if !ok || refs(def.Lhs, r) > 0 {
		return false
	}
	// Before the loop r is only read; after it, not referenced.
	for k, s := range u.Body {
		switch {
		case k > loop && refs(s, r) > 0:
			return false
		case k < loop && definesVar(info, s, r):
			return false
		}
	}
	return true
}

// elementAt reports whether x is v(i) with i the variable iv.
func elementAt(info *sema.Info, x ast.Expr, v, iv *sema.Symbol) bool {
	c, ok := x.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	f, ok := c.Fun.(*ast.Ident)
	i, ok2 := c.Args[0].(*ast.Ident)
	return ok && ok2 && info.ObjectOf(f) == v && info.ObjectOf(i) == iv
}

// definesVar reports whether statement s may define (part of) v: an
// assignment to it, an actual argument of a call or of a function
// reference, a READ item, a DO variable.
func definesVar(info *sema.Info, s ast.Stmt, v *sema.Symbol) bool {
	base := func(x ast.Expr) bool {
		for {
			switch y := x.(type) {
			case *ast.Ident:
				return info.ObjectOf(y) == v
			case *ast.CallExpr:
				x = y.Fun
			case *ast.SelectorExpr:
				x = y.X
			case *ast.KeywordArg:
				x = y.Value
			default:
				return false
			}
		}
	}
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || base(n.Lhs)
		case *ast.CallStmt:
			for _, a := range n.Args {
				found = found || base(a)
			}
		case *ast.CallExpr:
			if k, ok := info.Calls[n]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				for _, a := range n.Args {
					found = found || base(a)
				}
			}
		case *ast.IOStmt:
			found = found || n.Keyword == "read"
		case *ast.DoConstruct:
			found = found || (n.Var != nil && base(n.Var))
		}
		return !found
	})
	return found
}
