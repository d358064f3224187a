package activity

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// analyzer holds the state of one run of the activity analysis.
type analyzer struct {
	pass  *analysis.Pass
	info  *sema.Info
	fset  *source.FileSet
	files []*ast.File

	canonMap      map[*sema.Symbol]*sema.Symbol
	whole         map[*sema.Symbol]bool // canonical symbols tracked as one location
	floatClass    map[*sema.Symbol]bool // whole classes holding real or complex data
	members       map[*sema.Symbol][]*sema.Symbol
	eqPos         map[*sema.Symbol]source.Pos
	leafCache     map[*sema.Symbol][]leaf
	typeLeafCache map[*sema.Symbol][]leaf
	typeFloat     map[*sema.Symbol]bool
	extFloat      map[*sema.Symbol]bool // select_type.go

	procs    map[*sema.Symbol]*procInfo
	order    []*procInfo // reachable procedures, callees first
	groups   [][]*procInfo
	versions map[*procInfo][]*ProcActivity
	work     []*ProcActivity
	reported map[string]bool
	nodeSlab []node // allocation of the intermediate form
	stepSlab []step
	trips    map[*ast.Unit]map[*ast.IOStmt]bool // READs reading back a WRITE (io_roundtrip.go)
}

func newAnalyzer(pass *analysis.Pass) *analyzer {
	return &analyzer{
		pass:          pass,
		info:          pass.Prog.Info,
		fset:          pass.Prog.Fset,
		files:         pass.Prog.Files,
		canonMap:      map[*sema.Symbol]*sema.Symbol{},
		whole:         map[*sema.Symbol]bool{},
		floatClass:    map[*sema.Symbol]bool{},
		members:       map[*sema.Symbol][]*sema.Symbol{},
		eqPos:         map[*sema.Symbol]source.Pos{},
		leafCache:     map[*sema.Symbol][]leaf{},
		typeLeafCache: map[*sema.Symbol][]leaf{},
		typeFloat:     map[*sema.Symbol]bool{},
		procs:         map[*sema.Symbol]*procInfo{},
		versions:      map[*procInfo][]*ProcActivity{},
		reported:      map[string]bool{},
	}
}

func (a *analyzer) report(pos source.Pos, msg string) {
	key := fmt.Sprint(pos, msg)
	if a.reported[key] {
		return
	}
	a.reported[key] = true
	a.pass.Report(pos, msg)
}

// procInfo is what the analysis knows of one procedure, whatever the
// activity pattern: its locations, intermediate form and summary.
type procInfo struct {
	a     *analyzer
	sym   *sema.Symbol
	unit  *ast.Unit
	scope *sema.Scope
	cg    *sema.CGNode
	pos   int // position in analyzer.order

	locs    []locKey
	index   map[locKey]int32
	symLocs map[*sema.Symbol][]int32
	sites   map[ast.Node][]*sema.Symbol

	root      *node
	steps     []*step
	callSteps map[ast.Node][]int32
	recStmts  []ast.Stmt
	stmtRec   map[ast.Stmt]int32
	nacc      int32
	flat      bool
	reads     []readItem
	callees   []*procInfo

	// The interface of the summary: the locations through which a
	// call communicates with its caller.
	slots       []slot
	dummySlots  [][]int32 // per dummy argument
	resultSlots []int32
	nLocalSlots int // dummies and result; globals follow
	globals     map[locKey]bool
	slotLoc     []int32
	globalLocs  []int32 // every location global for this procedure
	sum         *summary

	exprOnce  sync.Once
	exprIndex map[ast.Expr]exprInfo
}

// slot is one input or output of a procedure: a location of a dummy
// argument, of the function result, or a global.
type slot struct {
	key     locKey
	in, out bool
	arg     int    // dummy index, -1 for a global, -2 for the result
	rel     string // path below the dummy
}

