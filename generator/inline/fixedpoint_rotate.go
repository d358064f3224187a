package inline

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// fixedPointRotate moves an exit in the middle of fixed-point loop d's
// body to its end, as solvers with under-relaxation write it (the test
// on the new iterate, the relaxation after it):
//
//	do                                   A
//	  A          (x = g(x); res = ...)    if (.not. (c)) then
//	  if (c) exit                           do
//	  B          (x = relax*x + ...)          B
//	end do                                    A
//	                                          if (c) exit
//	                                        end do
//	                                      end if
//
// The rotated code runs the same statements in the same order; the loop
// is then φ = A∘B with its exit between two complete iterations, as the
// fixed-point adjoint needs (generator/analysis/fixedpoint), and A's
// first run is plain code before it. A counted DO (do it = s, e) runs
// its first A when s <= e, counts from s + 1, and runs B once more
// after a count run to its end (countedRotates says when that is
// exact). The loop has no label but its terminal CONTINUE's, and A (B
// for a counted DO) no labels but those of DO terminals, construct
// names, jumps or CALLs: it appears twice, and the call sites of the
// plan are statements (fixedpoint_rotate_f77.go; a DO WHILE:
// fixedpoint_rotate_while.go). Anything else is left for the analysis
// to report at the EXIT.
func fixedPointRotate(info *sema.Info, d *ast.DoConstruct) {
	if d.While != nil {
		fixedPointRotateWhile(info, d) // fixedpoint_rotate_while.go
		return
	}
	body, ok := termContinue(d) // fixedpoint_rotate_f77.go
	if d.Concurrent != nil || !ok || d.Label != 0 {
		return
	}
	i := midExit(d)
	if i <= 0 || i >= len(body)-1 {
		return
	}
	if !peelableF77(body[:i]) {
		fixedPointRotateFlag(info, d, body, i) // fixedpoint_rotate_flag.go
		return
	}
	a, test, b := body[:i], body[i], body[i+1:]
	if d.Var != nil && !countedRotates(info, d, b) {
		return
	}
	list := parentList(info, d)
	if list == nil {
		return
	}
	d.Body, d.TermLabel = body, 0
	cond := exitCond(test)
	peeled := clones(info, a)
	unlabelTerms(peeled)
	renameConstructs(peeled)
	inner := []ast.Stmt{d}
	if d.Var != nil {
		// The last B of a count run to its end, after the loop.
		last := &ast.IfStmt{Cond: &ast.BinaryExpr{X: info.Clone(d.Var), Op: token.GT, OpLit: ">", Y: info.Clone(d.Stop)}}
		if len(b) == 1 {
			if _, ok := b[0].(*ast.AssignStmt); ok {
				last.Action = clones(info, b)[0]
				inner = append(inner, last)
			}
		}
		if last.Action == nil {
			again := clones(info, b)
			unlabelTerms(again)
			inner = append(inner, &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: last.Cond, Body: again}}, End: ast.EndStmt{Keyword: "if"}})
		}
	}
	guard := &ast.IfConstruct{Branches: []*ast.IfBranch{{
		Cond: &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: &ast.ParenExpr{X: info.Clone(cond)}},
		Body: inner,
	}}, End: ast.EndStmt{Keyword: "if"}}
	guard.StmtHeader.Start = d.StmtHeader.Start
	var pre []ast.Stmt
	if d.Var != nil {
		// it = s; if (it <= e) then; A; if (.not. c) then; do it = s + 1, e ...
		start := info.Clone(d.Start)
		pre = []ast.Stmt{&ast.AssignStmt{Lhs: info.Clone(d.Var), Rhs: start}}
		run := &ast.IfConstruct{Branches: []*ast.IfBranch{{
			Cond: &ast.BinaryExpr{X: info.Clone(d.Var), Op: token.LE, OpLit: "<=", Y: info.Clone(d.Stop)},
			Body: append(peeled, guard),
		}}, End: ast.EndStmt{Keyword: "if"}}
		run.StmtHeader.Start = d.StmtHeader.Start
		d.Start = plusOne(info, d.Start)
		pre = append(pre, run)
	} else {
		pre = append(peeled, guard)
	}
	pre[0].Header().Doc, d.Doc = d.Doc, nil
	d.Body = append(append(append([]ast.Stmt{}, b...), a...), test)
	for k, s := range *list {
		if s == ast.Stmt(d) {
			out := append(append([]ast.Stmt{}, (*list)[:k]...), pre...)
			*list = append(out, (*list)[k+1:]...)
			return
		}
	}
}

func clones(info *sema.Info, list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	for k, s := range list {
		out[k] = cloneStmt(info, s)
	}
	return out
}

