// Package modref answers what code may read and define: for each call,
// the caller's variables the callee may read on entry and may define
// (through its arguments, its host's variables, module and common
// variables, transitively through what it calls); for a statement, what
// the code executed after it may define. The checkpoint equations
// (generator/analysis/snapshot) and the TBR analysis ask it.
//
// The per-procedure summaries are sema's (Info.EffectiveIntents: the
// flow-sensitive walk that also gives the effective intents); this package
// maps them onto call sites and regions.
package modref

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Analyzer computes mod/ref information. Its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name: "modref",
	Doc:  "modref: what each call may read and define of its caller's variables, and what code after a statement may define",
	Run: func(p *analysis.Pass) (any, error) {
		return New(p.Prog.Info), nil
	},
}

// New returns the mod/ref information of a program.
func New(info *sema.Info) *Result {
	return &Result{info: info, eff: info.EffectiveIntents(), calls: map[*ast.CallStmt]*Call{}}
}

// Result answers mod/ref questions about one program.
type Result struct {
	info  *sema.Info
	eff   *sema.Intents
	calls map[*ast.CallStmt]*Call
}

// Set is a set of variables, as a scope names them.
type Set map[*sema.Symbol]bool

// Sorted returns the variables sorted by name, then position.
func (s Set) Sorted() []*sema.Symbol {
	out := make([]*sema.Symbol, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Pos < out[j].Pos
	})
	return out
}

// Call is what a CALL statement may read and define, named as its caller
// names them (a common member it does not declare keeps the name of the
// block's first declaration).
type Call struct {
	// Uses and Defs are the variables the callee may read on entry and
	// may define; the bases of actual arguments among them.
	Uses, Defs Set
	// Args are the actual arguments that are variables (whole, elements
	// or sections), with their dummies and what the callee may do with
	// them.
	Args []Arg
	// Globals are the variables other than arguments in Uses or Defs:
	// module, common and host variables.
	Globals Set
}

// Arg is an actual argument that designates a variable.
type Arg struct {
	Expr           ast.Expr
	Var            *sema.Symbol // the variable it designates
	Dummy          *sema.Symbol // its dummy, nil if unknown
	Reads, Defines bool
	// Whole records that a definition may reach all of Var: the whole
	// variable passed, or an element passed to an array dummy (sequence
	// association: the callee sees the array from the element on).
	Whole bool
}

// Call returns what call statement s, in the scope scope of its caller,
// may read and define. A callee without a body may read and define its
// variable arguments.
func (r *Result) Call(s *ast.CallStmt, scope *sema.Scope) *Call {
	if c := r.calls[s]; c != nil {
		return c
	}
	c := &Call{Uses: Set{}, Defs: Set{}, Globals: Set{}}
	r.calls[s] = c
	callee := r.info.CallStmts[s].Proc
	var dummies []*sema.Symbol
	var effects map[*sema.Symbol]sema.Effect
	known := false
	if callee != nil && callee.Proc != nil {
		dummies = callee.Proc.Args
		if callee.Proc.Unit != nil {
			known = true
			effects = map[*sema.Symbol]sema.Effect{}
			for _, e := range r.eff.Effects(callee) {
				effects[e.Var] = e
			}
		}
	}
	for i, a := range positional(s.Args, dummies) {
		if a == nil {
			continue
		}
		b := base(r.info, a)
		if b == nil {
			continue
		}
		reads, defs := true, true
		if known && i < len(dummies) && dummies[i] != nil {
			e := effects[dummies[i]]
			reads, defs = e.Reads(), e.Defines()
		} else if i < len(dummies) && dummies[i] != nil {
			switch dummies[i].Intent {
			case ast.IntentIn:
				defs = false
			case ast.IntentOut:
				reads = false
			}
		}
		var d *sema.Symbol
		if i < len(dummies) {
			d = dummies[i]
		}
		_, whole := a.(*ast.Ident)
		if !whole && r.info.Rank(a) == 0 && (d == nil || len(d.Dims) > 0) {
			whole = true // sequence association, or an unknown dummy
		}
		c.Args = append(c.Args, Arg{Expr: a, Var: b, Dummy: d, Reads: reads, Defines: defs, Whole: whole})
		if reads {
			c.Uses[b] = true
		}
		if defs {
			c.Defs[b] = true
		}
	}
	for v, e := range effects {
		if containsSym(dummies, v) {
			continue
		}
		v = localName(v, scope)
		if e.Reads() {
			c.Uses[v], c.Globals[v] = true, true
		}
		if e.Defines() {
			c.Defs[v], c.Globals[v] = true, true
		}
	}
	return c
}

