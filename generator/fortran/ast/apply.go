package ast

// Apply and Cursor follow golang.org/x/tools/go/ast/astutil: a traversal
// that may replace the node it visits, and delete statements or insert
// statements around it in the statement list holding it.

// A Cursor describes a node met by Apply: the node, its parent, and ways
// to change the tree without disturbing the traversal.
type Cursor struct {
	parent Node
	node   Node
	set    func(Node) // stores a replacement in the parent; nil for the root
	list   *[]Stmt    // the statement list holding node, if any
	iter   *iterator
}

type iterator struct{ index, step int }

// Node returns the current node.
func (c *Cursor) Node() Node { return c.node }

// Parent returns the parent of the current node (the construct for a
// statement of a branch's block), nil for the root.
func (c *Cursor) Parent() Node { return c.parent }

// Index returns the index of the current node in its statement list, or
// -1 if it is not in one.
func (c *Cursor) Index() int {
	if c.list == nil {
		return -1
	}
	return c.iter.index
}

// Replace replaces the current node with n. The replacement is not
// walked by pre; its children are (as in astutil).
func (c *Cursor) Replace(n Node) {
	if c.set == nil {
		panic("ast.Cursor.Replace: the root cannot be replaced")
	}
	c.set(n)
	c.node = n
}

// Delete deletes the current statement from its list.
func (c *Cursor) Delete() {
	if c.list == nil {
		panic("ast.Cursor.Delete: the node is not in a statement list")
	}
	l := *c.list
	i := c.iter.index
	copy(l[i:], l[i+1:])
	l[len(l)-1] = nil
	*c.list = l[:len(l)-1]
	c.iter.step--
}

// InsertAfter inserts s after the current statement; Apply does not walk
// it.
func (c *Cursor) InsertAfter(s Stmt) {
	if c.list == nil {
		panic("ast.Cursor.InsertAfter: the node is not in a statement list")
	}
	i := c.iter.index
	*c.list = append((*c.list)[:i+1], append([]Stmt{s}, (*c.list)[i+1:]...)...)
	c.iter.step++
}

// InsertBefore inserts s before the current statement; Apply does not
// walk it.
func (c *Cursor) InsertBefore(s Stmt) {
	if c.list == nil {
		panic("ast.Cursor.InsertBefore: the node is not in a statement list")
	}
	i := c.iter.index
	*c.list = append((*c.list)[:i], append([]Stmt{s}, (*c.list)[i:]...)...)
	c.iter.index++
}

// Apply traverses the tree rooted at root in depth-first order, visiting
// the same children as Inspect. For each node it calls pre (if not nil)
// before its children; if pre returns false the children and post are
// skipped. After the children it calls post (if not nil); if post returns
// false the traversal stops. The cursor's methods change the tree on the
// way. Apply returns root.
func Apply(root Node, pre, post func(*Cursor) bool) Node {
	a := &applier{pre: pre, post: post, iter: &iterator{index: -1}}
	defer func() {
		if r := recover(); r != nil && r != errAbort {
			panic(r)
		}
	}()
	a.apply(nil, nil, nil, root)
	return root
}

var errAbort = new(int)

type applier struct {
	pre, post func(*Cursor) bool
	iter      *iterator
}

func (a *applier) apply(parent Node, set func(Node), list *[]Stmt, n Node) {
	c := &Cursor{parent: parent, node: n, set: set, list: list, iter: a.iter}
	if a.pre != nil && !a.pre(c) {
		return
	}
	a.children(c.node)
	if a.post != nil && !a.post(c) {
		panic(errAbort)
	}
}

func (a *applier) expr(parent Node, p *Expr) {
	if *p != nil {
		a.apply(parent, func(n Node) { *p = n.(Expr) }, nil, *p)
	}
}

func (a *applier) exprs(parent Node, list []Expr) {
	for i := range list {
		a.expr(parent, &list[i])
	}
}

func (a *applier) ident(parent Node, p **Ident) {
	if *p != nil {
		a.apply(parent, func(n Node) { *p = n.(*Ident) }, nil, *p)
	}
}

func (a *applier) stmt(parent Node, p *Stmt) {
	if *p != nil {
		a.apply(parent, func(n Node) { *p = n.(Stmt) }, nil, *p)
	}
}

func (a *applier) assign(parent Node, p **AssignStmt) {
	if *p != nil {
		a.apply(parent, func(n Node) { *p = n.(*AssignStmt) }, nil, *p)
	}
}

