// Package restructure rewrites the unstructured control flow of a loaded
// program into constructs before it is differentiated, so that the
// analyses and the tangent and adjoint generators, which reverse
// constructs and forward jumps, also take legacy code:
//
//   - an arithmetic IF (e) l1, l2, l3 becomes an IF construct on e < 0,
//     e > 0 whose branches GO TO the labels (arithif.go);
//   - a computed GO TO (l1, l2, ...) k becomes a SELECT CASE (k) whose
//     cases GO TO their label (k out of range falls through, as before);
//   - ASSIGN l TO k becomes k = l, and an assigned GO TO k [(l1, ...)] a
//     SELECT CASE (k) whose cases GO TO their label (the labels of the
//     list, else every label assigned to k), when k is used in nothing
//     else (a FORMAT label in an I/O statement, say);
//   - a backward GO TO, the loop of F77 codes built from a label and
//     IF (...) GO TO back to it, becomes a named DO construct without loop
//     control: the statements from the label to the last GO TO back to it
//     are its body, each such GO TO a CYCLE of it, and an EXIT ends the
//     body (falling through to the end of the region leaves the loop);
//   - a GO TO the statement right after a DO loop, from inside it,
//     becomes an EXIT of the loop (exits.go).
//
// Before the loops, straight-line code scrambled by GO TOs (a block placed
// after the code that jumps to it, entered by that one GO TO only and left
// by a jump) is put back in order, and a GO TO to the next statement is
// deleted (straighten.go).
//
// A backward GO TO is left alone (reverse mode rejects it at its position;
// tangent mode copies it) when the region cannot become a construct: a
// label inside it is the target of a jump from outside it, or its label
// is reached by something other than a GO TO from inside it (an ERR= or
// END= of an I/O statement). An unnamed EXIT or CYCLE of an enclosing DO
// loop inside the region gets that loop's name (the loop is named if it
// has none), since the new loop would capture it.
//
// The rewritten statements keep the positions of the ones they replace,
// so that later messages point at the source. Expressions are moved, not
// copied: their semantic information stays valid.
package restructure

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Program rewrites every program unit of prog.
func Program(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			unit(prog.Info, u)
		}
	}
}

func unit(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		unit(info, p)
	}
	if len(u.Body) == 0 {
		return
	}
	r := &rewriter{info: info, scope: info.ScopeOf(u), names: map[string]bool{}}
	root := &ast.Unit{Body: u.Body}
	r.arithmeticIfs(root) // arithif.go
	r.assignedGotos(root)
	r.computedGotos(root)
	ast.Inspect(root, func(n ast.Node) bool {
		if d, ok := n.(*ast.DoConstruct); ok && d.Name != nil {
			r.names[d.Name.Lower()] = true
		}
		return true
	})
	r.root = root
	root.Body = r.straighten(root.Body) // straighten.go
	root.Body = r.list(root.Body, nil)
	r.loopExits(root.Body) // exits.go
	u.Body = root.Body
}

type rewriter struct {
	info  *sema.Info
	scope *sema.Scope
	root  *ast.Unit
	names map[string]bool // construct names in use
}

// computedGotos replaces each computed GO TO by a SELECT CASE.
func (r *rewriter) computedGotos(root *ast.Unit) {
	ast.Apply(root, func(c *ast.Cursor) bool {
		g, ok := c.Node().(*ast.ComputedGotoStmt)
		if !ok {
			_, expr := c.Node().(ast.Expr)
			return !expr // (no statement inside an expression)
		}
		c.Replace(labelCases(g.StmtHeader, g.Expr, g.Targets, func(i int, t *ast.LabelRef) ast.Expr {
			return &ast.BasicLit{ValuePos: t.LabelPos, Kind: token.INT, Value: fmt.Sprint(i + 1)}
		}))
		return false
	}, nil)
}

// labelCases returns SELECT CASE (sel) with a case GO TO each target,
// the i-th selected by value(i, target); cases of one label are merged.
func labelCases(h ast.StmtHeader, sel ast.Expr, targets []*ast.LabelRef, value func(int, *ast.LabelRef) ast.Expr) *ast.SelectCase {
	out := &ast.SelectCase{StmtHeader: h, Selector: sel, End: ast.EndStmt{Keyword: "select"}}
	byLabel := map[int]*ast.CaseBlock{}
	for i, t := range targets {
		v := value(i, t)
		if cb := byLabel[t.Label]; cb != nil {
			cb.Values = append(cb.Values, v)
			continue
		}
		jump := &ast.GotoStmt{Target: &ast.LabelRef{LabelPos: t.LabelPos, Label: t.Label}}
		jump.Start = h.Start
		cb := &ast.CaseBlock{Values: []ast.Expr{v}, Body: []ast.Stmt{jump}}
		byLabel[t.Label] = cb
		out.Cases = append(out.Cases, cb)
	}
	return out
}

