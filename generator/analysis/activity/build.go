package activity

import (
	"slices"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/intrinsic"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The analyses run over a small intermediate form built once per
// procedure: a tree of nodes that mirrors the structured control flow of
// the body (sequences, branches, loops, exits), whose leaves are steps.
// A step is a parallel assignment: a list of effects "dst := f(src)"
// evaluated together. An assignment statement is one step; a function
// reference inside it is a step of its own that writes a temporary
// location, evaluated before the statement's step; a CALL is a step
// whose effects come from the callee's summary.

type nodeKind uint8

const (
	nSteps  nodeKind = iota // steps in order
	nSeq                    // kids in order
	nBranch                 // steps (the condition), then one of kids (or none if empty)
	nLoop                   // pre once, then repeatedly: steps (condition), kids[0]
	nExit                   // leave the construct with accumulator target
	nCycle                  // next iteration of the loop with accumulator target
	nReturn                 // leave the procedure
	nStop                   // end the program
	nBlock                  // kids[0], which EXIT may leave (a named construct)
)

type loopKind uint8

const (
	loopCounted loopKind = iota // DO i = ..., FORALL, DO CONCURRENT: may run zero times
	loopWhile                   // DO WHILE: the condition is evaluated before each iteration
	loopForever                 // DO without control: left only by EXIT, RETURN, STOP
)

type node struct {
	kind   nodeKind
	rec    int32    // record index of the statement the node stands for, -1 if none
	steps  []int32  // nSteps: the steps; nBranch, nLoop: the condition's steps
	pre    []int32  // nLoop: steps evaluated once before the loop
	kids   []*node  // nSeq: the sequence; nBranch: the alternatives; nLoop, nBlock: the body
	empty  bool     // nBranch: control may also pass through no alternative
	loop   loopKind // nLoop
	target int32    // nExit, nCycle: the construct's accumulator; nLoop, nBlock: its own
}

// effect is dst := f(src): every location of dst gets a value that
// depends on the locations in src. kill says the write covers all of
// dst, so that the old values are lost.
type effect struct {
	dst, src []int32
	kill     bool
}

type step struct {
	stmt    ast.Stmt
	call    ast.Node    // the CALL, function reference, defined operator or assignment made, if any
	calls   []*callSite // the procedures it may call
	plain   []effect    // effects known without summaries
	effects []effect    // plain and those of the callees' summaries (materialize)
	noKill  bool        // inside WHERE or FORALL: nothing is killed
}

// callSite is one call of one procedure at a step.
type callSite struct {
	sym    *sema.Symbol
	callee *procInfo // nil: a procedure without body (or a dummy procedure)
	// For a callee with a body: per slot of its dummy arguments and
	// result, the caller's locations that feed it (ins) and that it
	// writes (outs), and whether the write covers them (kill).
	ins, outs [][]int32
	kill      []bool
	// For a callee without body: the conservative effects; their
	// sources get every global location of the caller too.
	ext []effect
	// args maps each actual argument (the passed object first) to the
	// callee's dummy index, -1 if unknown.
	args []int
}

// readItem is a variable a READ statement defines.
type readItem struct {
	pos      ast.Node
	name     string
	locs     []int32
	namelist string // the group of a NAMELIST READ
	stmt     *ast.IOStmt
}

// consumer says where the value of an expression being walked goes, for
// ActiveExpr.
type consumer struct {
	step int32
	role uint8
	arg  int32 // roleArg: index of the actual argument
}

// noCons is the consumer of values that carry no derivative.
var noCons = consumer{role: roleCut}

const (
	roleValue uint8 = iota // flows into the effects of step
	roleCut                // carries no derivative
	roleArg                // an actual argument of the call of step
	roleLHS                // the location written by step
)

// exprInfo is what ActiveExpr knows of an expression.
type exprInfo struct {
	cons consumer
	deps []int32
}

type openConstruct struct {
	name   string
	loop   bool
	target int32
}

// builder builds the intermediate form of one procedure.
type builder struct {
	a          *analyzer
	pi         *procInfo
	env        map[*sema.Symbol][]int32 // values of statement-function dummies
	quiet      int                      // >0: re-walking an ASSOCIATE selector: emit nothing
	noIndex    int                      // >0: inside a statement function body: do not index
	noKill     int                      // >0: inside WHERE or FORALL
	pending    []int32                  // function-reference steps of the statement being built
	constructs []openConstruct
	cons       consumer
	cur        ast.Stmt // statement being built
	index      map[ast.Expr]exprInfo
	nsteps     int32 // steps created (index mode: steps are not stored again)
	nacc       int32
	sfStack    []*sema.Symbol // statement functions being inlined
	scratch    []int32
}

func (b *builder) newStep(call ast.Node) int32 {
	id := b.nsteps
	b.nsteps++
	if b.index == nil {
		if len(b.a.stepSlab) == 0 {
			b.a.stepSlab = make([]step, 64)
		}
		st := &b.a.stepSlab[0]
		b.a.stepSlab = b.a.stepSlab[1:]
		*st = step{stmt: b.cur, call: call, noKill: b.noKill > 0}
		b.pi.steps = append(b.pi.steps, st)
		if call != nil {
			b.pi.callSteps[call] = append(b.pi.callSteps[call], id)
		}
	}
	return id
}

func (b *builder) newAcc() int32 {
	b.nacc++
	if b.index == nil {
		b.pi.nacc = b.nacc
	}
	return b.nacc - 1
}

func (b *builder) stepOf(id int32) *step {
	if b.index != nil {
		return &step{} // discarded
	}
	return b.pi.steps[id]
}

func (b *builder) newNode(kind nodeKind, s ast.Stmt) *node {
	if len(b.a.nodeSlab) == 0 {
		b.a.nodeSlab = make([]node, 64)
	}
	n := &b.a.nodeSlab[0]
	b.a.nodeSlab = b.a.nodeSlab[1:]
	*n = node{kind: kind, rec: -1}
	if s != nil && b.index == nil {
		n.rec = int32(len(b.pi.recStmts))
		b.pi.recStmts = append(b.pi.recStmts, s)
		b.pi.stmtRec[s] = n.rec
	}
	return n
}

func (b *builder) record(x ast.Expr, deps []int32) {
	if b.index != nil && b.noIndex == 0 && b.quiet == 0 {
		b.index[x] = exprInfo{cons: b.cons, deps: deps}
	}
}

// ----------------------------------------------------------------------------
// Statements

func (b *builder) body(u *ast.Unit) *node {
	seq := b.newNode(nSeq, nil)
	// Executable statements the parser kept among the declarations
	// (statement-function look-alikes that are assignments).
	for _, s := range u.Decls {
		if as, ok := s.(*ast.AssignStmt); ok && !b.isStmtFuncAlias(as) {
			seq.kids = append(seq.kids, b.stmt(s))
		}
	}
	seq.kids = append(seq.kids, b.stmts(u.Body).kids...)
	return seq
}

func (b *builder) isStmtFuncAlias(s *ast.AssignStmt) bool {
	call, ok := s.Lhs.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok {
		return false
	}
	sym := b.a.info.Defs[id]
	return sym != nil && sym.Proc != nil && sym.Proc.Kind == sema.ProcStmtFunc
}

func (b *builder) stmts(list []ast.Stmt) *node {
	seq := b.newNode(nSeq, nil)
	for _, s := range list {
		if s == nil {
			continue
		}
		if n := b.stmt(s); n != nil {
			seq.kids = append(seq.kids, n)
		}
	}
	return seq
}

// simple builds a statement that is a list of steps: the function
// references walked by main, then main's own step if it makes one.
func (b *builder) simple(s ast.Stmt, main func()) *node {
	saved, savedStmt, savedCons := b.pending, b.cur, b.cons
	b.pending, b.cur, b.cons = nil, s, noCons
	main()
	n := b.newNode(nSteps, s)
	n.steps = b.pending
	b.pending, b.cur, b.cons = saved, savedStmt, savedCons
	return n
}

// cond walks a condition (or any expression whose value carries no
// derivative) and returns the steps of its function references.
func (b *builder) cond(s ast.Stmt, xs ...ast.Expr) []int32 {
	saved, savedStmt := b.pending, b.cur
	b.pending, b.cur = nil, s
	for _, x := range xs {
		b.cut(x)
	}
	steps := b.pending
	b.pending, b.cur = saved, savedStmt
	return steps
}

func (b *builder) stmt(s ast.Stmt) *node {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return b.simple(s, func() { b.assign(s) })
	case *ast.PointerAssignStmt:
		// Pointer association is modelled by merging the locations
		// (see buildAliases); only function references remain.
		return b.simple(s, func() {
			b.cut(s.Lhs)
			b.cut(s.Rhs)
		})
	case *ast.CallStmt:
		return b.simple(s, func() { b.callStmt(s) })
	case *ast.IfStmt:
		n := b.newNode(nBranch, s)
		n.steps = b.cond(s, s.Cond)
		n.kids = []*node{b.stmt(s.Action)}
		n.empty = true
		return n
	case *ast.IfConstruct:
		return b.named(s.Name, s, func() *node { return b.ifBranches(s, s.Branches, true) })
	case *ast.SelectCase:
		return b.named(s.Name, s, func() *node {
			n := b.newNode(nBranch, s)
			n.steps = b.cond(s, s.Selector)
			n.empty = true
			for _, c := range s.Cases {
				for _, v := range c.Values {
					n.steps = append(n.steps, b.cond(s, v)...)
				}
				n.kids = append(n.kids, b.stmts(c.Body))
				if c.Default {
					n.empty = false
				}
			}
			return n
		})
	case *ast.SelectType:
		// Its blocks are branches; their associate names resolve to
		// the selector (desigSym).
		return b.named(s.Name, s, func() *node {
			n := b.newNode(nBranch, s)
			n.steps = b.cond(s, s.Selector)
			n.empty = true
			for _, g := range s.Guards {
				n.kids = append(n.kids, b.stmts(g.Body))
				n.empty = n.empty && g.Kind != ast.ClassDefault
			}
			return n
		})
	case *ast.DoConstruct:
		return b.doLoop(s)
	case *ast.ExitStmt:
		n := b.newNode(nExit, s)
		n.target = b.findConstruct(s.Construct, false)
		if n.target < 0 {
			n.kind = nSteps // outside any loop: an error sema reports
		}
		return n
	case *ast.CycleStmt:
		n := b.newNode(nCycle, s)
		n.target = b.findConstruct(s.Construct, true)
		if n.target < 0 {
			n.kind = nSteps
		}
		return n
	case *ast.ReturnStmt:
		n := b.newNode(nReturn, s)
		n.steps = b.cond(s, s.Alt)
		return n
	case *ast.StopStmt:
		n := b.newNode(nStop, s)
		n.steps = b.cond(s, s.Code)
		return n
	case *ast.IOStmt:
		return b.simple(s, func() { b.io(s) })
	case *ast.AllocateStmt:
		return b.simple(s, func() { b.allocate(s) })
	case *ast.WhereStmt:
		b.noKill++
		n := b.newNode(nSeq, s)
		m := b.newNode(nSteps, nil)
		m.steps = b.cond(s, s.Mask)
		n.kids = []*node{m, b.stmt(s.Assign)}
		b.noKill--
		return n
	case *ast.WhereConstruct:
		return b.named(s.Name, s, func() *node {
			b.noKill++
			n := b.newNode(nSeq, s)
			for _, br := range s.Branches {
				m := b.newNode(nSteps, nil)
				m.steps = b.cond(s, br.Mask)
				n.kids = append(n.kids, m, b.stmts(br.Body))
			}
			b.noKill--
			return n
		})
	case *ast.ForallStmt:
		return b.forall(s, nil, s.Specs, s.Mask, []ast.Stmt{s.Assign})
	case *ast.ForallConstruct:
		return b.forall(s, s.Name, s.Specs, s.Mask, s.Body)
	case *ast.BlockConstruct:
		return b.named(s.Name, s, func() *node {
			n := b.stmts(s.Body)
			n.rec = b.newNode(nSeq, s).rec
			return n
		})
	case *ast.AssociateConstruct:
		return b.named(s.Name, s, func() *node { return b.associate(s) })
	}
	// CONTINUE, GO TO, FORMAT, DATA, ...: nothing flows (jumps make the
	// whole procedure flow-insensitive, see hasJumps).
	n := b.newNode(nSteps, s)
	switch s := s.(type) {
	case *ast.ComputedGotoStmt:
		n.steps = b.cond(s, s.Expr)
	case *ast.ArithIfStmt:
		n.steps = b.cond(s, s.Expr)
	}
	return n
}

