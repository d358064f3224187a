package modref

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Functions that define their arguments. A reference of a user function
// may define the actual arguments of its dummies that are not INTENT(IN)
// (an observation clock's `if (obs_due(kob, t))` advancing its cursor
// kob), wherever the reference is: an assignment's right side, an IF
// condition, a DO bound, a CASE selector, a CALL's argument. The checkpoint
// sets (Defines) and the TBR analysis count these definitions as the
// statement's own.

// FunctionDefs returns the actual arguments that the references of user
// functions in the expressions statement s evaluates itself (not those of
// its nested statements) may define.
func (r *Result) FunctionDefs(s ast.Stmt) []ast.Expr {
	var out []ast.Expr
	for _, x := range OwnExprs(s) {
		if x != nil {
			out = append(out, r.functionArgs(x)...)
		}
	}
	return out
}

// OwnExprs returns the expressions statement s evaluates itself: an IF
// construct's conditions, not its blocks' statements.
func OwnExprs(s ast.Stmt) []ast.Expr {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return []ast.Expr{s.Lhs, s.Rhs}
	case *ast.IfStmt:
		return []ast.Expr{s.Cond}
	case *ast.ArithIfStmt:
		return []ast.Expr{s.Expr}
	case *ast.IfConstruct:
		var out []ast.Expr
		for _, b := range s.Branches {
			out = append(out, b.Cond)
		}
		return out
	case *ast.DoConstruct:
		return []ast.Expr{s.Start, s.Stop, s.Step, s.While}
	case *ast.SelectCase:
		return []ast.Expr{s.Selector}
	case *ast.SelectType:
		return []ast.Expr{s.Selector}
	case *ast.CallStmt:
		return s.Args
	case *ast.ComputedGotoStmt:
		return []ast.Expr{s.Expr}
	case *ast.IOStmt:
		return append(append([]ast.Expr{}, s.Control...), s.Items...)
	case *ast.WhereStmt:
		return []ast.Expr{s.Mask}
	}
	return nil
}

// Impure reports whether reference c of a user function with a body may
// define one of its actual arguments or a variable of a module, a common
// block or a host: evaluated twice (a derivative statement repeating it)
// it would not give the same value (`next_w(k)` advancing k, a random
// number generator advancing its seed).
func (r *Result) Impure(c *ast.CallExpr) bool {
	k, ok := r.info.Calls[c]
	if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() || k.Proc == nil || k.Proc.Proc == nil || k.Proc.Proc.Unit == nil {
		return false
	}
	if len(r.definedArgs(k.Proc, c.Args)) > 0 {
		return true
	}
	for _, e := range r.eff.Effects(k.Proc) {
		if e.Defines() && !containsSym(k.Proc.Proc.Args, e.Var) {
			return true
		}
	}
	return false
}

// FunctionGlobals returns the variables of modules, common blocks and
// hosts that the references of user functions in the expressions
// statement s evaluates itself may define (a QC function counting the
// observations it accepts), as scope names them; keep, if not nil,
// selects the references.
func (r *Result) FunctionGlobals(s ast.Stmt, scope *sema.Scope, keep func(*ast.CallExpr) bool) Set {
	out := Set{}
	for _, x := range OwnExprs(s) {
		if x == nil {
			continue
		}
		ast.Inspect(x, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			k, ok := r.info.Calls[c]
			if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() || k.Proc == nil || k.Proc.Proc == nil || k.Proc.Proc.Unit == nil || keep != nil && !keep(c) {
				return true
			}
			for _, e := range r.eff.Effects(k.Proc) {
				if e.Defines() && !containsSym(k.Proc.Proc.Args, e.Var) {
					out[localName(e.Var, scope)] = true
				}
			}
			return true
		})
	}
	return out
}

// FunctionGlobalUses returns the variables of modules, common blocks and
// hosts that the references of user functions anywhere in statements
// list may read on entry (a cursor a function advances: next_w() reading
// and defining kcur), as scope names them.
func (r *Result) FunctionGlobalUses(list []ast.Stmt, scope *sema.Scope) Set {
	out := Set{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		k, ok := r.info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() || k.Proc == nil || k.Proc.Proc == nil || k.Proc.Proc.Unit == nil {
			return true
		}
		for _, e := range r.eff.Effects(k.Proc) {
			if e.Reads() && !containsSym(k.Proc.Proc.Args, e.Var) {
				out[localName(e.Var, scope)] = true
			}
		}
		return true
	})
	return out
}
