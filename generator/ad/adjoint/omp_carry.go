package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Private scalars a parallel loop's adjoint reads before it computes them
// again. The serial reversal gets the value a scalar has at the end of an
// iteration from the adjoint of the next iteration (which restores what
// that one overwrote); a private variable has no such value in a parallel
// backward loop. When the iteration overwrites its private scalar
// (t = x(i); t = t*t) or what it was computed from (t = x(i)*y(i);
// x(i) = sin(t)), so that it cannot be recomputed (recompute.go,
// omp_recompute.go), the forward loop stores its value at the end of
// each iteration in an array indexed by the loop index, which goes on
// the tape after the loop as one piece, like the hoisted records
// (hoist.go); each backward iteration starts from it. The other values
// the iteration overwrote are restored inside it as in serial code.

// ompCarry stores the private scalars of parallel loop s (directive c)
// its backward body b reads before it computes them, at the end of each
// iteration of its forward body f; recs are what the loop records and
// restores around it (pre, after, before, post), extended.
func (g *gen) ompCarry(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt, recs *[4][]ast.Stmt) ([]ast.Stmt, []ast.Stmt) {
	if len(b) == 0 || hasJump(s.Body) {
		return f, b
	}
	private := g.ompPrivateSet(c)
	delete(private, strings.ToLower(s.Var.Name))
	ast.Inspect(&ast.DoConstruct{Body: b}, func(n ast.Node) bool {
		if do, ok := n.(*ast.DoConstruct); ok && do.Var != nil {
			delete(private, strings.ToLower(do.Var.Name)) // an inner loop's: it sets it
		}
		return true
	})
	var names []string
	for v := range private {
		names = append(names, v)
	}
	sort.Strings(names)
	var first []ast.Stmt
	for _, v := range names {
		if !mentions(&ast.DoConstruct{Body: b}, v) || writtenFirst(b, v, false) {
			continue
		}
		sym := g.scope.Lookup(v)
		if sym == nil || sym.Rank() != 0 {
			continue
		}
		typ, ok := tape.TypeOf(sym.Type)
		ts := typeSpec(typ)
		dims, index, shaped := g.bufferShape([]*ast.DoConstruct{s})
		if !ok || ts == nil || !shaped {
			continue
		}
		id := g.allocatable("fadj_save", ts, len(dims))
		if id == nil {
			continue
		}
		cp := allocatedCopy(id, dims, typ)
		elem := func() ast.Expr { return &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: cloneExprs(index)} }
		f = append(f, &ast.AssignStmt{Lhs: elem(), Rhs: ast.NewIdent(sym.Name)})
		first = append(first, &ast.AssignStmt{Lhs: ast.NewIdent(sym.Name), Rhs: elem()})
		recs[0] = append(recs[0], cp.pre...)
		recs[1] = append(recs[1], cp.post...)
		recs[2] = append(append([]ast.Stmt(nil), cp.bwdPre...), recs[2]...)
		recs[3] = append(recs[3], cp.bwdPost...)
	}
	return f, append(first, b...)
}

// ompPrivateSet returns the variables (lower case) of clause private of
// loop directive c, or of the region around it if it is a worksharing
// loop: dead before and after each iteration.
func (g *gen) ompPrivateSet(c *ast.Comment) map[string]bool {
	private, clause := ompPrivates(c.Omp)
	out := map[string]bool{}
	for v := range private {
		if clause[v] == "private" || clause[v] == "lastprivate" {
			out[v] = true
		}
	}
	if r := g.omp.region; r != nil {
		for v := range r.private {
			if clause[v] == "" {
				out[v] = true
			}
		}
	}
	return out
}

func cloneExprs(xs []ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(xs))
	for i, x := range xs {
		out[i] = ast.Clone(x)
	}
	return out
}

// ompOwnWrite reports whether assignment a writes a generated array at
// an element of the loop's own, subscripted by loop variable v: such a
// write (a stored value, ompCarry; a branch taken, hoist_bits.go) keeps
// the forward loop parallel.
func ompOwnWrite(a *ast.AssignStmt, v string) bool {
	l, ok := a.Lhs.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := l.Fun.(*ast.Ident)
	if !ok {
		return false
	}
	if n := strings.ToLower(id.Name); !strings.HasPrefix(n, "fadj_save") && !strings.HasPrefix(n, "fadj_bits") {
		return false
	}
	for _, x := range l.Args {
		if s, ok := x.(*ast.Ident); ok && strings.EqualFold(s.Name, v) {
			return true
		}
	}
	return false
}

