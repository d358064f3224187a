package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Checkpointed regions that are not loops.
//
// A BLOCK construct the plan checkpoints (a named one, or statements
// between comment markers that package loops wrapped into one) is one
// checkpoint C as a whole, as a checkpointed call is: the forward sweep
// takes the snapshot (region.go's Snp, lazy) and runs the region plainly;
// the backward sweep restores the snapshot, runs the region's forward
// sweep (record) and at once its backward sweep (reverse). What the code
// after the region overwrites and the region reads is held across it,
// as for a loop. A checkpointed loop or call inside the region is
// reversed as its own plan says, in both forms: checkpoints nest.

// blockConstruct reverses BLOCK construct s: a checkpointed one, or
// one reversed as its statements (block.go).
func (g *gen) blockConstruct(s *ast.BlockConstruct) (fwd, bwd []ast.Stmt, err error) {
	r := g.sh.plan.Block(s)
	if r == nil {
		return g.plainBlock(s) // block.go
	}
	what := "checkpointed region " + r.Name
	if err := g.checkBlock(s, what); err != nil {
		return nil, nil, err
	}
	had := partIDs(g.part, nil)
	f, b, err := g.stmts(s.Body)
	if err != nil {
		return nil, nil, err
	}
	var leaving []int
	if g.jumps != nil {
		leaving = g.leavingRegion(s.Body, sortedKeys(partIDs(g.part, had))) // region_jumps.go
	}
	var dead snapshot.Set
	if len(leaving) == 0 {
		dead = g.regionDead(s, s.Body, f, b) // rerun_slice.go
	}
	snp, held, err := g.regionSaves(s, s.Body, nil, what, dead)
	if err != nil {
		return nil, nil, err
	}
	rec, rev := unlabelled(f), unlabelled(b)
	if len(leaving) == 0 {
		rec, rev = g.elideTurn(g.withoutDead(rec, dead), rev) // binomial_turn.go
	}
	c := &bnCode{g: g, body: s.Body, r: r, k: "0",
		slots: map[string][]ast.Stmt{
			"advance":  unlabelled(s.Body),
			"record":   rec,
			"reverse":  rev,
			"snappush": lowered(snp, tape.SnapPush),
			"snappop":  lowered(snp, tape.SnapPop),
			"heldpush": lowered(held, tape.SnapPush),
			"heldpop":  lowered(held, tape.SnapPop),
		}}
	if len(leaving) > 0 {
		if err := g.regionJumps(s, c, leaving, g.part); err != nil { // region_jumps.go
			return nil, nil, err
		}
	}
	fwd = c.stmts("call fadj_slot_snappush\ncall fadj_slot_advance\ncall fadj_slot_heldpush")
	bwd = c.stmts("call fadj_slot_heldpop\ncall fadj_slot_snappop\ncall fadj_slot_record\ncall fadj_slot_reverse")
	if s.Label != 0 {
		// The region's label (a jump to it) goes to a CONTINUE before it.
		c := &ast.ContinueStmt{}
		c.Label = s.Label
		fwd = append([]ast.Stmt{c}, fwd...)
	}
	return fwd, bwd, nil
}

// checkBlock rejects what checkpointed region s cannot hold yet: a jump
// into it from outside (its statements lose their labels), and FORMAT
// statements. Jumps leaving it are region_jumps.go's.
func (g *gen) checkBlock(s *ast.BlockConstruct, what string) error {
	labels := map[int]bool{}
	var bad ast.Stmt
	ast.Inspect(&ast.Unit{Body: s.Body}, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 {
			labels[st.Header().Label] = true
		}
		if f, ok := n.(*ast.FormatStmt); ok && bad == nil {
			bad = f
		}
		return true
	})
	if bad != nil {
		return diag.At(g.fset, bad.Pos(), notSupported("%s in %s", ast.StmtName(bad), what))
	}
	if err := g.regionRead(s.Body, what); err != nil { // io_reexec.go
		return err
	}
	if g.pa.Unit != nil {
		var into bool
		ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
			if n == ast.Node(s) {
				return false
			}
			if ref, ok := n.(*ast.LabelRef); ok && labels[ref.Label] {
				into = true
			}
			return true
		})
		if into {
			return notSupported("a jump into %s from outside it", what)
		}
	}
	return nil
}

// innerLists returns the statement lists directly inside construct st.
func innerLists(st ast.Stmt) [][]ast.Stmt {
	switch st := st.(type) {
	case *ast.DoConstruct:
		return [][]ast.Stmt{st.Body}
	case *ast.BlockConstruct:
		return [][]ast.Stmt{st.Body}
	case *ast.AssociateConstruct:
		return [][]ast.Stmt{st.Body}
	case *ast.IfConstruct:
		var out [][]ast.Stmt
		for _, br := range st.Branches {
			out = append(out, br.Body)
		}
		return out
	case *ast.SelectCase:
		var out [][]ast.Stmt
		for _, c := range st.Cases {
			out = append(out, c.Body)
		}
		return out
	}
	return nil
}