// named wraps a construct that EXIT may leave by name.
func (b *builder) named(name *ast.Ident, s ast.Stmt, build func() *node) *node {
	if name == nil {
		return build()
	}
	id := b.newAcc()
	b.constructs = append(b.constructs, openConstruct{name: name.Lower(), target: id})
	inner := build()
	b.constructs = b.constructs[:len(b.constructs)-1]
	n := &node{kind: nBlock, rec: inner.rec, kids: []*node{inner}, target: id}
	inner.rec = -1
	return n
}

func (b *builder) findConstruct(name *ast.Ident, loopOnly bool) int32 {
	for i := len(b.constructs) - 1; i >= 0; i-- {
		c := b.constructs[i]
		if name == nil {
			if c.loop {
				return c.target
			}
			continue
		}
		if c.name == name.Lower() && (c.loop || !loopOnly) {
			return c.target
		}
	}
	return -1
}

func (b *builder) ifBranches(s ast.Stmt, brs []*ast.IfBranch, top bool) *node {
	var st ast.Stmt
	if top {
		st = s
	}
	n := b.newNode(nBranch, st)
	br := brs[0]
	n.steps = b.cond(s, br.Cond)
	n.kids = []*node{b.stmts(br.Body)}
	rest := brs[1:]
	switch {
	case len(rest) == 0:
		n.empty = true
	case rest[0].Cond == nil:
		n.kids = append(n.kids, b.stmts(rest[0].Body))
	default:
		n.kids = append(n.kids, b.ifBranches(s, rest, false))
	}
	return n
}

