package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The adjoint iteration of a fixed-point loop propagates only the state's
// adjoint, w̄ ← z̄_orig + w̄·∂φ/∂z: section 4 of Taftaf, Hascoët and
// Pascual differentiates the body a second time with the state as the
// only independent. fadj derives that sweep from the body's adjoint (the
// parameters sweep, run once) by removing what only serves the
// parameters, which is what differentiating with them passive produces:
//
//   - the assignments to the parameters' adjoints (a parameter is never
//     assigned in the body, so its adjoint is only ever incremented, and
//     no other adjoint reads it), then the generated temporaries that
//     only those fed;
//   - the tape reads of values nothing left reads after them: such a pop
//     becomes a skip (fadj_tape_skip), and the variable keeps its end
//     value, which the reads before the pop need, so it needs no restore
//     from the snapshot in each iteration either.

// stateSweep returns the adjoint iteration's sweep derived from b, the
// body's adjoint, which it does not change; its pops are made skips
// afterwards (skipPops), once the records neither sweep reads are
// dropped (dropRecords).
func (fp *fpCode) stateSweep(b []ast.Stmt) []ast.Stmt {
	s := make([]ast.Stmt, len(b))
	for i, st := range b {
		s[i] = ast.Clone(st)
	}
	// A parameter the body assigns (a spec's list may say so, with a
	// warning) has an adjoint that other adjoints read: it stays.
	out := map[*sema.Symbol]bool{}
	for _, v := range fp.d.Out {
		out[v] = true
	}
	dead := map[string]bool{}
	for _, v := range fp.params {
		if !out[v] {
			dead[strings.ToLower(fp.g.aname(v))] = true
		}
	}
	for {
		s = filterStmts(s, func(st ast.Stmt) bool { return !assignsTo(st, dead) })
		reads := readNames(s)
		grew := false
		for name := range assignedNames(s) {
			if strings.HasPrefix(name, "fadj_tmp") && !reads[name] && !dead[name] {
				dead[name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	return s
}

// references reports whether list mentions name (lower case) anywhere.
func references(list []ast.Stmt, name string) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			found = true
		}
		return !found
	})
	return found
}

// baseName is the lower-case name of the variable x refers to (a(i),
// a%b, a(1:n)), "" if none.
func baseName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return strings.ToLower(e.Name)
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return ""
		}
	}
}

// assignsTo reports whether st is an assignment (possibly under a
// logical IF, WHERE or FORALL statement) to a variable in names.
func assignsTo(st ast.Stmt, names map[string]bool) bool {
	switch s := st.(type) {
	case *ast.AssignStmt:
		return names[baseName(s.Lhs)]
	case *ast.IfStmt:
		return assignsTo(s.Action, names)
	case *ast.WhereStmt:
		return s.Assign != nil && assignsTo(s.Assign, names)
	case *ast.ForallStmt:
		return assignsTo(s.Assign, names)
	}
	return false
}

// filterStmts keeps the statements of list, and of the blocks nested in
// them, that keep accepts. The comments before a statement removed go
// to the next one kept ("! adjoint of f.f90:12" stays with its code).
func filterStmts(list []ast.Stmt, keep func(ast.Stmt) bool) []ast.Stmt {
	var out []ast.Stmt
	var doc []*ast.Comment
	for _, st := range list {
		if !keep(st) {
			doc = append(doc, st.Header().Doc...)
			continue
		}
		rewriteBlocks(st, func(l []ast.Stmt) []ast.Stmt { return filterStmts(l, keep) })
		if len(doc) > 0 && len(st.Header().Doc) == 0 {
			st.Header().Doc, doc = doc, nil
		}
		doc = nil
		out = append(out, st)
	}
	return out
}

// assignedNames returns the variables list assigns (not those it pops).
func assignedNames(list []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			out[baseName(a.Lhs)] = true
		}
		return true
	})
	return out
}

