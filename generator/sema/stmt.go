package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// checkBodies analyses the execution part of the unit of sc and then
// those of its contained procedures.
func (c *checker) checkBodies(sc *Scope) {
	if sc == nil || sc.Unit == nil {
		return
	}
	u := sc.Unit
	savedScope, savedProc, savedSpec := c.scope, c.proc, c.inSpec
	c.scope, c.inSpec = sc, false
	c.proc = nil
	if sc.Kind != ModuleScope && sc.Kind != BlockDataScope {
		c.proc = sc.Symbol
	}
	c.constructs = c.constructs[:0]
	sc.labels = nil
	c.labelRefs = c.labelRefs[:0]
	c.addLabel(sc, &u.End.StmtHeader)
	for _, s := range u.Decls {
		switch s := s.(type) {
		case nil:
		case *ast.StmtFunction:
			c.addLabel(sc, s.Header())
			c.checkStmtFunc(s)
		case *ast.AssignStmt:
			if sf := c.stmtFuncAlias[s]; sf != nil {
				c.addLabel(sc, s.Header())
				c.checkStmtFunc(sf)
			} else {
				c.stmt(s)
			}
		case *ast.DataStmt, *ast.EquivalenceStmt:
			c.stmt(s)
		default:
			if ast.IsExecutable(s) {
				c.stmt(s)
			} else {
				c.addLabel(sc, s.Header())
			}
		}
	}
	c.stmts(u.Body)
	for _, l := range c.labelRefs {
		if _, ok := sc.labels[l.label]; !ok {
			c.errorf(l.pos, "label %d is not defined in this scope", l.label)
		}
	}
	for _, ch := range sc.Children {
		switch ch.Kind {
		case InterfaceScope, StmtFuncScope, BlockScope, AssociateScope:
			continue
		}
		if ch.Parent == sc {
			c.checkBodies(ch)
		}
	}
	c.scope, c.proc, c.inSpec = savedScope, savedProc, savedSpec
}

// ----------------------------------------------------------------------------
// Labels

// hdr defines the label of a construct's inner statement (ELSE, CASE,
// END ...), if any.
func (c *checker) hdr(h *ast.StmtHeader) {
	if h != nil && h.Label != 0 {
		c.addLabel(c.unitScope(), h)
	}
}

func (c *checker) addLabel(sc *Scope, h *ast.StmtHeader) {
	if h == nil || h.Label == 0 {
		return
	}
	if sc.labels == nil {
		sc.labels = make(map[int]source.Pos)
	}
	pos := h.LabelPos
	if !pos.IsValid() {
		pos = h.Start
	}
	if prev, ok := sc.labels[h.Label]; ok {
		c.errorf(pos, "label %d is already defined at %s", h.Label, c.where(prev, pos))
		return
	}
	sc.labels[h.Label] = pos
}

// labelRef records a label used in the unit; it is checked at the end
// of the unit.
func (c *checker) labelRef(label int, pos source.Pos) {
	c.labelRefs = append(c.labelRefs, labelUse{label, pos})
}

func (c *checker) labelRefNode(l *ast.LabelRef) {
	if l != nil {
		c.labelRef(l.Label, l.LabelPos)
	}
}

// ----------------------------------------------------------------------------
// Statements

