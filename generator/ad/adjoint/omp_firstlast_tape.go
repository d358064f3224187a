package adjoint

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// FIRSTPRIVATE and LASTPRIVATE on a parallel loop whose iterations
// record on the threads' tapes (omp_tape.go): the loop over the threads
// keeps the clauses. A firstprivate c the loop does not write is shared
// in the backward loop, as without the tape (omp_firstlast.go). A
// lastprivate t gets its value from the last iteration of the loop over
// the threads, which must run the loop's last iteration: the team is cut
// to the trip count, so that no block is empty.
//
//	!$ if (omp_in_parallel()) fadj_omnt = 1
//	!$ fadj_omnt = max(1, min(fadj_omnt, trips))

// ompLastTeam are the conditional lines cutting the team of the loop
// over the threads of parallel loop s (directive c) to its trip count,
// if it has a lastprivate clause.
func (g *gen) ompLastTeam(s *ast.DoConstruct, c *ast.Comment, ids *ompTapeIDs) []*ast.Comment {
	if c.Omp.Clause("lastprivate") == nil {
		return nil
	}
	lo, hi, step := printer.ExprString(g.asInt(s.Start)), printer.ExprString(g.asInt(s.Stop)), "1"
	if s.Step != nil {
		step = printer.ExprString(ompParen(g.asInt(s.Step)))
	}
	trips := fmt.Sprintf("(%s - %s + %s)/%s", hi, lo, step, step)
	text := fmt.Sprintf("%s = max(1, min(%s, %s))", ids.nt.Name, ids.nt.Name, trips)
	return []*ast.Comment{ast.OmpComment(&ast.OmpDirective{Cond: true, Text: text})}
}
