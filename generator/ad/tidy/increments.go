package tidy

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/intrinsic"
)

// mergeIncrements gathers the increments of one element in a run of
// assignments into one statement. The backward sweep of a stencil
// increments q_b(i+1, j) once per statement that reads q(i+1, j):
//
//	q_b(i + 1, j) = q_b(i + 1, j) + vx(i, j)*adv_b
//	q_b(i, j + 1) = q_b(i, j + 1) + vy(i, j)*adv_b
//	q_b(i + 1, j) = q_b(i + 1, j) + 4.0d0*(1.0_8/6.0d0*lap_b)
//
// A compiler cannot keep q_b(i + 1, j) in a register across the store
// to q_b(i, j + 1): it does not know that the two differ (they would if
// the first bound were 0), so each increment loads and stores again.
// Fortran's rule that subscripts stay within bounds tells them apart:
// the second increment moves up into the first,
//
//	q_b(i + 1, j) = q_b(i + 1, j) + vx(i, j)*adv_b + 4.0d0*(1.0_8/6.0d0*lap_b)
//
// (or the first down into the second where the moved terms' operands
// change in between). The sum is associated as before, ((q + a) + b),
// so the values are the same to the bit where the terms' kinds are not
// above the target's (a real(8) term of a real(4) target now rounds once).
// Targets are REAL or COMPLEX: an INTEGER's increments truncate each.
//
// Only for targets in plainVars (named nowhere else in the
// declarations: no POINTER, TARGET, COMMON, EQUIVALENCE), in a unit
// without internal procedures or `!$` lines (hasDirectives: OpenMP,
// fadj's region markers), within one list of assignments (IF, DO and
// SELECT CASE bodies; not WHERE or FORALL, whose statements run for all
// elements in turn, nor ASSOCIATE or BLOCK, whose names may alias). A moved term holds only variables, array
// elements and intrinsic functions, and nothing in between writes what
// it reads or reads or writes the element.
func mergeIncrements(u *ast.Unit) {
	if len(u.Procs) > 0 || hasDirectives(u) {
		return
	}
	m := &merger{plain: plainVars(u), arrays: arrayNames(u), declared: declaredNames(u), floats: floatNames(u)}
	var walk func(list []ast.Stmt) []ast.Stmt
	walk = func(list []ast.Stmt) []ast.Stmt {
		out := make([]ast.Stmt, len(list))
		for i, s := range list {
			switch s.(type) {
			case *ast.IfConstruct, *ast.DoConstruct, *ast.SelectCase:
				s = nested(s, walk)
			}
			out[i] = s
		}
		return m.list(out)
	}
	u.Body = walk(u.Body)
}

// maxMergeDistance bounds the statements checked between two increments,
// so that a long straight-line routine costs linear time.
const maxMergeDistance = 64

type merger struct {
	plain, arrays, declared, floats map[string]bool
}

// term is one operand of an increment's sum, with its sign.
type term struct {
	minus bool
	x     ast.Expr
}

// update is an assignment r = [r] ± t1 ± t2 ...: an increment of r
// (inc), or an assignment whose right side does not name r.
type update struct {
	r     ast.Expr
	inc   bool
	terms []term
}

// list merges the increments of list (its statements are not changed:
// merged ones are copies) and returns the new list.
func (m *merger) list(list []ast.Stmt) []ast.Stmt {
	last := map[string]int{} // ast.Key of a target → index of its latest update
	gone := make([]bool, len(list))
	changed := false
	for j, s := range list {
		h := s.Header()
		a, ok := s.(*ast.AssignStmt)
		if !ok || h.Label != 0 {
			last = map[string]int{} // a jump may arrive here; a call may write anything
			if !ok {
				continue
			}
		}
		up, ok := m.update(a)
		if !ok {
			continue
		}
		k := ast.Key(up.r)
		i, seen := last[k]
		last[k] = j
		if !seen || !up.inc || j-i > maxMergeDistance {
			continue
		}
		var between []ast.Stmt
		for b := i + 1; b < j; b++ {
			if !gone[b] {
				between = append(between, list[b])
			}
		}
		first, _ := m.update(list[i].(*ast.AssignStmt))
		switch {
		case m.movable(up.terms, up.r, between):
			list[i] = withTerms(list[i].(*ast.AssignStmt), first, up.terms)
			gone[j] = true
			last[k] = i
			changed = true
		case first.inc && m.movable(first.terms, up.r, between):
			list[j] = withTerms(list[j].(*ast.AssignStmt), first, up.terms)
			gone[i] = true
			changed = true
		}
	}
	if !changed {
		return list
	}
	return compact(list, gone)
}

// compact drops the merged statements, their comments going to the next
// statement kept (at the end, to the last one kept).
func compact(list []ast.Stmt, gone []bool) []ast.Stmt {
	var out []ast.Stmt
	var doc []*ast.Comment
	for i, s := range list {
		if gone[i] {
			doc = append(doc, s.Header().Doc...)
			continue
		}
		if len(doc) > 0 {
			s = cloneStmt(s)
			s.Header().Doc = append(doc, s.Header().Doc...)
			doc = nil
		}
		out = append(out, s)
	}
	if len(doc) > 0 {
		s := cloneStmt(out[len(out)-1])
		s.Header().Doc = append(append([]*ast.Comment(nil), s.Header().Doc...), doc...)
		out[len(out)-1] = s
	}
	return out
}

