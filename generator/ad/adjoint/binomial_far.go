package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Jumps leaving a step of a checkpointed loop for further on.
//
// A RETURN the routine goes on after, a GO TO to a label further down,
// and an EXIT or CYCLE of a loop around the checkpointed one leave a
// step as an EXIT does (binomial_exit.go), and the step reports which
// one it took, as in the plain adjoint (jumps.go): its advance form sets
// fadj_jump to the jump's number before leaving the step's one-trip
// wrapper, and after the loop's forward sweep the code the plain adjoint
// puts after a loop a jump leaves (afterLoop) takes the jump on: it
// pushes the jump's marker and goes to the target, or leaves the next
// loop. The record form of the last step pushes the markers the step's
// reverse form pops, as for an EXIT, and zeroes fadj_jump.
//
// At the jump's landing point the backward sweep pops the marker and
// runs the loop's whole backward sweep (its partial sweep for the jump):
// the loop's backward sweep then appears twice in the routine, and the
// second copy gets labels and construct names of its own (freshCopy).

// farLeave adds to the sweeps of checkpointed loop s what the jumps
// leaving it for further on need (gen.leave), each partial sweep a fresh
// copy of the loop's backward sweep.
func (g *gen) farLeave(s *ast.DoConstruct, fwd, bwd []ast.Stmt) ([]ast.Stmt, []ast.Stmt, error) {
	fwd, bwd, err := g.leave(s, fwd, bwd)
	if err != nil {
		return nil, nil, err
	}
	for _, j := range g.jumps.byLoop[s] {
		g.part[j.id] = g.freshCopy(bwd)
	}
	return fwd, bwd, nil
}

// freshCopy returns a copy of list whose statement labels and the
// construct names it defines are new, with the GO TOs, EXITs and CYCLEs
// that name them.
func (g *gen) freshCopy(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	for i, st := range list {
		out[i] = ast.Clone(st)
	}
	g.relabel(out)
	defined := map[string]bool{}
	ast.Inspect(&ast.Unit{Body: out}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ExitStmt, *ast.CycleStmt:
		default:
			if ids := constructNames(n); len(ids) > 0 && ids[0] != nil {
				defined[strings.ToLower(ids[0].Name)] = true
			}
		}
		return true
	})
	if len(defined) == 0 {
		return out
	}
	g.nbnCopy++
	suffix := "_c" + strconv.Itoa(g.nbnCopy)
	done := map[*ast.Ident]bool{}
	ast.Inspect(&ast.Unit{Body: out}, func(n ast.Node) bool {
		for _, id := range constructNames(n) {
			if id != nil && !done[id] && defined[strings.ToLower(id.Name)] {
				done[id] = true
				id.Name += suffix
			}
		}
		return true
	})
	return out
}

// unshare returns list with each run of statements the walk has seen
// before (the plain adjoint puts a statement's backward sweep in more
// than one place: a jump's partial sweep, the branches of a landing
// point's dispatch) replaced by a fresh copy when it holds labels or
// construct names: those of checkpointed loops' forms (the plain
// backward sweep has none) may not appear twice in a routine. Lists
// shared between constructs are copied before they change.
func (g *gen) unshare(list []ast.Stmt, seen map[ast.Stmt]bool) []ast.Stmt {
	out := list
	for i := 0; i < len(list); {
		st := list[i]
		if !seen[st] {
			seen[st] = true
			for _, p := range stmtLists(st) {
				*p = g.unshare(*p, seen)
			}
			i++
			continue
		}
		j := i
		for j < len(list) && seen[list[j]] {
			j++
		}
		if named(list[i:j]) {
			if &out[0] == &list[0] {
				out = append([]ast.Stmt(nil), list...)
			}
			copy(out[i:j], g.freshCopy(list[i:j]))
		}
		i = j
	}
	return out
}

// stmtLists returns the places of the statement lists of st.
func stmtLists(st ast.Stmt) []*[]ast.Stmt {
	switch st := st.(type) {
	case *ast.DoConstruct:
		return []*[]ast.Stmt{&st.Body}
	case *ast.BlockConstruct:
		return []*[]ast.Stmt{&st.Body}
	case *ast.AssociateConstruct:
		return []*[]ast.Stmt{&st.Body}
	case *ast.IfConstruct:
		var out []*[]ast.Stmt
		for _, br := range st.Branches {
			out = append(out, &br.Body)
		}
		return out
	case *ast.SelectCase:
		var out []*[]ast.Stmt
		for _, c := range st.Cases {
			out = append(out, &c.Body)
		}
		return out
	}
	return nil
}

// named reports whether list holds a labelled statement or a construct
// with a name.
func named(list []ast.Stmt) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 {
			found = true
		}
		if ids := constructNames(n); len(ids) > 0 && ids[0] != nil {
			found = true
		}
		return !found
	})
	return found
}

// isStepGoto reports whether st is a GO TO to a label of the step of
// loop s it is in (it may leave loops nested in the step): the record form reverses it as the plain
// adjoint does, the advance form keeps it (unlabelled keeps the labels
// GO TOs jump to), and copyOf gives each copy labels of its own.
func (g *gen) isStepGoto(st ast.Stmt, s *ast.DoConstruct) bool {
	_, ok := st.(*ast.GotoStmt)
	j := g.jumps.byStmt[st]
	return ok && j != nil && !leavesLoop(j, s)
}
