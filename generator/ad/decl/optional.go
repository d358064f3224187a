package decl

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// GuardOptionals returns body with each generated statement that names an
// OPTIONAL dummy or its derivative outside a present() test of it put
// under
//
//	if (present(b)) <statement>
//
// opt maps the lower-case names of the optional dummies and of their
// derivatives to the dummy's name. The original may reference b only
// where it is present, under its own present(b) tests, and the
// derivative statements of its statements stay under them; what a
// generator adds around them (records of b, zeroing of its derivative,
// snapshots) may not. Presence does not change during a call, so a push
// and its pop are guarded alike. Assignments, IF statements and runtime
// calls (fadj_...) are guarded; calls of other procedures are left
// alone: passing an absent optional on to an optional dummy is allowed.
func GuardOptionals(body []ast.Stmt, opt map[string]string) []ast.Stmt {
	if len(opt) == 0 {
		return body
	}
	return guardList(body, opt, map[string]bool{})
}

func guardList(list []ast.Stmt, opt map[string]string, guarded map[string]bool) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(list))
	for _, st := range list {
		out = append(out, guardStmt(st, opt, guarded))
	}
	return out
}

func guardStmt(st ast.Stmt, opt map[string]string, guarded map[string]bool) ast.Stmt {
	switch s := st.(type) {
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			b.Body = guardList(b.Body, opt, withPresent(guarded, b.Cond, opt))
		}
	case *ast.DoConstruct:
		s.Body = guardList(s.Body, opt, guarded)
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = guardList(c.Body, opt, guarded)
		}
	case *ast.SelectType:
		for _, g := range s.Guards {
			g.Body = guardList(g.Body, opt, guarded)
		}
	case *ast.BlockConstruct:
		s.Body = guardList(s.Body, opt, guarded)
	case *ast.IfStmt:
		return wrapPresent(s, unguarded(s.Action, opt, withPresent(guarded, s.Cond, opt)))
	case *ast.AssignStmt:
		return wrapPresent(s, unguarded(s, opt, guarded))
	case *ast.CallStmt:
		if id, ok := s.Name.(*ast.Ident); ok && strings.HasPrefix(strings.ToLower(id.Name), "fadj_") {
			return wrapPresent(s, unguarded(s, opt, guarded))
		}
	}
	return st
}

// withPresent returns guarded plus the dummies cond tests with present()
// in a conjunct.
func withPresent(guarded map[string]bool, cond ast.Expr, opt map[string]string) map[string]bool {
	out := map[string]bool{}
	for k := range guarded {
		out[k] = true
	}
	var visit func(x ast.Expr)
	visit = func(x ast.Expr) {
		switch x := x.(type) {
		case *ast.ParenExpr:
			visit(x.X)
		case *ast.BinaryExpr:
			if x.Op == token.AND {
				visit(x.X)
				visit(x.Y)
			}
		case *ast.CallExpr:
			if f, ok := x.Fun.(*ast.Ident); ok && strings.EqualFold(f.Name, "present") && len(x.Args) == 1 {
				if a, ok := x.Args[0].(*ast.Ident); ok {
					if d, ok := opt[strings.ToLower(a.Name)]; ok {
						out[strings.ToLower(d)] = true
					}
				}
			}
		}
	}
	visit(cond)
	return out
}

// unguarded returns the dummies (their names, sorted) that n names, through
// themselves or their adjoints, outside present() and not in guarded.
func unguarded(n ast.Node, opt map[string]string, guarded map[string]bool) []string {
	seen := map[string]bool{}
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			if f, ok := c.Fun.(*ast.Ident); ok && strings.EqualFold(f.Name, "present") {
				return false
			}
		}
		if id, ok := m.(*ast.Ident); ok {
			if d, ok := opt[strings.ToLower(id.Name)]; ok && !guarded[strings.ToLower(d)] {
				seen[d] = true
			}
		}
		return true
	})
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// wrapPresent returns st under if (present(d1) .and. ...), or st if ds is
// empty.
func wrapPresent(st ast.Stmt, ds []string) ast.Stmt {
	if len(ds) == 0 {
		return st
	}
	var cond ast.Expr
	for _, d := range ds {
		p := deriv.Call("present", ast.NewIdent(d))
		if cond == nil {
			cond = p
		} else {
			cond = &ast.BinaryExpr{X: cond, Op: token.AND, OpLit: ".and.", Y: p}
		}
	}
	// The label, if any, moves to the IF.
	var n ast.Stmt = &ast.IfStmt{Cond: cond, Action: st}
	if _, ok := st.(*ast.IfStmt); ok { // not the action of an IF statement
		n = &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: []ast.Stmt{st}}}, End: ast.EndStmt{Keyword: "if"}}
	}
	if h := st.Header(); h.Label != 0 {
		n.Header().Label, h.Label = h.Label, 0
	}
	return n
}
