// Package share keeps the derivative statements of one long expression
// linear in its length: it computes each arithmetic subexpression that
// occurs more than once into a temporary, the first time it is needed,
// and uses the temporary after.
//
// The partials of a product x1*x2*...*xn are the products of the n-1
// other factors, so the adjoint statements of y = x1*...*xn, written out,
// grow as n² (4,096 factors: 21 KB of source, 102 MB of adjoint). Its
// prefix products x1*...*xk and suffix products xk*...*xn*y_b are
// subexpressions that the statements share: computed once each, into
// temporaries that build on each other, they make the output linear.
//
// Only subexpressions built with + - * / and unary minus from leaves the
// caller accepts are shared (Leaf: variables of the temporary's type, so
// that a temporary holds exactly the value the expression had), and only
// when they read no variable that a statement of the list assigns: a
// temporary then has the same value wherever it is used.
//
// The statements are often trees that share subtrees in memory (the
// derivative rules reuse operands): every walk here visits a subtree
// once, so that the time too stays linear.
package share

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Config says what may be shared and how temporaries are made.
type Config struct {
	// Var reports whether the variable name (lower case), a scalar or,
	// if element is set, an array of which the expression references an
	// element, may be read into a temporary: of the temporary's type, so
	// that the temporary holds exactly the value the expression had.
	// Leaves are such variables and real literals.
	Var func(name string, element bool) bool
	// Temp returns a new temporary variable.
	Temp func() (*ast.Ident, error)
}

// Long reports whether derivative statements stmts of an assignment
// whose right side is rhs are long enough to be worth sharing: more than
// 8 times rhs's size (and 256 nodes) more. Ordinary statements stay as
// they are written; the partials of a long product do not. It walks no
// more of stmts than that.
func Long(stmts []ast.Stmt, rhs ast.Expr) bool {
	limit := 256
	ast.Inspect(rhs, func(ast.Node) bool { limit += 8; return true })
	n := 0
	for _, s := range stmts {
		ast.Inspect(s, func(ast.Node) bool { n++; return n <= limit })
		if n > limit {
			return true
		}
	}
	return false
}

// leaf returns the lower-case name of the variable leaf x reads ("" for
// a literal) and whether x is a leaf cfg accepts.
func (cfg *Config) leaf(x ast.Expr) (string, bool) {
	switch e := x.(type) {
	case *ast.BasicLit:
		return "", e.Kind == token.REAL
	case *ast.Ident:
		name := lower(e.Name)
		return name, cfg.Var(name, false)
	case *ast.CallExpr:
		id, ok := e.Fun.(*ast.Ident)
		if !ok {
			return "", false
		}
		for _, a := range e.Args {
			if _, isRange := a.(*ast.RangeExpr); isRange {
				return "", false
			}
		}
		name := lower(id.Name)
		return name, cfg.Var(name, true)
	}
	return "", false
}

// node is a hash-consed subexpression.
type node struct {
	id      int
	uses    int  // occurrences in the statements
	tainted bool // reads a variable the statements assign
	size    int  // nodes of the expression it stands for
	temp    *ast.Ident
}

type sharer struct {
	cfg      Config
	assigned map[string]bool
	nodes    map[string]*node
	of       map[ast.Expr]*node // the node of each shareable subexpression
	seen     map[ast.Expr]bool  // subexpressions counted
	done     map[ast.Expr]ast.Expr
}

// Statements returns stmts with their shared subexpressions computed into
// temporaries, the temporaries' assignments placed before the statement
// that first needs them; stmts itself if nothing is shared or if one of
// them is not an assignment.
func Statements(stmts []ast.Stmt, cfg Config) ([]ast.Stmt, error) {
	sh := &sharer{cfg: cfg, assigned: map[string]bool{}, nodes: map[string]*node{},
		of: map[ast.Expr]*node{}, seen: map[ast.Expr]bool{}, done: map[ast.Expr]ast.Expr{}}
	for _, s := range stmts {
		a, ok := s.(*ast.AssignStmt)
		if !ok {
			return stmts, nil
		}
		sh.assigned[baseName(a.Lhs)] = true
	}
	for _, s := range stmts {
		sh.count(s.(*ast.AssignStmt).Rhs)
	}
	var out []ast.Stmt
	changed := false
	for _, s := range stmts {
		a := s.(*ast.AssignStmt)
		var pre []ast.Stmt
		rhs, err := sh.rewrite(a.Rhs, &pre)
		if err != nil {
			return nil, err
		}
		if rhs != a.Rhs {
			changed = true
			out = append(out, pre...)
			s = &ast.AssignStmt{StmtHeader: a.StmtHeader, Lhs: a.Lhs, Rhs: rhs}
		}
		out = append(out, s)
	}
	if !changed {
		return stmts, nil
	}
	return out, nil
}