func (b *builder) doLoop(s *ast.DoConstruct) *node {
	n := b.newNode(nLoop, s)
	n.target = b.newAcc()
	name := ""
	if s.Name != nil {
		name = s.Name.Lower()
	}
	// The bounds are evaluated once, before the loop; a REAL loop
	// variable (a deleted feature) gets its value from them.
	saved, savedStmt := b.pending, b.cur
	b.pending, b.cur = nil, s
	if s.Var != nil {
		id := b.newStep(nil)
		b.cons = consumer{step: id, role: roleValue}
		deps := union(b.expr(s.Start), b.expr(s.Step))
		b.cons = noCons
		b.cut(s.Stop)
		if r, ok := b.desig(s.Var); ok {
			if dst, _ := b.refLocs(r); len(dst) > 0 {
				b.stepOf(id).plain = []effect{{dst: dst, src: uniq(deps)}}
			}
		}
		b.pending = append(b.pending, id)
	}
	for _, c := range s.Concurrent {
		b.cut(c.Lo)
		b.cut(c.Hi)
		b.cut(c.Stride)
	}
	n.pre = b.pending
	b.pending, b.cur = saved, savedStmt
	switch {
	case s.While != nil:
		n.loop = loopWhile
		n.steps = b.cond(s, s.While)
	case s.Var != nil || s.Concurrent != nil:
		n.loop = loopCounted
		n.steps = b.cond(s, s.Mask)
	default:
		n.loop = loopForever
	}
	b.constructs = append(b.constructs, openConstruct{name: name, loop: true, target: n.target})
	n.kids = []*node{b.stmts(s.Body)}
	b.constructs = b.constructs[:len(b.constructs)-1]
	return n
}

func (b *builder) forall(s ast.Stmt, name *ast.Ident, specs []*ast.ForallSpec, mask ast.Expr, body []ast.Stmt) *node {
	n := b.newNode(nLoop, s)
	n.target = b.newAcc()
	var bounds []ast.Expr
	for _, sp := range specs {
		bounds = append(bounds, sp.Lo, sp.Hi, sp.Stride)
	}
	n.pre = b.cond(s, bounds...)
	n.steps = b.cond(s, mask)
	n.loop = loopCounted
	nm := ""
	if name != nil {
		nm = name.Lower()
	}
	b.constructs = append(b.constructs, openConstruct{name: nm, loop: false, target: n.target})
	b.noKill++
	n.kids = []*node{b.stmts(body)}
	b.noKill--
	b.constructs = b.constructs[:len(b.constructs)-1]
	return n
}

func (b *builder) associate(s *ast.AssociateConstruct) *node {
	seq := b.newNode(nSeq, s)
	init := b.simple(nil, func() {
		b.cur = s
		for _, as := range s.Assocs {
			sym := b.a.info.ObjectOf(as.Name)
			if b.isVarDesig(as.Selector) {
				// The name is an alias of the selector: references
				// resolve to it (see desig). Walk it once for the
				// function references of its subscripts.
				b.cut(as.Selector)
				continue
			}
			deps := b.expr(as.Selector)
			if sym == nil {
				continue
			}
			if dst := b.pi.locsOf(b.a.canon(sym)); len(dst) > 0 {
				id := b.newStep(nil)
				b.stepOf(id).plain = []effect{{dst: dst, src: uniq(deps), kill: true}}
				b.pending = append(b.pending, id)
			}
		}
	})
	seq.kids = append(seq.kids, init)
	seq.kids = append(seq.kids, b.stmts(s.Body).kids...)
	return seq
}

// ----------------------------------------------------------------------------
// Assignments

