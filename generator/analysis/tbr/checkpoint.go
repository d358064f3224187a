package tbr

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Checkpointed calls.
//
// A jointly reversed call is a checkpoint: its snapshot sets come from the
// equations of Dauvergne and Hascoët (package snapshot), with Req the TBR
// set before the call, out(C) and use(C̄) from modref (the caller's
// variables the callee may define, and may read on entry, through its
// arguments and the globals it reaches), plus the variables the call of
// the callee's adjoint evaluates again (subscripts, expression arguments),
// and out(D̄) what the caller may define after the call. The set after the
// call is ((Req \ Sbk) ∪ use(C̄)) \ Snp: what D̄ records because of the
// call is Req_D. A variable only partly saved (an element passed as an
// argument) stays required.

// Checkpoint is what a jointly reversed call saves.
type Checkpoint struct {
	Sets     snapshot.Sets
	Decision snapshot.Decision
	// Snp, Sbk and ReqC are the references to save, in a fixed order:
	// actual arguments (variables, elements, sections) the call may
	// define, or whole variables (globals and host variables, Ref.Expr
	// nil).
	Snp, Sbk, ReqC []Ref

	after  []ast.Stmt // the code after the call (modref.After)
	modref *modref.Result
	scope  *sema.Scope
}

// Ref is a reference to save: an actual argument of the call, or a whole
// variable the callee reaches otherwise (Expr nil).
type Ref struct {
	Expr ast.Expr
	Var  *sema.Symbol
}

func (r Ref) String() string {
	if r.Expr == nil {
		return r.Var.Name
	}
	return ast.Key(r.Expr)
}

// Checkpoint returns what joint call s saves, nil for another statement
// or in store-all mode.
func (p *ProcTBR) Checkpoint(s *ast.CallStmt) *Checkpoint {
	if p == nil {
		return nil
	}
	return p.checkpoints[s]
}

// checkpoint is the transfer function of a jointly reversed call.
func (a *analyzer) checkpoint(s *ast.CallStmt, in set) set {
	mc := a.modref.Call(s, a.scope)
	sets := snapshot.Sets{Req: snapshot.Set{}, OutC: snapshot.Set{}, UseC: snapshot.Set{}, OutD: snapshot.Set{}}
	for v := range in {
		sets.Req[v] = true
	}
	for v := range mc.Defs {
		if !a.isDoVar(v) {
			sets.OutC[v] = true
		}
	}
	var sum *summary
	if callee := a.results[a.pa.CallPattern(s)]; callee != nil {
		sum = callee.adjoint
	}
	for v := range mc.Uses {
		if readByAdjoint(v, mc, sum) {
			sets.UseC[v] = true
		}
	}
	sets.Kept = a.kept(s, mc)
	// The call of the adjoint evaluates the arguments' subscripts and
	// expression arguments again.
	use := set{}
	for _, arg := range s.Args {
		if kw, ok := arg.(*ast.KeywordArg); ok {
			arg = kw.Value
		}
		if a.base(arg) != nil {
			a.subs(arg, use)
		} else {
			a.vars(arg, use)
		}
	}
	for v := range use {
		sets.UseC[v] = true
	}
	opt := a.cfg.Plan.Call(s).Snapshots
	var cost snapshot.Cost
	if opt != plan.Lazy {
		after := a.body.After(s)
		sets.OutD = snapshot.Set(a.modref.Defines(after, a.scope))
		cost = snapshot.Cost{Size: a.bytes, Recorded: func(v *sema.Symbol) int64 { return a.recorded(v, after) }}
	}
	dec := snapshot.Solve(sets, opt, cost)
	whole := a.wholeIn(mc)
	// A call in a loop is visited more than once, with a larger
	// required set each time (package doc): the last visit decides,
	// and records it made the code after the call keep are right for
	// it (those of earlier visits are only extra).
	a.pt.checkpoints[s] = &Checkpoint{Sets: sets, Decision: dec,
		Snp: a.refs(dec.Snp, mc, whole, sets.OutC), Sbk: a.refs(dec.Sbk, mc, whole, sets.OutC), ReqC: a.refs(dec.ReqC, mc, whole, sets.OutC),
		after: a.body.After(s), modref: a.modref, scope: a.scope}
	cp := a.pt.checkpoints[s]
	saved := map[*sema.Symbol]bool{} // saved whole by Snp or Sbk
	for _, r := range append(append([]Ref{}, cp.Snp...), cp.Sbk...) {
		if r.Expr == nil || a.isWhole(r.Expr) {
			saved[r.Var] = true
		}
	}
	out := set{}
	isSaved := func(v *sema.Symbol) bool { return saved[v] && !a.noKill }
	for v := range dec.After(sets, isSaved) {
		out[v] = true
	}
	return out
}

