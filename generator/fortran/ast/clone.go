package ast

// Clone returns a deep copy of n: every node, slice and header below it
// is new, positions are kept, and comments (*Comment) are shared, since
// nothing edits them. Generated code holds clones, so that an edit of one
// place never shows up in another, and decisions keyed by the original
// nodes stay with the original.
func Clone[N Node](n N) N {
	c, _ := cloneNode(n).(N)
	return c
}

func cloneNode(n Node) Node {
	switch n := n.(type) {
	case nil:
		return nil
	case Expr:
		return cloneExpr(n)
	case Stmt:
		return cloneStmt(n)
	case *TypeSpec:
		return cloneType(n)
	case *Attr:
		return cloneAttr(n)
	case *Entity:
		return cloneEntity(n)
	case *Keyword:
		if n == nil {
			return n
		}
		c := *n
		return &c
	case *Bind:
		return cloneBind(n)
	case *Comment:
		return n
	}
	panic("ast.Clone: unexpected node")
}

func cloneExpr(x Expr) Expr {
	switch x := x.(type) {
	case nil:
		return nil
	case *Ident:
		return cloneIdent(x)
	case *BasicLit:
		if x == nil {
			return x
		}
		c := *x
		return &c
	case *ComplexLit:
		if x == nil {
			return x
		}
		return &ComplexLit{Lparen: x.Lparen, Re: cloneExpr(x.Re), Im: cloneExpr(x.Im)}
	case *UnaryExpr:
		if x == nil {
			return x
		}
		c := *x
		c.X = cloneExpr(x.X)
		return &c
	case *BinaryExpr:
		if x == nil {
			return x
		}
		c := *x
		c.X, c.Y = cloneExpr(x.X), cloneExpr(x.Y)
		return &c
	case *ParenExpr:
		if x == nil {
			return x
		}
		return &ParenExpr{Lparen: x.Lparen, X: cloneExpr(x.X)}
	case *CallExpr:
		if x == nil {
			return x
		}
		return &CallExpr{Fun: cloneExpr(x.Fun), Lparen: x.Lparen, Args: cloneExprs(x.Args)}
	case *RangeExpr:
		if x == nil {
			return x
		}
		return &RangeExpr{Lo: cloneExpr(x.Lo), Colon: x.Colon, Hi: cloneExpr(x.Hi), Stride: cloneExpr(x.Stride)}
	case *KeywordArg:
		if x == nil {
			return x
		}
		return &KeywordArg{Name: cloneIdent(x.Name), Value: cloneExpr(x.Value)}
	case *SelectorExpr:
		if x == nil {
			return x
		}
		return &SelectorExpr{X: cloneExpr(x.X), Sel: cloneIdent(x.Sel)}
	case *ArrayConstructor:
		if x == nil {
			return x
		}
		return &ArrayConstructor{Lbrack: x.Lbrack, Brackets: x.Brackets, Type: cloneType(x.Type), Items: cloneExprs(x.Items)}
	case *ImpliedDo:
		if x == nil {
			return x
		}
		return &ImpliedDo{Lparen: x.Lparen, Items: cloneExprs(x.Items), Var: cloneIdent(x.Var),
			Start: cloneExpr(x.Start), Stop: cloneExpr(x.Stop), Step: cloneExpr(x.Step)}
	case *StarExpr:
		if x == nil {
			return x
		}
		c := *x
		return &c
	case *LabelRef:
		return cloneLabel(x)
	case *ColonLen:
		if x == nil {
			return x
		}
		c := *x
		return &c
	}
	panic("ast.Clone: unexpected expression")
}

func cloneIdent(x *Ident) *Ident {
	if x == nil {
		return nil
	}
	c := *x
	return &c
}

func cloneLabel(x *LabelRef) *LabelRef {
	if x == nil {
		return nil
	}
	c := *x
	return &c
}

func cloneExprs(list []Expr) []Expr {
	if list == nil {
		return nil
	}
	out := make([]Expr, len(list))
	for i, x := range list {
		out[i] = cloneExpr(x)
	}
	return out
}

func cloneIdents(list []*Ident) []*Ident {
	if list == nil {
		return nil
	}
	out := make([]*Ident, len(list))
	for i, x := range list {
		out[i] = cloneIdent(x)
	}
	return out
}

func cloneHeader(h StmtHeader) StmtHeader {
	if h.Doc != nil {
		h.Doc = append([]*Comment(nil), h.Doc...)
	}
	return h
}

