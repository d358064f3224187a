package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A private work array of a parallel loop passed to a callee that
// overwrites it (column physics copying a column in and out: work =
// q(:, j); call column(..., work, ...); q(:, j) = work). The call's
// snapshot of the whole array cannot go on the tape inside the loop; each
// iteration stores it in its own slice of an array with one more
// dimension, the loop's index, which goes on the tape once after the loop,
// as ompLift's arrays do:
//
//	fadj_save1(:, j) = work        (was: call fadj_snap_push_r8_array(work, ...))
//	work = fadj_save1(:, j)        (was: call fadj_snap_pop_r8_array(work, ...))

// ompPrivateArraySnap replaces the snapshot push of f at i of a whole
// private array (op) and its one restore in b by such a slice; it reports
// whether it did. private holds the loop's private variables.
func (g *gen) ompPrivateArraySnap(s *ast.DoConstruct, f, b []ast.Stmt, i int, op tape.Op, private map[string]bool, recs *[4][]ast.Stmt) bool {
	id, ok := op.Ref.(*ast.Ident)
	if !ok || !private[strings.ToLower(id.Name)] {
		return false
	}
	v := g.scope.Lookup(id.Lower()) // (a generated reference: not in sema's info)
	if v == nil || v.Kind != sema.VarSym || v.Rank() == 0 || v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) || v.Dims[v.Rank()-1].Kind == sema.AssumedSize {
		return false // (its bounds must be known before the loop)
	}
	j, ok := snapRestore(b, op, id.Name) // omp_calls.go
	if !ok {
		return false
	}
	loopDims, index, ok := g.bufferShape([]*ast.DoConstruct{s})
	ts := typeSpec(op.Type)
	if !ok || len(index) != 1 || ts == nil {
		return false
	}
	buf := g.allocatable("fadj_save", ts, v.Rank()+1)
	if buf == nil {
		return false
	}
	var dims, slice []ast.Expr
	for d := 1; d <= v.Rank(); d++ {
		dims = append(dims, &ast.RangeExpr{Lo: deriv.Call("lbound", ast.NewIdent(id.Name), deriv.Int(d)),
			Hi: deriv.Call("ubound", ast.NewIdent(id.Name), deriv.Int(d))})
		slice = append(slice, &ast.RangeExpr{})
	}
	at := func() ast.Expr {
		return &ast.CallExpr{Fun: ast.NewIdent(buf.Name), Args: append(cloneExprs(slice), ast.Clone(index[0]))}
	}
	f[i] = &ast.AssignStmt{Lhs: at(), Rhs: ast.NewIdent(id.Name)}
	b[j] = &ast.AssignStmt{Lhs: ast.NewIdent(id.Name), Rhs: at()}
	cp := allocatedCopy(buf, append(dims, loopDims...), op.Type)
	recs[0] = append(recs[0], cp.pre...)
	recs[1] = append(recs[1], cp.post...)
	recs[2] = append(append([]ast.Stmt(nil), cp.bwdPre...), recs[2]...)
	recs[3] = append(recs[3], cp.bwdPost...)
	return true
}

// ompLoopPrivates returns the private variables of parallel loop
// directive c, with those of the region it is in.
func (g *gen) ompLoopPrivates(c *ast.Comment) map[string]bool {
	private, _ := ompPrivates(c.Omp)
	if r := g.omp.region; r != nil {
		for v := range r.private {
			private[v] = true
		}
	}
	return private
}

// outArgFirst reports whether the first statement of list (the primal
// body of a parallel loop) that mentions scalar name is a CALL passing
// it, and nothing else of the call mentioning it, to an INTENT(OUT)
// dummy: the callee defines it before anything reads it (call
// column(..., h) for a private h), as an assignment would.
func (g *gen) outArgFirst(list []ast.Stmt, name string) bool {
	for _, st := range list {
		if !mentions(st, name) {
			continue
		}
		call, ok := st.(*ast.CallStmt)
		if !ok {
			return false
		}
		callee := g.pa.CallPattern(call)
		if callee == nil || callee.Unit == nil {
			return false
		}
		cs := g.info.ScopeOf(callee.Unit)
		actuals, ok := positional(call.Args, callee.Unit.Args)
		if cs == nil || !ok {
			return false
		}
		out := false
		for k, a := range actuals {
			if !mentions(a, name) {
				continue
			}
			id, isID := a.(*ast.Ident)
			d := cs.LookupLocal(callee.Unit.Args[k].Lower())
			if !isID || !strings.EqualFold(id.Name, name) || d == nil || d.Intent != ast.IntentOut || d.Rank() != 0 || out {
				return false
			}
			out = true
		}
		return out
	}
	return false
}

// ompPruneDoc drops from the list clauses of the "parallel do"
// directives of doc the variables the forward loop does not mention: the forward sweep leaves out what the adjoint does not need
// (a sum reduction(+:total) of an output the caller's adjoint drops), and
// such a variable may not even be declared in the adjoint routine.
func ompPruneDoc(doc []*ast.Comment, loop *ast.DoConstruct) []*ast.Comment {
	out := append([]*ast.Comment(nil), doc...)
	for i, c := range out {
		if c.Omp == nil || c.Omp.Name != "parallel do" {
			continue
		}
		d, changed := ast.CloneOmp(c.Omp), false
		var clauses []*ast.OmpClause
		for _, cl := range d.Clauses {
			if !ast.ListClauses[cl.Name] || cl.Vars == nil {
				clauses = append(clauses, cl)
				continue
			}
			var vars []string
			for _, v := range cl.Vars {
				if mentions(loop, v) {
					vars = append(vars, v)
				}
			}
			if len(vars) != len(cl.Vars) {
				changed = true
			}
			if len(vars) > 0 {
				cl.Vars = vars
				clauses = append(clauses, cl)
			}
		}
		if changed {
			d.Clauses = clauses
			out[i] = ast.OmpComment(d)
		}
	}
	return out
}
