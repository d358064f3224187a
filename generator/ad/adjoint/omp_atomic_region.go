package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// An !$omp atomic update run by every thread of a parallel region,
// outside its worksharing loops (m = m + lm: a thread's partial sum added
// to the total), is reversed as a CRITICAL section of that one statement:
// the forward sweep runs it in an unnamed CRITICAL section, and its
// adjoint (lm_b = lm_b + m_b) runs on every thread, which it may when it
// writes only private variables and their adjoints (ompRegionBwd checks
// it; a product m = m*lm is rejected there).

// ompRegionAtomic opens, for ATOMIC directive d of region r, a block of
// its own in a CRITICAL context; the caller closes it after the statement.
func (g *gen) ompRegionAtomic(r *ompRegion, d *ast.Comment, cur *ompCtx, blk, nblk *int) error {
	if *cur != ompRepl {
		return g.ompError(d, "!$omp %s nested in a parallel region in reverse mode", d.Omp.Name)
	}
	*nblk++
	*cur, *blk = ompCrit, *nblk
	r.crit[*blk] = d
	return nil
}

// ompCritClauses are the clauses of the CRITICAL section of the forward
// sweep for directive d: none for an ATOMIC update.
func ompCritClauses(d *ast.Comment) []*ast.OmpClause {
	if strings.HasPrefix(d.Omp.Name, "atomic") {
		return nil
	}
	return d.Omp.Clauses
}