func (c *checker) stmts(list []ast.Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s ast.Stmt) {
	if s == nil {
		return
	}
	if h := s.Header(); h != nil && h.Label != 0 {
		c.addLabel(c.unitScope(), h)
	}
	switch s := s.(type) {
	case nil:
	case *ast.AssignStmt:
		c.assignStmt(s)
	case *ast.PointerAssignStmt:
		if c.pointerRemap(s) || c.procPointerAssign(s) { // ptr_remap.go, proc_pointer.go
			break
		}
		l := c.define(s.Lhs, true)
		if l.member != nil && l.member.Proc != nil {
			c.procTarget(s.Rhs) // a procedure pointer component
			break
		}
		if l.base != nil && l.t.valid() && !l.pointer && l.base.Kind == VarSym {
			c.errorf(posOf(s.Lhs), "the target of '=>' must be a pointer")
		}
		rt, rr := c.expr(s.Rhs)
		c.assignCompat(l.t, rt, l.rank, rr, exprPos(s.Rhs, s), false)
	case *ast.CallStmt:
		c.callStmt(s)
	case *ast.IfStmt:
		c.cond(s.Cond, "IF")
		c.stmt(s.Action)
	case *ast.ArithIfStmt:
		if t, _ := c.expr(s.Expr); t.valid() && !t.IsInteger() && !t.IsReal() {
			c.errorf(posOf(s.Expr), "arithmetic IF needs an integer or real expression, not %s", t)
		}
		c.labelRefNode(s.Neg)
		c.labelRefNode(s.Zero)
		c.labelRefNode(s.Plus)
	case *ast.IfConstruct:
		sym := c.constructName(s.Name, false)
		for i, b := range s.Branches {
			if b == nil {
				continue
			}
			if i > 0 {
				c.hdr(&b.Head)
			}
			if b.Cond != nil {
				c.cond(b.Cond, "IF")
			}
			c.constructUse(b.Name, sym)
			c.stmts(b.Body)
		}
		c.hdr(&s.End.StmtHeader)
		c.constructUse(s.End.Name, sym)
		c.popConstruct(sym)
	case *ast.DoConstruct:
		c.doConstruct(s)
	case *ast.SelectCase:
		sym := c.constructName(s.Name, false)
		st, _ := c.expr(s.Selector)
		if st.valid() && !st.IsInteger() && !st.IsCharacter() && !st.IsLogical() {
			c.errorf(posOf(s.Selector), "SELECT CASE needs an integer, character or logical expression, not %s", st)
		}
		for _, cb := range s.Cases {
			if cb == nil {
				continue
			}
			c.hdr(&cb.Head)
			for _, v := range cb.Values {
				if r, ok := v.(*ast.RangeExpr); ok {
					c.caseValue(r.Lo, st)
					c.caseValue(r.Hi, st)
				} else {
					c.caseValue(v, st)
				}
			}
			c.constructUse(cb.Name, sym)
			c.stmts(cb.Body)
		}
		c.hdr(&s.End.StmtHeader)
		c.constructUse(s.End.Name, sym)
		c.popConstruct(sym)
	case *ast.SelectType:
		c.selectType(s) // select_type.go
	case *ast.ExitStmt:
		c.exitCycle(s.Construct, "EXIT", posOf(s))
	case *ast.CycleStmt:
		c.exitCycle(s.Construct, "CYCLE", posOf(s))
	case *ast.GotoStmt:
		c.labelRefNode(s.Target)
	case *ast.LabelAssignStmt:
		c.labelRefNode(s.Target)
		r := c.define(s.Var, false)
		if r.base != nil && r.base.Type != nil && !r.base.Type.IsInteger() {
			c.errorf(posOf(s.Var), "ASSIGN needs an integer variable, not %s", r.base.Type)
		}
	case *ast.AssignedGotoStmt:
		for _, l := range s.Targets {
			c.labelRefNode(l)
		}
		if t, _ := c.expr(s.Var); t.valid() && !t.IsInteger() {
			c.errorf(posOf(s.Var), "assigned GO TO needs an integer variable, not %s", t)
		}
	case *ast.ComputedGotoStmt:
		for _, l := range s.Targets {
			c.labelRefNode(l)
		}
		if t, _ := c.expr(s.Expr); t.valid() && !t.IsInteger() {
			c.errorf(posOf(s.Expr), "computed GO TO needs an integer expression, not %s", t)
		}
	case *ast.ContinueStmt, *ast.FormatStmt:
	case *ast.ReturnStmt:
		c.expr(s.Alt)
	case *ast.StopStmt:
		c.expr(s.Code)
	case *ast.IOStmt:
		c.ioStmt(s)
	case *ast.AllocateStmt:
		c.allocateStmt(s)
	case *ast.WhereStmt:
		c.mask(s.Mask)
		if s.Assign != nil {
			c.assignStmt(s.Assign)
		}
	case *ast.WhereConstruct:
		sym := c.constructName(s.Name, false)
		for i, b := range s.Branches {
			if b == nil {
				continue
			}
			if i > 0 {
				c.hdr(&b.Head)
			}
			if b.Mask != nil {
				c.mask(b.Mask)
			}
			c.constructUse(b.Name, sym)
			c.stmts(b.Body)
		}
		c.hdr(&s.End.StmtHeader)
		c.constructUse(s.End.Name, sym)
		c.popConstruct(sym)
	case *ast.ForallStmt:
		c.forallSpecs(s.Specs)
		if s.Mask != nil {
			c.mask(s.Mask)
		}
		c.stmt(s.Assign)
	case *ast.ForallConstruct:
		sym := c.constructName(s.Name, false)
		c.forallSpecs(s.Specs)
		if s.Mask != nil {
			c.mask(s.Mask)
		}
		c.stmts(s.Body)
		c.hdr(&s.End.StmtHeader)
		c.constructUse(s.End.Name, sym)
		c.popConstruct(sym)
	case *ast.BlockConstruct:
		c.blockConstruct(s)
	case *ast.AssociateConstruct:
		c.associateConstruct(s)
	case *ast.DataStmt:
		c.dataStmt(s)
	case *ast.EquivalenceStmt:
		for _, set := range s.Sets {
			for _, x := range set {
				r := c.ref(x, refNoCheck)
				if r.base != nil && r.base.Kind == VarSym {
					r.base.Attrs |= AttrEquivalence
				} else if r.base != nil {
					c.errorf(posOf(x), "'%s' cannot be in an EQUIVALENCE set", r.base.Name)
				}
			}
		}
	case *ast.StmtFunction:
		// After the first executable statement this is an assignment to
		// an array element the parser could not recognise, or a misplaced
		// statement function.
		if sym := c.lookup(c.scope, c.name(s.Name)); sym != nil && (sym.Kind == VarSym && (len(sym.Dims) > 0 || sym.Type.IsCharacter())) {
			lhs := &ast.CallExpr{Fun: s.Name}
			for _, a := range s.Args {
				lhs.Args = append(lhs.Args, a)
			}
			c.assignStmt(&ast.AssignStmt{StmtHeader: s.StmtHeader, Lhs: lhs, Rhs: s.Expr})
			return
		}
		if c.stmtFuncs[s] == nil {
			c.errorf(posOf(s), "statement function '%s' after the first executable statement", c.name(s.Name))
		}
	}
}

