package sema

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// refMode says how a designator is used.
type refMode uint8

const (
	refValue   refMode = iota // its value is read
	refDef                    // it is defined (assignment, READ, DO variable, ...)
	refPtrDef                 // it is pointer-assigned
	refActual                 // an actual argument: procedure names allowed
	refNoCheck                // named in NAMELIST, EQUIVALENCE, ...
)

// refResult describes an analysed designator or expression.
type refResult struct {
	t       *Type
	rank    int
	base    *Symbol // the entity at the root of a designator
	viaPtr  bool    // the object lies in the target of a pointer
	pointer bool    // the object is itself a pointer
	isVar   bool    // a variable (not a constant, expression or function result)
	proc    bool    // a procedure name (actual argument)
	// binding is the type-bound procedure of obj%binding; obj is then
	// the object's type and rank.
	binding *Symbol
	objT    *Type
	objRank int
	// member is the component of a component reference x%c.
	member *Symbol
}

// record records the type and rank of x: in Calls for a CallExpr (which
// is classified before it is recorded), else in Types.
func (c *checker) record(x ast.Expr, t *Type, rank int) {
	if call, ok := x.(*ast.CallExpr); ok {
		cl := c.info.Calls[call]
		cl.Type, cl.Rank = t, rank
		c.info.Calls[call] = cl
		return
	}
	c.info.Types[x] = TypeAndValue{Type: t, Rank: rank}
}

// expr analyses x as a value and returns its type (never nil) and rank.
func (c *checker) expr(x ast.Expr) (*Type, int) {
	t, r := c.expr1(x)
	if t == nil {
		t = Invalid
	}
	return t, r
}

func (c *checker) expr1(x ast.Expr) (*Type, int) {
	switch x := x.(type) {
	case nil:
		return Invalid, 0
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
		r := c.ref(x, refValue)
		if r.binding != nil {
			c.errorf(posOf(x), "type-bound procedure '%s' referenced without an argument list", r.binding.Name)
			return Invalid, 0
		}
		return r.t, r.rank
	case *ast.BasicLit:
		return c.literal(x), 0
	case *ast.ParenExpr:
		start := c.ops
		t, r := c.expr(x.X)
		c.countOp(x, start)
		return t, r
	case *ast.UnaryExpr:
		start := c.ops
		t, r := c.unary(x)
		c.countOp(x, start)
		return t, r
	case *ast.BinaryExpr:
		return c.binary(x)
	case *ast.ArrayConstructor:
		return c.arrayConstructor(x)
	case *ast.ComplexLit:
		tr, _ := c.expr(x.Re)
		ti, _ := c.expr(x.Im)
		k := c.defReal.Kind
		if tr.IsFloat() || ti.IsFloat() {
			k = 0
			if tr.IsFloat() {
				k = tr.Kind
			}
			if ti.IsFloat() && ti.Kind > k {
				k = ti.Kind
			}
		}
		t := BasicType(ComplexType, k)
		if t == nil {
			t = c.defComplex
		}
		c.record(x, t, 0)
		return t, 0
	case *ast.ImpliedDo:
		c.impliedDo(x, false)
		return Invalid, 0
	case *ast.RangeExpr:
		c.expr(x.Lo)
		c.expr(x.Hi)
		c.expr(x.Stride)
		return Invalid, 0
	case *ast.KeywordArg:
		return c.expr(x.Value)
	}
	return Invalid, 0
}

// ref analyses a designator (or any expression) used in the given mode.
// The type of the result is never nil.
func (c *checker) ref(x ast.Expr, mode refMode) refResult {
	r := c.ref1(x, mode)
	if r.t == nil {
		r.t = Invalid
	}
	return r
}

func (c *checker) ref1(x ast.Expr, mode refMode) refResult {
	switch x := x.(type) {
	case *ast.Ident:
		return c.identRef(x, mode)
	case *ast.CallExpr:
		return c.callRef(x, mode)
	case *ast.SelectorExpr:
		return c.selectorRef(x, mode)
	}
	t, r := c.expr(x)
	return refResult{t: t, rank: r}
}

// identRef resolves a name used without parentheses.
func (c *checker) identRef(id *ast.Ident, mode refMode) refResult {
	name := c.name(id)
	if name == "" {
		return refResult{t: Invalid}
	}
	sym := c.lookup(c.scope, name)
	if sym == nil {
		sym = c.implicitVar(id, name)
	}
	c.use(id, sym)
	switch sym.Kind {
	case VarSym:
		if !c.inSpec && mode != refNoCheck {
			sym.usedAsVar = true
		}
		return refResult{t: sym.Type, rank: len(sym.Dims), base: sym, pointer: sym.Attrs&AttrPointer != 0, isVar: true}
	case ConstSym:
		return refResult{t: sym.Type, rank: len(sym.Dims), base: sym}
	case ProcSym, GenericSym:
		if mode == refActual || mode == refNoCheck {
			if mode == refActual {
				c.procRef(sym, id.NamePos)
			}
			return refResult{t: sym.Type, base: sym, proc: true}
		}
		c.errorf(id.NamePos, "'%s' is a procedure, not a variable", name)
		return refResult{t: Invalid}
	case BadSym:
		c.badSym(sym, id.NamePos)
		return refResult{t: Invalid}
	}
	if mode != refNoCheck {
		c.errorf(id.NamePos, "'%s' is a %s, not a variable", name, sym.Kind)
	}
	return refResult{t: Invalid}
}

func (c *checker) badSym(sym *Symbol, pos source.Pos) {
	if !sym.reported {
		sym.reported = true
		c.errorf(pos, "%s", sym.ambiguous)
	}
}

// unitScope returns the scope in which implicitly declared names go.
func (c *checker) unitScope() *Scope {
	sc := c.scope
	for (sc.Kind == StmtFuncScope || sc.Kind == BlockScope || sc.Kind == AssociateScope) && sc.Parent != nil {
		sc = sc.Parent
	}
	return sc
}

// implicitVar declares a variable at its first reference.
func (c *checker) implicitVar(id *ast.Ident, name string) *Symbol {
	sc := c.unitScope()
	sym := c.newSymbol(Symbol{Name: name, Kind: VarSym, Pos: id.NamePos, ArgIndex: -1})
	c.addLocal(sc, sym)
	if c.inSpec {
		sym.pending = true
	} else {
		c.implicitType(sc, sym, id.NamePos)
	}
	return sym
}

// implicitFunc declares an external function at its first reference.
func (c *checker) implicitFunc(id *ast.Ident, name string) *Symbol {
	sc := c.unitScope()
	g := c.globalProc(name)
	sym := &Symbol{Name: name, Kind: ProcSym, Pos: id.NamePos, ArgIndex: -1,
		Proc: &Proc{Kind: ProcExternal, Form: FormFunction, Global: g}}
	c.addLocal(sc, sym)
	if g != nil && g.Proc.Form == FormSubroutine {
		sym.Proc.Form = FormSubroutine
		return sym
	}
	c.implicitType(sc, sym, id.NamePos)
	return sym
}

// intrinsicSym returns this Check's symbol for a standard intrinsic.
func (c *checker) intrinsicSym(in *Intrinsic) *Symbol {
	if s := c.intrSyms[in.Name]; s != nil {
		return s
	}
	form := FormFunction
	if in.Sub {
		form = FormSubroutine
	}
	s := &Symbol{Name: in.Name, Kind: ProcSym, ArgIndex: -1, Attrs: AttrIntrinsic, Owner: c.info.Global,
		Proc: &Proc{Kind: ProcIntrinsic, Form: form, Intrinsic: in}}
	if in.rule == rFixed || in.rule == rFixedScalar {
		s.Type = in.fixed
	}
	c.intrSyms[in.Name] = s
	return s
}

