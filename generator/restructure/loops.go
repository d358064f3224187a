package restructure

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// list rewrites the backward GO TOs of list, and of the statement lists
// nested in it; encl is the DO loop whose body list is, nil if none.
func (r *rewriter) list(list []ast.Stmt, encl *ast.DoConstruct) []ast.Stmt {
	for _, s := range list {
		r.nested(s, encl)
	}
	for i := 0; i < len(list); i++ {
		l := list[i].Header().Label
		if l == 0 {
			continue
		}
		if _, ok := list[i].(*ast.FormatStmt); ok {
			continue
		}
		b := -1
		for j := i; j < len(list); j++ {
			if refs(list[j])[l] > 0 {
				b = j
			}
		}
		if b < 0 {
			continue
		}
		if !r.convertible(list, i, b, l) {
			if b = r.extended(list, i, b, l); b < 0 { // extend.go
				continue
			}
		}
		loop := r.loop(list[i:b+1], l, encl)
		out := append(append(append([]ast.Stmt{}, list[:i]...), loop), list[b+1:]...)
		list = out
		// The loop's body may hold more loops (F77 nests them by
		// labels in one list).
		loop.Body = r.list(loop.Body, loop)
	}
	return list
}

// nested rewrites the statement lists of construct s, inside DO loop
// encl (nil if none).
func (r *rewriter) nested(s ast.Stmt, encl *ast.DoConstruct) {
	switch s := s.(type) {
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			b.Body = r.list(b.Body, encl)
		}
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = r.list(c.Body, encl)
		}
	case *ast.DoConstruct:
		s.Body = r.list(s.Body, s)
	case *ast.BlockConstruct:
		s.Body = r.list(s.Body, encl)
	case *ast.AssociateConstruct:
		s.Body = r.list(s.Body, encl)
	}
}

// convertible reports whether statements [i, b] of list, the first
// labelled l, can become a loop: every reference to l in them is a GO TO,
// and no label they define (FORMAT statements aside) is referenced from
// outside them.
func (r *rewriter) convertible(list []ast.Stmt, i, b, l int) bool {
	inside := map[int]int{}
	gotos := 0
	defined := map[int]bool{}
	for _, s := range list[i : b+1] {
		for k, n := range refs(s) {
			inside[k] += n
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GotoStmt:
				if n.Target.Label == l {
					gotos++
				}
			case *ast.FormatStmt:
			case ast.Stmt:
				if h := n.Header(); h.Label != 0 {
					defined[h.Label] = true
				}
			}
			return true
		})
	}
	if gotos != inside[l] {
		return false
	}
	all := refs(r.root)
	for k := range defined {
		if k != l && all[k] > inside[k] {
			return false
		}
	}
	return true
}

// refs counts the references to each label in the statements under n:
// GO TO targets, arithmetic IF labels, ERR=, END= and FMT= labels,
// alternate returns and the terminal labels of DO loops.
func refs(n ast.Node) map[int]int {
	out := map[int]int{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GotoStmt:
			out[n.Target.Label]++
		case *ast.ComputedGotoStmt:
			for _, t := range n.Targets {
				out[t.Label]++
			}
		case *ast.ArithIfStmt:
			out[n.Neg.Label]++
			out[n.Zero.Label]++
			out[n.Plus.Label]++
		case *ast.LabelRef:
			out[n.Label]++
		case *ast.StarExpr:
			if n.Label != 0 {
				out[n.Label]++
			}
		case *ast.DoConstruct:
			if n.TermLabel != 0 {
				out[n.TermLabel]++
			}
		}
		return true
	})
	return out
}

// loop returns the DO construct replacing region (its first statement
// labelled l): GO TO l becomes CYCLE, and an EXIT ends the body unless
// its last statement always jumps back.
func (r *rewriter) loop(region []ast.Stmt, l int, encl *ast.DoConstruct) *ast.DoConstruct {
	name := r.name(fmt.Sprintf("fadj_goto%d", l))
	first := region[0].Header()
	loop := &ast.DoConstruct{Name: name, End: ast.EndStmt{Keyword: "do", Name: ast.NewIdent(name.Name)}}
	loop.StmtHeader.Start = first.Start
	loop.Doc, first.Doc = first.Doc, nil
	first.Label = 0
	clearHeadLabel(region[0])
	if refs(r.root)[l] > countGotos(region, l) {
		// Forward GO TOs to l from before the region start the loop.
		loop.Label = l
	}
	body := append([]ast.Stmt{}, region...)
	r.nameExits(body, encl)
	root := &ast.Unit{Body: body}
	ast.Apply(root, func(c *ast.Cursor) bool {
		g, ok := c.Node().(*ast.GotoStmt)
		if ok && g.Target.Label == l {
			cy := &ast.CycleStmt{Construct: ast.NewIdent(name.Name)}
			cy.StmtHeader = g.StmtHeader
			c.Replace(cy)
		}
		_, expr := c.Node().(ast.Expr)
		return !expr // (no statement inside an expression)
	}, nil)
	body = root.Body
	if _, back := body[len(body)-1].(*ast.CycleStmt); !back {
		ex := &ast.ExitStmt{Construct: ast.NewIdent(name.Name)}
		ex.Start = body[len(body)-1].Header().Start
		body = append(body, ex)
	}
	loop.Body = body
	return loop
}

func countGotos(list []ast.Stmt, l int) int {
	n := 0
	for _, s := range list {
		ast.Inspect(s, func(x ast.Node) bool {
			if g, ok := x.(*ast.GotoStmt); ok && g.Target.Label == l {
				n++
			}
			return true
		})
	}
	return n
}

// nameExits names the unnamed EXIT and CYCLE statements of list that
// belong to encl (they are not inside a DO loop of list), naming encl if
// it has no name.
func (r *rewriter) nameExits(list []ast.Stmt, encl *ast.DoConstruct) {
	root := &ast.Unit{Body: list}
	ast.Apply(root, func(c *ast.Cursor) bool {
		var construct **ast.Ident
		switch s := c.Node().(type) {
		case *ast.DoConstruct:
			return false
		case *ast.ExitStmt:
			construct = &s.Construct
		case *ast.CycleStmt:
			construct = &s.Construct
		case ast.Expr:
			return false // (no statement inside an expression)
		default:
			return true
		}
		if *construct != nil || encl == nil {
			return true
		}
		if encl.Name == nil {
			encl.Name = r.name("fadj_do")
			encl.End.Name = ast.NewIdent(encl.Name.Name)
		}
		*construct = ast.NewIdent(encl.Name.Name)
		return true
	}, nil)
}

// clearHeadLabel clears the label that the first branch of an IF or WHERE
// construct repeats (the parser's Branches[0].Head): the printer would
// print it for a construct whose own label was cleared, and a body copied
// more than once (a binomially checkpointed step) would repeat it.
func clearHeadLabel(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.IfConstruct:
		if len(s.Branches) > 0 {
			s.Branches[0].Head.Label = 0
		}
	case *ast.WhereConstruct:
		if len(s.Branches) > 0 {
			s.Branches[0].Head.Label = 0
		}
	}
}