// cond analyses a condition that must be a scalar logical.
func (c *checker) cond(x ast.Expr, what string) {
	if x == nil {
		return
	}
	t, r := c.expr(x)
	if t.valid() && !t.IsLogical() {
		c.errorf(posOf(x), "%s condition must be logical, not %s", what, t)
	} else if r > 0 {
		c.errorf(posOf(x), "%s condition must be scalar", what)
	}
}

func (c *checker) mask(x ast.Expr) {
	if x == nil {
		return
	}
	if t, _ := c.expr(x); t.valid() && !t.IsLogical() {
		c.errorf(posOf(x), "mask must be logical, not %s", t)
	}
}

func (c *checker) caseValue(x ast.Expr, st *Type) {
	if x == nil {
		return
	}
	t, _ := c.expr(x)
	if t.valid() && st.valid() && t.Basic != st.Basic {
		c.errorf(posOf(x), "CASE value of type %s does not match the selector of type %s", t, st)
	}
}

func (c *checker) assignStmt(s *ast.AssignStmt) {
	l := c.define(s.Lhs, false)
	rt, rr := c.expr(s.Rhs)
	if l.t.IsDerived() || rt.IsDerived() {
		ai := []argInfo{{r: l, desig: true}, {r: refResult{t: rt, rank: rr}}}
		var spec *Symbol
		if g := c.lookup(c.scope, "assignment(=)"); g != nil && g.Kind == GenericSym {
			spec = c.resolveSpecific(g, nil, ai)
		}
		if spec == nil && l.t.IsDerived() && l.t.Derived != nil {
			if gb := l.t.Derived.Binding("assignment(=)"); gb != nil && gb.Kind == GenericSym {
				spec = c.resolveBinding(gb, ai)
			}
		}
		if spec != nil {
			c.info.Assignments[s] = spec
			c.edge(spec, posOf(s), nil, nil)
			return
		}
	}
	c.assignCompat(l.t, rt, l.rank, rr, exprPos(s.Rhs, s), false)
}

