package adjoint

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// adjRef returns the adjoint of reference x (a variable or an array
// element or section with an adjoint).
func (g *gen) adjRef(x ast.Expr) (ast.Expr, error) {
	switch x := x.(type) {
	case *ast.Ident:
		if s := g.info.ObjectOf(x); s != nil && s == g.result {
			return ast.NewIdent(g.resultB), nil
		}
		return ast.NewIdent(x.Name + g.suffix), nil
	case *ast.SelectorExpr:
		b, err := g.adjRef(x.X) // a component: derived.go
		if err != nil {
			return nil, err
		}
		return &ast.SelectorExpr{X: b, Sel: x.Sel}, nil
	case *ast.CallExpr:
		if _, ok := x.Fun.(*ast.SelectorExpr); ok && g.info.Calls[x].Kind == sema.ArrayElement {
			if vectorSubscript(g.info, x) {
				return nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
			}
			f, err := g.adjRef(x.Fun)
			if err != nil {
				return nil, err
			}
			return &ast.CallExpr{Fun: f, Args: x.Args}, nil
		}
		if id, ok := x.Fun.(*ast.Ident); ok {
			for _, a := range x.Args {
				// A vector subscript may repeat an element: the
				// increment a_b(v) = a_b(v) + rb would drop repeats.
				if _, ok := a.(*ast.RangeExpr); !ok && g.info.Rank(a) > 0 {
					return nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
				}
			}
			name := id.Name + g.suffix
			if s := g.info.ObjectOf(id); s != nil && s == g.result {
				name = g.resultB // an element of an array result
			}
			return &ast.CallExpr{Fun: ast.NewIdent(name), Args: x.Args}, nil
		}
	}
	return nil, notSupported("adjoint of reference '%s'", exprString(x))
}

func (g *gen) operand(x ast.Expr) deriv.Operand {
	if x == nil {
		return deriv.Operand{}
	}
	return deriv.Operand{X: x, Type: g.info.TypeOf(x), Rank: g.info.Rank(x)}
}

// increment returns ref_b = ref_b + rb (an outer product, the adjoint of
// matmul's matrix operand, through the runtime's fadj_ger).
func (g *gen) increment(x ast.Expr, rb ast.Expr) ([]ast.Stmt, error) {
	if c, ok := g.vectorElement(x); ok {
		return g.scatterAdd(c, rb) // vecsub.go
	}
	if c, path, ok := g.vectorComponent(x); ok {
		return g.scatterAddPath(c, g.info.TypeOf(x), rb, path) // vecsub_comp.go
	}
	r, err := g.adjRef(x)
	if err != nil {
		return nil, err
	}
	if u, v, ok := deriv.OuterParts(rb); ok && g.info.Rank(x) == 2 {
		if t := g.info.TypeOf(x); t != nil && t.IsReal() && (t.Kind == 8 || t.Kind == 4) {
			return []ast.Stmt{call("fadj_ger_r"+strconv.Itoa(t.Kind), r, u, v)}, nil
		}
	}
	return []ast.Stmt{&ast.AssignStmt{Lhs: r, Rhs: deriv.Add(r, rb)}}, nil
}