// ompBuffers replaces the records of scalars and elements the forward
// body f of parallel loop s pushes on the tape, and its backward body b
// pops, all in the bodies themselves (not in their constructs), by
// arrays indexed by the loop index: one per record, filled by the forward
// loop, taped after it as one piece (recs, as ompCarry). The k-th push
// goes with the k-th pop from the end; nothing changes if they do not
// match, or the loop's step is not 1 or -1 (the loop is then rejected).
func (g *gen) ompBuffers(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt, recs *[4][]ast.Stmt) ([]ast.Stmt, []ast.Stmt) {
	pushes, pops := ompTopOps(f, tape.Push), ompTopOps(b, tape.Pop)
	n := len(pushes)
	if n == 0 || n != len(pops) {
		return f, b
	}
	for k, i := range pushes {
		op, _ := tape.Of(f[i])
		back, _ := tape.Of(b[pops[n-1-k]])
		if op.Type != back.Type || !ast.Equal(op.Ref, back.Ref) || typeSpec(op.Type) == nil {
			return f, b
		}
	}
	dims, index, ok := g.bufferShape([]*ast.DoConstruct{s})
	if !ok {
		return f, b
	}
	nf, nb := append([]ast.Stmt(nil), f...), append([]ast.Stmt(nil), b...)
	private := g.ompPrivateSet(c)
	for k, i := range pushes {
		op, _ := tape.Of(f[i])
		if id, ok := op.Ref.(*ast.Ident); ok && private[strings.ToLower(id.Name)] && !mentions(&ast.DoConstruct{Body: b[pops[n-1-k]+1:]}, id.Name) {
			// The value of a private variable before the iteration
			// wrote it: not defined, and not read.
			nf[i], nb[pops[n-1-k]] = nil, nil
			continue
		}
		id := g.allocatable("fadj_save", typeSpec(op.Type), len(dims))
		if id == nil {
			return f, b
		}
		cp := allocatedCopy(id, dims, op.Type)
		elem := &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: cloneExprs(index)}
		nf[i] = &ast.AssignStmt{Lhs: elem, Rhs: ast.Clone(op.Ref)}
		nb[pops[n-1-k]] = &ast.AssignStmt{Lhs: ast.Clone(op.Ref), Rhs: ast.Clone(elem)}
		recs[0] = append(recs[0], cp.pre...)
		recs[1] = append(recs[1], cp.post...)
		recs[2] = append(append([]ast.Stmt(nil), cp.bwdPre...), recs[2]...)
		recs[3] = append(recs[3], cp.bwdPost...)
	}
	return ompNonNil(nf), ompNonNil(nb)
}

