package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A BLOCK in the body of a DO CONCURRENT declares locals private to an
// iteration (do concurrent (j = 1:nj, i = 1:ni); block; real(dp) ::
// a(nk), cp(nk) ...: a column's tridiagonal system). Hoisted as they
// are, they would be shared by the iterations, which may run in
// parallel. Running the iterations one after the other, in the order of
// the ordinary DO nest the header describes (the first index outermost,
// the mask an IF around the body), is one of the executions the
// construct allows; there the locals may move. The adjoint runs every DO
// CONCURRENT so (adjoint/concurrent.go), the tangent then runs that one
// so too. Such a construct becomes the nest when the nest means the
// same: no locality specifier, no index variable of the procedure that
// anything outside the construct reads (the nest defines it) and no mask
// reading a variable the body may define (the mask is evaluated for
// every index value before any iteration). Else its BLOCKs keep their
// declarations.

// serialConcurrent turns the DO CONCURRENTs of the procedure's body that
// hold a BLOCK with declarations into DO nests where the nest means the
// same, and returns the BLOCKs of the others.
func (h *hoister) serialConcurrent() map[*ast.BlockConstruct]bool {
	kept := map[*ast.BlockConstruct]bool{}
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for _, s := range list {
			ast.Inspect(s, func(n ast.Node) bool {
				d, ok := n.(*ast.DoConstruct)
				if !ok || len(d.Concurrent) == 0 {
					return true
				}
				blocks := declBlocks(d.Body)
				if len(blocks) == 0 {
					return false // nothing to hoist in it
				}
				if !h.nestable(d) {
					for _, b := range blocks {
						kept[b] = true
					}
					return false
				}
				toNest(d)
				walk(d.Body) // an inner DO CONCURRENT with a BLOCK
				return false
			})
		}
	}
	walk(h.u.Body)
	return kept
}

// declBlocks returns the BLOCKs with declarations in list.
func declBlocks(list []ast.Stmt) []*ast.BlockConstruct {
	var out []*ast.BlockConstruct
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if b, ok := n.(*ast.BlockConstruct); ok && len(b.Decls) > 0 {
				out = append(out, b)
			}
			return true
		})
	}
	return out
}

// nestable reports whether DO CONCURRENT d means the same as its DO nest.
func (h *hoister) nestable(d *ast.DoConstruct) bool {
	if len(d.Locality) > 0 {
		return false
	}
	for _, sp := range d.Concurrent {
		if sp == nil || sp.Var == nil || indexReadOutside(h.u.Body, sp.Var.Name) {
			return false
		}
	}
	ok := true
	ast.Inspect(d.Mask, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		if v := h.x.info.ObjectOf(id); v != nil {
			for _, s := range d.Body {
				ok = ok && !definesVar(h.x.info, s, v)
			}
		}
		return ok
	})
	return ok
}

// toNest rewrites DO CONCURRENT d in place as its DO nest: d the
// outermost loop, the construct's name on the innermost (CYCLE name goes
// to the next index values).
func toNest(d *ast.DoConstruct) {
	body := d.Body
	if d.Mask != nil {
		c := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: d.Mask, Body: body}}, End: ast.EndStmt{Keyword: "if"}}
		c.StmtHeader = ast.StmtHeader{Start: d.StmtHeader.Start}
		body = []ast.Stmt{c}
	}
	specs := d.Concurrent
	var inner *ast.DoConstruct
	for k := len(specs) - 1; k >= 1; k-- {
		sp := specs[k]
		n := &ast.DoConstruct{Var: sp.Var, Start: sp.Lo, Stop: sp.Hi, Step: sp.Stride, Body: body,
			End: ast.EndStmt{Keyword: "do"}}
		n.StmtHeader = ast.StmtHeader{Start: d.StmtHeader.Start}
		if inner == nil {
			inner = n
		}
		body = []ast.Stmt{n}
	}
	sp := specs[0]
	d.Var, d.Start, d.Stop, d.Step = sp.Var, sp.Lo, sp.Hi, sp.Stride
	d.Concurrent, d.Mask, d.Body = nil, nil, body
	if inner != nil && d.Name != nil {
		inner.Name, inner.End.Name = d.Name, d.End.Name
		d.Name, d.End.Name = nil, nil
	}
}

// indexReadOutside reports whether name (an index of a FORALL or DO
// CONCURRENT, a construct entity there) names the procedure's variable
// anywhere in body outside the FORALL and DO CONCURRENT constructs that
// take it as index, the DO loops on it (do i = 1, n sets it before its
// body reads it) and the implied DOs on it (as loops.IndexUsedOutside,
// a package inline may not import).
func indexReadOutside(body []ast.Stmt, name string) bool {
	used := false
	is := func(id *ast.Ident) bool { return id != nil && strings.EqualFold(id.Name, name) }
	indexes := func(specs []*ast.ForallSpec) bool {
		for _, sp := range specs {
			if sp != nil && is(sp.Var) {
				return true
			}
		}
		return false
	}
	names := func(xs ...ast.Expr) bool {
		found := false
		for _, x := range xs {
			if x == nil {
				continue
			}
			ast.Inspect(x, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				found = found || ok && is(id)
				return !found
			})
		}
		return found
	}
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if used {
				return false
			}
			switch n := n.(type) {
			case *ast.ForallStmt:
				return !indexes(n.Specs)
			case *ast.ForallConstruct:
				return !indexes(n.Specs)
			case *ast.DoConstruct:
				if n.Concurrent == nil && is(n.Var) && !names(n.Start, n.Stop, n.Step) {
					return false
				}
				return !indexes(n.Concurrent)
			case *ast.ImpliedDo:
				return !is(n.Var) || names(n.Start, n.Stop, n.Step)
			case *ast.Ident:
				used = is(n)
			}
			return true
		})
	}
	return used
}