// callRef analyses name(args).
func (c *checker) callRef(x *ast.CallExpr, mode refMode) refResult {
	switch fun := x.Fun.(type) {
	case *ast.Ident:
		name := c.name(fun)
		sym := c.lookup(c.scope, name)
		if sym == nil {
			if mode != refDef && mode != refPtrDef {
				if in := intrinsics[name]; in != nil {
					isym := c.intrinsicSym(in)
					c.use(fun, isym)
					return c.funcCall(x, isym)
				}
				sym = c.implicitFunc(fun, name)
			} else {
				sym = c.implicitVar(fun, name)
			}
		}
		c.use(fun, sym)
		return c.callSym(x, sym, mode)
	case *ast.SelectorExpr:
		bm := mode
		if bm == refActual {
			bm = refValue
		}
		b := c.selectorRef(fun, bm)
		if b.binding != nil {
			return c.bindingCall(posOf(x), fun, x.Args, b, x, nil)
		}
		comp := b.member
		if comp != nil && comp.Proc != nil {
			// A reference through a procedure pointer component.
			c.argsOnly(x.Args)
			c.info.Calls[x] = Call{Kind: FunctionCall, Proc: comp, Type: Invalid}
			return refResult{t: Invalid}
		}
		if comp != nil && comp.Kind == ComponentSym && b.t == comp.Type {
			if len(comp.Dims) > 0 {
				base := b.rank - len(comp.Dims)
				r := c.subscripts(x, comp, comp.Dims)
				res := b
				res.rank = base + r
				res.viaPtr = b.viaPtr || b.pointer
				res.pointer = false
				c.record(x, res.t, res.rank)
				return res
			}
			if comp.Type.IsCharacter() && isSubstring(x.Args) {
				return c.substring(x, comp, b)
			}
		}
		if b.t.valid() && comp != nil {
			c.errorf(posOf(x), "component '%s' is not an array", comp.Name)
		}
		c.argsOnly(x.Args)
		c.info.Calls[x] = Call{Kind: CallUnknown}
		return refResult{t: Invalid}
	case *ast.CallExpr:
		b := c.callRef(fun, mode)
		if b.t.IsCharacter() && isSubstring(x.Args) {
			if k := c.info.Calls[fun].Kind; k == ArrayElement || k == FunctionCall {
				return c.substring(x, c.info.Calls[fun].Proc, b)
			}
		}
		if b.t.valid() {
			c.errorf(posOf(x), "invalid reference: too many parentheses")
		}
		c.argsOnly(x.Args)
		c.info.Calls[x] = Call{Kind: CallUnknown}
		return refResult{t: Invalid}
	}
	t, r := c.expr(x.Fun)
	if t.IsCharacter() && isSubstring(x.Args) {
		return c.substring(x, nil, refResult{t: t, rank: r}) // 'abcdef'(2:3)
	}
	if t.valid() {
		c.errorf(posOf(x), "invalid reference: %s value with arguments", t)
	}
	c.argsOnly(x.Args)
	c.info.Calls[x] = Call{Kind: CallUnknown}
	return refResult{t: Invalid}
}

func isSubstring(args []ast.Expr) bool {
	if len(args) != 1 {
		return false
	}
	_, ok := args[0].(*ast.RangeExpr)
	return ok
}

// argsOnly analyses arguments of a reference that could not be resolved.
func (c *checker) argsOnly(args []ast.Expr) {
	for _, a := range args {
		switch a := a.(type) {
		case *ast.KeywordArg:
			c.expr(a.Value)
		case *ast.Ident:
			c.ref(a, refActual)
		default:
			c.expr(a)
		}
	}
}

// callSym analyses name(args) where name resolved to sym.
func (c *checker) callSym(x *ast.CallExpr, sym *Symbol, mode refMode) refResult {
	switch sym.Kind {
	case VarSym, ConstSym:
		if len(sym.Dims) > 0 {
			if sym.Kind == VarSym && !c.inSpec && mode != refNoCheck {
				sym.usedAsVar = true
			}
			r := c.subscripts(x, sym, sym.Dims)
			res := refResult{t: sym.Type, rank: r, base: sym, viaPtr: sym.Attrs&AttrPointer != 0, isVar: sym.Kind == VarSym}
			c.record(x, res.t, res.rank)
			return res
		}
		if sym.Type.IsCharacter() && isSubstring(x.Args) {
			if sym.Kind == VarSym && !c.inSpec {
				sym.usedAsVar = true
			}
			return c.substring(x, sym, refResult{t: sym.Type, base: sym, pointer: sym.Attrs&AttrPointer != 0, isVar: sym.Kind == VarSym})
		}
		if sym.Kind == VarSym && mode != refDef && mode != refPtrDef && mode != refNoCheck && c.canBeFunction(sym) {
			c.varToProc(sym)
			return c.funcCall(x, sym)
		}
		if sym.Type != Invalid {
			c.errorf(posOf(x), "'%s' is not an array", sym.Name)
		}
		c.argsOnly(x.Args)
		c.info.Calls[x] = Call{Kind: CallUnknown, Proc: sym}
		return refResult{t: sym.Type, base: sym, isVar: sym.Kind == VarSym}
	case ProcSym:
		if mode == refDef || mode == refPtrDef {
			c.errorf(posOf(x), "'%s' is a procedure, not a variable", sym.Name)
			c.argsOnly(x.Args)
			c.info.Calls[x] = Call{Kind: CallUnknown, Proc: sym}
			return refResult{t: Invalid}
		}
		return c.funcCall(x, sym)
	case GenericSym:
		return c.genericCall(x, sym)
	case TypeSym:
		return c.structCons(x, sym)
	case BadSym:
		c.badSym(sym, posOf(x))
	default:
		c.errorf(posOf(x), "'%s' is a %s, not a function or array", sym.Name, sym.Kind)
	}
	c.argsOnly(x.Args)
	c.info.Calls[x] = Call{Kind: CallUnknown}
	return refResult{t: Invalid}
}

// canBeFunction reports whether a scalar variable referenced with
// arguments is in fact an external function (or dummy procedure) whose
// type was declared: nothing else makes it a variable.
func (c *checker) canBeFunction(sym *Symbol) bool {
	if sym.Owner != c.unitScope() || sym.Owner.Kind == ModuleScope {
		return false
	}
	const varAttrs = AttrInCommon | AttrData | AttrEquivalence | AttrPointer | AttrAllocatable | AttrTarget |
		AttrResult | AttrSave | AttrValue | AttrDimension | AttrVolatile | AttrProtected
	return sym.Attrs&varAttrs == 0 && sym.Init == nil && !sym.usedAsVar && sym.Intent == ast.IntentNone
}

// varToProc turns a variable referenced as a function into a procedure.
func (c *checker) varToProc(sym *Symbol) {
	sym.Kind = ProcSym
	switch in := intrinsics[sym.Name]; {
	case sym.IsDummy():
		sym.Proc = &Proc{Kind: ProcDummy, Form: FormFunction}
	case in != nil && !in.Sub && sym.Attrs&AttrExternal == 0:
		sym.Proc = &Proc{Kind: ProcIntrinsic, Form: FormFunction, Intrinsic: in}
		sym.Attrs |= AttrIntrinsic
	default:
		sym.Proc = &Proc{Kind: ProcExternal, Form: FormFunction, Global: c.globalProc(sym.Name)}
	}
}