// kept returns the variables of out(C) that the adjoint of the callee of
// joint call s leaves as it found them: arguments whose dummy it does not
// define (summary.go), or only defines by assignments its own TBR records
// (its backward sweep pops them all), when nothing else of the call
// defines them.
func (a *analyzer) kept(s *ast.CallStmt, mc *modref.Call) snapshot.Set {
	callee := a.pa.CallPattern(s)
	pt := a.results[callee]
	if pt == nil || callee.Unit == nil || callee.Flat {
		return nil
	}
	out := snapshot.Set{}
	other := map[*sema.Symbol]bool{}
	for v := range mc.Globals {
		other[v] = true
	}
	for _, x := range mc.Args {
		if !x.Defines {
			continue
		}
		untouched := pt.adjoint != nil && !pt.adjoint.defs[x.Dummy] // (its adjoint leaves the dummy alone)
		if x.Dummy == nil || other[x.Var] || !untouched && !a.restores(pt, callee.Unit, x.Dummy) {
			other[x.Var] = true
			delete(out, x.Var)
			continue
		}
		out[x.Var] = true
	}
	return out
}

// restores reports whether every definition of dummy d in the body of
// unit (whose recording is pt) is an assignment whose old value is
// recorded, so that its adjoint restores d on the way back.
func (a *analyzer) restores(pt *ProcTBR, unit *ast.Unit, d *sema.Symbol) bool {
	info, scope := a.info, a.info.ScopeOf(unit)
	ok := true
	ast.Inspect(&ast.Unit{Body: unit.Body}, func(n ast.Node) bool {
		st, isStmt := n.(ast.Stmt)
		if !isStmt || !ok {
			return ok
		}
		switch st := st.(type) {
		case *ast.AssignStmt:
			if baseOf(info, st.Lhs) == d && !recordsBase(pt, info, st, d) {
				ok = false
			}
			return true
		case *ast.CallStmt, *ast.IOStmt, *ast.DoConstruct, *ast.WhereStmt, *ast.WhereConstruct,
			*ast.ForallStmt, *ast.ForallConstruct, *ast.PointerAssignStmt, *ast.AllocateStmt:
			defined := false
			if loop, ok := st.(*ast.DoConstruct); ok {
				// Its body's assignments are met on their own.
				defined = loop.Var != nil && info.ObjectOf(loop.Var) == d
			} else {
				defined = a.modref.Defines([]ast.Stmt{st}, scope)[d]
			}
			if defined {
				ok = false
			}
		}
		return true
	})
	return ok
}

func recordsBase(pt *ProcTBR, info *sema.Info, s ast.Stmt, d *sema.Symbol) bool {
	for _, x := range pt.record[s] {
		if baseOf(info, x) == d {
			return true
		}
	}
	return false
}

// baseOf is the variable a designator names.
func baseOf(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch y := x.(type) {
		case *ast.Ident:
			return info.ObjectOf(y)
		case *ast.CallExpr:
			x = y.Fun
		case *ast.SelectorExpr:
			x = y.X
		default:
			return nil
		}
	}
}

// wholeIn returns the variables a call defines whole: globals, and
// variables passed whole.
func (a *analyzer) wholeIn(mc *modref.Call) map[*sema.Symbol]bool {
	whole := map[*sema.Symbol]bool{}
	for v := range mc.Globals {
		whole[v] = true
	}
	for _, x := range mc.Args {
		if x.Defines && x.Whole {
			whole[x.Var] = true
		}
	}
	return whole
}

// refs returns the references saving the variables of vs: a variable
// defined whole is saved whole, one defined through elements or sections
// of it passed as arguments, those (sorted as the arguments). The
// elements and sections come first and the whole variables last, and a
// variable of their subscripts that the call changes (k in v(k), with the
// callee incrementing k) is saved whole with them: restored first, it
// gives the pops of the elements the values of their subscripts at the
// push.
func (a *analyzer) refs(vs snapshot.Set, mc *modref.Call, whole map[*sema.Symbol]bool, outC snapshot.Set) []Ref {
	var parts, wholes []Ref
	inWholes := map[*sema.Symbol]bool{}
	addWhole := func(v *sema.Symbol) {
		if !inWholes[v] {
			inWholes[v] = true
			wholes = append(wholes, Ref{Var: v})
		}
	}
	for _, v := range vs.Sorted() {
		if whole[v] {
			addWhole(v)
			continue
		}
		n := len(parts)
		for _, x := range mc.Args {
			if x.Defines && x.Var == v && !containsRef(parts[n:], x.Expr) {
				parts = append(parts, Ref{Expr: x.Expr, Var: v})
			}
		}
		if len(parts) == n {
			addWhole(v) // read only: it is saved whole
		}
	}
	for _, r := range parts {
		subs := set{}
		a.subs(r.Expr, subs)
		for _, u := range sortedSet(subs) {
			if outC[u] {
				addWhole(u)
			}
		}
	}
	return append(parts, wholes...)
}