// summary is the dependence relation of a procedure: for each output
// slot, the input slots its value on exit may depend on. An output that
// the procedure may leave unchanged depends on itself.
type summary struct {
	n, w int
	dep  []uint64
}

func newSummary(n int) *summary {
	w := words(n)
	return &summary{n: n, w: w, dep: make([]uint64, n*w)}
}

func (s *summary) row(o int) []uint64 { return s.dep[o*s.w : (o+1)*s.w] }

func (s *summary) equal(t *summary) bool { return s.n == t.n && equal(s.dep, t.dep) }

func (a *analyzer) newProcInfo(n *sema.CGNode) *procInfo {
	pi := &procInfo{
		a:         a,
		sym:       n.Proc,
		unit:      n.Unit(),
		cg:        n,
		index:     map[locKey]int32{},
		symLocs:   map[*sema.Symbol][]int32{},
		sites:     map[ast.Node][]*sema.Symbol{},
		callSteps: map[ast.Node][]int32{},
		stmtRec:   map[ast.Stmt]int32{},
	}
	pi.scope = a.info.ScopeOf(pi.unit)
	for _, s := range n.Sites {
		var k ast.Node
		switch {
		case s.Expr != nil:
			k = s.Expr
		case s.Stmt != nil:
			k = s.Stmt
		default:
			continue
		}
		pi.sites[k] = append(pi.sites[k], s.Callee.Proc)
	}
	return pi
}

func (pi *procInfo) siteCallees(n ast.Node) []*sema.Symbol { return pi.sites[n] }

// loc returns the index of a location, adding it if new.
func (pi *procInfo) loc(k locKey) int32 {
	if i, ok := pi.index[k]; ok {
		return i
	}
	i := int32(len(pi.locs))
	pi.locs = append(pi.locs, k)
	pi.index[k] = i
	return i
}

// locsOf returns the locations of a canonical symbol, one per leaf.
func (pi *procInfo) locsOf(sym *sema.Symbol) []int32 {
	if l, ok := pi.symLocs[sym]; ok {
		return l
	}
	lv := pi.a.leaves(sym)
	var out []int32
	if len(lv) > 0 {
		out = make([]int32, len(lv))
		for i, l := range lv {
			out[i] = pi.loc(locKey{sym: sym, path: l.path})
		}
	}
	pi.symLocs[sym] = out
	return out
}

// lookupLocs is locsOf without adding locations.
func (pi *procInfo) lookupLocs(sym *sema.Symbol) []int32 {
	if l, ok := pi.symLocs[sym]; ok {
		return l
	}
	var out []int32
	for _, l := range pi.a.leaves(sym) {
		if i, ok := pi.index[locKey{sym: sym, path: l.path}]; ok {
			out = append(out, i)
		}
	}
	return out
}

// initSlots computes the slots of the dummy arguments and result, which
// depend only on declarations.
func (pi *procInfo) initSlots() {
	a := pi.a
	p := pi.sym.Proc
	if p == nil {
		return
	}
	seen := map[locKey]int32{}
	add := func(k locKey, in, out bool, arg int, rel string) int32 {
		if i, ok := seen[k]; ok {
			pi.slots[i].in = pi.slots[i].in || in
			pi.slots[i].out = pi.slots[i].out || out
			return i
		}
		i := int32(len(pi.slots))
		pi.slots = append(pi.slots, slot{key: k, in: in, out: out, arg: arg, rel: rel})
		seen[k] = i
		return i
	}
	pi.dummySlots = make([][]int32, len(p.Args))
	for i, d := range p.Args {
		if d == nil || d.Kind != sema.VarSym {
			continue
		}
		c := a.canon(d)
		in, out := true, true
		switch d.Intent {
		case ast.IntentIn:
			out = false
		case ast.IntentOut:
			in = false
		}
		if d.Attrs&sema.AttrValue != 0 || neverDefinedFuncArg(a.info, p, d) {
			out = false
		}
		for _, l := range a.leaves(c) {
			pi.dummySlots[i] = append(pi.dummySlots[i], add(locKey{sym: c, path: l.path}, in, out, i, l.path))
		}
	}
	if r := p.Result; r != nil {
		c := a.canon(r)
		for _, l := range a.leaves(c) {
			pi.resultSlots = append(pi.resultSlots, add(locKey{sym: c, path: l.path}, false, true, -2, l.path))
		}
	}
	pi.nLocalSlots = len(pi.slots)
}