// subscripts analyses the subscripts of an array reference and returns
// the rank of the section (0 for an element).
func (c *checker) subscripts(x *ast.CallExpr, sym *Symbol, dims []Dim) int {
	nsub, rank := 0, 0
	for _, a := range x.Args {
		switch a := a.(type) {
		case nil:
		case *ast.RangeExpr:
			c.intExpr(a.Lo)
			c.intExpr(a.Hi)
			c.intExpr(a.Stride)
			rank++
		case *ast.KeywordArg:
			c.errorf(posOf(a), "keyword argument in a reference to array '%s'", sym.Name)
			c.expr(a.Value)
		default:
			if _, r := c.expr(a); r > 0 {
				rank++
			}
		}
		nsub++
	}
	if nsub != len(dims) {
		s := "s"
		if nsub == 1 {
			s = ""
		}
		c.errorf(posOf(x), "'%s' has rank %d but %d subscript%s given", sym.Name, len(dims), nsub, s)
	}
	c.info.Calls[x] = Call{Kind: ArrayElement, Proc: sym, Section: rank > 0}
	return rank
}

// substring analyses s(lo:hi) of a character object b.
func (c *checker) substring(x *ast.CallExpr, sym *Symbol, b refResult) refResult {
	t := CharN
	if rg, ok := x.Args[0].(*ast.RangeExpr); ok {
		c.intExpr(rg.Lo)
		c.intExpr(rg.Hi)
		if rg.Stride != nil {
			c.errorf(posOf(rg.Stride), "a substring has no stride")
		}
		lo, hi := int64(1), int64(-1)
		okLo, okHi := true, false
		if rg.Lo != nil {
			v, ok := c.info.constValue(rg.Lo, c)
			lo, okLo = v.Int, ok && v.Kind == IntValue
		}
		if rg.Hi != nil {
			v, ok := c.info.constValue(rg.Hi, c)
			hi, okHi = v.Int, ok && v.Kind == IntValue
		} else if b.t.IsCharacter() && b.t.Len >= 0 {
			hi, okHi = int64(b.t.Len), true
		}
		if okLo && okHi {
			n := hi - lo + 1
			if n < 0 {
				n = 0
			}
			t = c.charLen(int(n))
		}
	}
	c.info.Calls[x] = Call{Kind: Substring, Proc: sym}
	res := b
	res.t = t
	res.pointer = false
	res.viaPtr = b.viaPtr || b.pointer
	c.record(x, t, b.rank)
	return res
}

// selectorRef analyses x%component.
func (c *checker) selectorRef(x *ast.SelectorExpr, mode refMode) refResult {
	bm := mode
	if bm == refActual {
		bm = refValue
	}
	b := c.ref(x.X, bm)
	if x.Sel == nil {
		return refResult{t: Invalid}
	}
	name := c.name(x.Sel)
	if !b.t.IsDerived() {
		// complex part designators and type parameter inquiries
		var t *Type
		switch {
		case b.t.IsComplex() && (name == "re" || name == "im"):
			t = BasicType(RealType, b.t.Kind)
		case b.t.valid() && b.t.Basic != TypelessType && name == "kind":
			t, b.rank, b.isVar = c.defInt, 0, false
		case b.t.IsCharacter() && name == "len":
			t, b.rank, b.isVar = c.defInt, 0, false
		}
		if t != nil {
			res := b
			res.t, res.pointer = t, false
			res.viaPtr = b.viaPtr || b.pointer
			c.record(x, t, res.rank)
			return res
		}
		if b.t.valid() {
			c.errorf(x.Sel.NamePos, "'%s' is not a component: the object is of type %s", name, b.t)
		}
		return refResult{t: Invalid}
	}
	ts := b.t.Derived
	if ts == nil {
		return refResult{t: Invalid}
	}
	comp := ts.Component(name)
	if comp == nil {
		comp = ts.ProcComponent(name) // proc_pointer.go
	}
	if comp == nil {
		if bs := ts.Binding(name); bs != nil {
			c.use(x.Sel, bs)
			if bs.Type != nil {
				c.record(x, bs.Type, len(bs.Dims))
			}
			return refResult{t: bs.Type, base: b.base, proc: true, binding: bs, objT: b.t, objRank: b.rank, isVar: b.isVar,
				viaPtr: b.viaPtr, pointer: b.pointer}
		}
		for p := ts.Parent; p != nil; p = p.Parent {
			if p.Name == name {
				c.use(x.Sel, p)
				res := b
				res.t = p.Type
				c.record(x, res.t, res.rank)
				return res
			}
		}
		if !ts.undefined && !ts.forward && (len(ts.Components) > 0 || ts.Owner == nil || ts.Owner.Unit != nil) {
			c.errorf(x.Sel.NamePos, "type '%s' has no component '%s'", ts.Name, name)
		}
		return refResult{t: Invalid}
	}
	c.use(x.Sel, comp)
	res := refResult{t: comp.Type, rank: b.rank + len(comp.Dims), base: b.base, viaPtr: b.viaPtr || b.pointer,
		pointer: comp.Attrs&AttrPointer != 0, isVar: b.isVar, member: comp}
	c.record(x, res.t, res.rank)
	return res
}

// ----------------------------------------------------------------------------
// Procedure references

// argInfo is an analysed actual argument.
type argInfo struct {
	r     refResult
	desig bool // a variable designator
}

// actualArgs analyses the actual arguments of a procedure reference.
func (c *checker) actualArgs(args []ast.Expr, buf []argInfo) []argInfo {
	out := buf[:0]
	for _, a := range args {
		v := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			v = kw.Value
		}
		var ai argInfo
		switch v := v.(type) {
		case *ast.Ident:
			ai.r = c.ref(v, refActual)
			ai.desig = ai.r.isVar
		case *ast.CallExpr, *ast.SelectorExpr:
			ai.r = c.ref(v, refValue)
			ai.desig = ai.r.isVar
		case *ast.StarExpr:
			if v.Label != 0 {
				c.labelRef(v.Label, v.Star)
			}
			ai.r.t = Invalid
		default:
			t, r := c.expr(v)
			ai.r = refResult{t: t, rank: r}
		}
		out = append(out, ai)
	}
	return out
}