func (b *builder) assign(s *ast.AssignStmt) {
	if sub := b.a.info.Assignments[s]; sub != nil {
		b.call(s, sub, []ast.Expr{s.Lhs, s.Rhs}, nil)
		return
	}
	id := b.newStep(nil)
	b.cons = consumer{step: id, role: roleValue}
	kill := b.noKill == 0
	var effs []effect
	// A derived-type copy between variables of the same type goes
	// component by component.
	lt := b.a.info.TypeOf(s.Lhs)
	if lt != nil && lt.IsDerived() && !lt.Class && lt.Derived != nil && b.isVarDesig(s.Rhs) {
		if rt := b.a.info.TypeOf(s.Rhs); rt != nil && rt.IsDerived() && rt.Derived == lt.Derived {
			rr, okr := b.desig(s.Rhs)
			var rlocs []int32
			if okr {
				rlocs, _ = b.refLocs(rr)
			}
			b.record(s.Rhs, rlocs)
			b.cons = consumer{step: id, role: roleLHS}
			lr, okl := b.desig(s.Lhs)
			var dst []int32
			exact := false
			if okl {
				dst, exact = b.refLocs(lr)
			}
			b.record(s.Lhs, dst)
			b.cons = noCons
			switch {
			case !okl || len(dst) == 0:
			case okr && !b.a.whole[rr.sym] && !b.a.whole[lr.sym]:
				for _, l := range b.a.typeLeaves(lt.Derived) {
					d, ex := b.refLocs(ref{sym: lr.sym, path: lr.path + l.path, total: lr.total})
					src, _ := b.refLocs(ref{sym: rr.sym, path: rr.path + l.path, total: true})
					if len(d) > 0 {
						effs = append(effs, effect{dst: d, src: src, kill: kill && ex})
					}
				}
			default:
				effs = []effect{{dst: dst, src: rlocs, kill: kill && exact}}
			}
			b.finishStep(id, effs)
			return
		}
	}
	deps := b.expr(s.Rhs)
	b.cons = consumer{step: id, role: roleLHS}
	lr, ok := b.desig(s.Lhs)
	var dst []int32
	exact := false
	if ok {
		dst, exact = b.refLocs(lr)
	}
	b.record(s.Lhs, dst)
	b.cons = noCons
	if len(dst) > 0 {
		effs = []effect{{dst: dst, src: uniq(deps), kill: kill && exact}}
	}
	b.finishStep(id, effs)
}

// finishStep sets the effects of step id, which comes after the steps of
// the function references it evaluates.
func (b *builder) finishStep(id int32, effs []effect) {
	b.stepOf(id).plain = effs
	b.pending = append(b.pending, id)
}

func isDesignatorOrElem(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isDesignatorOrElem(x.X)
	case *ast.CallExpr:
		return isDesignatorOrElem(x.Fun)
	}
	return false
}

// ----------------------------------------------------------------------------
// I/O and allocation

func (b *builder) io(s *ast.IOStmt) {
	for _, c := range s.Control {
		b.cut(c)
	}
	b.cut(s.Format)
	if s.Keyword == "read" && b.a.roundTrip(b.pi.unit)[s] {
		return // its items keep their values (io_roundtrip.go)
	}
	if s.Keyword != "read" {
		for _, it := range s.Items {
			b.cut(it)
		}
		return
	}
	id := b.newStep(nil)
	var effs []effect
	var items func(x ast.Expr, kill bool)
	items = func(x ast.Expr, kill bool) {
		if d, ok := x.(*ast.ImpliedDo); ok {
			for _, it := range d.Items {
				items(it, false)
			}
			b.cut(d.Start)
			b.cut(d.Stop)
			b.cut(d.Step)
			return
		}
		b.cons = consumer{step: id, role: roleLHS}
		r, ok := b.desig(x)
		var dst []int32
		exact := false
		if ok {
			dst, exact = b.refLocs(r)
		}
		b.record(x, dst)
		b.cons = noCons
		if len(dst) == 0 {
			return
		}
		effs = append(effs, effect{dst: dst, kill: kill && exact && b.noKill == 0})
		if b.index == nil {
			b.pi.reads = append(b.pi.reads, readItem{pos: x, name: exprName(x), locs: dst, stmt: s})
		}
	}
	for _, it := range s.Items {
		items(it, true)
	}
	if g := NamelistGroup(b.a.info, s); g != nil {
		// The input decides which of the group's variables it sets:
		// each may keep its value (io_read.go).
		for _, m := range b.a.namelistOf(b.pi.unit, g) {
			n := len(b.pi.reads)
			items(m, false)
			if len(b.pi.reads) > n {
				b.pi.reads[n].namelist = g.Name
				b.pi.reads[n].pos = s
			}
		}
	}
	b.stepOf(id).plain = effs
	b.pending = append(b.pending, id)
}

func (b *builder) allocate(s *ast.AllocateStmt) {
	var src ast.Expr
	for _, o := range s.Options {
		if o.Name != nil && o.Name.Lower() == "source" {
			src = o.Value
		} else {
			b.cut(o.Value)
		}
	}
	id := b.newStep(nil)
	var deps []int32
	if src != nil {
		b.cons = consumer{step: id, role: roleValue}
		deps = b.expr(src)
	}
	var effs []effect
	for _, o := range s.Objects {
		b.cons = consumer{step: id, role: roleLHS}
		r, ok := b.desig(o)
		b.cons = noCons
		if !ok || src == nil {
			continue
		}
		if dst, _ := b.refLocs(r); len(dst) > 0 {
			effs = append(effs, effect{dst: dst, src: uniq(deps)})
		}
	}
	b.stepOf(id).plain = effs
	b.pending = append(b.pending, id)
}

func exprName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e.Lower()
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			return exprName(e.X) + "%" + e.Sel.Lower()
		default:
			return "?"
		}
	}
}

// ----------------------------------------------------------------------------
// Designators

// ref is a designator resolved to a location path.
type ref struct {
	sym   *sema.Symbol // canonical
	path  string
	total bool // the designator covers all of sym at path (no subscript, no alias)
}