// readNames returns the names list reads: every name but the variable
// an assignment defines (its subscripts are read).
func readNames(list []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			out[strings.ToLower(n.Name)] = true
		case *ast.AssignStmt:
			lhsReads(n.Lhs, visit)
			ast.Inspect(n.Rhs, visit)
			return false
		}
		return true
	}
	ast.Inspect(&ast.Unit{Body: list}, visit)
	return out
}

// lhsReads visits what the left side x of an assignment reads: its
// subscripts, not its base.
func lhsReads(x ast.Expr, visit func(ast.Node) bool) {
	for {
		switch e := x.(type) {
		case *ast.CallExpr:
			for _, a := range e.Args {
				ast.Inspect(a, visit)
			}
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return
		}
	}
}

// skipName is the runtime's skip of tape values.
const skipName = "fadj_tape_skip"

// isRuntimeNoop reports whether s is a call that changes no variable of
// the program: a skip of tape values.
func isRuntimeNoop(s *ast.CallStmt) bool {
	id, ok := s.Name.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, skipName)
}

// popUse is what the top-level statements of a sweep do with a variable.
type popUse struct {
	firstPop int  // the first statement holding a pop of it
	lastRead int  // the last statement reading it, -1 if none
	keep     bool // assigned, or popped in a form a skip cannot replace
}

// skipPops replaces by skips the pops of the variables the sweep never
// reads at or after their first pop and never assigns. A sweep that calls
// a procedure (which may read anything) is returned as it is.
func skipPops(list []ast.Stmt) []ast.Stmt {
	return replacePops(list, skippable(list))
}

// skippable returns the variables whose pops skipPops makes skips.
func skippable(list []ast.Stmt) map[string]bool {
	uses := map[string]*popUse{}
	other := false
	for i, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			c, ok := n.(*ast.CallStmt)
			if !ok {
				return true
			}
			op, isOp := tape.Of(c)
			switch {
			case !isOp:
				other = true
			case op.Kind == tape.Pop:
				v := baseName(op.Ref)
				u := uses[v]
				if u == nil {
					u = &popUse{firstPop: i, lastRead: -1}
					uses[v] = u
				}
				if op.Type == tape.Bits || !skippableRef(op.Ref) {
					u.keep = true
				}
			}
			return true
		})
	}
	if other || len(uses) == 0 {
		return nil
	}
	for i, st := range list {
		for v := range stmtReads(st) {
			if u := uses[v]; u != nil {
				u.lastRead = max(u.lastRead, i)
			}
		}
	}
	for v := range assignedNames(list) {
		if u := uses[v]; u != nil {
			u.keep = true
		}
	}
	skip := map[string]bool{}
	for v, u := range uses {
		if !u.keep && u.lastRead < u.firstPop {
			skip[v] = true
		}
	}
	return skip
}

// skippableRef reports whether a pop into ref reads no variable itself
// in a way a skip would drop: ref is a name, or an element or section
// whose subscripts do not mention the variable popped.
func skippableRef(ref ast.Expr) bool {
	v := baseName(ref)
	switch r := ref.(type) {
	case *ast.Ident:
		return true
	case *ast.CallExpr:
		if _, ok := r.Fun.(*ast.Ident); !ok {
			return false
		}
		return !references([]ast.Stmt{&ast.CallStmt{Name: ast.NewIdent("x"), Args: r.Args}}, v)
	}
	return false
}

// stmtReads returns the names st reads, a pop's target and count aside.
func stmtReads(st ast.Stmt) map[string]bool {
	out := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			out[strings.ToLower(n.Name)] = true
		case *ast.CallStmt:
			if op, ok := tape.Of(n); ok && op.Kind == tape.Pop {
				lhsReads(op.Ref, visit)
				return false
			}
		case *ast.AssignStmt:
			lhsReads(n.Lhs, visit)
			ast.Inspect(n.Rhs, visit)
			return false
		}
		return true
	}
	ast.Inspect(st, visit)
	return out
}