// funcCall analyses a function reference of sym.
func (c *checker) funcCall(x *ast.CallExpr, sym *Symbol) refResult {
	p := sym.Proc
	if p == nil {
		p = &Proc{Kind: ProcExternal}
		sym.Proc = p
	}
	target := sym
	if p.Global != nil {
		target = p.Global
	}
	if (p.Form == FormSubroutine || target.Proc.Form == FormSubroutine) && !(p.Intrinsic != nil && p.Intrinsic.Both) {
		c.errorf(posOf(x), "'%s' is a subroutine, not a function", sym.Name)
		c.argsOnly(x.Args)
		c.info.Calls[x] = Call{Kind: FunctionCall, Proc: target}
		return refResult{t: Invalid}
	}
	if p.Form == FormUnknown {
		p.Form = FormFunction
	}
	switch p.Kind {
	case ProcIntrinsic:
		t, r := c.intrinsicCall(x, p.Intrinsic)
		c.info.Calls[x] = Call{Kind: FunctionCall, Proc: sym}
		c.edge(sym, posOf(x), x, nil)
		c.record(x, t, r)
		return refResult{t: t, rank: r}
	case ProcStmtFunc:
		var buf [8]argInfo
		ai := c.actualArgs(x.Args, buf[:0])
		if len(x.Args) != len(p.Args) {
			c.errorf(posOf(x), "statement function '%s' has %d arguments but %d given", sym.Name, len(p.Args), len(x.Args))
		} else {
			for i, d := range p.Args {
				if d != nil && i < len(ai) && ai[i].r.t.valid() && d.Type.valid() &&
					!(d.Type.IsNumeric() && ai[i].r.t.IsNumeric()) && d.Type.Basic != ai[i].r.t.Basic {
					c.errorf(posOf(x.Args[i]), "type mismatch in argument '%s' of '%s': %s passed to %s", d.Name, sym.Name, ai[i].r.t, d.Type)
				}
			}
		}
		c.info.Calls[x] = Call{Kind: FunctionCall, Proc: sym}
		c.record(x, sym.Type, 0)
		return refResult{t: sym.Type}
	}
	if sym.Type == nil && (target == sym || target.Type == nil) {
		sc := sym.Owner
		if sc == nil || sc.Kind == GlobalScope {
			sc = c.unitScope()
		}
		c.implicitType(sc, sym, posOf(x))
	}
	var buf [8]argInfo
	ai := c.actualArgs(x.Args, buf[:0])
	c.checkCall(interfaceOf(sym, target), posOf(x), x.Args, ai)
	call := Call{Kind: FunctionCall, Proc: target}
	if target != sym {
		call.Local = sym
	}
	c.info.Calls[x] = call
	c.edge(target, posOf(x), x, nil)
	t := sym.Type
	if t == nil {
		t = target.Type
	}
	if target != sym && !sym.reported && sym.Type.valid() && target.Type.valid() && target.Proc.Unit != nil &&
		(sym.Type.Basic != target.Type.Basic || sym.Type.Kind != target.Type.Kind) {
		sym.reported = true
		c.errorf(posOf(x), "'%s' is %s here but %s at its definition at %s", sym.Name, sym.Type, target.Type, c.where(target.Pos, posOf(x)))
	}
	r := len(target.Dims)
	if target.Attrs&AttrElemental != 0 {
		r = maxRank(ai)
	}
	c.record(x, t, r)
	return refResult{t: t, rank: r}
}

func maxRank(ai []argInfo) int {
	r := 0
	for _, a := range ai {
		if a.r.rank > r || a.r.rank == RankUnknown {
			r = a.r.rank
		}
		if r == RankUnknown {
			return r
		}
	}
	return r
}

// intrinsicCall analyses a reference to an intrinsic function.
func (c *checker) intrinsicCall(x *ast.CallExpr, in *Intrinsic) (*Type, int) {
	var tb [8]*Type
	var rb [8]int
	types, ranks := tb[:0], rb[:0]
	for _, a := range x.Args {
		v := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			v = kw.Value
		}
		var r refResult
		if id, ok := v.(*ast.Ident); ok {
			r = c.ref(id, refActual)
		} else {
			t, rk := c.expr(v)
			r = refResult{t: t, rank: rk}
		}
		types = append(types, r.t)
		ranks = append(ranks, r.rank)
	}
	return c.intrinsicApply(posOf(x), x.Args, in, types, ranks)
}

// intrinsicApply checks the arguments of an intrinsic procedure
// reference, whose types and ranks are known, and returns the result.
func (c *checker) intrinsicApply(pos source.Pos, args []ast.Expr, in *Intrinsic, types []*Type, ranks []int) (*Type, int) {
	var ib [8]int
	idx, ok := in.matchIdx(args, ib[:0])
	if !ok {
		c.intrinsicArgError(pos, args, in)
	}
	var eb [8]ast.Expr
	var ftb [8]*Type
	var frb [8]int
	fargs, ftypes, franks := eb[:0], ftb[:0], frb[:0]
	for _, j := range idx {
		if j < 0 {
			fargs, ftypes, franks = append(fargs, nil), append(ftypes, nil), append(franks, 0)
			continue
		}
		a := args[j]
		if kw, isKw := a.(*ast.KeywordArg); isKw {
			a = kw.Value
		}
		fargs, ftypes, franks = append(fargs, a), append(ftypes, types[j]), append(franks, ranks[j])
	}
	if ok {
		for i := 0; i < in.MinArgs && i < len(idx); i++ {
			if idx[i] < 0 {
				c.errorf(pos, "missing argument '%s' in call to '%s'", in.Args[i], in.Name)
				break
			}
		}
	}
	if in.Sub {
		return nil, 0
	}
	return c.intrinsicResult(in, fargs, ftypes, franks)
}

func (c *checker) intrinsicArgError(pos source.Pos, args []ast.Expr, in *Intrinsic) {
	n := 0
	for _, a := range args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			if kw.Name != nil && in.argIndex(c.name(kw.Name)) < 0 {
				c.errorf(kw.Name.NamePos, "'%s' has no argument named '%s'", in.Name, c.name(kw.Name))
				return
			}
			continue
		}
		n++
	}
	if n > len(in.Args) && !in.Variadic {
		c.errorf(pos, "too many arguments in call to '%s' (%d given, %d expected)", in.Name, len(args), len(in.Args))
		return
	}
	c.errorf(pos, "invalid arguments in call to '%s'", in.Name)
}

// genericCall analyses a reference to a generic function.
func (c *checker) genericCall(x *ast.CallExpr, g *Symbol) refResult {
	var buf [8]argInfo
	ai := c.actualArgs(x.Args, buf[:0])
	spec := c.resolveSpecific(g, x.Args, ai)
	if spec == nil {
		if in := g.Proc.Intrinsic; in != nil && !in.Sub {
			t, r := c.intrinsicFromArgs(posOf(x), x.Args, in, ai)
			isym := c.intrinsicSym(in)
			c.info.Calls[x] = Call{Kind: FunctionCall, Proc: isym, Local: g}
			c.edge(isym, posOf(x), x, nil)
			c.record(x, t, r)
			return refResult{t: t, rank: r}
		}
		if g.ctorType != nil {
			return c.structCons(x, g.ctorType) // oop_ctor.go
		}
		if allValid(ai) {
			c.errorf(posOf(x), "no specific procedure of generic '%s' matches these arguments", g.Name)
		}
		c.info.Calls[x] = Call{Kind: FunctionCall, Proc: g}
		return refResult{t: Invalid}
	}
	if spec.Proc.Form == FormSubroutine {
		c.errorf(posOf(x), "'%s' is a subroutine, not a function", g.Name)
	}
	c.checkCall(spec, posOf(x), x.Args, ai)
	c.info.Calls[x] = Call{Kind: FunctionCall, Proc: spec, Local: g}
	c.edge(spec, posOf(x), x, nil)
	r := len(spec.Dims)
	if spec.Attrs&AttrElemental != 0 {
		r = maxRank(ai)
	}
	t := spec.Type
	if t == nil {
		t = Invalid
	}
	c.record(x, t, r)
	return refResult{t: t, rank: r}
}

func (c *checker) intrinsicFromArgs(pos source.Pos, args []ast.Expr, in *Intrinsic, ai []argInfo) (*Type, int) {
	var tb [8]*Type
	var rb [8]int
	types, ranks := tb[:0], rb[:0]
	for _, a := range ai {
		types = append(types, a.r.t)
		ranks = append(ranks, a.r.rank)
	}
	return c.intrinsicApply(pos, args, in, types, ranks)
}

func allValid(ai []argInfo) bool {
	for _, a := range ai {
		if !a.r.t.valid() {
			return false
		}
	}
	return true
}

