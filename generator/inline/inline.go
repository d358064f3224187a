// Package inline rewrites a loaded program before it is differentiated:
// each reference of a statement function is replaced by the function's
// expression, its dummy arguments by the actual ones. The analyses and
// the tangent and adjoint generators then see plain expressions, which
// they differentiate like any other (F77 codes use statement functions
// for small formulas, often inside their hottest loops).
//
// The rewritten program keeps its semantic information: every node of an
// expansion is a clone (ast.Clone) registered in sema.Info as its
// original is. A statement function whose expression's type differs from
// its own (an implicit conversion on return) is left alone, and reverse
// mode reports it as not supported.
package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// StatementFunctions expands the references of statement functions in
// every program unit of prog, and drops the definitions no longer
// referenced.
func StatementFunctions(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	x := &expander{info: prog.Info}
	if !x.any(prog) {
		return // (most programs: no walk of every expression)
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.unit(u)
		}
	}
}

// any reports whether a unit of prog defines a statement function.
func (x *expander) any(prog *sema.Program) bool {
	var in func(u *ast.Unit) bool
	in = func(u *ast.Unit) bool {
		for _, d := range u.Decls {
			if x.stmtFunc(d) != nil {
				return true
			}
		}
		for _, p := range u.Procs {
			if in(p) {
				return true
			}
		}
		return false
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			if in(u) {
				return true
			}
		}
	}
	return false
}

type expander struct {
	info *sema.Info
	// fixed, while an ASSOCIATE's selectors are examined, tells whether
	// a variable keeps its value through the construct's body
	// (associate_fixed.go).
	fixed func(*sema.Symbol) bool
	// fixedBase tells whether a structure keeps its value there
	// (associate_component.go).
	fixedBase func(*sema.Symbol) bool
}

func (x *expander) unit(u *ast.Unit) {
	for _, p := range u.Procs {
		x.unit(p)
	}
	kept := map[*sema.Symbol]bool{} // statement functions that could not be expanded
	for i := range u.Body {
		u.Body[i] = x.stmt(u.Body[i], kept)
	}
	// Drop the definitions, unless a reference stayed.
	var decls []ast.Stmt
	for _, d := range u.Decls {
		if sym := x.stmtFunc(d); sym != nil && !kept[sym] {
			continue
		}
		decls = append(decls, d)
	}
	u.Decls = decls
}

// stmtFunc returns the statement function d defines, or nil.
func (x *expander) stmtFunc(d ast.Stmt) *sema.Symbol {
	var name *ast.Ident
	switch d := d.(type) {
	case *ast.StmtFunction:
		name = d.Name
	case *ast.AssignStmt: // one the parser could not tell from an assignment
		if c, ok := d.Lhs.(*ast.CallExpr); ok {
			name, _ = c.Fun.(*ast.Ident)
		}
	}
	if name == nil {
		return nil
	}
	sym := x.info.ObjectOf(name)
	if sym == nil || sym.Proc == nil || sym.Proc.StmtFunc == nil {
		return nil
	}
	return sym
}

// stmt expands the references in s (bottom up: arguments first).
func (x *expander) stmt(s ast.Stmt, kept map[*sema.Symbol]bool) ast.Stmt {
	return ast.Apply(s, nil, func(c *ast.Cursor) bool {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok {
			return true
		}
		if e := x.expand(call, kept); e != nil {
			c.Replace(parens(e, c.Parent()))
		}
		return true
	}).(ast.Stmt)
}

// expand returns the expansion of call if it references a statement
// function that can be expanded, else nil.
func (x *expander) expand(call *ast.CallExpr, kept map[*sema.Symbol]bool) ast.Expr {
	c, ok := x.info.Calls[call]
	if !ok || c.Kind != sema.FunctionCall || c.Proc == nil || c.Proc.Proc == nil || c.Proc.Proc.StmtFunc == nil {
		return nil
	}
	sym := c.Proc
	sf := sym.Proc.StmtFunc
	if !sema.Identical(sym.Type, x.info.TypeOf(sf.Expr)) || len(call.Args) != len(sym.Proc.Args) {
		kept[sym] = true
		return nil
	}
	for _, a := range call.Args {
		if _, kw := a.(*ast.KeywordArg); kw {
			kept[sym] = true
			return nil
		}
	}
	body := x.clone(sf.Expr)
	// The dummies become the actual arguments, then the references of other
	// statement functions in the expression are expanded too.
	wrapped := ast.Apply(&ast.ParenExpr{X: body}, nil, func(cur *ast.Cursor) bool {
		id, ok := cur.Node().(*ast.Ident)
		if !ok {
			return true
		}
		d := x.info.Uses[id]
		if d == nil || d.Owner != sym.Inner || d.ArgIndex < 0 || d.ArgIndex >= len(call.Args) {
			return true
		}
		cur.Replace(parens(x.clone(call.Args[d.ArgIndex]), cur.Parent()))
		return true
	})
	return x.stmtExpr(wrapped.(*ast.ParenExpr).X, kept)
}

// parens wraps e, going into parent, in parentheses when it needs them:
// an operation that is an operand of another (f(a+b) = a+b times 2 is
// (a+b)*2).
func parens(e ast.Expr, parent ast.Node) ast.Expr {
	switch e.(type) {
	case *ast.BinaryExpr, *ast.UnaryExpr:
		switch parent.(type) {
		case *ast.BinaryExpr, *ast.UnaryExpr:
			return &ast.ParenExpr{X: e}
		}
	}
	return e
}

// stmtExpr expands the statement function references of an expression.
func (x *expander) stmtExpr(e ast.Expr, kept map[*sema.Symbol]bool) ast.Expr {
	holder := &ast.AssignStmt{Rhs: e}
	x.stmt(holder, kept)
	return holder.Rhs
}

// clone returns a copy of e registered in the semantic information as e
// is.
func (x *expander) clone(e ast.Expr) ast.Expr { return x.info.Clone(e) }
