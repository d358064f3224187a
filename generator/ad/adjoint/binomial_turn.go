package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// A turn without the records it would pop at once.
//
// A turn of a checkpointed loop runs a step's record form and at once its
// reverse form. A variable the record pushes whole and the reverse pops
// back, when no statement between may write it, still holds the pushed
// value at the pop: the push and the pop are left out (a WHERE mask
// above all, packed into bits and unpacked again in every turn), and so
// is the reallocation of an allocatable mask before its pop. The pair is
// found by counting: between the push and the pop, every record of the
// same type must be a push or pop at the forms' top level (no construct
// or call that may hold one, no tape mark), so that the pop is the
// push's.

// elideTurn returns the record form rec and reverse form rev of a turn
// without the push and pop pairs it may leave out.
func (g *gen) elideTurn(rec, rev []ast.Stmt) ([]ast.Stmt, []ast.Stmt) {
	dropRec, dropRev := map[int]bool{}, map[int]bool{}
	for i, st := range rec {
		op, ok := tape.Of(st)
		if !ok || op.Kind != tape.Push {
			continue
		}
		x, ok := op.Ref.(*ast.Ident)
		if !ok {
			continue
		}
		// Records of op's type after it, each popped before it.
		later, clean := 0, true
		for _, after := range rec[i+1:] {
			n, ok := g.turnStep(after, op.Type, tape.Push, x.Name)
			if !ok {
				clean = false
				break
			}
			later += n
		}
		if !clean {
			continue
		}
		j := g.matchingPop(rev, op, later)
		if j < 0 || dropRev[j] {
			continue
		}
		start := j - reallocBefore(rev, j, x.Name)
		for _, before := range rev[:start] {
			if _, ok := g.turnStep(before, op.Type, tape.Pop, x.Name); !ok {
				clean = false
				break
			}
		}
		if !clean {
			continue
		}
		dropRec[i] = true
		for k := start; k <= j; k++ {
			dropRev[k] = true
		}
	}
	return without(rec, dropRec), without(rev, dropRev)
}

// matchingPop returns the index in rev of the record of op's type that
// comes after later others, if it pops op's reference back; else -1.
func (g *gen) matchingPop(rev []ast.Stmt, op tape.Op, later int) int {
	seen := 0
	for j, st := range rev {
		pop, isOp := tape.Of(st)
		if !isOp || pop.Kind.IsSnapshot() || pop.Type != op.Type {
			continue
		}
		if seen < later {
			seen++
			continue
		}
		if pop.Kind != tape.Pop || pop.Width != op.Width || printer.ExprString(pop.Ref) != printer.ExprString(op.Ref) ||
			(pop.Count == nil) != (op.Count == nil) {
			return -1
		}
		return j
	}
	return -1
}

// turnStep returns how many records of type t statement st makes (0 or
// 1), false if it may make one other than as a top-level record of kind
// k (a construct or a call that may hold one, a tape mark), may write
// variable x (it names x other than where it only reads it: right sides,
// subscripts, conditions, pushes), or references a function other than
// an intrinsic.
func (g *gen) turnStep(st ast.Stmt, t tape.Type, k tape.Kind, x string) (int, bool) {
	if op, ok := tape.Of(st); ok {
		switch {
		case !op.Kind.IsPush() && names(op.Ref, x):
			return 0, false
		case op.Kind.IsSnapshot() || op.Type != t:
			return 0, true
		case op.Kind != k:
			return 0, false
		}
		return 1, true
	}
	ok := true
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			id := assignedName(n.Lhs)
			ok = ok && (id != nil || !names(n.Lhs, x)) && (id == nil || !strings.EqualFold(id.Name, x)) &&
				g.rerunPure(n.Lhs) && g.rerunPure(n.Rhs)
			return false
		case *ast.DoConstruct:
			ok = ok && (n.Var == nil || !strings.EqualFold(n.Var.Name, x))
		case *ast.IfStmt, *ast.IfConstruct, *ast.SelectCase, *ast.WhereConstruct, *ast.WhereStmt, *ast.ContinueStmt:
		case *ast.CallStmt: // a tape mark, a procedure that may record: not ok
			op, isOp := tape.Of(n)
			ok = ok && isOp && (op.Kind.IsSnapshot() || op.Type != t) && (op.Kind.IsPush() || !names(op.Ref, x))
			return false
		case ast.Stmt:
			ok = false
		case ast.Expr:
			ok = ok && g.rerunPure(n)
			return false
		}
		return ok
	})
	return 0, ok
}

// names reports whether node n holds the name name.
func names(n ast.Node, name string) bool {
	seen := map[string]bool{}
	collectNames(n, seen)
	return seen[strings.ToLower(name)]
}

// reallocBefore returns how many statements before rev[j] reallocate
// variable name for its pop (`if (allocated(x)) deallocate(x)` and
// `allocate(x(...))`): 2 or 0.
func reallocBefore(rev []ast.Stmt, j int, name string) int {
	if j < 2 {
		return 0
	}
	ifs, ok := rev[j-2].(*ast.IfStmt)
	if !ok || ifs.Label != 0 {
		return 0
	}
	d, ok := ifs.Action.(*ast.AllocateStmt)
	a, ok2 := rev[j-1].(*ast.AllocateStmt)
	if !ok || !ok2 || d.Keyword != "deallocate" || a.Keyword != "allocate" || len(d.Objects) != 1 || len(a.Objects) != 1 ||
		len(d.Options) > 0 || len(a.Options) > 0 || a.Label != 0 {
		return 0
	}
	if id, ok := d.Objects[0].(*ast.Ident); !ok || !strings.EqualFold(id.Name, name) {
		return 0
	}
	if id := assignedName(a.Objects[0]); id == nil || !strings.EqualFold(id.Name, name) {
		return 0
	}
	return 2
}

// without returns list without the statements at the indices in drop.
func without(list []ast.Stmt, drop map[int]bool) []ast.Stmt {
	if len(drop) == 0 {
		return list
	}
	var out []ast.Stmt
	for i, st := range list {
		if !drop[i] {
			out = append(out, st)
		}
	}
	return out
}
