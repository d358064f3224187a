// Package plan is the reversal plan of one differentiation target: how
// each CALL statement of the program is reversed. It is built once, from
// the spec and the loaded program, with errors at the spec's positions,
// and both the TBR analysis and the adjoint generator read it: a
// decision is a value keyed by call site, never two closures that must
// agree.
//
// A call is reversed jointly (checkpointed: the callee runs plainly in the
// forward sweep and is re-run, recording, just before its adjoint, from a
// snapshot) or split (the callee records in the caller's forward sweep, its
// backward sweep runs in the caller's). A checkpoint's snapshot option
// (lazy, eager, auto) says which of the minimal snapshots of Dauvergne and
// Hascoët it takes (generator/analysis/snapshot).
//
// The spec sets the default (calls), the mode per callee (call_overrides)
// and checkpoints per callee or per call site (checkpoints with in, at,
// label); a site takes the most specific checkpoint naming it.
package plan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Mode is how a call is reversed.
type Mode uint8

const (
	Joint Mode = iota // checkpointed: re-run from a snapshot before its adjoint
	Split             // recorded in the caller's forward sweep
)

func (m Mode) String() string { return [...]string{"joint", "split"}[m] }

// Snapshots is the snapshot option of a checkpointed call.
type Snapshots uint8

const (
	Lazy  Snapshots = iota // eq. (8): as little as possible, as late as possible
	Eager                  // eq. (7): enough that the code around records the least
	Auto                   // per variable, the cheaper of the two in estimated memory
)

func (s Snapshots) String() string { return [...]string{"lazy", "eager", "auto"}[s] }

// Reversal is the decision for one call site.
type Reversal struct {
	Mode      Mode
	Snapshots Snapshots // for Joint
}

func (r Reversal) String() string {
	if r.Mode == Split {
		return "split"
	}
	return "joint " + r.Snapshots.String()
}

// Site is one CALL statement and its reversal.
type Site struct {
	Call     *ast.CallStmt
	Caller   *sema.Symbol // the procedure (or main program) holding the call
	Callee   *sema.Symbol
	Pos      source.Position
	Reversal Reversal
	// State, if not nil, is the evolving state the callee reaches, which
	// made the site split (state.go).
	State *State
	// Elemental says the site is joint although split was asked: an
	// elemental subroutine called with array arguments.
	Elemental bool
}

// Plan is the reversal plan of a target.
type Plan struct {
	// Default is the reversal of calls the plan does not list (calls in
	// code built later, functions).
	Default Reversal
	sites   map[*ast.CallStmt]*Site
	order   []*Site
	// fixed are the fixed-point loops (fixedpoint.go).
	fixed      map[*ast.DoConstruct]*FixedPoint
	fixedOrder []*FixedPoint
	// regions are the checkpointed loops (region.go).
	regions     map[*ast.DoConstruct]*Region
	blocks      map[*ast.BlockConstruct]*Region
	regionOrder []*Region
	// evolving are the procedures that reach evolving state (state.go).
	evolving map[*sema.Symbol]State
}

// Call returns the reversal of call statement s.
func (p *Plan) Call(s *ast.CallStmt) Reversal {
	if p == nil {
		return Reversal{}
	}
	if site := p.sites[s]; site != nil {
		return site.Reversal
	}
	return p.Default
}

// Sites returns the call sites in source order.
// Site returns the site of call statement s, nil if the plan does not
// list it.
func (p *Plan) Site(s *ast.CallStmt) *Site {
	if p == nil {
		return nil
	}
	return p.sites[s]
}

func (p *Plan) Sites() []*Site {
	if p == nil {
		return nil
	}
	return p.order
}

