package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A call defining part of a state array (a Jacobi sweep over the
// interior: do i = 2, n - 1 ... t(2:n-1) = tnew(2:n-1) in the callee)
// gets the marks of what the callee assigns, in the caller's terms,
// after it in the recording sweep (mark(2:n-1) = 1, the callee's n the
// caller's actual argument), when they can be written so: the state
// passed whole to a dummy of rank 1 with lower bound 1 (the caller's
// too), the callee assigning the dummy only at its top level, by
// element or section assignments and by assignments of d(i) in DO loops
// of variable i (the loop's range marked), never passing it to a call
// or an I/O statement; the subscripts and bounds of literals and the
// callee's scalar integer INTENT(IN) dummies, which the call leaves as
// they were.

// calleeMarks returns the marks, on mark array m, of what call cs
// (argument i, actual x, dummy d of callee) defines of state part p.
func (fp *fpCode) calleeMarks(cs *ast.CallStmt, callee *sema.Proc, d *sema.Symbol, p *fpPart, m string) ([]ast.Stmt, bool) {
	if p.path != "" || p.rank != 1 || d.Rank() != 1 || !lowerOne(d.Dims[0]) || !lowerOne(p.v.Dims[0]) || callee.Unit == nil {
		return nil, false
	}
	name := strings.ToLower(d.Name)
	actuals := map[string]ast.Expr{} // the callee's integer INTENT(IN) scalars
	for i, a := range cs.Args {
		if dd := dummyOf(callee.Args, i, a); dd != nil && dd.Intent == ast.IntentIn && dd.Rank() == 0 && dd.Type != nil && dd.Type.IsInteger() {
			actuals[strings.ToLower(dd.Name)] = argValue(a)
		}
	}
	subst := func(e ast.Expr) (ast.Expr, bool) {
		ok := true
		c := ast.Clone(e)
		holder := &ast.ParenExpr{X: c}
		ast.Apply(holder, func(cur *ast.Cursor) bool {
			switch n := cur.Node().(type) {
			case *ast.Ident:
				a, found := actuals[strings.ToLower(n.Name)]
				if !found {
					a, found = namedIntLit(callee.Scope, n) // fp_callee_copy.go
				}
				if !found {
					ok = false
					return false
				}
				cur.Replace(&ast.ParenExpr{X: ast.Clone(a)})
				return false // (not into the actual)
			case *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr, *ast.UnaryExpr:
			default:
				ok = false
			}
			return ok
		}, nil)
		return holder.X, ok
	}
	var marks []ast.Stmt
	mark := func(sub ast.Expr) bool {
		if r, isRange := sub.(*ast.RangeExpr); isRange {
			if r.Stride != nil || r.Lo == nil || r.Hi == nil {
				return false
			}
			lo, ok1 := subst(r.Lo)
			hi, ok2 := subst(r.Hi)
			if !ok1 || !ok2 {
				return false
			}
			sub = &ast.RangeExpr{Lo: lo, Hi: hi}
		} else {
			s, ok := subst(sub)
			if !ok {
				return false
			}
			sub = s
		}
		marks = append(marks, &ast.AssignStmt{Lhs: &ast.CallExpr{Fun: ast.NewIdent(m), Args: []ast.Expr{sub}}, Rhs: parseExpr("1")})
		return true
	}
	target, cp, viaCopy := name, calleeCopy{}, false
	if cp, viaCopy = calleeCopyOf(callee, d); viaCopy { // fp_callee_copy.go
		target = cp.via
	}
	accepted := map[ast.Stmt]bool{cp.back: true}
	for _, st := range callee.Unit.Body {
		if st == ast.Stmt(cp.back) {
			break
		}
		switch s := st.(type) {
		case *ast.AssignStmt:
			if baseName(s.Lhs) != target {
				continue
			}
			if viaCopy && ownCopy(s, target, name) {
				accepted[s] = true // (before any mark)
				if len(marks) > 0 {
					return nil, false
				}
				continue
			}
			c, isCall := s.Lhs.(*ast.CallExpr)
			if !isCall || len(c.Args) != 1 || !mark(c.Args[0]) {
				return nil, false
			}
			accepted[s] = true
		case *ast.DoConstruct:
			if !definesIn(s.Body, target) {
				continue
			}
			if s.Var == nil || s.Step != nil || s.While != nil || s.Concurrent != nil || jumps(s.Body) {
				return nil, false
			}
			for _, b := range s.Body {
				a, isAssign := b.(*ast.AssignStmt)
				if !isAssign || baseName(a.Lhs) != target {
					continue
				}
				if viaCopy && ownCopy(a, target, name) {
					return nil, false
				}
				c, isCall := a.Lhs.(*ast.CallExpr)
				if !isCall || len(c.Args) != 1 || !isName(c.Args[0], s.Var.Name) || !mark(&ast.RangeExpr{Lo: s.Start, Hi: s.Stop}) {
					return nil, false
				}
				accepted[a] = true
			}
		}
	}
	// Every other definition of the dummy: not followed.
	ok := true
	ast.Inspect(&ast.Unit{Body: callee.Unit.Body}, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			ok = ok && (baseName(s.Lhs) != name && baseName(s.Lhs) != target || accepted[s])
		case *ast.CallStmt, *ast.IOStmt, *ast.AllocateStmt, *ast.PointerAssignStmt:
			ok = ok && !stmtMentions(s.(ast.Stmt), name) && !stmtMentions(s.(ast.Stmt), target)
		}
		return ok
	})
	return marks, ok && len(marks) > 0
}

// definesIn reports whether list assigns variable name anywhere.
func definesIn(list []ast.Stmt, name string) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && baseName(a.Lhs) == name {
			found = true
		}
		return !found
	})
	return found
}

// lowerOne reports whether dimension dm has lower bound 1.
func lowerOne(dm sema.Dim) bool {
	return dm.Lo.Expr == nil || printer.ExprString(dm.Lo.Expr) == "1"
}

// markCall returns list with the marks of the call of callee (the one
// call of it in the loop's body) after it, in constructs too; ok false
// if list holds more than one call of it.
func markCall(list []ast.Stmt, callee string, marks []ast.Stmt) ([]ast.Stmt, int) {
	n := 0
	var out []ast.Stmt
	for _, st := range list {
		out = append(out, st)
		if c, ok := st.(*ast.CallStmt); ok {
			if id, isID := c.Name.(*ast.Ident); isID && (strings.EqualFold(id.Name, callee) || strings.HasPrefix(strings.ToLower(id.Name), strings.ToLower(callee)+"_")) {
				n++
				for _, m := range marks {
					out = append(out, ast.Clone(m))
				}
			}
			continue
		}
		rewriteBlocks(st, func(l []ast.Stmt) []ast.Stmt {
			l2, k := markCall(l, callee, marks)
			n += k
			return l2
		})
	}
	return out, n
}
