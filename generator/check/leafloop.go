package check

import (
	"fmt"
	"regexp"
	"strings"
)

// Array components of arrays of derived type (cells(i)%t(1:4) of
// type(cell_t) :: cells(n)): Fortran has no reference to all of them at
// once (cells%t would be of rank two through two parts), so the driver
// sets, perturbs, seeds and prints such a leaf element by element of
// its record, in a loop over the record array's elements (fadj_e), in
// array element order: the elements' components one record after
// another, as its Size counts them. Only rank-1 arrays of records, and
// the leaf whole (a section of it is rejected).

// emit returns pf for a leaf the driver reaches whole, else a pf that
// writes the statement in a loop over a's record array with every name
// of the leaf (cells%t, fadj0_cells%t, a module shadow's grid_d%t)
// subscripted by the element (cells(fadj_e)%t).
func (a *Arg) emit(pf func(string, ...any)) func(string, ...any) {
	if a.loopRec == "" {
		return pf
	}
	re := regexp.MustCompile(`(\w+)` + regexp.QuoteMeta(a.loopPath) + `\b`)
	return func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		body := strings.TrimLeft(s, " ")
		indent := s[:len(s)-len(body)]
		pf("%sdo fadj_e = 1, size(%s)", indent, a.loopRec)
		pf("%s  %s", indent, re.ReplaceAllString(body, "${1}(fadj_e)"+a.loopPath))
		pf("%send do", indent)
	}
}

// hasLoopLeaf reports whether the driver loops over a record array.
func (p *Program) hasLoopLeaf() bool {
	for _, a := range p.Args {
		if a.loopRec != "" {
			return true
		}
	}
	return false
}