// withTerms returns a copy of a with right side first's, then add's
// terms: r + t1 + ... (left-deep, as the statements summed them).
func withTerms(a *ast.AssignStmt, first update, add []term) *ast.AssignStmt {
	var sum ast.Expr
	terms := append(append([]term(nil), first.terms...), add...)
	if first.inc {
		sum = first.r
	}
	for _, t := range terms {
		switch {
		case sum == nil && t.minus:
			sum = &ast.UnaryExpr{Op: token.MINUS, X: t.x}
		case sum == nil:
			sum = t.x
		case t.minus:
			sum = &ast.BinaryExpr{X: sum, Op: token.MINUS, Y: t.x}
		default:
			sum = &ast.BinaryExpr{X: sum, Op: token.PLUS, Y: t.x}
		}
	}
	c := clone(a)
	c.Rhs = sum
	return c
}

// update reads a as an update of a plain variable or array element.
func (m *merger) update(a *ast.AssignStmt) (update, bool) {
	base, ok := m.element(a.Lhs)
	if !ok || !m.plain[base] || !m.floats[base] || !m.pure(a.Rhs) {
		return update{}, false
	}
	if _, whole := a.Lhs.(*ast.Ident); whole && m.arrays[base] {
		return update{}, false // fuse.go's business
	}
	up := update{r: a.Lhs}
	x := a.Rhs
	for {
		b, ok := x.(*ast.BinaryExpr)
		if !ok || b.Op != token.PLUS && b.Op != token.MINUS {
			break
		}
		up.terms = append(up.terms, term{minus: b.Op == token.MINUS, x: b.Y})
		x = b.X
	}
	zero := false
	switch {
	case ast.Equal(x, a.Lhs):
		up.inc = true
	case isZeroLit(x):
		zero = true
	default:
		up.terms = append(up.terms, term{x: x})
	}
	for l, r := 0, len(up.terms)-1; l < r; l, r = l+1, r-1 {
		up.terms[l], up.terms[r] = up.terms[r], up.terms[l]
	}
	for _, t := range up.terms {
		if m.names(t.x, base) {
			return update{}, false
		}
	}
	return up, len(up.terms) > 0 || zero && len(up.terms) == 0
}

// element returns the name of a plain scalar x or of the array of an
// element x(i, j) whose subscripts are not sections.
func (m *merger) element(x ast.Expr) (string, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		return strings.ToLower(x.Name), true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok || !m.arrays[strings.ToLower(id.Name)] {
			return "", false
		}
		for _, a := range x.Args {
			switch a.(type) {
			case *ast.RangeExpr, *ast.KeywordArg, *ast.StarExpr:
				return "", false
			}
		}
		return strings.ToLower(id.Name), true
	}
	return "", false
}

// names reports whether x names the variable n.
func (m *merger) names(x ast.Expr, n string) bool {
	found := false
	ast.Inspect(x, func(y ast.Node) bool {
		if id, ok := y.(*ast.Ident); ok && strings.ToLower(id.Name) == n {
			found = true
		}
		return !found
	})
	return found
}

// movable reports whether terms (of an update of r) may be summed at
// either end of between: they hold only variables, array elements and
// intrinsic functions; nothing in between writes what they or r's
// subscripts read, or reads or writes r.
func (m *merger) movable(terms []term, r ast.Expr, between []ast.Stmt) bool {
	reads := readRefs(r, true)
	for _, t := range terms {
		if !m.pure(t.x) {
			return false
		}
		reads = append(reads, readRefs(t.x, false)...)
	}
	for _, s := range between {
		if s == nil {
			continue
		}
		a := s.(*ast.AssignStmt)
		if !m.pure(a.Rhs) {
			return false
		}
		w, ok := m.element(a.Lhs)
		if !ok {
			return false
		}
		for _, x := range reads {
			if m.mayOverlap(a.Lhs, w, x) {
				return false
			}
		}
		rb, _ := m.element(r)
		for _, x := range append(readRefs(a.Rhs, false), readRefs(a.Lhs, true)...) {
			if m.mayOverlap(r, rb, x) {
				return false
			}
		}
		if m.mayOverlap(r, rb, a.Lhs) {
			return false
		}
	}
	return true
}

// readRefs returns the variables and array elements x reads: x itself
// unless subsOnly, and the subscripts' (an element's subscripts are read
// too).
func readRefs(x ast.Expr, subsOnly bool) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if !(subsOnly && n == x) {
				out = append(out, n)
			}
		case *ast.CallExpr:
			if !(subsOnly && n == x) {
				out = append(out, n)
			}
			for _, a := range n.Args {
				out = append(out, readRefs(a, false)...)
			}
			return false
		}
		return true
	})
	return out
}

