package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// finalZeros removes x = 0 and x(i, j) = 0 of a local variable x that
// nothing reads afterwards: the backward sweep zeroes each adjoint it has
// consumed (unew_b(i, j) = 0.0_8 at the end of each backward iteration,
// q_b = 0.0_8 before the routine returns), which is right in general and
// dead for a local at its last use. A store goes when no statement after
// it (in its list, or after the constructs around it) names x, and in
// each DO loop around it that names x elsewhere, a later iteration
// cannot read the element stored: every reference of x in that loop is
// the same element x(i, j), whose subscripts are the loop nest's DO
// variables, each once (every iteration its own element).
//
// For the variables of plainVars but the dummies and the result, in
// units without internal procedures, jumps (GO TO, arithmetic IF,
// alternate returns) or OpenMP directives: a jump or a reduction clause
// may read x where the lists do not show it.
func finalZeros(u *ast.Unit) {
	if len(u.Procs) > 0 || hasJumpsOrOmp(u) {
		return
	}
	plain := plainVars(u)
	for _, a := range u.Args {
		delete(plain, strings.ToLower(a.Name))
	}
	if u.Name != nil {
		delete(plain, strings.ToLower(u.Name.Name))
	}
	if u.Result != nil {
		delete(plain, strings.ToLower(u.Result.Name))
	}
	idx := loopIndexes{}
	var walk func(list []ast.Stmt, after *laterNames, loops []*ast.DoConstruct) []ast.Stmt
	walk = func(list []ast.Stmt, after *laterNames, loops []*ast.DoConstruct) []ast.Stmt {
		later := &laterNames{counts: map[string]int{}, outer: after}
		keep := make([]bool, len(list))
		out := make([]ast.Stmt, len(list))
		for i := len(list) - 1; i >= 0; i-- {
			s := list[i]
			if x, ok := zeroElement(s); ok && plain[x] && !later.named(x) && s.Header().Label == 0 && idx.ownElement(x, s, loops) {
				continue
			}
			inner := loops
			if d, isDo := s.(*ast.DoConstruct); isDo {
				inner = append(append([]*ast.DoConstruct{}, loops...), d)
			}
			out[i], keep[i] = nested(s, func(l []ast.Stmt) []ast.Stmt { return walk(l, later, inner) }), true
			for n, c := range names(s) {
				later.counts[n] += c
			}
		}
		var kept []ast.Stmt
		for i, s := range out {
			if keep[i] {
				kept = append(kept, s)
			}
		}
		return kept
	}
	u.Body = walk(u.Body, nil, nil)
}

// laterNames counts the names of the statements after a point of a
// list, and through outer those after the constructs around it: a chain
// rather than a copy per list, which made long routines quadratic.
type laterNames struct {
	counts map[string]int
	outer  *laterNames
}

func (l *laterNames) named(x string) bool {
	for ; l != nil; l = l.outer {
		if l.counts[x] > 0 {
			return true
		}
	}
	return false
}

// loopIndex is what ownElement asks of a DO loop, computed once per
// loop: how often it names each variable, and each element reference.
type loopIndex struct {
	names    map[string]int
	elements map[string]map[string]int // name → printed element → references
}

type loopIndexes map[*ast.DoConstruct]*loopIndex

func (m loopIndexes) of(l *ast.DoConstruct) *loopIndex {
	if ix, ok := m[l]; ok {
		return ix
	}
	ix := &loopIndex{names: names(l), elements: map[string]map[string]int{}}
	ast.Inspect(l, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok {
				x := strings.ToLower(id.Name)
				if ix.elements[x] == nil {
					ix.elements[x] = map[string]int{}
				}
				ix.elements[x][strings.ToLower(printer.ExprString(c))]++
			}
		}
		return true
	})
	m[l] = ix
	return ix
}

// zeroElement returns the name x of x = 0 or x(s...) = 0.
func zeroElement(s ast.Stmt) (string, bool) {
	if x, ok := zeroStore(s); ok {
		return x, true
	}
	a, ok := s.(*ast.AssignStmt)
	if !ok || !isZeroLit(a.Rhs) {
		return "", false
	}
	c, ok := a.Lhs.(*ast.CallExpr)
	if !ok {
		return "", false
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return "", false
	}
	return strings.ToLower(id.Name), true
}

// ownElement reports whether no later iteration of the DO loops around
// store s of x can read what s stores (see finalZeros): no loop names x
// but in s, or from the outermost one that does, each reference of x is
// the element s stores, subscripted by the DO variables of the loops
// from that one in, each once.
func (m loopIndexes) ownElement(x string, s ast.Stmt, loops []*ast.DoConstruct) bool {
	own := names(s)[x]
	k := -1
	for i, l := range loops {
		if m.of(l).names[x] > own {
			k = i
			break
		}
	}
	if k < 0 {
		return true
	}
	c, ok := s.(*ast.AssignStmt).Lhs.(*ast.CallExpr)
	if !ok {
		return false
	}
	vars := map[string]bool{}
	for _, l := range loops[k:] {
		if l.Var == nil || l.While != nil || l.Concurrent != nil {
			return false
		}
		vars[strings.ToLower(l.Var.Name)] = true
	}
	subs := map[string]bool{}
	for _, a := range c.Args {
		id, ok := a.(*ast.Ident)
		if !ok || !vars[strings.ToLower(id.Name)] || subs[strings.ToLower(id.Name)] {
			return false
		}
		subs[strings.ToLower(id.Name)] = true
	}
	if len(subs) != len(vars) {
		return false
	}
	// Every x in the loop is the callee of an element like c.
	ix := m.of(loops[k])
	return ix.names[x] == ix.elements[x][strings.ToLower(printer.ExprString(c))]
}

// hasJumpsOrOmp reports whether u holds a GO TO, an arithmetic IF, a CALL
// with alternate returns or an OpenMP directive.
func hasJumpsOrOmp(u *ast.Unit) bool {
	found := false
	check := func(h *ast.StmtHeader) {
		for _, c := range h.Doc {
			if c.Omp != nil {
				found = true
			}
		}
	}
	for _, s := range append(append([]ast.Stmt{}, u.Decls...), u.Body...) {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
				found = true
			case *ast.LabelRef: // an alternate return *10
				found = true
			case ast.Stmt:
				check(n.Header())
			}
			return !found
		})
	}
	check(&u.End.StmtHeader)
	return found
}