// ----------------------------------------------------------------------------
// Constructs

// constructName declares the name of a construct and pushes it.
func (c *checker) constructName(id *ast.Ident, isDo bool) *Symbol {
	var sym *Symbol
	name := ""
	if id != nil {
		name = c.name(id)
		sc := c.unitScope()
		// A construct name is a local identifier: it may not be the
		// name of another local entity, of another construct or of the
		// unit (compilers reject all three).
		switch prev := sc.LookupLocal(name); {
		case sc.Symbol != nil && sc.Symbol.Name == name:
			c.errorf(id.NamePos, "construct name '%s' is the name of the %s", id.Name, sc.Symbol.Kind)
		case prev != nil:
			c.errorf(id.NamePos, "construct name '%s' is already declared at %s", id.Name, c.where(prev.Pos, id.NamePos))
		default:
			for _, k := range sc.constructs {
				if k.Name == name {
					c.errorf(id.NamePos, "construct name '%s' is already used at %s", id.Name, c.where(k.Pos, id.NamePos))
					break
				}
			}
		}
		sym = &Symbol{Name: name, Kind: ConstructSym, Pos: id.NamePos, Owner: sc, ArgIndex: -1}
		sc.constructs = append(sc.constructs, sym)
		c.def(id, sym)
	}
	c.constructs = append(c.constructs, construct{name: name, isDo: isDo, sym: sym})
	return sym
}

func (c *checker) popConstruct(*Symbol) {
	if n := len(c.constructs); n > 0 {
		c.constructs = c.constructs[:n-1]
	}
}

// constructUse records the repetition of a construct name (ELSE name,
// END DO name).
func (c *checker) constructUse(id *ast.Ident, sym *Symbol) {
	if id == nil {
		return
	}
	if sym == nil || c.name(id) != sym.Name {
		c.errorf(id.NamePos, "'%s' does not name this construct", c.name(id))
		return
	}
	c.use(id, sym)
}

func (c *checker) exitCycle(id *ast.Ident, what string, pos source.Pos) {
	if id == nil {
		for i := len(c.constructs) - 1; i >= 0; i-- {
			if c.constructs[i].isDo {
				return
			}
		}
		c.errorf(pos, "%s statement outside a DO construct", what)
		return
	}
	name := c.name(id)
	for i := len(c.constructs) - 1; i >= 0; i-- {
		k := c.constructs[i]
		if k.name != name {
			continue
		}
		if k.isDo || what == "EXIT" {
			c.use(id, k.sym)
			return
		}
		break
	}
	c.errorf(id.NamePos, "no enclosing DO construct named '%s'", name)
}

func (c *checker) doConstruct(s *ast.DoConstruct) {
	sym := c.constructName(s.Name, true)
	if s.Var != nil {
		r := c.define(s.Var, false)
		if r.t.valid() && !r.t.IsInteger() && !r.t.IsReal() {
			c.errorf(posOf(s.Var), "DO variable '%s' must be integer, not %s", c.name(s.Var), r.t)
		} else if r.rank > 0 {
			c.errorf(posOf(s.Var), "DO variable '%s' must be a scalar", c.name(s.Var))
		}
	}
	c.intExpr(s.Start)
	c.intExpr(s.Stop)
	c.intExpr(s.Step)
	if s.While != nil {
		c.cond(s.While, "DO WHILE")
	}
	c.forallSpecs(s.Concurrent)
	c.mask(s.Mask) // DO CONCURRENT's, its names resolved like FORALL's
	for _, l := range s.Locality {
		for _, id := range l.Names {
			c.ref(id, refValue) // the variables of the scope outside
		}
	}
	c.stmts(s.Body)
	c.hdr(&s.End.StmtHeader)
	c.constructUse(s.End.Name, sym)
	c.popConstruct(sym)
}