// build builds the intermediate form of the procedure.
func (pi *procInfo) build() {
	b := &builder{a: pi.a, pi: pi, cons: consumer{role: roleCut}}
	pi.flat = hasJumps(pi.unit)
	pi.root = b.body(pi.unit)
	seen := map[*procInfo]bool{}
	for _, s := range pi.steps {
		for _, cs := range s.calls {
			if cs.callee != nil && !seen[cs.callee] {
				seen[cs.callee] = true
				pi.callees = append(pi.callees, cs.callee)
			}
		}
	}
}

// buildIndex re-runs the builder, which is deterministic, to find where
// each expression is evaluated and what it depends on.
func (pi *procInfo) buildIndex() map[ast.Expr]exprInfo {
	pi.exprOnce.Do(func() {
		b := &builder{a: pi.a, pi: pi, cons: consumer{role: roleCut}, index: map[ast.Expr]exprInfo{}}
		b.body(pi.unit)
		pi.exprIndex = b.index
	})
	return pi.exprIndex
}

func keyLess(x, y locKey) bool {
	if x.sym != y.sym {
		if x.sym.Pos != y.sym.Pos {
			return x.sym.Pos < y.sym.Pos
		}
		if x.sym.Name != y.sym.Name {
			return x.sym.Name < y.sym.Name
		}
	}
	return x.path < y.path
}