func (a *applier) stmts(parent Node, p *[]Stmt) {
	saved := a.iter
	a.iter = &iterator{}
	for a.iter.index < len(*p) {
		a.iter.step = 1
		i := a.iter.index
		a.apply(parent, func(n Node) { (*p)[i] = n.(Stmt) }, p, (*p)[i])
		a.iter.index += a.iter.step
	}
	a.iter = saved
}

func (a *applier) typ(parent Node, t *TypeSpec) {
	if t == nil {
		return
	}
	a.expr(parent, &t.KindSel)
	a.expr(parent, &t.Star)
	a.expr(parent, &t.Len)
	a.ident(parent, &t.Name)
}

func (a *applier) dims(parent Node, dims []*Dim) {
	for _, d := range dims {
		a.expr(parent, &d.Lo)
		a.expr(parent, &d.Hi)
	}
}

func (a *applier) entities(parent Node, list []*Entity) {
	for _, e := range list {
		a.ident(parent, &e.Name)
		a.dims(parent, e.Dims)
		a.expr(parent, &e.CharLen)
		a.expr(parent, &e.Init)
	}
}

func (a *applier) specs(parent Node, list []*ForallSpec) {
	for _, s := range list {
		a.ident(parent, &s.Var)
		a.expr(parent, &s.Lo)
		a.expr(parent, &s.Hi)
		a.expr(parent, &s.Stride)
	}
}

func (a *applier) children(n Node) {
	switch n := n.(type) {
	case *ComplexLit:
		a.expr(n, &n.Re)
		a.expr(n, &n.Im)
	case *UnaryExpr:
		a.expr(n, &n.X)
	case *BinaryExpr:
		a.expr(n, &n.X)
		a.expr(n, &n.Y)
	case *ParenExpr:
		a.expr(n, &n.X)
	case *CallExpr:
		a.expr(n, &n.Fun)
		a.exprs(n, n.Args)
	case *RangeExpr:
		a.expr(n, &n.Lo)
		a.expr(n, &n.Hi)
		a.expr(n, &n.Stride)
	case *KeywordArg:
		a.ident(n, &n.Name)
		a.expr(n, &n.Value)
	case *SelectorExpr:
		a.expr(n, &n.X)
		a.ident(n, &n.Sel)
	case *ArrayConstructor:
		a.typ(n, n.Type)
		a.exprs(n, n.Items)
	case *ImpliedDo:
		a.exprs(n, n.Items)
		a.ident(n, &n.Var)
		a.expr(n, &n.Start)
		a.expr(n, &n.Stop)
		a.expr(n, &n.Step)
	case *Bind:
		a.expr(n, &n.Name)
	case *Unit:
		a.ident(n, &n.Name)
		a.typ(n, n.Type)
		for i := range n.Args {
			a.ident(n, &n.Args[i])
		}
		a.ident(n, &n.Result)
		a.stmts(n, &n.Decls)
		a.stmts(n, &n.Body)
		for i := range n.Procs {
			a.apply(n, func(x Node) { n.Procs[i] = x.(*Unit) }, nil, n.Procs[i])
		}
	default:
		a.specChildren(n)
		a.execChildren(n)
	}
}

func (a *applier) specChildren(n Node) {
	switch n := n.(type) {
	case *UseStmt:
		a.ident(n, &n.Module)
	case *ImplicitStmt:
		for _, r := range n.Rules {
			a.typ(n, r.Type)
		}
	case *TypeDecl:
		a.typ(n, n.Type)
		for _, at := range n.Attrs {
			a.dims(n, at.Dims)
		}
		a.entities(n, n.Entities)
	case *AttrStmt:
		a.dims(n, n.Attr.Dims)
		a.entities(n, n.Entities)
	case *ProcDecl:
		a.entities(n, n.Entities)
	case *ParameterStmt:
		a.entities(n, n.Entities)
	case *CommonStmt:
		for _, b := range n.Blocks {
			a.entities(n, b.Entities)
		}
	case *NamelistStmt:
		for _, b := range n.Groups {
			a.entities(n, b.Entities)
		}
	case *DataStmt:
		for _, s := range n.Sets {
			a.exprs(n, s.Objects)
			for _, v := range s.Values {
				a.expr(n, &v.Repeat)
				a.expr(n, &v.Value)
			}
		}
	case *EquivalenceStmt:
		for _, s := range n.Sets {
			a.exprs(n, s)
		}
	case *StmtFunction:
		a.ident(n, &n.Name)
		for i := range n.Args {
			a.ident(n, &n.Args[i])
		}
		a.expr(n, &n.Expr)
	case *InterfaceBlock:
		for i, m := range n.Members {
			a.apply(n, func(x Node) { n.Members[i] = x }, nil, m)
		}
	case *ProcedureStmt:
		for i := range n.Names {
			a.ident(n, &n.Names[i])
		}
	case *TypeDef:
		a.ident(n, &n.Name)
		for i := range n.Components {
			a.apply(n, func(x Node) { n.Components[i] = x.(*TypeDecl) }, nil, n.Components[i])
		}
		for i := range n.Bindings {
			a.apply(n, func(x Node) { n.Bindings[i] = x.(*TypeBoundProc) }, nil, n.Bindings[i])
		}
		for _, pc := range n.ProcComponents {
			a.ident(n, &pc.Interface)
			for _, e := range pc.Entities {
				a.ident(n, &e.Name)
				a.expr(n, &e.Init)
			}
		}
	case *TypeBoundProc:
		a.ident(n, &n.Interface)
		for _, b := range n.Bindings {
			a.ident(n, &b.Name)
			for i := range b.Targets {
				a.ident(n, &b.Targets[i])
			}
		}
	}
}

