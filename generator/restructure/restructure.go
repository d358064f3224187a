// Package restructure rewrites the unstructured control flow of a loaded
// program into constructs before it is differentiated, so that the
// analyses and the tangent and adjoint generators, which reverse
// constructs and forward jumps, also take legacy code:
//
//   - a computed GO TO (l1, l2, ...) k becomes a SELECT CASE (k) whose
//     cases GO TO their label (k out of range falls through, as before);
//   - a backward GO TO, the loop of F77 codes built from a label and
//     IF (...) GO TO back to it, becomes a named DO construct without loop
//     control: the statements from the label to the last GO TO back to it
//     are its body, each such GO TO a CYCLE of it, and an EXIT ends the
//     body (falling through to the end of the region leaves the loop).
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
	r := &rewriter{scope: info.ScopeOf(u), names: map[string]bool{}}
	root := &ast.Unit{Body: u.Body}
	r.computedGotos(root)
	ast.Inspect(root, func(n ast.Node) bool {
		if d, ok := n.(*ast.DoConstruct); ok && d.Name != nil {
			r.names[d.Name.Lower()] = true
		}
		return true
	})
	r.root = root
	root.Body = r.list(root.Body, nil)
	u.Body = root.Body
}

type rewriter struct {
	scope *sema.Scope
	root  *ast.Unit
	names map[string]bool // construct names in use
}

// computedGotos replaces each computed GO TO by a SELECT CASE.
func (r *rewriter) computedGotos(root *ast.Unit) {
	ast.Apply(root, func(c *ast.Cursor) bool {
		g, ok := c.Node().(*ast.ComputedGotoStmt)
		if !ok {
			return true
		}
		sel := &ast.SelectCase{StmtHeader: g.StmtHeader, Selector: g.Expr, End: ast.EndStmt{Keyword: "select"}}
		byLabel := map[int]*ast.CaseBlock{}
		for i, t := range g.Targets {
			v := &ast.BasicLit{ValuePos: t.LabelPos, Kind: token.INT, Value: fmt.Sprint(i + 1)}
			if cb := byLabel[t.Label]; cb != nil {
				cb.Values = append(cb.Values, v)
				continue
			}
			jump := &ast.GotoStmt{Target: &ast.LabelRef{LabelPos: t.LabelPos, Label: t.Label}}
			jump.Start = g.Start
			cb := &ast.CaseBlock{Values: []ast.Expr{v}, Body: []ast.Stmt{jump}}
			byLabel[t.Label] = cb
			sel.Cases = append(sel.Cases, cb)
		}
		c.Replace(sel)
		return false
	}, nil)
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