// blockConstruct analyses a BLOCK construct: a scope with its own
// declarations inside the execution part.
func (c *checker) blockConstruct(s *ast.BlockConstruct) {
	sym := c.constructName(s.Name, false)
	sc := newScope(BlockScope, c.scope, c.scope.Unit)
	sc.Construct = s
	sc.implicit = c.unitScope().implicit
	c.info.Scopes[s] = sc
	saved, savedSpec := c.scope, c.inSpec
	c.scope, c.inSpec = sc, true
	for _, d := range s.Decls {
		if d != nil {
			c.hdr(d.Header())
		}
	}
	c.specPart(sc, s.Decls)
	c.finishSpec(sc)
	c.resolveGenerics(sc)
	c.resolveBindings(sc)
	c.inSpec = false
	for _, d := range s.Decls {
		switch d.(type) {
		case *ast.DataStmt, *ast.EquivalenceStmt:
			c.stmt(d)
		}
	}
	c.stmts(s.Body)
	c.scope, c.inSpec = saved, savedSpec
	c.hdr(&s.End.StmtHeader)
	c.constructUse(s.End.Name, sym)
	c.popConstruct(sym)
}

// associateConstruct analyses an ASSOCIATE construct: each associate name
// is a variable of the selector's type and rank.
func (c *checker) associateConstruct(s *ast.AssociateConstruct) {
	sc := newScope(AssociateScope, c.scope, c.scope.Unit)
	sc.Construct = s
	sc.implicit = c.unitScope().implicit
	c.info.Scopes[s] = sc
	for _, a := range s.Assocs {
		if a == nil || a.Name == nil {
			continue
		}
		var r refResult
		switch a.Selector.(type) {
		case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
			r = c.ref(a.Selector, refValue)
		default:
			t, rk := c.expr(a.Selector)
			r = refResult{t: t, rank: rk}
		}
		name := c.name(a.Name)
		as := &Symbol{Name: name, Kind: VarSym, Pos: a.Name.NamePos, Type: r.t, ArgIndex: -1, Selector: a.Selector,
			declared: true, readonly: !r.isVar, assocBase: r.base}
		if r.t == nil {
			as.Type = Invalid
		}
		if r.pointer || r.viaPtr {
			as.assocBase = nil
		}
		if r.rank > 0 {
			if id, ok := a.Selector.(*ast.Ident); ok && r.base != nil && len(r.base.Dims) == r.rank {
				_ = id
				as.Dims = r.base.Dims
			} else {
				as.Dims = make([]Dim, r.rank)
				for i := range as.Dims {
					as.Dims[i] = Dim{Kind: AssumedShape, Lo: Bound{Value: 1, Const: true}}
				}
			}
		}
		if prev := sc.names[name]; prev != nil {
			c.errorf(a.Name.NamePos, "'%s' is already declared at %s", name, c.where(prev.Pos, a.Name.NamePos))
			continue
		}
		c.addLocal(sc, as)
		c.def(a.Name, as)
	}
	sym := c.constructName(s.Name, false)
	saved := c.scope
	c.scope = sc
	c.stmts(s.Body)
	c.scope = saved
	c.hdr(&s.End.StmtHeader)
	c.constructUse(s.End.Name, sym)
	c.popConstruct(sym)
}

func (c *checker) forallSpecs(specs []*ast.ForallSpec) {
	for _, sp := range specs {
		if sp == nil {
			continue
		}
		if sp.Var != nil {
			r := c.ref(sp.Var, refDef)
			c.checkDefinable(sp.Var, r, false)
		}
		c.intExpr(sp.Lo)
		c.intExpr(sp.Hi)
		c.intExpr(sp.Stride)
	}
}

// ----------------------------------------------------------------------------
// CALL

