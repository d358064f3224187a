package fixedpoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A variable every branch of an IF construct with an ELSE (or a SELECT
// CASE with CASE DEFAULT) writes is written after it: a Jacobi sweep
// over all the points, its ends in their own branches (if (i == 1) then
// tnew(i) = ...; else if (i == n) then ...; else ...; end if), writes
// all of tnew, which no iteration carries then. As for an assignment
// not in a branch, an element assignment in a DO loop counts as writing
// the array; outside DO loops only a scalar's (not a derived type's)
// is taken as its whole. Each branch reads what was written before the
// construct, not what another branch writes.

// branches records the reads of the blocks of a construct, each from the
// variables written before it, and, when complete (one block runs
// whatever the conditions), the variables all blocks write.
func (c *carry) branches(blocks [][]ast.Stmt, complete, kills bool) {
	before := c.written
	var all modref.Set
	for i, b := range blocks {
		c.written = modref.Set{}
		for v := range before {
			c.written[v] = true
		}
		c.list(b, kills)
		w := modref.Set{}
		for v := range c.written {
			if !before[v] && (i == 0 || all[v]) {
				w[v] = true
			}
		}
		all = w
	}
	c.written = before
	if !complete || !kills {
		return
	}
	for v := range all {
		if c.depth > 0 || v.Rank() == 0 && !v.Type.IsDerived() {
			c.written[v] = true
		}
	}
}

// ifBlocks returns the blocks of an IF construct and whether it has an
// ELSE.
func ifBlocks(s *ast.IfConstruct) (blocks [][]ast.Stmt, complete bool) {
	for _, b := range s.Branches {
		blocks = append(blocks, b.Body)
		complete = complete || b.Cond == nil
	}
	return blocks, complete
}

// selectCase records a SELECT CASE: its selector and case values read,
// then its blocks, complete with a CASE DEFAULT.
func (c *carry) selectCase(s *ast.SelectCase, kills bool) {
	c.read(c.a.referenced(nil, s.Selector))
	var blocks [][]ast.Stmt
	complete := false
	for _, k := range s.Cases {
		c.read(c.a.referenced(nil, k.Values...))
		blocks = append(blocks, k.Body)
		complete = complete || k.Default
	}
	c.branches(blocks, complete, kills)
}