// desig resolves a variable designator, walking its subscripts (for the
// function references they hold, carrying no derivative).
func (b *builder) desig(x ast.Expr) (ref, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		return b.desigSym(b.a.info.ObjectOf(x))
	case *ast.CallExpr:
		return b.desigCall(x, b.a.info.Calls[x])
	case *ast.SelectorExpr:
		r, ok := b.desig(x.X)
		if !ok {
			return r, false
		}
		if t := b.a.info.TypeOf(x.X); t != nil && !t.IsDerived() {
			if t.IsComplex() {
				r.total = false // %re, %im
				return r, true
			}
			return ref{}, false // %kind, %len
		}
		if p := b.a.info.ObjectOf(x.Sel); p != nil && p.Kind == sema.TypeSym {
			r.total = false // the parent component (self%base_model): its components are self's
			return r, true
		}
		r.path += "%" + x.Sel.Lower()
		return r, true
	case *ast.ParenExpr:
		return ref{}, false
	}
	return ref{}, false
}

// desigSym resolves a variable name.
func (b *builder) desigSym(sym *sema.Symbol) (ref, bool) {
	if sym == nil || sym.Kind != sema.VarSym {
		return ref{}, false
	}
	if sym.Selector != nil && sym.Owner != nil && sym.Owner.Kind == sema.AssociateScope && b.isVarDesig(sym.Selector) {
		b.quiet++
		r, ok := b.desig(sym.Selector)
		b.quiet--
		return r, ok
	}
	if sym.Owner != nil && sym.Owner.Kind == sema.StmtFuncScope {
		return ref{}, false
	}
	c := b.a.canon(sym)
	return ref{sym: c, total: !b.a.whole[c]}, true
}

// desigCall resolves an array element or section, or a substring.
func (b *builder) desigCall(x *ast.CallExpr, c sema.Call) (ref, bool) {
	switch c.Kind {
	case sema.ArrayElement, sema.Substring, sema.AllocateShape:
		r, ok := b.desig(x.Fun)
		for _, a := range x.Args {
			b.cut(a)
		}
		r.total = false
		return r, ok
	}
	return ref{}, false
}

// refLocs returns the locations a resolved designator touches and
// whether writing it overwrites all of them.
func (b *builder) refLocs(r ref) ([]int32, bool) {
	locs := b.pi.locsOf(r.sym)
	if r.path == "" || len(locs) == 0 {
		return locs, r.total
	}
	lv := b.a.leaves(r.sym)
	exact := r.total
	var out []int32
	for i, l := range lv {
		inside, partial := covers(l.path, r.path)
		if inside || partial {
			out = append(out, locs[i])
		}
		if partial {
			exact = false
		}
	}
	return out, exact
}

// ----------------------------------------------------------------------------
// Expressions

// cut walks an expression whose value carries no derivative (a subscript,
// a condition, an argument of an intrinsic that has no derivative with
// respect to it) for the function references it holds.
func (b *builder) cut(x ast.Expr) {
	if x == nil {
		return
	}
	saved := b.cons
	b.cons.role = roleCut
	if b.index != nil {
		b.expr(x)
	} else {
		// The dependences are dropped: reuse a buffer.
		b.scratch = b.exprTo(b.scratch[:0], x)
	}
	b.cons = saved
}

// expr returns the locations the value of x depends on differentiably,
// emitting a step for every function reference it holds.
func (b *builder) expr(x ast.Expr) []int32 { return b.exprTo(nil, x) }

// exprTo is expr appending to dst.
func (b *builder) exprTo(dst []int32, x ast.Expr) []int32 {
	if x == nil {
		return dst
	}
	start := len(dst)
	dst = b.expr1(dst, x)
	if b.index != nil {
		b.record(x, dst[start:len(dst):len(dst)])
	}
	return dst
}

// arith reports whether x is an intrinsic arithmetic operation, whose
// value depends on both operands.
func (b *builder) arith(x *ast.BinaryExpr) bool {
	switch x.Op {
	case token.PLUS, token.MINUS, token.STAR, token.SLASH, token.POW:
		return b.a.info.Operators[x] == nil
	}
	return false
}

// arithChain is exprTo of both operands of x, an arith operation, in a
// loop down its left operands rather than by recursion: y = x1+...+xn is a
// left-deep tree n levels deep, and deep recursion regrows the stack.
func (b *builder) arithChain(dst []int32, x *ast.BinaryExpr) []int32 {
	spine := []*ast.BinaryExpr{x}
	for {
		l, ok := spine[len(spine)-1].X.(*ast.BinaryExpr)
		if !ok || !b.arith(l) {
			break
		}
		spine = append(spine, l)
	}
	start := len(dst)
	dst = b.exprTo(dst, spine[len(spine)-1].X)
	for i := len(spine) - 1; i >= 0; i-- {
		dst = b.exprTo(dst, spine[i].Y)
		if i > 0 && b.index != nil {
			// x itself is recorded by the exprTo that called expr1.
			b.record(spine[i], dst[start:len(dst):len(dst)])
		}
	}
	return dst
}

