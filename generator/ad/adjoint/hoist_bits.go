package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Recording a loop's branch choices in one piece.
//
// An IF construct with an ELSE directly in a loop body records which
// branch ran, one bit an iteration: a call into the runtime in each sweep
// and iteration, which costs about twice an integer push (the bit is
// merged into the word the previous record wrote). When that is the only
// bit record of the loop, the forward sweep keeps the choices in a
// logical array indexed by the loop index and pushes it after the loop in
// one fadj_push_bits_array, packed a word at a time; the backward sweep
// pops it before the backward loop and reads each choice from it. The bit
// tape holds the same bits; only their order among the loop's other bit
// records could change, and there are none. (Like bufferScalar: loops of
// step 1 or -1 whose bounds the routine never changes, not fewer than 16
// iterations of literal bounds.)

// bufferBranches returns the loop's forward and backward bodies f and b
// with the branch record buffered, and the statements the buffer needs
// around the loops; ok is false if the loop does not qualify. A record
// of w > 1 bits has w logicals an iteration: buf(0:w-1, i).
func (g *gen) bufferBranches(s *ast.DoConstruct, f, b []ast.Stmt) (nf, nb []ast.Stmt, c *tapeCopy, ok bool) {
	pushes, w := branchRecords(f)
	pops := bitOps(b, tape.Pop)
	// (merge must be the intrinsic.)
	if pushes == nil || len(bitOps(f, tape.Push)) != len(pushes) || len(pops) != 1 || pops[0].op.Width != w ||
		g.scope.Lookup("merge") != nil {
		return nil, nil, nil, false
	}
	dims, index, ok := g.bufferShape([]*ast.DoConstruct{s})
	if !ok {
		return nil, nil, nil, false
	}
	if w > 1 {
		dims = append([]ast.Expr{&ast.RangeExpr{Lo: deriv.Int(0), Hi: deriv.Int(w - 1)}}, dims...)
	}
	id, cp, ok := g.saveArray("fadj_bits", &ast.TypeSpec{Kind: ast.Logical}, dims, tape.Bits)
	if !ok {
		return nil, nil, nil, false
	}
	// slot is the logical of bit k of the iteration's record.
	slot := func(k int) ast.Expr {
		if w == 1 {
			return &ast.CallExpr{Fun: id, Args: index}
		}
		return &ast.CallExpr{Fun: id, Args: append([]ast.Expr{deriv.Int(k)}, index...)}
	}
	setBits := func(v int) []ast.Stmt {
		var l []ast.Stmt
		for k := 0; k < w; k++ {
			lit := ".false."
			if v>>k&1 == 1 {
				lit = ".true."
			}
			l = append(l, &ast.AssignStmt{Lhs: slot(k), Rhs: &ast.BasicLit{Kind: token.LOGICAL, Value: lit}})
		}
		return l
	}
	nf = expandStmts(f, func(st ast.Stmt) []ast.Stmt {
		if v, ok := pushes[st]; ok {
			return setBits(v)
		}
		return nil
	})
	pop := pops[0]
	var choice ast.Expr
	for k := 0; k < w; k++ {
		bit := &ast.CallExpr{Fun: ast.NewIdent("merge"), Args: []ast.Expr{deriv.Int(1 << k), deriv.Int(0), slot(k)}}
		if choice == nil {
			choice = bit
		} else {
			choice = &ast.BinaryExpr{X: choice, Op: token.PLUS, OpLit: "+", Y: bit}
		}
	}
	nb = replaceStmts(b, func(st ast.Stmt) ast.Stmt {
		if st != pop.stmt {
			return nil
		}
		return &ast.AssignStmt{Lhs: pop.op.Ref, Rhs: choice}
	})
	return nf, nb, &cp, true
}

// branchRecords finds, among the statements of a loop's forward body f
// (not nested ones), an IF construct with an ELSE each branch of which
// ends in a record of the same width w, of distinct literal values: the
// choice made in every iteration. It returns the records with their
// values, and w.
func branchRecords(f []ast.Stmt) (map[ast.Stmt]int, int) {
	for _, st := range f {
		ifc, ok := st.(*ast.IfConstruct)
		if !ok || len(ifc.Branches) < 2 || ifc.Branches[len(ifc.Branches)-1].Cond != nil {
			continue
		}
		pushes := map[ast.Stmt]int{}
		seen := map[int]bool{}
		w := 0
		for _, br := range ifc.Branches {
			if len(br.Body) == 0 {
				break
			}
			last := br.Body[len(br.Body)-1]
			op, ok := tape.Of(last)
			if !ok || op.Kind != tape.Push || op.Type != tape.Bits || op.IsArray() || w != 0 && op.Width != w {
				break
			}
			w = op.Width
			v, ok := intValue(op.Ref)
			if !ok || v < 0 || v >= 1<<w || seen[v] {
				break
			}
			seen[v] = true
			pushes[last] = v
		}
		if len(pushes) == len(ifc.Branches) {
			return pushes, w
		}
	}
	return nil, 0
}

// bitOp is a bit-tape operation of a sweep, and its statement.
type bitOp struct {
	stmt ast.Stmt
	op   tape.Op
}

// bitOps returns the bit-tape operations of kind k anywhere in list.
func bitOps(list []ast.Stmt, k tape.Kind) []bitOp {
	var ops []bitOp
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			if s, ok := n.(ast.Stmt); ok {
				if op, ok := tape.Of(s); ok && op.Type == tape.Bits && op.Kind == k {
					ops = append(ops, bitOp{s, op})
				}
			}
			return true
		})
	}
	return ops
}

// bufferShape returns the bounds and the subscript of a buffer of one
// element an iteration of loops (the outermost first), or false if a
// loop's step is not 1 or -1, its bounds may change, or there are too
// few iterations for an ALLOCATE to pay off.
func (g *gen) bufferShape(loops []*ast.DoConstruct) (dims, index []ast.Expr, ok bool) {
	for i := len(loops) - 1; i >= 0; i-- {
		l := loops[i]
		lo, hi := l.Start, l.Stop
		switch {
		case l.Step == nil || isOne(l.Step):
		case isMinusOne(l.Step):
			lo, hi = hi, lo
		default:
			return nil, nil, false
		}
		if l.Var == nil || !g.invariant(lo) || !g.invariant(hi) {
			return nil, nil, false
		}
		dims = append(dims, &ast.RangeExpr{Lo: lo, Hi: hi})
		index = append(index, ast.NewIdent(l.Var.Name))
	}
	if fewTrips(dims) {
		return nil, nil, false
	}
	return dims, index, true
}

// expandStmts is replaceStmts with a list for a statement: repl returns
// nil to keep a statement.
func expandStmts(list []ast.Stmt, repl func(ast.Stmt) []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		if r := repl(st); r != nil {
			out = append(out, r...)
			continue
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = expandStmts(st.Body, repl)
		case *ast.IfConstruct:
			for _, br := range st.Branches {
				br.Body = expandStmts(br.Body, repl)
			}
		case *ast.SelectCase:
			for _, c := range st.Cases {
				c.Body = expandStmts(c.Body, repl)
			}
		}
		out = append(out, st)
	}
	return out
}