// mayOverlap reports whether the written element w (of plain or other
// variable base) and the reference x may share storage. Elements of one
// array with constant offsets from the same subscript variable in some
// dimension do not; a plain variable shares storage with no other name.
func (m *merger) mayOverlap(w ast.Expr, base string, x ast.Expr) bool {
	xb, ok := m.element(x)
	if !ok {
		if c, isCall := x.(*ast.CallExpr); isCall {
			if id, isID := c.Fun.(*ast.Ident); isID {
				xb = strings.ToLower(id.Name) // a section or a function's name
			}
		}
	}
	if xb != base {
		return !m.plain[base] && !m.plain[xb] && m.declaredOrUnknown(xb)
	}
	wc, ok1 := w.(*ast.CallExpr)
	xc, ok2 := x.(*ast.CallExpr)
	if !ok1 || !ok2 || len(wc.Args) != len(xc.Args) || !ok {
		return true
	}
	for d := range wc.Args {
		v1, c1, ok1 := linear(wc.Args[d])
		v2, c2, ok2 := linear(xc.Args[d])
		if ok1 && ok2 && v1 == v2 && c1 != c2 {
			return false
		}
	}
	return true
}

// declaredOrUnknown reports whether n may name storage: anything but an
// intrinsic function that u does not declare.
func (m *merger) declaredOrUnknown(n string) bool {
	if m.declared[n] {
		return true
	}
	_, ok := intrinsic.Lookup(n)
	return !ok
}

// pure reports whether x names only variables, array elements and
// intrinsic functions u does not declare, so that evaluating it has no
// effect and reads only what it names.
func (m *merger) pure(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			id, isID := n.Fun.(*ast.Ident)
			if !isID {
				ok = false
				break
			}
			name := strings.ToLower(id.Name)
			if m.arrays[name] {
				break
			}
			if _, in := intrinsic.Lookup(name); !in || m.declared[name] {
				ok = false
			}
			for _, a := range n.Args {
				if _, kw := a.(*ast.KeywordArg); kw {
					ok = false
				}
			}
		case *ast.SelectorExpr, *ast.RangeExpr, *ast.StarExpr:
			ok = false
		}
		return ok
	})
	return ok
}

// linear reads a subscript v + c, v - c, c + v, v or c (v a name, c an
// integer literal).
func linear(x ast.Expr) (string, int64, bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return linear(x.X)
	case *ast.Ident:
		return strings.ToLower(x.Name), 0, true
	case *ast.BasicLit:
		c, err := strconv.ParseInt(x.Value, 10, 64)
		return "", c, x.Kind == token.INT && err == nil
	case *ast.BinaryExpr:
		if x.Op != token.PLUS && x.Op != token.MINUS {
			return "", 0, false
		}
		v1, c1, ok1 := linear(x.X)
		v2, c2, ok2 := linear(x.Y)
		if !ok1 || !ok2 || v1 != "" && v2 != "" || x.Op == token.MINUS && v2 != "" {
			return "", 0, false
		}
		if x.Op == token.MINUS {
			c2 = -c2
		}
		return v1 + v2, c1 + c2, true
	}
	return "", 0, false
}

// arrayNames returns the names u declares with an array spec.
func arrayNames(u *ast.Unit) map[string]bool {
	out := map[string]bool{}
	for n := range declaredDims(u) {
		out[n] = true
	}
	return out
}

// floatNames returns the names u declares REAL, DOUBLE PRECISION or
// COMPLEX: an INTEGER's increments truncate one at a time.
func floatNames(u *ast.Unit) map[string]bool {
	out := map[string]bool{}
	for _, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok || td.Type == nil {
			continue
		}
		switch td.Type.Kind {
		case ast.Real, ast.DoublePrecision, ast.Complex, ast.DoubleComplex:
			for _, e := range td.Entities {
				out[strings.ToLower(e.Name.Name)] = true
			}
		}
	}
	return out
}

// declaredNames returns every name u's declarations name.
func declaredNames(u *ast.Unit) map[string]bool {
	out := map[string]bool{}
	for n := range names(&ast.Unit{Decls: u.Decls}) {
		out[n] = true
	}
	return out
}

// increment returns e of x = x + e (-e of x = x - e), x a variable or
// an array element, when e does not name x's variable.
func increment(a *ast.AssignStmt) (ast.Expr, bool) {
	var x string
	switch l := a.Lhs.(type) {
	case *ast.Ident:
		x = strings.ToLower(l.Name)
	case *ast.CallExpr:
		id, ok := l.Fun.(*ast.Ident)
		if !ok {
			return nil, false
		}
		x = strings.ToLower(id.Name)
	default:
		return nil, false
	}
	b, ok := a.Rhs.(*ast.BinaryExpr)
	if !ok || b.Op != token.PLUS && b.Op != token.MINUS || !ast.Equal(b.X, a.Lhs) || names(b.Y)[x] > 0 {
		return nil, false
	}
	if b.Op == token.MINUS {
		return &ast.UnaryExpr{Op: token.MINUS, X: b.Y}, true
	}
	return b.Y, true
}
