package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// Alternate returns as a status argument.
//
// F77 error handling passes labels: `CALL SOLVE(A, N, *90)` returns to
// label 90 where SOLVE executes `RETURN 1`. Reverse mode cannot jump
// into its caller from a callee, so AlternateReturns gives each external
// subroutine with alternate returns that some procedure calls a copy,
// NAME_ALT, where an integer dummy FADJ_ALTK replaces the `*` dummies
// (0 on entry, k where the original executes RETURN k), and makes each
// call `CALL SOLVE_ALT(A, N, FADJ_ALTK)` followed by
// `IF (FADJ_ALTK .EQ. 1) GO TO 90`: forward jumps, which the
// generators reverse. The generated code runs the primal as the user
// wrote it: RespellAltReturns makes each call of a copy left there a
// call of the original with labels of its own setting the status.
//
// Left as they are: a target with alternate returns (its users pass
// labels: rejected in reverse mode), calls in a logical IF of another
// kind than IF (c) CALL, and procedures with ENTRY.

// AltKName is the status variable of the copies and their callers.
const AltKName = "fadj_altk"

// AltCopy is a copy AlternateReturns made: the name of the procedure it
// copies and the positions of its `*` dummies there.
type AltCopy struct {
	Orig  string
	Stars []int
}

// AlternateReturns makes the copies (see above) and returns the
// analysis of the program with them, and the copies by name (lower
// case); info and nil when there are none.
func AlternateReturns(fset *source.FileSet, files []*ast.File, info *Info, conf *Config) (*Info, map[string]AltCopy, error) {
	if info == nil || info.CallGraph == nil {
		return info, nil, nil
	}
	names := map[string]bool{}
	procs := map[*Symbol]*ast.File{}
	for _, f := range files {
		for _, u := range f.Units {
			if u.Name != nil {
				names[u.Name.Lower()] = true
			}
			if sym := altProc(info, u); sym != nil {
				procs[sym] = f
			}
		}
	}
	if len(procs) == 0 {
		return info, nil, nil
	}
	copies := map[string]AltCopy{}
	copyOf := map[*Symbol]string{}
	for _, f := range files {
		for _, u := range f.Units {
			rewriteAltCalls(info, u, func(p *Symbol) string {
				if procs[p] == nil {
					return ""
				}
				if name, ok := copyOf[p]; ok {
					return name
				}
				name := p.Name + "_alt"
				for i := 2; names[name]; i++ {
					name = p.Name + "_alt" + cloneIndex(i)
				}
				names[name] = true
				copyOf[p] = name
				copies[name] = altCopy(procs[p], p, name)
				return name
			})
		}
	}
	if len(copies) == 0 {
		return info, nil, nil
	}
	next, err := Check(fset, files, conf)
	return next, copies, err
}

// altProc returns the symbol of unit u if it is an external subroutine
// with alternate returns, else nil.
func altProc(info *Info, u *ast.Unit) *Symbol {
	if u.Kind != ast.SubroutineUnit || u.Name == nil {
		return nil
	}
	stars := false
	for _, a := range u.Args {
		stars = stars || a.Name == "*"
	}
	sym := info.Global.LookupLocal(u.Name.Lower())
	if !stars || sym == nil || sym.Proc == nil || sym.Proc.Unit != u {
		return nil
	}
	return sym
}

// altCopy adds the copy of p (unit in file f) named name after it.
func altCopy(f *ast.File, p *Symbol, name string) AltCopy {
	orig := p.Proc.Unit
	u := ast.Clone(orig)
	u.Name = &ast.Ident{NamePos: u.Name.NamePos, Name: name}
	var stars []int
	var args []*ast.Ident
	for i, a := range u.Args {
		if a.Name == "*" {
			stars = append(stars, i)
			continue
		}
		args = append(args, a)
	}
	u.Args = append(args, ast.NewIdent(AltKName))
	u.Decls = append(u.Decls, intDecl(AltKName))
	ast.Apply(u, func(c *ast.Cursor) bool {
		switch s := c.Node().(type) {
		case *ast.ReturnStmt:
			if s.Alt != nil && c.Index() >= 0 {
				set := &ast.AssignStmt{StmtHeader: s.StmtHeader, Lhs: ast.NewIdent(AltKName), Rhs: s.Alt}
				c.Replace(set)
				c.InsertAfter(&ast.ReturnStmt{})
			}
		case *ast.IfStmt:
			if r, ok := s.Action.(*ast.ReturnStmt); ok && r.Alt != nil && c.Index() >= 0 {
				set := &ast.AssignStmt{Lhs: ast.NewIdent(AltKName), Rhs: r.Alt}
				c.Replace(ifThen(s, set, &ast.ReturnStmt{}))
				return false
			}
		}
		return true
	}, nil)
	u.Body = append([]ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(AltKName), Rhs: intLit(0)}}, u.Body...)
	for i, v := range f.Units {
		if v == orig {
			f.Units = append(f.Units[:i+1], append([]*ast.Unit{u}, f.Units[i+1:]...)...)
			break
		}
	}
	return AltCopy{Orig: p.Name, Stars: stars}
}

