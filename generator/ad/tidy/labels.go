package tidy

import (
	"reflect"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// unusedLabels drops the labels of u's statements that nothing refers
// to (GO TO, arithmetic IF, an alternate return, an I/O specifier), and
// the CONTINUE statements that then do nothing. FORMAT statements keep
// theirs. A labelled DO's terminal label is no reference: the printer
// writes every DO with END DO (a fixed-point loop's primal iterations,
// the original DO 10 ... 10 CONTINUE, kept an unused label 10).
func unusedLabels(u *ast.Unit) {
	used := map[int]bool{}
	ast.Inspect(u, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabelRef:
			used[n.Label] = true
		// Inspect does not visit the labels of jumps.
		case *ast.GotoStmt:
			used[n.Target.Label] = true
		case *ast.ComputedGotoStmt:
			for _, t := range n.Targets {
				used[t.Label] = true
			}
		case *ast.ArithIfStmt:
			for _, t := range []*ast.LabelRef{n.Neg, n.Zero, n.Plus} {
				if t != nil {
					used[t.Label] = true
				}
			}
		case *ast.StarExpr:
			used[n.Label] = true
		case *ast.IOStmt:
			// A format given by a plain integer is a label too.
			for _, x := range append(append([]ast.Expr{}, n.Control...), n.Format) {
				if kw, ok := x.(*ast.KeywordArg); ok {
					x = kw.Value
				}
				if l, ok := x.(*ast.BasicLit); ok && l.Kind == token.INT {
					used[atoi(l.Value)] = true
				}
			}
		}
		return true
	})
	var drop func(list []ast.Stmt) []ast.Stmt
	drop = func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			if h := s.Header(); h.Label != 0 && !used[h.Label] {
				switch s.(type) {
				case *ast.FormatStmt:
				case *ast.ContinueStmt:
					continue // it did nothing but hold the label
				default:
					s = cloneStmt(s)
					s.Header().Label, s.Header().LabelPos = 0, 0
				}
			}
			out = append(out, nested(s, drop))
		}
		return out
	}
	u.Body = drop(u.Body)
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// nested returns s with f applied to each statement list directly
// inside it: a copy if s is a construct, s itself otherwise. Statements
// may be shared between the units of a file, or with the tangent's, so
// tidy changes copies only.
func nested(s ast.Stmt, f func([]ast.Stmt) []ast.Stmt) ast.Stmt {
	switch s := s.(type) {
	case *ast.IfConstruct:
		c := clone(s)
		c.Branches = make([]*ast.IfBranch, len(s.Branches))
		for i, b := range s.Branches {
			c.Branches[i] = clone(b)
			c.Branches[i].Body = f(b.Body)
		}
		return c
	case *ast.DoConstruct:
		c := clone(s)
		c.Body = f(s.Body)
		return c
	case *ast.SelectCase:
		c := clone(s)
		c.Cases = make([]*ast.CaseBlock, len(s.Cases))
		for i, b := range s.Cases {
			c.Cases[i] = clone(b)
			c.Cases[i].Body = f(b.Body)
		}
		return c
	case *ast.WhereConstruct:
		c := clone(s)
		c.Branches = make([]*ast.WhereBranch, len(s.Branches))
		for i, b := range s.Branches {
			c.Branches[i] = clone(b)
			c.Branches[i].Body = f(b.Body)
		}
		return c
	case *ast.ForallConstruct:
		c := clone(s)
		c.Body = f(s.Body)
		return c
	case *ast.BlockConstruct:
		c := clone(s)
		c.Body = f(s.Body)
		return c
	case *ast.AssociateConstruct:
		c := clone(s)
		c.Body = f(s.Body)
		return c
	}
	return s
}

func clone[T any](p *T) *T {
	c := *p
	return &c
}

// cloneStmt is a shallow copy of any statement.
func cloneStmt(s ast.Stmt) ast.Stmt {
	v := reflect.ValueOf(s).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.Interface().(ast.Stmt)
}