func (c *checker) callStmt(s *ast.CallStmt) {
	switch n := s.Name.(type) {
	case *ast.Ident:
		name := c.name(n)
		sym := c.lookup(c.scope, name)
		if sym == nil {
			if in := intrinsics[name]; in != nil && (in.Sub || in.Both) {
				sym = c.intrinsicSym(in)
			} else {
				g := c.globalProc(name)
				sym = &Symbol{Name: name, Kind: ProcSym, Pos: n.NamePos, ArgIndex: -1,
					Proc: &Proc{Kind: ProcExternal, Form: FormSubroutine, Global: g}}
				c.addLocal(c.unitScope(), sym)
			}
		}
		c.use(n, sym)
		switch sym.Kind {
		case VarSym:
			if len(sym.Dims) == 0 && !sym.declared && c.canBeFunction(sym) {
				sym.Kind = ProcSym
				if sym.IsDummy() {
					sym.Proc = &Proc{Kind: ProcDummy, Form: FormSubroutine}
				} else {
					sym.Proc = &Proc{Kind: ProcExternal, Form: FormSubroutine, Global: c.globalProc(name)}
				}
				sym.Type = nil
				sym.Implicit = false
				c.subCall(s, sym)
				return
			}
			if sym.Type != Invalid {
				c.errorf(n.NamePos, "'%s' is not a subroutine", name)
			}
		case ProcSym:
			c.subCall(s, sym)
			return
		case GenericSym:
			var buf [8]argInfo
			ai := c.actualArgs(s.Args, buf[:0])
			spec := c.resolveSpecific(sym, s.Args, ai)
			if spec == nil {
				if in := sym.Proc.Intrinsic; in != nil && in.Sub {
					c.intrinsicFromArgs(n.NamePos, s.Args, in, ai)
					isym := c.intrinsicSym(in)
					c.info.CallStmts[s] = Call{Kind: SubroutineCall, Proc: isym, Local: sym}
					c.edge(isym, posOf(s), nil, s)
					return
				}
				if allValid(ai) {
					c.errorf(n.NamePos, "no specific procedure of generic '%s' matches these arguments", name)
				}
				c.info.CallStmts[s] = Call{Kind: SubroutineCall, Proc: sym}
				return
			}
			if spec.Proc.Form == FormFunction {
				c.errorf(n.NamePos, "'%s' is a function, not a subroutine", name)
			}
			c.checkCall(spec, n.NamePos, s.Args, ai)
			c.info.CallStmts[s] = Call{Kind: SubroutineCall, Proc: spec, Local: sym}
			c.edge(spec, posOf(s), nil, s)
			return
		case BadSym:
			c.badSym(sym, n.NamePos)
		default:
			c.errorf(n.NamePos, "'%s' is a %s, not a subroutine", name, sym.Kind)
		}
	case *ast.SelectorExpr:
		if r := c.selectorRef(n, refValue); r.binding != nil {
			c.bindingCall(n.Sel.NamePos, n, s.Args, r, nil, s)
			return
		}
	default:
		c.expr(n)
	}
	var buf [8]argInfo
	c.actualArgs(s.Args, buf[:0])
	c.info.CallStmts[s] = Call{Kind: SubroutineCall}
}

// subCall analyses CALL of the procedure sym.
func (c *checker) subCall(s *ast.CallStmt, sym *Symbol) {
	p := sym.Proc
	pos := posOf(s.Name)
	target := sym
	if p.Global != nil {
		target = p.Global
	}
	if (p.Form == FormFunction || (target.Proc != nil && target.Proc.Form == FormFunction)) && !(p.Intrinsic != nil && p.Intrinsic.Both) {
		c.errorf(pos, "'%s' is a function, not a subroutine", sym.Name)
		c.argsOnly(s.Args)
		c.info.CallStmts[s] = Call{Kind: SubroutineCall, Proc: target}
		return
	}
	if p.Form == FormUnknown {
		p.Form = FormSubroutine
		if sym.Type != nil && sym.Implicit {
			sym.Type, sym.Implicit = nil, false
		}
	}
	var buf [8]argInfo
	ai := c.actualArgs(s.Args, buf[:0])
	if p.Kind == ProcIntrinsic {
		in := p.Intrinsic
		c.intrinsicFromArgs(pos, s.Args, in, ai)
		if in.Out != 0 {
			var ib [8]int
			idx, _ := in.matchIdx(s.Args, ib[:0])
			for i, j := range idx {
				if j >= 0 && i < 32 && in.Out&(1<<i) != 0 {
					c.checkDefActual(in.Name, in.Args[i], ast.IntentOut, s.Args[j], ai[j])
				}
			}
		}
		c.info.CallStmts[s] = Call{Kind: SubroutineCall, Proc: sym}
		c.edge(sym, posOf(s), nil, s)
		return
	}
	c.checkCall(interfaceOf(sym, target), pos, s.Args, ai)
	call := Call{Kind: SubroutineCall, Proc: target}
	if target != sym {
		call.Local = sym
	}
	c.info.CallStmts[s] = call
	c.edge(target, posOf(s), nil, s)
}

