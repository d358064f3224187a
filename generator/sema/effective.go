package sema

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// Effective intents.
//
// Legacy and research codes declare intent(out) on arguments they read
// before writing, or pass an intent(in) argument through an implicit
// interface to a routine that writes it. Compilers cannot check either,
// run the code as its author meant, and users' results depend on it. A
// differentiator that trusts such a declaration cuts a real dependence
// and gives a silently wrong derivative, so fadj computes what each body
// does with each dummy argument and, where the declaration promises less
// than that, differentiates what the code does (Intents.Apply).
//
// The analysis is flow-sensitive over the structured statements and
// interprocedural (callees first): a dummy is read before it is written
// when some path from entry reads its value (a read of any element)
// before a definition of the whole variable. Element and section
// definitions, masked and conditional ones, do not count as definitions
// of the whole; a statement that a GO TO (or an ERR=, END= or alternate
// return) may reach forgets what was defined before it. Inquiry
// intrinsics (size, shape, present, ...) do not read values.

// DummyUse is what a procedure's body does with one dummy argument.
type DummyUse struct {
	Dummy    *Symbol
	Declared ast.Intent // as written (IntentNone if not)
	// DeclPos is where the intent is declared (the dummy's entity in
	// the statement giving its INTENT), else the dummy's position.
	DeclPos source.Pos
	// Effective is the intent of the code: IntentIn if the body never
	// defines the dummy, IntentOut if it defines it and never reads it
	// before, IntentInOut if both.
	Effective ast.Intent
	// Read is where the dummy is first read before being written on some
	// path, ReadCall the procedure whose call reads it there (nil for a
	// read in the body itself). Read is NoPos when there is none.
	Read     source.Pos
	ReadCall *Symbol
	// MayRead is where the dummy is first read (MayReadCall: by a call)
	// after only part of it was defined: its value on entry may be read
	// there, or not (an analysis without array regions cannot tell).
	MayRead     source.Pos
	MayReadCall *Symbol
	// Def is where the dummy is first (maybe) defined, DefCall the
	// procedure whose call defines it there.
	Def     source.Pos
	DefCall *Symbol
	// MustDefine records that every path that returns defines the whole
	// dummy (an assignment of the whole variable).
	MustDefine bool
	// Trusted records that the compiler enforces the declaration
	// (allocatable intent(out) dummies are deallocated on entry), so it
	// wins whatever the body does.
	Trusted bool
}

// Disagrees reports whether the declaration promises less than the code
// does: an intent(out) dummy read before it is written, or an intent(in)
// dummy that a callee reached through an implicit interface defines.
func (u *DummyUse) Disagrees() bool {
	if u.Trusted {
		return false
	}
	switch u.Declared {
	case ast.IntentOut:
		return u.reads()
	case ast.IntentIn:
		return u.Def.IsValid()
	}
	return false
}

func (u *DummyUse) reads() bool { return u.Read.IsValid() || u.MayRead.IsValid() }

// Effect is what a procedure may do with a variable it reaches outside
// its own locals: read its value on entry (Read, or MayRead after
// defining part of it) and define it (Def). Positions are NoPos when it
// does not.
type Effect struct {
	Var                 *Symbol // a dummy, a host variable, a module or (canonical) common variable
	Read, MayRead, Def  source.Pos
	ReadVia, MayReadVia *Symbol
	DefVia              *Symbol
}

// Reads reports whether the procedure may read the variable's value on
// entry.
func (e Effect) Reads() bool { return e.Read.IsValid() || e.MayRead.IsValid() }

// Defines reports whether the procedure may define the variable.
func (e Effect) Defines() bool { return e.Def.IsValid() }

// Effects returns what procedure proc (one with a body) does with the
// variables it reaches outside its own locals, directly or through the
// procedures it calls, sorted by declaration position; nil for a
// procedure without a body. A common-block member is named as the
// block's first declaration names it (Symbol.CanonicalGlobal).
func (in *Intents) Effects(proc *Symbol) []Effect {
	if proc == nil || proc.Proc == nil || proc.Proc.Unit == nil {
		return nil
	}
	s := in.summarize(proc)
	if s == nil {
		return nil
	}
	out := make([]Effect, 0, len(s.effects))
	for v, e := range s.effects {
		out = append(out, Effect{Var: v, Read: e.read, MayRead: e.mayRead, Def: e.def,
			ReadVia: e.readVia, MayReadVia: e.mayReadVia, DefVia: e.defVia})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Var.Pos != out[j].Var.Pos {
			return out[i].Var.Pos < out[j].Var.Pos
		}
		return out[i].Var.Name < out[j].Var.Name
	})
	return out
}