// replacePops replaces, in list and the blocks nested in it, each pop of
// a variable in skip by a skip of as many values.
func replacePops(list []ast.Stmt, skip map[string]bool) []ast.Stmt {
	if len(skip) == 0 {
		return list
	}
	var rewrite func(l []ast.Stmt) []ast.Stmt
	rewrite = func(l []ast.Stmt) []ast.Stmt {
		for i, st := range l {
			if c, ok := st.(*ast.CallStmt); ok {
				if op, ok := tape.Of(c); ok && op.Kind == tape.Pop && skip[baseName(op.Ref)] {
					l[i] = skipCall(op, c.StmtHeader)
				}
				continue
			}
			rewriteBlocks(st, rewrite)
		}
		return l
	}
	return rewrite(list)
}

// rewriteBlocks applies f to the statement lists directly inside n.
func rewriteBlocks(n ast.Node, f func([]ast.Stmt) []ast.Stmt) {
	switch s := n.(type) {
	case *ast.DoConstruct:
		s.Body = f(s.Body)
	case *ast.IfConstruct:
		for _, br := range s.Branches {
			br.Body = f(br.Body)
		}
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = f(c.Body)
		}
	case *ast.WhereConstruct:
		for _, br := range s.Branches {
			br.Body = f(br.Body)
		}
	case *ast.ForallConstruct:
		s.Body = f(s.Body)
	case *ast.BlockConstruct:
		s.Body = f(s.Body)
	case *ast.AssociateConstruct:
		s.Body = f(s.Body)
	case *ast.IfStmt:
		if l := f([]ast.Stmt{s.Action}); len(l) == 1 { // else the caller removes s
			s.Action = l[0]
		}
	}
}

// skipCall is call fadj_tape_skip(fadj_tape_<type>, count) for pop op.
func skipCall(op tape.Op, h ast.StmtHeader) *ast.CallStmt {
	count := op.Count
	if count == nil {
		count = parseExpr("1")
	}
	return &ast.CallStmt{StmtHeader: h, Name: ast.NewIdent(skipName),
		Args: []ast.Expr{ast.NewIdent("fadj_tape_" + op.Type.String()), count}, Parens: true}
}

// parseExpr parses a generated expression.
func parseExpr(src string) ast.Expr {
	return parseStmts("fadj_x = " + src)[0].(*ast.AssignStmt).Rhs
}

// paramsSweep returns the parameters sweep from b2, a copy of the body's
// adjoint: it is run once from the converged w̄ for x̄ += w̄·∂φ/∂x, and
// the state's adjoint is zeroed after it, so the increments of a state
// adjoint that nothing but such increments reads after them are dead
// and removed (the paper differentiates this sweep with the parameters
// as the only independents). A sweep with a call stays as it is.
func (fp *fpCode) paramsSweep(b2 []ast.Stmt) []ast.Stmt {
	other := false
	ast.Inspect(&ast.Unit{Body: b2}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			if _, isOp := tape.Of(c); !isOp {
				other = true
			}
		}
		return !other
	})
	if other {
		return b2
	}
	for _, v := range fp.state {
		if !fp.allWhole(v) {
			continue // the updates of the parts it keeps stay (fixedpoint_mask.go)
		}
		zb := strings.ToLower(fp.g.aname(v))
		last := -1
		for i, st := range b2 {
			if readsBesidesUpdates(st, zb) {
				last = i
			}
		}
		kill := map[string]bool{zb: true}
		tail := filterStmts(b2[last+1:], func(s ast.Stmt) bool { return !assignsTo(s, kill) })
		b2 = append(b2[:last+1:last+1], tail...)
	}
	return b2
}

// readsBesidesUpdates reports whether st reads v other than in an
// assignment to v.
func readsBesidesUpdates(st ast.Stmt, v string) bool {
	found := false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if strings.EqualFold(n.Name, v) {
				found = true
			}
		case *ast.AssignStmt:
			if baseName(n.Lhs) == v {
				return false
			}
		}
		return !found
	}
	ast.Inspect(st, visit)
	return found
}