// String lists the sites, one per line: "file:line:col caller -> callee:
// reversal", for tests and reports.
func (p *Plan) String() string {
	var b strings.Builder
	for _, s := range p.Sites() {
		note := ""
		if s.Elemental {
			note = " (elemental with arrays)"
		}
		fmt.Fprintf(&b, "%s %s -> %s: %s%s\n", s.Pos, name(s.Caller), name(s.Callee), s.Reversal, note)
	}
	for _, f := range p.FixedPoints() {
		fmt.Fprintf(&b, "%s\n", f)
	}
	for _, r := range p.Regions() {
		fmt.Fprintf(&b, "%s\n", r)
	}
	return b.String()
}

func name(s *sema.Symbol) string {
	if s == nil {
		return "?"
	}
	if m := moduleOf(s); m != "" {
		return m + "::" + s.Name
	}
	return s.Name
}

// moduleOf returns the module of a module procedure, "" for others.
func moduleOf(s *sema.Symbol) string {
	if s.Owner != nil && s.Owner.Kind == sema.ModuleScope && s.Owner.Symbol != nil {
		return s.Owner.Symbol.Name
	}
	return ""
}

// Uniform returns the plan reversing every call of prog as r, but the
// calls of routine (the target, whose adjoint is never split), for tests
// and tools without a spec.
func Uniform(prog *sema.Program, routine *sema.Symbol, r Reversal) *Plan {
	t := &config.Target{Calls: config.Joint}
	if r.Mode == Split {
		t.Calls = config.Split
	}
	p, _ := Build(prog, t, routine)
	for _, s := range p.order {
		if s.Reversal.Mode == Joint {
			s.Reversal.Snapshots = r.Snapshots
		}
	}
	p.Default = r
	return p
}

// Build builds the plan of target t, whose routine is routine, over
// prog. The error is a diag.List positioned in the spec: a checkpoint
// naming no call site, or two equally specific checkpoints naming the
// same site with different options. Calls of the routine itself (in
// recursion) are joint: its adjoint is the one routine the user calls.
func Build(prog *sema.Program, t *config.Target, routine *sema.Symbol) (*Plan, error) {
	p := &Plan{sites: map[*ast.CallStmt]*Site{}, evolving: evolving(prog)}
	if t.Calls == config.Split {
		p.Default.Mode = Split
	}
	b := &builder{prog: prog, t: t, plan: p, routine: routine, matched: make([]bool, len(t.Checkpoints))}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			b.unit(u)
		}
	}
	sort.SliceStable(p.order, func(i, j int) bool { return posLess(p.order[i].Pos, p.order[j].Pos) })
	b.fixedPoints()
	b.regions()
	for i, c := range t.Checkpoints {
		if c.Call != "" && !b.matched[i] {
			b.errs.Addf(c.CallPos, "checkpoints: no call of %s%s in the sources", quote(c.Call), narrowing(&c))
		}
	}
	b.errs.Sort()
	if len(b.errs) > 0 {
		return nil, b.errs
	}
	return p, nil
}

type builder struct {
	prog    *sema.Program
	t       *config.Target
	plan    *Plan
	routine *sema.Symbol
	matched []bool
	errs    diag.List
}

func (b *builder) unit(u *ast.Unit) {
	info := b.prog.Info
	var caller *sema.Symbol
	if sc := info.ScopeOf(u); sc != nil {
		caller = sc.Symbol
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.CallStmt); ok {
			b.site(s, caller, info.CallStmts[s].Proc)
		}
		return true
	})
	for _, p := range u.Procs {
		b.unit(p)
	}
}