// Intents holds the effective intents of the dummies of every procedure
// with a body.
type Intents struct {
	uses  map[*Symbol]*DummyUse
	procs map[*Symbol]*summary
	info  *Info
	recur recursion // num_recursive.go
}

// Of returns what its procedure's body does with dummy d, or nil if d is
// not a dummy of a procedure with a body.
func (in *Intents) Of(d *Symbol) *DummyUse { return in.uses[d] }

// Disagreements returns the dummies whose declaration disagrees with the
// code, in the order of their declarations.
func (in *Intents) Disagreements() []*DummyUse {
	var out []*DummyUse
	for _, n := range in.info.CallGraph.Nodes {
		p := n.Proc.Proc
		if p == nil || p.Unit == nil {
			continue
		}
		for _, d := range p.Args {
			if u := in.uses[d]; u != nil && u.Disagrees() {
				out = append(out, u)
			}
		}
	}
	return out
}

// Apply makes every dummy whose declaration disagrees with its body's use
// intent(inout): Symbol.Intent is the intent the rest of fadj relies on,
// Symbol.DeclaredIntent keeps what was written. It returns the dummies
// changed.
func (in *Intents) Apply() []*DummyUse {
	list := in.Disagreements()
	for _, u := range list {
		u.Dummy.DeclaredIntent = u.Declared
		u.Dummy.Intent = ast.IntentInOut
	}
	return list
}

// EffectiveIntents computes the effective intents of the program's dummy
// arguments.
func (info *Info) EffectiveIntents() *Intents {
	in := &Intents{uses: map[*Symbol]*DummyUse{}, procs: map[*Symbol]*summary{}, info: info}
	if info.CallGraph == nil {
		return in
	}
	for _, n := range info.CallGraph.Nodes {
		if n.Proc.Proc != nil && n.Proc.Proc.Unit != nil {
			in.summarize(n.Proc)
		}
	}
	return in
}

// effect is what a procedure does with one variable it can reach by
// argument or host association.
type effect struct {
	read, mayRead, def          source.Pos
	readVia, mayReadVia, defVia *Symbol
}

// summary is the effects of one procedure on the dummies it reaches:
// its own (by position in Args) and its hosts' (by symbol).
type summary struct {
	done    bool
	effects map[*Symbol]*effect
}

func (in *Intents) summarize(proc *Symbol) *summary {
	if s := in.procs[proc]; s != nil {
		if !s.done {
			return nil // recursion: the caller assumes the worst
		}
		return s
	}
	s := &summary{effects: map[*Symbol]*effect{}}
	in.procs[proc] = s
	w := &intentWalker{in: in, info: in.info, proc: proc, sum: s, labelIn: map[int]defState{}}
	w.alias = w.pointerAliases(proc.Proc.Unit.Body)
	// Walk until the states reaching labels by jumps are stable: they
	// start as "everything defined" and only shrink, and reads found on
	// an earlier walk stay read.
	for {
		w.must, w.retMust, w.changed = defState{}, nil, false
		w.stmts(proc.Proc.Unit.Body)
		w.returned(w.must)
		if !w.changed {
			break
		}
	}
	if in.recursionDefines(proc, s) {
		delete(in.procs, proc)
		return in.summarize(proc) // num_recursive.go
	}
	s.done = true
	for _, d := range proc.Proc.Args {
		if d == nil || d.Kind != VarSym {
			continue
		}
		u := &DummyUse{Dummy: d, Declared: d.Intent, DeclPos: intentDecl(proc.Proc.Unit, d)}
		if d.DeclaredIntent != ast.IntentNone {
			u.Declared = d.DeclaredIntent
		}
		if e := s.effects[d]; e != nil {
			u.Read, u.ReadCall, u.Def, u.DefCall = e.read, e.readVia, e.def, e.defVia
			u.MayRead, u.MayReadCall = e.mayRead, e.mayReadVia
		}
		u.MustDefine = w.retMust != nil && w.retMust[d] == whole
		u.Trusted = u.Declared == ast.IntentOut && (d.Attrs&AttrAllocatable != 0 || resetOnEntry(d.Type, 0)) // effective_alloc.go
		switch {
		case u.Declared == ast.IntentIn && !u.Def.IsValid():
			u.Effective = ast.IntentIn
		case u.Trusted:
			u.Effective = ast.IntentOut
		case u.reads() && u.Def.IsValid():
			u.Effective = ast.IntentInOut
		case u.Def.IsValid():
			u.Effective = ast.IntentOut
		case u.reads() && u.Declared == ast.IntentOut:
			u.Effective = ast.IntentInOut // read, never written: keep its value
		default:
			u.Effective = ast.IntentIn
		}
		in.uses[d] = u
	}
	return s
}