func clonePtrHeader(h *StmtHeader) *StmtHeader {
	if h == nil {
		return nil
	}
	c := cloneHeader(*h)
	return &c
}

func cloneEnd(e EndStmt) EndStmt {
	e.StmtHeader = cloneHeader(e.StmtHeader)
	e.Name = cloneIdent(e.Name)
	return e
}

func cloneType(t *TypeSpec) *TypeSpec {
	if t == nil {
		return nil
	}
	c := *t
	c.KindSel, c.Star, c.Len, c.Name = cloneExpr(t.KindSel), cloneExpr(t.Star), cloneExpr(t.Len), cloneIdent(t.Name)
	return &c
}

func cloneDims(list []*Dim) []*Dim {
	if list == nil {
		return nil
	}
	out := make([]*Dim, len(list))
	for i, d := range list {
		if d != nil {
			out[i] = &Dim{Lo: cloneExpr(d.Lo), Hi: cloneExpr(d.Hi), Colon: d.Colon}
		}
	}
	return out
}

func cloneBind(b *Bind) *Bind {
	if b == nil {
		return nil
	}
	return &Bind{BindPos: b.BindPos, Name: cloneExpr(b.Name)}
}

func cloneAttr(a *Attr) *Attr {
	if a == nil {
		return nil
	}
	return &Attr{AttrPos: a.AttrPos, Kind: a.Kind, Dims: cloneDims(a.Dims), Intent: a.Intent, Bind: cloneBind(a.Bind)}
}

func cloneAttrs(list []*Attr) []*Attr {
	if list == nil {
		return nil
	}
	out := make([]*Attr, len(list))
	for i, a := range list {
		out[i] = cloneAttr(a)
	}
	return out
}

func cloneEntity(e *Entity) *Entity {
	if e == nil {
		return nil
	}
	return &Entity{Name: cloneIdent(e.Name), Dims: cloneDims(e.Dims), CharLen: cloneExpr(e.CharLen), Init: cloneExpr(e.Init), Pointer: e.Pointer}
}

func cloneEntities(list []*Entity) []*Entity {
	if list == nil {
		return nil
	}
	out := make([]*Entity, len(list))
	for i, e := range list {
		out[i] = cloneEntity(e)
	}
	return out
}

func cloneKeywords(list []*Keyword) []*Keyword {
	if list == nil {
		return nil
	}
	out := make([]*Keyword, len(list))
	for i, k := range list {
		if k != nil {
			c := *k
			out[i] = &c
		}
	}
	return out
}

func cloneBlocks(list []*CommonBlock) []*CommonBlock {
	if list == nil {
		return nil
	}
	out := make([]*CommonBlock, len(list))
	for i, b := range list {
		if b != nil {
			out[i] = &CommonBlock{NamePos: b.NamePos, Name: cloneIdent(b.Name), Entities: cloneEntities(b.Entities)}
		}
	}
	return out
}

func cloneGeneric(g *GenericSpec) *GenericSpec {
	if g == nil {
		return nil
	}
	c := *g
	c.Name = cloneIdent(g.Name)
	return &c
}

func cloneSpecs(list []*ForallSpec) []*ForallSpec {
	if list == nil {
		return nil
	}
	out := make([]*ForallSpec, len(list))
	for i, s := range list {
		if s != nil {
			out[i] = &ForallSpec{Var: cloneIdent(s.Var), Lo: cloneExpr(s.Lo), Hi: cloneExpr(s.Hi), Stride: cloneExpr(s.Stride)}
		}
	}
	return out
}

func cloneLocality(list []*LocalitySpec) []*LocalitySpec {
	if list == nil {
		return nil
	}
	out := make([]*LocalitySpec, len(list))
	for i, l := range list {
		if l != nil {
			c := *l
			c.Names = cloneIdents(l.Names)
			out[i] = &c
		}
	}
	return out
}

// CloneStmts returns deep copies of the statements of list.
func CloneStmts(list []Stmt) []Stmt {
	if list == nil {
		return nil
	}
	out := make([]Stmt, len(list))
	for i, s := range list {
		out[i] = cloneStmt(s)
	}
	return out
}