// ----------------------------------------------------------------------------
// Input/output, ALLOCATE, DATA

// ioOutputs are the specifiers whose variables an I/O statement defines.
var ioOutputs = map[string]bool{
	"iostat": true, "iomsg": true, "size": true, "nextrec": true,
}

// inquireInputs are the INQUIRE specifiers that are not returned values.
var inquireInputs = map[string]bool{"unit": true, "file": true, "err": true, "id": true}

func (c *checker) ioStmt(s *ast.IOStmt) {
	kw := strings.ToLower(s.Keyword)
	for i, a := range s.Control {
		if k, ok := a.(*ast.KeywordArg); ok {
			name := c.name(k.Name)
			switch name {
			case "fmt":
				c.format(k.Value)
			case "err", "end", "eor":
				c.labelValue(k.Value)
			case "nml":
				c.namelistRef(k.Value)
			case "unit":
				c.unit(k.Value, kw)
			default:
				if ioOutputs[name] || (kw == "inquire" && !inquireInputs[name]) {
					c.define(k.Value, false)
				} else {
					c.expr(k.Value)
				}
			}
			continue
		}
		switch i {
		case 0:
			c.unit(a, kw)
		case 1:
			c.format(a)
		default:
			c.expr(a)
		}
	}
	if s.Format != nil {
		c.format(s.Format)
	}
	for _, it := range s.Items {
		if kw == "read" {
			c.define(it, false)
		} else if d, ok := it.(*ast.ImpliedDo); ok {
			c.impliedDo(d, false)
		} else {
			c.expr(it)
		}
	}
}

// unit analyses a unit specifier (an internal file for WRITE is defined).
func (c *checker) unit(x ast.Expr, kw string) {
	switch x.(type) {
	case *ast.StarExpr, nil:
		return
	}
	if kw == "write" {
		if r := c.ref(x, refValue); r.t.IsCharacter() && r.isVar {
			c.checkDefinable(x, r, false)
		}
		return
	}
	c.expr(x)
}

func (c *checker) format(x ast.Expr) {
	switch x := x.(type) {
	case nil, *ast.StarExpr:
	case *ast.LabelRef:
		c.labelRefNode(x)
	case *ast.BasicLit:
		if x.Kind == token.INT { // a label written as an integer
			if v, ok := literalValue(x); ok {
				c.labelRef(int(v.Int), x.ValuePos)
			}
		}
	case *ast.Ident:
		if sym := c.lookup(c.scope, c.name(x)); sym != nil && sym.Kind == NamelistSym {
			c.use(x, sym)
			return
		}
		c.expr(x)
	default:
		c.expr(x)
	}
}

func (c *checker) labelValue(x ast.Expr) {
	switch x := x.(type) {
	case *ast.LabelRef:
		c.labelRefNode(x)
	case *ast.BasicLit:
		if v, ok := literalValue(x); ok && v.Kind == IntValue {
			c.labelRef(int(v.Int), x.ValuePos)
		}
	default:
		c.expr(x)
	}
}