// dropRecords removes the records of the variables neither sweep reads:
// their pops would be skips in the state sweep (skippable) and in the
// parameters sweep too, so their pushes in the recording sweep f, and
// the pops, go (the values before the loop are restored after the
// parameters sweep anyway). Only a variable pushed in f as many times as
// each sweep pops it (the same records, statement for statement) is
// dropped. It returns the new f, sweep and b2, the sweep's remaining
// skippable pops made skips.
func dropRecords(f, sweep, b2 []ast.Stmt) ([]ast.Stmt, []ast.Stmt, []ast.Stmt) {
	s1, s2 := skippable(sweep), skippable(b2)
	pushes, pops1, pops2 := countOps(f, tape.Push), countOps(sweep, tape.Pop), countOps(b2, tape.Pop)
	drop := map[string]bool{}
	for v := range s1 {
		if s2[v] && pushes[v] > 0 && pushes[v] == pops1[v] && pushes[v] == pops2[v] {
			drop[v] = true
		}
	}
	if len(drop) > 0 {
		f = removeOps(f, tape.Push, drop)
		sweep = removeOps(sweep, tape.Pop, drop)
		b2 = removeOps(b2, tape.Pop, drop)
	}
	return f, skipPops(sweep), b2
}

// countOps counts the tape operations of kind in list per variable (bit
// records aside).
func countOps(list []ast.Stmt, kind tape.Kind) map[string]int {
	out := map[string]int{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			if op, isOp := tape.Of(c); isOp && op.Kind == kind && op.Type != tape.Bits {
				out[baseName(op.Ref)]++
			}
		}
		return true
	})
	return out
}

// removeOps removes from list the tape operations of kind on the
// variables of vars.
func removeOps(list []ast.Stmt, kind tape.Kind, vars map[string]bool) []ast.Stmt {
	return filterStmts(list, func(s ast.Stmt) bool {
		c, ok := s.(*ast.CallStmt)
		if !ok {
			return true
		}
		op, isOp := tape.Of(c)
		return !isOp || op.Kind != kind || op.Type == tape.Bits || !vars[baseName(op.Ref)]
	})
}

// popFirstOnly makes each pop of the state sweep whose values stay in
// place across adjoint iterations run in the first iteration only (iter
// counts them from 1); later ones skip the values. The variable must be
// popped once, by a statement of the sweep's top level, the sweep must
// never assign it, call nothing, and read it only after that pop: each
// iteration rewinds the tape to the same values, and the variable still
// holds them. (On a state u of n elements that saves a copy of n values
// an iteration.)
func popFirstOnly(sweep []ast.Stmt, iter string) []ast.Stmt {
	if changed(sweep)["*"] {
		return sweep
	}
	pops, assigned := countOps(sweep, tape.Pop), assignedNames(sweep)
	read := map[string]bool{} // by the statements before
	out := make([]ast.Stmt, len(sweep))
	for i, st := range sweep {
		out[i] = st
		if c, ok := st.(*ast.CallStmt); ok {
			op, isOp := tape.Of(c)
			v := baseName(op.Ref)
			if isOp && op.Kind == tape.Pop && op.Type != tape.Bits && pops[v] == 1 && !assigned[v] && !read[v] && skippableRef(op.Ref) {
				ifc := parseStmts(fmt.Sprintf("if (%s == 1) then\nelse\nend if", iter))[0].(*ast.IfConstruct)
				ifc.Branches[0].Body = []ast.Stmt{c}
				ifc.Branches[1].Body = []ast.Stmt{skipCall(op, ast.StmtHeader{})}
				out[i] = ifc
			}
		}
		for v := range stmtReads(st) {
			read[v] = true
		}
	}
	return out
}