// localName is how scope names global v: its own member at v's place in
// a common block it declares, else v.
func localName(v *sema.Symbol, scope *sema.Scope) *sema.Symbol {
	if v.Common == nil || scope == nil {
		return v
	}
	idx := -1
	for _, d := range v.Common.Decls {
		for i, m := range d.Members {
			if m == v {
				idx = i
			}
		}
	}
	for _, d := range v.Common.Decls {
		if d.Scope == scope && idx >= 0 && idx < len(d.Members) {
			return d.Members[idx]
		}
	}
	return v
}

// positional returns the actual arguments in the order of the dummies
// (keyword arguments placed, values unwrapped; nil where absent).
func positional(args []ast.Expr, dummies []*sema.Symbol) []ast.Expr {
	n := len(args)
	if len(dummies) > n {
		n = len(dummies)
	}
	out := make([]ast.Expr, n)
	for i, a := range args {
		j := i
		if kw, ok := a.(*ast.KeywordArg); ok {
			j = -1
			for k, d := range dummies {
				if d != nil && d.Name == kw.Name.Lower() {
					j = k
				}
			}
			if j < 0 {
				continue
			}
			a = kw.Value
		}
		out[j] = a
	}
	return out
}

// base returns the variable a designator names (x, x(i), x(2:n), x%c),
// nil for another expression.
func base(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch y := x.(type) {
		case *ast.Ident:
			if s := info.ObjectOf(y); s != nil && s.Kind == sema.VarSym {
				if sel := sema.AssocSelector(s); sel != nil {
					x = sel // an associate name (SELECT TYPE) stands for its selector
					continue
				}
				return s
			}
			return nil
		case *ast.CallExpr:
			if c, ok := info.Calls[y]; !ok || (c.Kind != sema.ArrayElement && c.Kind != sema.Substring) {
				return nil
			}
			x = y.Fun
		case *ast.SelectorExpr:
			x = y.X
		default:
			return nil
		}
	}
}

func containsSym(list []*sema.Symbol, s *sema.Symbol) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Defines returns what statements list may define, calls included (their
// callees' effects on the caller's variables), as scope names them.
func (r *Result) Defines(list []ast.Stmt, scope *sema.Scope) Set {
	out := Set{}
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallStmt:
				for v := range r.Call(n, scope).Defs {
					out[v] = true
				}
				r.definedBy(n, out) // functions referenced in its arguments
				for v := range r.FunctionGlobals(n, scope, nil) {
					out[v] = true
				}
				return false
			case ast.Stmt:
				r.definedBy(n, out)
				for v := range r.FunctionGlobals(n, scope, nil) { // funcdefs.go
					out[v] = true
				}
			}
			return true
		})
	}
	return out
}

// definedBy adds what statement s itself (not its nested statements, nor
// calls) may define.
func (r *Result) definedBy(s ast.Stmt, out Set) {
	var lhs []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		lhs = append(lhs, s.Lhs)
	case *ast.DoConstruct:
		if s.Var != nil {
			lhs = append(lhs, s.Var)
		}
	case *ast.IOStmt:
		if s.Keyword == "read" {
			lhs = append(lhs, s.Items...)
		}
		lhs = append(lhs, IODefined(r.info, s)...)       // io_defs.go
		lhs = append(lhs, namelistDefined(r.info, s)...) // io_defs.go
	case *ast.WhereStmt:
		lhs = append(lhs, s.Assign.Lhs)
	}
	lhs = append(lhs, r.FunctionDefs(s)...) // funcdefs.go
	for _, x := range lhs {
		if d, ok := x.(*ast.ImpliedDo); ok {
			lhs = append(lhs, d.Items...)
			continue
		}
		if b := base(r.info, x); b != nil {
			out[b] = true
		}
	}
}

