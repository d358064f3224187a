package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Replayed associations whose targets have subscripts that change (a
// loop over blocks: h => bl(ib)%h). The replay plan (pointer_replay.go)
// numbers the pointer statements; the number alone cannot make such an
// association again, so the plan also keeps the values of those
// subscripts for the current association in integer locals
// (fadj_pcap_<p>_<j>): each pointer statement pushes them with the
// number, sets them from its subscripts after it, and the backward sweep
// pops them and associates p and p_b with the target at those
// subscripts. Only for active local pointers whose every target is a
// TARGET of the routine, with scalar integer subscripts that call no
// user function; a snapshot of such a pointer is rejected
// (assocSnapOp).

// capture is one subscript of a target that changes: the node of the
// target, and the local holding its value.
type capture struct {
	node ast.Expr
	v    int
}

// captureReplay returns the replay plan of active local pointer v whose
// targets have subscripts that change, nil if one does not qualify.
func (g *gen) captureReplay(v *sema.Symbol, is func(ast.Expr) bool) (*replayPlan, error) {
	plan := &replayPlan{ids: map[ast.Stmt]int{}, caps: map[int][]capture{}}
	ok, most := true, 0
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.PointerAssignStmt:
			if !is(s.Lhs) {
				break
			}
			t := s.Rhs
			if isNull(t) {
				t = nil
			} else if caps, good := g.captures(t); good {
				plan.caps[len(plan.targets)] = caps
				if len(caps) > most {
					most = len(caps)
				}
			} else {
				ok = false
			}
			plan.targets = append(plan.targets, t)
			plan.ids[s] = len(plan.targets)
		case *ast.AllocateStmt:
			for _, o := range s.Objects {
				if c, isCall := o.(*ast.CallExpr); isCall {
					o = c.Fun
				}
				if is(o) {
					ok = ok && s.Keyword == "nullify"
					plan.targets = append(plan.targets, nil)
					plan.ids[s] = len(plan.targets)
				}
			}
		}
		return ok
	})
	if !ok || most == 0 {
		return nil, nil
	}
	pid, err := g.local("fadj_pid_"+strings.ToLower(v.Name), intType)
	if err != nil {
		return nil, err
	}
	plan.pid = pid
	for j := 1; j <= most; j++ {
		c, err := g.local(fmt.Sprintf("fadj_pcap_%s_%d", strings.ToLower(v.Name), j), intType)
		if err != nil {
			return nil, err
		}
		plan.capVars = append(plan.capVars, c)
	}
	return plan, nil
}

// captures returns the subscripts of target t that change, numbered, and
// whether t qualifies: a TARGET of the routine with an adjoint, not a
// pointer, whose array references have scalar integer subscripts and
// triplet bounds.
func (g *gen) captures(t ast.Expr) ([]capture, bool) {
	v := g.baseSym(t)
	if v == nil || v.Attrs.Has(sema.AttrPointer) || !g.hasAdj(v) || v.Owner != g.scope || vectorSubscript(g.info, t) {
		return nil, false
	}
	var caps []capture
	for x := t; ; {
		switch e := x.(type) {
		case *ast.Ident:
			return caps, true
		case *ast.SelectorExpr:
			x = e.X
		case *ast.CallExpr:
			if k, ok := g.info.Calls[e]; !ok || k.Kind != sema.ArrayElement {
				return nil, false
			}
			for _, a := range e.Args {
				subs := []ast.Expr{a}
				if r, isRange := a.(*ast.RangeExpr); isRange {
					subs = []ast.Expr{r.Lo, r.Hi, r.Stride} // win => u(j-1:j+1)
				}
				for _, b := range subs {
					if b == nil || g.invariant(b) {
						continue
					}
					if ty := g.info.TypeOf(b); ty == nil || !ty.IsInteger() || ty.Kind != 4 || g.info.Rank(b) != 0 || g.callsUser(b) {
						return nil, false
					}
					caps = append(caps, capture{node: b, v: len(caps)})
				}
			}
			x = e.Fun
		default:
			return nil, false
		}
	}
}

// captured returns target k of the plan with its changing subscripts
// replaced by the locals holding them. The copy keeps info's resolution
// of its references (os%t(:, fadj_pcap_tn_1), an element of a component,
// has no adjoint without it).
func (plan *replayPlan) captured(info *sema.Info, k int, t ast.Expr) ast.Expr {
	caps := plan.caps[k]
	if len(caps) == 0 {
		return t
	}
	out := info.Clone(t)
	var from, to []ast.Node
	ast.Inspect(t, func(n ast.Node) bool {
		if n != nil {
			from = append(from, n)
		}
		return true
	})
	ast.Inspect(out, func(n ast.Node) bool {
		if n != nil {
			to = append(to, n)
		}
		return true
	})
	repl := map[ast.Node]ast.Expr{}
	for i, n := range from {
		for _, c := range caps {
			if n == ast.Node(c.node) {
				repl[to[i]] = ast.NewIdent(plan.capVars[c.v].Name)
			}
		}
	}
	return ast.Apply(&ast.ParenExpr{X: out}, func(c *ast.Cursor) bool {
		if r, ok := repl[c.Node()]; ok {
			c.Replace(r)
			return false
		}
		return true
	}, nil).(*ast.ParenExpr).X
}

// captureParts returns, for pointer statement s, the pushes of the
// captured subscripts of the current association (before s), their
// setting from s's target (after it), and their pops.
func (plan *replayPlan) captureParts(s ast.Stmt) (push, set, pop []ast.Stmt) {
	if len(plan.capVars) == 0 {
		return nil, nil, nil
	}
	for _, c := range plan.capVars {
		push = append(push, pushInt(ast.NewIdent(c.Name)))
		pop = append([]ast.Stmt{popInt(ast.NewIdent(c.Name))}, pop...)
	}
	if k := plan.ids[s] - 1; k >= 0 {
		for _, c := range plan.caps[k] {
			set = append(set, &ast.AssignStmt{Lhs: ast.NewIdent(plan.capVars[c.v].Name), Rhs: ast.Clone(c.node)})
		}
	}
	return push, set, pop
}
