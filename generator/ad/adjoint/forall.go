package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// FORALL in reverse mode.
//
// Each assignment of a FORALL statement or construct becomes a DO nest
// over the index values (the mask an IF around it), run in an order in
// which no iteration reads an element another has already assigned
// (forall_dep.go), one nest after the other as the construct's
// assignments run one after the other; each nest is reversed like any
// other DO nest (concurrent.go), with its tape and TBR records. The mask
// is evaluated again by each nest: no assignment may change what the
// mask or the index bounds read for a later one, and the nests keep the
// index variables of the routine as they were. A nested FORALL's
// assignments run over the indices of both constructs, the inner ones
// innermost, where both masks hold (joined by .and.); one whose right side
// leaves no known order is rejected (forall_copy.go would write a FORALL
// header whose bounds may read the outer indices). Only assignments and
// FORALLs and WHEREs (forall_where.go) are handled in a FORALL (no
// pointer assignment).

// forall reverses FORALL statement or construct s.
func (g *gen) forall(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	specs, mask, body := forallParts(s)
	assigns, err := g.forallAssigns(specs, mask, body)
	if err != nil {
		return nil, nil, err
	}
	h := *s.Header()
	for k, fa := range assigns {
		if k > 0 {
			h = ast.StmtHeader{Start: fa.a.Start}
		}
		f, b, err := g.forallAssign(h, fa)
		if err != nil {
			return nil, nil, err
		}
		fwd = append(fwd, f...)
		bwd = append(b, bwd...)
	}
	return g.keepIndices(forallIndices(assigns), fwd, bwd)
}

// forallIndices returns the index specs of assigns, each index once.
func forallIndices(assigns []*forallAssign) []*ast.ForallSpec {
	var out []*ast.ForallSpec
	seen := map[string]bool{}
	for _, fa := range assigns {
		for _, sp := range fa.specs {
			if n := strings.ToLower(sp.Var.Name); !seen[n] {
				seen[n] = true
				out = append(out, sp)
			}
		}
	}
	return out
}

// forallParts returns the index specs, the mask and the statements of
// FORALL statement or construct s.
func forallParts(s ast.Stmt) ([]*ast.ForallSpec, ast.Expr, []ast.Stmt) {
	switch s := s.(type) {
	case *ast.ForallStmt:
		return s.Specs, s.Mask, []ast.Stmt{s.Assign}
	case *ast.ForallConstruct:
		return s.Specs, s.Mask, s.Body
	}
	return nil, nil, nil
}

// forallAssign reverses FORALL assignment fa, with header h: as a DO
// nest in an order reading only old values, else as the FORALL itself
// (forall_copy.go).
func (g *gen) forallAssign(h ast.StmtHeader, fa *forallAssign) (fwd, bwd []ast.Stmt, err error) {
	var down []bool // a WHERE run whole reads only its own elements: any order
	if fa.group == nil {
		down, err = g.forallOrder(fa.specs, fa.a, append([]ast.Expr{fa.mask}, fa.whereMasks...)...)
	}
	if err == errNoOrder && fa.where != nil {
		return nil, nil, notSupported("assignment to '%s' in a WHERE in FORALL, reading it in no known loop order, in reverse mode", exprString(fa.a.Lhs))
	}
	if err == errNoOrder {
		if fa.nested {
			return nil, nil, notSupported("FORALL assignment to '%s' in a nested FORALL, reading it, in reverse mode", exprString(fa.a.Lhs))
		}
		return g.forallCopy(h, fa.specs, fa.mask, fa.a) // forall_copy.go
	}
	if err != nil {
		return nil, nil, err
	}
	body := []ast.Stmt{fa.a}
	if fa.where != nil {
		body = []ast.Stmt{fa.where}
	}
	nest, err := g.indexNest(h, nil, fa.specs, down, fa.mask, body)
	if err != nil {
		return nil, nil, err
	}
	return g.doConstruct(nest)
}

// forallAssign is an assignment of a FORALL with the index specs and the
// mask of the constructs around it (a nested FORALL's after its host's,
// the masks joined by .and.).
type forallAssign struct {
	specs  []*ast.ForallSpec
	mask   ast.Expr
	a      *ast.AssignStmt
	nested bool // in a nested FORALL
	// In a WHERE (forall_where.go): the WHERE around a alone and the
	// masks it evaluates; or the whole WHERE, run in one nest, and all
	// its assignments (group, a the first).
	where      ast.Stmt
	whereMasks []ast.Expr
	group      []*ast.AssignStmt
}

// assigns returns the assignments fa runs.
func (fa *forallAssign) assigns() []*ast.AssignStmt {
	if fa.group != nil {
		return fa.group
	}
	return []*ast.AssignStmt{fa.a}
}

// forallAssigns returns the assignments of a FORALL over specs with mask
// and statements body, those of nested FORALLs included, in order, or an
// error if it holds anything else, if bounds read what an assignment
// defines, or if a mask reads what an assignment before another defines
// (the DO nests evaluate the masks again for each assignment).
func (g *gen) forallAssigns(specs []*ast.ForallSpec, mask ast.Expr, body []ast.Stmt) ([]*forallAssign, error) {
	assigns, err := g.forallFlatten(specs, mask, body, false)
	if err != nil {
		return nil, err
	}
	var writes, before []*ast.AssignStmt
	for _, fa := range assigns {
		writes = append(writes, fa.assigns()...)
	}
	w := g.forallWrites(writes)
	for _, fa := range assigns {
		for _, sp := range fa.specs {
			for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
				if x == nil {
					continue
				}
				if err := g.checkCalls(x); err != nil {
					return nil, err
				}
				if g.forallReads(x, w) != nil {
					return nil, notSupported("FORALL bounds reading what its assignments define in reverse mode")
				}
			}
		}
		if v := g.forallReads(fa.mask, g.forallWrites(before)); v != nil {
			return nil, notSupported("FORALL mask reading '%s', which an assignment of the construct defines before another, in reverse mode", v.Name)
		}
		before = append(before, fa.assigns()...)
	}
	return assigns, nil
}

// forallFlatten returns the assignments of body, the statements of a
// FORALL over specs with mask (nested if in another), nested FORALLs'
// included.
func (g *gen) forallFlatten(specs []*ast.ForallSpec, mask ast.Expr, body []ast.Stmt, nested bool) ([]*forallAssign, error) {
	var out []*forallAssign
	for _, st := range body {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if g.info.Assignments[st] != nil {
				return nil, notSupported("defined assignment in FORALL in reverse mode")
			}
			out = append(out, &forallAssign{specs: specs, mask: mask, a: st, nested: nested})
		case *ast.ForallStmt, *ast.ForallConstruct:
			is, im, ib := forallParts(st)
			all := append(append([]*ast.ForallSpec{}, specs...), is...)
			m := im
			if mask != nil && im != nil {
				m = logical(paren(mask), token.AND, ".and.", paren(im))
			} else if mask != nil {
				m = mask
			}
			in, err := g.forallFlatten(all, m, ib, true)
			if err != nil {
				return nil, err
			}
			out = append(out, in...)
		case *ast.WhereStmt, *ast.WhereConstruct:
			in, err := g.forallWheres(specs, mask, st, nested) // forall_where.go
			if err != nil {
				return nil, err
			}
			out = append(out, in...)
		default:
			return nil, notSupported("%s in FORALL in reverse mode", ast.StmtName(st))
		}
	}
	return out, nil
}
