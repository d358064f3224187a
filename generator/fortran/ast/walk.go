package ast

// Inspect traverses the tree rooted at n in depth-first order, like
// go/ast.Inspect: it calls f(n); if f returns true, Inspect visits each
// child of n, then calls f(nil). Statement headers and comments are not
// visited; types, attributes and entities are visited through their
// expressions.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	if b, ok := n.(*BinaryExpr); ok {
		inspectBinary(b, f)
		return
	}
	walkChildren(n, f)
	f(nil)
}

// inspectBinary walks the children of b, whose f(b) returned true, in the
// order walkChildren would, but goes down the left operands of a chain of
// binary operations in a loop: a statement y = x1+x2+...+xn parses into a
// left-deep tree n levels deep, and recursing n times made every walk of
// it grow (and, after a collection, regrow) the goroutine stack.
func inspectBinary(b *BinaryExpr, f func(Node) bool) {
	spine := []*BinaryExpr{b}
	for {
		top := spine[len(spine)-1]
		l, ok := top.X.(*BinaryExpr)
		if !ok || l == nil {
			walkExpr(top.X, f)
			break
		}
		if !f(l) {
			break
		}
		spine = append(spine, l)
	}
	for i := len(spine) - 1; i >= 0; i-- {
		walkExpr(spine[i].Y, f)
		f(nil)
	}
}

func walkExprs(list []Expr, f func(Node) bool) {
	for _, x := range list {
		if x != nil {
			Inspect(x, f)
		}
	}
}

func walkStmts(list []Stmt, f func(Node) bool) {
	for _, s := range list {
		Inspect(s, f)
	}
}

func walkExpr(x Expr, f func(Node) bool) {
	if x != nil {
		Inspect(x, f)
	}
}

func walkIdent(x *Ident, f func(Node) bool) {
	if x != nil {
		Inspect(x, f)
	}
}

func walkType(t *TypeSpec, f func(Node) bool) {
	if t == nil {
		return
	}
	walkExpr(t.KindSel, f)
	walkExpr(t.Star, f)
	walkExpr(t.Len, f)
	walkIdent(t.Name, f)
}

func walkDims(dims []*Dim, f func(Node) bool) {
	for _, d := range dims {
		walkExpr(d.Lo, f)
		walkExpr(d.Hi, f)
	}
}

func walkEntities(list []*Entity, f func(Node) bool) {
	for _, e := range list {
		walkIdent(e.Name, f)
		walkDims(e.Dims, f)
		walkExpr(e.CharLen, f)
		walkExpr(e.Init, f)
	}
}

func walkSpecs(specs []*ForallSpec, f func(Node) bool) {
	for _, s := range specs {
		walkIdent(s.Var, f)
		walkExpr(s.Lo, f)
		walkExpr(s.Hi, f)
		walkExpr(s.Stride, f)
	}
}