// functionArgs returns the actual arguments of references of user
// functions in x that the function may define: as for a CALL, those its
// effects (or, without a body, its dummies' intents) do not exclude. An
// INTENT(IN) dummy's actual is not defined: a checkpoint would restore
// it, which does not compile when it is the caller's INTENT(IN) dummy.
func (r *Result) functionArgs(x ast.Expr) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := r.info.Calls[c]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				out = append(out, r.definedArgs(k.Proc, c.Args)...)
			}
		}
		return true
	})
	return out
}

// definedArgs returns the actual arguments args of a reference of callee
// that it may define.
func (r *Result) definedArgs(callee *sema.Symbol, args []ast.Expr) []ast.Expr {
	if callee == nil || callee.Proc == nil {
		return args
	}
	dummies := callee.Proc.Args
	var effects map[*sema.Symbol]sema.Effect
	if callee.Proc.Unit != nil {
		effects = map[*sema.Symbol]sema.Effect{}
		for _, e := range r.eff.Effects(callee) {
			effects[e.Var] = e
		}
	}
	var out []ast.Expr
	for i, a := range positional(args, dummies) {
		switch {
		case a == nil:
		case i >= len(dummies) || dummies[i] == nil:
			out = append(out, a)
		case effects != nil:
			if effects[dummies[i]].Defines() {
				out = append(out, a)
			}
		case dummies[i].Intent != ast.IntentIn:
			out = append(out, a)
		}
	}
	return out
}

// After returns the code executed after statement s of routine body
// before the routine returns: the rest of each statement list holding s,
// innermost first, and the whole bodies of the loops around it (their
// next iterations). For a routine with GO TO it is the whole body.
func After(body []ast.Stmt, s ast.Stmt) []ast.Stmt {
	return NewBody(body).After(s)
}

// Body is a routine body whose jumps were looked for once: an analysis
// asking After for each of its calls keeps one Body per routine, or the
// search for jumps makes it quadratic in the routine's length.
type Body struct {
	stmts []ast.Stmt
	jumps bool
}

// NewBody returns body, searched for jumps.
func NewBody(body []ast.Stmt) *Body {
	return &Body{stmts: body, jumps: hasJumps(body)}
}

// After is After(body, s) for the body of b.
func (b *Body) After(s ast.Stmt) []ast.Stmt {
	var after []ast.Stmt
	if !b.jumps && collectAfter(b.stmts, s, &after) {
		return after
	}
	return b.stmts
}

// collectAfter appends to after what follows s, innermost first, and
// reports whether s is in list.
func collectAfter(list []ast.Stmt, s ast.Stmt, after *[]ast.Stmt) bool {
	for i, st := range list {
		if st == s || within(st, s, after) {
			*after = append(*after, list[i+1:]...)
			return true
		}
	}
	return false
}

// within reports whether s is nested in st, appending what follows it
// there (and the whole body of st if st is a loop).
func within(st, s ast.Stmt, after *[]ast.Stmt) bool {
	var lists [][]ast.Stmt
	loop := false
	switch st := st.(type) {
	case *ast.IfConstruct:
		for _, b := range st.Branches {
			lists = append(lists, b.Body)
		}
	case *ast.SelectCase:
		for _, c := range st.Cases {
			lists = append(lists, c.Body)
		}
	case *ast.SelectType:
		for _, g := range st.Guards {
			lists = append(lists, g.Body)
		}
	case *ast.DoConstruct:
		lists, loop = [][]ast.Stmt{st.Body}, true
	case *ast.BlockConstruct:
		lists = [][]ast.Stmt{st.Body}
	case *ast.AssociateConstruct:
		lists = [][]ast.Stmt{st.Body}
	case *ast.IfStmt:
		lists = [][]ast.Stmt{{st.Action}}
	case *ast.WhereConstruct, *ast.ForallConstruct:
		return false // no calls inside
	}
	for _, l := range lists {
		if collectAfter(l, s, after) {
			if loop {
				*after = append(*after, l...)
			}
			return true
		}
	}
	return false
}

// hasJumps reports whether body transfers control by label.
func hasJumps(body []ast.Stmt) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			found = true
		}
		return !found
	})
	return found
}