// adj returns the statements adding to the adjoints of the operands of x
// their contributions for the adjoint rb of x. rb must not change while
// they run.
func (g *gen) adj(x ast.Expr, rb ast.Expr) ([]ast.Stmt, error) {
	if x == nil || rb == nil {
		return nil, nil
	}
	t := g.info.TypeOf(x)
	if !isFloat(t) {
		return nil, nil
	}
	switch x := x.(type) {
	case *ast.BasicLit, *ast.ComplexLit:
		return nil, nil
	case *ast.Ident:
		s := g.info.ObjectOf(x)
		if s == nil || s.Kind != sema.VarSym || !g.hasAdj(s) {
			return nil, nil
		}
		return g.increment(x, rb)
	case *ast.ParenExpr:
		return g.adj(x.X, rb)
	case *ast.UnaryExpr:
		if g.info.Operators[x] != nil {
			return nil, notSupported("defined operator %s", x.OpLit)
		}
		p, err := deriv.Unary(x.Op, g.operand(x.X))
		if err != nil {
			return nil, err
		}
		terms := deriv.AdjointTerms(p, []deriv.Operand{g.operand(x.X)}, rb, t, g.info.Rank(x))
		return g.adj(x.X, terms[0])
	case *ast.BinaryExpr:
		if g.info.Operators[x] != nil {
			return nil, notSupported("defined operator %s", x.OpLit)
		}
		if x.Op == token.STAR && g.isDesignator(x.X) && ast.Equal(x.X, x.Y) && !t.IsComplex() {
			// x*x: one increment by 2*x rather than two by x.
			return g.adj(x.X, deriv.Mul(deriv.Mul(deriv.Const("2", t), x.X), rb))
		}
		ops := []deriv.Operand{g.operand(x.X), g.operand(x.Y)}
		p, err := deriv.Binary(x.Op, ops[0], ops[1], nil)
		if err != nil {
			return nil, err
		}
		terms := deriv.AdjointTerms(p, ops, rb, t, g.info.Rank(x))
		a, err := g.adj(x.X, terms[0])
		if err != nil {
			return nil, err
		}
		b, err := g.adj(x.Y, terms[1])
		if err != nil {
			return nil, err
		}
		return append(a, b...), nil
	case *ast.CallExpr:
		c, ok := g.info.Calls[x]
		if !ok {
			return nil, fmt.Errorf("adjoint: unclassified reference '%s'", exprString(x))
		}
		switch c.Kind {
		case sema.ArrayElement:
			s := g.baseSym(x)
			if !g.hasAdj(s) {
				return nil, nil
			}
			return g.increment(x, rb)
		case sema.FunctionCall:
			if !c.IsIntrinsic() {
				if callee := g.pa.CallPattern(x); callee != nil {
					return g.funcRef(x, callee, rb)
				}
				if err := unboundDummyRef(g.info, g.pa, x); err != nil { // legacy_dummy_ref.go
					return nil, err
				}
				return nil, unknownFuncRef(g.info, g.pa, x) // oop_unbound.go
			}
			return g.intrinsic(x, c, rb)
		}
		return nil, notSupported("adjoint of reference '%s'", exprString(x))
	case *ast.ArrayConstructor:
		return g.constructor(x, t, rb)
	case *ast.SelectorExpr:
		if err := g.checkCalls(x.X); err != nil {
			return nil, err
		}
		if !g.hasAdj(g.baseSym(x)) {
			return nil, nil
		}
		return g.increment(x, rb) // derived.go
	}
	return nil, notSupported("adjoint of %T", x)
}

func (g *gen) intrinsic(x *ast.CallExpr, c sema.Call, rb ast.Expr) ([]ast.Stmt, error) {
	name := strings.ToLower(exprString(x.Fun))
	if c.Proc != nil {
		name = c.Proc.Name
	}
	if name == "transfer" {
		return g.transfer(x, rb) // transfer.go
	}
	if g.whereShift != nil && isShift(name) {
		return g.whereShiftAdj(x, c, rb) // where_shift.go
	}
	rule, ok := deriv.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", name)
	}
	n := len(rule.Args)
	if rule.Variadic && len(x.Args) > n {
		n = len(x.Args)
	}
	args := make([]ast.Expr, n)
	for i, a := range x.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			j := -1
			for k, an := range rule.Args {
				if strings.EqualFold(an, kw.Name.Name) {
					j = k
				}
			}
			if j < 0 {
				return nil, notSupported("keyword argument '%s' of intrinsic '%s'", kw.Name.Name, name)
			}
			args[j] = kw.Value
			continue
		}
		if i >= n {
			return nil, fmt.Errorf("adjoint: too many arguments to '%s'", name)
		}
		args[i] = a
	}
	ops := make([]deriv.Operand, n)
	for i, a := range args {
		ops[i] = g.operand(a)
	}
	deriv.KindLiterals(g.info, rule, ops) // real(x, dp)
	terms, err := deriv.Adjoint(name, ops, rb, nil)
	if err != nil {
		return nil, err
	}
	if name == "sum" && args[0] != nil && len(args) > 2 && args[1] == nil && args[2] == nil && g.reshapes(args[0]) {
		// sum(X) gives every element of X the scalar adjoint rb; an X
		// like matmul(a, v) needs it as an array of X's shape, for
		// the adjoint of matmul.
		rank := g.info.Rank(args[0])
		b := terms[0]
		for k := 1; k <= rank; k++ {
			n, ok := g.extent(args[0], k)
			if !ok {
				return nil, notSupported("sum of '%s' in reverse mode", exprString(args[0]))
			}
			b = deriv.Call("spread", b, deriv.Int(k), n)
		}
		terms[0] = b
	}
	var out []ast.Stmt
	for i, a := range args {
		if a == nil || i >= len(terms) || terms[i] == nil || !rule.IsActive(i) {
			continue
		}
		st, err := g.adj(a, terms[i])
		if err != nil {
			return nil, err
		}
		out = append(out, st...)
	}
	return out, nil
}