// resolveSpecific picks the specific procedure of generic g that the
// arguments match, or nil. A non-elemental specific the arguments match
// is chosen before an elemental one (F2018 15.5.5.2): limiter(a, b) of
// two arrays calls limiter_v(a, b) and not the elemental limiter_s, as
// the compiler does.
func (c *checker) resolveSpecific(g *Symbol, args []ast.Expr, ai []argInfo) *Symbol {
	var elemental *Symbol
	for _, sp := range g.Proc.Specifics {
		if c.matchSpecific(sp, args, ai) {
			if sp.Attrs&AttrElemental == 0 {
				return sp
			}
			if elemental == nil {
				elemental = sp
			}
		}
	}
	return elemental
}

// resolveBinding is resolveSpecific for the specific bindings of a
// GENERIC type-bound name (defined operators and assignments).
func (c *checker) resolveBinding(gb *Symbol, ai []argInfo) *Symbol {
	var elemental *Symbol
	for _, sb := range gb.Proc.Specifics {
		if t := bindingTarget(sb); t != nil && c.matchSpecific(t, nil, ai) {
			if t.Attrs&AttrElemental == 0 {
				return t
			}
			if elemental == nil {
				elemental = t
			}
		}
	}
	return elemental
}

func (c *checker) matchSpecific(sp *Symbol, args []ast.Expr, ai []argInfo) bool {
	if sp == nil || sp.Proc == nil {
		return false
	}
	dummies := sp.Proc.Args
	elemental := sp.Attrs&AttrElemental != 0
	var used []bool
	var ub [16]bool
	if len(dummies) <= len(ub) {
		used = ub[:len(dummies)]
	} else {
		used = make([]bool, len(dummies))
	}
	pos := 0
	for j := range ai {
		i := -1
		if args != nil {
			if kw, ok := args[j].(*ast.KeywordArg); ok {
				name := c.name(kw.Name)
				for k, d := range dummies {
					if d != nil && d.Name == name {
						i = k
						break
					}
				}
				if i < 0 {
					return false
				}
			}
		}
		if i < 0 {
			i = pos
			pos++
		}
		if i >= len(dummies) || used[i] {
			return false
		}
		used[i] = true
		d := dummies[i]
		if d == nil {
			continue
		}
		at := ai[j].r.t
		if d.Kind == ProcSym {
			if !ai[j].r.proc {
				return false
			}
			continue
		}
		if !at.valid() || !d.Type.valid() {
			continue
		}
		if !argTypeOK(d.Type, at) {
			return false
		}
		if !elemental && ai[j].r.rank >= 0 && ai[j].r.rank != len(d.Dims) {
			return false
		}
	}
	for i, d := range dummies {
		if !used[i] && d != nil && d.Attrs&AttrOptional == 0 {
			return false
		}
	}
	return true
}

// argTypeOK reports whether an actual argument of type at may be passed
// to a dummy of type dt.
func argTypeOK(dt, at *Type) bool {
	if at.Basic == TypelessType || at.Basic == NullType {
		return true
	}
	if dt.Basic == DerivedType && dt.Class && dt.Derived == nil {
		return true // CLASS(*) takes any type
	}
	if dt.Basic != at.Basic {
		return false
	}
	switch dt.Basic {
	case DerivedType:
		if dt.Derived == nil || at.Derived == nil || dt.Derived == at.Derived {
			return true
		}
		if dt.Class {
			for p := at.Derived.Parent; p != nil; p = p.Parent {
				if p == dt.Derived {
					return true
				}
			}
		}
		return false
	}
	return dt.Kind == at.Kind
}

// interfaceOf returns the procedure whose dummy arguments a reference
// is checked against: the interface body declared in the calling scope
// if there is one, else the procedure's definition.
func interfaceOf(local, target *Symbol) *Symbol {
	if local.Proc != nil && local.Proc.Interface != nil {
		return local
	}
	return target
}

// checkCall checks the actual arguments of a reference to a procedure
// whose dummy arguments are known.
func (c *checker) checkCall(target *Symbol, pos source.Pos, args []ast.Expr, ai []argInfo) {
	p := target.Proc
	if p == nil || (p.Unit == nil && p.Interface == nil) || p.Kind == ProcIntrinsic {
		return
	}
	dummies := p.Args
	var used []bool
	var ub [16]bool
	if len(dummies) <= len(ub) {
		used = ub[:len(dummies)]
	} else {
		used = make([]bool, len(dummies))
	}
	n := 0
	tooMany := false
	for j, a := range args {
		i := -1
		if kw, ok := a.(*ast.KeywordArg); ok {
			name := c.name(kw.Name)
			for k, d := range dummies {
				if d != nil && d.Name == name {
					i = k
					break
				}
			}
			if i < 0 {
				c.errorf(identPos(kw.Name, kw), "'%s' has no argument named '%s'", target.Name, name)
				tooMany = true // do not report missing arguments as well
				continue
			}
			c.use(kw.Name, dummies[i])
		} else {
			i = n
			n++
			if i >= len(dummies) {
				if !tooMany {
					tooMany = true
					c.errorf(pos, "too many arguments in call to '%s' (%d given, %d expected)", target.Name, len(args), len(dummies))
				}
				continue
			}
		}
		if used[i] {
			c.errorf(posOf(a), "argument %d of '%s' is given twice", i+1, target.Name)
			continue
		}
		used[i] = true
		if d := dummies[i]; d != nil && j < len(ai) {
			c.checkArg(target, d, a, ai[j])
		}
	}
	if tooMany {
		return
	}
	for i, d := range dummies {
		if !used[i] && d != nil && d.Attrs&AttrOptional == 0 {
			c.errorf(pos, "missing argument '%s' in call to '%s'", d.Name, target.Name)
			return
		}
	}
}

// checkArg checks one actual argument against its dummy.
func (c *checker) checkArg(target, d *Symbol, a ast.Expr, ai argInfo) {
	if kw, ok := a.(*ast.KeywordArg); ok {
		a = kw.Value
	}
	if d.Kind == ProcSym || ai.r.proc {
		return
	}
	at := ai.r.t
	if at.valid() && d.Type.valid() && !argTypeOK(d.Type, at) {
		c.errorf(posOf(a), "type mismatch in argument '%s' of '%s': %s passed to %s", d.Name, target.Name, at, d.Type)
		return
	}
	if r := ai.r.rank; r >= 0 && target.Attrs&AttrElemental == 0 && at.valid() {
		dr := len(d.Dims)
		switch {
		case dr == 0 && r > 0:
			c.errorf(posOf(a), "rank mismatch in argument '%s' of '%s': rank-%d array passed to a scalar", d.Name, target.Name, r)
		case dr > 0 && r != dr && (d.Dims[0].Kind == AssumedShape || d.Dims[0].Kind == DeferredShape):
			c.errorf(posOf(a), "rank mismatch in argument '%s' of '%s': rank %d passed to rank %d", d.Name, target.Name, r, dr)
		}
	}
	if d.Intent == ast.IntentOut || d.Intent == ast.IntentInOut {
		c.checkDefActual(target.Name, d.Name, d.Intent, a, ai)
	}
}

// checkDefActual checks that an actual argument associated with an
// INTENT(OUT) or INTENT(INOUT) dummy can be defined.
func (c *checker) checkDefActual(proc, dummy string, intent ast.Intent, a ast.Expr, ai argInfo) {
	b := ai.r.base
	if !ai.desig {
		if b != nil && b.Kind == ConstSym {
			c.errorf(posOf(a), "named constant '%s' passed to intent(%s) argument '%s' of '%s'", b.Name, intent, dummy, proc)
		} else if ai.r.t.valid() {
			c.errorf(posOf(a), "actual argument for intent(%s) argument '%s' of '%s' is not a variable", intent, dummy, proc)
		}
		return
	}
	if b != nil && b.IsDummy() && b.Intent == ast.IntentIn && !ai.r.viaPtr && !ai.r.pointer {
		c.errorf(posOf(a), "intent(in) argument '%s' passed to intent(%s) argument '%s' of '%s'", b.Name, intent, dummy, proc)
	}
}

