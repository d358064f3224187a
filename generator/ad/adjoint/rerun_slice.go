package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/intrinsic"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Steps run again compute only what adjoints read.
//
// In the backward sweep of a checkpointed loop, the steps run again (the
// advances from a snapshot, and the record form before each step's
// reverse) serve only the adjoints: the loop's results, a cost summed
// over the steps above all, come from the forward sweep, which runs the
// body whole (the target keeps its dependents, keepOutputs). An
// assignment in those forms whose variable nothing kept reads is left
// out, and the variable out of the snapshots (Hascoët's adjoint
// liveness, applied to the forms run again). A variable is needed when
//
//   - the adjoint of the code before the loop needs its value at the
//     loop's start (the TBR set Req there, which the first step's tape
//     restores);
//   - the reverse form names it;
//   - a statement of the body or the record form other than an
//     assignment to a candidate names it: a condition, a bound, a call, a
//     push on the tape, an I/O statement;
//   - an assignment to a needed variable reads it (to a fixed point, as
//     steps read what earlier steps assigned).
//
// Candidates are the routine's own variables and dummies of numeric or
// logical type that no pointer, EQUIVALENCE, COMMON, SAVE or NAMELIST
// can reach; an assignment stays when it has a label or references a
// function that is not an intrinsic. The analysis is by name over the
// forms, which share the routine's names: a name it cannot resolve only
// makes more variables needed. A checkpointed region (a BLOCK run once)
// is the same: its backward sweep runs its record form again, from its
// snapshot.

// rerunDead returns the variables the forms of checkpointed loop s's
// steps run in its backward sweep need not compute, given its record form
// f and reverse form b: nil when there are none, or when the loop is one
// the analysis leaves alone (store-all, split versions, jumps leaving a
// step, BLOCK, ASSOCIATE or OpenMP in it, internal procedures, NAMELIST).
func (g *gen) rerunDead(s *ast.DoConstruct, f, b []ast.Stmt) snapshot.Set {
	if g.hasStepExit(s) {
		return nil
	}
	return g.regionDead(s, s.Body, f, b)
}

// regionDead is rerunDead for the statements body of checkpointed loop
// or region s, whose header (a loop's bounds or condition) the forms
// read.
func (g *gen) regionDead(s ast.Stmt, body, f, b []ast.Stmt) snapshot.Set {
	if g.tbr == nil || g.split || g.pa.Unit == nil || len(g.pa.Unit.Procs) > 0 || g.scope.SaveAll() ||
		hasOmp(body) || g.hasNamelist() {
		return nil
	}
	cands := map[string]*sema.Symbol{}
	ok := true
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockConstruct, *ast.AssociateConstruct:
			ok = false
		case *ast.AssignStmt:
			if id := assignedName(n.Lhs); id != nil {
				if v := g.info.ObjectOf(id); v != nil && g.rerunCandidate(v) {
					cands[v.Name] = v
				}
			}
		}
		return ok
	})
	if !ok || len(cands) == 0 {
		return nil
	}
	r := &rerunNeeds{g: g, cands: cands, need: map[string]bool{}}
	for _, v := range g.tbr.Required(s, false) {
		r.need[v.Sym.Name] = true
	}
	r.names(s, true)
	r.list(body)
	r.list(f)
	for _, st := range b {
		r.names(st, false)
	}
	r.solve()
	dead := snapshot.Set{}
	for name, v := range cands {
		if !r.need[name] {
			dead[v] = true
		}
	}
	if len(dead) == 0 {
		return nil
	}
	return dead
}

// rerunCandidate reports whether v is a variable whose assignments the
// forms run again may leave out.
func (g *gen) rerunCandidate(v *sema.Symbol) bool {
	if v.Kind != sema.VarSym || v.Owner != g.scope || v == g.result || v.Type == nil {
		return false
	}
	if v.Attrs&(sema.AttrPointer|sema.AttrTarget|sema.AttrAllocatable|sema.AttrSave|sema.AttrData|
		sema.AttrEquivalence|sema.AttrInCommon|sema.AttrVolatile|sema.AttrAsynchronous|sema.AttrResult) != 0 {
		return false
	}
	return v.Type.IsNumeric() || v.Type.IsLogical()
}

// hasNamelist reports whether the routine declares a NAMELIST group,
// whose READ and WRITE name no variable.
func (g *gen) hasNamelist() bool {
	for _, v := range g.scope.Symbols() {
		if v.Kind == sema.NamelistSym {
			return true
		}
	}
	return false
}

// rerunNeeds is the analysis of rerunDead: the needed names, and the
// assignments to candidates with what each reads.
type rerunNeeds struct {
	g     *gen
	cands map[string]*sema.Symbol
	need  map[string]bool
	cond  []rerunAssign
}

type rerunAssign struct {
	lhs   string
	reads []string
}

// list walks statements of a form.
func (r *rerunNeeds) list(list []ast.Stmt) {
	for _, st := range list {
		if lhs, reads, ok := r.conditional(st); ok {
			r.cond = append(r.cond, rerunAssign{lhs, reads})
			continue
		}
		r.names(st, true)
		for _, l := range nestedLists(st) {
			r.list(l)
		}
	}
}

