package sema

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// CallGraph is the call graph of the analysed program units: a node for
// each main program and procedure with a body, and for each procedure
// they call (external procedures without a body and intrinsics included).
type CallGraph struct {
	// Nodes are in order: units with a body in source order of their
	// analysis, then the other callees in order of first reference.
	Nodes []*CGNode
	index map[*Symbol]*CGNode
	// byName unifies the external procedures without a body and the
	// intrinsics that several scopes declare under the same name.
	byName map[extKey]*CGNode
}

type extKey struct {
	kind ProcKind
	name string
}

// CGNode is one procedure of the call graph.
type CGNode struct {
	Proc *Symbol
	// Sites are the calls made by the procedure, in source order: CALL
	// statements, function references, defined operators and assignments.
	Sites []CallSite
	// Callees are the distinct procedures called, in order of first call.
	Callees []*CGNode
	// Refs are the procedures passed as actual arguments (which the
	// callee may call).
	Refs []*CGNode
	// Callers are the distinct procedures that call this one.
	Callers []*CGNode

	refSites []source.Pos
	stamp    int
	index    int
	lowlink  int
	onStack  bool
	visited  bool
}

// CallSite is one call.
type CallSite struct {
	Callee *CGNode
	Pos    source.Pos
	Expr   *ast.CallExpr // a function reference, or nil
	Stmt   *ast.CallStmt // a CALL statement, or nil
}

// Unit returns the procedure's body, or nil for an external procedure
// without a body in the analysed files, an intrinsic or a dummy procedure.
func (n *CGNode) Unit() *ast.Unit {
	if n.Proc.Proc == nil {
		return nil
	}
	return n.Proc.Proc.Unit
}

// Defined reports whether the procedure has a body in the analysed files.
func (n *CGNode) Defined() bool { return n.Unit() != nil }

// Intrinsic reports whether the procedure is intrinsic.
func (n *CGNode) Intrinsic() bool { return n.Proc.Proc != nil && n.Proc.Proc.Kind == ProcIntrinsic }

// External reports whether the procedure is external with no body in the
// analysed files.
func (n *CGNode) External() bool {
	return n.Proc.Proc != nil && n.Proc.Proc.Kind == ProcExternal && n.Proc.Proc.Unit == nil
}

func (n *CGNode) String() string { return n.Proc.Name }

func newCallGraph() *CallGraph {
	return &CallGraph{index: make(map[*Symbol]*CGNode), byName: make(map[extKey]*CGNode)}
}

// Node returns the node of a procedure symbol, or nil. All the local
// declarations of an external procedure without a body (or of an
// intrinsic) share one node.
func (g *CallGraph) Node(sym *Symbol) *CGNode { return g.index[sym] }

func (g *CallGraph) node(sym *Symbol) *CGNode {
	n := g.index[sym]
	if n != nil {
		return n
	}
	var key extKey
	if p := sym.Proc; p != nil && p.Unit == nil && (p.Kind == ProcExternal || p.Kind == ProcIntrinsic) {
		key = extKey{p.Kind, sym.Name}
		n = g.byName[key]
	}
	if n == nil {
		n = &CGNode{Proc: sym}
		g.Nodes = append(g.Nodes, n)
		if key.name != "" {
			g.byName[key] = n
		}
	}
	g.index[sym] = n
	return n
}

func (g *CallGraph) addCall(caller, callee *Symbol, pos source.Pos, x *ast.CallExpr, s *ast.CallStmt) {
	from := g.node(caller)
	to := g.node(callee)
	from.Sites = append(from.Sites, CallSite{Callee: to, Pos: pos, Expr: x, Stmt: s})
}

func (g *CallGraph) addRef(caller, callee *Symbol, pos source.Pos) {
	from := g.node(caller)
	to := g.node(callee)
	for _, r := range from.Refs {
		if r == to {
			return
		}
	}
	from.Refs = append(from.Refs, to)
	from.refSites = append(from.refSites, pos)
}

// finish computes the distinct callees and the callers.
func (g *CallGraph) finish() {
	for i, n := range g.Nodes {
		stamp := i + 1
		for _, s := range n.Sites {
			if s.Callee.stamp != stamp {
				s.Callee.stamp = stamp
				n.Callees = append(n.Callees, s.Callee)
				s.Callee.Callers = append(s.Callee.Callers, n)
			}
		}
	}
	for _, n := range g.Nodes {
		n.stamp = 0
	}
}

// BottomUp returns the procedures with a body in the analysed files in
// callee-first order: each procedure comes after all the procedures it
// calls or passes as an argument, except within a recursion cycle. The
// cycles (sets of mutually recursive procedures, and procedures that
// call themselves) are returned too, each in the order it appears in
// the result.
func (g *CallGraph) BottomUp() (order []*CGNode, cycles [][]*CGNode) {
	index := 0
	var stack []*CGNode
	for _, n := range g.Nodes {
		n.visited, n.onStack, n.index, n.lowlink = false, false, 0, 0
	}
	var strong func(v *CGNode)
	visitEdge := func(v, w *CGNode) {
		if !w.Defined() {
			return
		}
		if !w.visited {
			strong(w)
			if w.lowlink < v.lowlink {
				v.lowlink = w.lowlink
			}
		} else if w.onStack && w.index < v.lowlink {
			v.lowlink = w.index
		}
	}
	strong = func(v *CGNode) {
		v.visited = true
		v.index, v.lowlink = index, index
		index++
		stack = append(stack, v)
		v.onStack = true
		for _, w := range v.Callees {
			visitEdge(v, w)
		}
		for _, w := range v.Refs {
			visitEdge(v, w)
		}
		if v.lowlink == v.index {
			var scc []*CGNode
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				w.onStack = false
				scc = append(scc, w)
				if w == v {
					break
				}
			}
			// reverse so that the members appear in discovery order
			for i, j := 0, len(scc)-1; i < j; i, j = i+1, j-1 {
				scc[i], scc[j] = scc[j], scc[i]
			}
			order = append(order, scc...)
			if len(scc) > 1 || v.callsSelf() {
				cycles = append(cycles, scc)
			}
		}
	}
	for _, n := range g.Nodes {
		if n.Defined() && !n.visited {
			strong(n)
		}
	}
	return order, cycles
}

func (n *CGNode) callsSelf() bool {
	for _, w := range n.Callees {
		if w == n {
			return true
		}
	}
	for _, w := range n.Refs {
		if w == n {
			return true
		}
	}
	return false
}