func (a *applier) execChildren(n Node) {
	switch n := n.(type) {
	case *BlockConstruct:
		a.stmts(n, &n.Decls)
		a.stmts(n, &n.Body)
	case *AssociateConstruct:
		for _, as := range n.Assocs {
			a.ident(n, &as.Name)
			a.expr(n, &as.Selector)
		}
		a.stmts(n, &n.Body)
	case *AssignStmt:
		a.expr(n, &n.Lhs)
		a.expr(n, &n.Rhs)
	case *PointerAssignStmt:
		a.expr(n, &n.Lhs)
		a.expr(n, &n.Rhs)
	case *CallStmt:
		a.expr(n, &n.Name)
		a.exprs(n, n.Args)
	case *IfStmt:
		a.expr(n, &n.Cond)
		a.stmt(n, &n.Action)
	case *ArithIfStmt:
		a.expr(n, &n.Expr)
	case *IfConstruct:
		for _, b := range n.Branches {
			a.expr(n, &b.Cond)
			a.stmts(n, &b.Body)
		}
	case *DoConstruct:
		a.ident(n, &n.Var)
		a.expr(n, &n.Start)
		a.expr(n, &n.Stop)
		a.expr(n, &n.Step)
		a.expr(n, &n.While)
		a.specs(n, n.Concurrent)
		a.expr(n, &n.Mask)
		for _, l := range n.Locality {
			for i := range l.Names {
				a.ident(n, &l.Names[i])
			}
		}
		a.stmts(n, &n.Body)
	case *SelectCase:
		a.expr(n, &n.Selector)
		for _, c := range n.Cases {
			a.exprs(n, c.Values)
			a.stmts(n, &c.Body)
		}
	case *SelectType:
		a.ident(n, &n.Assoc)
		a.expr(n, &n.Selector)
		for _, g := range n.Guards {
			a.stmts(n, &g.Body)
		}
	case *ComputedGotoStmt:
		a.expr(n, &n.Expr)
	case *LabelAssignStmt:
		a.ident(n, &n.Var)
	case *AssignedGotoStmt:
		a.ident(n, &n.Var)
	case *EntryStmt:
		a.ident(n, &n.Name)
		for i := range n.Args {
			a.ident(n, &n.Args[i])
		}
		a.ident(n, &n.Result)
	case *ReturnStmt:
		a.expr(n, &n.Alt)
	case *StopStmt:
		a.expr(n, &n.Code)
	case *IOStmt:
		a.exprs(n, n.Control)
		a.expr(n, &n.Format)
		a.exprs(n, n.Items)
	case *AllocateStmt:
		a.typ(n, n.Type)
		a.exprs(n, n.Objects)
		for i := range n.Options {
			a.apply(n, func(x Node) { n.Options[i] = x.(*KeywordArg) }, nil, n.Options[i])
		}
	case *WhereStmt:
		a.expr(n, &n.Mask)
		a.assign(n, &n.Assign)
	case *WhereConstruct:
		for _, b := range n.Branches {
			a.expr(n, &b.Mask)
			a.stmts(n, &b.Body)
		}
	case *ForallStmt:
		a.specs(n, n.Specs)
		a.expr(n, &n.Mask)
		a.stmt(n, &n.Assign)
	case *ForallConstruct:
		a.specs(n, n.Specs)
		a.expr(n, &n.Mask)
		a.stmts(n, &n.Body)
	}
}
