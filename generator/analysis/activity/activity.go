package activity

import (
	"errors"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Analyzer computes which variables, statements and expressions of the
// target routine and of the procedures it calls need derivative code,
// and which derivative versions of each procedure the calls need. Its
// result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name: "activity",
	Doc: "activity: which variables depend on an independent and influence a dependent, " +
		"flow-sensitively inside procedures and with one version per activity pattern across calls",
	Run: run,
}

func run(pass *analysis.Pass) (any, error) {
	t := pass.Target
	if t == nil || t.Routine == nil {
		return nil, errors.New("no target routine")
	}
	if pass.Prog == nil || pass.Prog.Info == nil {
		return nil, errors.New("the program has not been analysed")
	}
	a := newAnalyzer(pass)
	return a.run(t)
}

// Result is the activity of a differentiation request.
type Result struct {
	// Procs are the procedure versions that need derivative code, each
	// procedure's versions together, callees before their callers
	// (except within recursion). The target with the user's pattern is
	// among them (and is Target).
	Procs []*ProcActivity
	// Target is the target routine's version with the independents
	// active on entry and the dependents on exit; nil if the routine
	// has no body.
	Target *ProcActivity

	a *analyzer
}

// Lookup returns the version of proc whose pattern has the same
// locations (in any order) as p, or nil.
func (r *Result) Lookup(proc *sema.Symbol, p Pattern) *ProcActivity {
	for _, v := range r.Versions(proc) {
		if sameVars(v.Pattern.In, p.In) && sameVars(v.Pattern.Out, p.Out) {
			return v
		}
	}
	return nil
}

// Versions returns the versions of proc, in the order of their Index.
func (r *Result) Versions(proc *sema.Symbol) []*ProcActivity {
	if r.a == nil {
		return nil
	}
	pi := r.a.procs[proc]
	if pi == nil && proc != nil && proc.Proc != nil && proc.Proc.Global != nil {
		pi = r.a.procs[proc.Proc.Global]
	}
	if pi == nil {
		return nil
	}
	return r.a.versions[pi]
}

func sameVars(x, y []Var) bool {
	if len(x) != len(y) {
		return false
	}
	m := make(map[Var]int, len(x))
	for _, v := range x {
		m[v]++
	}
	for _, v := range y {
		if m[v] == 0 {
			return false
		}
		m[v]--
	}
	return true
}

// Pattern is an activity pattern: which inputs of a procedure are active
// on entry and which outputs on exit. The generator makes one derivative
// version of a procedure per pattern; its derivative arguments are the
// dummies (and result) in the pattern, and its derivative globals those
// in it.
//
// For the versions made for calls, the pattern is reduced to what
// matters: an input is in In only if it may influence an output in Out,
// and an output is in Out only if an input in In may influence it (the
// activity inside is the same). The target keeps the user's pattern.
//
// The lists of a version made for calls are in a fixed order: dummy
// arguments in argument order (components in declaration order), the
// function result, then globals in order of declaration; the target's
// follow the order of the independents and dependents.
type Pattern struct {
	In  []Var // dummy arguments (or their components) and globals active on entry
	Out []Var // dummy arguments, globals and the function result active on exit
}

// String returns the pattern as "in(x,y) out(f)".
func (p Pattern) String() string {
	return "in(" + varList(p.In) + ") out(" + varList(p.Out) + ")"
}

func varList(vs []Var) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.String()
	}
	return strings.Join(s, ",")
}

// ProcActivity is the activity inside one version of a procedure: the
// procedure called (or differentiated) with one activity pattern.
//
// Activity is computed at every point of the body: a location is varied
// at a point if its value there may depend differentiably on an input
// active on entry, useful if an output active on exit may depend on it,
// and active if both. The methods answer for this version only.
//
// The derivative arguments of the version are the dummies in its
// Pattern; a dummy that is active only inside the body (ActiveVar but
// neither ActiveIn nor ActiveOut) needs a local derivative variable,
// zero on entry.
type ProcActivity struct {
	Proc     *sema.Symbol // the procedure
	Unit     *ast.Unit    // its body
	Pattern  Pattern
	IsTarget bool // the version the user asked for
	// Index numbers the versions of the same procedure 0, 1, ... in
	// the order of Result.Procs, for naming them.
	Index int
	// Flat says the procedure transfers control by label (GO TO, ...)
	// and was analysed flow-insensitively: the same sets hold at every
	// point and no assignment kills.
	Flat bool

	pi              *procInfo
	key             string
	inBits, outBits []uint64
	inLocs, outLocs []int32
	v, u            *records
	exitV           []uint64
	active          []uint64
	stepActive      []bool
	recActive       []bool
	calls           map[ast.Node][]*ProcActivity
}

