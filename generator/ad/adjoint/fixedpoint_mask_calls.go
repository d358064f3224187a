package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Calls in the body that may define the state (fixedpoint_mask.go): the
// marks cannot follow the callee's assignments, so a part a call may
// define is taken as whole only where the callee surely defines all of
// it: an INTENT(OUT) dummy, or one the callee assigns whole at its top
// level (x = ...). Else the adjoint could not tell the elements the call
// leaves (a sweep over the interior), and the loop is rejected at the
// call rather than differentiated wrong.

// callKind returns how the CALLs of the primal body (the recording
// sweep's statements) define part p: fpNone if none may, fpWhole, or an
// error at the call.
func (fp *fpCode) callKind(p *fpPart, body []ast.Stmt) (fpPartKind, error) {
	g := fp.g
	kind := fpNone
	var err error
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		cs, ok := n.(*ast.CallStmt)
		if !ok || err != nil {
			return err == nil
		}
		c, ok := g.info.CallStmts[cs]
		if !ok || c.Proc == nil || c.Proc.Proc == nil {
			return true
		}
		callee := c.Proc.Proc
		for i, a := range cs.Args {
			x := argValue(a)
			if g.baseSym(x) != p.v {
				continue
			}
			if path, _, ok := lhsPath(x); ok && !covers(path, p.path) && !covers(p.path, path) {
				continue // another component
			}
			d := dummyOf(callee.Args, i, a)
			if d != nil && d.Intent == ast.IntentIn {
				continue
			}
			argPath, subs, _ := lhsPath(x)
			if p.rank == 0 || d != nil && callee.Unit != nil && subs == nil && covers(argPath, p.path) &&
				(d.Intent == ast.IntentOut || assignsWhole(callee.Unit.Body, d.Name, strings.TrimPrefix(p.path, argPath)) ||
					p.path == argPath && assignsEach(callee.Unit.Body, d)) {
				kind = fpWhole
				continue
			}
			err = diag.At(g.fset, cs.Pos(), notSupported("state '%s' of fixed-point loop %s passed to '%s', which may define only part of it: the adjoint iteration cannot tell the elements the call leaves (assign it whole in the loop's body, or in the callee)", printer.ExprString(x), fp.d.Name, c.Proc.Name))
			// Marks of what the callee assigns (fixedpoint_mask_callee.go).
			if d != nil && subs == nil && argPath == "" && p.callMarks == nil && !jumps(callee.Unit.Body) {
				if marks, ok := fp.calleeMarks(cs, callee, d, p, fp.markName(p)); ok {
					p.callMarks, p.callee, p.callErr, err = marks, c.Proc.Name, err, nil
					if kind != fpWhole {
						kind = fpPartial
					}
					continue
				}
			}
			return false
		}
		// A module, common or host variable the callee defines without
		// its being an argument (an internal procedure updating the
		// host's array).
		if mc := g.modref().Call(cs, g.scope); mc.Globals[p.v] && mc.Defs[p.v] {
			if p.rank > 0 && (callee.Unit == nil || !assignsWhole(callee.Unit.Body, p.v.Name, p.path)) {
				err = diag.At(g.fset, cs.Pos(), notSupported("'%s', state of fixed-point loop %s, defined by '%s', which may define only part of it: the adjoint iteration cannot tell the elements the call leaves", p.v.Name, fp.d.Name, c.Proc.Name))
				return false
			}
			kind = fpWhole
		}
		return true
	})
	return kind, err
}

// assignsWhole reports whether body assigns the part path of variable
// name whole at its top level (name = ..., or name%t = ... for "%t").
func assignsWhole(body []ast.Stmt, name, path string) bool {
	for _, st := range body {
		if a, ok := st.(*ast.AssignStmt); ok && baseName(a.Lhs) == strings.ToLower(name) {
			if lp, subs, ok := lhsPath(a.Lhs); ok && subs == nil && covers(lp, path) {
				return !copiedBack(body, strings.ToLower(name), a.Rhs)
			}
		}
	}
	return false
}