func cloneUnit(u *Unit) *Unit {
	if u == nil {
		return nil
	}
	c := *u
	c.StmtHeader = cloneHeader(u.StmtHeader)
	c.Name, c.Prefix, c.Type = cloneIdent(u.Name), cloneKeywords(u.Prefix), cloneType(u.Type)
	c.Args, c.Result, c.Bind = cloneIdents(u.Args), cloneIdent(u.Result), cloneBind(u.Bind)
	c.Decls, c.Body, c.Contains = CloneStmts(u.Decls), CloneStmts(u.Body), clonePtrHeader(u.Contains)
	if u.Procs != nil {
		c.Procs = make([]*Unit, len(u.Procs))
		for i, p := range u.Procs {
			c.Procs[i] = cloneUnit(p)
		}
	}
	c.End = cloneEnd(u.End)
	return &c
}

func cloneStmt(s Stmt) Stmt {
	switch s := s.(type) {
	case nil:
		return nil
	case *Unit:
		return cloneUnit(s)
	case *EndStmt:
		if s == nil {
			return s
		}
		c := cloneEnd(*s)
		return &c
	}
	if c := cloneSpecStmt(s); c != nil {
		return c
	}
	return cloneExecStmt(s)
}

// cloneSpecStmt clones the statements of a specification part; nil for
// others.
func cloneSpecStmt(s Stmt) Stmt {
	switch s := s.(type) {
	case *UseStmt:
		c := *s
		c.StmtHeader, c.Module = cloneHeader(s.StmtHeader), cloneIdent(s.Module)
		if s.Items != nil {
			c.Items = make([]*UseItem, len(s.Items))
			for i, it := range s.Items {
				if it != nil {
					c.Items[i] = &UseItem{Local: cloneIdent(it.Local), Name: cloneIdent(it.Name)}
				}
			}
		}
		return &c
	case *ImplicitStmt:
		c := *s
		c.StmtHeader = cloneHeader(s.StmtHeader)
		if s.Rules != nil {
			c.Rules = make([]*ImplicitRule, len(s.Rules))
			for i, r := range s.Rules {
				if r != nil {
					c.Rules[i] = &ImplicitRule{Type: cloneType(r.Type), Ranges: append([]LetterRange(nil), r.Ranges...)}
				}
			}
		}
		return &c
	case *TypeDecl:
		return cloneTypeDecl(s)
	case *AttrStmt:
		c := *s
		c.StmtHeader, c.Attr, c.Entities = cloneHeader(s.StmtHeader), cloneAttr(s.Attr), cloneEntities(s.Entities)
		return &c
	case *ProcDecl:
		c := *s
		c.StmtHeader, c.Interface, c.Entities = cloneHeader(s.StmtHeader), cloneIdent(s.Interface), cloneEntities(s.Entities)
		c.Attrs = cloneAttrs(s.Attrs)
		return &c
	case *ImportStmt:
		c := *s
		c.StmtHeader, c.Names = cloneHeader(s.StmtHeader), cloneIdents(s.Names)
		return &c
	case *ParameterStmt:
		return &ParameterStmt{StmtHeader: cloneHeader(s.StmtHeader), Entities: cloneEntities(s.Entities)}
	case *CommonStmt:
		return &CommonStmt{StmtHeader: cloneHeader(s.StmtHeader), Blocks: cloneBlocks(s.Blocks)}
	case *NamelistStmt:
		return &NamelistStmt{StmtHeader: cloneHeader(s.StmtHeader), Groups: cloneBlocks(s.Groups)}
	case *DataStmt:
		c := &DataStmt{StmtHeader: cloneHeader(s.StmtHeader)}
		for _, set := range s.Sets {
			if set == nil {
				c.Sets = append(c.Sets, nil)
				continue
			}
			ns := &DataSet{Objects: cloneExprs(set.Objects)}
			for _, v := range set.Values {
				if v != nil {
					v = &DataValue{Repeat: cloneExpr(v.Repeat), Value: cloneExpr(v.Value)}
				}
				ns.Values = append(ns.Values, v)
			}
			c.Sets = append(c.Sets, ns)
		}
		return c
	case *EquivalenceStmt:
		c := &EquivalenceStmt{StmtHeader: cloneHeader(s.StmtHeader)}
		for _, set := range s.Sets {
			c.Sets = append(c.Sets, cloneExprs(set))
		}
		return c
	case *StmtFunction:
		return &StmtFunction{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Args: cloneIdents(s.Args), Expr: cloneExpr(s.Expr)}
	case *FormatStmt:
		c := *s
		c.StmtHeader = cloneHeader(s.StmtHeader)
		return &c
	case *InterfaceBlock:
		c := *s
		c.StmtHeader, c.Generic, c.End = cloneHeader(s.StmtHeader), cloneGeneric(s.Generic), cloneEnd(s.End)
		c.Bodies, c.Procs, c.Members = nil, nil, nil
		for _, m := range s.Members {
			switch m := m.(type) {
			case *Unit:
				u := cloneUnit(m)
				c.Bodies = append(c.Bodies, u)
				c.Members = append(c.Members, u)
			case *ProcedureStmt:
				p := cloneSpecStmt(m).(*ProcedureStmt)
				c.Procs = append(c.Procs, p)
				c.Members = append(c.Members, p)
			}
		}
		return &c
	case *ProcedureStmt:
		return &ProcedureStmt{StmtHeader: cloneHeader(s.StmtHeader), Module: s.Module, Names: cloneIdents(s.Names)}
	case *TypeDef:
		c := *s
		c.StmtHeader, c.Name, c.Attrs, c.Extends = cloneHeader(s.StmtHeader), cloneIdent(s.Name), cloneAttrs(s.Attrs), cloneIdent(s.Extends)
		c.Sequence, c.PrivateStmt, c.Contains, c.End = clonePtrHeader(s.Sequence), clonePtrHeader(s.PrivateStmt), clonePtrHeader(s.Contains), cloneEnd(s.End)
		c.Components, c.Bindings = nil, nil
		for _, d := range s.Components {
			c.Components = append(c.Components, cloneTypeDecl(d))
		}
		for _, b := range s.Bindings {
			c.Bindings = append(c.Bindings, cloneSpecStmt(b).(*TypeBoundProc))
		}
		c.ProcComponents = nil
		for _, pc := range s.ProcComponents {
			d := *pc
			d.StmtHeader, d.Interface, d.Attrs, d.Entities = cloneHeader(pc.StmtHeader), cloneIdent(pc.Interface), cloneKeywords(pc.Attrs), cloneEntities(pc.Entities)
			c.ProcComponents = append(c.ProcComponents, &d)
		}
		return &c
	case *TypeBoundProc:
		c := *s
		c.StmtHeader, c.Interface, c.Attrs = cloneHeader(s.StmtHeader), cloneIdent(s.Interface), cloneKeywords(s.Attrs)
		c.Bindings = nil
		for _, b := range s.Bindings {
			if b != nil {
				b = &Binding{Name: cloneIdent(b.Name), Generic: cloneGeneric(b.Generic), Targets: cloneIdents(b.Targets)}
			}
			c.Bindings = append(c.Bindings, b)
		}
		return &c
	}
	return nil
}