func ompNonNil(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

// ompTopOps returns the indexes of the tape operations of kind k on one
// value (not an array) among the statements of list.
func ompTopOps(list []ast.Stmt, k tape.Kind) []int {
	var out []int
	for i, s := range list {
		if op, ok := tape.Of(s); ok && op.Kind == k && !op.IsArray() && op.Type != tape.Bits {
			out = append(out, i)
		}
	}
	return out
}

// ompCarried rejects a private variable of parallel loop s (directive c)
// that carries a value from one iteration to the next of a thread (the
// primal body reads it before it writes it: psum = 0.9d0*psum + x(i),
// a private variable of the region around a worksharing loop) when the
// backward body b changes its adjoint: the adjoint would have to flow
// from iteration to iteration of the thread in reverse, and private
// adjoints start each iteration at zero. (Where the adjoint only reads
// it, psum = psum + x(i)**2, it stays the same through the iterations.)
func (g *gen) ompCarried(s *ast.DoConstruct, c *ast.Comment, b []ast.Stmt) error {
	private := g.ompPrivateSet(c)
	delete(private, strings.ToLower(s.Var.Name))
	var names []string
	for v := range private {
		names = append(names, v)
	}
	sort.Strings(names)
	for _, v := range names {
		if writtenFirst(s.Body, v, false) || g.outArgFirst(s.Body, v) { // omp_private_snaps.go
			continue
		}
		adj := strings.ToLower(v + g.suffix)
		written := false
		for _, st := range b {
			ast.Inspect(st, func(n ast.Node) bool {
				if a, ok := n.(*ast.AssignStmt); ok && strings.EqualFold(lhsName(a.Lhs), adj) {
					written = true
				}
				return !written
			})
		}
		if written {
			return g.ompError(c, "private variable '%s' carried from one iteration to the next of !$omp %s, with an adjoint, in reverse mode", v, c.Omp.Name)
		}
	}
	return nil
}

// ompBranchBuffers is ompBuffers for the records in IF and SELECT CASE
// constructs of the bodies (a value overwritten in one branch): the
// backward body takes the same branch as the forward one (it evaluates
// the conditions again, or reads the branch taken), so a record and its
// restore go together by what they record, which must be different for
// each. The element of an iteration that took another branch is not
// written, and not read. Records in a loop inside the body stay (the
// parallel loop is then rejected).
func (g *gen) ompBranchBuffers(s *ast.DoConstruct, f, b []ast.Stmt, recs *[4][]ast.Stmt) {
	pushes, okF := ompNestedOps(f, tape.Push, false)
	pops, okB := ompNestedOps(b, tape.Pop, false)
	if !okF || !okB || len(pushes) == 0 || len(pushes) != len(pops) {
		return
	}
	for k := range pushes {
		if pops[k] == nil {
			return
		}
	}
	dims, index, ok := g.bufferShape([]*ast.DoConstruct{s})
	if !ok {
		return
	}
	for _, k := range sortedOpKeys(pushes) {
		push, pop := pushes[k], pops[k]
		op, _ := tape.Of(*push)
		id := g.allocatable("fadj_save", typeSpec(op.Type), len(dims))
		if id == nil || typeSpec(op.Type) == nil {
			return
		}
		cp := allocatedCopy(id, dims, op.Type)
		elem := &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: cloneExprs(index)}
		*push = &ast.AssignStmt{Lhs: elem, Rhs: ast.Clone(op.Ref)}
		*pop = &ast.AssignStmt{Lhs: ast.Clone(op.Ref), Rhs: ast.Clone(elem)}
		recs[0] = append(recs[0], cp.pre...)
		recs[1] = append(recs[1], cp.post...)
		recs[2] = append(append([]ast.Stmt(nil), cp.bwdPre...), recs[2]...)
		recs[3] = append(recs[3], cp.bwdPost...)
	}
}

// ompNestedOps returns the tape operations of kind k on one value in
// the IF and SELECT CASE constructs of list (nested: in list itself
// too), by what they record; ok is false if two record the same, or
// one is in a DO loop.
func ompNestedOps(list []ast.Stmt, k tape.Kind, nested bool) (map[string]*ast.Stmt, bool) {
	out := map[string]*ast.Stmt{}
	add := func(m map[string]*ast.Stmt) bool {
		for key, p := range m {
			if out[key] != nil {
				return false
			}
			out[key] = p
		}
		return true
	}
	for i, s := range list {
		if op, isOp := tape.Of(s); isOp && op.Kind == k {
			if op.IsArray() || op.Type == tape.Bits {
				return nil, false
			}
			if nested && !add(map[string]*ast.Stmt{op.Type.String() + " " + exprString(op.Ref): &list[i]}) {
				return nil, false
			}
			continue
		}
		switch s.(type) {
		case *ast.IfConstruct, *ast.SelectCase:
			for _, in := range innerLists(s) {
				m, ok := ompNestedOps(in, k, true)
				if !ok || !add(m) {
					return nil, false
				}
			}
		case *ast.DoConstruct:
			if ompTaped(innerLists(s)[0]) {
				return nil, false
			}
		}
	}
	return out, true
}

func sortedOpKeys(m map[string]*ast.Stmt) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// ompNoDefault is directive d without its default clause.
func ompNoDefault(d *ast.OmpDirective) *ast.OmpDirective {
	n := ast.CloneOmp(d)
	n.Clauses = nil
	for _, cl := range d.Clauses {
		if cl.Name != "default" {
			n.Clauses = append(n.Clauses, ast.CloneOmp(&ast.OmpDirective{Clauses: []*ast.OmpClause{cl}}).Clauses[0])
		}
	}
	return n
}