// callStmt reverses a CALL (joint mode): the forward sweep pushes the
// variable arguments (store-all: every one the callee may modify; TBR: those
// RecordBefore lists) and calls the original routine; the backward sweep
// restores them and calls the adjoint, which re-runs the callee's forward
// sweep and then its backward sweep. In store-all mode that leaves the
// arguments restored; with TBR it need not, so the recorded arguments are
// pushed again before the callee's adjoint and popped after it.
func (g *gen) callStmt(s *ast.CallStmt) (fwd, bwd []ast.Stmt, err error) {
	callee := g.pa.CallPattern(s)
	if callee == nil {
		return g.passiveCall(s)
	}
	if callee.Unit == nil || callee.Unit.Kind != ast.SubroutineUnit {
		return nil, nil, notSupported("call of '%s' in reverse mode", exprString(s.Name))
	}
	cs := g.info.ScopeOf(callee.Unit)
	if cs == nil {
		return nil, nil, notSupported("call of '%s' in reverse mode", exprString(s.Name))
	}
	c := &activeCall{s: s, callee: callee, scope: cs, split: g.splitCall(s)}
	var ok bool
	if c.args, ok = actualsOf(s.Args, callee.Unit.Args, cs); !ok { // optional.go
		return nil, nil, notSupported("call of '%s' with optional arguments in reverse mode", exprString(s.Name))
	}
	if err := g.elementalArrayRef(callee, s.Name, c.args, c.split); err != nil {
		return nil, nil, err
	}
	if err := g.aliased(c.args, callee.Unit, cs, exprString(s.Name)); err != nil {
		return nil, nil, err
	}
	for i, a := range c.args {
		if err := g.callArg(c, i, a); err != nil {
			return nil, nil, err
		}
	}
	gz, err := g.passiveGlobalZeros(s, callee) // passive_calls.go
	if err != nil {
		return nil, nil, err
	}
	c.zeros = append(append(c.zeros, gz...), g.extOutZeros(c)...) // oop_extzero.go
	c.absentArgs(callee.Unit.Args)
	if c.split {
		return g.splitCallSweeps(c)
	}
	save, before, around, after, err := g.checkpointSaves(s, exprString(s.Name))
	if err != nil {
		return nil, nil, err
	}
	opush, opop, err := g.outComponentSaves(c) // dtype_out_call.go
	if err != nil {
		return nil, nil, err
	}
	fwd = append(opush, save...) // (restored after the callee's adjoint: pushed first)
	if !g.dead[s] {
		fwd = append(fwd, s) // (else left out: live_calls.go)
	}
	bwd = append(append(before, c.zeros...), around...)
	bwd = append(bwd, &ast.CallStmt{Name: ast.NewIdent(routineName(callee, g.suffix)), Args: c.bargs, Parens: true})
	bwd = append(append(append(bwd, after...), c.posts...), opop...)
	return withLabel(s, fwd), bwd, nil
}

// activeCall is a CALL of a version with derivatives being reversed: its
// arguments in the order of the dummies, those of the callee's adjoint
// (each active one followed by its adjoint), and, for a split call, the
// records of the arguments.
type activeCall struct {
	s      *ast.CallStmt
	callee *activity.ProcActivity
	scope  *sema.Scope // the callee's
	split  bool
	args   []ast.Expr
	bargs  []ast.Expr
	bnames []string   // the callee's dummies for bargs (optional.go)
	fargs  []ast.Expr // args for foo_fwd (keywords if one is absent)
	// pushes record arguments of a split call before it, pops restore
	// them after its backward sweep; zeros zero the adjoints of active
	// variables a passive dummy overwrites.
	pushes, pops, zeros []ast.Stmt
	// posts give the adjoints of expressions passed as arguments to
	// their operands, after the callee's adjoint (call_exprs.go).
	posts []ast.Stmt
}