// intentDecl returns the position of d in the declaration giving its
// intent, or d's position.
func intentDecl(u *ast.Unit, d *Symbol) source.Pos {
	for _, st := range u.Decls {
		var attrs []*ast.Attr
		var ents []*ast.Entity
		switch st := st.(type) {
		case *ast.TypeDecl:
			attrs, ents = st.Attrs, st.Entities
		case *ast.AttrStmt:
			attrs, ents = []*ast.Attr{st.Attr}, st.Entities
		default:
			continue
		}
		hasIntent := false
		for _, a := range attrs {
			hasIntent = hasIntent || a.Kind == ast.AttrIntent
		}
		if !hasIntent {
			continue
		}
		for _, e := range ents {
			if e.Name != nil && e.Name.Lower() == d.Name {
				return e.Name.Pos()
			}
		}
	}
	return d.Pos
}

// defState says, for each dummy, how much of it is defined on every
// path so far: partly (some element or component) or whole.
type defState map[*Symbol]uint8

const (
	partly = 1
	whole  = 2
)

func (s defState) clone() defState {
	c := make(defState, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// intersect keeps in s what is defined on the paths of t too.
func (s defState) intersect(t defState) {
	for k, v := range s {
		if t[k] < v {
			if t[k] == 0 {
				delete(s, k)
			} else {
				s[k] = t[k]
			}
		}
	}
}

func (s defState) equal(t defState) bool {
	if len(s) != len(t) {
		return false
	}
	for k, v := range s {
		if t[k] != v {
			return false
		}
	}
	return true
}

// intentWalker walks one procedure's statements in execution order,
// keeping the set of dummies defined whole on every path so far.
type intentWalker struct {
	in      *Intents
	info    *Info
	proc    *Symbol
	sum     *summary
	must    defState
	retMust defState // defined on every path returning so far; nil before the first
	// labelIn is, for each label a jump reaches, what is defined on
	// every jump to it seen so far; changed records that it shrank.
	labelIn map[int]defState
	changed bool
	// cover holds the sections of arrays defined along the current
	// straight-line code (cover.go).
	cover, keep map[*Symbol][]interval
	// alias maps a local pointer of the procedure to the dummies and
	// globals it may be associated with (h => s%h): what is read or
	// defined through it is read or defined in them (alias.go).
	alias map[*Symbol][]*Symbol
}

// jump records a jump to label from the current state.
func (w *intentWalker) jump(label int) {
	in, ok := w.labelIn[label]
	if !ok {
		w.labelIn[label] = w.must.clone()
		w.changed = true
		return
	}
	old := in.clone()
	in.intersect(w.must)
	if !in.equal(old) {
		w.changed = true
	}
}

// tracked reports whether s is a variable the summary follows: one the
// procedure does not own (a dummy, a host's variable, a module or common
// variable).
func (w *intentWalker) tracked(s *Symbol) bool {
	if s == nil || s.Kind != VarSym {
		return false
	}
	if s.IsDummy() || s.Common != nil {
		return true
	}
	for sc := s.Owner; sc != nil; sc = sc.Parent {
		if sc == w.proc.Inner {
			return false // a local, maybe of a BLOCK construct
		}
	}
	return true
}

func (w *intentWalker) effect(s *Symbol) *effect {
	e := w.sum.effects[s]
	if e == nil {
		e = &effect{}
		w.sum.effects[s] = e
	}
	return e
}

// read records a read of s at pos (by a call of via); maybe says that
// the callee may read it after defining part of it.
func (w *intentWalker) read(s *Symbol, pos source.Pos, via *Symbol, maybe bool) {
	for _, b := range w.alias[s] {
		w.read(b, pos, via, true)
	}
	if !w.tracked(s) {
		return
	}
	s = s.CanonicalGlobal()
	if w.must[s] == whole {
		return
	}
	e := w.effect(s)
	if w.must[s] == 0 && !maybe {
		if !e.read.IsValid() {
			e.read, e.readVia = pos, via
		}
		return
	}
	if !e.mayRead.IsValid() {
		e.mayRead, e.mayReadVia = pos, via
	}
}

func (w *intentWalker) def(s *Symbol, pos source.Pos, via *Symbol, all bool) {
	for _, b := range w.alias[s] {
		w.def(b, pos, via, false)
	}
	if !w.tracked(s) {
		return
	}
	s = s.CanonicalGlobal()
	if e := w.effect(s); !e.def.IsValid() {
		e.def, e.defVia = pos, via
	}
	switch {
	case all:
		w.must[s] = whole
	case w.must[s] == 0:
		w.must[s] = partly
	}
}

func (w *intentWalker) returned(must defState) {
	if w.retMust == nil {
		w.retMust = must.clone()
		return
	}
	w.retMust.intersect(must)
}

// branch walks list from state entry and returns the state after it.
func (w *intentWalker) branch(entry defState, list []ast.Stmt) defState {
	w.must = entry.clone()
	w.stmts(list)
	return w.must
}

func (w *intentWalker) stmts(list []ast.Stmt) {
	for _, s := range list {
		w.stmt(s)
	}
}

func (w *intentWalker) stmt(s ast.Stmt) {
	switch s.(type) {
	case *ast.AssignStmt, *ast.CallStmt, *ast.IOStmt, *ast.ContinueStmt, *ast.AllocateStmt, *ast.PointerAssignStmt:
	default:
		// Sections are tracked along straight-line code only; a loop
		// filling arrays leaves what it filled (keep).
		w.cover = nil
		defer func() { w.cover, w.keep = w.keep, nil }()
	}
	if h := s.Header(); h != nil && h.Label != 0 {
		w.cover = nil
		if in, ok := w.labelIn[h.Label]; ok {
			w.must.intersect(in) // also reached by jumps
		}
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if sub := w.info.Assignments[s]; sub != nil {
			w.callArgs(sub, s.Start, []ast.Expr{s.Lhs, s.Rhs})
			return
		}
		w.expr(s.Rhs)
		w.define(s.Lhs, s.Start, nil, true)
	case *ast.PointerAssignStmt:
		w.subscripts(s.Lhs)
		w.subscripts(s.Rhs)
	case *ast.CallStmt:
		c := w.info.CallStmts[s]
		w.callArgs(c.Proc, s.Start, withPassed(s.Name, s.Args, c)) // class_calls.go
	case *ast.IfStmt:
		w.expr(s.Cond)
		entry := w.must.clone()
		w.stmt(s.Action)
		w.keepPresent(s.Cond, entry) // phys_present.go
		w.must = entry
	case *ast.ArithIfStmt:
		w.expr(s.Expr)
		for _, l := range []*ast.LabelRef{s.Neg, s.Zero, s.Plus} {
			if l != nil {
				w.jump(l.Label)
			}
		}
	case *ast.GotoStmt:
		w.jump(s.Target.Label)
	case *ast.IfConstruct:
		entry := w.must.clone()
		out := defState(nil)
		hasElse := false
		for _, b := range s.Branches {
			w.must = entry.clone()
			if b.Cond != nil {
				w.expr(b.Cond)
			} else {
				hasElse = true
			}
			after := w.branch(entry, b.Body)
			if out == nil {
				out = after
			} else {
				out.intersect(after)
			}
		}
		if !hasElse || out == nil {
			if len(s.Branches) == 1 {
				w.keepPresent(s.Branches[0].Cond, entry) // phys_present.go (w.must: after the branch)
			}
			out = entry
		}
		w.must = out
	case *ast.SelectCase:
		w.expr(s.Selector)
		entry := w.must.clone()
		out := defState(nil)
		hasDefault := false
		for _, c := range s.Cases {
			hasDefault = hasDefault || c.Default
			after := w.branch(entry, c.Body)
			if out == nil {
				out = after
			} else {
				out.intersect(after)
			}
		}
		if !hasDefault || out == nil {
			out = entry
		}
		w.must = out
	case *ast.SelectType:
		// The selector's dynamic type is inquired, not its value (an
		// intent(out) CLASS dummy is often selected before it is set).
		if _, name := s.Selector.(*ast.Ident); !name {
			w.expr(s.Selector)
		}
		entry := w.must.clone()
		out := defState(nil)
		hasDefault := false
		for _, g := range s.Guards {
			hasDefault = hasDefault || g.Kind == ast.ClassDefault
			after := w.branch(entry, g.Body)
			if out == nil {
				out = after
			} else {
				out.intersect(after)
			}
		}
		if !hasDefault || out == nil {
			out = entry
		}
		w.must = out
	case *ast.DoConstruct:
		w.expr(s.Start)
		w.expr(s.Stop)
		w.expr(s.Step)
		for _, c := range s.Concurrent {
			w.expr(c.Lo)
			w.expr(c.Hi)
			w.expr(c.Stride)
		}
		if s.Var != nil {
			w.def(w.info.ObjectOf(s.Var), s.Var.Pos(), nil, true)
		}
		entry := w.must.clone()
		w.expr(s.While)
		w.expr(s.Mask)
		body := w.branch(entry, s.Body)
		w.cover = nil
		// The body may run zero times, or exit early: nothing it defines
		// is defined whole after it. What it defines counts as partly
		// defined (arrays filled element by element), which only
		// tells "may read" from "reads" for the warnings.
		w.must = entry
		for k := range body {
			if w.must[k] == 0 && k.Rank() > 0 {
				w.must[k] = partly
			}
		}
		for _, a := range w.loopFill(s) {
			w.must[a] = whole
		}
		w.keep = w.cover
	case *ast.ReturnStmt:
		w.expr(s.Alt)
		w.returned(w.must)
	case *ast.StopStmt:
		w.expr(s.Code)
	case *ast.ComputedGotoStmt:
		w.expr(s.Expr)
		for _, l := range s.Targets {
			w.jump(l.Label)
		}
	case *ast.LabelAssignStmt:
		w.define(s.Var, s.Start, nil, true)
	case *ast.AssignedGotoStmt:
		w.expr(s.Var)
		// Without a list it may go to any label of the procedure.
		for _, l := range s.Targets {
			w.jump(l.Label)
		}
		if s.Targets == nil {
			for l := range w.proc.Inner.Labels() {
				w.jump(l)
			}
		}
	case *ast.IOStmt:
		w.io(s)
	case *ast.AllocateStmt:
		for _, o := range s.Objects {
			w.subscripts(o)
			if s.Keyword == "nullify" {
				continue
			}
			// An ALLOCATE or DEALLOCATE ends the object's values: a
			// definition, in part (a caller's records must keep what
			// it held).
			if c, ok := o.(*ast.CallExpr); ok && w.info.Calls[c].Kind == AllocateShape {
				o = c.Fun
			}
			if b, _ := w.designator(o); b != nil {
				w.def(b, s.Start, nil, false)
			}
		}
		for _, o := range s.Options {
			switch o.Name.Lower() {
			case "stat", "errmsg":
				w.define(o.Value, s.Start, nil, true)
			default:
				w.expr(o.Value)
			}
		}
	case *ast.WhereStmt:
		w.expr(s.Mask)
		w.expr(s.Assign.Rhs)
		w.define(s.Assign.Lhs, s.Assign.Start, nil, false)
	case *ast.WhereConstruct:
		w.where(s)
	case *ast.ForallStmt:
		w.forall(s.Specs, s.Mask, []ast.Stmt{s.Assign})
	case *ast.ForallConstruct:
		w.forall(s.Specs, s.Mask, s.Body)
	case *ast.BlockConstruct:
		w.stmts(s.Body)
	case *ast.AssociateConstruct:
		// The selectors are evaluated (read) on entry; a definition
		// through an associate name is one of its selector's variable
		// (designator).
		for _, a := range s.Assocs {
			w.expr(a.Selector)
		}
		w.stmts(s.Body)
	}
}

// wholeInEveryBranch returns the arrays every branch of a WHERE construct
// ending with an unmasked ELSEWHERE assigns whole (at its top level).
func wholeInEveryBranch(info *Info, s *ast.WhereConstruct) []*Symbol {
	n := len(s.Branches)
	if n < 2 || s.Branches[n-1].Mask != nil {
		return nil
	}
	count := map[*Symbol]int{}
	var order []*Symbol
	for _, b := range s.Branches {
		seen := map[*Symbol]bool{}
		for _, st := range b.Body {
			a, ok := st.(*ast.AssignStmt)
			if !ok {
				continue
			}
			id, ok := a.Lhs.(*ast.Ident)
			if !ok {
				continue
			}
			if d := info.ObjectOf(id); d != nil && !seen[d] {
				seen[d] = true
				if count[d] == 0 {
					order = append(order, d)
				}
				count[d]++
			}
		}
	}
	var out []*Symbol
	for _, d := range order {
		if count[d] == n {
			out = append(out, d)
		}
	}
	return out
}

// where walks a WHERE construct. Within a branch, an array assigned whole
// counts as defined for what the branch reads after (under the same
// mask); after the construct, an array every branch assigns whole, the
// last branch an ELSEWHERE without a mask, is defined whole, and the
// others in part.
func (w *intentWalker) where(s *ast.WhereConstruct) {
	entry := w.must.clone()
	after := entry.clone()
	for _, b := range s.Branches {
		w.must = entry.clone()
		w.expr(b.Mask)
		for _, st := range b.Body {
			switch st := st.(type) {
			case *ast.AssignStmt:
				w.expr(st.Rhs)
				w.define(st.Lhs, st.Start, nil, true)
			case *ast.WhereStmt:
				w.expr(st.Mask)
				w.expr(st.Assign.Rhs)
				w.define(st.Assign.Lhs, st.Assign.Start, nil, false)
			case *ast.WhereConstruct:
				w.where(st)
			}
		}
		for k := range w.must {
			if after[k] == 0 {
				after[k] = partly
			}
		}
	}
	for _, d := range wholeInEveryBranch(w.info, s) {
		if w.tracked(d) {
			after[d] = whole
		}
	}
	w.must = after
}

func (w *intentWalker) forall(specs []*ast.ForallSpec, mask ast.Expr, body []ast.Stmt) {
	for _, c := range specs {
		w.expr(c.Lo)
		w.expr(c.Hi)
		w.expr(c.Stride)
	}
	w.expr(mask)
	entry := w.must.clone()
	for _, s := range body {
		switch s := s.(type) {
		case *ast.AssignStmt:
			w.expr(s.Rhs)
			w.define(s.Lhs, s.Start, nil, false)
		case *ast.PointerAssignStmt:
			w.subscripts(s.Lhs)
		case *ast.ForallConstruct:
			w.forall(s.Specs, s.Mask, s.Body)
		case *ast.ForallStmt:
			w.forall(s.Specs, s.Mask, []ast.Stmt{s.Assign})
		case *ast.WhereStmt:
			w.expr(s.Mask)
			w.expr(s.Assign.Rhs)
			w.define(s.Assign.Lhs, s.Assign.Start, nil, false)
		case *ast.WhereConstruct:
			w.where(s)
		}
	}
	w.must = entry
}

// io walks an input/output statement: READ defines its items, INQUIRE
// its specifiers; IOSTAT=, IOMSG= and SIZE= are defined by all.
func (w *intentWalker) io(s *ast.IOStmt) {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			name := kw.Name.Lower()
			if l, ok := kw.Value.(*ast.LabelRef); ok && name != "fmt" {
				w.jump(l.Label)
				continue
			}
			switch {
			case name == "iostat" || name == "iomsg" || name == "size",
				s.Keyword == "inquire" && name != "unit" && name != "file" && name != "id":
				w.define(kw.Value, s.Start, nil, true)
			default:
				w.expr(kw.Value)
			}
			continue
		}
		w.expr(c)
	}
	w.expr(s.Format)
	for _, it := range s.Items {
		if s.Keyword == "read" {
			w.readItem(it, s.Start)
		} else {
			w.expr(it)
		}
	}
}