// countedRotates reports whether counted DO d, its body ending with b
// after the exit, rotates exactly: step 1, bounds of literals and
// variables the body does not define (they are evaluated again), b
// (run once more after a count run to its end) peelable and not
// reading the control variable (each B runs one count later).
func countedRotates(info *sema.Info, d *ast.DoConstruct, b []ast.Stmt) bool {
	if d.Step != nil || !peelableF77(b) {
		return false
	}
	bounds := map[*sema.Symbol]bool{}
	simple := true
	for _, e := range []ast.Expr{d.Start, d.Stop} {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if s := info.ObjectOf(n); s != nil {
					bounds[s] = true
				} else {
					simple = false
				}
			case nil, *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr, *ast.UnaryExpr:
			default:
				simple = false
			}
			return simple
		})
	}
	if !simple {
		return false
	}
	ok := true
	ast.Inspect(&ast.Unit{Body: d.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			ok = ok && !bounds[baseSymbol(info, n.Lhs)]
		case *ast.DoConstruct:
			ok = ok && (n.Var == nil || !bounds[info.ObjectOf(n.Var)])
		case *ast.IOStmt, *ast.AllocateStmt:
			ok = false
		}
		return ok
	})
	v := info.ObjectOf(d.Var)
	ast.Inspect(&ast.Unit{Body: b}, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && info.ObjectOf(id) == v {
			ok = false
		}
		return ok
	})
	return ok && v != nil
}

// midExit returns the index of the one top-level IF (c) EXIT of d in
// its body (-1 if none, or if another statement leaves d).
func midExit(d *ast.DoConstruct) int {
	at := -1
	for k, s := range d.Body {
		if exitCond(s) != nil && exitsD(s, d) {
			if at >= 0 {
				return -1
			}
			at = k
		}
	}
	return at
}

// exitCond returns c of IF (c) EXIT or of an IF construct of one branch
// holding only EXIT, else nil.
func exitCond(s ast.Stmt) ast.Expr {
	switch s := s.(type) {
	case *ast.IfStmt:
		if _, ok := s.Action.(*ast.ExitStmt); ok && s.Label == 0 {
			return s.Cond
		}
	case *ast.IfConstruct:
		if len(s.Branches) == 1 && s.Branches[0].Cond != nil && len(s.Branches[0].Body) == 1 && s.Label == 0 && s.Name == nil {
			if e, ok := s.Branches[0].Body[0].(*ast.ExitStmt); ok && e.Label == 0 {
				return s.Branches[0].Cond
			}
		}
	}
	return nil
}

// exitsD reports whether the EXIT of exit test s leaves d.
func exitsD(s ast.Stmt, d *ast.DoConstruct) bool {
	var e *ast.ExitStmt
	switch s := s.(type) {
	case *ast.IfStmt:
		e = s.Action.(*ast.ExitStmt)
	case *ast.IfConstruct:
		e = s.Branches[0].Body[0].(*ast.ExitStmt)
	}
	return e.Construct == nil || d.Name != nil && strings.EqualFold(e.Construct.Name, d.Name.Name)
}

// peelable reports whether list can appear twice in the routine: no
// labels, jumps out of it, CALLs or FORMATs in it; the names of its DO
// constructs are renamed in the copy (renameConstructs), and an EXIT or
// CYCLE may leave only those.
func peelable(list []ast.Stmt) bool {
	ok := true
	var walk func(list []ast.Stmt, loops []string)
	walk = func(list []ast.Stmt, loops []string) {
		for _, st := range list {
			ast.Inspect(st, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallStmt, *ast.GotoStmt, *ast.ComputedGotoStmt,
					*ast.AssignedGotoStmt, *ast.ArithIfStmt, *ast.ReturnStmt, *ast.FormatStmt:
					ok = false
				case *ast.ExitStmt:
					ok = ok && inLoops(n.Construct, loops)
				case *ast.CycleStmt:
					ok = ok && inLoops(n.Construct, loops)
				case *ast.DoConstruct:
					name := ""
					if n.Name != nil {
						name = strings.ToLower(n.Name.Name)
					}
					ok = ok && n.TermLabel == 0
					walk(n.Body, append(append([]string{}, loops...), name))
					return false
				case *ast.IfConstruct:
					ok = ok && n.Name == nil
				case *ast.SelectCase:
					ok = ok && n.Name == nil
				case *ast.WhereConstruct:
					ok = ok && n.Name == nil
				case *ast.ForallConstruct:
					ok = ok && n.Name == nil
				case *ast.BlockConstruct, *ast.AssociateConstruct:
					ok = false
				}
				if s, isStmt := n.(ast.Stmt); isStmt && s.Header().Label != 0 {
					ok = false
				}
				return ok
			})
		}
	}
	walk(list, nil)
	return ok
}