// callArg handles actual argument a of dummy i: its adjoint in the call
// of the callee's adjoint, its record (split calls), and the zeroing of
// an active variable passed to a passive intent(out) dummy.
func (g *gen) callArg(c *activeCall, i int, a ast.Expr) error {
	if a == nil {
		c.bargs, c.bnames = append(c.bargs, nil), append(c.bnames, "") // absent
		return nil
	}
	if err := g.checkCalls(a); err != nil {
		return err
	}
	c.bargs = append(c.bargs, a)
	c.bnames = append(c.bnames, c.callee.Unit.Args[i].Name)
	ds := c.scope.LookupLocal(c.callee.Unit.Args[i].Lower())
	// isVar: a variable, an array element or a section (its adjoint is
	// the same designator of the adjoint).
	isVar := false
	rec := a // what recording a modified argument saves
	if bs := g.baseSym(a); bs != nil && bs.Kind == sema.VarSym {
		isVar = !g.vectorSubscripted(a)
		if ce, ok := a.(*ast.CallExpr); ok {
			if g.info.Rank(a) == 0 && ds != nil && len(ds.Dims) > 0 {
				// An element passed to an array dummy: the callee
				// sees the array from there on.
				rec = ce.Fun
				if sec := g.elementSection(a, bs, ds, c.args); sec != nil {
					rec = sec // (legacy_sections.go)
				}
			}
		} else if sec := g.elementSection(a, bs, ds, c.args); sec != nil {
			rec = sec // a whole assumed-size array: what the callee reaches
		}
	}
	if c.split {
		if err := g.recordSplitArg(c, a, ds, rec, isVar); err != nil {
			return err
		}
	} // a checkpoint: checkpointSaves saves what the call changes
	name := exprString(c.s.Name)
	if ds != nil && !inPattern(c.callee, ds) && ds.Intent != ast.IntentIn && isVar && g.hasAdj(g.baseSym(a)) {
		// The callee overwrites an active variable with a value its
		// version treats as passive.
		z, err := g.passiveDefZeros(a, ds, c.callee.Unit, name) // passive_calls.go
		if err != nil {
			return err
		}
		c.zeros = append(c.zeros, z...)
	}
	if ds != nil && inPattern(c.callee, ds) {
		if ok, err := g.elementalScalarArg(c, a, ds); ok || err != nil { // elemental.go
			return err
		}
	}
	if ds != nil && inPattern(c.callee, ds) && !isVar {
		if ab, pre, post, ok, err := g.exprArg(c, a, ds); err != nil || ok { // call_exprs.go
			c.bargs = append(c.bargs, ab)
			c.bnames = append(c.bnames, c.callee.Unit.Args[i].Name+g.suffix)
			c.zeros, c.posts = append(c.zeros, pre...), append(c.posts, post...)
			return err
		}
	}
	if ds != nil && inPattern(c.callee, ds) {
		if !isVar || !g.hasAdj(g.baseSym(a)) {
			return notSupported("actual argument '%s' of active dummy '%s' of '%s' is not an active variable in reverse mode", exprString(a), ds.Name, name)
		}
		r, err := g.adjRef(a)
		if err != nil {
			return err
		}
		c.bargs = append(c.bargs, r)
		c.bnames = append(c.bnames, c.callee.Unit.Args[i].Name+g.suffix)
	}
	return nil
}

// vectorSubscripted reports whether array reference a has a vector
// subscript, so that passing it passes a copy.
func (g *gen) vectorSubscripted(a ast.Expr) bool {
	ce, ok := a.(*ast.CallExpr)
	if !ok {
		return false
	}
	for _, x := range ce.Args {
		if _, r := x.(*ast.RangeExpr); !r && g.info.Rank(x) > 0 {
			return true
		}
	}
	return false
}

// recordSplitArg records argument a of a split call (rec, the whole array
// for an element passed to an array dummy) if the TBR analysis asks (in
// store-all mode, if the callee may modify it).
func (g *gen) recordSplitArg(c *activeCall, a ast.Expr, ds *sema.Symbol, rec ast.Expr, isVar bool) error {
	if bs := g.baseSym(a); bs != nil && bs.IsDummy() && bs.Intent == ast.IntentIn {
		return nil // the callee cannot modify it
	}
	if g.reallocatedArg(c.s, a) {
		return nil // saved whole with its allocation (splitCallAllocs)
	}
	mayDefine := ds == nil || ds.Intent != ast.IntentIn && !g.neverDefined(ds)                                         // legacy_intents.go
	if !(g.tbr != nil && g.records(c.s, a) || g.tbr == nil && isVar && mayDefine || g.aliasedSplitArg(a, mayDefine)) { // ptr_call.go
		return nil
	}
	if t := g.info.TypeOf(rec); t != nil && t.IsComplex() {
		pushes, pops, err := g.complexPushPop(rec, t) // complex.go
		if err != nil {
			return err
		}
		c.pushes = append(c.pushes, pushes...)
		c.pops = append(pops, c.pops...)
		return nil
	}
	push, pop, err := g.pushPop(rec)
	if err != nil {
		return err
	}
	if push != nil {
		c.pushes = append(c.pushes, push)
		c.pops = append([]ast.Stmt{pop}, c.pops...)
	}
	return nil
}