func (w *intentWalker) readItem(x ast.Expr, pos source.Pos) {
	if d, ok := x.(*ast.ImpliedDo); ok {
		w.expr(d.Start)
		w.expr(d.Stop)
		w.expr(d.Step)
		for _, it := range d.Items {
			w.readItem(it, pos)
		}
		return
	}
	w.define(x, pos, nil, true)
}

// define walks a variable being defined: its subscripts are read, its
// base is defined (whole if x names the whole variable and whole is set).
func (w *intentWalker) define(x ast.Expr, pos source.Pos, via *Symbol, all bool) {
	b, isWhole := w.designator(x)
	w.subscripts(x)
	if b == nil {
		return
	}
	if all && !isWhole && w.tracked(b) && w.defineSection(b, x) {
		isWhole = true // the sections defined so far cover the array
	}
	w.def(b, pos, via, all && isWhole)
}

// designator returns the variable x refers to and whether x is the whole
// variable; nil if x is not a variable reference.
func (w *intentWalker) designator(x ast.Expr) (*Symbol, bool) {
	whole := true
	for {
		switch y := x.(type) {
		case *ast.Ident:
			s := w.info.ObjectOf(y)
			if s == nil || s.Kind != VarSym {
				return nil, false
			}
			if s.Selector != nil {
				// An associate name: what its selector names.
				whole = false
				x = s.Selector
				continue
			}
			return s, whole
		case *ast.CallExpr:
			c, ok := w.info.Calls[y]
			if !ok || (c.Kind != ArrayElement && c.Kind != Substring) {
				return nil, false
			}
			whole = false
			x = y.Fun
		case *ast.SelectorExpr:
			whole = false
			x = y.X
		case *ast.ParenExpr:
			return nil, false
		default:
			return nil, false
		}
	}
}