func (b *builder) expr1(dst []int32, x ast.Expr) []int32 {
	switch x := x.(type) {
	case *ast.Ident:
		sym := b.a.info.ObjectOf(x)
		if sym == nil || sym.Kind != sema.VarSym {
			return dst
		}
		if sym.Owner != nil && sym.Owner.Kind == sema.StmtFuncScope {
			return append(dst, b.env[sym]...)
		}
		r, ok := b.desigSym(sym)
		if !ok {
			return dst
		}
		locs, _ := b.refLocs(r)
		return append(dst, locs...)
	case *ast.BasicLit, *ast.StarExpr, *ast.LabelRef, *ast.ColonLen:
		return dst
	case *ast.ComplexLit:
		return b.exprTo(b.exprTo(dst, x.Re), x.Im)
	case *ast.ParenExpr:
		return b.exprTo(dst, x.X)
	case *ast.KeywordArg:
		return b.exprTo(dst, x.Value)
	case *ast.UnaryExpr:
		if f := b.a.info.Operators[x]; f != nil {
			return append(dst, b.call(x, f, []ast.Expr{x.X}, nil)...)
		}
		if x.Op == token.NOT {
			b.cut(x.X)
			return dst
		}
		return b.exprTo(dst, x.X)
	case *ast.BinaryExpr:
		if f := b.a.info.Operators[x]; f != nil {
			return append(dst, b.call(x, f, []ast.Expr{x.X, x.Y}, nil)...)
		}
		if b.arith(x) {
			return b.arithChain(dst, x)
		}
		b.cut(x.X)
		b.cut(x.Y)
		return dst
	case *ast.ArrayConstructor:
		for _, it := range x.Items {
			dst = b.exprTo(dst, it)
		}
		return dst
	case *ast.ImpliedDo:
		for _, it := range x.Items {
			dst = b.exprTo(dst, it)
		}
		b.cut(x.Start)
		b.cut(x.Stop)
		b.cut(x.Step)
		return dst
	case *ast.RangeExpr:
		b.cut(x.Lo)
		b.cut(x.Hi)
		b.cut(x.Stride)
		return dst
	case *ast.SelectorExpr:
		if r, ok := b.desig(x); ok {
			locs, _ := b.refLocs(r)
			return append(dst, locs...)
		}
		if t := b.a.info.TypeOf(x); t != nil && !hasFloat(b.a, t) {
			b.cut(x.X)
			return dst
		}
		return b.exprTo(dst, x.X) // a component of a function result
	case *ast.CallExpr:
		return b.callExpr(dst, x)
	}
	return dst
}

func (b *builder) callExpr(dst []int32, x *ast.CallExpr) []int32 {
	c := b.a.info.Calls[x]
	switch c.Kind {
	case sema.ArrayElement, sema.Substring, sema.AllocateShape:
		r, ok := b.desigCall(x, c)
		if !ok || (c.Type != nil && !hasFloat(b.a, c.Type)) {
			return dst
		}
		locs, _ := b.refLocs(r)
		return append(dst, locs...)
	case sema.StructConstructor:
		for _, a := range x.Args {
			dst = b.exprTo(dst, a)
		}
		return dst
	case sema.FunctionCall:
		p := c.Proc
		if p != nil && p.Proc != nil {
			switch p.Proc.Kind {
			case sema.ProcIntrinsic:
				return b.intrinsic(dst, x, p.Proc.Intrinsic, c.Type)
			case sema.ProcStmtFunc:
				return b.stmtFunc(dst, x, p)
			}
		}
		var obj ast.Expr
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && c.Local != nil && c.Local.Kind == sema.BindingSym && c.Local.Attrs&sema.AttrNoPass == 0 {
			obj = sel.X
		}
		return append(dst, b.call(x, p, x.Args, obj)...)
	}
	// Unclassified: assume the value depends on everything in it.
	for _, a := range x.Args {
		dst = b.exprTo(dst, a)
	}
	return b.exprTo(dst, x.Fun)
}

func (b *builder) stmtFunc(dst []int32, x *ast.CallExpr, f *sema.Symbol) []int32 {
	sf := f.Proc.StmtFunc
	if sf == nil || len(b.sfStack) > 16 {
		for _, a := range x.Args {
			dst = b.exprTo(dst, a)
		}
		return dst
	}
	env := make(map[*sema.Symbol][]int32, len(b.env)+len(x.Args))
	for k, v := range b.env {
		env[k] = v
	}
	for i, a := range x.Args {
		deps := b.expr(a)
		if i < len(f.Proc.Args) && f.Proc.Args[i] != nil {
			if t := f.Proc.Args[i].Type; t != nil && !hasFloat(b.a, t) {
				deps = nil // converted to an integer dummy
			}
			env[f.Proc.Args[i]] = deps
		}
	}
	saved := b.env
	b.env = env
	b.noIndex++
	b.sfStack = append(b.sfStack, f)
	deps := b.expr(sf.Expr)
	b.sfStack = b.sfStack[:len(b.sfStack)-1]
	b.noIndex--
	b.env = saved
	if f.Type != nil && !hasFloat(b.a, f.Type) {
		return dst
	}
	return append(dst, deps...)
}

func (b *builder) intrinsic(dst []int32, x *ast.CallExpr, in *sema.Intrinsic, t *sema.Type) []int32 {
	carry := t == nil || hasFloat(b.a, t)
	for i, a := range x.Args {
		k := i // the dummy's place
		if kw, ok := a.(*ast.KeywordArg); ok && kw.Name != nil {
			k = argIndex(in, kw.Name.Lower())
		}
		if !carry || !carries(in, k) {
			b.cut(a)
			continue
		}
		dst = b.exprTo(dst, a)
	}
	return dst
}

// ----------------------------------------------------------------------------
// Calls

// callStmt builds a CALL.
func (b *builder) callStmt(s *ast.CallStmt) {
	c := b.a.info.CallStmts[s]
	p := c.Proc
	if p != nil && p.Proc != nil && p.Proc.Kind == sema.ProcIntrinsic {
		b.intrinsicSub(s, p.Proc.Intrinsic)
		return
	}
	var obj ast.Expr
	if sel, ok := s.Name.(*ast.SelectorExpr); ok && c.Local != nil && c.Local.Kind == sema.BindingSym && c.Local.Attrs&sema.AttrNoPass == 0 {
		obj = sel.X
	}
	b.call(s, p, s.Args, obj)
}

