package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A max or min reduction written by hand: `!$omp critical; m = max(m,
// e); !$omp end critical` in a parallel do, m a shared active scalar the
// loop mentions nowhere else (a CFL number over the columns). It is
// reversed as reduction(max:m) is (omp_minmax.go), but the forward
// loop's update of m from the iteration's running maximum stays in the
// critical section: the section's directive goes on that update, and
// its END directive stays where it was (on the statement after, or the
// END DO).

// ompCritMinMax returns the max or min update v = op(v, e) (or v =
// op(e, v)) a CRITICAL section of the body of the parallel loop opens
// with directive crit, v an active scalar that is not private to the
// loop of directive c: its operation and v; "" if s is not one. The
// section must hold that statement only.
func (g *gen) ompCritMinMax(c *ast.Comment, s ast.Stmt) (op, v string) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || g.omp.region != nil || ompFind(a.Doc, "critical") == nil {
		return "", ""
	}
	id, ok := a.Lhs.(*ast.Ident)
	if !ok {
		return "", ""
	}
	sym := g.scope.Lookup(strings.ToLower(id.Name))
	private, _ := ompPrivates(c.Omp)
	if sym == nil || sym.Rank() > 0 || !g.pa.ActiveVar(sym) || private[strings.ToLower(id.Name)] {
		return "", ""
	}
	for _, cl := range c.Omp.Clauses {
		if cl.Name == "reduction" {
			for _, x := range cl.Vars {
				if strings.EqualFold(x, id.Name) {
					return "", ""
				}
			}
		}
	}
	for _, o := range []string{"max", "min"} {
		if e, _ := ompMinMaxArg(a, o, id.Name); e != nil {
			return o, strings.ToLower(id.Name)
		}
	}
	return "", ""
}

// ompCritMinMaxes returns the hand-written reductions of the body of
// parallel loop s (directive c): their variables by operation, each
// once, in the order of the body.
func (g *gen) ompCritMinMaxes(s *ast.DoConstruct, c *ast.Comment) (ops, vars []string) {
	seen := map[string]bool{}
	for _, st := range s.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			if x, ok := n.(ast.Stmt); ok {
				if op, v := g.ompCritMinMax(c, x); op != "" && !seen[v] {
					seen[v] = true
					ops, vars = append(ops, op), append(vars, v)
				}
			}
			return true
		})
	}
	return ops, vars
}

// ompCritUpdate gives the forward update of v from the iteration's
// running maximum, upd, the CRITICAL directive of the update s it
// replaces.
func ompCritUpdate(s ast.Stmt, upd ast.Stmt) {
	if c := ompFind(s.Header().Doc, "critical"); c != nil {
		upd.Header().Doc = append(upd.Header().Doc, ast.OmpComment(ast.CloneOmp(c.Omp)))
	}
}

// ompCritOne reports whether list[i] is a hand-written max or min update
// (above) alone in its CRITICAL section of the loop being checked.
func (g *gen) ompCritOne(list []ast.Stmt, i int) bool {
	if g.omp.loopDir == nil {
		return false
	}
	if op, _ := g.ompCritMinMax(g.omp.loopDir, list[i]); op == "" {
		return false
	}
	return i+1 == len(list) || ompFind(list[i+1].Header().Doc, "end critical") != nil
}