// count hash-conses the shareable subexpressions of x and counts their
// occurrences; it returns x's node (nil if x is not shareable). A
// subexpression met again (the same tree in memory) counts once more,
// without a second walk.
func (sh *sharer) count(x ast.Expr) *node {
	if sh.seen[x] {
		n := sh.of[x]
		if n != nil && n.size > 1 {
			n.uses++
		}
		return n
	}
	sh.seen[x] = true
	var key string
	var kids []*node
	switch e := x.(type) {
	case *ast.BinaryExpr:
		l, r := sh.count(e.X), sh.count(e.Y)
		if e.Op != token.PLUS && e.Op != token.MINUS && e.Op != token.STAR && e.Op != token.SLASH || l == nil || r == nil {
			return nil
		}
		key, kids = "b"+strconv.Itoa(int(e.Op))+":"+strconv.Itoa(l.id)+","+strconv.Itoa(r.id), []*node{l, r}
	case *ast.ParenExpr:
		n := sh.count(e.X)
		sh.of[x] = n
		return n
	case *ast.UnaryExpr:
		k := sh.count(e.X)
		if k == nil || (e.Op != token.MINUS && e.Op != token.PLUS) {
			return nil
		}
		key, kids = "u"+strconv.Itoa(int(e.Op))+":"+strconv.Itoa(k.id), []*node{k}
	default:
		name, ok := sh.cfg.leaf(x)
		if !ok {
			ast.Inspect(x, func(n ast.Node) bool {
				if c, ok := n.(ast.Expr); ok && c != x {
					sh.count(c)
					return false
				}
				return true
			})
			return nil
		}
		n := sh.intern("l:"+ast.Key(x), nil)
		n.tainted = n.tainted || sh.assigned[name]
		sh.of[x] = n
		return n
	}
	n := sh.intern(key, kids)
	n.uses++
	sh.of[x] = n
	return n
}

func (sh *sharer) intern(key string, kids []*node) *node {
	n := sh.nodes[key]
	if n == nil {
		n = &node{id: len(sh.nodes), size: 1}
		for _, k := range kids {
			n.tainted = n.tainted || k.tainted
			n.size += k.size
		}
		sh.nodes[key] = n
	}
	return n
}

// rewrite returns x with its shared subexpressions replaced by their
// temporaries, appending to pre the assignments of those not computed yet.
func (sh *sharer) rewrite(x ast.Expr, pre *[]ast.Stmt) (ast.Expr, error) {
	n := sh.of[x]
	if n != nil && n.temp != nil {
		return n.temp, nil
	}
	if y, ok := sh.done[x]; ok {
		return y, nil
	}
	var y ast.Expr = x
	switch e := x.(type) {
	case *ast.BinaryExpr:
		l, err := sh.rewrite(e.X, pre)
		if err != nil {
			return nil, err
		}
		r, err := sh.rewrite(e.Y, pre)
		if err != nil {
			return nil, err
		}
		if l != e.X || r != e.Y {
			y = &ast.BinaryExpr{X: l, Op: e.Op, OpLit: e.OpLit, Y: r}
		}
	case *ast.ParenExpr:
		in, err := sh.rewrite(e.X, pre)
		if err != nil {
			return nil, err
		}
		if _, isTemp := in.(*ast.Ident); isTemp && in != e.X {
			return in, nil
		}
		if in != e.X {
			y = &ast.ParenExpr{X: in}
		}
	case *ast.UnaryExpr:
		in, err := sh.rewrite(e.X, pre)
		if err != nil {
			return nil, err
		}
		if in != e.X {
			y = &ast.UnaryExpr{Op: e.Op, OpLit: e.OpLit, X: in}
		}
	case *ast.CallExpr:
		if n != nil {
			break // a leaf
		}
		var args []ast.Expr
		for i, a := range e.Args {
			switch a.(type) {
			case *ast.RangeExpr, *ast.KeywordArg:
				continue
			}
			b, err := sh.rewrite(a, pre)
			if err != nil {
				return nil, err
			}
			if b != a {
				if args == nil {
					args = append([]ast.Expr{}, e.Args...)
				}
				args[i] = b
			}
		}
		if args != nil {
			y = &ast.CallExpr{Fun: e.Fun, Args: args}
		}
	}
	if n == nil || n.uses < 2 || n.size < 3 || n.tainted {
		sh.done[x] = y
		return y, nil
	}
	t, err := sh.cfg.Temp()
	if err != nil {
		return nil, err
	}
	*pre = append(*pre, &ast.AssignStmt{Lhs: t, Rhs: y})
	n.temp = t
	return t, nil
}

// baseName is the lower-case name of the variable an assignment's left
// side designates.
func baseName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return lower(e.Name)
		case *ast.CallExpr:
			x = e.Fun
		default:
			return "*"
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