// conditional returns the variable statement st assigns when st is an
// assignment the forms run again may leave out (an assignment to a
// candidate, or a logical IF whose action is one), and the names it
// reads.
func (r *rerunNeeds) conditional(st ast.Stmt) (lhs string, reads []string, ok bool) {
	a, isAssign := st.(*ast.AssignStmt)
	var cond ast.Expr
	if ifs, isIf := st.(*ast.IfStmt); isIf && ifs.Label == 0 {
		a, isAssign = ifs.Action.(*ast.AssignStmt)
		cond = ifs.Cond
	}
	if !isAssign || st.Header().Label != 0 || a.Label != 0 {
		return "", nil, false
	}
	id := assignedName(a.Lhs)
	if id == nil || r.cands[strings.ToLower(id.Name)] == nil {
		return "", nil, false
	}
	for _, x := range []ast.Expr{a.Lhs, a.Rhs, cond} {
		if x != nil && !r.g.rerunPure(x) {
			return "", nil, false
		}
	}
	seen := map[string]bool{}
	for _, x := range []ast.Node{a.Rhs, exprNode(cond)} {
		collectNames(x, seen)
	}
	if c, ok := a.Lhs.(*ast.CallExpr); ok {
		for _, x := range c.Args {
			collectNames(x, seen)
		}
	}
	for n := range seen {
		reads = append(reads, n)
	}
	sort.Strings(reads)
	return strings.ToLower(id.Name), reads, true
}

// names marks needed every name node n holds; with own, not those of
// the statements nested in it (list walks those).
func (r *rerunNeeds) names(n ast.Node, own bool) {
	seen := map[string]bool{}
	nested := map[ast.Node]bool{}
	if st, ok := n.(ast.Stmt); ok && own {
		for _, l := range nestedLists(st) {
			for _, in := range l {
				nested[in] = true
			}
		}
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if nested[m] {
			return false
		}
		if id, ok := m.(*ast.Ident); ok {
			seen[strings.ToLower(id.Name)] = true
		}
		return true
	})
	for name := range seen {
		r.need[name] = true
	}
}

// solve closes the needed names over the conditional assignments.
func (r *rerunNeeds) solve() {
	for changed := true; changed; {
		changed = false
		for _, a := range r.cond {
			if !r.need[a.lhs] {
				continue
			}
			for _, n := range a.reads {
				if !r.need[n] {
					r.need[n] = true
					changed = true
				}
			}
		}
	}
}

// rerunPure reports whether expression x references no function other
// than an intrinsic (an array element or section is no reference) and no
// defined operator, in the routine's code or the generator's.
func (g *gen) rerunPure(x ast.Expr) bool {
	pure := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			id, ok := n.Fun.(*ast.Ident)
			if !ok {
				pure = false
				break
			}
			// A name the routine does not know is an intrinsic's or a
			// variable the generator declared: sema gives even an
			// undeclared external function a symbol.
			v := g.scope.Lookup(strings.ToLower(id.Name))
			if v == nil || v.Kind == sema.VarSym {
				break
			}
			if _, known := intrinsic.Lookup(strings.ToLower(id.Name)); !known || !v.Attrs.Has(sema.AttrIntrinsic) {
				pure = false
			}
		case *ast.UnaryExpr:
			pure = pure && !definedOp(n.OpLit)
		case *ast.BinaryExpr:
			pure = pure && !definedOp(n.OpLit)
		}
		return pure
	})
	return pure
}

// definedOp reports whether operator spelling op is a defined operator
// (.myop.), not an intrinsic one.
func definedOp(op string) bool {
	switch strings.ToLower(op) {
	case "", ".and.", ".or.", ".not.", ".eqv.", ".neqv.", ".eq.", ".ne.", ".lt.", ".le.", ".gt.", ".ge.":
		return false
	}
	return strings.HasPrefix(op, ".")
}

// collectNames adds the lower-case names n holds to seen.
func collectNames(n ast.Node, seen map[string]bool) {
	if n == nil {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			seen[strings.ToLower(id.Name)] = true
		}
		return true
	})
}

// nestedLists returns the statement lists nested in construct st, WHERE
// and FORALL constructs included.
func nestedLists(st ast.Stmt) [][]ast.Stmt {
	switch st := st.(type) {
	case *ast.WhereConstruct:
		var out [][]ast.Stmt
		for _, br := range st.Branches {
			out = append(out, br.Body)
		}
		return out
	case *ast.ForallConstruct:
		return [][]ast.Stmt{st.Body}
	}
	return innerLists(st)
}

// withoutDead returns a copy of list without the assignments to dead
// variables that rerunDead's analysis found conditional.
func (g *gen) withoutDead(list []ast.Stmt, dead snapshot.Set) []ast.Stmt {
	if len(dead) == 0 {
		return list
	}
	r := &rerunNeeds{g: g, cands: map[string]*sema.Symbol{}}
	for v := range dead {
		r.cands[v.Name] = v
	}
	var drop func(list []ast.Stmt) []ast.Stmt
	drop = func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, st := range list {
			if _, _, ok := r.conditional(st); ok {
				continue
			}
			rewriteBlocks(st, drop) // fixedpoint_sweep.go
			out = append(out, st)
		}
		return out
	}
	cp := make([]ast.Stmt, len(list))
	for i, st := range list {
		cp[i] = ast.Clone(st)
	}
	return drop(cp)
}

// assignedName returns the variable assignment target x names: v, v(i)
// or v(lo:hi); nil for a component or a substring of an element.
func assignedName(x ast.Expr) *ast.Ident {
	if c, ok := x.(*ast.CallExpr); ok {
		x = c.Fun
	}
	id, _ := x.(*ast.Ident)
	return id
}
