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
	private, clause := ompPrivates(c.Omp)
	if r := g.omp.region; r != nil {
		for v := range r.private {
			if clause[v] == "" {
				private[v], clause[v] = true, "private"
			}
		}
	}
	var names []string
	for v := range private {
		if clause[v] == "private" {
			names = append(names, v)
		}
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

func cloneExprs(xs []ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(xs))
	for i, x := range xs {
		out[i] = ast.Clone(x)
	}
	return out
}

// ompOwnWrite reports whether assignment a writes a generated array at
// an element of the loop's own, subscripted by loop variable v: such a
// write (a stored value, ompCarry) keeps the forward loop parallel.
func ompOwnWrite(a *ast.AssignStmt, v string) bool {
	l, ok := a.Lhs.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := l.Fun.(*ast.Ident)
	if !ok || !strings.HasPrefix(strings.ToLower(id.Name), "fadj_save") {
		return false
	}
	for _, x := range l.Args {
		if s, ok := x.(*ast.Ident); ok && strings.EqualFold(s.Name, v) {
			return true
		}
	}
	return false
}
