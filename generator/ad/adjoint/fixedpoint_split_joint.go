package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
)

// splitJoint rejects a call reversed jointly that the body of a
// fixed-point loop reaches through calls reversed split (`call
// sweep(...)`, split, calling `kcalc` jointly): its snapshot is pushed
// once, by the recording sweep's sweep_fwd, and popped by every adjoint
// iteration's sweep_bwd (the snapshot stacks are not rewound: the second
// iteration popped an empty stack). A joint call in the body itself is
// rejected where its snapshot is built (fixedPointLoop).
func (g *gen) splitJoint(body []ast.Stmt, name string) error {
	seen := map[*activity.ProcActivity]bool{}
	var walk func(pa *activity.ProcActivity, list []ast.Stmt) error
	walk = func(pa *activity.ProcActivity, list []ast.Stmt) error {
		var err error
		ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
			cs, ok := n.(*ast.CallStmt)
			if !ok || err != nil {
				return err == nil
			}
			callee := pa.CallPattern(cs)
			if callee == nil || callee.Unit == nil || callee == g.sh.target {
				return true
			}
			split := g.sh.forms[callee].split && g.sh.plan.Call(cs).Mode == plan.Split
			switch {
			case !split && pa != g.pa:
				err = diag.At(g.fset, cs.Pos(), notSupported("call of '%s' reversed jointly (with a snapshot) under %s, through a call reversed split: the adjoint iteration would pop its snapshot once per iteration; reverse it split too (call_overrides: {%s: split})", callee.Proc.Name, name, callee.Proc.Name))
			case split && !seen[callee]:
				seen[callee] = true
				err = walk(callee, callee.Unit.Body)
			}
			return err == nil
		})
		return err
	}
	return walk(g.pa, body)
}