// structCons analyses a structure constructor.
func (c *checker) structCons(x *ast.CallExpr, ts *Symbol) refResult {
	n := 0
	for _, a := range x.Args {
		var comp *Symbol
		v := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			v = kw.Value
			name := c.name(kw.Name)
			comp = ts.Component(name)
			if comp == nil {
				c.errorf(identPos(kw.Name, kw), "type '%s' has no component '%s'", ts.Name, name)
			} else {
				c.use(kw.Name, comp)
			}
		} else {
			if n < len(ts.Components) {
				comp = ts.Components[n]
			} else if n == len(ts.Components) && len(ts.Components) > 0 {
				c.errorf(posOf(a), "too many values in structure constructor of '%s'", ts.Name)
			}
			n++
		}
		t, r := c.expr(v)
		if comp != nil && comp.Attrs&(AttrPointer|AttrAllocatable) == 0 {
			c.assignCompat(comp.Type, t, len(comp.Dims), r, posOf(v), true)
		}
	}
	c.info.Calls[x] = Call{Kind: StructConstructor, Proc: ts}
	c.record(x, ts.Type, 0)
	return refResult{t: ts.Type}
}

// bindingCall analyses a reference to a type-bound procedure,
// obj%name(args), as a function (x) or by CALL (s).
func (c *checker) bindingCall(pos source.Pos, sel *ast.SelectorExpr, args []ast.Expr, obj refResult, x *ast.CallExpr, s *ast.CallStmt) refResult {
	b := obj.binding
	var buf [8]argInfo
	ai := c.actualArgs(args, buf[:0])
	objArg := argInfo{r: refResult{t: obj.objT, rank: obj.objRank, base: obj.base, isVar: obj.isVar,
		viaPtr: obj.viaPtr, pointer: obj.pointer}, desig: obj.isVar}
	cands := []*Symbol{b}
	if b.Kind == GenericSym {
		cands = b.Proc.Specifics
	}
	var chosen, target *Symbol
	var fullArgs []ast.Expr
	var fullAI []argInfo
	for _, cb := range cands {
		t := bindingTarget(cb)
		if t == nil {
			continue
		}
		fa, fai := args, ai
		if cb.Attrs&AttrNoPass == 0 {
			at := passPosition(t, cb.passArg, args) // class_calls.go
			fa = insertAt(args, at, sel.X)
			fai = insertAt(ai, at, objArg)
		}
		if len(cands) == 1 || c.matchSpecific(t, fa, fai) {
			if chosen != nil && t.Attrs&AttrElemental != 0 {
				continue // (an elemental one only if no other matches)
			}
			chosen, target, fullArgs, fullAI = cb, t, fa, fai
			if t.Attrs&AttrElemental == 0 {
				break
			}
		}
	}
	kind := FunctionCall
	if s != nil {
		kind = SubroutineCall
	}
	record := func(call Call) {
		if x != nil {
			c.info.Calls[x] = call
		} else {
			c.info.CallStmts[s] = call
		}
	}
	if target == nil {
		if b.Kind == GenericSym && allValid(ai) {
			c.errorf(pos, "no specific type-bound procedure of '%s' matches these arguments", b.Name)
		}
		record(Call{Kind: kind, Local: b})
		return refResult{t: Invalid}
	}
	switch {
	case x != nil && target.Proc.Form == FormSubroutine:
		c.errorf(pos, "'%s' is a subroutine, not a function", b.Name)
	case s != nil && target.Proc.Form == FormFunction:
		c.errorf(pos, "'%s' is a function, not a subroutine", b.Name)
	}
	c.checkCall(target, pos, fullArgs, fullAI)
	record(Call{Kind: kind, Proc: target, Local: chosen})
	c.edge(target, pos, x, s)
	if obj.objT != nil && obj.objT.Class && obj.objT.Derived != nil {
		for _, o := range c.overrides(obj.objT.Derived, chosen.Name, target) {
			c.edge(o, pos, x, s)
		}
	}
	t := target.Type
	if t == nil {
		t = Invalid
	}
	r := len(target.Dims)
	if target.Attrs&AttrElemental != 0 {
		r = maxRank(fullAI)
	}
	if x != nil {
		c.record(x, t, r)
	}
	return refResult{t: t, rank: r}
}

// overrides returns the procedures that override the binding name of
// type ts in the types that extend it (for dynamic dispatch).
func (c *checker) overrides(ts *Symbol, name string, base *Symbol) []*Symbol {
	var out []*Symbol
	for _, e := range c.types {
		if e == ts {
			continue
		}
		ext := false
		for p := e.Parent; p != nil; p = p.Parent {
			if p == ts {
				ext = true
				break
			}
		}
		if !ext {
			continue
		}
		if t := bindingTarget(e.Binding(name)); t != nil && t != base {
			dup := false
			for _, o := range out {
				dup = dup || o == t
			}
			if !dup {
				out = append(out, t)
			}
		}
	}
	return out
}

// procRef records a procedure passed as an actual argument.
func (c *checker) procRef(sym *Symbol, pos source.Pos) {
	if sym.Kind != ProcSym || sym.Proc == nil {
		return
	}
	target := sym
	if sym.Proc.Global != nil {
		target = sym.Proc.Global
	}
	if sym.Proc.Kind == ProcDummy || sym.Proc.Kind == ProcStmtFunc {
		return
	}
	if c.proc != nil {
		c.info.CallGraph.addRef(c.proc, target, pos)
	}
}

// edge records a call from the unit being analysed.
func (c *checker) edge(callee *Symbol, pos source.Pos, x *ast.CallExpr, s *ast.CallStmt) {
	if c.proc == nil || callee == nil {
		return
	}
	c.info.CallGraph.addCall(c.proc, callee, pos, x, s)
}

// ----------------------------------------------------------------------------
// Operators

func opKey(op token.Kind, lit string) string {
	switch op {
	case token.DEFOP:
		return strings.ToLower(lit)
	case token.NOT, token.AND, token.OR, token.EQV, token.NEQV:
		return op.String()
	}
	return op.String()
}

// definedOp resolves a defined operator; ok is false if there is none
// for these operand types.
func (c *checker) definedOp(x ast.Expr, op token.Kind, lit string, ops ...refResult) (*Type, int, bool) {
	key := "operator(" + opKey(op, lit) + ")"
	var buf [2]argInfo
	ai := buf[:0]
	for _, o := range ops {
		ai = append(ai, argInfo{r: o})
	}
	var spec *Symbol
	if g := c.lookup(c.scope, key); g != nil && g.Kind == GenericSym {
		spec = c.resolveSpecific(g, nil, ai)
	}
	for _, o := range ops {
		if spec != nil {
			break
		}
		if !o.t.IsDerived() || o.t.Derived == nil {
			continue
		}
		if gb := o.t.Derived.Binding(key); gb != nil && gb.Kind == GenericSym {
			spec = c.resolveBinding(gb, ai)
		}
	}
	if spec == nil {
		return nil, 0, false
	}
	c.info.Operators[x] = spec
	c.edge(spec, posOf(x), nil, nil)
	r := len(spec.Dims)
	if spec.Attrs&AttrElemental != 0 {
		r = maxRank(ai)
	}
	t := spec.Type
	if t == nil {
		t = Invalid
	}
	return t, r, true
}