// computeGlobals finds, for a group of mutually recursive procedures
// (or one procedure), the global locations each one reads or writes,
// directly or through its callees.
func (a *analyzer) computeGlobals(g []*procInfo) {
	for _, pi := range g {
		pi.globals = map[locKey]bool{}
		for _, k := range pi.locs {
			if a.isGlobalFor(k, pi.scope) {
				pi.globals[k] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, pi := range g {
			for _, q := range pi.callees {
				for k := range q.globals {
					if !pi.globals[k] && a.isGlobalFor(k, pi.scope) {
						pi.globals[k] = true
						changed = true
					}
				}
			}
		}
	}
}

// finishSlots adds the global slots and the locations of the callees'
// globals; after it the procedure's set of locations is complete.
func (pi *procInfo) finishSlots() {
	for _, q := range pi.callees {
		for _, s := range q.slots[q.nLocalSlots:] {
			pi.loc(s.key)
		}
	}
	// Globals of callees that are this procedure's own variables (an
	// internal procedure using its host's variables) were added above.
	var gl []locKey
	for k := range pi.globals {
		gl = append(gl, k)
	}
	sort.Slice(gl, func(i, j int) bool { return keyLess(gl[i], gl[j]) })
	for _, k := range gl {
		pi.slots = append(pi.slots, slot{key: k, in: true, out: true, arg: -1})
	}
	pi.slotLoc = make([]int32, len(pi.slots))
	for i, s := range pi.slots {
		pi.slotLoc[i] = pi.loc(s.key)
	}
	for i, k := range pi.locs {
		if pi.a.isGlobalFor(k, pi.scope) {
			pi.globalLocs = append(pi.globalLocs, int32(i))
		}
	}
}

// materialize computes the effects of every step from the current
// summaries of the callees.
func (pi *procInfo) materialize() {
	for _, st := range pi.steps {
		if len(st.calls) == 0 {
			st.effects = st.plain
			continue
		}
		effs := append([]effect(nil), st.plain...)
		for _, cs := range st.calls {
			q := cs.callee
			if q == nil {
				for _, e := range cs.ext {
					effs = append(effs, effect{dst: e.dst, src: uniq(union(e.src, pi.globalLocs)), kill: e.kill})
				}
				continue
			}
			sum := q.sum
			for o := range q.slots {
				sl := &q.slots[o]
				if !sl.out {
					continue
				}
				var dst []int32
				kill := !st.noKill
				if o < q.nLocalSlots {
					dst = cs.outs[o]
					kill = kill && cs.kill[o]
				} else {
					dst = []int32{pi.index[sl.key]}
				}
				if len(dst) == 0 {
					continue
				}
				var src []int32
				forEach(sum.row(o), func(i int) {
					if i < q.nLocalSlots {
						src = union(src, cs.ins[i])
					} else {
						src = union(src, []int32{pi.index[q.slots[i].key]})
					}
				})
				effs = append(effs, effect{dst: dst, src: uniq(src), kill: kill})
			}
		}
		st.effects = effs
	}
}

// computeSummary runs the dependence analysis of the procedure.
func (pi *procInfo) computeSummary() *summary {
	n := len(pi.slots)
	sum := newSummary(n)
	if n == 0 {
		return sum
	}
	sw := words(n)
	w := len(pi.locs) * sw
	entry := make([]uint64, w)
	for s, sl := range pi.slots {
		if sl.in {
			l := int(pi.slotLoc[s])
			set(entry[l*sw:(l+1)*sw], int32(s))
		}
	}
	m := newMachine(pi, w, relApply(pi, sw, pi.flat), nil)
	exit := m.forward(entry)
	for o, sl := range pi.slots {
		if sl.out {
			l := int(pi.slotLoc[o])
			copy(sum.row(o), exit[l*sw:(l+1)*sw])
		}
	}
	return sum
}

// ----------------------------------------------------------------------------
// The run

func (a *analyzer) run(t *analysis.Target) (*Result, error) {
	a.buildAliases()
	cg := a.info.CallGraph
	if p := t.Routine.Proc; p != nil && p.Global != nil {
		t = &analysis.Target{Routine: p.Global, Independents: t.Independents, Dependents: t.Dependents}
	}
	rnode := cg.Node(t.Routine)
	if rnode == nil || !rnode.Defined() {
		a.report(t.Routine.Pos, fmt.Sprintf("routine '%s' has no body in the analysed files", t.Routine.Name))
		return &Result{}, nil
	}
	// The procedures reachable from the target.
	reach := map[*sema.CGNode]bool{}
	stack := []*sema.CGNode{rnode}
	reach[rnode] = true
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, lists := range [][]*sema.CGNode{n.Callees, n.Refs} {
			for _, c := range lists {
				if c.Defined() && !reach[c] {
					reach[c] = true
					stack = append(stack, c)
				}
			}
		}
	}
	order, cycles := cg.BottomUp()
	inCycle := map[*sema.CGNode][]*sema.CGNode{}
	for _, c := range cycles {
		for _, n := range c {
			inCycle[n] = c
		}
	}
	done := map[*sema.CGNode]bool{}
	for _, n := range order {
		if !reach[n] || done[n] {
			continue
		}
		members := []*sema.CGNode{n}
		if c := inCycle[n]; c != nil {
			members = nil
			for _, m := range c {
				if reach[m] {
					members = append(members, m)
				}
			}
		}
		var g []*procInfo
		for _, m := range members {
			done[m] = true
			pi := a.newProcInfo(m)
			pi.pos = len(a.order)
			a.procs[m.Proc] = pi
			a.order = append(a.order, pi)
			g = append(g, pi)
		}
		a.groups = append(a.groups, g)
	}
	for _, pi := range a.order {
		pi.initSlots()
	}
	target := a.procs[t.Routine]
	ins, outs := a.checkTarget(t, target)
	for _, pi := range a.order {
		pi.build()
	}
	for _, g := range a.groups {
		a.computeGlobals(g)
	}
	for _, pi := range a.order {
		pi.finishSlots()
	}
	// Target variables that the routine never references still need
	// locations.
	var inLocs, outLocs []int32
	var inVars, outVars []Var
	for _, s := range ins {
		for _, l := range target.locsOf(s) {
			inLocs = append(inLocs, l)
			inVars = append(inVars, target.locs[l].Var())
		}
	}
	for _, s := range outs {
		for _, l := range target.locsOf(s) {
			outLocs = append(outLocs, l)
			outVars = append(outVars, target.locs[l].Var())
		}
	}
	// Summaries, callees first; recursion iterates to a fixed point.
	for _, g := range a.groups {
		for _, pi := range g {
			pi.sum = newSummary(len(pi.slots))
		}
		recursive := len(g) > 1 || g[0].callsSelf()
		for {
			changed := false
			for _, pi := range g {
				pi.materialize()
				s := pi.computeSummary()
				if !s.equal(pi.sum) {
					pi.sum = s
					changed = true
				}
			}
			if !changed || !recursive {
				break
			}
		}
		for _, pi := range g {
			pi.materialize()
		}
	}
	// Versions, from the target down.
	top := a.version(target, nil, nil, true, inLocs, outLocs, Pattern{In: inVars, Out: outVars})
	for len(a.work) > 0 {
		pa := a.work[0]
		a.work = a.work[1:]
		a.analyse(pa)
	}
	res := &Result{Target: top, a: a}
	for _, pi := range a.order {
		res.Procs = append(res.Procs, a.versions[pi]...)
	}
	for _, pa := range res.Procs {
		a.checkVersion(pa)
	}
	a.checkReadBack(res.Procs) // io_readback.go
	a.checkDependents(top, outs)
	return res, nil
}

func (pi *procInfo) callsSelf() bool {
	for _, q := range pi.callees {
		if q == pi {
			return true
		}
	}
	return false
}

// checkTarget checks the independent and dependent variables and
// returns their canonical symbols.
func (a *analyzer) checkTarget(t *analysis.Target, pi *procInfo) (ins, outs []*sema.Symbol) {
	check := func(what string, s *sema.Symbol) bool {
		if s == nil {
			return false
		}
		if s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Result != nil && what == "dependent" {
			s = s.Proc.Result
		}
		if s.Kind != sema.VarSym {
			a.report(s.Pos, fmt.Sprintf("%s '%s' is a %s, not a variable", what, s.Name, s.Kind))
			return false
		}
		if !hasFloat(a, s.Type) {
			a.report(s.Pos, fmt.Sprintf("%s '%s' is %s: only real and complex variables can be differentiated", what, s.Name, typeWord(s.Type)))
			return false
		}
		switch {
		case s.IsDummy() && ownerUnit(s) == pi.scope:
		case isGlobalSym(s):
		case what == "dependent" && pi.sym.Proc != nil && s == pi.sym.Proc.Result:
		default:
			a.report(s.Pos, fmt.Sprintf("%s '%s' is not a dummy argument of '%s' nor a module or common-block variable", what, s.Name, pi.sym.Name))
			return false
		}
		return true
	}
	add := func(list []*sema.Symbol, s *sema.Symbol) []*sema.Symbol {
		c := a.canon(s)
		for _, x := range list {
			if x == c {
				return list
			}
		}
		return append(list, c)
	}
	for _, s := range t.Independents {
		if check("independent", s) {
			ins = add(ins, s)
		}
	}
	for _, s := range t.Dependents {
		if s != nil && s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Result != nil {
			s = s.Proc.Result
		}
		if check("dependent", s) {
			outs = add(outs, s)
		}
	}
	return ins, outs
}

func typeWord(t *sema.Type) string {
	switch {
	case t == nil:
		return "untyped"
	case t.IsDerived():
		if t.Derived != nil {
			return "of type " + t.Derived.Name + ", which has no real or complex component"
		}
		return t.String()
	}
	return t.Basic.String()
}

// ----------------------------------------------------------------------------
// Versions

// version returns the version of pi for a pattern, creating it (and
// queueing its analysis) if new.
func (a *analyzer) version(pi *procInfo, in, out []uint64, target bool, inLocs, outLocs []int32, pat Pattern) *ProcActivity {
	key := "target"
	if !target {
		key = fmt.Sprintf("%x|%x", in, out)
	}
	for _, v := range a.versions[pi] {
		if v.key == key {
			return v
		}
	}
	if !target {
		for s, sl := range pi.slots {
			if has(in, int32(s)) {
				inLocs = append(inLocs, pi.slotLoc[s])
				pat.In = append(pat.In, sl.key.Var())
			}
		}
		for s, sl := range pi.slots {
			if has(out, int32(s)) {
				outLocs = append(outLocs, pi.slotLoc[s])
				pat.Out = append(pat.Out, sl.key.Var())
			}
		}
	}
	pa := &ProcActivity{
		Proc:     pi.sym,
		Unit:     pi.unit,
		Pattern:  pat,
		IsTarget: target,
		Index:    len(a.versions[pi]),
		Flat:     pi.flat,
		pi:       pi,
		key:      key,
		inBits:   in,
		outBits:  out,
		inLocs:   inLocs,
		outLocs:  outLocs,
	}
	a.versions[pi] = append(a.versions[pi], pa)
	a.work = append(a.work, pa)
	return pa
}

// analyse computes the activity inside one version and the versions of
// the procedures it calls.
func (a *analyzer) analyse(pa *ProcActivity) {
	pi := pa.pi
	w := words(len(pi.locs))
	entry := make([]uint64, w)
	setLocs(entry, pa.inLocs)
	pa.v = newRecords(pi, w)
	m := newMachine(pi, w, variedApply(pi, pi.flat), pa.v)
	pa.exitV = m.forward(entry)
	exit := make([]uint64, w)
	setLocs(exit, pa.outLocs)
	pa.u = newRecords(pi, w)
	m = newMachine(pi, w, usefulApply(pi, pi.flat), pa.u)
	m.backward(exit)

	active := make([]uint64, w)
	acc := func(v, u []uint64) {
		for i := range active {
			active[i] |= v[i] & u[i]
		}
	}
	for r := range pi.recStmts {
		acc(pa.v.nodeAt(int32(r), false), pa.u.nodeAt(int32(r), false))
		acc(pa.v.nodeAt(int32(r), true), pa.u.nodeAt(int32(r), true))
	}
	for id := range pi.steps {
		acc(pa.v.stepAt(int32(id), false), pa.u.stepAt(int32(id), false))
		acc(pa.v.stepAt(int32(id), true), pa.u.stepAt(int32(id), true))
	}
	setLocs(active, pa.inLocs)
	setLocs(active, pa.outLocs)
	pa.active = active

	// Steps: which need derivative code, and the callee versions.
	pa.stepActive = make([]bool, len(pi.steps))
	type callKey struct {
		node ast.Node
		q    *procInfo
	}
	type pat struct{ in, out []uint64 }
	pats := map[callKey]*pat{}
	var keys []callKey
	for id, st := range pi.steps {
		vb, va := pa.v.stepAt(int32(id), false), pa.v.stepAt(int32(id), true)
		ua := pa.u.stepAt(int32(id), true)
		act := false
		for _, e := range st.plain {
			if activeDst(e.dst, va, ua) {
				act = true
			}
		}
		for _, cs := range st.calls {
			q := cs.callee
			if q == nil {
				for _, e := range cs.ext {
					if activeDst(e.dst, va, ua) {
						act = true
					}
					if anyIn(ua, e.dst) && variedOther(vb, e.src, e.dst) {
						// The assumption makes an output depend on
						// another argument or a global.
						a.warnExternal(st, cs)
					}
				}
				continue
			}
			k := callKey{st.call, q}
			p := pats[k]
			if p == nil {
				p = &pat{in: make([]uint64, words(len(q.slots))), out: make([]uint64, words(len(q.slots)))}
				pats[k] = p
				keys = append(keys, k)
			}
			for s, sl := range q.slots {
				var lin, lout []int32
				if s < q.nLocalSlots {
					lin, lout = cs.ins[s], cs.outs[s]
				} else {
					l := pi.index[sl.key]
					lin, lout = []int32{l}, []int32{l}
				}
				if sl.in && anyIn(vb, lin) {
					set(p.in, int32(s))
				}
				if sl.out && anyIn(ua, lout) {
					set(p.out, int32(s))
				}
			}
		}
		pa.stepActive[id] = act
	}
	pa.calls = map[ast.Node][]*ProcActivity{}
	for _, k := range keys {
		p := pats[k]
		in, out := canonical(k.q.sum, p.in, p.out)
		var v *ProcActivity
		if in != nil {
			v = a.version(k.q, in, out, false, nil, nil, Pattern{})
			for _, id := range pi.callSteps[k.node] {
				pa.stepActive[id] = true
			}
		}
		pa.calls[k.node] = append(pa.calls[k.node], v)
	}
	// Statements.
	pa.recActive = make([]bool, len(pi.recStmts))
	pa.markActive(pi.root)
}

// variedOther reports whether a location of src that is not in dst is
// varied in vb.
func variedOther(vb []uint64, src, dst []int32) bool {
	for _, l := range src {
		if has(vb, l) && !slices.Contains(dst, l) {
			return true
		}
	}
	return false
}

func activeDst(dst []int32, va, ua []uint64) bool {
	for _, l := range dst {
		if has(va, l) && has(ua, l) {
			return true
		}
	}
	return false
}

// canonical reduces a calling pattern to the inputs that may reach a
// useful output and the outputs that a varied input may reach: the
// activity inside the callee is the same, and fewer versions are made.
// It returns nil, nil when the call is passive.
func canonical(sum *summary, in, out []uint64) ([]uint64, []uint64) {
	cin := make([]uint64, len(in))
	cout := make([]uint64, len(out))
	any := false
	forEach(out, func(o int) {
		row := sum.row(o)
		if intersects(row, in) {
			set(cout, int32(o))
			for i := range cin {
				cin[i] |= row[i] & in[i]
			}
			any = true
		}
	})
	if !any {
		return nil, nil
	}
	return cin, cout
}

// markActive computes which statements need derivative code.
func (pa *ProcActivity) markActive(n *node) bool {
	act := false
	for _, id := range n.pre {
		act = act || pa.stepActive[id]
	}
	for _, id := range n.steps {
		act = act || pa.stepActive[id]
	}
	for _, k := range n.kids {
		if pa.markActive(k) {
			act = true
		}
	}
	if n.rec >= 0 {
		pa.recActive[n.rec] = act
	}
	return act
}

func (a *analyzer) warnExternal(st *step, cs *callSite) {
	pos := st.call
	if pos == nil {
		return
	}
	name := "?"
	if cs.sym != nil {
		name = cs.sym.Name
	}
	if cs.sym != nil && cs.sym.Proc != nil && cs.sym.Proc.Kind == sema.ProcDummy {
		a.pass.Warnf(pos.Pos(), "call to dummy procedure '%s': assumed to make every real argument depend on every other", name)
		return
	}
	if cs.sym != nil && cs.sym.Kind == sema.BindingSym { // a reference bound at run time (sema/oop_static.go)
		a.pass.Warnf(pos.Pos(), "reference to binding '%s' bound at run time: assumed to make every real argument depend on every other", name)
		return
	}
	a.pass.Warnf(pos.Pos(), "call to external procedure '%s' without source: assumed to make every real argument depend on every other", name)
}

// checkVersion reports the active variables the generator cannot
// differentiate.
func (a *analyzer) checkVersion(pa *ProcActivity) {
	pi := pa.pi
	done := map[*sema.Symbol]bool{}
	for i, k := range pi.locs {
		if k.sym == nil || !has(pa.active, int32(i)) || done[k.sym] {
			continue
		}
		done[k.sym] = true
		mem := a.members[k.sym]
		if mem == nil {
			mem = []*sema.Symbol{k.sym}
		}
		for _, m := range mem {
			if p, ok := a.eqPos[m]; ok {
				a.report(m.Pos, fmt.Sprintf("not supported: EQUIVALENCE of active variable '%s' at %s", m.Name, a.fset.Position(p)))
			}
			if m.Attrs&sema.AttrPointer != 0 && !floatLocalPointer(m) && !derivedPointer(m) { // (ptrcomp.go)
				a.report(m.Pos, fmt.Sprintf("not supported yet: active POINTER variable '%s'", m.Name))
			}
		}
		if k.path != "" {
			for _, l := range a.leaves(k.sym) {
				if l.path == k.path && l.ptr && k.sym.Attrs&sema.AttrPointer == 0 && !ownedPointer(k.sym, k.path) { // ptrcomp.go
					a.report(k.sym.Pos, fmt.Sprintf("not supported yet: active POINTER variable '%s%s'", k.sym.Name, pointerPrefix(a, k.sym, k.path)))
				}
			}
		}
	}
	for _, r := range pi.reads {
		if r.namelist != "" && anyIn(pa.active, r.locs) && !sentinelled(pi, pa.active, r.locs) {
			a.report(r.pos.Pos(), fmt.Sprintf("not supported yet: NAMELIST READ of group '%s' holding active variable '%s' (the input decides which of the group's variables it sets, so which derivatives to zero is not known)", r.namelist, r.name))
		}
	}
}

// pointerPrefix returns the part of path up to the first POINTER
// component.
func pointerPrefix(a *analyzer, s *sema.Symbol, path string) string {
	if s.Type == nil || s.Type.Derived == nil {
		return path
	}
	t := s.Type.Derived
	parts := strings.Split(path[1:], "%")
	out := ""
	for _, p := range parts {
		c := t.Component(p)
		if c == nil {
			return path
		}
		out += "%" + p
		if c.Attrs&sema.AttrPointer != 0 || c.Type == nil || c.Type.Derived == nil {
			return out
		}
		t = c.Type.Derived
	}
	return out
}

// checkDependents warns about dependents no independent reaches.
func (a *analyzer) checkDependents(top *ProcActivity, outs []*sema.Symbol) {
	if top == nil || top.exitV == nil {
		return
	}
	for _, s := range outs {
		if !anyIn(top.exitV, top.pi.lookupLocs(s)) {
			a.pass.Warnf(s.Pos, "dependent '%s' does not depend on any independent: its derivative is zero", s.Name)
		}
	}
}

// floatLocalPointer reports whether pointer m is a real or complex local
// variable or dummy, whose shadow pointer the generators associate with
// the shadow of its target (generator/ad/{tangent,adjoint}/pointer.go);
// pointers among globals and components are not supported yet.
func floatLocalPointer(m *sema.Symbol) bool {
	return m.Type != nil && m.Type.IsFloat() && m.Attrs&sema.AttrInCommon == 0
}

// sentinelled reports whether the active locations of a NAMELIST READ's
// member are all of a real variable of kind 4 or 8, not a POINTER: the
// generated code tells the elements the READ sets by a NaN sentinel
// (generator/ad/decl/read_namelist.go).
func sentinelled(pi *procInfo, active []uint64, locs []int32) bool {
	for _, l := range locs {
		if !has(active, l) {
			continue
		}
		k := pi.locs[l]
		if k.sym == nil || k.path != "" || k.sym.Type == nil || !k.sym.Type.IsFloat() || k.sym.Type.Kind != 4 && k.sym.Type.Kind != 8 || k.sym.Attrs.Has(sema.AttrPointer) {
			return false
		}
	}
	return true
}