func cloneTypeDecl(s *TypeDecl) *TypeDecl {
	if s == nil {
		return nil
	}
	c := *s
	c.StmtHeader, c.Type, c.Attrs, c.Entities = cloneHeader(s.StmtHeader), cloneType(s.Type), cloneAttrs(s.Attrs), cloneEntities(s.Entities)
	return &c
}

// cloneExecStmt clones the statements of an execution part.
func cloneExecStmt(s Stmt) Stmt {
	switch s := s.(type) {
	case *AssignStmt:
		return &AssignStmt{StmtHeader: cloneHeader(s.StmtHeader), Lhs: cloneExpr(s.Lhs), Rhs: cloneExpr(s.Rhs)}
	case *PointerAssignStmt:
		return &PointerAssignStmt{StmtHeader: cloneHeader(s.StmtHeader), Lhs: cloneExpr(s.Lhs), Rhs: cloneExpr(s.Rhs)}
	case *CallStmt:
		return &CallStmt{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneExpr(s.Name), Args: cloneExprs(s.Args), Parens: s.Parens}
	case *IfStmt:
		return &IfStmt{StmtHeader: cloneHeader(s.StmtHeader), Cond: cloneExpr(s.Cond), Action: cloneStmt(s.Action)}
	case *ArithIfStmt:
		return &ArithIfStmt{StmtHeader: cloneHeader(s.StmtHeader), Expr: cloneExpr(s.Expr), Neg: cloneLabel(s.Neg), Zero: cloneLabel(s.Zero), Plus: cloneLabel(s.Plus)}
	case *IfConstruct:
		c := &IfConstruct{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), End: cloneEnd(s.End)}
		for _, b := range s.Branches {
			if b != nil {
				b = &IfBranch{Head: cloneHeader(b.Head), Cond: cloneExpr(b.Cond), Name: cloneIdent(b.Name), Body: CloneStmts(b.Body)}
			}
			c.Branches = append(c.Branches, b)
		}
		return c
	case *DoConstruct:
		c := *s
		c.StmtHeader, c.Name, c.Var = cloneHeader(s.StmtHeader), cloneIdent(s.Name), cloneIdent(s.Var)
		c.Start, c.Stop, c.Step, c.While = cloneExpr(s.Start), cloneExpr(s.Stop), cloneExpr(s.Step), cloneExpr(s.While)
		c.Concurrent, c.Mask, c.Body, c.End = cloneSpecs(s.Concurrent), cloneExpr(s.Mask), CloneStmts(s.Body), cloneEnd(s.End)
		c.Locality = cloneLocality(s.Locality)
		return &c
	case *SelectCase:
		c := &SelectCase{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Selector: cloneExpr(s.Selector), End: cloneEnd(s.End)}
		for _, k := range s.Cases {
			if k != nil {
				k = &CaseBlock{Head: cloneHeader(k.Head), Default: k.Default, Values: cloneExprs(k.Values), Name: cloneIdent(k.Name), Body: CloneStmts(k.Body)}
			}
			c.Cases = append(c.Cases, k)
		}
		return c
	case *SelectType:
		c := &SelectType{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Assoc: cloneIdent(s.Assoc), Selector: cloneExpr(s.Selector), End: cloneEnd(s.End)}
		for _, g := range s.Guards {
			if g != nil {
				g = &TypeGuard{Head: cloneHeader(g.Head), Kind: g.Kind, Type: cloneType(g.Type), Name: cloneIdent(g.Name), Body: CloneStmts(g.Body)}
			}
			c.Guards = append(c.Guards, g)
		}
		return c
	case *ExitStmt:
		return &ExitStmt{StmtHeader: cloneHeader(s.StmtHeader), Construct: cloneIdent(s.Construct)}
	case *CycleStmt:
		return &CycleStmt{StmtHeader: cloneHeader(s.StmtHeader), Construct: cloneIdent(s.Construct)}
	case *GotoStmt:
		return &GotoStmt{StmtHeader: cloneHeader(s.StmtHeader), Target: cloneLabel(s.Target)}
	case *ComputedGotoStmt:
		c := &ComputedGotoStmt{StmtHeader: cloneHeader(s.StmtHeader), Expr: cloneExpr(s.Expr)}
		for _, l := range s.Targets {
			c.Targets = append(c.Targets, cloneLabel(l))
		}
		return c
	case *LabelAssignStmt:
		return &LabelAssignStmt{StmtHeader: cloneHeader(s.StmtHeader), Target: cloneLabel(s.Target), Var: cloneIdent(s.Var)}
	case *AssignedGotoStmt:
		c := &AssignedGotoStmt{StmtHeader: cloneHeader(s.StmtHeader), Var: cloneIdent(s.Var)}
		for _, l := range s.Targets {
			c.Targets = append(c.Targets, cloneLabel(l))
		}
		return c
	case *ContinueStmt:
		return &ContinueStmt{StmtHeader: cloneHeader(s.StmtHeader)}
	case *EntryStmt:
		return &EntryStmt{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Args: cloneIdents(s.Args),
			Parens: s.Parens, Result: cloneIdent(s.Result), Bind: cloneBind(s.Bind)}
	case *ReturnStmt:
		return &ReturnStmt{StmtHeader: cloneHeader(s.StmtHeader), Alt: cloneExpr(s.Alt)}
	case *StopStmt:
		return &StopStmt{StmtHeader: cloneHeader(s.StmtHeader), Error: s.Error, Code: cloneExpr(s.Code)}
	case *IOStmt:
		c := *s
		c.StmtHeader, c.Control, c.Format, c.Items = cloneHeader(s.StmtHeader), cloneExprs(s.Control), cloneExpr(s.Format), cloneExprs(s.Items)
		return &c
	case *AllocateStmt:
		c := *s
		c.StmtHeader, c.Type, c.Objects = cloneHeader(s.StmtHeader), cloneType(s.Type), cloneExprs(s.Objects)
		c.Options = nil
		for _, o := range s.Options {
			c.Options = append(c.Options, cloneExpr(o).(*KeywordArg))
		}
		return &c
	case *WhereStmt:
		return &WhereStmt{StmtHeader: cloneHeader(s.StmtHeader), Mask: cloneExpr(s.Mask), Assign: Clone(s.Assign)}
	case *WhereConstruct:
		c := &WhereConstruct{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), End: cloneEnd(s.End)}
		for _, b := range s.Branches {
			if b != nil {
				b = &WhereBranch{Head: cloneHeader(b.Head), Mask: cloneExpr(b.Mask), Name: cloneIdent(b.Name), Body: CloneStmts(b.Body)}
			}
			c.Branches = append(c.Branches, b)
		}
		return c
	case *ForallStmt:
		return &ForallStmt{StmtHeader: cloneHeader(s.StmtHeader), Specs: cloneSpecs(s.Specs), Mask: cloneExpr(s.Mask), Assign: cloneStmt(s.Assign)}
	case *ForallConstruct:
		return &ForallConstruct{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Specs: cloneSpecs(s.Specs),
			Mask: cloneExpr(s.Mask), Body: CloneStmts(s.Body), End: cloneEnd(s.End)}
	case *BlockConstruct:
		return &BlockConstruct{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Decls: CloneStmts(s.Decls),
			Body: CloneStmts(s.Body), End: cloneEnd(s.End)}
	case *AssociateConstruct:
		c := &AssociateConstruct{StmtHeader: cloneHeader(s.StmtHeader), Name: cloneIdent(s.Name), Body: CloneStmts(s.Body), End: cloneEnd(s.End)}
		for _, a := range s.Assocs {
			if a != nil {
				a = &Association{Name: cloneIdent(a.Name), Selector: cloneExpr(a.Selector)}
			}
			c.Assocs = append(c.Assocs, a)
		}
		return c
	}
	panic("ast.Clone: unexpected statement")
}

