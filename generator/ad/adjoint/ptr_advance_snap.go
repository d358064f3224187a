package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A pointer advanced through its own target (ptr_advance.go) whose
// association a checkpointed loop carries from step to step (p => x
// before the loop, p => p(2:) in it). The plain runs of the steps move
// the pointer only, so its snapshot finds its association: the number of
// the base statement whose whole array target p is associated with, and
// the section lo:hi of that target it is (searched with associated(p,
// t(lo:hi)) over the starting subscripts: size(t) tests, no copy), and
// whether it was advanced (its lower bound is then 1, the target's
// otherwise). The snapshot holds the number, then lo, hi and the flag,
// popped in reverse before the number's association is made again and
// sectioned. Only when every base target is a whole rank-1 array (no
// captured subscripts); else the association is rejected as before.

// advanceSnapOps returns the snapshot ops of pointer v that the steps
// body of checkpoint what associate anew, when v is advanced through its
// own target; ok is false when v is not such a pointer.
func (g *gen) advanceSnapOps(v *sema.Symbol, body []ast.Stmt, what string) (ops []snapOp, ok bool, err error) {
	if g.scope.LookupLocal(v.Name) != v || v.Rank() != 1 || v.Attrs.Has(sema.AttrSave) {
		return nil, false, nil
	}
	plan, err := g.replay(v)
	if err != nil || plan == nil || plan.adv == nil {
		return nil, false, err
	}
	keep := g.keepsAssociation(v, body, what)
	if keep == nil {
		return nil, false, nil // the values, as any pointer's (snap_pointer.go)
	}
	if g.passedWhole(v, body) {
		return nil, true, keep
	}
	var targets []string
	var ids []int
	for k, t := range plan.targets {
		if t == nil {
			continue
		}
		id, isID := t.(*ast.Ident)
		if !isID || len(plan.caps[k]) > 0 || g.info.Rank(t) != 1 {
			return nil, true, keep
		}
		targets, ids = append(targets, id.Name), append(ids, k+1)
	}
	if len(targets) == 0 {
		return nil, true, keep
	}
	iv, err := g.local("fadj_pfind_"+strings.ToLower(v.Name), intType)
	if err != nil {
		return nil, true, err
	}
	_, _, bwd, err := g.replayParts(nil, ast.NewIdent(v.Name), v, plan)
	if err != nil {
		return nil, true, err
	}
	// bwd: the pops, the SELECT CASE on the number, the IF sectioning.
	sel, sect := bwd[len(bwd)-2], bwd[len(bwd)-1]
	restore := &ast.BlockConstruct{Body: []ast.Stmt{sel, sect}, End: ast.EndStmt{Keyword: "block"}}
	fwd := &ast.BlockConstruct{Body: []ast.Stmt{g.guardedSel(sel, v, plan), ast.Clone(sect)}, End: ast.EndStmt{Keyword: "block"}}
	a := plan.adv
	save := &assocSave{find: parseStmts(advanceFind(v.Name, plan.pid.Name, a, iv.Name, targets, ids)), sel: restore, fwd: fwd}
	ops = []snapOp{{Op: tape.Op{Type: tape.I4, Ref: ast.NewIdent(plan.pid.Name)}, assoc: save}}
	for _, x := range []*ast.Ident{a.lo, a.hi, a.sect} {
		ops = append(ops, snapOp{Op: tape.Op{Type: tape.I4, Ref: ast.NewIdent(x.Name)}})
	}
	return ops, true, nil
}

// advanceFind returns the source finding the association of pointer p
// (advanceSnapOps): its number into pid, the section into a's lo, hi and
// flag, searching with index i; 0 for all when p is not associated. A
// zero-sized p takes an empty section of the first target; any other
// association stops the program.
func advanceFind(p, pid string, a *ptrAdvance, i string, targets []string, ids []int) string {
	var b strings.Builder
	lo, hi, sect := a.lo.Name, a.hi.Name, a.sect.Name
	fmt.Fprintf(&b, "%s = 0\n%s = 0\n%s = 0\n%s = 0\n", pid, lo, hi, sect)
	fmt.Fprintf(&b, "if (associated(%s)) then\n", p)
	for k, t := range targets {
		fmt.Fprintf(&b, "if (%[1]s == 0 .and. associated(%[2]s, %[3]s)) then\n%[1]s = %[4]d\n%[5]s = lbound(%[3]s, 1)\n%[6]s = ubound(%[3]s, 1)\n",
			pid, p, t, ids[k], lo, hi)
		fmt.Fprintf(&b, "if (lbound(%s, 1) /= lbound(%s, 1)) %s = 1\nend if\n", p, t, sect)
		fmt.Fprintf(&b, "if (%[1]s == 0) then\ndo %[2]s = lbound(%[3]s, 1), ubound(%[3]s, 1) - size(%[4]s) + 1\n", pid, i, t, p)
		fmt.Fprintf(&b, "if (associated(%[1]s, %[2]s(%[3]s:%[3]s + size(%[1]s) - 1))) then\n%[4]s = %[5]d\n%[6]s = %[3]s\n%[7]s = %[3]s + size(%[1]s) - 1\n%[8]s = 1\nexit\nend if\nend do\nend if\n",
			p, t, i, pid, ids[k], lo, hi, sect)
	}
	fmt.Fprintf(&b, "if (%[1]s == 0 .and. size(%[2]s) == 0) then\n%[1]s = %[3]d\n%[4]s = lbound(%[5]s, 1)\n%[6]s = %[4]s - 1\n%[7]s = 1\nend if\n",
		pid, p, ids[0], lo, targets[0], hi, sect)
	fmt.Fprintf(&b, "if (%s == 0) error stop 'fadj: pointer %s is associated with no section of its targets in a snapshot'\n", pid, p)
	b.WriteString("end if\n")
	return b.String()
}