// name returns a construct name not used in the unit, from base.
func (r *rewriter) name(base string) *ast.Ident {
	for i := 0; ; i++ {
		n := base
		if i > 0 {
			n = fmt.Sprintf("%s_%d", base, i)
		}
		if !r.names[strings.ToLower(n)] && (r.scope == nil || r.scope.Lookup(strings.ToLower(n)) == nil) {
			r.names[strings.ToLower(n)] = true
			return ast.NewIdent(n)
		}
	}
}

// assignedGotos replaces ASSIGN l TO k by k = l and GO TO k by a SELECT
// CASE on k, for the variables k used only by such statements.
func (r *rewriter) assignedGotos(root *ast.Unit) {
	labels := map[string][]int{} // by variable: the labels ASSIGNed to it
	uses := map[string]int{}     // by variable: its references
	own := map[string]int{}      // by variable: its references in ASSIGN and assigned GO TO
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			uses[n.Lower()]++
		case *ast.LabelAssignStmt:
			labels[n.Var.Lower()] = append(labels[n.Var.Lower()], n.Target.Label)
			own[n.Var.Lower()]++
		case *ast.AssignedGotoStmt:
			own[n.Var.Lower()]++
		}
		return true
	})
	if len(own) == 0 {
		return
	}
	ast.Apply(root, func(c *ast.Cursor) bool {
		switch s := c.Node().(type) {
		case ast.Expr:
			return false // (no statement inside)
		case *ast.LabelAssignStmt:
			if k := s.Var.Lower(); uses[k] == own[k] {
				a := &ast.AssignStmt{StmtHeader: s.StmtHeader, Lhs: s.Var,
					Rhs: &ast.BasicLit{ValuePos: s.Target.LabelPos, Kind: token.INT, Value: fmt.Sprint(s.Target.Label)}}
				c.Replace(a)
			}
		case *ast.AssignedGotoStmt:
			k := s.Var.Lower()
			if uses[k] != own[k] {
				return true
			}
			targets := s.Targets
			if targets == nil {
				// Only the labels of the lists holding the GO TO are
				// targets: a branch into a construct is not Fortran.
				ok := visibleLabels(root.Body, s, nil)
				for _, l := range labels[k] {
					if ok[l] {
						targets = append(targets, &ast.LabelRef{LabelPos: s.Var.Pos(), Label: l})
					}
				}
			}
			c.Replace(labelCases(s.StmtHeader, s.Var, targets, func(i int, t *ast.LabelRef) ast.Expr {
				return &ast.BasicLit{ValuePos: t.LabelPos, Kind: token.INT, Value: fmt.Sprint(t.Label)}
			}))
			return false
		}
		return true
	}, nil)
}

// visibleLabels returns the labels of the statements of the lists that
// hold statement s (nested in list), with those of outer, or nil if list
// does not hold s.
func visibleLabels(list []ast.Stmt, s ast.Stmt, outer map[int]bool) map[int]bool {
	here := map[int]bool{}
	for l := range outer {
		here[l] = true
	}
	for _, st := range list {
		if l := st.Header().Label; l != 0 {
			here[l] = true
		}
	}
	for _, st := range list {
		if st == s {
			return here
		}
		for _, sub := range bodies(st) {
			if v := visibleLabels(sub, s, here); v != nil {
				return v
			}
		}
	}
	return nil
}

// bodies returns the statement lists of construct s.
func bodies(s ast.Stmt) [][]ast.Stmt {
	var out [][]ast.Stmt
	switch s := s.(type) {
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			out = append(out, b.Body)
		}
	case *ast.IfStmt:
		out = append(out, []ast.Stmt{s.Action})
	case *ast.SelectCase:
		for _, c := range s.Cases {
			out = append(out, c.Body)
		}
	case *ast.DoConstruct:
		out = append(out, s.Body)
	case *ast.BlockConstruct:
		out = append(out, s.Body)
	case *ast.AssociateConstruct:
		out = append(out, s.Body)
	}
	return out
}
