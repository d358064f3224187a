package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointer variables in the snapshots of checkpointed loops and regions.
//
// A pointer local to the routine (or a dummy of it) whose association
// the steps keep (no pointer assignment to it, no ALLOCATE, DEALLOCATE
// or NULLIFY of it, and no procedure it is passed to whole whose dummy
// is a pointer or unknown) is saved as its target's values, size(p) of them,
// under associated(p): the association is the same when the snapshot is
// taken and when it is restored, and a target saved too under its own
// name gets the same values back (when all its targets are, it is not
// saved at all: coveredPointer in snap_alias.go). A pointer the steps
// associate anew has its association in the snapshot (snap_assoc.go).

// pointerSnapOp returns the snapshot op of pointer v, which the steps
// body of checkpoint what define or read.
func (g *gen) pointerSnapOp(v *sema.Symbol, body []ast.Stmt, what string) (snapOp, error) {
	if g.scope.LookupLocal(v.Name) != v {
		return snapOp{}, notSupported("pointer variable '%s' not local to '%s' in a snapshot of %s", v.Name, g.pa.Proc.Name, what)
	}
	if err := g.keepsAssociation(v, body, what); err != nil {
		return g.assocSnapOp(v, body, what, err) // snap_assoc.go
	}
	typ, ok := tape.TypeOf(v.Type)
	if !ok {
		return snapOp{}, notSupported("pointer variable '%s' of type %s in a snapshot of %s: no tape for it", v.Name, v.Type, what)
	}
	ref := ast.NewIdent(v.Name)
	op := snapOp{Op: tape.Op{Type: typ, Ref: ref}, guard: deriv.Call("associated", ast.NewIdent(v.Name))}
	if v.Rank() > 0 {
		op.Count = tape.Size(ref)
	}
	return op, nil
}

// keepsAssociation rejects, at its place, a statement of body that may
// change the association of pointer v.
func (g *gen) keepsAssociation(v *sema.Symbol, body []ast.Stmt, what string) error {
	var bad ast.Node
	is := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && g.info.ObjectOf(id) == v
	}
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.PointerAssignStmt:
			if g.baseSym(n.Lhs) == v || is(n.Lhs) {
				bad = n
			}
		case *ast.AllocateStmt:
			for _, o := range n.Objects {
				if is(o) || g.baseSym(o) == v {
					bad = n
				}
			}
		case *ast.CallStmt:
			for _, a := range n.Args {
				if is(argValue(a)) && g.mayReassociate(n, v) { // snap_assoc.go
					bad = n
				}
			}
		case *ast.CallExpr:
			if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				for _, a := range n.Args {
					if is(argValue(a)) {
						bad = n
					}
				}
			}
		}
		return bad == nil
	})
	if bad == nil {
		return g.keepsAllocation(v, body, what)
	}
	return diag.At(g.fset, bad.Pos(), notSupported("pointer '%s' associated anew in %s, in its snapshot", v.Name, what))
}

// argValue returns actual argument a without its keyword.
func argValue(a ast.Expr) ast.Expr {
	if k, ok := a.(*ast.KeywordArg); ok {
		return k.Value
	}
	return a
}