// splitCallSweeps returns the sweeps of a split call: foo_fwd records in
// the forward sweep, foo_bwd returns in the backward sweep; the arguments
// and globals it may change are recorded around them, and the inputs the
// caller may change in between are kept (split.go).
func (g *gen) splitCallSweeps(c *activeCall) (fwd, bwd []ast.Stmt, err error) {
	s, callee := c.s, c.callee
	gpush, gpop, err := g.aroundCall(callee.Unit, exprString(s.Name))
	if err != nil {
		return nil, nil, err
	}
	mpush, mpop, err := g.splitModPtrAround(s) // split_ptr_module.go
	if err != nil {
		return nil, nil, err
	}
	fwd = append(append(c.pushes, gpush...), mpush...)
	pops := append(append(mpop, gpop...), c.pops...)
	ksave, kpush, kpop, err := g.keepSubscripts(c.args, callee.Unit, c.scope)
	if err != nil {
		return nil, nil, err
	}
	asave, arestore, err := g.splitCallAllocs(s, exprString(s.Name)) // alloc_split.go
	if err != nil {
		return nil, nil, err
	}
	opush, opop, err := g.outComponentSaves(c) // dtype_out_call.go
	if err != nil {
		return nil, nil, err
	}
	fwd = append(append(append(opush, asave...), fwd...), ksave...) // (opush popped last)
	fwd = append(fwd, &ast.CallStmt{Name: ast.NewIdent(routineName(callee, "_fwd")), Args: c.fargs, Parens: true})
	fwd = append(fwd, kpush...)
	bwd = append(kpop, c.zeros...)
	bwd = append(bwd, &ast.CallStmt{Name: ast.NewIdent(routineName(callee, "_bwd")), Args: c.bargs, Parens: true})
	bwd = append(append(append(append(bwd, pops...), arestore...), c.posts...), opop...)
	if s.Label != 0 {
		l := &ast.ContinueStmt{}
		l.Label, l.Doc = s.Label, s.Doc
		fwd = append([]ast.Stmt{l}, fwd...)
	}
	return fwd, bwd, nil
}

// aliased rejects a call passing one active variable to two dummies, one
// of which the callee may define: the standard forbids it, compilers
// cannot always tell, and the callee's adjoint assumes the arguments
// distinct. (Different elements of an array do not alias. The tangent
// mirrors the aliasing and stays right.)
func (g *gen) aliased(args []ast.Expr, callee *ast.Unit, cs *sema.Scope, name string) error {
	defines := func(i int) bool {
		d := cs.LookupLocal(callee.Args[i].Lower())
		return d == nil || decl.MayDefine(g.info, callee, d)
	}
	for i, a := range args {
		b := g.baseSym(a)
		if b == nil || !g.hasAdj(b) {
			continue
		}
		for j := i + 1; j < len(args); j++ {
			if g.baseSym(args[j]) != b {
				continue
			}
			_, wi := a.(*ast.Ident)
			_, wj := args[j].(*ast.Ident)
			if !wi && !wj && !ast.Equal(a, args[j]) {
				continue
			}
			if defines(i) || defines(j) {
				return notSupported("'%s' passed to both '%s' and '%s' of '%s', which may define one of them (aliased arguments) in reverse mode",
					b.Name, callee.Args[i].Name, callee.Args[j].Name, name)
			}
		}
	}
	return nil
}

// positional returns the actual arguments of a call in the order of the
// callee's dummies, keyword arguments unwrapped; false if one is missing
// (an absent optional argument) or a keyword names no dummy.
func positional(args []ast.Expr, dummies []*ast.Ident) ([]ast.Expr, bool) {
	if len(args) != len(dummies) {
		return nil, false
	}
	out := make([]ast.Expr, len(dummies))
	for i, a := range args {
		j := i // positional arguments come before keyword ones
		if kw, ok := a.(*ast.KeywordArg); ok {
			j = -1
			for k, d := range dummies {
				if d.Lower() == kw.Name.Lower() {
					j = k
				}
			}
			if j < 0 || out[j] != nil {
				return nil, false
			}
			a = kw.Value
		}
		out[j] = a
	}
	return out, true
}

// funcRef returns the adjoint of a reference x of a function with an
// adjoint version callee, for the adjoint rb of its value: rb goes into a
// temporary and call f_b(args with adjoints, tmp) adds to the arguments'
// adjoints. It runs in the backward sweep where the state is the one the
// reference saw in the forward sweep.
func (g *gen) funcRef(x *ast.CallExpr, callee *activity.ProcActivity, rb ast.Expr) ([]ast.Stmt, error) {
	if r := g.hoistedRef(x); r != nil {
		// Hoisted (funcref_hoist.go): its adjoint runs after the
		// statement's.
		return []ast.Stmt{&ast.AssignStmt{Lhs: r.adj, Rhs: deriv.Add(r.adj, rb)}}, nil
	}
	if g.info.Rank(x) > 0 {
		// (Hoisted only out of assignments: funcref_hoist.go.)
		return nil, notSupported("reference of array-valued function '%s' outside an assignment in reverse mode", exprString(x.Fun))
	}
	if callee.Unit != nil {
		for _, s := range g.sh.calleeGlobals(g.info, callee.Unit) {
			if g.sh.written[decl.Canon(s)] {
				return nil, notSupported("reference of function '%s', which uses module or common variable '%s' that the program writes, in reverse mode", exprString(x.Fun), s.Name)
			}
		}
	}
	if err := g.readDefinedArg(x, callee); err != nil { // funcref_defines.go
		return nil, err
	}
	args, pre, post, err := g.funcRefArgs(x, callee)
	if err != nil {
		return nil, err
	}
	t := g.info.TypeOf(x)
	g.ntmp++
	tmp, err := g.local("fadj_tmp"+strconv.Itoa(g.ntmp)+g.suffix, t)
	if err != nil {
		return nil, err
	}
	args = g.withResultAdj(args, tmp)
	out := append(pre, &ast.AssignStmt{Lhs: tmp, Rhs: rb},
		&ast.CallStmt{Name: ast.NewIdent(routineName(callee, g.suffix)), Args: args, Parens: true})
	return append(out, post...), nil
}