// subscripts walks the subscripts and substring ranges of a designator:
// the values they read.
func (w *intentWalker) subscripts(x ast.Expr) {
	for {
		switch y := x.(type) {
		case *ast.CallExpr:
			c, ok := w.info.Calls[y]
			if ok && c.Kind == AllocateShape {
				if sel, comp := y.Fun.(*ast.SelectorExpr); comp && w.outComponent(sel) {
					// allocate(g%area(n)), g intent(out): reads n, not
					// g (effective_alloc.go).
					for _, a := range y.Args {
						w.expr(a)
					}
					x = y.Fun
					continue
				}
			}
			if !ok || (c.Kind != ArrayElement && c.Kind != Substring) {
				w.expr(y)
				return
			}
			for _, a := range y.Args {
				w.expr(a)
			}
			x = y.Fun
		case *ast.SelectorExpr:
			x = y.X
		default:
			return
		}
	}
}

// expr walks an expression: every variable in it is read.
func (w *intentWalker) expr(x ast.Expr) {
	if x == nil {
		return
	}
	switch x := x.(type) {
	case *ast.Ident:
		w.read(w.info.ObjectOf(x), x.Pos(), nil, false)
	case *ast.CallExpr:
		c, ok := w.info.Calls[x]
		if !ok {
			break
		}
		switch c.Kind {
		case ArrayElement, Substring:
			if b, _ := w.designator(x); b != nil {
				w.read(b, x.Pos(), nil, false)
			}
			w.subscripts(x)
			return
		case FunctionCall:
			if c.IsIntrinsic() {
				if inquiry[c.Proc.Name] {
					for _, a := range x.Args {
						if kw, ok := a.(*ast.KeywordArg); ok {
							a = kw.Value
						}
						w.subscripts(a)
					}
					return
				}
				break
			}
			if c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.StmtFunc != nil {
				for _, a := range x.Args {
					w.expr(a)
				}
				w.stmtFunction(c.Proc.Proc.StmtFunc, x.Pos())
				return
			}
			w.callArgs(c.Proc, x.Pos(), withPassed(x.Fun, x.Args, c))
			return
		}
	case *ast.SelectorExpr:
		if b, _ := w.designator(x); b != nil {
			w.read(b, x.Pos(), nil, false)
		}
		w.subscripts(x)
		return
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if n == nil || n == ast.Node(x) {
			return true
		}
		if e, ok := n.(ast.Expr); ok {
			switch e.(type) {
			case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
				w.expr(e)
				return false
			}
		}
		return true
	})
}