// inLoops reports whether an EXIT or CYCLE naming c (nil: the innermost)
// stays within the DO loops loops (names, "" for an unnamed one).
func inLoops(c *ast.Ident, loops []string) bool {
	if c == nil {
		return len(loops) > 0
	}
	for _, l := range loops {
		if l == strings.ToLower(c.Name) {
			return true
		}
	}
	return false
}

// renameConstructs gives the DO constructs of the peeled copy list names
// of their own (gfortran rejects a name defined twice), with the EXITs
// and CYCLEs naming them.
func renameConstructs(list []ast.Stmt) {
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		var ids []*ast.Ident
		switch n := n.(type) {
		case *ast.DoConstruct:
			ids = []*ast.Ident{n.Name, n.End.Name}
		case *ast.ExitStmt:
			ids = []*ast.Ident{n.Construct}
		case *ast.CycleStmt:
			ids = []*ast.Ident{n.Construct}
		}
		for _, id := range ids {
			if id != nil {
				id.Name += "_fadj_p"
			}
		}
		return true
	})
}

// parentList returns the place of the statement list holding d in the
// units info analysed, nil if none.
func parentList(info *sema.Info, d *ast.DoConstruct) *[]ast.Stmt {
	var find func(list *[]ast.Stmt) *[]ast.Stmt
	find = func(list *[]ast.Stmt) *[]ast.Stmt {
		for _, s := range *list {
			if s == ast.Stmt(d) {
				return list
			}
			for _, l := range bodies(s) {
				if p := find(l); p != nil {
					return p
				}
			}
		}
		return nil
	}
	for n := range info.Scopes {
		if u, ok := n.(*ast.Unit); ok {
			if p := find(&u.Body); p != nil {
				return p
			}
		}
	}
	return nil
}

// bodies returns the places of the statement lists of construct s.
func bodies(s ast.Stmt) []*[]ast.Stmt {
	switch s := s.(type) {
	case *ast.DoConstruct:
		return []*[]ast.Stmt{&s.Body}
	case *ast.BlockConstruct:
		return []*[]ast.Stmt{&s.Body}
	case *ast.AssociateConstruct:
		return []*[]ast.Stmt{&s.Body}
	case *ast.IfConstruct:
		var out []*[]ast.Stmt
		for _, br := range s.Branches {
			out = append(out, &br.Body)
		}
		return out
	case *ast.SelectCase:
		var out []*[]ast.Stmt
		for _, c := range s.Cases {
			out = append(out, &c.Body)
		}
		return out
	case *ast.WhereConstruct:
		var out []*[]ast.Stmt
		for _, br := range s.Branches {
			out = append(out, &br.Body)
		}
		return out
	case *ast.ForallConstruct:
		return []*[]ast.Stmt{&s.Body}
	}
	return nil
}

// cloneStmt returns a copy of s registered in info as s is (Info.Clone
// for a statement: its assignments' defined assignments too).
func cloneStmt(info *sema.Info, s ast.Stmt) ast.Stmt {
	c := ast.Clone(s)
	var from, to []ast.Node
	collect := func(list *[]ast.Node) func(ast.Node) bool {
		return func(n ast.Node) bool {
			if n != nil {
				*list = append(*list, n)
			}
			return true
		}
	}
	ast.Inspect(s, collect(&from))
	ast.Inspect(c, collect(&to))
	for i, n := range from {
		m := to[i]
		switch n := n.(type) {
		case *ast.Ident:
			if sym, ok := info.Uses[n]; ok {
				info.Uses[m.(*ast.Ident)] = sym
			}
		case *ast.CallExpr:
			if k, ok := info.Calls[n]; ok {
				info.Calls[m.(*ast.CallExpr)] = k
			}
		case *ast.AssignStmt:
			if sym, ok := info.Assignments[n]; ok {
				info.Assignments[m.(*ast.AssignStmt)] = sym
			}
		}
		if ex, ok := n.(ast.Expr); ok {
			if t, ok := info.Types[ex]; ok {
				info.Types[m.(ast.Expr)] = t
			}
			if o, ok := info.Operators[ex]; ok {
				info.Operators[m.(ast.Expr)] = o
			}
		}
	}
	return c
}

// plusOne returns e + 1, folded for a literal.
func plusOne(info *sema.Info, e ast.Expr) ast.Expr {
	if l, ok := e.(*ast.BasicLit); ok && l.Kind == token.INT {
		if v, err := strconv.Atoi(l.Value); err == nil {
			return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(v + 1)}
		}
	}
	return &ast.BinaryExpr{X: &ast.ParenExpr{X: info.Clone(e)}, Op: token.PLUS, OpLit: "+", Y: &ast.BasicLit{Kind: token.INT, Value: "1"}}
}