func (b *builder) site(s *ast.CallStmt, caller, callee *sema.Symbol) {
	site := &Site{Call: s, Caller: caller, Callee: callee, Pos: b.prog.Fset.Position(s.Start)}
	if callee != nil && callee.Proc != nil && callee.Proc.Global != nil {
		site.Callee = callee.Proc.Global
	}
	calleeName := ""
	if site.Callee != nil {
		calleeName = qualify(moduleOf(site.Callee), site.Callee.Name)
	}
	site.Reversal = b.plan.Default
	if calleeName != "" {
		site.Reversal = Reversal{}
		if b.t.CallsFor(calleeName) == config.Split {
			site.Reversal.Mode = Split
		}
	}
	best, bestAt := -1, -1
	for i := range b.t.Checkpoints {
		c := &b.t.Checkpoints[i]
		if c.Call == "" || calleeName == "" || !matchQualified(c.Scope, c.Name, calleeName) || !b.narrows(c, site) {
			continue
		}
		b.matched[i] = true
		switch sp := c.Specificity(); {
		case sp > best:
			best, bestAt = sp, i
		case sp == best && b.t.Checkpoints[bestAt].Snapshots != c.Snapshots:
			b.errs.Addf(c.CallPos, "checkpoints: this entry and the one at line %d both name the call of '%s' at %s, with different snapshots", b.t.Checkpoints[bestAt].CallPos.Line, site.Callee.Name, site.Pos)
		}
	}
	if bestAt >= 0 {
		site.Reversal = Reversal{Mode: Joint, Snapshots: snapshots(b.t.Checkpoints[bestAt].Snapshots)}
	}
	if st, ok := b.plan.evolving[site.Callee]; ok && site.Callee != b.routine { // state.go
		if bestAt >= 0 {
			c := &b.t.Checkpoints[bestAt]
			b.errs.Addf(c.CallPos, "checkpoints: the call of '%s' at %s runs %s: a checkpoint would run it again from another state; leave the call split (calls: split)", site.Callee.Name, site.Pos, st)
		}
		site.Reversal = Reversal{Mode: Split}
		site.State = &st
	}
	if site.Reversal.Mode == Split && site.State == nil && b.elementalArrays(s, site.Callee) {
		// Its split adjoint would pop the elements' records in the order
		// it pushed them: an elemental call runs the elements one way.
		// Jointly, each element's adjoint pops its own.
		site.Reversal = Reversal{Mode: Joint}
		site.Elemental = true
	}
	if site.Callee != nil && site.Callee == b.routine {
		site.Reversal.Mode = Joint
	}
	b.plan.sites[s] = site
	b.plan.order = append(b.plan.order, site)
}

// elementalArrays reports whether CALL s of callee is an elemental
// subroutine referenced with an array argument.
func (b *builder) elementalArrays(s *ast.CallStmt, callee *sema.Symbol) bool {
	if callee == nil || callee.Attrs&sema.AttrElemental == 0 {
		return false
	}
	for _, a := range s.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
		}
		if b.prog.Info.Rank(a) > 0 {
			return true
		}
	}
	return false
}

// narrows reports whether checkpoint c's in, at and label admit site.
func (b *builder) narrows(c *config.Checkpoint, site *Site) bool {
	if c.In != "" && (site.Caller == nil || !matchQualified(c.InScope, c.InName, qualify(moduleOf(site.Caller), site.Caller.Name))) {
		return false
	}
	if c.At != 0 && site.Pos.Line != c.At {
		return false
	}
	return c.Label == 0 || site.Call.Label == c.Label
}

func snapshots(s config.Snapshots) Snapshots {
	switch s {
	case config.Eager:
		return Eager
	case config.AutoSnapshots:
		return Auto
	}
	return Lazy
}

// narrowing describes a checkpoint's in, at and label for messages.
func narrowing(c *config.Checkpoint) string {
	var s string
	if c.In != "" {
		s += fmt.Sprintf(" in '%s'", c.In)
	}
	if c.At != 0 {
		s += fmt.Sprintf(" at line %d", c.At)
	}
	if c.Label != 0 {
		s += fmt.Sprintf(" labelled %d", c.Label)
	}
	return s
}

func quote(s string) string { return "'" + s + "'" }

func qualify(module, name string) string {
	if module == "" {
		return name
	}
	return module + "::" + name
}

// matchQualified reports whether the spec's (module, name) names the
// routine q (module::name or name, lower case): an unqualified name
// matches the routine in any module.
func matchQualified(module, name, q string) bool {
	m, n, ok := strings.Cut(q, "::")
	if !ok {
		m, n = "", q
	}
	return n == name && (module == "" || module == m)
}

func posLess(a, b source.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}
