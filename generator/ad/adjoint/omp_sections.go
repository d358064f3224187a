package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// SECTIONS in a parallel region. The sections of a valid program do not
// depend on the order they run in (OpenMP leaves it unspecified), so
// running them one after the other on one thread is one of the allowed
// executions: the sections construct becomes one SINGLE block of the
// region (a MASTER block and a barrier, omp_region.go), whose adjoint the
// backward region runs in a block of its own, the sections in reverse
// order. The forward sweep loses the sections' parallelism; the tape
// operations stay on the master thread. A combined `!$omp parallel
// sections` is such a region (its clauses the region's) made of one
// sections construct: ompFindSpans and ompParse read it so.

// ompSections reads directive d (sections, section, end sections) of a
// region: cur and blk are where the statements after it run, nblk the
// blocks so far.
func (g *gen) ompSections(d *ast.Comment, cur *ompCtx, blk, nblk *int) error {
	if len(d.Omp.Clauses) > 0 {
		return g.ompError(d, "!$omp %s with clauses in a parallel region in reverse mode", d.Omp.Name)
	}
	switch d.Omp.Name {
	case "sections":
		if *cur != ompRepl {
			return g.ompError(d, "!$omp sections nested in a parallel region in reverse mode")
		}
		*nblk++
		*cur, *blk = ompSingle, *nblk
	case "section":
		if *cur != ompSingle {
			return g.ompError(d, "!$omp section outside !$omp sections in reverse mode")
		}
	default:
		*cur, *blk = ompRepl, 0
	}
	return nil
}
