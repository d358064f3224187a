package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module variables whose adjoints a callee of a parallel loop updates
// (column physics reading a physical coefficient of a parameters module:
// `cd` in `u(k) = u(k) - cd*speed*u(k)`, with cd active). The callee's
// adjoint increments cd_b, which every thread would update at once; a
// reduction clause cannot reach into the callee (its reference is to the
// original). So cd_b is `!$omp threadprivate` in its adjoint module (the
// master thread's copy is the serial code's), and each backward
// iteration starts its thread's cd_b at zero and stores what the callee
// added in an array indexed by the loop index; after the loop the master
// thread adds the iterations' contributions to the value cd_b had before
// it, in the order of the primal loop:
//
//	fadj_omgk1 = cd_b
//	allocate(fadj_omgp2(min(1, ncol):max(1, ncol)))
//	!$omp parallel do ...
//	do j = 1, ncol
//	  cd_b = 0.0_8
//	  call drag_column_b(...)
//	  fadj_omgp2(j) = cd_b
//	end do
//	cd_b = fadj_omgk1
//	do j = 1, ncol
//	  cd_b = cd_b + fadj_omgp2(j)
//	end do
//
// The sum is the same for any number of threads (each iteration sums
// its own contributions from zero, then the iterations are summed in
// order). Real scalars of modules only, in a parallel do outside a
// parallel region and without collapse; other shared adjoints a callee
// updates (host, COMMON, SAVE variables, arrays) stay rejected.

// ompGlobal is a module variable's adjoint a backward parallel loop's
// callees update: its local name in the routine, where the value before
// the loop is kept and the iterations' contributions stored.
type ompGlobal struct {
	sym        *sema.Symbol
	name       string
	keep, part *ast.Ident
}

// ompGlobalOK reports whether the adjoint of module variable v, which a
// callee of the parallel loop of directive c updates, can be made
// threadprivate and reduced as above, and notes it for the loop.
func (g *gen) ompGlobalOK(c *ast.Comment, v *sema.Symbol) bool {
	m := v.Module()
	if m == nil || g.omp.region != nil || c.Omp.Clause("collapse") != nil || v.Common != nil || v.Rank() > 0 ||
		v.Type == nil || !v.Type.IsReal() || v.Attrs.Has(sema.AttrPointer) || v.Attrs.Has(sema.AttrAllocatable) {
		return false
	}
	for _, o := range g.omp.globals {
		if o.sym == v {
			return true
		}
	}
	if err := g.globalAdj(v); err != nil {
		return false
	}
	name := g.aname(v)
	if m != decl.OwnModule(g.module, g.host) {
		// Under a generated name: the routine may have one like it.
		local := "fadj_omg_" + strings.ToLower(name)
		if g.scope.Lookup(local) != nil {
			return false
		}
		if !g.declared[local] {
			g.declared[local] = true
			g.uses = append(g.uses, &ast.UseStmt{Module: ast.NewIdent(m.Name + g.suffix), Only: true,
				Items: []*ast.UseItem{{Local: ast.NewIdent(local), Name: ast.NewIdent(name)}}})
		}
		name = local
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(v.Type.Kind)}
	keep, err := g.local("fadj_omgk"+strings.ToLower(v.Name), v.Type)
	part := g.allocatable("fadj_omgp", ts, 1)
	if err != nil || part == nil {
		return false
	}
	if g.sh.threadprivate == nil {
		g.sh.threadprivate = map[*sema.Symbol]bool{}
	}
	g.sh.threadprivate[v] = true
	g.omp.globals = append(g.omp.globals, &ompGlobal{sym: v, name: name, keep: keep, part: part})
	return true
}

// ompGlobalRed reports whether the adjoint name, of a shared variable
// the backward loop of directive c increments, is a module variable's
// reduced as above rather than by a reduction clause: one callees update
// is threadprivate, which a reduction clause cannot name, so every loop
// reduces them so.
func (g *gen) ompGlobalRed(c *ast.Comment, name string) bool {
	v := g.scope.Lookup(strings.TrimSuffix(name, strings.ToLower(g.suffix)))
	return v != nil && v.Module() != nil && g.ompGlobalOK(c, v)
}