func (b *builder) intrinsicSub(s *ast.CallStmt, in *sema.Intrinsic) {
	id := b.newStep(nil)
	var effs []effect
	var moveFrom []int32
	type out struct {
		r    ref
		name string
		x    ast.Expr
	}
	var outs []out
	for i, a := range s.Args {
		name := ""
		v := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			v = kw.Value
			if kw.Name != nil {
				name = kw.Name.Lower()
			}
		} else if i < len(in.Args) {
			name = in.Args[i]
		}
		k := -1
		for j, n := range in.Args {
			if n == name {
				k = j
			}
		}
		if k >= 0 && k < 32 && in.Out&(1<<k) != 0 {
			b.cons = consumer{step: id, role: roleLHS}
			r, ok := b.desig(v)
			b.cons = noCons
			if ok {
				outs = append(outs, out{r, name, v})
			}
			if in.Name == "move_alloc" && name == "from" && ok {
				moveFrom, _ = b.refLocs(r)
			}
			continue
		}
		b.cut(v)
	}
	for _, o := range outs {
		dst, exact := b.refLocs(o.r)
		if len(dst) == 0 {
			continue
		}
		var src []int32
		if in.Name == "move_alloc" && o.name == "to" {
			src = moveFrom
		}
		effs = append(effs, effect{dst: dst, src: src, kill: exact && b.noKill == 0})
	}
	b.stepOf(id).plain = effs
	b.pending = append(b.pending, id)
}

// actual is an analysed actual argument.
type actual struct {
	x     ast.Expr
	name  string // keyword, lower case, or ""
	r     ref
	desig bool
	deps  []int32 // value (for a designator: its locations)
	dt    *sema.Type
}

// call builds a call of proc (a CALL, a function reference, a defined
// operator or assignment) and returns the temporary holding a function's
// result (nil for a subroutine or a result that carries no derivative).
func (b *builder) call(at ast.Node, proc *sema.Symbol, args []ast.Expr, obj ast.Expr) []int32 {
	if b.quiet > 0 {
		// Re-walking the subscripts of an ASSOCIATE selector: the
		// function references were evaluated at the construct's entry.
		return nil
	}
	id := b.newStep(at)
	savedCons := b.cons
	// The actual arguments.
	acts := make([]actual, 0, len(args)+1)
	all := args
	if obj != nil {
		all = append([]ast.Expr{obj}, args...)
	}
	for i, a := range all {
		ac := actual{x: a}
		v := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			v = kw.Value
			if kw.Name != nil {
				ac.name = kw.Name.Lower()
			}
		}
		b.cons = consumer{step: id, role: roleArg, arg: int32(i)}
		if b.isVarDesig(v) {
			r, ok := b.desig(v)
			if ok {
				ac.r, ac.desig = r, true
				ac.deps, _ = b.refLocs(r)
				b.record(v, ac.deps)
				if v != a {
					b.record(a, ac.deps)
				}
				ac.dt = b.a.info.TypeOf(v)
				acts = append(acts, ac)
				continue
			}
		}
		ac.deps = b.expr(a)
		acts = append(acts, ac)
	}
	b.cons = savedCons
	st := b.stepOf(id)
	// The procedures called: several for a type-bound procedure of a
	// polymorphic object.
	var tmp []int32
	var callees []*sema.Symbol
	switch n := at.(type) {
	case *ast.CallExpr:
		callees = b.pi.siteCallees(n)
	case *ast.CallStmt:
		callees = b.pi.siteCallees(n)
	}
	if len(callees) == 0 && proc != nil {
		callees = []*sema.Symbol{proc}
	}
	if _, isFunc := at.(ast.Expr); isFunc {
		if t := b.a.info.TypeOf(at.(ast.Expr)); t == nil || hasFloat(b.a, t) {
			tmp = []int32{b.pi.loc(locKey{tmp: at})}
		}
	}
	if len(callees) == 0 {
		callees = []*sema.Symbol{nil}
	}
	for _, q := range callees {
		st.calls = append(st.calls, b.callSite(q, acts, tmp))
	}
	b.pending = append(b.pending, id)
	return tmp
}

// isVarDesig reports whether an actual argument is a variable (which the
// callee may define) rather than an expression or a procedure name.
func (b *builder) isVarDesig(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		s := b.a.info.ObjectOf(x)
		return s != nil && s.Kind == sema.VarSym && !(s.Owner != nil && s.Owner.Kind == sema.StmtFuncScope)
	case *ast.CallExpr:
		k := b.a.info.Calls[x].Kind
		return (k == sema.ArrayElement || k == sema.Substring) && b.isVarDesig(x.Fun)
	case *ast.SelectorExpr:
		return b.isVarDesig(x.X)
	}
	return false
}

