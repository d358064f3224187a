package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// FIRSTPRIVATE and LASTPRIVATE active scalars of a "parallel do".
//
// firstprivate(c) of a c the loop never writes: every iteration reads
// the value c had before the loop, as if c were shared. The backward loop
// treats it as shared: its adjoint is a reduction(+:c_b). One the loop
// writes is carried from iteration to iteration of a thread: rejected.
//
// lastprivate(t): the value of t after the loop is the one the last
// iteration (i = stop, for a loop of step 1 or -1) left. The backward
// loop recomputes t in each iteration, as for private(t); its private t_b
// starts at zero except in the last iteration, which starts from the
// t_b the code after the loop left (saved before the backward loop in
// fadj_last_t, and t_b then zeroed: the loop overwrote the value t had
// before it). The forward sweep pushes t before the loop, and the
// backward sweep pops it after the backward loop: t is as before the
// loop for the adjoints of the statements before it.

// ompFirstLastCheck rejects the firstprivate and lastprivate active
// variables of parallel loop s (directive c, clause cl) the reversal
// does not handle.
func (g *gen) ompFirstLastCheck(s *ast.DoConstruct, c *ast.Comment, cl *ast.OmpClause) error {
	for _, v := range cl.Vars {
		sym := g.scope.Lookup(strings.ToLower(v))
		if sym == nil || !g.pa.ActiveVar(sym) {
			continue
		}
		switch {
		case c.Omp.Name != "parallel do":
			return g.ompError(c, "%s of an active variable on !$omp %s in reverse mode", cl.Name, c.Omp.Name)
		case sym.Rank() > 0:
			return g.ompError(c, "%s of active array '%s' in reverse mode", cl.Name, v)
		case cl.Name == "firstprivate" && ompWritesArray(s.Body, v):
			return g.ompError(c, "firstprivate variable '%s' written in the loop (carried from one iteration to the next of a thread) in reverse mode", v)
		case cl.Name == "lastprivate" && s.Step != nil && !isOne(s.Step) && !isMinusOne(s.Step):
			return g.ompError(c, "lastprivate of an active variable in a loop of step other than 1 or -1 in reverse mode")
		}
	}
	return nil
}

// ompSharedFirst removes from private the firstprivate variables of
// directive d the loop s does not write: shared in the backward loop.
func ompSharedFirst(d *ast.OmpDirective, s *ast.DoConstruct, private map[string]bool) {
	for _, cl := range d.Clauses {
		if cl.Name != "firstprivate" {
			continue
		}
		for _, v := range cl.Vars {
			if !ompWritesArray(s.Body, v) {
				delete(private, strings.ToLower(v))
			}
		}
	}
}

// ompLastActive are the active lastprivate scalars of directive d.
func (g *gen) ompLastActive(d *ast.OmpDirective) []*sema.Symbol {
	var out []*sema.Symbol
	for _, cl := range d.Clauses {
		if cl.Name != "lastprivate" {
			continue
		}
		for _, v := range cl.Vars {
			if sym := g.scope.Lookup(strings.ToLower(v)); sym != nil && g.pa.ActiveVar(sym) && sym.Rank() == 0 {
				out = append(out, sym)
			}
		}
	}
	return out
}

// ompLastName is the variable holding the adjoint of lastprivate t after
// the loop, for the last backward iteration.
func (g *gen) ompLastName(sym *sema.Symbol) (*ast.Ident, error) {
	return g.local("fadj_last_"+strings.ToLower(sym.Name), sym.Type)
}

// ompLastStart is the start of the backward iteration of loop s for the
// adjoint tb of lastprivate sym: tb from the code after the loop in the
// last iteration.
func (g *gen) ompLastStart(s *ast.DoConstruct, sym *sema.Symbol, tb string) (ast.Stmt, error) {
	last, err := g.ompLastName(sym)
	if err != nil {
		return nil, err
	}
	cond := &ast.BinaryExpr{X: ast.NewIdent(s.Var.Name), Op: token.EQ, OpLit: "==", Y: ast.Clone(s.Stop)}
	return &ast.IfStmt{Cond: cond, Action: &ast.AssignStmt{Lhs: ast.NewIdent(tb), Rhs: last}}, nil
}

// ompLastAround wraps the sweeps of parallel loop s with directive d:
// the forward one pushes each active lastprivate t before the loop; the
// backward one saves t_b for the last iteration and zeroes it before the
// backward loop, and pops t after it.
func (g *gen) ompLastAround(d *ast.OmpDirective, fwd, bwd []ast.Stmt) ([]ast.Stmt, []ast.Stmt, error) {
	for _, sym := range g.ompLastActive(d) {
		typ, ok := tape.TypeOf(sym.Type)
		if !ok {
			return nil, nil, notSupported("lastprivate '%s' of type %s in reverse mode", sym.Name, sym.Type)
		}
		last, err := g.ompLastName(sym)
		if err != nil {
			return nil, nil, err
		}
		tb := ast.NewIdent(sym.Name + g.suffix)
		fwd = append([]ast.Stmt{tapePush(typ, ast.NewIdent(sym.Name))}, fwd...)
		pre := []ast.Stmt{&ast.AssignStmt{Lhs: last, Rhs: tb},
			&ast.AssignStmt{Lhs: ast.Clone(tb), Rhs: deriv.Const("0", sym.Type)}}
		bwd = append(append(pre, bwd...), tapePop(typ, ast.NewIdent(sym.Name)))
	}
	return fwd, bwd, nil
}
