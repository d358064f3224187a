package explain

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
)

// Notes on the checkpointed loops and regions, and the fixed-point
// loops, of the spec: how the adjoint reverses them (docs/checkpointing.md,
// docs/fixedpoint.md).

// loopNotes returns the notes of statement s if the plan checkpoints it
// or iterates it as a fixed point.
func (v *version) loopNotes(s ast.Stmt) []Note {
	p := v.d.Plan
	switch s := s.(type) {
	case *ast.DoConstruct:
		if r := p.Region(s); r != nil {
			return []Note{{Kind: Loop, Text: regionLoopText(r, s)}}
		}
		if f := p.FixedPoint(s); f != nil {
			return []Note{{Kind: Loop, Text: fixedPointText(f)}}
		}
	case *ast.BlockConstruct:
		if r := p.Block(s); r != nil {
			return []Note{{Kind: Region, Text: fmt.Sprintf("checkpointed region %s: runs plainly after a snapshot; the backward sweep restores the snapshot, runs the region again recording, and reverses it (%s snapshots)", r.Name, r.Option)}}
		}
	}
	return nil
}

// regionLoopText explains checkpointed loop d.
func regionLoopText(r *plan.Region, d *ast.DoConstruct) string {
	if r.Snapshots == 0 {
		return fmt.Sprintf("checkpointed loop %s: each iteration runs plainly after a snapshot; the backward sweep restores the snapshots last first, runs each iteration again recording, and reverses it (%s snapshots)", r.Name, r.Option)
	}
	text := fmt.Sprintf("checkpointed loop %s: binomial schedule (revolve), at most %d snapshots held at once; the backward sweep runs iterations forward again from the nearest snapshot before reversing each (%s snapshots)", r.Name, r.Snapshots, r.Option)
	if d.While != nil || d.Var == nil || leaves(d) {
		text += "; its trip count is known only when it ends, so the online schedule places the snapshots as it runs"
	}
	return text
}

// leaves reports whether an EXIT in the body of d may leave d.
func leaves(d *ast.DoConstruct) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: d.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ExitStmt:
			found = found || n.Construct == nil || d.Name != nil && strings.EqualFold(n.Construct.Name, d.Name.Name)
		case *ast.DoConstruct:
			// an unnamed EXIT inside leaves that loop
			if n.Name == nil || d.Name == nil {
				return false
			}
		}
		return !found
	})
	return found
}

// fixedPointText explains fixed-point loop f.
func fixedPointText(f *plan.FixedPoint) string {
	start := "cold"
	if f.Warm {
		start = "warm"
	}
	return fmt.Sprintf("fixed-point loop %s: runs plainly, then records one more iteration at convergence; the adjoint iterates that iteration's adjoint on the state until its relative change (%s norm) is at most %g, at most %d iterations (%s start), then adds the parameters' adjoints once", f.Name, f.Norm, f.Tol, f.MaxIter, start)
}