func (c *checker) namelistRef(x ast.Expr) {
	if id, ok := x.(*ast.Ident); ok {
		sym := c.lookup(c.scope, c.name(id))
		if sym == nil || sym.Kind != NamelistSym {
			c.errorf(id.NamePos, "'%s' is not a namelist group", c.name(id))
			return
		}
		c.use(id, sym)
		return
	}
	c.expr(x)
}

func (c *checker) allocateStmt(s *ast.AllocateStmt) {
	var t *Type
	if s.Type != nil {
		t = c.typeSpec(s.Type)
	}
	_ = t
	for _, o := range s.Objects {
		call, ok := o.(*ast.CallExpr)
		if !ok || s.Keyword != "allocate" {
			r := c.define(o, true)
			c.checkAllocatable(o, r, s.Keyword)
			continue
		}
		// name(bounds): the bounds are not subscripts
		var r refResult
		var sym *Symbol
		var dims int
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			r = c.define(fun, true)
			sym = r.base
			if sym != nil {
				dims = len(sym.Dims)
			}
		case *ast.SelectorExpr:
			r = c.define(fun, true)
			if comp := r.member; comp != nil {
				sym = comp
				dims = len(comp.Dims)
			}
		default:
			r = c.define(fun, true)
		}
		c.checkAllocatable(call.Fun, r, s.Keyword)
		for _, a := range call.Args {
			if rg, ok := a.(*ast.RangeExpr); ok {
				c.intExpr(rg.Lo)
				c.intExpr(rg.Hi)
				continue
			}
			c.expr(a)
		}
		if sym != nil && r.t.valid() && len(call.Args) != dims {
			c.errorf(posOf(call), "'%s' has rank %d but %d bounds given", sym.Name, dims, len(call.Args))
		}
		c.info.Calls[call] = Call{Kind: AllocateShape, Proc: sym}
		c.record(call, r.t, len(call.Args))
	}
	for _, o := range s.Options {
		if o == nil {
			continue
		}
		switch c.name(o.Name) {
		case "stat", "errmsg":
			c.define(o.Value, false)
		default:
			c.expr(o.Value)
		}
	}
}

func (c *checker) checkAllocatable(x ast.Expr, r refResult, kw string) {
	if !r.t.valid() || r.base == nil {
		return
	}
	var attrs Attrs
	switch x.(type) {
	case *ast.Ident:
		attrs = r.base.Attrs
	case *ast.SelectorExpr:
		if comp := r.member; comp != nil {
			attrs = comp.Attrs
		}
	default:
		return
	}
	if kw == "nullify" {
		if attrs&AttrPointer == 0 {
			c.errorf(posOf(x), "NULLIFY of an object that is not a pointer")
		}
		return
	}
	if attrs&(AttrAllocatable|AttrPointer) == 0 {
		c.errorf(posOf(x), "%s of an object that is neither allocatable nor a pointer", strings.ToUpper(kw))
	}
}

func (c *checker) dataStmt(s *ast.DataStmt) {
	for _, set := range s.Sets {
		if set == nil {
			continue
		}
		for _, o := range set.Objects {
			r := c.define(o, false)
			c.markData(r.base)
			if d, ok := o.(*ast.ImpliedDo); ok {
				c.markDataItems(d)
			}
		}
		for _, v := range set.Values {
			if v == nil {
				continue
			}
			c.expr(v.Repeat)
			c.expr(v.Value)
		}
	}
}

func (c *checker) markData(b *Symbol) {
	if b == nil || b.Kind != VarSym {
		return
	}
	if b.IsDummy() {
		c.errorf(b.Pos, "dummy argument '%s' cannot be initialised", b.Name)
		return
	}
	b.Attrs |= AttrData | AttrSave
}

func (c *checker) markDataItems(d *ast.ImpliedDo) {
	for _, it := range d.Items {
		switch it := it.(type) {
		case *ast.ImpliedDo:
			c.markDataItems(it)
		case *ast.Ident:
			c.markData(c.objectOf(it))
		case *ast.CallExpr:
			if call, ok := c.info.Calls[it]; ok && call.Proc != nil {
				c.markData(call.Proc)
			}
		}
	}
}