func sortedSet(s set) []*sema.Symbol {
	var out []*sema.Symbol
	for _, v := range sorted(s) {
		out = append(out, v.Sym)
	}
	return out
}

func containsRef(list []Ref, x ast.Expr) bool {
	for _, r := range list {
		if r.Expr != nil && ast.Equal(r.Expr, x) {
			return true
		}
	}
	return false
}

// String prints the decision with its Req_D: "lazy: Snp={..} Sbk={..}
// ReqC={..} ReqD={..}".
func (cp *Checkpoint) String() string {
	d := cp.Decision
	return d.Snapshots.String() + ": Snp=" + d.Snp.String() + " Sbk=" + d.Sbk.String() +
		" ReqC=" + d.ReqC.String() + " ReqD=" + cp.ReqD().String()
}

// ReqD returns what the code after the call must keep because of it
// (Req_D: out(D̄) ∩ (use(C̄) ∪ Req) \ out(C) minus what the snapshot holds).
// For lazy snapshots out(D̄) is computed here, on demand: the decision
// does not need it.
func (cp *Checkpoint) ReqD() snapshot.Set {
	if cp.Decision.Snapshots != plan.Lazy {
		return cp.Decision.ReqD
	}
	out := snapshot.Set{}
	for v := range cp.modref.Defines(cp.after, cp.scope) {
		if !cp.Sets.OutC[v] && (cp.Sets.UseC[v] || cp.Sets.Req[v]) && !cp.Decision.Snp[v] {
			out[v] = true
		}
	}
	return out
}

// Estimates for the auto snapshot option: an extent or trip count fadj
// cannot know counts as unknownExtent.
const unknownExtent = 100

// bytes estimates the size of variable v.
func (a *analyzer) bytes(v *sema.Symbol) int64 {
	n := elemBytes(v)
	for _, d := range v.Dims {
		if e, ok := d.Extent(); ok {
			n *= e
		} else {
			n *= unknownExtent
		}
	}
	return n
}

func elemBytes(v *sema.Symbol) int64 {
	if v.Type == nil || v.Type.Kind == 0 {
		return 8
	}
	n := int64(v.Type.Kind)
	if v.Type.IsComplex() {
		n *= 2
	}
	return n
}

// recorded estimates the bytes the statements after a call (list) would
// save of v, once per execution of the call, if v stayed required after
// it: an element definition records an element, times the trip counts of
// the loops in list around it; the first whole definition (an
// assignment, or a call defining it, which then saves it in its own
// snapshot) saves v once, and v is no longer required after it.
func (a *analyzer) recorded(v *sema.Symbol, list []ast.Stmt) int64 {
	var total int64
	done := false
	var walk func(list []ast.Stmt, trips int64)
	walk = func(list []ast.Stmt, trips int64) {
		for _, s := range list {
			if done {
				return
			}
			switch s := s.(type) {
			case *ast.AssignStmt:
				if a.base(s.Lhs) == v {
					if a.isWhole(s.Lhs) {
						total += a.bytes(v)
						done = true
					} else {
						total += trips * elemBytes(v)
					}
				}
			case *ast.CallStmt:
				if a.modref.Call(s, a.scope).Defs[v] {
					total += a.bytes(v)
					done = true
				}
			case *ast.DoConstruct:
				walk(s.Body, trips*tripCount(s))
			case *ast.IfConstruct:
				for _, b := range s.Branches {
					walk(b.Body, trips)
				}
			case *ast.SelectCase:
				for _, c := range s.Cases {
					walk(c.Body, trips)
				}
			case *ast.IfStmt:
				walk([]ast.Stmt{s.Action}, trips)
			case *ast.BlockConstruct:
				walk(s.Body, trips)
			}
		}
	}
	walk(list, 1)
	return total
}

// tripCount is the number of iterations of a counted loop with literal
// bounds, else unknownExtent.
func tripCount(s *ast.DoConstruct) int64 {
	lo, ok1 := intLit(s.Start)
	hi, ok2 := intLit(s.Stop)
	step := int64(1)
	if s.Step != nil {
		var ok bool
		if step, ok = intLit(s.Step); !ok || step == 0 {
			return unknownExtent
		}
	}
	if !ok1 || !ok2 {
		return unknownExtent
	}
	if n := (hi - lo + step) / step; n > 0 {
		return n
	}
	return 0
}

func intLit(x ast.Expr) (int64, bool) {
	b, ok := x.(*ast.BasicLit)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(b.Value, 10, 64)
	return n, err == nil
}