// funcRefArgs returns the arguments of the adjoint of the function of
// reference x, but its result's adjoint: each actual argument, followed
// by its adjoint if its dummy is active. An active expression passed to
// an active dummy the function does not define (or a VALUE one) passes
// its value and a temporary adjoint, zeroed before the call (pre) and
// propagated to the expression's operands after it (post).
func (g *gen) funcRefArgs(x *ast.CallExpr, callee *activity.ProcActivity) (args []ast.Expr, pre, post []ast.Stmt, err error) {
	if callee.Unit == nil || callee.Unit.Kind != ast.FunctionUnit {
		return nil, nil, nil, notSupported("reference of '%s' in reverse mode", exprString(x.Fun))
	}
	cs := g.info.ScopeOf(callee.Unit)
	if cs == nil {
		return nil, nil, nil, notSupported("reference of '%s' in reverse mode", exprString(x.Fun))
	}
	if st, ok := g.sh.plan.StateOf(callee.Proc); ok { // (plan/state.go)
		return nil, nil, nil, notSupported("active reference of '%s', which runs %s: its adjoint would run it again from another state, in reverse mode", exprString(x.Fun), st)
	}
	dummies := callee.Unit.Args
	actuals, ok := actualsOf(x.Args, dummies, cs) // optional.go
	if !ok {
		return nil, nil, nil, notSupported("reference of '%s' with these arguments in reverse mode", exprString(x.Fun))
	}
	if err := g.elementalArrayRef(callee, x.Fun, actuals, false); err != nil {
		return nil, nil, nil, err
	}
	// With an optional argument absent, the adjoint's arguments go by
	// keyword, the absent one and its adjoint left out.
	var names []string
	defer func() {
		if err == nil && hasNil(actuals) {
			args = keywordArgs(args, names)
		}
	}()
	for i, a := range actuals {
		if a == nil {
			continue
		}
		args, names = append(args, a), append(names, dummies[i].Name)
		ds := cs.LookupLocal(dummies[i].Lower())
		if ds == nil || !inPattern(callee, ds) {
			continue
		}
		names = append(names, dummies[i].Name+g.suffix)
		if r := g.hoistedRef(a); r != nil {
			args = append(args, r.adj) // its value's temporary replaces a
			continue
		}
		// An element passed to an array dummy (sequence association) or
		// a section passes the same part of the adjoint; a vector
		// subscript would pass a copy.
		bs := g.baseSym(a)
		isVar := bs != nil && bs.Kind == sema.VarSym && g.hasAdj(bs) && !g.vectorSubscripted(a)
		if !isVar && g.elementalExprArg(callee, actuals, a, ds) { // elemental_expr.go
			tb, p, q, err := g.elementalExprAdj(a, g.exprArgShape(callee, actuals, a))
			if err != nil {
				return nil, nil, nil, err
			}
			pre, post = append(pre, p...), append(post, q...)
			args = append(args, tb)
			continue
		}
		if !isVar && (bs == nil || bs.Kind != sema.VarSym) && (!decl.MayDefine(g.info, callee.Unit, ds) || ds.Attrs.Has(sema.AttrValue)) && ds.Rank() == g.info.Rank(a) && isFloat(g.info.TypeOf(a)) {
			// An expression: its value, and a temporary adjoint (of its
			// shape for an array: exprArgAdjoint).
			tb, zero, err := g.exprArgAdjoint(a)
			if err != nil {
				return nil, nil, nil, err
			}
			inc, err := g.adj(a, tb)
			if err != nil {
				return nil, nil, nil, err
			}
			pre = append(pre, zero...)
			post = append(post, inc...)
			args = append(args, tb)
			continue
		}
		if !isVar {
			return nil, nil, nil, notSupported("argument '%s' of active dummy '%s' of function '%s' is not an active variable in reverse mode", exprString(a), ds.Name, exprString(x.Fun))
		}
		if arr := g.elementalArray(callee, actuals); arr != nil && g.info.Rank(a) == 0 {
			// A scalar beside arrays (elemental.go).
			tb, p, q, err := g.elementalScalarAdj(a, arr, ds)
			if err != nil {
				return nil, nil, nil, err
			}
			pre, post = append(pre, p...), append(post, q...)
			args = append(args, tb)
			continue
		}
		r, err := g.adjRef(a)
		if err != nil {
			return nil, nil, nil, err
		}
		args = append(args, r)
	}
	return args, pre, post, nil
}