func walkChildren(n Node, f func(Node) bool) {
	switch n := n.(type) {
	case *Ident, *BasicLit, *StarExpr, *LabelRef, *ColonLen, *Keyword, *Comment:
	case *ComplexLit:
		walkExpr(n.Re, f)
		walkExpr(n.Im, f)
	case *UnaryExpr:
		walkExpr(n.X, f)
	case *BinaryExpr:
		walkExpr(n.X, f)
		walkExpr(n.Y, f)
	case *ParenExpr:
		walkExpr(n.X, f)
	case *CallExpr:
		walkExpr(n.Fun, f)
		walkExprs(n.Args, f)
	case *RangeExpr:
		walkExpr(n.Lo, f)
		walkExpr(n.Hi, f)
		walkExpr(n.Stride, f)
	case *KeywordArg:
		walkIdent(n.Name, f)
		walkExpr(n.Value, f)
	case *SelectorExpr:
		walkExpr(n.X, f)
		walkIdent(n.Sel, f)
	case *ArrayConstructor:
		walkType(n.Type, f)
		walkExprs(n.Items, f)
	case *ImpliedDo:
		walkExprs(n.Items, f)
		walkIdent(n.Var, f)
		walkExpr(n.Start, f)
		walkExpr(n.Stop, f)
		walkExpr(n.Step, f)
	case *Bind:
		walkExpr(n.Name, f)
	case *Unit:
		walkIdent(n.Name, f)
		walkType(n.Type, f)
		for _, a := range n.Args {
			walkIdent(a, f)
		}
		walkIdent(n.Result, f)
		walkStmts(n.Decls, f)
		walkStmts(n.Body, f)
		for _, p := range n.Procs {
			Inspect(p, f)
		}
	case *EndStmt:
	case *UseStmt:
		walkIdent(n.Module, f)
	case *ImplicitStmt:
		for _, r := range n.Rules {
			walkType(r.Type, f)
		}
	case *TypeDecl:
		walkType(n.Type, f)
		for _, a := range n.Attrs {
			walkDims(a.Dims, f)
		}
		walkEntities(n.Entities, f)
	case *AttrStmt:
		walkDims(n.Attr.Dims, f)
		walkEntities(n.Entities, f)
	case *ProcDecl:
		walkEntities(n.Entities, f)
	case *ParameterStmt:
		walkEntities(n.Entities, f)
	case *CommonStmt:
		for _, b := range n.Blocks {
			walkEntities(b.Entities, f)
		}
	case *NamelistStmt:
		for _, b := range n.Groups {
			walkEntities(b.Entities, f)
		}
	case *DataStmt:
		for _, s := range n.Sets {
			walkExprs(s.Objects, f)
			for _, v := range s.Values {
				walkExpr(v.Repeat, f)
				walkExpr(v.Value, f)
			}
		}
	case *EquivalenceStmt:
		for _, s := range n.Sets {
			walkExprs(s, f)
		}
	case *StmtFunction:
		walkIdent(n.Name, f)
		for _, a := range n.Args {
			walkIdent(a, f)
		}
		walkExpr(n.Expr, f)
	case *FormatStmt:
	case *InterfaceBlock:
		for _, m := range n.Members {
			Inspect(m, f)
		}
	case *ProcedureStmt:
		for _, x := range n.Names {
			walkIdent(x, f)
		}
	case *TypeDef:
		walkIdent(n.Name, f)
		for _, c := range n.Components {
			Inspect(c, f)
		}
		for _, b := range n.Bindings {
			Inspect(b, f)
		}
		for _, pc := range n.ProcComponents {
			Inspect(pc, f)
		}
	case *ProcComponent:
		walkIdent(n.Interface, f)
		for _, e := range n.Entities {
			walkIdent(e.Name, f)
			walkExpr(e.Init, f)
		}
	case *TypeBoundProc:
		walkIdent(n.Interface, f)
		for _, b := range n.Bindings {
			walkIdent(b.Name, f)
			for _, t := range b.Targets {
				walkIdent(t, f)
			}
		}
	case *BlockConstruct:
		walkStmts(n.Decls, f)
		walkStmts(n.Body, f)
	case *AssociateConstruct:
		for _, a := range n.Assocs {
			walkIdent(a.Name, f)
			walkExpr(a.Selector, f)
		}
		walkStmts(n.Body, f)
	case *AssignStmt:
		walkExpr(n.Lhs, f)
		walkExpr(n.Rhs, f)
	case *PointerAssignStmt:
		walkExpr(n.Lhs, f)
		walkExpr(n.Rhs, f)
	case *CallStmt:
		walkExpr(n.Name, f)
		walkExprs(n.Args, f)
	case *IfStmt:
		walkExpr(n.Cond, f)
		Inspect(n.Action, f)
	case *ArithIfStmt:
		walkExpr(n.Expr, f)
	case *IfConstruct:
		for _, b := range n.Branches {
			walkExpr(b.Cond, f)
			walkStmts(b.Body, f)
		}
	case *DoConstruct:
		walkIdent(n.Var, f)
		walkExpr(n.Start, f)
		walkExpr(n.Stop, f)
		walkExpr(n.Step, f)
		walkExpr(n.While, f)
		walkSpecs(n.Concurrent, f)
		walkExpr(n.Mask, f)
		for _, l := range n.Locality {
			for _, id := range l.Names {
				walkIdent(id, f)
			}
		}
		walkStmts(n.Body, f)
	case *SelectCase:
		walkExpr(n.Selector, f)
		for _, c := range n.Cases {
			walkExprs(c.Values, f)
			walkStmts(c.Body, f)
		}
	case *SelectType:
		walkIdent(n.Assoc, f)
		walkExpr(n.Selector, f)
		for _, g := range n.Guards {
			walkStmts(g.Body, f)
		}
	case *ExitStmt, *CycleStmt, *GotoStmt, *ContinueStmt:
	case *ComputedGotoStmt:
		walkExpr(n.Expr, f)
	case *LabelAssignStmt:
		walkIdent(n.Var, f)
	case *AssignedGotoStmt:
		walkIdent(n.Var, f)
	case *EntryStmt:
		walkIdent(n.Name, f)
		for _, a := range n.Args {
			walkIdent(a, f)
		}
		walkIdent(n.Result, f)
	case *ReturnStmt:
		walkExpr(n.Alt, f)
	case *StopStmt:
		walkExpr(n.Code, f)
	case *IOStmt:
		walkExprs(n.Control, f)
		walkExpr(n.Format, f)
		walkExprs(n.Items, f)
	case *AllocateStmt:
		walkType(n.Type, f)
		walkExprs(n.Objects, f)
		for _, o := range n.Options {
			Inspect(o, f)
		}
	case *WhereStmt:
		walkExpr(n.Mask, f)
		Inspect(n.Assign, f)
	case *WhereConstruct:
		for _, b := range n.Branches {
			walkExpr(b.Mask, f)
			walkStmts(b.Body, f)
		}
	case *ForallStmt:
		walkSpecs(n.Specs, f)
		walkExpr(n.Mask, f)
		Inspect(n.Assign, f)
	case *ForallConstruct:
		walkSpecs(n.Specs, f)
		walkExpr(n.Mask, f)
		walkStmts(n.Body, f)
	}
}
