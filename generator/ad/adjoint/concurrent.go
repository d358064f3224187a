package adjoint

import (
	"github.com/fadj-dev/fadj/generator/loops"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// DO CONCURRENT in reverse mode.
//
// The iterations of a DO CONCURRENT are independent, so running them in
// any order is the construct: the forward sweep runs them as the ordinary
// DO nest its header describes (the first index outermost), the mask an IF
// around the body, and the nest is reversed as any other, with its tape,
// TBR records and recorded or re-evaluated mask. The adjoint is not kept
// concurrent: two iterations may read the same element (a stencil
// y(i) = x(i-1) + x(i+1)), and their adjoint increments of it would race.
// Nor is the forward sweep: it pushes on the tape in iteration order.
//
// The index variables of a DO CONCURRENT (and of a FORALL, forall.go) are
// local to the construct: a variable of the same name keeps its value.
// The nest's index variables are the routine's, so their values are saved
// in locals around it, in both sweeps.

// concurrentLoop reverses DO CONCURRENT s as an ordinary DO nest.
func (g *gen) concurrentLoop(s *ast.DoConstruct) (fwd, bwd []ast.Stmt, err error) {
	if len(g.jumps.byLoop[s]) > 0 {
		// (A CYCLE is a jump to the end of the body, which the
		// nest's innermost loop keeps.)
		return nil, nil, notSupported("jump out of DO CONCURRENT in reverse mode")
	}
	if err := g.checkMask(s); err != nil {
		return nil, nil, err
	}
	nest, err := g.indexNest(s.StmtHeader, s.Name, s.Concurrent, nil, s.Mask, s.Body)
	if err != nil {
		return nil, nil, err
	}
	if fwd, bwd, err = g.doConstruct(nest); err != nil {
		return nil, nil, err
	}
	return g.keepIndices(s.Concurrent, fwd, bwd)
}

// indexNest returns the DO nest that runs body over the index values of
// specs where mask (if any) holds: the first index outermost, each loop
// descending where down says so (forall_dep.go; nil: all ascending). The
// outermost loop takes the header of the construct it stands for, so that
// messages point at it, the innermost its name.
func (g *gen) indexNest(h ast.StmtHeader, name *ast.Ident, specs []*ast.ForallSpec, down []bool, mask ast.Expr, body []ast.Stmt) (*ast.DoConstruct, error) {
	if mask != nil {
		if err := g.checkCalls(mask); err != nil {
			return nil, err
		}
		c := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: mask, Body: body}}, End: ast.EndStmt{Keyword: "if"}}
		c.StmtHeader = ast.StmtHeader{Start: h.Start}
		body = []ast.Stmt{c}
	}
	var d *ast.DoConstruct
	for k := len(specs) - 1; k >= 0; k-- {
		sp := specs[k]
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			if x == nil {
				continue
			}
			if err := g.checkCalls(x); err != nil {
				return nil, err
			}
		}
		d = &ast.DoConstruct{Var: sp.Var, Start: sp.Lo, Stop: sp.Hi, Step: sp.Stride, Body: body,
			End: ast.EndStmt{Keyword: "do"}}
		if k < len(down) && down[k] {
			if sp.Stride != nil && !isOne(sp.Stride) {
				return nil, notSupported("FORALL index '%s' with a stride, run downward in reverse mode", sp.Var.Name)
			}
			d.Start, d.Stop, d.Step = sp.Hi, sp.Lo, deriv.Int(-1)
		}
		d.StmtHeader = ast.StmtHeader{Start: h.Start}
		if k == len(specs)-1 && name != nil {
			// CYCLE name goes to the next index values: the
			// innermost loop's next iteration.
			d.Name, d.End.Name = name, ast.NewIdent(name.Name)
		}
		body = []ast.Stmt{d}
	}
	d.StmtHeader = h
	return d, nil
}

// keepIndices saves the values of the index variables of specs before
// the sweeps of their construct and restores them after, in both sweeps.
func (g *gen) keepIndices(specs []*ast.ForallSpec, fwd, bwd []ast.Stmt) ([]ast.Stmt, []ast.Stmt, error) {
	var save, restore []ast.Stmt
	for _, sp := range specs {
		if !loops.IndexUsedOutside(g.pa.Unit.Body, sp.Var.Name) {
			continue // nothing reads the routine's variable of that name
		}
		t, err := g.local("fadj_keep_"+strings.ToLower(sp.Var.Name), intType)
		if err != nil {
			return nil, nil, err
		}
		v := ast.NewIdent(sp.Var.Name)
		save = append(save, &ast.AssignStmt{Lhs: t, Rhs: v})
		restore = append(restore, &ast.AssignStmt{Lhs: ast.NewIdent(sp.Var.Name), Rhs: ast.NewIdent(t.Name)})
	}
	if len(save) == 0 {
		return fwd, bwd, nil
	}
	wrap := func(list []ast.Stmt) []ast.Stmt {
		if len(list) == 0 {
			return nil
		}
		out := append(ast.CloneStmts(save), list...)
		// The construct's label and comments go on the first statement.
		h := list[0].Header()
		out[0].Header().Label, out[0].Header().LabelPos, out[0].Header().Doc = h.Label, h.LabelPos, h.Doc
		h.Label, h.LabelPos, h.Doc = 0, 0, nil
		return append(out, ast.CloneStmts(restore)...)
	}
	return wrap(fwd), wrap(bwd), nil
}

// checkMask rejects DO CONCURRENT s when its body may define what its
// mask reads for another iteration: the mask is evaluated for every index
// value before any iteration runs (gfortran does so), while the nest
// evaluates it before each iteration's body. An element the body assigns
// where the mask reads it (do concurrent (i = 1:n, a(i) > 0) with
// a(i) = sqrt(a(i))) is the iteration's own: that is the same.
func (g *gen) checkMask(s *ast.DoConstruct) error {
	if s.Mask == nil {
		return nil
	}
	seen := map[*sema.Symbol]bool{}
	var err error
	ast.Inspect(s.Mask, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || err != nil {
			return err == nil
		}
		v := g.info.ObjectOf(id)
		if v == nil || v.Kind != sema.VarSym || seen[v] || !decl.Assigns(g.info, s.Body, v) {
			return true
		}
		seen[v] = true
		if !g.ownElements(s.Body, v, s.Mask) {
			err = notSupported("DO CONCURRENT mask reading '%s', which its body defines, in reverse mode", v.Name)
		}
		return true
	})
	return err
}

// ownElements reports whether body defines v only by assignments to the
// element each reference of mask to v reads.
func (g *gen) ownElements(body []ast.Stmt, v *sema.Symbol, mask ast.Expr) bool {
	refs, other, aliased := g.forallRefs(v, mask)
	if other || aliased || len(refs) == 0 {
		return false
	}
	ok := true
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if g.baseSym(n.Lhs) != v {
					return true
				}
				_, lparts, _, chain := refChain(n.Lhs)
				for _, r := range refs {
					if same, _ := sameParts(lparts, r); !chain || !same {
						ok = false
					}
				}
			case *ast.CallStmt, *ast.IOStmt:
				ok = !decl.Assigns(g.info, []ast.Stmt{n.(ast.Stmt)}, v)
			case *ast.DoConstruct:
				ok = n.Var == nil || g.info.ObjectOf(n.Var) != v
			}
			return ok
		})
	}
	return ok
}