func (c *checker) unary(x *ast.UnaryExpr) (*Type, int) {
	t, r := c.expr(x.X)
	res, bad := unaryResult(x.Op, t, c.defLogical)
	if !bad {
		return res, r
	}
	if dt, dr, ok := c.definedOp(x, x.Op, x.OpLit, refResult{t: t, rank: r}); ok {
		return dt, dr
	}
	if t.valid() {
		op := x.Op.String()
		if x.Op == token.DEFOP || x.Op == token.NOT {
			op = strings.ToLower(x.OpLit)
		}
		c.errorf(x.OpPos, "operator %s is not defined for %s", op, t)
	}
	return res, r
}

// unaryResult is the type of an intrinsic unary operation; bad reports
// an operand the operator is not defined for (a defined operator may
// apply).
func unaryResult(op token.Kind, t, defLogical *Type) (*Type, bool) {
	switch op {
	case token.PLUS, token.MINUS:
		if t.valid() && !t.IsNumeric() && t.Basic != TypelessType {
			return Invalid, true
		}
		return t, false
	case token.NOT:
		if t.valid() && !t.IsLogical() {
			return defLogical, true
		}
		return t, false
	}
	return Invalid, true
}

// binaryRank is the rank of x op y.
func binaryRank(rx, ry int) int {
	if rx == RankUnknown || ry == RankUnknown {
		return RankUnknown
	}
	if ry > rx {
		return ry
	}
	return rx
}

// binary analyses x. A sum of n terms a+b+c+... parses as a left-deep
// tree n levels deep: binary walks down its left operands with a loop,
// not recursion, and analyses the operations bottom up, so that the
// stack does not grow with the number of terms.
func (c *checker) binary(x *ast.BinaryExpr) (*Type, int) {
	base := len(c.spine)
	b := x
	for {
		c.spine = append(c.spine, b)
		l, ok := b.X.(*ast.BinaryExpr)
		if !ok {
			break
		}
		b = l
	}
	// Every operation of the spine starts with the same leftmost operand.
	start := c.ops
	t, r := c.expr(b.X)
	for i := len(c.spine) - 1; i >= base; i-- {
		op := c.spine[i]
		t, r = c.binaryOp(op, t, r)
		if t == nil {
			t = Invalid
		}
		c.countOp(op, start)
	}
	clear(c.spine[base:])
	c.spine = c.spine[:base]
	return t, r
}

// binaryOp analyses x whose left operand, already analysed, has type tx
// and rank rx.
func (c *checker) binaryOp(x *ast.BinaryExpr, tx *Type, rx int) (*Type, int) {
	ty, ry := c.expr(x.Y)
	rank := binaryRank(rx, ry)
	if x.Op == token.DEFOP || tx.IsDerived() || ty.IsDerived() {
		if t, r, ok := c.definedOp(x, x.Op, x.OpLit, refResult{t: tx, rank: rx}, refResult{t: ty, rank: ry}); ok {
			return t, r
		}
	}
	if rx > 0 && ry > 0 && rx != ry {
		c.errorf(x.OpPos, "operands of %s have ranks %d and %d", opName(x), rx, ry)
	}
	t, bad := binaryResult(x.Op, tx, ty, c.defLogical, c.charLen)
	known := tx.valid() && ty.valid() && tx.Basic != NullType && ty.Basic != NullType
	if !known {
		return t, rank
	}
	if bad {
		// a defined operator may extend an intrinsic one to other types
		if dt, dr, ok := c.definedOp(x, x.Op, x.OpLit, refResult{t: tx, rank: rx}, refResult{t: ty, rank: ry}); ok {
			return dt, dr
		}
		c.errorf(x.OpPos, "operator %s is not defined for %s and %s", opName(x), tx, ty)
	} else if tx.IsLogical() && ty.IsLogical() && x.Op >= token.EQ && x.Op <= token.GE {
		c.errorf(x.OpPos, "logical values must be compared with .eqv. or .neqv., not %s", opName(x))
	}
	return t, rank
}

// binaryResult is the type of an intrinsic binary operation; bad reports
// operands the operator is not defined for.
func binaryResult(op token.Kind, tx, ty, defLogical *Type, charLen func(int) *Type) (t *Type, bad bool) {
	// A BOZ constant takes the type of the other operand.
	if tx.Basic == TypelessType {
		tx = ty
	}
	if ty.Basic == TypelessType {
		ty = tx
	}
	switch op {
	case token.PLUS, token.MINUS, token.STAR, token.SLASH, token.POW:
		if t = arithResult(tx, ty); t == nil {
			return Invalid, true
		}
		return t, false
	case token.CONCAT:
		if tx.IsCharacter() && ty.IsCharacter() {
			if tx.Len >= 0 && ty.Len >= 0 {
				return charLen(tx.Len + ty.Len), false
			}
			return CharN, false
		}
		return CharN, true
	case token.EQ, token.NE, token.LT, token.LE, token.GT, token.GE:
		switch {
		case tx.IsNumeric() && ty.IsNumeric():
			if (tx.IsComplex() || ty.IsComplex()) && op != token.EQ && op != token.NE {
				return defLogical, true
			}
		case tx.IsCharacter() && ty.IsCharacter():
		case tx.IsLogical() && ty.IsLogical():
		default:
			return defLogical, true
		}
		return defLogical, false
	case token.AND, token.OR, token.EQV, token.NEQV:
		if tx.IsLogical() && ty.IsLogical() {
			if ty.Kind > tx.Kind {
				return ty, false
			}
			return tx, false
		}
		return defLogical, true
	}
	return Invalid, true
}

func opName(x *ast.BinaryExpr) string {
	if x.Op == token.DEFOP || strings.HasPrefix(x.OpLit, ".") {
		return strings.ToLower(x.OpLit)
	}
	return x.Op.String()
}

// ----------------------------------------------------------------------------
// Other expressions

func (c *checker) arrayConstructor(x *ast.ArrayConstructor) (*Type, int) {
	var t *Type
	if x.Type != nil {
		t = c.typeSpec(x.Type)
	}
	for _, it := range x.Items {
		var ti *Type
		if d, ok := it.(*ast.ImpliedDo); ok {
			ti = c.impliedDo(d, false)
		} else {
			ti, _ = c.expr(it)
		}
		if t == nil && ti.valid() {
			t = ti
		}
	}
	if t == nil {
		t = Invalid
	}
	c.record(x, t, 1)
	return t, 1
}

// impliedDo analyses an implied DO; def says its items are defined (READ,
// DATA). It returns the type of its first item.
func (c *checker) impliedDo(x *ast.ImpliedDo, def bool) *Type {
	if x.Var != nil {
		r := c.ref(x.Var, refDef)
		c.checkDefinable(x.Var, r, false)
	}
	c.intExpr(x.Start)
	c.intExpr(x.Stop)
	c.intExpr(x.Step)
	var t *Type
	for _, it := range x.Items {
		var ti *Type
		switch {
		case def:
			ti = c.define(it, false).t
		default:
			if d, ok := it.(*ast.ImpliedDo); ok {
				ti = c.impliedDo(d, false)
			} else {
				ti, _ = c.expr(it)
			}
		}
		if t == nil && ti.valid() {
			t = ti
		}
	}
	return t
}

// intExpr analyses an expression expected to be an integer (subscripts,
// bounds, loop parameters); nil is allowed.
func (c *checker) intExpr(x ast.Expr) {
	if x != nil {
		c.expr(x)
	}
}