// stmtFunction reads what a statement function's expression reads
// besides its dummy arguments.
func (w *intentWalker) stmtFunction(sf *ast.StmtFunction, pos source.Pos) {
	args := map[string]bool{}
	for _, a := range sf.Args {
		args[a.Lower()] = true
	}
	ast.Inspect(sf.Expr, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !args[id.Lower()] {
			if s := w.info.ObjectOf(id); s != nil && s.Kind == VarSym {
				w.read(s, pos, nil, false)
			}
		}
		return true
	})
}

// callArgs walks the actual arguments of a call of proc at pos: each is
// read and/or defined as the callee's body (or interface) does with its
// dummy; the callee's effects on host-associated dummies apply too.
func (w *intentWalker) callArgs(proc *Symbol, pos source.Pos, args []ast.Expr) {
	var dummies []*Symbol
	var sum *summary
	var intr *Intrinsic
	recursive := false // a call of a procedure being summarized: assume the worst
	if proc != nil && proc.Proc != nil {
		p := proc.Proc
		dummies = p.Args
		intr = p.Intrinsic
		if p.Unit != nil {
			sum = w.in.summarize(proc)
			recursive = sum == nil
		}
	}
	pos0 := 0
	var alt []int // alternate-return labels: jumped to after the call
	defer func() {
		for _, l := range alt {
			w.jump(l)
		}
	}()
	for _, a := range args {
		k := -1
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
			name := kw.Name.Lower()
			for i, d := range dummies {
				if d != nil && d.Name == name {
					k = i
				}
			}
			if intr != nil {
				for i, n := range intr.Args {
					if trimArgName(n) == name {
						k = i
					}
				}
			}
		} else {
			k = pos0
			pos0++
		}
		if st, ok := a.(*ast.StarExpr); ok {
			if st.Label != 0 {
				alt = append(alt, st.Label)
			}
			continue
		}
		b, whole := w.designator(a)
		if b == nil {
			w.expr(a) // an expression: read
			continue
		}
		reads, defs, must := true, true, false
		maybe := false // the callee reads it only after defining part of it
		switch {
		case recursive:
			defs = !w.recursiveIntentIn(proc, k, dummies) // num_recursive.go
		case intr != nil:
			if k >= 0 && k < 32 && intr.Out&(1<<uint(k)) != 0 {
				reads = false
			} else {
				defs = false
			}
		case sum != nil && k >= 0 && k < len(dummies) && dummies[k] != nil:
			d := dummies[k]
			e := sum.effects[d]
			reads = e != nil && (e.read.IsValid() || e.mayRead.IsValid())
			maybe = reads && !e.read.IsValid()
			defs = e != nil && e.def.IsValid()
			must = w.in.uses[d] != nil && w.in.uses[d].MustDefine &&
				(len(d.Dims) == 0 && b.Rank() == 0 || len(d.Dims) > 0 && d.Dims[0].Kind == AssumedShape)
		case sum == nil && k >= 0 && k < len(dummies) && dummies[k] != nil:
			// An interface body: its declaration is all there is.
			switch dummies[k].Intent {
			case ast.IntentIn:
				defs = false
			case ast.IntentOut:
				reads = false
			}
			if dummies[k].Attrs&AttrValue != 0 {
				defs = false
			}
		}
		w.subscripts(a)
		if reads {
			w.read(b, pos, proc, maybe)
		}
		if defs {
			w.def(b, pos, proc, must && whole)
		}
	}
	if sum != nil {
		// Effects on the callee's globals and host variables.
		for s, e := range sum.effects {
			if s.Owner == nil || containsSymbol(dummies, s) {
				continue
			}
			if e.read.IsValid() || e.mayRead.IsValid() {
				w.read(s, pos, proc, !e.read.IsValid())
			}
			if e.def.IsValid() {
				w.def(s, pos, proc, false)
			}
		}
	}
}

func containsSymbol(list []*Symbol, s *Symbol) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// trimArgName strips the table's markers (? optional, ! defined) from an
// intrinsic's dummy name.
func trimArgName(n string) string {
	for len(n) > 0 && (n[0] == '?' || n[0] == '!') {
		n = n[1:]
	}
	for len(n) > 0 && (n[len(n)-1] == '?' || n[len(n)-1] == '!') {
		n = n[:len(n)-1]
	}
	return n
}

// inquiry lists the intrinsic functions that do not read the values of
// their arguments, only their properties.
var inquiry = map[string]bool{
	"allocated": true, "associated": true, "present": true, "size": true, "shape": true,
	"lbound": true, "ubound": true, "len": true, "kind": true, "bit_size": true, "digits": true,
	"epsilon": true, "huge": true, "tiny": true, "maxexponent": true, "minexponent": true,
	"precision": true, "radix": true, "range": true, "rank": true, "storage_size": true,
	"is_contiguous": true, "new_line": true, "loc": true, "c_loc": true, "c_sizeof": true,
	"sizeof": true, "same_type_as": true, "extends_type_of": true,
}