// String returns the procedure's name and pattern.
func (pa *ProcActivity) String() string { return pa.Proc.Name + " " + pa.Pattern.String() }

// locsOf returns the locations of any symbol naming a variable of this
// procedure (a common-block member of another unit, a function's name
// for its result, an ASSOCIATE name are mapped).
func (pa *ProcActivity) locsOf(sym *sema.Symbol) []int32 {
	if sym == nil {
		return nil
	}
	if sym.Kind == sema.ProcSym && sym.Proc != nil && sym.Proc.Result != nil {
		sym = sym.Proc.Result
	}
	for i := 0; i < 8 && sym.Selector != nil && sym.Owner != nil && sym.Owner.Kind == sema.AssociateScope; i++ {
		b := baseSym(pa.pi.a.info, sym.Selector)
		if b == nil {
			break
		}
		sym = b
	}
	return pa.pi.lookupLocs(pa.pi.a.canon(sym))
}

// baseSym returns the variable at the root of a designator, or nil if x
// is not one.
func baseSym(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			s := info.ObjectOf(e)
			if s == nil || s.Kind != sema.VarSym {
				return nil
			}
			return s
		case *ast.CallExpr:
			if k := info.Calls[e].Kind; k != sema.ArrayElement && k != sema.Substring {
				return nil
			}
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// ActiveVar reports whether sym is active somewhere in this version, or
// is in its pattern: it needs a derivative variable. A derived-type
// variable is active if any of its tracked components is.
func (pa *ProcActivity) ActiveVar(sym *sema.Symbol) bool {
	return pa.active != nil && anyIn(pa.active, pa.locsOf(sym))
}

// ActiveComponent reports whether the component path (like "%a%b", ""
// for the whole variable) of sym is active somewhere in this version.
// For a variable tracked as a whole, any path answers for the whole.
func (pa *ProcActivity) ActiveComponent(sym *sema.Symbol, path string) bool {
	if pa.active == nil || sym == nil {
		return false
	}
	if sym.Kind == sema.ProcSym && sym.Proc != nil && sym.Proc.Result != nil {
		sym = sym.Proc.Result
	}
	c := pa.pi.a.canon(sym)
	for _, l := range pa.pi.a.leaves(c) {
		inside, partial := covers(l.path, strings.ToLower(path))
		if !inside && !partial {
			continue
		}
		if i, ok := pa.pi.index[locKey{sym: c, path: l.path}]; ok && has(pa.active, i) {
			return true
		}
	}
	return false
}

// ActiveVars returns the active locations of this version, sorted by
// name. Besides the unit's own variables they may include globals the
// unit does not name but its callees use (module variables, common
// blocks, saved variables of a callee), whose derivatives carry values
// across the calls: the generator makes them derivative globals.
func (pa *ProcActivity) ActiveVars() []Var {
	var out []Var
	if pa.active == nil {
		return nil
	}
	for i, k := range pa.pi.locs {
		if k.sym != nil && has(pa.active, int32(i)) {
			out = append(out, k.Var())
		}
	}
	sort.Slice(out, func(i, j int) bool {
		si, sj := out[i].String(), out[j].String()
		if si != sj {
			return si < sj
		}
		return out[i].Sym.Pos < out[j].Sym.Pos
	})
	return out
}

// ActiveStmt reports whether statement s of the body needs derivative
// code: an assignment whose left-hand side is varied and useful after
// it, a CALL or a statement with a function reference that calls a
// derivative version (CallPattern is not nil), a READ, ALLOCATE(SOURCE=)
// or intrinsic subroutine call defining an active location, or a
// construct (IF, DO, SELECT CASE, ...) holding such a statement.
//
// An assignment that overwrites an active location with a passive value
// (y = 0 after y was active) is not active, although the derivative of
// y must be reset there: IsVaried tells the generator when.
func (pa *ProcActivity) ActiveStmt(s ast.Stmt) bool {
	if pa.recActive == nil {
		return false
	}
	r, ok := pa.pi.stmtRec[s]
	return ok && pa.recActive[r]
}

// ActiveExpr reports whether expression x, evaluated in this version's
// body, carries a derivative there: it is real or complex valued, it is
// varied where it is evaluated, and its value flows without a cut (a
// subscript, a comparison, int(), ...) into an active location or an
// active argument. For an actual argument of a call with a derivative
// version, it reports whether that version takes a derivative for the
// argument (its dummy is in the pattern); for the left-hand side of an
// assignment or a READ item, whether it is active after the statement.
// Expressions that are not values (the name of an array in a(i), a
// subscript triplet) and expressions outside the executable statements
// report false.
func (pa *ProcActivity) ActiveExpr(x ast.Expr) bool {
	if pa.active == nil || x == nil {
		return false
	}
	info, ok := pa.pi.buildIndex()[x]
	if !ok {
		return false
	}
	c := info.cons
	if int(c.step) >= len(pa.pi.steps) {
		return false
	}
	st := pa.pi.steps[c.step]
	vb := pa.v.stepAt(c.step, false)
	va, ua := pa.v.stepAt(c.step, true), pa.u.stepAt(c.step, true)
	switch c.role {
	case roleValue:
		if !anyIn(vb, info.deps) {
			return false
		}
		for _, e := range st.effects {
			if activeDst(e.dst, va, ua) {
				return true
			}
		}
	case roleLHS:
		return activeDst(info.deps, va, ua)
	case roleArg:
		for i, cs := range st.calls {
			if int(c.arg) >= len(cs.args) {
				continue
			}
			if cs.callee == nil {
				if anyIn(vb, info.deps) && pa.stepActive[c.step] {
					return true
				}
				continue
			}
			vs := pa.calls[st.call]
			if i >= len(vs) || vs[i] == nil {
				continue
			}
			v := vs[i]
			k := cs.args[c.arg]
			if k < 0 || k >= len(cs.callee.dummySlots) {
				continue
			}
			for _, s := range cs.callee.dummySlots[k] {
				if has(v.outBits, s) && cs.outs[s] != nil && sameLocs(cs.outs[s], info.deps) {
					return true
				}
				if has(v.inBits, s) && anyIn(vb, info.deps) {
					return true
				}
			}
		}
	}
	return false
}

func sameLocs(x, y []int32) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	for _, l := range x {
		found := false
		for _, m := range y {
			if l == m {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// CallPattern returns the version of the procedure called at call (a
// CALL statement, a function reference *ast.CallExpr, an expression with
// a defined operator or an assignment with a defined assignment) that
// the derivative code must call, or nil if the call is passive (no
// active argument or global reaches an active output) or calls no
// procedure with a body. For a type-bound procedure of a polymorphic
// object the version of the statically resolved procedure is returned;
// the overriding procedures have versions with the same pattern. A
// function reference written in a statement function is one call for
// every reference to the statement function: its pattern is the union of
// theirs.
func (pa *ProcActivity) CallPattern(call ast.Node) *ProcActivity {
	if pa.calls == nil {
		return nil
	}
	for _, v := range pa.calls[call] {
		if v != nil {
			return v
		}
	}
	return nil
}

// Callees returns the distinct versions this version calls, in the order
// of their first call.
func (pa *ProcActivity) Callees() []*ProcActivity {
	var out []*ProcActivity
	seen := map[*ProcActivity]bool{}
	for _, st := range pa.pi.steps {
		if st.call == nil {
			continue
		}
		for _, v := range pa.calls[st.call] {
			if v != nil && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// ActiveIn reports whether a location of sym (a dummy argument or a
// global) is active on entry in this version's pattern.
func (pa *ProcActivity) ActiveIn(sym *sema.Symbol) bool {
	return intersectsLocs(pa.inLocs, pa.locsOf(sym))
}

// ActiveOut reports whether a location of sym (a dummy argument, a
// global or the function result) is active on exit in this version's
// pattern.
func (pa *ProcActivity) ActiveOut(sym *sema.Symbol) bool {
	return intersectsLocs(pa.outLocs, pa.locsOf(sym))
}

func intersectsLocs(x, y []int32) bool {
	for _, a := range x {
		for _, b := range y {
			if a == b {
				return true
			}
		}
	}
	return false
}

// IsVaried reports whether sym (any of its locations) is varied before
// (after false) or after statement s: its value there may depend on an
// active input. It is false for statements the body does not hold.
func (pa *ProcActivity) IsVaried(s ast.Stmt, after bool, sym *sema.Symbol) bool {
	r, ok := pa.pi.stmtRec[s]
	if !ok || pa.v == nil {
		return false
	}
	return anyIn(pa.v.nodeAt(r, after), pa.locsOf(sym))
}

// IsUseful reports whether sym (any of its locations) is useful before
// (after false) or after statement s: an active output may depend on
// its value there.
func (pa *ProcActivity) IsUseful(s ast.Stmt, after bool, sym *sema.Symbol) bool {
	r, ok := pa.pi.stmtRec[s]
	if !ok || pa.u == nil {
		return false
	}
	return anyIn(pa.u.nodeAt(r, after), pa.locsOf(sym))
}