func hasNil(xs []ast.Expr) bool {
	for _, x := range xs {
		if x == nil {
			return true
		}
	}
	return false
}

// withResultAdj appends to the arguments of a function's adjoint the
// adjoint of its result, by keyword after keywords (funcRefArgs).
func (g *gen) withResultAdj(args []ast.Expr, rb ast.Expr) []ast.Expr {
	for _, a := range args {
		if _, ok := a.(*ast.KeywordArg); ok {
			return append(args, &ast.KeywordArg{Name: ast.NewIdent("fadj_result" + g.suffix), Value: rb})
		}
	}
	return append(args, rb)
}

// exprArgAdjoint declares the temporary adjoint of expression a passed
// to an active dummy, and returns the statements zeroing it before the
// call: a scalar, or an allocatable array allocated with a's shape.
func (g *gen) exprArgAdjoint(a ast.Expr) (ast.Expr, []ast.Stmt, error) {
	t, rank := g.info.TypeOf(a), g.info.Rank(a)
	if rank == 0 {
		g.ntmp++
		tb, err := g.local("fadj_tmp"+strconv.Itoa(g.ntmp)+g.suffix, t)
		if err != nil {
			return nil, nil, err
		}
		return tb, []ast.Stmt{&ast.AssignStmt{Lhs: tb, Rhs: deriv.Const("0", t)}}, nil
	}
	tb, err := g.adjointTemp(t, rank) // stmts.go
	if err != nil {
		return nil, nil, err
	}
	return tb, []ast.Stmt{
		decl.If(decl.Allocated(ast.Clone(tb)), decl.Deallocate(ast.Clone(tb))),
		decl.AllocateMold(ast.Clone(tb), ast.Clone(a)),
		&ast.AssignStmt{Lhs: ast.Clone(tb), Rhs: deriv.Const("0", t)},
	}, nil
}

// isDesignator reports whether x is a variable or an array element with
// variable or literal subscripts, so that two equal texts denote one value.
// reshapes reports whether the scalar adjoint of sum(x) would reach an
// array intrinsic that is not elemental (matmul, transpose, ...) still
// scalar: through +, -, parentheses, and products or quotients by
// scalars. Elemental operations take a scalar adjoint; those intrinsics
// need one of their result's shape.
func (g *gen) reshapes(x ast.Expr) bool {
	switch y := x.(type) {
	case *ast.ParenExpr:
		return g.reshapes(y.X)
	case *ast.UnaryExpr:
		return g.reshapes(y.X)
	case *ast.BinaryExpr:
		switch y.Op {
		case token.PLUS, token.MINUS:
			return g.reshapes(y.X) || g.reshapes(y.Y)
		case token.STAR:
			return (g.info.Rank(y.Y) == 0 && g.reshapes(y.X)) || (g.info.Rank(y.X) == 0 && g.reshapes(y.Y))
		case token.SLASH:
			return g.info.Rank(y.Y) == 0 && g.reshapes(y.X)
		}
	case *ast.CallExpr:
		if id, ok := y.Fun.(*ast.Ident); ok {
			switch id.Lower() {
			case "matmul", "transpose", "reshape", "spread", "cshift", "eoshift", "pack", "unpack":
				return true
			}
		}
	}
	return false
}

// extent returns the extent of dimension k (from 1) of array expression x,
// as an expression of its operands, or false.
func (g *gen) extent(x ast.Expr, k int) (ast.Expr, bool) {
	rank := g.info.Rank(x)
	if rank == 0 || k > rank {
		return nil, false
	}
	size := func(y ast.Expr, d int) ast.Expr { return deriv.Call("size", y, deriv.Int(d)) }
	switch y := x.(type) {
	case *ast.Ident:
		return size(y, k), true
	case *ast.ParenExpr:
		return g.extent(y.X, k)
	case *ast.UnaryExpr:
		return g.extent(y.X, k)
	case *ast.BinaryExpr:
		if g.info.Rank(y.X) == rank {
			return g.extent(y.X, k)
		}
		return g.extent(y.Y, k)
	case *ast.CallExpr:
		c, ok := g.info.Calls[y]
		if !ok {
			return nil, false
		}
		if c.Kind == sema.ArrayElement {
			return size(y, k), true
		}
		if !c.IsIntrinsic() || len(y.Args) == 0 {
			return nil, false
		}
		if e, ok, known := g.movedExtent(y, strings.ToLower(c.Proc.Name), k); known {
			return e, ok
		}
		var a []ast.Expr
		for _, arg := range y.Args {
			if _, ok := arg.(*ast.KeywordArg); ok {
				return nil, false
			}
			a = append(a, arg)
		}
		switch strings.ToLower(c.Proc.Name) {
		case "matmul":
			if len(a) != 2 {
				return nil, false
			}
			ra := g.info.Rank(a[0])
			switch {
			case ra == 1: // vector-matrix
				return g.extent(a[1], 2)
			case k == 1:
				return g.extent(a[0], 1)
			default:
				return g.extent(a[1], 2)
			}
		case "transpose":
			return g.extent(a[0], 3-k)
		case "spread":
			return g.spreadExtent(a, k) // spread_extent.go
		}
		if r, ok := deriv.Lookup(c.Proc.Name); ok && r.Form == deriv.Elemental {
			for _, arg := range a {
				if g.info.Rank(arg) == rank {
					return g.extent(arg, k)
				}
			}
		}
	}
	return nil, false
}