// Copy returns a shallow copy of statement s: a new statement node whose
// fields are those of s (its expressions and nested statements are
// shared), for a generator that changes a statement's header (its
// label) but must keep the nodes below, which analyses key their
// results by.
func Copy(s Stmt) Stmt {
	switch s := s.(type) {
	case *Unit:
		c := *s
		return &c
	case *UseStmt:
		c := *s
		return &c
	case *ImplicitStmt:
		c := *s
		return &c
	case *TypeDecl:
		c := *s
		return &c
	case *AttrStmt:
		c := *s
		return &c
	case *ProcDecl:
		c := *s
		return &c
	case *ImportStmt:
		c := *s
		return &c
	case *ParameterStmt:
		c := *s
		return &c
	case *CommonStmt:
		c := *s
		return &c
	case *DataStmt:
		c := *s
		return &c
	case *EquivalenceStmt:
		c := *s
		return &c
	case *StmtFunction:
		c := *s
		return &c
	case *FormatStmt:
		c := *s
		return &c
	case *InterfaceBlock:
		c := *s
		return &c
	case *ProcedureStmt:
		c := *s
		return &c
	case *TypeDef:
		c := *s
		return &c
	case *NamelistStmt:
		c := *s
		return &c
	case *AssignStmt:
		c := *s
		return &c
	case *PointerAssignStmt:
		c := *s
		return &c
	case *CallStmt:
		c := *s
		return &c
	case *IfStmt:
		c := *s
		return &c
	case *ArithIfStmt:
		c := *s
		return &c
	case *IfConstruct:
		c := *s
		return &c
	case *DoConstruct:
		c := *s
		return &c
	case *SelectCase:
		c := *s
		return &c
	case *SelectType:
		c := *s
		return &c
	case *ExitStmt:
		c := *s
		return &c
	case *CycleStmt:
		c := *s
		return &c
	case *GotoStmt:
		c := *s
		return &c
	case *ComputedGotoStmt:
		c := *s
		return &c
	case *LabelAssignStmt:
		c := *s
		return &c
	case *AssignedGotoStmt:
		c := *s
		return &c
	case *ContinueStmt:
		c := *s
		return &c
	case *EntryStmt:
		c := *s
		return &c
	case *ReturnStmt:
		c := *s
		return &c
	case *StopStmt:
		c := *s
		return &c
	case *IOStmt:
		c := *s
		return &c
	case *AllocateStmt:
		c := *s
		return &c
	case *WhereStmt:
		c := *s
		return &c
	case *WhereConstruct:
		c := *s
		return &c
	case *ForallStmt:
		c := *s
		return &c
	case *ForallConstruct:
		c := *s
		return &c
	case *TypeBoundProc:
		c := *s
		return &c
	case *BlockConstruct:
		c := *s
		return &c
	case *AssociateConstruct:
		c := *s
		return &c
	case *EndStmt:
		c := *s
		return &c
	}
	panic("ast.Copy: unexpected statement")
}