// ompGlobalsBody starts backward body b of parallel loop s with the
// zeroing of the thread's copies, and ends it with their store.
func (g *gen) ompGlobalsBody(s *ast.DoConstruct, b []ast.Stmt) []ast.Stmt {
	var head []ast.Stmt
	for _, o := range g.omp.globals {
		head = append(head, &ast.AssignStmt{Lhs: ast.NewIdent(o.name), Rhs: deriv.Const("0", o.sym.Type)})
		b = append(b, &ast.AssignStmt{Lhs: &ast.CallExpr{Fun: ast.Clone(o.part), Args: []ast.Expr{ast.NewIdent(s.Var.Name)}},
			Rhs: ast.NewIdent(o.name)})
	}
	return append(head, b...)
}

// ompGlobalsAround puts around backward loop back of parallel loop s the
// keeping of the master's values and the sum of the contributions.
func (g *gen) ompGlobalsAround(s *ast.DoConstruct, back []ast.Stmt) []ast.Stmt {
	if len(g.omp.globals) == 0 {
		return back
	}
	lo, hi := g.asInt(s.Start), g.asInt(s.Stop)
	bounds := &ast.RangeExpr{Lo: &ast.CallExpr{Fun: ast.NewIdent("min"), Args: []ast.Expr{ast.Clone(lo), ast.Clone(hi)}},
		Hi: &ast.CallExpr{Fun: ast.NewIdent("max"), Args: []ast.Expr{ast.Clone(lo), ast.Clone(hi)}}}
	var pre, post []ast.Stmt
	sum := &ast.DoConstruct{Var: ast.NewIdent(s.Var.Name), Start: ast.Clone(s.Start), Stop: ast.Clone(s.Stop), End: ast.EndStmt{Keyword: "do"}}
	if s.Step != nil {
		sum.Step = ast.Clone(s.Step)
	}
	for _, o := range g.omp.globals {
		pre = append(pre, &ast.AssignStmt{Lhs: ast.Clone(o.keep), Rhs: ast.NewIdent(o.name)},
			&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: ast.Clone(o.part), Args: []ast.Expr{ast.Clone(bounds)}}}})
		post = append(post, &ast.AssignStmt{Lhs: ast.NewIdent(o.name), Rhs: ast.Clone(o.keep)})
		at := &ast.CallExpr{Fun: ast.Clone(o.part), Args: []ast.Expr{ast.NewIdent(s.Var.Name)}}
		sum.Body = append(sum.Body, &ast.AssignStmt{Lhs: ast.NewIdent(o.name), Rhs: deriv.Add(ast.NewIdent(o.name), at)})
	}
	post = append(post, sum)
	for _, o := range g.omp.globals {
		post = append(post, &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ast.Clone(o.part)}})
	}
	g.omp.globals = nil
	return append(append(pre, back...), post...)
}

// ompThreadprivate declares threadprivate, in adjoint module u of module
// m, the adjoints of m's variables some parallel loop reduces as above
// (the directive goes before its CONTAINS, or its END).
func ompThreadprivate(u *ast.Unit, m *sema.Symbol, tp map[*sema.Symbol]bool, suffix string) {
	var names []string
	for _, d := range u.Decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok {
			continue
		}
		for _, e := range td.Entities {
			for v := range tp {
				if v.Module() == m && strings.EqualFold(e.Name.Name, v.Name+suffix) {
					names = append(names, e.Name.Name)
				}
			}
		}
	}
	if len(names) == 0 {
		return
	}
	c := ast.OmpComment(&ast.OmpDirective{Name: "threadprivate", Clauses: []*ast.OmpClause{{Arg: strings.Join(names, ", ")}}})
	if u.Contains != nil {
		u.Contains.Doc = append(u.Contains.Doc, c)
		return
	}
	u.End.Doc = append(u.End.Doc, c)
}