func (b *builder) callSite(q *sema.Symbol, acts []actual, tmp []int32) *callSite {
	cs := &callSite{sym: q, args: make([]int, len(acts))}
	var callee *procInfo
	if q != nil {
		callee = b.a.procs[q]
	}
	var dummies []*sema.Symbol
	if q != nil && q.Proc != nil {
		dummies = q.Proc.Args
		if q.Proc.Interface == nil && q.Proc.Unit == nil {
			dummies = nil
		}
	}
	// Associate actual arguments with dummies.
	pos := 0
	for j, ac := range acts {
		k := -1
		if ac.name != "" {
			for i, d := range dummies {
				if d != nil && d.Name == ac.name {
					k = i
				}
			}
		} else {
			k = pos
			pos++
			if dummies != nil && k >= len(dummies) {
				k = -1
			}
		}
		cs.args[j] = k
	}
	if callee == nil {
		// No body: every real argument (and, at materialization, every
		// global of the caller) may flow to every argument the
		// procedure may define.
		cs.callee = nil
		intent := func(j int) (ast.Intent, bool) {
			if k := cs.args[j]; k >= 0 && k < len(dummies) && dummies[k] != nil {
				d := dummies[k]
				if d.Attrs&sema.AttrValue != 0 {
					return ast.IntentIn, true
				}
				return d.Intent, true
			}
			return ast.IntentNone, false
		}
		var src []int32
		for j, ac := range acts {
			if in, _ := intent(j); in != ast.IntentOut {
				src = union(src, ac.deps)
			}
		}
		src = uniq(src)
		for j, ac := range acts {
			if !ac.desig || len(ac.deps) == 0 {
				continue
			}
			in, known := intent(j)
			switch {
			case in == ast.IntentIn:
			case in == ast.IntentOut && known:
				// Defined by the procedure: the old value is lost.
				_, exact := b.refLocs(ac.r)
				cs.ext = append(cs.ext, effect{dst: ac.deps, src: src, kill: exact && b.noKill == 0})
			default:
				cs.ext = append(cs.ext, effect{dst: ac.deps, src: src})
			}
		}
		if len(tmp) > 0 {
			cs.ext = append(cs.ext, effect{dst: tmp, src: src, kill: true})
		}
		return cs
	}
	cs.callee = callee
	n := callee.nLocalSlots
	cs.ins = make([][]int32, n)
	cs.outs = make([][]int32, n)
	cs.kill = make([]bool, n)
	for j, ac := range acts {
		k := cs.args[j]
		if k < 0 || k >= len(callee.dummySlots) {
			continue
		}
		d := dummies[k]
		match := false
		if ac.desig && d != nil && d.Type != nil && ac.dt != nil && d.Type.IsDerived() && ac.dt.IsDerived() &&
			d.Type.Derived != nil && d.Type.Derived == ac.dt.Derived && !d.Type.Class && !b.a.whole[ac.r.sym] {
			match = true
		}
		for _, s := range callee.dummySlots[k] {
			sl := &callee.slots[s]
			var locs []int32
			exact := false
			switch {
			case !ac.desig:
				locs = ac.deps
			case match && sl.rel != "":
				locs, exact = b.refLocs(ref{sym: ac.r.sym, path: ac.r.path + sl.rel, total: ac.r.total})
			default:
				// The dummy is one location, or its components do not
				// match the actual's: they exchange all the actual's
				// locations, which a write covers only in the first case.
				locs = ac.deps
				if len(callee.dummySlots[k]) == 1 {
					_, exact = b.refLocs(ac.r)
				}
			}
			if sl.in {
				cs.ins[s] = locs
			}
			if sl.out && ac.desig {
				cs.outs[s] = locs
				cs.kill[s] = exact && b.noKill == 0
			}
		}
	}
	for _, s := range callee.resultSlots {
		cs.outs[s] = tmp
		cs.kill[s] = true
	}
	return cs
}

// ----------------------------------------------------------------------------
// Helpers

// union returns the union of two location lists (either may be returned
// as is).
func union(x, y []int32) []int32 {
	if len(x) == 0 {
		return y
	}
	if len(y) == 0 {
		return x
	}
	out := make([]int32, 0, len(x)+len(y))
	out = append(out, x...)
	return append(out, y...)
}

// uniq sorts a location list and drops duplicates.
func uniq(x []int32) []int32 {
	if len(x) < 2 {
		return x
	}
	y := append([]int32(nil), x...)
	slices.Sort(y)
	out := y[:1]
	for _, v := range y[1:] {
		if v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

// walkStmts calls f for every statement in list and in the constructs it
// holds.
func walkStmts(list []ast.Stmt, f func(ast.Stmt)) {
	for _, s := range list {
		walkStmt(s, f)
	}
}

func walkStmt(s ast.Stmt, f func(ast.Stmt)) {
	if s == nil {
		return
	}
	f(s)
	switch s := s.(type) {
	case *ast.IfStmt:
		walkStmt(s.Action, f)
	case *ast.IfConstruct:
		for _, br := range s.Branches {
			walkStmts(br.Body, f)
		}
	case *ast.DoConstruct:
		walkStmts(s.Body, f)
	case *ast.SelectCase:
		for _, c := range s.Cases {
			walkStmts(c.Body, f)
		}
	case *ast.SelectType:
		for _, g := range s.Guards {
			walkStmts(g.Body, f)
		}
	case *ast.WhereStmt:
		walkStmt(s.Assign, f)
	case *ast.WhereConstruct:
		for _, br := range s.Branches {
			walkStmts(br.Body, f)
		}
	case *ast.ForallStmt:
		walkStmt(s.Assign, f)
	case *ast.ForallConstruct:
		walkStmts(s.Body, f)
	case *ast.BlockConstruct:
		walkStmts(s.Body, f)
	case *ast.AssociateConstruct:
		walkStmts(s.Body, f)
	}
}

// hasJumps reports whether a unit's body transfers control by label
// (GO TO, computed and assigned GO TO, arithmetic IF, alternate return, ERR=, END=,
// EOR=), which the structured analysis does not follow.
func hasJumps(u *ast.Unit) bool {
	found := false
	walkStmts(u.Body, func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			found = true
		case *ast.IOStmt:
			for _, c := range s.Control {
				if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil {
					switch strings.ToLower(kw.Name.Name) {
					case "err", "end", "eor":
						found = true
					}
				}
			}
		case *ast.CallStmt:
			for _, a := range s.Args {
				if st, ok := a.(*ast.StarExpr); ok && st.Label != 0 {
					found = true
				}
			}
		}
	})
	return found
}

// carries reports whether argument k (by place; -1 if unknown) of
// intrinsic in may carry a derivative into its result: package
// intrinsic's facts say which do, for an intrinsic with a derivative
// rule; for one without, every argument does but those
// intrinsic.WithoutDerivative lists (the type of the argument and of the
// result is checked by the caller).
func carries(in *sema.Intrinsic, k int) bool {
	if f, ok := intrinsic.Lookup(in.Name); ok {
		return k >= 0 && f.IsActive(k)
	}
	all, names := intrinsic.WithoutDerivative(in.Name)
	if all {
		return false
	}
	if k >= 0 && k < len(in.Args) {
		for _, n := range names {
			if trimArg(in.Args[k]) == n {
				return false
			}
		}
	}
	return true
}

// argIndex is the place of the dummy named name of intrinsic in, -1 if
// none.
func argIndex(in *sema.Intrinsic, name string) int {
	for i, n := range in.Args {
		if trimArg(n) == name {
			return i
		}
	}
	return -1
}

// trimArg strips sema's markers (? optional, ! defined) from a dummy name.
func trimArg(n string) string { return strings.Trim(n, "?!") }