// rewriteAltCalls makes the calls in unit u of the procedures copyName
// names a copy of calls of the copy, each followed by its jumps, and
// declares the status variable in u if it made one.
func rewriteAltCalls(info *Info, u *ast.Unit, copyName func(*Symbol) string) {
	made := false
	expand := func(s *ast.CallStmt) []ast.Stmt {
		c := info.CallStmts[s]
		p := c.Proc
		if p == nil || p.Proc == nil {
			return nil
		}
		if p.Proc.Global != nil {
			p = p.Proc.Global
		}
		name := copyName(p)
		if name == "" {
			return nil
		}
		made = true
		call := &ast.CallStmt{StmtHeader: s.StmtHeader, Name: &ast.Ident{NamePos: s.Name.Pos(), Name: name}}
		var jumps []ast.Stmt
		for _, a := range s.Args {
			if st, ok := a.(*ast.StarExpr); ok && st.Label > 0 {
				k := len(jumps) + 1
				cond := &ast.BinaryExpr{X: ast.NewIdent(AltKName), Op: token.EQ, OpLit: ".eq.", Y: intLit(k)}
				jumps = append(jumps, &ast.IfStmt{Cond: cond, Action: &ast.GotoStmt{Target: &ast.LabelRef{Label: st.Label}}})
				continue
			}
			call.Args = append(call.Args, a)
		}
		call.Args = append(call.Args, ast.NewIdent(AltKName))
		return append([]ast.Stmt{call}, jumps...)
	}
	body := &ast.Unit{Body: u.Body}
	defer func() { u.Body = body.Body }()
	ast.Apply(body, func(c *ast.Cursor) bool {
		if c.Index() < 0 {
			return true
		}
		switch s := c.Node().(type) {
		case *ast.CallStmt:
			if out := expand(s); out != nil {
				c.Replace(out[0])
				for i := len(out) - 1; i > 0; i-- {
					c.InsertAfter(out[i])
				}
			}
		case *ast.IfStmt:
			if call, ok := s.Action.(*ast.CallStmt); ok {
				if out := expand(call); out != nil {
					out[0].(*ast.CallStmt).StmtHeader = ast.StmtHeader{Start: call.Start}
					c.Replace(ifThen(s, out...))
					return false
				}
			}
		}
		return true
	}, nil)
	if made && !declares(u, AltKName) {
		u.Decls = append(u.Decls, intDecl(AltKName))
	}
}

// ifThen returns logical IF s as an IF construct running body.
func ifThen(s *ast.IfStmt, body ...ast.Stmt) *ast.IfConstruct {
	return &ast.IfConstruct{StmtHeader: s.StmtHeader, Branches: []*ast.IfBranch{{Head: ast.StmtHeader{Start: s.Start}, Cond: s.Cond, Body: body}},
		End: ast.EndStmt{Keyword: "if"}}
}

// declares reports whether unit u declares name in a type declaration.
func declares(u *ast.Unit, name string) bool {
	for _, st := range u.Decls {
		if td, ok := st.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				if strings.EqualFold(e.Name.Name, name) {
					return true
				}
			}
		}
	}
	return false
}

func intDecl(name string) *ast.TypeDecl {
	return &ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}}
}

func intLit(i int) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.INT, Value: cloneIndex(i)}
}

// RespellAltReturns makes each call of a copy AlternateReturns made
// in generated file f a call of the original with alternate-return
// labels of its own, each setting the status the copy would have set:
//
//	k = 0
//	call solve(a, n, *90001)
//	go to 90002
//	90001 k = 1
//	90002 continue
func RespellAltReturns(f *ast.File, copies map[string]AltCopy) {
	if len(copies) == 0 || f == nil {
		return
	}
	for _, u := range f.Units {
		next := maxLabel(u) + 1
		if next < 90001 {
			next = 90001
		}
		ast.Apply(u, func(c *ast.Cursor) bool {
			s, ok := c.Node().(*ast.CallStmt)
			if !ok || c.Index() < 0 {
				return true
			}
			id, ok := s.Name.(*ast.Ident)
			if !ok {
				return true
			}
			cp, ok := copies[id.Lower()]
			if !ok || len(s.Args) == 0 {
				return true
			}
			k := s.Args[len(s.Args)-1]
			args := s.Args[:len(s.Args)-1]
			call := &ast.CallStmt{Name: &ast.Ident{NamePos: id.NamePos, Name: cp.Orig}}
			end := next + len(cp.Stars)
			var after []ast.Stmt
			ai, ns := 0, 0
			for i := 0; ai < len(args) || ns < len(cp.Stars); i++ {
				if ns < len(cp.Stars) && cp.Stars[ns] == i {
					l := next + ns
					ns++
					call.Args = append(call.Args, &ast.StarExpr{Label: l})
					set := &ast.AssignStmt{StmtHeader: ast.StmtHeader{Label: l}, Lhs: ast.Clone(k), Rhs: intLit(ns)}
					after = append(after, set, &ast.GotoStmt{Target: &ast.LabelRef{Label: end}})
					continue
				}
				if ai < len(args) {
					call.Args = append(call.Args, args[ai])
					ai++
				}
			}
			next = end + 1
			out := []ast.Stmt{&ast.AssignStmt{StmtHeader: s.StmtHeader, Lhs: ast.Clone(k), Rhs: intLit(0)}, call, &ast.GotoStmt{Target: &ast.LabelRef{Label: end}}}
			out = append(out, after[:len(after)-1]...) // the last falls through
			out = append(out, &ast.ContinueStmt{StmtHeader: ast.StmtHeader{Label: end}})
			c.Replace(out[0])
			for i := len(out) - 1; i > 0; i-- {
				c.InsertAfter(out[i])
			}
			return true
		}, nil)
	}
}

// maxLabel returns the largest statement label in u.
func maxLabel(u *ast.Unit) int {
	m := 0
	ast.Inspect(u, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok {
			if h := s.Header(); h != nil && h.Label > m {
				m = h.Label
			}
		}
		return true
	})
	return m
}