func (g *gen) isDesignator(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.CallExpr:
		if c, ok := g.info.Calls[x]; !ok || c.Kind != sema.ArrayElement {
			return false
		}
		for _, a := range x.Args {
			if _, ok := a.(*ast.Ident); !ok {
				if _, lit := a.(*ast.BasicLit); !lit {
					return false
				}
			}
		}
		return true
	}
	return false
}

// constructor returns the increments for array constructor x of type t
// with adjoint rb: rb goes into an allocatable temporary whose elements
// (sections, for array items) are the adjoints of the items, in order.
// Items that are literals or passive add nothing; the temporary is only
// declared when an item does.
func (g *gen) constructor(x *ast.ArrayConstructor, t *sema.Type, rb ast.Expr) ([]ast.Stmt, error) {
	g.ntmp++
	tmp := ast.NewIdent("fadj_tmp" + strconv.Itoa(g.ntmp) + g.suffix)
	var incs []ast.Stmt
	lit, sizes := 1, []ast.Expr(nil) // the position of the next item: lit + sizes
	at := func(extra int) ast.Expr {
		p := deriv.Int(lit + extra)
		for _, n := range sizes {
			p = deriv.Add(p, n)
		}
		return p
	}
	for k, it := range x.Items {
		if _, ok := it.(*ast.ImpliedDo); ok {
			if g.passiveTail(x.Items[k:]) { // ctor_passive.go
				break
			}
			return nil, notSupported("implied DO in an active array constructor in reverse mode")
		}
		var part ast.Expr
		switch g.info.Rank(it) {
		case 0:
			part = &ast.CallExpr{Fun: tmp, Args: []ast.Expr{at(0)}}
			lit++
		case 1:
			n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{ast.Clone(it)}}
			part = &ast.CallExpr{Fun: tmp, Args: []ast.Expr{&ast.RangeExpr{Lo: at(0), Hi: deriv.Sub(at(-1), deriv.Neg(n))}}}
			sizes = append(sizes, n)
		default:
			return nil, notSupported("array constructor with an item of rank %d in reverse mode", g.info.Rank(it))
		}
		a, err := g.adj(it, part)
		if err != nil {
			return nil, err
		}
		incs = append(incs, a...)
	}
	if len(incs) == 0 {
		return nil, nil
	}
	if err := g.arrayTemp(tmp.Name, t, 1); err != nil {
		return nil, err
	}
	return append([]ast.Stmt{&ast.AssignStmt{Lhs: tmp, Rhs: rb}}, incs...), nil
}

// movedExtent returns the extent of dimension k of a call of cshift,
// eoshift (the array's), pack (count(mask), or the vector's size),
// unpack (the mask's) or reshape (the item of its SHAPE, an array
// constructor); known is false for other intrinsics.
func (g *gen) movedExtent(x *ast.CallExpr, name string, k int) (e ast.Expr, ok, known bool) {
	in := sema.LookupIntrinsic(name)
	switch name {
	case "cshift", "eoshift", "pack", "unpack", "reshape":
	default:
		return nil, false, false
	}
	args := make([]ast.Expr, len(in.Args))
	for i, a := range x.Args {
		if kw, isKw := a.(*ast.KeywordArg); isKw {
			for j, n := range in.Args {
				if strings.EqualFold(n, kw.Name.Name) {
					args[j] = kw.Value
				}
			}
		} else if i < len(args) {
			args[i] = a
		}
	}
	switch name {
	case "cshift", "eoshift":
		e, ok = g.extent(args[0], k)
	case "unpack":
		e, ok = g.extent(args[1], k)
	case "reshape":
		if c, isCons := args[1].(*ast.ArrayConstructor); isCons && k <= len(c.Items) {
			if _, implied := c.Items[k-1].(*ast.ImpliedDo); !implied {
				e, ok = ast.Clone(c.Items[k-1]), true
			}
		}
	case "pack":
		switch {
		case args[2] != nil:
			e, ok = g.extent(args[2], 1)
		case args[1] != nil && g.info.Rank(args[1]) > 0:
			e, ok = deriv.Call("count", ast.Clone(args[1])), true
		}
	}
	return e, ok, true
}
