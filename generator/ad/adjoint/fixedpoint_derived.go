package adjoint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type variables in fixed-point loops.
//
// The analysis's state and parameters are real and complex variables
// (generator/analysis/fixedpoint): an active derived-type variable the
// body reads or defines is added here, to the state when the body
// defines it, to the parameters else. Left out, its adjoint would be
// neither iterated with the state's nor restored as a parameter's in
// each adjoint iteration, and the derivative wrong. Its adjoint's copies
// (z̄_orig, the previous iterate, the warm start, a parameter's saved
// adjoint) are variables of its type, assigned whole; the update adds
// z̄_orig back and measures the change component by component, over its
// real components at any depth (tapeLeaves), and the adjoint is zeroed
// so (real ALLOCATABLE components under allocated). Not supported yet:
// an array of a derived type, a type with pointer or complex
// components, or with a defined assignment.

// derivedFixed adds the active derived-type variables named in the body
// of fixed-point loop s to fp's state (those it defines) or parameters.
func (fp *fpCode) derivedFixed(s *ast.DoConstruct) error {
	g, d := fp.g, fp.d
	defined := map[*sema.Symbol]bool{}
	for _, v := range d.Out {
		defined[v] = true
	}
	var vs []*sema.Symbol
	for v := range g.bodyUses([]ast.Stmt{s}) {
		if decl.IsDerived(v.Type) && g.hasAdj(v) {
			vs = append(vs, v)
		}
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	for _, v := range vs {
		if _, err := fp.leaves(v); err != nil {
			return err
		}
		if g.definedAssign(v.Type) { // (its copies would call the user's assignment: outputs_defassign.go)
			return notSupported("derived-type variable '%s' of a type with a defined assignment (ASSIGNMENT(=)) in a fixed-point loop", v.Name)
		}
		if defined[v] {
			fp.state = append(fp.state, v)
		} else {
			fp.params = append(fp.params, v)
		}
	}
	return nil
}

// fpLeaf is a real component of a derived-type state variable's
// adjoint: path (%u, %f%amp) and rank.
type fpLeaf struct {
	path  string
	rank  int
	typ   tape.Type
	alloc bool // an ALLOCATABLE component: its statements run when allocated
}

// leaves returns the real components of derived-type variable v.
func (fp *fpCode) leaves(v *sema.Symbol) ([]fpLeaf, error) {
	what := "fixed-point loop " + fp.d.Name
	if v.Rank() > 0 || v.Type.Class || v.Type.Derived == nil {
		return nil, notSupported("derived-type variable '%s', an array or polymorphic, in %s", v.Name, what)
	}
	ls, err := tapeLeaves(ast.NewIdent("x"), 0, v.Type.Derived, 0)
	if err != nil {
		return nil, err
	}
	var out []fpLeaf
	for _, l := range ls {
		path := strings.TrimPrefix(printer.ExprString(l.ref), "x")
		switch {
		case l.alloc != nil && l.alloc.Type.IsReal():
			// Its copies are assigned whole with the variable (deep
			// copies), so they hold it allocated alike.
			typ, _ := tape.TypeOf(l.alloc.Type)
			if typ != tape.R8 && typ != tape.R4 {
				return nil, notSupported("ALLOCATABLE component '%s' of '%s' of type %s in %s", strings.TrimPrefix(path, "%"), v.Name, l.alloc.Type, what)
			}
			out = append(out, fpLeaf{path: path, rank: l.alloc.Rank(), typ: typ, alloc: true})
		case l.alloc != nil:
			// (integer and logical: no adjoint)
		case l.typ == tape.R8 || l.typ == tape.R4:
			out = append(out, fpLeaf{path: path, rank: l.rank, typ: l.typ})
		case l.typ != tape.I4 && l.typ != tape.I8 && l.typ != tape.L:
			return nil, notSupported("component '%s' of '%s' of type %s in %s", strings.TrimPrefix(path, "%"), v.Name, l.typ, what)
		}
	}
	return out, nil
}

// updateState returns the update of state variable v (fpCode.update):
// z̄ += z̄_orig, the change measured against the previous iterate, which
// becomes z̄; over each real component of a derived-type variable.
func (fp *fpCode) updateState(v *sema.Symbol, maxNorm bool) []string {
	zb, p, o := fp.g.aname(v), fp.copyName("p", v), fp.copyName("o", v)
	if !decl.IsDerived(v.Type) {
		return fp.updateLeaf(zb, o, p, v.Rank(), stepSuffix(v), maxNorm)
	}
	ls, _ := fp.leaves(v) // derivedFixed checked them
	var out []string
	for _, l := range ls {
		suffix := "r8"
		if l.typ == tape.R4 {
			suffix = "r4"
		}
		upd := fp.updateLeaf(zb+l.path, o+l.path, p+l.path, l.rank, suffix, maxNorm)
		out = append(out, ifAllocated(l, zb, upd)...)
	}
	return out
}

// updateLeaf is updateState for one variable or component zb, of rank
// rank, with copies o and p.
func (fp *fpCode) updateLeaf(zb, o, p string, rank int, suffix string, maxNorm bool) []string {
	k := fp.k
	dv, nv, mode := "fadj_fpd"+k, "fadj_fpn"+k, "fadj_fpk"+k
	if rank > 0 {
		return []string{fmt.Sprintf("call fadj_fp_step_%s(%s, %s, %s, size(%s), %s, %s, %s, %s)",
			suffix, zb, o, p, zb, dv, nv, map[bool]string{true: ".true.", false: ".false."}[maxNorm], mode)}
	}
	upd := []string{fmt.Sprintf("%s = %s + %s", zb, zb, o)}
	if maxNorm {
		upd = append(upd, fmt.Sprintf("%s = max(%s, real(abs(%s - %s), 8))", dv, dv, zb, p),
			fmt.Sprintf("%s = max(%s, real(abs(%s), 8))", nv, nv, zb))
	} else {
		upd = append(upd, fmt.Sprintf("%s = %s + real((%s - %s)**2, 8)", dv, dv, zb, p),
			fmt.Sprintf("%s = %s + real(%s**2, 8)", nv, nv, zb))
	}
	return append(upd, fmt.Sprintf("%s = %s", p, zb))
}

// zeroed returns the zeroing of the adjoint of state variable v: of
// the parts the body defines (fixedpoint_mask.go), over each real
// component of a derived-type variable.
func (fp *fpCode) zeroed(v *sema.Symbol) []string {
	zb := fp.g.aname(v)
	var out []string
	for _, p := range fp.partsOf(v) {
		out = append(out, zeroPart(p, zb)...)
	}
	return out
}

// ifAllocated returns the statements upd of leaf l of adjoint zb, under
// a test of its allocation for an ALLOCATABLE component.
func ifAllocated(l fpLeaf, zb string, upd []string) []string {
	if !l.alloc {
		return upd
	}
	out := []string{"if (allocated(" + zb + l.path + ")) then"}
	for _, u := range upd {
		out = append(out, "  "+u)
	}
	return append(out, "end if")
}