// copiedBack reports whether rhs, assigned whole to name, is a local x
// that body sets in part from name itself, element for element
// (tn(1) = t(1); tn(n) = t(n); ... t = tn: the copy pattern of
// fixedpoint_mask_copy.go inside a callee): those elements map to
// themselves, which a whole definition would not follow.
func copiedBack(body []ast.Stmt, name string, rhs ast.Expr) bool {
	x, ok := rhs.(*ast.Ident)
	if !ok {
		return false
	}
	via := strings.ToLower(x.Name)
	found := false
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || baseName(a.Lhs) != via {
			return !found
		}
		want := ast.Clone(a.Lhs)
		switch w := want.(type) {
		case *ast.Ident:
			w.Name = name
		case *ast.CallExpr:
			if id, ok := w.Fun.(*ast.Ident); ok {
				id.Name = name
			}
		}
		if strings.EqualFold(printer.ExprString(want), printer.ExprString(a.Rhs)) {
			found = true
		}
		return !found
	})
	return found
}

// assignsEach reports whether body assigns every element of explicit-
// shape array d at its top level: nested DO loops without step, each
// over one dimension's declared bounds, around an assignment to
// d(i1, ..., ir) of their variables.
func assignsEach(body []ast.Stmt, d *sema.Symbol) bool {
	r := len(d.Dims)
	if r == 0 {
		return false
	}
	for _, st := range body {
		if do, ok := st.(*ast.DoConstruct); ok && eachElement(do, d, map[string]int{}) {
			return true
		}
	}
	return false
}

// eachElement is assignsEach for the DO nest from do, vars holding the
// dimension each enclosing loop covers, by variable name.
func eachElement(do *ast.DoConstruct, d *sema.Symbol, vars map[string]int) bool {
	if do.Var == nil || do.Step != nil || do.While != nil || do.Concurrent != nil || jumps(do.Body) {
		return false
	}
	v := strings.ToLower(do.Var.Name)
	dim := -1
	for k, dm := range d.Dims {
		lo := "1"
		if dm.Lo.Expr != nil {
			lo = printer.ExprString(dm.Lo.Expr)
		}
		if dm.Kind == sema.ExplicitShape && dm.Hi.Expr != nil && strings.EqualFold(printer.ExprString(do.Start), lo) && strings.EqualFold(printer.ExprString(do.Stop), printer.ExprString(dm.Hi.Expr)) {
			if _, used := usedDim(vars, k); !used {
				dim = k
				break
			}
		}
	}
	if dim < 0 {
		return false
	}
	inner := map[string]int{v: dim}
	for name, k := range vars {
		inner[name] = k
	}
	for _, st := range do.Body {
		switch s := st.(type) {
		case *ast.DoConstruct:
			if eachElement(s, d, inner) {
				return true
			}
		case *ast.AssignStmt:
			c, ok := s.Lhs.(*ast.CallExpr)
			if !ok || baseName(s.Lhs) != strings.ToLower(d.Name) || len(c.Args) != len(d.Dims) || len(inner) != len(d.Dims) {
				continue
			}
			all := true
			for k, a := range c.Args {
				id, ok := a.(*ast.Ident)
				all = all && ok && inner[strings.ToLower(id.Name)] == k && hasVar(inner, id.Name)
			}
			if all {
				return true
			}
		}
	}
	return false
}

// usedDim reports whether a loop of vars covers dimension k.
func usedDim(vars map[string]int, k int) (string, bool) {
	for name, d := range vars {
		if d == k {
			return name, true
		}
	}
	return "", false
}

func hasVar(vars map[string]int, name string) bool {
	_, ok := vars[strings.ToLower(name)]
	return ok
}

// jumps reports whether list holds a statement that may skip the rest
// of an iteration (EXIT, CYCLE, GO TO, RETURN).
func jumps(list []ast.Stmt) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ExitStmt, *ast.CycleStmt, *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}