// define analyses a variable that the statement defines.
func (c *checker) define(x ast.Expr, ptrAssign bool) refResult {
	switch x := x.(type) {
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
		mode := refDef
		if ptrAssign {
			mode = refPtrDef
		}
		r := c.ref(x, mode)
		c.checkDefinable(x, r, ptrAssign)
		return r
	case *ast.ImpliedDo:
		return refResult{t: c.impliedDo(x, true)}
	case *ast.ParenExpr:
		return c.define(x.X, ptrAssign)
	}
	t, r := c.expr(x)
	return refResult{t: t, rank: r}
}

// checkDefinable reports the definition of a named constant or of an
// INTENT(IN) dummy argument.
func (c *checker) checkDefinable(x ast.Expr, r refResult, ptrAssign bool) {
	b := r.base
	if b == nil {
		return
	}
	for b.Selector != nil && !r.viaPtr {
		if b.readonly {
			c.errorf(posOf(x), "cannot assign to '%s': it is associated with an expression", b.Name)
			return
		}
		if b.assocBase == nil {
			return
		}
		b = b.assocBase
	}
	switch b.Kind {
	case ConstSym:
		c.errorf(posOf(x), "cannot assign to named constant '%s'", b.Name)
	case VarSym:
		if b.IsDummy() && b.Intent == ast.IntentIn && !r.viaPtr && (ptrAssign || !r.pointer) {
			c.errorf(posOf(x), "cannot assign to intent(in) argument '%s'", b.Name)
		}
	}
}

// assignCompat checks that a value of type rt and rank rrank can be
// assigned to an object of type lt and rank lrank.
func (c *checker) assignCompat(lt, rt *Type, lrank, rrank int, pos source.Pos, init bool) bool {
	if !lt.valid() || !rt.valid() || rt.Basic == NullType || rt.Basic == TypelessType {
		return true
	}
	ok := true
	switch {
	case lt.IsNumeric() && rt.IsNumeric():
	case lt.IsDerived() && rt.IsDerived():
		ok = lt.Derived == rt.Derived || lt.Class || lt.Derived == nil || rt.Derived == nil
	case lt.Basic == rt.Basic:
	default:
		ok = false
	}
	if !ok {
		c.errorf(pos, "type mismatch: cannot assign %s to %s", rt, lt)
		return false
	}
	if rrank > 0 && lrank >= 0 && rrank != lrank {
		c.errorf(pos, "rank mismatch: cannot assign a rank-%d value to a rank-%d object", rrank, lrank)
		return false
	}
	return true
}

// ----------------------------------------------------------------------------
// Literals

// litKind returns the kind suffix of a literal: a number, or a name.
func litKind(x *ast.BasicLit) (n int, name string, has bool) {
	s := x.Value
	if x.Kind == token.STRING {
		q := strings.IndexAny(s, "'\"")
		if q <= 1 || s[q-1] != '_' {
			return 0, "", false
		}
		s = s[:q-1]
	} else {
		if x.Kind == token.BOZ {
			return 0, "", false
		}
		// the kind follows the first '_' (after the closing '.' of a
		// logical constant): 3_c_int has the kind c_int
		from := 0
		if x.Kind == token.LOGICAL && len(s) > 1 {
			if j := strings.IndexByte(s[1:], '.'); j >= 0 {
				from = j + 2
			}
		}
		i := strings.IndexByte(s[from:], '_')
		if i < 0 {
			return 0, "", false
		}
		s = s[from+i+1:]
	}
	if s == "" {
		return 0, "", false
	}
	if s[0] >= '0' && s[0] <= '9' {
		v, err := strconv.Atoi(s)
		if err != nil {
			return 0, "", false
		}
		return v, "", true
	}
	return 0, s, true
}

// litBase returns the type of a literal ignoring a kind suffix, and the
// basic type a suffix would select the kind of.
func litBase(x *ast.BasicLit, defInt, defReal *Type) *Type {
	switch x.Kind {
	case token.INT:
		return defInt
	case token.REAL:
		s := x.Value
		if i := strings.IndexByte(s, '_'); i >= 0 {
			s = s[:i]
		}
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case 'd', 'D':
				return Real8
			case 'q', 'Q':
				return Real16
			}
		}
		return defReal
	case token.LOGICAL:
		return BasicType(LogicalType, defInt.Kind)
	case token.STRING:
		n := stringLen(x.Value)
		if n == 1 {
			return Char1
		}
		return &Type{Basic: CharacterType, Kind: 1, Len: n}
	case token.BOZ:
		return Typeless
	}
	return Invalid
}

// literalTypeOf is the type of a literal whose kind, if any, is a number;
// named reports a named kind, which it does not resolve.
func literalTypeOf(x *ast.BasicLit, defInt, defReal *Type) (t *Type, named bool) {
	t = litBase(x, defInt, defReal)
	n, name, has := litKind(x)
	if !has || name != "" {
		return t, name != ""
	}
	if t.Basic == CharacterType {
		if n == 1 {
			return t, false
		}
		cp := *t
		cp.Kind = n
		return &cp, false
	}
	if k := BasicType(t.Basic, n); k != nil {
		return k, false
	}
	return t, false
}

// literal returns the type of a literal, resolving a named kind.
func (c *checker) literal(x *ast.BasicLit) *Type {
	t := c.literal1(x)
	if x.Kind == token.INT {
		c.checkIntRange(x, t)
	}
	return t
}

// hugeDigits is the largest integer of each kind, as digits.
var hugeDigits = map[int]string{
	1:  "127",
	2:  "32767",
	4:  "2147483647",
	8:  "9223372036854775807",
	16: "170141183460469231731687303715884105727",
}

// checkIntRange reports an integer literal too big for its kind t, as
// gfortran does (-2147483648 too: the sign is an operator).
func (c *checker) checkIntRange(x *ast.BasicLit, t *Type) {
	huge, ok := hugeDigits[t.Kind]
	if !ok || !t.IsInteger() {
		return
	}
	digits := x.Value
	if i := strings.IndexByte(digits, '_'); i >= 0 {
		digits = digits[:i]
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) < len(huge) || len(digits) == len(huge) && digits <= huge {
		return
	}
	shown := digits
	if len(shown) > 24 {
		shown = shown[:20] + "..."
	}
	c.errorf(x.ValuePos, "integer %s is too big for its kind %d (at most %s)", shown, t.Kind, huge)
}

func (c *checker) literal1(x *ast.BasicLit) *Type {
	var t *Type
	if x.Kind == token.STRING {
		t = c.charLen(stringLen(x.Value))
	} else {
		t = litBase(x, c.defInt, c.defReal)
	}
	n, name, has := litKind(x)
	if !has {
		return t
	}
	if name != "" {
		ln := c.lower(name)
		sym := c.lookup(c.scope, ln)
		switch {
		case sym == nil:
			c.errorf(x.ValuePos, "undeclared name '%s' (kind of literal %s)", ln, x.Value)
			c.record(x, t, 0)
			return t
		case sym.Kind != ConstSym || sym.Value == nil || sym.Value.Kind != IntValue:
			if sym.Type != Invalid {
				c.errorf(x.ValuePos, "kind parameter '%s' is not a constant", ln)
			}
			c.record(x, t, 0)
			return t
		}
		n = int(sym.Value.Int)
	}
	var k *Type
	if t.Basic == CharacterType {
		if n == 1 || n == 4 {
			k = t
			if n != 1 {
				cp := *t
				cp.Kind = n
				k = &cp
			}
		}
	} else {
		k = BasicType(t.Basic, n)
	}
	if k == nil {
		c.errorf(x.ValuePos, "kind %d is not supported for %s", n, t.Basic)
		k = t
	}
	if name != "" {
		c.record(x, k, 0)
	}
	return k
}
