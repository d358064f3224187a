package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// zeroedAccumulators turns x = x + e into x = e where the scalar x is
// known to be zero: the adjoint of a loop's temporary is zeroed before
// the loop and again at the end of each iteration, and each iteration
// first increments it,
//
//	k_b = 0.0_8
//	do i = n, 1, -1
//	  k_b = k_b + lap*(dt*qn_b(i))
//	  ...
//	  k_b = 0.0_8
//	end do
//
// gfortran does not carry the zero around the loop: it adds to the
// register it cleared. With k_b = lap*(dt*qn_b(i)) it does not (the
// zero stores stay, so k_b after the loop is what it was).
//
// A forward walk knows x zero after x = 0 until a statement writes x
// another way, calls with it or is labelled; an IF or SELECT CASE
// construct keeps what all its paths keep; a DO construct whose body
// neither branches (EXIT, CYCLE, GO TO, RETURN, STOP, labels) nor names
// x in its header starts each iteration with x zero when x is zero
// before it and the body ends zero. For REAL and COMPLEX scalars in
// plainVars (no POINTER, TARGET, COMMON, EQUIVALENCE), in a unit without
// internal procedures or `!$` lines; other constructs naming x
// end what is known.
func zeroedAccumulators(u *ast.Unit) {
	if len(u.Procs) > 0 || hasDirectives(u) {
		return
	}
	plain, floats, arrays := plainVars(u), floatNames(u), arrayNames(u)
	named := stmtNames{} // shared by the candidates: one walk per statement
	for _, x := range accumulatorCandidates(u) {
		if plain[x] && floats[x] && !arrays[x] {
			a := accumulator{x: x, names: named}
			u.Body, _ = a.list(u.Body, false, true)
		}
	}
}

// accumulatorCandidates returns the scalars u both zeroes and
// increments, in order of first appearance.
func accumulatorCandidates(u *ast.Unit) []string {
	zeroed, incremented := map[string]bool{}, map[string]bool{}
	var order []string
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		id, ok := a.Lhs.(*ast.Ident)
		if !ok {
			return true
		}
		x := strings.ToLower(id.Name)
		if isZeroLit(a.Rhs) {
			zeroed[x] = true
		} else if _, ok := incrementOf(a, x); ok {
			if !incremented[x] {
				order = append(order, x)
			}
			incremented[x] = true
		}
		return true
	})
	var out []string
	for _, x := range order {
		if zeroed[x] {
			out = append(out, x)
		}
	}
	return out
}

// incrementOf returns e of x = x + e (or -e of x = x - e), x the scalar
// named x, when e does not name x.
func incrementOf(a *ast.AssignStmt, x string) (ast.Expr, bool) {
	if id, ok := a.Lhs.(*ast.Ident); !ok || strings.ToLower(id.Name) != x {
		return nil, false
	}
	return increment(a)
}

type accumulator struct {
	x     string
	names stmtNames
}

// stmtNames memoises names per statement (constructs with all they hold).
type stmtNames map[ast.Stmt]map[string]int

func (m stmtNames) of(s ast.Stmt) map[string]int {
	n, ok := m[s]
	if !ok {
		n = names(s)
		m[s] = n
	}
	return n
}

// list walks list with x zero on entry if zero, rewriting increments
// where x is zero when rewrite is set; it returns the list (a copy where
// changed) and whether x is zero after it.
func (a accumulator) list(list []ast.Stmt, zero, rewrite bool) ([]ast.Stmt, bool) {
	out := list
	for i, s := range list {
		var t ast.Stmt
		t, zero = a.stmt(s, zero, rewrite)
		if t != s {
			if &out[0] == &list[0] {
				out = append([]ast.Stmt(nil), list...)
			}
			out[i] = t
		}
	}
	return out, zero
}

func (a accumulator) stmt(s ast.Stmt, zero, rewrite bool) (ast.Stmt, bool) {
	if s.Header().Label != 0 {
		zero = false // a jump may arrive with x anything
	}
	if a.names.of(s)[a.x] == 0 {
		return s, zero
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if id, ok := s.Lhs.(*ast.Ident); ok && strings.ToLower(id.Name) == a.x {
			if isZeroLit(s.Rhs) {
				return s, true
			}
			if e, ok := incrementOf(s, a.x); ok && zero && rewrite {
				c := clone(s)
				c.Rhs = e
				return c, false
			}
			return s, false
		}
		return s, zero // reads x
	case *ast.IfConstruct:
		c := clone(s)
		c.Branches = make([]*ast.IfBranch, len(s.Branches))
		bodies, hasElse := make([][]ast.Stmt, len(s.Branches)), false
		for i, b := range s.Branches {
			bodies[i], hasElse = b.Body, hasElse || b.Cond == nil
		}
		bodies, after := a.alternatives(bodies, hasElse, zero, rewrite)
		for i, b := range s.Branches {
			c.Branches[i] = clone(b)
			c.Branches[i].Body = bodies[i]
		}
		return c, after
	case *ast.SelectCase:
		c := clone(s)
		c.Cases = make([]*ast.CaseBlock, len(s.Cases))
		bodies, hasDefault := make([][]ast.Stmt, len(s.Cases)), false
		for i, b := range s.Cases {
			bodies[i], hasDefault = b.Body, hasDefault || b.Default
		}
		bodies, after := a.alternatives(bodies, hasDefault, zero, rewrite)
		for i, b := range s.Cases {
			c.Cases[i] = clone(b)
			c.Cases[i].Body = bodies[i]
		}
		return c, after
	case *ast.DoConstruct:
		return a.loop(s, zero, rewrite)
	}
	return s, false // a call, or a construct this walk does not enter
}

// alternatives walks the bodies of an IF or SELECT CASE construct, each
// from zero: x is zero after it when every body ends zero and, unless one
// body always runs (exhaustive: an ELSE or CASE DEFAULT), it was before.
func (a accumulator) alternatives(bodies [][]ast.Stmt, exhaustive, zero, rewrite bool) ([][]ast.Stmt, bool) {
	out := make([][]ast.Stmt, len(bodies))
	after := exhaustive || zero
	for i, b := range bodies {
		var z bool
		out[i], z = a.list(b, zero, rewrite)
		after = after && z
	}
	return out, after
}

// loop handles a DO construct: each iteration starts with x zero when x
// is zero before the loop and the body, run from zero, ends zero.
func (a accumulator) loop(s *ast.DoConstruct, zero, rewrite bool) (ast.Stmt, bool) {
	if s.Var != nil && strings.ToLower(s.Var.Name) == a.x || branches(s.Body) || len(s.Locality) > 0 {
		return s, false
	}
	start := false
	if zero {
		_, end := a.list(s.Body, true, false)
		start = end
	}
	c := clone(s)
	var end bool
	c.Body, end = a.list(s.Body, start, rewrite)
	return c, zero && end // no iteration, or the last one's end
}

// branches reports whether list may leave its normal order: EXIT,
// CYCLE, RETURN, STOP, a jump to a label, or a labelled statement.
func branches(list []ast.Stmt) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ExitStmt, *ast.CycleStmt, *ast.ReturnStmt, *ast.StopStmt, *ast.LabelRef:
			found = true
		case ast.Stmt:
			if n.Header().Label != 0 {
				found = true
			}
		}
		return !found
	})
	return found
}
